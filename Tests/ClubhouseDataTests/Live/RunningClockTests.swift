import Foundation
import Testing
@testable import ClubhouseData
import ClubhouseDomain

/// The running season clock over the seeded demo world: Gridiron Greats stands at Sunday 3 Nov 2019 20:00 UTC
/// (week 9's early games in the third quarter) and runs at 10× from the seed.
@Suite(.serialized) struct RunningClockTests {
    static let t0 = Date(timeIntervalSince1970: 1_764_000_000)
    static let greats = LeagueID(1)

    func world() throws -> (LeagueService, ManualClock, Database) {
        let db = try migratedMemoryDatabase()
        _ = try DemoWorld.seedIfNeeded(db, now: Self.t0)
        let real = ManualClock(Self.t0)
        return (LeagueService(store: SQLiteLeagueStore(database: db), clock: real), real, db)
    }

    func seasonClock(_ s: LeagueService) throws -> Date { try s.store.read { try $0.league(Self.greats)!.clock } }

    @Test func theDemosMidSeasonLeagueRunsAtTenTimesFromTheMiddleOfItsSunday() throws {
        let (s, _, _) = try world()
        #expect(try s.season.clockSpeed(Self.greats) == .x10)
        #expect(try seasonClock(s) == ISO8601DateFormatter().date(from: "2019-11-03T20:00:00Z"))
        #expect(try s.store.read { try $0.runningClocks().map(\.leagueID) } == [Self.greats])
    }

    @Test func aStepMovesTheClockByRealTimeTimesSpeedOnlyWhenAPlayLands() throws {
        let (s, real, _) = try world()
        let before = try seasonClock(s)
        let facts = try s.facts(season: 2019)
        let nextPlay = try #require(try s.store.read { try facts.nextLiveMoment(after: before, reader: $0) })
        // Before the next play's real time nothing is written.
        let wait = nextPlay.timeIntervalSince(before) / 10
        if wait > 0.01 {
            real.advance(by: wait / 2)
            #expect(try s.season.stepClock(Self.greats) == nil)
            #expect(try seasonClock(s) == before)
        }
        // Once it lands: the clock moves by the real time since the last step × 10, past the play.
        real.set(Self.t0.addingTimeInterval(wait + 1))
        let moved = try #require(try s.season.stepClock(Self.greats))
        #expect(abs(moved.timeIntervalSince(before) - (wait + 1) * 10) < 0.001)   // REAL columns: to the millisecond
        #expect(moved >= nextPlay)
        // A second process stepping at the same real time finds nothing to do.
        #expect(try s.season.stepClock(Self.greats) == nil)
        // At most one step a second, however many plays land meanwhile (every step wakes every process): half a second
        // on, or later within the second if the next play lands later, nothing is written.
        let stepped = Self.t0.addingTimeInterval(wait + 1)
        let following = try s.store.read { try facts.nextLiveMoment(after: moved, reader: $0) }
        // Real seconds until the next step is due: the next play's (at 10×), or the keep-alive's, whichever is first.
        let playIn = following.map { $0.timeIntervalSince(moved) / 10 } ?? .infinity
        let dueIn = min(playIn, SeasonService.clockKeepAlive)
        real.set(stepped.addingTimeInterval(min(0.9, max(0.5, dueIn))))
        #expect(try s.season.stepClock(Self.greats) == nil, "a step within a second of the last (next play in \(playIn) s)")
        // Once a second has passed and the next play (or the keep-alive) is due, the clock steps.
        real.set(stepped.addingTimeInterval(max(SeasonService.clockMinimumStep, dueIn) + 0.01))
        let next = try #require(try s.season.stepClock(Self.greats), "no step once it was due (next play in \(playIn) s)")
        #expect(next > moved)
    }

    @Test func aClockNobodyRanResumesWhereItStoppedAndOffStopsIt() throws {
        let (s, real, _) = try world()
        let before = try seasonClock(s)
        real.advance(by: 3600)                       // every app closed for an hour
        let moved = try #require(try s.season.stepClock(Self.greats))
        #expect(abs(moved.timeIntervalSince(before) - SeasonService.clockStepGapLimit * 10) < 0.001)
        let alice = try #require(try s.store.read { try $0.league(Self.greats)?.commissioner })
        _ = try s.season.setClockSpeed(Self.greats, speed: .off, caller: .user(alice))
        real.advance(by: 60)
        #expect(try s.season.stepClock(Self.greats) == nil)
        #expect(abs(try seasonClock(s).timeIntervalSince(moved)) < 0.001)
        #expect(try s.season.clocksDue().isEmpty)
    }

    @Test func onlyTheCommissionerSetsTheSpeedAndOnlyInSeason() throws {
        let (s, _, _) = try world()
        let league = try #require(try s.store.read { try $0.league(Self.greats) })
        let member = try #require(try s.store.read { try $0.teams(in: Self.greats).compactMap(\.manager).first { $0 != league.commissioner } })
        #expect(throws: DomainError.self) { try s.season.setClockSpeed(Self.greats, speed: .x60, caller: .user(member)) }
        #expect(throws: DomainError.self) { try s.season.setClockSpeed(Self.greats, speed: .x60, caller: .anonymous) }
        let run = try s.season.setClockSpeed(Self.greats, speed: .x60, caller: .user(league.commissioner!))
        let speed = try s.season.clockSpeed(Self.greats)
        #expect(run.speed == .x60 && speed == .x60)
        // A league still before its draft can't run its clock.
        let open = try #require(try s.store.read { try $0.leagues().first { $0.state == .predraft } })
        #expect(throws: DomainError.self) { try s.season.setClockSpeed(open.id, speed: .x10, caller: .user(open.commissioner!)) }
    }

    @Test func aStepPastTheWeeksLastFinalFinalizesItsMatchups() throws {
        let (s, real, _) = try world()
        let alice = try #require(try s.store.read { try $0.league(Self.greats)?.commissioner })
        _ = try s.season.setClockSpeed(Self.greats, speed: .x60, caller: .user(alice))
        // Step through to Tuesday morning (week 9's Monday night game final at 04:45 UTC).
        var steps = 0
        while try seasonClock(s) < ISO8601DateFormatter().date(from: "2019-11-05T05:00:00Z")!, steps < 20_000 {
            real.advance(by: 15); _ = try s.season.stepClock(Self.greats); steps += 1
        }
        let week9 = try s.store.read { try $0.matchups(in: Self.greats).filter { $0.matchup.week == 9 } }
        #expect(!week9.isEmpty && week9.allSatisfy { $0.homePoints != nil }, "week 9 final after \(steps) steps")
    }
}
