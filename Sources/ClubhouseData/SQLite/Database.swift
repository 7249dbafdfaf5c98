import CSQLite
import Foundation

/// A SQLite database: one connection, confined behind a lock, shared freely between tasks and threads.
///
/// Every open sets WAL journaling, a busy timeout (default 5 s), `foreign_keys=ON` and
/// `synchronous=NORMAL`. Writes go through `transaction { }` (`BEGIN IMMEDIATE`: concurrent writers in
/// other processes queue on the busy timeout instead of failing with SQLITE_BUSY halfway), reads through
/// `read { }` (a deferred transaction: one consistent snapshot).
///
/// Several processes may open the same file; each `Database` is one connection. Open a second `Database`
/// on the same path when a task needs its own connection (the event follower does).
///
/// `@unchecked Sendable`: the only state is the `Connection`, and every use of it happens while holding
/// `lock` (a recursive lock, so a body may call back into this `Database` on the same thread).
public final class Database: @unchecked Sendable {
    public let path: String
    private let lock = NSRecursiveLock()
    private let connection: Connection
    /// The statement observer installed by `observeStatements` (kept alive here; SQLite holds it unretained).
    private var statementTrace: StatementTrace?

    public static let defaultBusyTimeout: Duration = .seconds(5)
    /// Bytes of the file SQLite maps into memory for reading (the seeded league is a few MB; room to grow).
    static let mmapSize = 256 << 20
    /// The page cache per connection, in KiB (SQLite's default is 2,000 KiB).
    static let cacheKiB = 512

    /// Opens (creating if needed) the database at `path`, or a private in-memory one for `":memory:"`.
    /// Does not migrate: call `migrate()` (or use `Database.open(at:)` for the whole routine).
    /// `create` false: opens only a file that is there (a follower of a database another connection made must not make
    /// an empty one where it was moved away).
    public init(path: String, busyTimeout: Duration = Database.defaultBusyTimeout, create: Bool = true) throws {
        self.path = path
        let ms = busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        connection = try Connection(path: path, busyTimeoutMilliseconds: Int32(clamping: ms), create: create)
        lock.name = "Database(\(path))"
        if path != ":memory:" && !path.isEmpty {
            // journal_mode is the first statement that reads the file: a non-database fails here (SQLITE_NOTADB).
            let mode = try connection.scalar("PRAGMA journal_mode=WAL", as: String.self)
            if mode?.lowercased() != "wal" {
                throw DatabaseError(extendedCode: SQLITE_ERROR, message: "could not switch \(path) to WAL (mode \(mode ?? "?"))")
            }
        }
        try connection.execute("PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL;")
        if path != ":memory:" && !path.isEmpty {
            // Reads come straight from the mapped file (shared between the processes on it, not copied into each
            // one's heap), so a small page cache is enough; a seed or an import raises it for its own duration.
            try connection.execute("PRAGMA mmap_size=\(Self.mmapSize); PRAGMA cache_size=-\(Self.cacheKiB);")
        }
    }

    /// A fresh private in-memory database.
    public static func inMemory() throws -> Database { try Database(path: ":memory:") }

    /// Runs `body` with the connection, holding the lock, outside any explicit transaction
    /// (each statement autocommits). Prefer `transaction` for writes and `read` for reads.
    public func withConnection<T>(_ body: (Connection) throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        return try body(connection)
    }

    /// A write transaction (`BEGIN IMMEDIATE`): commits when `body` returns, rolls back when it throws.
    /// A nested call (from inside another transaction on this `Database`) becomes a savepoint.
    @discardableResult
    public func transaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection { try $0.inTransaction(.immediate, body) }
    }

    /// A read transaction (`BEGIN DEFERRED`): a consistent snapshot for several queries.
    @discardableResult
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection { try $0.inTransaction(.deferred, body) }
    }

    // MARK: Conveniences (each its own autocommit statement)

    /// Runs one or more statements without parameters.
    public func execute(_ sql: String) throws { try withConnection { try $0.execute(sql) } }

    public func query(_ sql: String, _ params: [(any SQLBindable)?] = []) throws -> [Row] {
        try withConnection { try $0.query(sql, params) }
    }

    @discardableResult
    public func run(_ sql: String, _ params: [(any SQLBindable)?] = []) throws -> Int {
        try withConnection { try $0.run(sql, params) }
    }

    public func scalar<T: SQLColumnDecodable>(_ sql: String, _ params: [(any SQLBindable)?] = [], as: T.Type = T.self) throws -> T? {
        try withConnection { try $0.scalar(sql, params, as: T.self) }
    }

    /// Calls `observe` with the SQL text of every statement this connection starts from now on (nil: stop). For
    /// tests and benches that count what a code path asks of the database.
    public func observeStatements(_ observe: (@Sendable (String) -> Void)?) {
        withConnection { connection in
            statementTrace = observe.map(StatementTrace.init)
            connection.trace(statementTrace)
        }
    }

    /// `PRAGMA integrity_check` (or `quick_check`): "ok", or the problems found.
    public func integrityCheck(quick: Bool = false) throws -> [String] {
        try query(quick ? "PRAGMA quick_check" : "PRAGMA integrity_check").compactMap { String(sqliteValue: $0[0]) }
    }
}
