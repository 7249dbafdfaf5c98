import Foundation
import Testing
@testable import ClubhouseData
import ClubhouseDomain

@Suite struct DatabaseTests {
    @Test func opensAFileWithWALForeignKeysAndBusyTimeout() throws {
        let dir = TempDir()
        let db = try Database(path: dir.file("a.sqlite"))
        #expect(try db.scalar("PRAGMA journal_mode", as: String.self) == "wal")
        #expect(try db.scalar("PRAGMA foreign_keys", as: Int.self) == 1)
        #expect(try db.scalar("PRAGMA synchronous", as: Int.self) == 1)  // NORMAL
        #expect(try db.scalar("PRAGMA busy_timeout", as: Int.self) == 5000)
    }

    @Test func bindsAndReadsEveryType() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t(i INTEGER, j INTEGER, d REAL, s TEXT, b BLOB, n TEXT, flag INTEGER, at REAL, iso TEXT, pid TEXT, lid INTEGER)")
        let when = Date(timeIntervalSince1970: 1_567_729_200.5)
        let missing: Int? = nil
        try db.run("INSERT INTO t VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                   [42, Int64(1) << 40, 2.5, "héllo\u{0}wörld 🏈", Data([0, 1, 255]), missing, true, when,
                    "2019-09-06T00:20:00Z", PlayerID("00-0033280"), LeagueID(7)])
        let row = try #require(try db.query("SELECT * FROM t").first)
        #expect(try row.get("i", as: Int.self) == 42)
        #expect(try row.get("j", as: Int64.self) == 1 << 40)
        #expect(try row.get("d", as: Double.self) == 2.5)
        #expect(try row.get("s", as: String.self) == "héllo\u{0}wörld 🏈")
        #expect(try row.get("b", as: Data.self) == Data([0, 1, 255]))
        #expect(try row.optional("n", as: String.self) == nil)
        #expect(try row.get("flag", as: Bool.self) == true)
        #expect(try row.get("at", as: Date.self) == when)
        #expect(try row.get("iso", as: Date.self) == Date(timeIntervalSince1970: 1_567_729_200))
        #expect(try row.get("pid", as: PlayerID.self) == "00-0033280")
        #expect(try row.get("lid", as: LeagueID.self) == LeagueID(7))
        #expect(throws: DatabaseError.self) { try row.get("n", as: String.self) }
        #expect(throws: DatabaseError.self) { try row.get("s", as: Int.self) }
    }

    @Test func emptyBlobAndEmptyStringAreNotNull() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t(s TEXT, b BLOB)")
        try db.run("INSERT INTO t VALUES (?, ?)", ["", Data()])
        #expect(try db.scalar("SELECT count(*) FROM t WHERE s IS NOT NULL AND b IS NOT NULL", as: Int.self) == 1)
    }

    @Test func transactionRollsBackWhenTheBodyThrows() throws {
        struct Boom: Error {}
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t(x INTEGER)")
        try db.transaction { try $0.run("INSERT INTO t VALUES (1)") }
        #expect(throws: Boom.self) {
            try db.transaction { conn in
                try conn.run("INSERT INTO t VALUES (2)")
                throw Boom()
            }
        }
        #expect(try db.scalar("SELECT group_concat(x) FROM t", as: String.self) == "1")
        #expect(db.withConnection { $0.isAutocommit })
    }

    @Test func nestedTransactionIsASavepoint() throws {
        struct Boom: Error {}
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t(x INTEGER)")
        try db.transaction { conn in
            try conn.run("INSERT INTO t VALUES (1)")
            try? db.transaction { inner in
                try inner.run("INSERT INTO t VALUES (2)")
                throw Boom()
            }
            try db.transaction { try $0.run("INSERT INTO t VALUES (3)") }
        }
        #expect(try db.scalar("SELECT group_concat(x) FROM t", as: String.self) == "1,3")
    }

    @Test func constraintViolationsAreDistinguishable() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t(x INTEGER PRIMARY KEY, y TEXT UNIQUE, z INTEGER CHECK (z > 0))")
        try db.run("INSERT INTO t VALUES (1, 'a', 1)")
        do {
            try db.run("INSERT INTO t VALUES (2, 'a', 1)")
            Issue.record("expected a unique violation")
        } catch let error as DatabaseError {
            #expect(error.isConstraint)
            #expect(error.isUniqueViolation)
            #expect(!error.isBusy)
            #expect(error.message.contains("UNIQUE"))
            #expect(error.domainError.code == "conflict")
        }
        do {
            try db.run("INSERT INTO t VALUES (3, 'b', -1)")
            Issue.record("expected a check violation")
        } catch let error as DatabaseError {
            #expect(error.isConstraint)
            #expect(!error.isUniqueViolation)
        }
        #expect(throws: DatabaseError.self) { try db.run("SELEKT 1") }
    }

    @Test func busyIsReportedWhenAnotherConnectionHoldsTheWriteLock() throws {
        let dir = TempDir()
        let a = try Database(path: dir.file("busy.sqlite"))
        let b = try Database(path: dir.file("busy.sqlite"), busyTimeout: .milliseconds(50))
        try a.execute("CREATE TABLE t(x)")
        try a.withConnection { conn in
            try conn.execute("BEGIN IMMEDIATE")
            defer { try? conn.execute("ROLLBACK") }
            do {
                try b.transaction { try $0.run("INSERT INTO t VALUES (1)") }
                Issue.record("expected SQLITE_BUSY")
            } catch let error as DatabaseError {
                #expect(error.isBusy)
                #expect(!error.isConstraint)
            }
        }
    }

    /// The server's kept reads stand while this number does — it must move on at every commit by any other
    /// connection (this process's own writer included), and only then.
    @Test func theDataVersionMovesOnAtEveryCommitAndOnlyThen() throws {
        let dir = TempDir()
        let writer = try Database(path: dir.file("v.sqlite"))
        try writer.execute("CREATE TABLE t(x)")
        let version = try #require(SQLiteDataVersion(path: dir.file("v.sqlite")))
        let first = try #require(version.current())
        #expect(version.current() == first, "nothing was committed")
        _ = try writer.query("SELECT count(*) FROM t")
        #expect(version.current() == first, "a read commits nothing")
        try writer.transaction { try $0.run("INSERT INTO t VALUES (1)") }
        let second = try #require(version.current())
        #expect(second != first, "a commit by another connection")
        try? writer.transaction { c -> Void in
            try c.run("INSERT INTO t VALUES (2)")
            throw DatabaseError(extendedCode: 1, message: "rolled back")
        }
        #expect(version.current() == second, "a rolled-back write commits nothing")
        try Database(path: dir.file("v.sqlite")).transaction { try $0.run("INSERT INTO t VALUES (3)") }
        #expect(version.current() != second, "a commit by a third connection")
        // Read without a lock from the WAL index's header (the top bit says so), and still every commit moves it on,
        // to a number not seen before, whether the WAL grows or starts over after a checkpoint.
        #expect(try #require(version.current()) & (1 << 63) != 0, "read from the -shm file's header")
        var seen: Set<UInt64> = [try #require(version.current())]
        for i in 0..<40 {
            try writer.transaction { try $0.run("INSERT INTO t VALUES (?)", [Int64(100 + i)]) }
            if i % 10 == 9 { try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
            let now = try #require(version.current())
            #expect(seen.insert(now).inserted, "commit \(i) left the number where it was")
            #expect(version.current() == now, "nothing was committed since")
        }
        #expect(SQLiteDataVersion(path: ":memory:") == nil, "an in-memory database has no other connection to watch")
    }

    @Test func readSeesOneSnapshot() throws {
        let dir = TempDir()
        let a = try Database(path: dir.file("snap.sqlite"))
        let b = try Database(path: dir.file("snap.sqlite"))
        try a.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1);")
        let (first, second) = try b.read { conn in
            let first = try conn.scalar("SELECT count(*) FROM t", as: Int.self)
            try a.run("INSERT INTO t VALUES (2)")
            let second = try conn.scalar("SELECT count(*) FROM t", as: Int.self)
            return (first, second)
        }
        #expect(first == 1 && second == 1)
        #expect(try b.scalar("SELECT count(*) FROM t", as: Int.self) == 2)
    }

    @Test func iso8601RoundTrips() {
        let d = Date(timeIntervalSince1970: 1_567_729_200)
        #expect(ISO8601.format(d) == "2019-09-06T00:20:00Z")
        #expect(ISO8601.format(d.addingTimeInterval(0.25), milliseconds: true) == "2019-09-06T00:20:00.250Z")
        #expect(ISO8601.format(Date(timeIntervalSince1970: -0.5), milliseconds: true) == "1969-12-31T23:59:59.500Z")
        #expect(ISO8601.parse("2019-09-06T00:20:00Z") == d)
        #expect(ISO8601.parse("2019-09-06T02:20:00+02:00") == d)
        #expect(ISO8601.parse("2019-02-30T00:00:00Z") == nil)
        #expect(ISO8601.parse("2019-09-06") == nil)
    }
}
