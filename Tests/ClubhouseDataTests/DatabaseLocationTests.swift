import Foundation
import Testing
@testable import ClubhouseData

@Suite struct DatabaseLocationTests {
    @Test func usesXDGDataHome() throws {
        let l = try DatabaseLocation.resolve(environment: ["XDG_DATA_HOME": "/x/data/", "HOME": "/home/u"])
        #expect(l.path == "/x/data/clubhouse/clubhouse.sqlite")
        #expect(l.directory == "/x/data/clubhouse")
    }

    @Test func fallsBackToHomeWhenXDGIsUnsetOrRelative() throws {
        #expect(try DatabaseLocation.resolve(environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/clubhouse/clubhouse.sqlite")
        #expect(try DatabaseLocation.resolve(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/u"]).path
                == "/home/u/.local/share/clubhouse/clubhouse.sqlite")
        #expect(try DatabaseLocation.resolve(environment: ["XDG_DATA_HOME": "", "HOME": "/home/u"]).path
                == "/home/u/.local/share/clubhouse/clubhouse.sqlite")
    }

    @Test func anExplicitPathWins() throws {
        #expect(try DatabaseLocation.resolve(explicitPath: "/tmp/x.db", environment: ["XDG_DATA_HOME": "/x"]).path == "/tmp/x.db")
        #expect(try DatabaseLocation.resolve(explicitPath: "~/x.db", environment: ["HOME": "/home/u"]).path == "/home/u/x.db")
    }

    @Test func failsClearlyWithoutAnyHome() {
        #expect(throws: DatabaseLocation.Failure.noHome) { try DatabaseLocation.resolve(environment: [:]) }
    }

    @Test func openCreatesTheFolderAndMigrates() throws {
        let dir = TempDir()
        let location = try DatabaseLocation.resolve(environment: ["XDG_DATA_HOME": dir.path + "/deep/er"])
        let opened = try Database.open(at: location)
        #expect(FileManager.default.fileExists(atPath: dir.path + "/deep/er/clubhouse/clubhouse.sqlite"))
        #expect(opened.recovery == nil)
        #expect(opened.appliedMigrations == Schema.migrations.map(\.version))
        let again = try Database.open(at: location)
        #expect(again.appliedMigrations == [])
        #expect(again.recovery == nil)  // a sound file is left where it is
        #expect(try FileManager.default.contentsOfDirectory(atPath: location.directory).allSatisfy { !$0.contains("corrupt") })
    }

    @Test func aCorruptFileIsMovedAsideAndAFreshDatabaseCreated() throws {
        let dir = TempDir()
        let location = DatabaseLocation(path: dir.file("clubhouse.sqlite"))
        // SQLite's header, then junk: a damaged database, not some other kind of file.
        let junk = Data("SQLite format 3\0".utf8) + Data("this is not a database, just some junk\n".utf8) + Data(repeating: 7, count: 5000)
        try junk.write(to: URL(fileURLWithPath: location.path))

        let opened = try Database.open(at: location, now: Date(timeIntervalSince1970: 1_567_729_200))
        let recovery = try #require(opened.recovery)
        #expect(recovery.movedTo == location.path + ".corrupt-20190906T002000Z")
        #expect(recovery.message.contains(location.path))
        #expect(recovery.message.contains(recovery.movedTo))
        // Nothing deleted: the junk is intact at the new path.
        #expect(FileManager.default.contents(atPath: recovery.movedTo) == junk)
        // The fresh database works.
        try opened.database.run("INSERT INTO meta VALUES ('k', 'v')")
        #expect(try opened.database.integrityCheck() == ["ok"])
    }

    /// `--database stats.csv` by mistake: the CSV is not a damaged database, so it is neither renamed nor replaced.
    @Test(arguments: [
        "player_id,season,week,receptions\n00-0033280,2019,1,11\n",
        "x",
        "{\"json\": true}",
        String(repeating: "\u{0}", count: 200),
    ])
    func aFileThatIsNotSQLiteIsRefusedAndLeftUntouched(content: String) throws {
        let dir = TempDir()
        let path = dir.file("stats.csv")
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try Database.open(at: DatabaseLocation(path: path))
            Issue.record("opened a file that is not a database")
        } catch let refused as NotADatabaseFile {
            #expect(refused.path == path)
            #expect(refused.description.contains("is not an SQLite database"))
            #expect(refused.description.contains("left untouched"))
        }
        #expect(FileManager.default.contents(atPath: path) == Data(content.utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["stats.csv"])
    }

    @Test func aDamagedDatabaseIsMovedAsideToo() throws {
        let dir = TempDir()
        let path = dir.file("damaged.sqlite")
        do {
            let db = try Database(path: path)
            try db.migrate()
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        // Keep the valid header, scribble over the pages behind it.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for i in 100..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 31) }
        try bytes.write(to: URL(fileURLWithPath: path))

        let opened = try Database.open(at: DatabaseLocation(path: path))
        let recovery = try #require(opened.recovery)
        #expect(FileManager.default.fileExists(atPath: recovery.movedTo))
        #expect(try Migrator.currentVersion(opened.database) == Schema.latestVersion)
    }

    /// The app's start reads only the header and schema; damage deeper in is found by the check after the first
    /// frame, and the next start moves the file aside with that reason.
    @Test func damageBehindASoundSchemaIsFoundAfterTheFirstFrameAndMovedAsideAtTheNextStart() throws {
        let dir = TempDir()
        let location = DatabaseLocation(path: dir.file("deep.sqlite"))
        do {
            let db = try Database.open(at: location).database
            try db.execute("CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT)")
            for i in 0..<2000 { _ = try db.run("INSERT INTO filler (text) VALUES (?)", [String(repeating: "x", count: 200) + "\(i)"]) }
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        // Scribble over the last pages only: the header and the schema (page 1) stay sound.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: location.path))
        for i in (bytes.count - 3 * 4096)..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 31) }
        try bytes.write(to: URL(fileURLWithPath: location.path))

        let quickStart = try Database.open(at: location, check: .schemaThenLater)
        #expect(quickStart.recovery == nil, "the schema-only check at start does not read every page")
        let found = try #require(Database.checkLater(path: location.path), "the full check after the first frame finds it")
        #expect(found.contains("quick_check") || found.contains("malformed"), "found: \(found)")
        #expect(FileManager.default.fileExists(atPath: location.path + ".damaged"))

        let next = try Database.open(at: location, check: .schemaThenLater)
        let recovery = try #require(next.recovery, "the next start moves it aside")
        #expect(recovery.reason == found)
        #expect(FileManager.default.fileExists(atPath: recovery.movedTo))
        #expect(!FileManager.default.fileExists(atPath: location.path + ".damaged"), "the marker goes with the move")
        #expect(try next.database.integrityCheck() == ["ok"])
    }

    @Test func aSoundDatabasePassesTheLaterCheckAndLeavesNoMarker() throws {
        let dir = TempDir()
        let location = DatabaseLocation(path: dir.file("sound.sqlite"))
        _ = try Database.open(at: location, check: .schemaThenLater)
        #expect(Database.checkLater(path: location.path) == nil)
        #expect(!FileManager.default.fileExists(atPath: location.path + ".damaged"))
        #expect(try Database.open(at: location, check: .schemaThenLater).recovery == nil)
    }

    @Test func aSecondCorruptionGetsItsOwnName() throws {
        let dir = TempDir()
        let location = DatabaseLocation(path: dir.file("c.sqlite"))
        let now = Date(timeIntervalSince1970: 0)
        let one = Data("SQLite format 3\0junk one".utf8), two = Data("SQLite format 3\0junk two".utf8)
        try one.write(to: URL(fileURLWithPath: location.path))
        let first = try #require(try Database.open(at: location, now: now).recovery)
        try? FileManager.default.removeItem(atPath: location.path + "-wal")
        try? FileManager.default.removeItem(atPath: location.path + "-shm")
        try two.write(to: URL(fileURLWithPath: location.path))
        let second = try #require(try Database.open(at: location, now: now).recovery)
        #expect(first.movedTo != second.movedTo)
        #expect(FileManager.default.contents(atPath: first.movedTo) == one)
        #expect(FileManager.default.contents(atPath: second.movedTo) == two)
    }
}

