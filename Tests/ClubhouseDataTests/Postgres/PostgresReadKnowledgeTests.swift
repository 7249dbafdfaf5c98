import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhousePostgres

/// The change stamps kept from what the LISTEN follow read (`PostgresReadKnowledge`), without a database: each league's
/// moves on with its own events only, every league's with what a read can't place to one league, and none is given
/// while nothing was looked at for `freshFor`.
struct PostgresReadKnowledgeTests {
    let a = LeagueID(1), b = LeagueID(2)
    let start = ContinuousClock.now

    func knowledge() -> PostgresReadKnowledge {
        let k = PostgresReadKnowledge(freshFor: .seconds(1))
        k.looked(began: start, events: [], skipped: false, newestEvent: 10, others: "7/")
        return k
    }

    @Test func aLeaguesStampMovesOnWithItsOwnEventsOnly() throws {
        let k = knowledge()
        let a0 = try #require(k.stamp(of: a, now: start)), b0 = try #require(k.stamp(of: b, now: start))
        k.looked(began: start, events: [(11, b), (12, b)], skipped: false, newestEvent: 12, others: "7/")
        #expect(k.stamp(of: a, now: start) == a0, "b's events leave a's stamp")
        let b1 = try #require(k.stamp(of: b, now: start))
        #expect(b1 != b0)
        // Another follower of the process reading the same events again: nothing new.
        k.looked(began: start, events: [(11, b), (12, b)], skipped: false, newestEvent: 12, others: "7/")
        #expect(k.stamp(of: b, now: start) == b1 && k.stamp(of: a, now: start) == a0)
        k.looked(began: start, events: [(13, a)], skipped: false, newestEvent: 13, others: "7/")
        let a1 = try #require(k.stamp(of: a, now: start))
        #expect(a1 != a0 && k.stamp(of: b, now: start) == b1)
    }

    @Test func whatCantBePlacedMovesEveryLeaguesStampAndNoneComesBack() throws {
        let k = knowledge()
        var seen: Set<UInt64> = []
        func both() throws -> (UInt64, UInt64) {
            let s = (try #require(k.stamp(of: a, now: start)), try #require(k.stamp(of: b, now: start)))
            #expect(!seen.contains(s.0) || !seen.contains(s.1), "a stamp came back to one seen before")
            seen.insert(s.0); seen.insert(s.1)
            return s
        }
        var (a0, b0) = try both()
        k.looked(began: start, events: [(11, b)], skipped: false, newestEvent: 11, others: "8/")   // the season data
        var (a1, b1) = try both()
        #expect(a1 != a0 && b1 != b0)
        (a0, b0) = (a1, b1)
        k.looked(began: start, events: [(12, b)], skipped: true, newestEvent: 13, others: "8/")   // a row of an unknown kind
        (a1, b1) = try both()
        #expect(a1 != a0 && b1 != b0)
        (a0, b0) = (a1, b1)
        k.wrote()   // this process's own write
        (a1, b1) = try both()
        #expect(a1 != a0 && b1 != b0)
        #expect(a1 == b1, "after a move of all, no league has news of its own")
        k.looked(began: start, events: [(14, a)], skipped: false, newestEvent: 14, others: "8/1:60")   // a clock started
        #expect(try #require(k.stamp(of: b, now: start)) != b1)
    }

    @Test func nothingIsGivenWhenStaleOrAfterALostConnectionUntilTheNextLook() throws {
        let k = knowledge()
        #expect(k.stamp(of: a, now: start + .milliseconds(1_000)) != nil)
        #expect(k.stamp(of: a, now: start + .milliseconds(1_001)) == nil, "nothing looked at for over a second")
        let before = try #require(k.stamp(of: a, now: start))
        k.lost()
        #expect(k.stamp(of: a, now: start) == nil && k.stamp(now: start) == nil)
        k.looked(began: start + .milliseconds(10), events: [], skipped: false, newestEvent: 14, others: "7/")
        let after = try #require(k.stamp(of: a, now: start + .milliseconds(10)))
        #expect(after != before, "everything known before the loss is forgotten")
    }
}
