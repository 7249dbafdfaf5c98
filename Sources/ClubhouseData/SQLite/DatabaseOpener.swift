import CSQLite
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
}

extension Database {
    /// The whole routine for the app's own file: create the folder, open, check the file is a sound SQLite
    /// database (header + `PRAGMA quick_check`), move a damaged one aside to `<path>.corrupt-<timestamp>`
    /// (never deleting it), create a fresh one, and migrate. Errors other than corruption are thrown.
    public static func open(at location: DatabaseLocation, migrations: [Migration] = Schema.migrations,
                            now: Date = Date()) throws -> OpenedDatabase {
        try location.createDirectory()
        let path = location.path
        var recovery: CorruptFileRecovery?
        if !location.isInMemory, let problem = Self.damage(at: path) {
            recovery = try Self.moveAside(path, reason: problem, now: now)
        }
        do {
            let db = try Database(path: path)
            let applied = try db.migrate(migrations)
            return OpenedDatabase(database: db, recovery: recovery, appliedMigrations: applied)
        } catch let error as DatabaseError where error.isCorruption && recovery == nil && !location.isInMemory {
            // Damage quick_check did not see, met while migrating: same remedy, once.
            recovery = try Self.moveAside(path, reason: error.message, now: now)
            let db = try Database(path: path)
            let applied = try db.migrate(migrations)
            return OpenedDatabase(database: db, recovery: recovery, appliedMigrations: applied)
        }
    }

    /// Why the file at `path` is not a usable database, or nil when it is fine (or does not exist yet).
    static func damage(at path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }  // missing: will be created
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        try? handle.close()
        if header.isEmpty { return nil }  // an empty file is a valid, new database
        guard header.count == 100, header.prefix(16) == Data("SQLite format 3\0".utf8) else {
            return "not an SQLite database"
        }
        do {
            // Read-only, so checking never changes the file (not even its journal mode).
            let conn = try Connection(path: path, busyTimeoutMilliseconds: 5000, readOnly: true)
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
        for suffix in ["-wal", "-shm"] where fm.fileExists(atPath: path + suffix) {
            try? fm.moveItem(atPath: path + suffix, toPath: target + suffix)
        }
        return CorruptFileRecovery(path: path, movedTo: target, reason: reason)
    }
}
