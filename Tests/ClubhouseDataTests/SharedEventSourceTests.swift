import ClubhouseDomain
import Foundation
import Synchronization
import Testing
@testable import ClubhouseData

/// `SharedEventSource`: followers that start from where the shared follow is share one follow of the database (a
/// PostgreSQL instance's three followers: one LISTEN connection, one read per commit), each given every event after its
/// own start once, in order, of its league; one that starts further back follows on its own.
@Suite(.timeLimit(.minutes(5))) struct SharedEventSourceTests {
    /// The file's events, counting the follows asked of it.
    final class CountingSource: LeagueEventSource, Sendable {
        let base: SQLiteEventSource
        let follows = Atomic<Int>(0)
        init(_ base: SQLiteEventSource) { self.base = base }
        func lastEventID() throws -> Int64 { try base.lastEventID() }
        func events(after id: Int64, league: LeagueID?, limit: Int) throws -> [LeagueEvent] { try base.events(after: id, league: league, limit: limit) }
        func floor(keeping count: Int, league: LeagueID?) throws -> Int64 { try base.floor(keeping: count, league: league) }
        func follow(after id: Int64, league: LeagueID?) -> AsyncStream<LeagueEvent> {
            follows.add(1, ordering: .relaxed)
            return base.follow(after: id, league: league)
        }
    }

    /// Collects what `stream` gives until `count` events, in a task of its own.
    static func collect(_ stream: AsyncStream<LeagueEvent>, _ count: Int) -> Task<[LeagueEvent], Never> {
        Task {
            var got: [LeagueEvent] = []
            for await e in stream {
                got.append(e)
                if got.count == count { break }
            }
            return got
        }
    }

    static func world() throws -> (TempDir, Database, CountingSource, SharedEventSource) {
        let dir = TempDir()
        let db = try Database(path: dir.file("events.sqlite"))
        try db.migrate()
        _ = try EventLog.append(db, league: LeagueID(1), kind: .leagueCreated)
        let counting = CountingSource(SQLiteEventSource(database: db))
        return (dir, db, counting, SharedEventSource(counting))
    }

    @Test func followersFromNowShareOneFollowAndEachGetsEveryEventOfItsLeagueOnce() async throws {
        let (dir, db, counting, shared) = try Self.world()
        let last = try shared.lastEventID()
        let all = Self.collect(shared.follow(after: last, league: nil), 3)
        let leagueOne = Self.collect(shared.follow(after: last, league: LeagueID(1)), 2)
        #expect(shared.sharing == 2)
        let e1 = try EventLog.append(db, league: LeagueID(1), kind: .pickMade, payload: #"{"number":1}"#)
        let e2 = try EventLog.append(db, league: LeagueID(2), kind: .chat)
        let e3 = try EventLog.append(db, league: LeagueID(1), kind: .pickMade, payload: #"{"number":2}"#)
        #expect(await all.value.map(\.id) == [e1.id, e2.id, e3.id])
        #expect(await leagueOne.value.map(\.id) == [e1.id, e3.id])
        #expect(counting.follows.load(ordering: .relaxed) == 1)
        withExtendedLifetime(dir) {}
    }

    @Test func aFollowerStartingBehindTheSharedFollowFollowsOnItsOwnAndMissesNothing() async throws {
        let (dir, db, counting, shared) = try Self.world()
        let first = try shared.lastEventID()
        let live = Self.collect(shared.follow(after: first, league: nil), 2)
        let e1 = try EventLog.append(db, league: LeagueID(1), kind: .chat)
        #expect(await Wait.until(.seconds(30)) { shared.deliveredUpTo >= e1.id })
        // A client resuming from before e1: the shared follow is past its start.
        let resumed = Self.collect(shared.follow(after: first, league: nil), 2)
        let e2 = try EventLog.append(db, league: LeagueID(1), kind: .chat)
        #expect(await live.value.map(\.id) == [e1.id, e2.id])
        #expect(await resumed.value.map(\.id) == [e1.id, e2.id])
        #expect(counting.follows.load(ordering: .relaxed) == 2)
        withExtendedLifetime(dir) {}
    }

    @Test func theSharedFollowStopsWithItsLastFollowerAndStartsAgainWithTheNext() async throws {
        let (dir, db, counting, shared) = try Self.world()
        let first = Self.collect(shared.follow(after: try shared.lastEventID(), league: nil), 1)
        let e1 = try EventLog.append(db, league: LeagueID(1), kind: .chat)
        #expect(await first.value.map(\.id) == [e1.id])
        #expect(await Wait.until(.seconds(30)) { shared.sharing == 0 })
        let next = Self.collect(shared.follow(after: try shared.lastEventID(), league: nil), 1)
        let e2 = try EventLog.append(db, league: LeagueID(1), kind: .chat)
        #expect(await next.value.map(\.id) == [e2.id])
        #expect(counting.follows.load(ordering: .relaxed) == 2)
        withExtendedLifetime(dir) {}
    }
}
