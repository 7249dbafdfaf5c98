import CSQLite
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `clubhouse backup`: a consistent copy of a live SQLite database, safe while servers and apps write to it.
///
/// SQLite's online backup API copies every page in one step inside one read transaction, so the copy is the database
/// as it stood when the backup began (every write committed before then, none after) while writers go on (WAL: a
/// reader never blocks them). The copy is written beside the destination under a temporary name, switched out of WAL
/// so it is one self-contained file, checked with `PRAGMA integrity_check`, made private (0600: it holds password
/// hashes) and only then renamed into place, so a half-made copy never carries the destination's name.
public enum DatabaseBackup {
    public struct Report: Sendable, Equatable {
        public var source: String
        public var destination: String
        public var bytes: Int64
        public var leagues: Int
        public var picks: Int
        public var events: Int
        /// The newest event in the copy (0 when none): everything up to it is in the backup.
        public var lastEventID: Int64
    }

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
        /// 2: the command was used wrongly (nothing to copy, a destination that exists); 1: the copy failed.
        public var status: Int32
    }

    /// Copies the database at `source` to `destination` (which must not exist yet) and verifies the copy.
    public static func copy(from source: String, to destination: String) throws(Failure) -> Report {
        switch SQLiteFiles.readPrefix(source, count: 16) {
        case .missing: throw Failure(description: "there is no database at \(source)", status: 2)
        case .inUseBySQLite: break   // this process has it open (a test, or a caller holding it): SQLite reads it
        case .bytes(let start):
            guard start == Data("SQLite format 3\0".utf8) else {
                throw Failure(description: "\(source) is not an SQLite database, so there is nothing to back up", status: 2)
            }
        }
        if FileManager.default.fileExists(atPath: destination) {
            throw Failure(description: "\(destination) already exists: choose a new name (a backup never overwrites a file)", status: 2)
        }
        let folder = (destination as NSString).deletingLastPathComponent
        let dir = folder.isEmpty ? "." : folder
        let partial = dir + "/." + (destination as NSString).lastPathComponent + ".partial-\(getpid())"
        unlink(partial)
        // Private from its first byte (SQLite keeps the mode of a file that exists): the copy holds password hashes.
        let made = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard made >= 0 else { throw Failure(description: "can't write in \(dir): \(String(cString: strerror(errno)))", status: 1) }
        close(made)
        do {
            try copyPages(from: source, to: partial)
            let report = try verify(partial, source: source, destination: destination)
            try sync(partial)
            // link(2) refuses an existing name, so a file that appeared meanwhile is never replaced.
            guard link(partial, destination) == 0 else {
                throw Failure(description: "can't write \(destination): \(String(cString: strerror(errno)))", status: 1)
            }
            unlink(partial)
            try sync(dir)
            return report
        } catch let failure as Failure {
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(partial + suffix) }
            throw failure
        } catch {
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(partial + suffix) }
            throw Failure(description: "the backup failed: \((error as? DatabaseError)?.message ?? "\(error)")", status: 1)
        }
    }

    /// Every page of `source` into a new file at `target`, in one step (one read transaction on the source).
    private static func copyPages(from source: String, to target: String) throws {
        let from = try Connection(path: source, busyTimeoutMilliseconds: 10_000)
        let to = try Connection(path: target, busyTimeoutMilliseconds: 10_000)
        guard let backup = sqlite3_backup_init(to.handle, "main", from.handle, "main") else {
            throw to.error(sqlite3_errcode(to.handle))
        }
        var rc = sqlite3_backup_step(backup, -1)
        var waits = 0
        // BUSY/LOCKED: a writer holds the file for a moment (a checkpoint); wait and try again, for up to ~10 s.
        while (rc == SQLITE_BUSY || rc == SQLITE_LOCKED), waits < 1000 {
            usleep(10_000); waits += 1
            rc = sqlite3_backup_step(backup, -1)
        }
        let finished = sqlite3_backup_finish(backup)
        guard rc == SQLITE_DONE else { throw to.error(rc) }
        guard finished == SQLITE_OK else { throw to.error(finished) }
        // One self-contained file: the copy keeps no -wal beside it.
        _ = try to.scalar("PRAGMA journal_mode=DELETE", as: String.self)
    }

    /// The copy passes `integrity_check`; what it holds, for the report.
    private static func verify(_ copy: String, source: String, destination: String) throws -> Report {
        let c = try Connection(path: copy, busyTimeoutMilliseconds: 10_000)
        let problems = try c.query("PRAGMA integrity_check").compactMap { String(sqliteValue: $0[0]) }
        guard problems == ["ok"] else {
            throw Failure(description: "the copy failed its integrity check (\(problems.prefix(3).joined(separator: "; "))); nothing was written to \(destination)",
                          status: 1)
        }
        func count(_ table: String) throws -> Int {
            let exists = try c.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", [table], as: Int.self) ?? 0
            return exists > 0 ? try c.scalar("SELECT count(*) FROM \(table)", as: Int.self) ?? 0 : 0
        }
        let hasEvents = try count("events") > 0
        let lastEvent = hasEvents ? try c.scalar("SELECT max(id) FROM events", as: Int64.self) ?? 0 : 0
        var st = stat()
        _ = stat(copy, &st)
        return Report(source: source, destination: destination, bytes: Int64(st.st_size), leagues: try count("leagues"),
                      picks: try count("picks"), events: try count("events"), lastEventID: lastEvent)
    }

    /// fsync: the copy (or the folder's new entry) is on disk before the command says it is done.
    private static func sync(_ path: String) throws(Failure) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(description: "can't open \(path) to flush it: \(String(cString: strerror(errno)))", status: 1) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw Failure(description: "can't flush \(path) to disk: \(String(cString: strerror(errno)))", status: 1) }
    }
}
