import CSQLite
import ClubhouseDomain
import Foundation

/// A damaged file that was moved aside so a fresh database could be created in its place.
public struct CorruptFileRecovery: Hashable, Sendable, CustomStringConvertible {
    /// Where the database is (and where the damaged file was).
    public var path: String
    /// Where the damaged file is now (its `-wal`/`-shm` companions, if any, sit beside it with the same suffixes).
    public var movedTo: String
    /// What was wrong with it.
    public var reason: String

    /// One message naming both paths, for the user.
    public var message: String {
        "The database at \(path) was unreadable (\(reason)). It was moved to \(movedTo) and a new database was created."
    }
    public var description: String { message }
}

/// A database that is open, migrated, and — if the old file was damaged — the report of what was moved aside.
public struct OpenedDatabase: Sendable {
    public var database: Database
    public var recovery: CorruptFileRecovery?
    /// Migration versions applied by this open (all of them for a new file).
    public var appliedMigrations: [Int]
    /// The folder or files found readable by other accounts and tightened (0700 / 0600) by this open.
    public var tightened: [PermissionChange] = []
}

/// `--database` names a file that exists but is not an SQLite database at all (a CSV, a text file…): it is left
/// exactly as it is, and nothing is opened.
public struct NotADatabaseFile: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    /// The file's first bytes, printable, to say what it looks like.
    public var start: String

    public var description: String {
        "\(path) is not an SQLite database (it starts with \"\(start)\"), so it was left untouched. " +
        "Point --database at a league database, or at a path where a new one may be created."
    }
}

extension Database {
    /// The whole routine for the app's own file: create the folder (0700), refuse a file that isn't SQLite at all
    /// (`NotADatabaseFile`, the file untouched), check an SQLite file is sound (header + `PRAGMA quick_check`), move
    /// a damaged one aside to `<path>.corrupt-<timestamp>` (never deleting it), create a fresh one (0600), and
    /// migrate. Errors other than corruption are thrown.
    /// How much of the file `open(at:)` reads before trusting it.
    public enum SoundnessCheck: Sendable {
        /// `PRAGMA quick_check`: every page (~20 ms for the demo season's 7 MB), for servers and tools.
        case full
        /// The header and the schema only, plus what an earlier `checkLater` found: the app's start, which then runs
        /// the full check after its first frame (`checkLater`), so a person doesn't wait on every page being read.
        case schemaThenLater
    }

    public static func open(at location: DatabaseLocation, migrations: [Migration] = Schema.migrations,
                            now: Date = Date(), check: SoundnessCheck = .full) throws -> OpenedDatabase {
        var tightened = try location.createDirectory()
        let path = location.path
        var recovery: CorruptFileRecovery?
        if !location.isInMemory {
            if let start = notSQLite(at: path) { throw NotADatabaseFile(path: path, start: start) }
            // Before the soundness check: its read-only connection may create -wal/-shm with the file's mode.
            tightened += privateFiles(path)
            if let problem = Self.damage(at: path, full: check == .full) {
                recovery = try Self.moveAside(path, reason: problem, now: now)
                _ = privateFiles(path)
            }
        }
        do {
            let db = try Database(path: path)
            let applied = try db.migrate(migrations)
            return OpenedDatabase(database: db, recovery: recovery, appliedMigrations: applied, tightened: tightened)
        } catch let error as DatabaseError where error.isCorruption && recovery == nil && !location.isInMemory {
            // Damage quick_check did not see, met while migrating: same remedy, once.
            recovery = try Self.moveAside(path, reason: error.message, now: now)
            _ = privateFiles(path)
            let db = try Database(path: path)
            let applied = try db.migrate(migrations)
            return OpenedDatabase(database: db, recovery: recovery, appliedMigrations: applied, tightened: tightened)
        }
    }

    /// The database and its companions are for this account only: a missing file is created empty with mode 0600
    /// before SQLite opens it (SQLite gives `-wal` and `-shm` the database file's mode), and existing ones that other
    /// accounts could read are tightened to 0600. Returns what was tightened.
    static func privateFiles(_ path: String) -> [PermissionChange] {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 { _ = fchmod(fd, 0o600); close(fd) }
        return ["", "-wal", "-shm", "-journal"].compactMap { PermissionChange.tighten(path + $0, to: 0o600) }
    }

