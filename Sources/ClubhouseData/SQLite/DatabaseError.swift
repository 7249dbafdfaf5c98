import CSQLite
import ClubhouseDomain
import Foundation

/// A failure reported by SQLite (or by this layer around it), with the SQLite result code kept so callers
/// can tell a lost race (`isConstraint`) from a locked file (`isBusy`) from everything else.
public struct DatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The extended SQLite result code (e.g. 2067 = SQLITE_CONSTRAINT_UNIQUE). The primary code is `code & 0xFF`.
    public var extendedCode: Int32
    /// SQLite's message (`sqlite3_errmsg`) or this layer's explanation.
    public var message: String
    /// The statement that failed, when there was one.
    public var sql: String?

    /// The database file, when known (to say where a full disk is).
    public var path: String?
    /// The OS error behind an I/O failure (`errno`, e.g. ENOSPC), 0 when none.
    public var systemErrno: Int32 = 0

    public init(extendedCode: Int32, message: String, sql: String? = nil, path: String? = nil, systemErrno: Int32 = 0) {
        self.extendedCode = extendedCode; self.message = message; self.sql = sql; self.path = path; self.systemErrno = systemErrno
    }

    /// The disk (or the database's page limit) is full: SQLITE_FULL, or an I/O error whose cause was ENOSPC/EDQUOT.
    public var isDiskFull: Bool { code == SQLITE_FULL || systemErrno == ENOSPC || systemErrno == EDQUOT }

    /// The primary result code (SQLITE_BUSY = 5, SQLITE_CONSTRAINT = 19, …).
    public var code: Int32 { extendedCode & 0xFF }

    /// SQLITE_BUSY or SQLITE_LOCKED: another connection holds the lock longer than the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
    /// Any constraint failure (UNIQUE, PRIMARY KEY, FOREIGN KEY, CHECK, NOT NULL).
    public var isConstraint: Bool { code == SQLITE_CONSTRAINT }
    /// A UNIQUE or PRIMARY KEY violation: the row already exists (e.g. the pick number was taken).
    public var isUniqueViolation: Bool {
        extendedCode == Self.constraintUnique || extendedCode == Self.constraintPrimaryKey
    }
    public var isForeignKeyViolation: Bool { extendedCode == Self.constraintForeignKey }
    /// SQLITE_CORRUPT or SQLITE_NOTADB: the file is damaged or is not a database.
    public var isCorruption: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    // Extended codes are macros built with shifts, which Swift does not import.
    public static let constraintUnique: Int32 = 19 | (8 << 8)      // SQLITE_CONSTRAINT_UNIQUE
    public static let constraintPrimaryKey: Int32 = 19 | (6 << 8)  // SQLITE_CONSTRAINT_PRIMARYKEY
    public static let constraintForeignKey: Int32 = 19 | (3 << 8)  // SQLITE_CONSTRAINT_FOREIGNKEY
    /// Used by this layer for misuse it detects itself (wrong column type, unknown column…).
    public static let misuse: Int32 = 21                            // SQLITE_MISUSE

    public var description: String {
        let name = String(cString: sqlite3_errstr(extendedCode))
        var s = "SQLite error \(extendedCode) (\(name)): \(message)"
        if let sql { s += " [\(sql.prefix(200))]" }
        return s
    }

    /// The Domain's view of this failure: a lost race is a conflict, everything else a storage failure.
    /// Storage failures say what happened and where (`DomainError.storage`), never "couldn't reach the server".
    public var domainError: DomainError {
        if isConstraint { return .conflict(message) }
        let file = path.flatMap { $0.isEmpty ? nil : $0 } ?? "the league database"
        if isDiskFull {
            let folder = path.map { ($0 as NSString).deletingLastPathComponent }.flatMap { $0.isEmpty ? nil : $0 }
            return .storage("The disk is full: couldn't save to \(file)\(folder.map { " (free some space in \($0))" } ?? ""). Nothing was changed.")
        }
        if code == SQLITE_READONLY || code == SQLITE_CANTOPEN || code == SQLITE_PERM {
            return .storage("Couldn't write to \(file): \(message). Nothing was changed.")
        }
        if isBusy { return .storage("The league database \(file) is busy (another program holds it): \(message)") }
        return .storage("The league database \(file) failed: \(message)")
    }

    /// The error for result code `rc` on connection `db`, with SQLite's message and extended code.
    static func from(_ db: OpaquePointer, _ rc: Int32, sql: String?) -> DatabaseError {
        let ext = sqlite3_extended_errcode(db)
        let path = sqlite3_db_filename(db, "main").map { String(cString: $0) }
        let osError = sqlite3_system_errno(db)
        // sqlite3_errmsg describes the most recent failure on this connection; trust it when its code matches.
        if (ext & 0xFF) == (rc & 0xFF) {
            return DatabaseError(extendedCode: ext, message: String(cString: sqlite3_errmsg(db)), sql: sql, path: path, systemErrno: osError)
        }
        return DatabaseError(extendedCode: rc, message: String(cString: sqlite3_errstr(rc)), sql: sql, path: path, systemErrno: osError)
    }

    static func misuse(_ message: String, sql: String? = nil) -> DatabaseError {
        DatabaseError(extendedCode: misuse, message: message, sql: sql)
    }
}
