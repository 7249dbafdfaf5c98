import Foundation
import Synchronization
import Testing
@testable import ClubhouseData
import ClubhouseDomain

@Suite struct EventTests {
    func fileDatabase(_ dir: TempDir) throws -> Database {
        let db = try Database(path: dir.file("events.sqlite"))
        try db.migrate()
        return db
    }

    @Test func anEventIsWrittenWithItsChangeOrNotAtAll() throws {
        struct Boom: Error {}
        let db = try migratedMemoryDatabase()
        try db.transaction { c in
            try c.run("INSERT INTO meta VALUES ('a', '1')")
            try EventLog.append(c, league: LeagueID(1), kind: .leagueUpdated, payload: #"{"a":1}"#)
        }
        #expect(throws: Boom.self) {
            try db.transaction { c in
                try c.run("INSERT INTO meta VALUES ('b', '2')")
                try EventLog.append(c, league: LeagueID(1), kind: .leagueUpdated, payload: #"{"b":2}"#)
                throw Boom()
            }
        }
        let events = try EventLog.events(db, after: 0)
        #expect(events.map(\.payload) == [#"{"a":1}"#])
        #expect(try EventLog.lastID(db) == events.last?.id)
    }

    @Test func readsAfterAnIdAndFiltersByLeague() throws {
        let db = try migratedMemoryDatabase()
        let at = Date(timeIntervalSince1970: 1_567_729_200)
        let e1 = try EventLog.append(db, league: LeagueID(1), kind: .draftStarted, at: at)
        _ = try EventLog.append(db, league: LeagueID(2), kind: .chat)
        let e3 = try EventLog.append(db, league: LeagueID(1), kind: .pickMade, payload: #"{"number":1}"#)
        #expect(try EventLog.events(db, after: 0, league: LeagueID(1)).map(\.id) == [e1.id, e3.id])
        #expect(try EventLog.events(db, after: e1.id).count == 2)
        #expect(try EventLog.events(db, after: 0).first == e1)
        // A kind this build does not know is skipped, not fatal.
        try db.run("INSERT INTO events(league_id, kind, payload, at) VALUES (1, 'from.the.future', '{}', 0)")
        #expect(try EventLog.events(db, after: e3.id).isEmpty)
    }

    /// A follower that starts late, after its database was moved away (a volume unmounted, a restore in progress),
    /// ends its stream and leaves nothing where the file was: an empty new database there would keep the real one from
    /// coming back (the server's storage-failure test saw exactly that in a busy full run).
    @Test func aFollowerNeverMakesTheDatabaseItFollows() async throws {
        let dir = TempDir()
        let path = dir.file("gone.sqlite")
        var delivered = 0
        let said = Mutex<[String]>([])
        var follower = EventFollower(path: path)
        follower.problem = { p in said.withLock { $0.append(p) } }
        for await _ in follower.events(after: 0) { delivered += 1 }
        #expect(delivered == 0)
        #expect(said.withLock { $0.count == 1 && $0[0].hasPrefix("can't follow the events of \(path): ") && $0[0].hasSuffix("the stream ends") },
                "what it dropped is said: \(said.withLock { $0 })")
        #expect(!FileManager.default.fileExists(atPath: path), "the follower made a database where there was none")
    }

    /// A look that fails (here the table is gone) is said, and the follower goes on looking: once the table is back,
    /// the next event arrives; a failure after a look that worked is said again.
    @Test func aFailedLookIsSaidAndTheFollowerGoesOn() async throws {
        let dir = TempDir()
        let writer = try fileDatabase(dir)
        let said = Mutex<[String]>([])
        var follower = EventFollower(database: writer, pollInterval: .milliseconds(10))
        follower.problem = { p in said.withLock { $0.append(p) } }
        var iterator = follower.events(after: try EventLog.lastID(writer)).makeAsyncIterator()
        let other = try Database(path: writer.path)
        try EventLog.append(other, league: LeagueID(1), kind: .chat)
        #expect(await iterator.next()?.kind == .chat)
        try other.run("ALTER TABLE events RENAME TO events_away")
        #expect(await Wait.until(.seconds(120)) { said.withLock { $0.count } >= 1 }, "the failed look was said")
        try other.run("ALTER TABLE events_away RENAME TO events")
        try EventLog.append(other, league: LeagueID(1), kind: .pickMade)
        #expect(await iterator.next()?.kind == .pickMade, "the follower went on")
        let first = said.withLock { $0 }
        #expect(first.count == 1 && first[0].hasPrefix("a look at the events of \(writer.path) failed: ") && first[0].hasSuffix("looking again"), "\(first)")
        try other.run("ALTER TABLE events RENAME TO events_away")
        #expect(await Wait.until(.seconds(120)) { said.withLock { $0.count } == 2 }, "said again after a look that worked")
    }

    @Test func theFollowerDeliversEventsAppendedByAnotherConnection() async throws {
        let dir = TempDir()
        let writer = try fileDatabase(dir)
        let old = try EventLog.append(writer, league: LeagueID(1), kind: .leagueCreated)
        let follower = EventFollower(database: writer, pollInterval: .milliseconds(10))
        let stream = follower.events(after: try EventLog.lastID(writer), league: LeagueID(1))

        let other = try Database(path: writer.path)  // a second connection, as another process would have
        try other.transaction { c in
            try EventLog.append(c, league: LeagueID(2), kind: .chat)  // filtered out
            try EventLog.append(c, league: LeagueID(1), kind: .pickMade, payload: #"{"number":1}"#)
        }
        var received: [LeagueEvent] = []
        var iterator = stream.makeAsyncIterator()
        if let first = await iterator.next() { received.append(first) }
        // Written once the first was delivered: the follower is following by now, not reading what was there.
        try EventLog.append(other, league: LeagueID(1), kind: .pickMade, payload: #"{"number":2}"#)
        if let second = await iterator.next() { received.append(second) }
        #expect(received.map(\.payload) == [#"{"number":1}"#, #"{"number":2}"#])
        #expect(received.allSatisfy { $0.leagueID == LeagueID(1) && $0.id > old.id })
    }

    #if os(Linux)
    @Test(.timeLimit(.minutes(6))) func aWriteWakesTheFollowerAtOnceInsteadOfAtItsNextLook() async throws {
        let dir = TempDir()
        let writer = try fileDatabase(dir)
        var follower = EventFollower(database: writer, pollInterval: .seconds(3600))
        follower.fallbackInterval = .seconds(3600)   // only the change watcher can deliver within the test's limit
        let stream = follower.events(after: try EventLog.lastID(writer))
        let other = try Database(path: writer.path)
        let clock = ContinuousClock()
        var iterator = stream.makeAsyncIterator()
        // A first event, delivered by the follower's first look (or a wake-up): it has looked, and now waits.
        try EventLog.append(other, league: LeagueID(1), kind: .chat)
        #expect(await iterator.next()?.kind == .chat)
        // After a look that delivered, the follower waits on the change watcher (its fallback is an hour): this one can
        // only come by the watcher's wake-up.
        let written = clock.now
        try EventLog.append(other, league: LeagueID(1), kind: .pickMade)
        let event = await iterator.next()
        let arrived = clock.now
        #expect(event?.kind == .pickMade)
        #expect(arrived - written < .seconds(300), "woken by the write, not by the hour-long fallback (the limit is generous: a loaded machine)")
    }

    @Test func aFollowerWithoutTheWatcherStillPolls() async throws {
        let dir = TempDir()
        let writer = try fileDatabase(dir)
        var follower = EventFollower(database: writer, pollInterval: .milliseconds(10))
        follower.watchesChanges = false
        let stream = follower.events(after: try EventLog.lastID(writer))
        let other = try Database(path: writer.path)
        var iterator = stream.makeAsyncIterator()
        try EventLog.append(other, league: LeagueID(1), kind: .chat)
        #expect(await iterator.next()?.kind == .chat)
        // Written after the follower delivered the first: only a later poll can see it.
        try EventLog.append(other, league: LeagueID(1), kind: .pickMade)
        #expect(await iterator.next()?.kind == .pickMade)
    }
    #endif

    @Test func theFollowerResumesAfterTheLastSeenId() async throws {
        let dir = TempDir()
        let db = try fileDatabase(dir)
        var ids: [Int64] = []
        for n in 1...5 { ids.append(try EventLog.append(db, league: LeagueID(1), kind: .pickMade, payload: "{\"number\":\(n)}").id) }
        var follower = EventFollower(database: db, pollInterval: .milliseconds(10))
        follower.batchSize = 2  // catching up takes several pages
        var received: [Int64] = []
        for await event in follower.events(after: ids[1]) {
            received.append(event.id)
            if received.count == 3 { break }
        }
        #expect(received == Array(ids[2...]))
    }

    /// The follower delivers, then the consumer is cancelled: its loop ends (the follower's stream never finishes
    /// by itself, so a follower that kept going would hold the consumer until the time limit).
    // The limit is generous: in a full parallel run other suites can hold the cooperative pool for minutes.
    @Test(.timeLimit(.minutes(5))) func cancellingTheConsumerStopsTheFollower() async throws {
        let dir = TempDir()
        let db = try fileDatabase(dir)
        try EventLog.append(db, league: LeagueID(1), kind: .chat)
        let stream = EventFollower(database: db, pollInterval: .milliseconds(10)).events(after: 0)
        let (delivered, signal) = AsyncStream.makeStream(of: Void.self)
        let consumer = Task { () -> Int in
            var n = 0
            for await _ in stream { n += 1; signal.yield() }
            return n  // reached only when the stream ends
        }
        var first = delivered.makeAsyncIterator()
        _ = await first.next()   // the follower is running: it delivered the event
        consumer.cancel()
        #expect(await consumer.value == 1, "the one event, then the cancelled loop ended")
    }
}