/// A running app keeps its database lock: nothing in the process opens the database file outside SQLite while
/// its connections are open, so another process opening and closing the file can't take the `-wal` from under it.
@Suite struct DatabaseLockTests {
    /// Whether this process holds a POSIX lock on the file at `path`. Read through `Processes.holdsPOSIXLock`, which
    /// reads /proc/locks again before saying no: one read misses a steady line while other processes churn locks
    /// (CI's failure of this test once: three test processes, PostgreSQL and servers taking and dropping theirs).
    static func locked(_ path: String) -> Bool { Processes.holdsPOSIXLock(pid: getpid(), path: path) }

    static func descriptors(of path: String) -> [String] {
        let dir = "/proc/self/fd"
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: dir + "/" + $0))?.hasPrefix(path) == true
        }
    }

    static func lockLines() -> String { Processes.locksText(pid: getpid()) }

    @Test func theAppsWritesSurviveAnotherProcessOpeningAndClosingTheFileAfterTheLaterCheck() throws {
        let sqlite3 = try #require(Processes.find("sqlite3", environment: ProcessInfo.processInfo.environment),
                                   "the sqlite3 command-line tool (Debian package sqlite3; make test installs it)")
        let dir = TempDir()
        let location = DatabaseLocation(path: dir.file("app.sqlite"))
        let db = try Database.open(at: location, check: .schemaThenLater).database
        try db.execute("CREATE TABLE lock_probe (n INTEGER)")
        try db.run("INSERT INTO lock_probe VALUES (1)")
        #expect(Self.locked(location.path),
                "SQLite holds a lock on the open database; descriptors on it: \(Self.descriptors(of: location.path)); locks: \(Self.lockLines())")

        // What the app does after its first frame.
        #expect(Database.checkLater(path: location.path) == nil)
        #expect(Self.locked(location.path), "the deferred check left SQLite's lock in place")

        // Another process opens the file and closes it again (an integrity check, as an operator would run).
        let check = Processes.run([sqlite3, location.path, "PRAGMA integrity_check"])
        #expect(check.status == 0 && check.output.contains("ok"), "\(check.output)")
        #expect(FileManager.default.fileExists(atPath: location.path + "-wal"), "the other process left our -wal in place")

        // The app goes on writing; a new reader sees every write.
        try db.run("INSERT INTO lock_probe VALUES (2)")
        let seen = Processes.run([sqlite3, location.path, "SELECT group_concat(n) FROM lock_probe"])
        #expect(seen.output.trimmingCharacters(in: .whitespacesAndNewlines) == "1,2", "another process sees: \(seen.output)")
    }

    @Test func theHeaderIsNeverReadOutsideSQLiteWhileAConnectionIsOpen() throws {
        let dir = TempDir()
        let location = DatabaseLocation(path: dir.file("open.sqlite"))
        #expect(SQLiteFiles.readPrefix(location.path, count: 16) == .missing)
        do {
            let db = try Database.open(at: location).database
            withExtendedLifetime(db) { #expect(SQLiteFiles.readPrefix(location.path, count: 16) == .inUseBySQLite) }
        }
        #expect(SQLiteFiles.readPrefix(location.path, count: 16) == .bytes(Data("SQLite format 3\0".utf8)), "closed: read as any file")
    }
}