    /// The file's first bytes (printable) when it exists, is not empty, and does not start with SQLite's header:
    /// not a database at all, so not ours to move or replace. nil for a missing, empty or SQLite file.
    static func notSQLite(at path: String) -> String? {
        guard case .bytes(let start) = SQLiteFiles.readPrefix(path, count: 16) else { return nil }
        guard !start.isEmpty, start != Data("SQLite format 3\0".utf8) else { return nil }
        // A file too short to hold the whole magic but agreeing with it so far is a truncated database.
        if start.count < 16, Data("SQLite format 3\0".utf8).starts(with: start) { return nil }
        return String(decoding: start.prefix(12), as: UTF8.self).map { $0.isASCII && !$0.isNewline && $0 != "\0" ? $0 : "." }
            .reduce(into: "") { $0.append($1) }
    }

    /// The file a deferred check (`checkLater`) leaves beside a database it found damaged: the next open moves the
    /// database aside with this reason.
    static func damageMarker(_ path: String) -> String { path + ".damaged" }

    /// The full check (`PRAGMA quick_check`, read-only) of a database the app opened with `.schemaThenLater`, run once
    /// the first frame is up. Damage found is written beside the database (`<path>.damaged`), so the next start moves
    /// it aside and says why, as a start that found it would have; returns what was found (nil: sound). The app's own
    /// connections are open meanwhile, so only SQLite reads the file (see `SQLiteFiles`).
    @discardableResult
    public static func checkLater(path: String) -> String? {
        guard let problem = damage(at: path, full: true) else { return nil }
        try? PrivateFile.write(Data(problem.utf8), to: damageMarker(path))
        return problem
    }

    /// Why the file at `path` is not a usable database, or nil when it is fine (or does not exist yet). `full`: every
    /// page (`quick_check`); else the header, the schema and a damage marker left by `checkLater`.
    static func damage(at path: String, full: Bool = true) -> String? {
        if !full, let marked = FileManager.default.contents(atPath: damageMarker(path)) {
            return String(decoding: marked, as: UTF8.self)
        }
        switch SQLiteFiles.readPrefix(path, count: 100) {
        case .missing: return nil  // will be created
        case .inUseBySQLite: break  // open in this process (the deferred check): SQLite itself reads the header
        case .bytes(let header):
            if header.isEmpty { return nil }  // an empty file is a valid, new database
            guard header.count == 100, header.prefix(16) == Data("SQLite format 3\0".utf8) else {
                return "its SQLite header is cut short"
            }
        }
        do {
            // Read-only, so checking never changes the file (not even its journal mode).
            let conn = try Connection(path: path, busyTimeoutMilliseconds: 5000, readOnly: true)
            guard full else {
                _ = try conn.query("SELECT type, name, sql FROM sqlite_schema")
                return nil
            }
            try conn.execute("PRAGMA cache_size = -512")  // every page passes through once: a small cache will do
            let problems = try conn.query("PRAGMA quick_check").compactMap { String(sqliteValue: $0[0]) }
            if problems != ["ok"] { return "quick_check: \(problems.prefix(3).joined(separator: "; "))" }
            return nil
        } catch let error as DatabaseError where error.isCorruption {
            return error.message
        } catch {
            // Busy, permissions…: not corruption. Let the real open report it.
            return nil
        }
    }

    /// Renames the file (and its -wal/-shm companions) to `<path>.corrupt-<UTC timestamp>[-n]`.
    static func moveAside(_ path: String, reason: String, now: Date) throws -> CorruptFileRecovery {
        let stamp = ISO8601.format(now).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
        let fm = FileManager.default
        var target = "\(path).corrupt-\(stamp)"
        var n = 1
        while fm.fileExists(atPath: target) { target = "\(path).corrupt-\(stamp)-\(n)"; n += 1 }
        try fm.moveItem(atPath: path, toPath: target)
        try? fm.removeItem(atPath: damageMarker(path))
        for suffix in ["-wal", "-shm"] where fm.fileExists(atPath: path + suffix) {
            try? fm.moveItem(atPath: path + suffix, toPath: target + suffix)
        }
        return CorruptFileRecovery(path: path, movedTo: target, reason: reason)
    }
}
