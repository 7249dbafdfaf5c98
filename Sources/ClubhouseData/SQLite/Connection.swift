import CSQLite
import Foundation

/// One open SQLite connection. Not Sendable and not locked: use it through `Database`, which confines
/// it behind a lock and hands it to `transaction { }` / `read { }` bodies.
public final class Connection {
    let handle: OpaquePointer
    public let path: String
    private var cache: [String: Statement] = [:]
    private static let cacheLimit = 128
    /// Open transaction levels (0 = autocommit); nested `transaction` calls become savepoints.
    package var depth = 0
    /// The memo of the store transaction running on this connection (`StoreSQLSession.storeMemo`).
    package let storeMemo = StoreTransactionMemo()
    /// This connection's file in `SQLiteFiles` (nil in memory): nothing reads it outside SQLite while it is open.
    private let file: SQLiteFiles.Key?

    /// `create` false: a missing file is an error, never a new empty database.
    init(path: String, busyTimeoutMilliseconds: Int32, readOnly: Bool = false, create: Bool = true) throws {
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)) | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(db)
            throw DatabaseError(extendedCode: rc, message: "cannot open \(path): \(message)")
        }
        handle = db
        self.path = path
        file = SQLiteFiles.opened(path)
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
    }

    deinit {
        cache.removeAll()  // finalizes the cached statements before closing
        sqlite3_close_v2(handle)
        if let file { SQLiteFiles.closed(file) }
    }

    func error(_ rc: Int32, sql: String? = nil) -> DatabaseError { DatabaseError.from(handle, rc, sql: sql) }

    // MARK: Statements

    /// A statement from this connection's cache (prepared once per SQL text). Do not keep it across calls
    /// that may reuse the same SQL; for long-lived use call `prepare`.
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let s = cache[sql] { return s }
        let s = try Statement(connection: self, sql: sql)
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[sql] = s
        return s
    }

    /// A new statement owned by the caller (finalized when released).
    public func prepare(_ sql: String) throws -> Statement { try Statement(connection: self, sql: sql) }

    // MARK: Running SQL

    /// Runs one or more statements without parameters (schema scripts, pragmas).
    public func execute(_ sql: String) throws {
        var errmsg: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errmsg)
        if rc != SQLITE_OK {
            let message = errmsg.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(errmsg)
            var err = error(rc, sql: sql)
            err.message = message
            throw err
        }
    }

    /// Runs a query and returns every row.
    public func query(_ sql: String, _ params: [(any SQLBindable)?] = []) throws -> [Row] {
        try cachedStatement(sql).rows(params)
    }

    /// Runs a statement; returns the number of rows it changed.
    @discardableResult
    public func run(_ sql: String, _ params: [(any SQLBindable)?] = []) throws -> Int {
        try cachedStatement(sql).run(params)
    }

    /// The first column of the first row, as `T` (nil when there is no row or it is NULL).
    public func scalar<T: SQLColumnDecodable>(_ sql: String, _ params: [(any SQLBindable)?] = [], as: T.Type = T.self) throws -> T? {
        let stmt = try cachedStatement(sql)
        try stmt.bind(params)
        defer { sqlite3_reset(stmt.handle) }
        guard try stmt.step() else { return nil }
        let v = stmt.value(at: 0)
        if v.isNull { return nil }
        guard let t = T(sqliteValue: v) else { throw DatabaseError.misuse("\(v) is not a \(T.self)", sql: sql) }
        return t
    }

    /// The first region of the WAL index (the `-shm` file's first 32 KiB) as SQLite's own VFS maps it for this
    /// connection; nil when the database isn't in WAL mode or nothing is mapped. Valid while this connection is open.
    /// Never map or open the `-shm` file yourself: closing that descriptor would drop SQLite's locks on it.
    func walIndexRegion() -> UnsafeRawPointer? {
        guard (try? scalar("PRAGMA journal_mode", as: String.self))?.lowercased() == "wal" else { return nil }
        return cs_sqlite_wal_index(handle).map { UnsafeRawPointer($0) }
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    /// Rows changed by the most recent INSERT/UPDATE/DELETE.
    public var changes: Int { Int(sqlite3_changes64(handle)) }
    public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    // MARK: Transactions

    public enum TransactionKind: String, Sendable {
        /// Takes the write lock up front: concurrent writers queue on the busy timeout instead of failing.
        case immediate = "IMMEDIATE"
        /// Takes locks as needed: for reads.
        case deferred = "DEFERRED"
    }

    /// Runs `body` in a transaction; commits on return, rolls back on throw. Nested calls use savepoints.
    @discardableResult
    public func inTransaction<T>(_ kind: TransactionKind = .immediate, _ body: (Connection) throws -> T) throws -> T {
        if depth > 0 { return try inSavepoint { try body(self) } }
        try execute("BEGIN \(kind.rawValue)")
        depth = 1
        defer { depth = 0 }
        do {
            let result = try body(self)
            try execute("COMMIT")
            return result
        } catch {
            if !isAutocommit { try? execute("ROLLBACK") }
            throw error
        }
    }
}
