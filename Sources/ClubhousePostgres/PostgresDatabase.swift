import ClubhouseData
import ClubhouseDomain
import Foundation

/// A PostgreSQL database: a pool of connections shared freely between tasks and threads. Each transaction takes a
/// connection for its length (a nested call on the same thread reuses it, as a savepoint).
///
/// Writes run `SERIALIZABLE` and run again, from the start, when PostgreSQL reports a serialization failure or a
/// deadlock (another instance's transaction won): the body must be a pure function of what it reads, which the
/// store's use cases are. Reads run `REPEATABLE READ READ ONLY`: one consistent snapshot.
public final class PostgresDatabase: @unchecked Sendable {
    public let url: String
    /// Connections beyond this wait for one to come back.
    public let maxConnections: Int
    /// Attempts of one write before its serialization failure is reported.
    public var maxAttempts = 30

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var idle: [PostgresConnection] = []
    private var open = 0
    private let key: String

    /// Connects once (so a wrong URL fails here) and keeps that connection in the pool.
    public init(url: String, maxConnections: Int = 10) throws {
        self.url = url
        self.maxConnections = max(1, maxConnections)
        key = "clubhouse.postgres.\(UUID().uuidString)"
        idle = [try PostgresConnection(url: url)]
        open = 1
    }

    /// The URL without its password.
    public var description: String { PostgresURL.redacted(url) }

    /// Runs `body` with a connection of the pool (this thread's own when it is already inside one).
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let thread = Thread.current.threadDictionary
        if let mine = thread[key] as? PostgresConnection { return try body(mine) }
        let connection = try take()
        thread[key] = connection
        defer {
            thread[key] = nil
            give(connection)
        }
        return try body(connection)
    }

    private func take() throws -> PostgresConnection {
        condition.lock()
        while idle.isEmpty && open >= maxConnections { condition.wait() }
        if let c = idle.popLast() { condition.unlock(); return c }
        open += 1
        condition.unlock()
        do { return try PostgresConnection(url: url) } catch {
            condition.lock(); open -= 1; condition.signal(); condition.unlock()
            throw error
        }
    }

    private func give(_ connection: PostgresConnection) {
        condition.lock()
        if connection.isHealthy && connection.depth == 0 { idle.append(connection) } else { open -= 1 }
        condition.signal()
        condition.unlock()
    }

    /// A write transaction (`SERIALIZABLE`), run again on a serialization failure or deadlock; a nested call is a savepoint.
    @discardableResult
    public func transaction<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { c in
            if c.depth > 0 { return try c.inTransaction("BEGIN", body) }
            var attempt = 1
            while true {
                do {
                    return try c.inTransaction("BEGIN ISOLATION LEVEL SERIALIZABLE", body)
                } catch let e as PostgresError where e.isRetryable && attempt < maxAttempts {
                    attempt += 1
                    // A short random pause, growing: the winner finishes, the losers don't collide again at once.
                    usleep(UInt32.random(in: 0...UInt32(min(50_000, 500 << min(attempt, 6)))))
                }
            }
        }
    }

    /// A read transaction: one consistent snapshot.
    @discardableResult
    public func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { c in
            if c.depth > 0 { return try c.inTransaction("BEGIN", body) }
            return try c.inTransaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
        }
    }

    /// Runs one or more statements without parameters, outside a transaction.
    public func execute(_ sql: String) throws { try withConnection { try $0.execute(sql) } }

    public func scalar<T: SQLColumnDecodable>(_ sql: String, _ params: [(any SQLBindable)?] = [], as: T.Type = T.self) throws -> T? {
        try withConnection { try $0.scalar(sql, params, as: T.self) }
    }

    /// Closes the idle connections (those in use close when they come back).
    public func close() {
        condition.lock()
        open -= idle.count
        idle.removeAll()
        condition.unlock()
    }
}

extension PostgresConnection: SavepointNesting {}
extension PostgresError: StoreSQLError {}
extension PostgresRows: SQLRowCursor {}

extension PostgresConnection: StoreSQLSession {
    package var dialect: SQLDialect { .postgres }

    package func insert(_ sql: String, _ params: [(any SQLBindable)?]) throws -> Int64 {
        let rows = try query(sql + " RETURNING id", params)
        guard rows.next() else { throw PostgresError(sqlState: "XX000", message: "INSERT returned no id", sql: sql) }
        return rows.int64(at: 0)
    }

    /// A savepoint around `body`: PostgreSQL aborts the whole transaction on an error otherwise.
    package func insertRows(into table: String, columns: [String], rows: [[SQLiteValue]]) throws {
        try copy(into: table, columns: columns, rows: rows)
    }

    package func recovering<T>(_ body: () throws -> T) throws -> T {
        guard depth > 0 else { return try body() }
        return try inSavepoint(body)
    }

    /// Event ids come from a sequence, which hands them out in the order transactions ask, not the order they commit:
    /// holding this lock from the insert to the commit makes ids become visible in increasing order, so a follower
    /// reading "id > last seen" never skips one that commits late.
    package func willAppendEvent() throws { try run("SELECT pg_advisory_xact_lock(\(PostgresEvents.appendLock))", []) }

    /// Wakes every instance's follower when the transaction commits (a NOTIFY is delivered only then, and only once).
    package func didAppendEvent(_ id: Int64) throws { try run("SELECT pg_notify('\(PostgresEvents.channel)', ?)", [String(id)]) }
}
