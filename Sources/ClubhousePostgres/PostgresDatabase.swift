import ClubhouseData
import ClubhouseDomain
import Foundation

/// A PostgreSQL database: a pool of connections shared freely between tasks and threads. Each transaction takes a
/// connection for its length (a nested call on the same thread reuses it, as a savepoint).
///
/// Writes run `SERIALIZABLE` and run again, from the start, when PostgreSQL reports a serialization failure or a
/// deadlock (another instance's transaction won): the body must be a pure function of what it reads, which the
/// store's use cases are. Reads run `REPEATABLE READ READ ONLY`: one consistent snapshot.
///
/// Every call has a deadline (`Options.callTimeout`) that covers waiting for a free connection, opening one, and
/// every statement; past it the call throws a timeout (`PostgresError.isTimeout`) instead of waiting on a server
/// that doesn't answer. The pool mends itself: a connection the server ended (restart, `pg_terminate_backend`) is
/// noticed before use and replaced; a call whose connection broke before anything could have been committed runs
/// again on another (as many times as the pool could hold dead ones); connections idle longer than `idleTimeout` are closed down to `minIdle`, so instances
/// hand back the server's connection slots they don't use; and when the server has no slot left, a call waits for
/// one of the pool's own connections instead of failing. While the database looks down (a connection refused or a
/// statement unanswered, `PostgresError.showsOutage`), one call at a time tries it and the others fail at once, so a
/// flood of requests during an outage neither piles up waiting nor hammers a server that is starting again; the
/// first call that gets an answer ends the outage.
public final class PostgresDatabase: @unchecked Sendable {
    public struct Options: Sendable {
        /// Connections open at most; calls beyond wait for one to come back (within their deadline).
        public var maxConnections = 10
        /// Idle connections kept open however long they wait (`idleTimeout` closes the others).
        public var minIdle = 1
        /// A connection unused for this long is closed (down to `minIdle`).
        public var idleTimeout: Duration = .seconds(10)
        /// How long one call (a transaction, a read, one statement) may take in all, waiting for a connection
        /// included. The server's `statement_timeout` is set to it too.
        public var callTimeout: Duration = .seconds(10)
        /// How long opening one connection may take (at most what the call has left).
        public var connectTimeout: Duration = .seconds(5)
        public init() {}
        public init(maxConnections: Int) { self.maxConnections = maxConnections }
    }

    public let url: String
    public let options: Options
    /// Connections beyond this wait for one to come back.
    public var maxConnections: Int { options.maxConnections }
    /// Attempts of one write before its serialization failure is reported.
    public var maxAttempts = 30
    /// What this process knows of the database's commits without asking (kept reads' change stamp): every
    /// `PostgresEventSource` of this database keeps it, and each write transaction moves it on.
    public let readKnowledge = PostgresReadKnowledge()
    /// The limit of migrations and seeding (`PostgresSchema`, `PostgresSeeder`): long copies, and waits for another
    /// instance's migration.
    public static let maintenanceTimeout: Duration = .seconds(600)

    // Guarded by `condition`.
    private let condition = NSCondition()
    /// Idle connections, the longest idle first; each with when it came back.
    private var idle: [(connection: PostgresConnection, since: ContinuousClock.Instant)] = []
    private var open = 0
    private var closed = false
    /// The failure that showed the database down; nil while it answers.
    private var outage: PostgresError?
    /// Whether a call is trying the database during an outage (the others fail at once meanwhile).
    private var probing = false
    private let key: String
    private let reaper: DispatchSourceTimer

    /// Connects once (so a wrong URL fails here) and keeps that connection in the pool.
    public convenience init(url: String, maxConnections: Int = 10) throws {
        try self.init(url: url, options: Options(maxConnections: maxConnections))
    }

    public init(url: String, options: Options) throws {
        self.url = url
        var options = options
        options.maxConnections = max(1, options.maxConnections)
        options.minIdle = max(0, min(options.minIdle, options.maxConnections))
        self.options = options
        key = "clubhouse.postgres.\(UUID().uuidString)"
        let first = try PostgresConnection(url: url, connectTimeout: options.connectTimeout, statementTimeout: options.callTimeout)
        idle = [(first, .now)]
        open = 1
        // Closes idle connections past `idleTimeout`, a few times per timeout (at least every 5 s).
        reaper = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        let every = min(.seconds(5), max(.milliseconds(10), options.idleTimeout / 4))
        let interval = DispatchTimeInterval.milliseconds(Int(PostgresConnection.milliseconds(every)))
        reaper.schedule(deadline: .now() + interval, repeating: interval, leeway: interval)
        reaper.setEventHandler { [weak self] in self?.closeIdle() }
        reaper.resume()
    }

    deinit { reaper.cancel() }

    /// The URL without its password.
    public var description: String { PostgresURL.redacted(url) }

    /// Connections open now (in use and idle), and idle now.
    public var connectionCount: (open: Int, idle: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (open, idle.count)
    }

    /// Runs `body` with a connection of the pool (this thread's own when it is already inside one), within
    /// `timeout` (default `Options.callTimeout`) in all. When the connection turns out broken before anything of
    /// the call could have been committed, the call runs again on another connection (up to
    /// the pool's size, each failing fast on a dead socket).
    public func withConnection<T>(timeout: Duration? = nil, _ body: (PostgresConnection) throws -> T) throws -> T {
        let thread = Thread.current.threadDictionary
        if let mine = thread[key] as? PostgresConnection { return try body(mine) }
        let probe = try admit()
        defer {
            if probe { condition.lock(); probing = false; condition.unlock() }
        }
        do {
            let result = try call(timeout: timeout ?? options.callTimeout, body)
            condition.lock()
            outage = nil
            condition.unlock()
            return result
        } catch let e as PostgresError where e.showsOutage {
            condition.lock()
            outage = e
            condition.unlock()
            throw e
        }
    }

    /// Nil when the database answers; during an outage, lets this call try it (true) when no other call is, else throws.
    private func admit() throws -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let down = outage else { return false }
        guard !probing else {
            throw PostgresError(sqlState: down.sqlState, message: "not tried: another call is checking the database, which failed a moment ago: \(down.message)")
        }
        probing = true
        return true
    }

    private func call<T>(timeout limit: Duration, _ body: (PostgresConnection) throws -> T) throws -> T {
        let thread = Thread.current.threadDictionary
        let deadline = ContinuousClock.now + limit
        // A connection failure before anything could have been committed runs the call again on another connection —
        // as many times as the pool could hold dead ones: after a server kills the instance's backends, the idle ones
        // can all still look alive until their first statement (the backends exit a moment after being told to).
        var retries = options.maxConnections + 1
        while true {
            let connection = try take(until: deadline, limit: limit)
            connection.deadline = deadline
            connection.mayHaveCommitted = false
            thread[key] = connection
            defer {
                thread[key] = nil
                connection.deadline = nil
                give(connection)
            }
            do {
                // A call longer than usual (migrations) lifts the server's statement_timeout for its length.
                let longer = limit > options.callTimeout
                if longer { try connection.setStatementTimeout(limit) }
                defer {
                    if longer, connection.isHealthy, (try? connection.setStatementTimeout(options.callTimeout)) == nil { connection.discard() }
                }
                return try body(connection)
            } catch let e as PostgresError where retries > 0 && e.isConnectionFailure && !connection.mayHaveCommitted && .now < deadline {
                retries -= 1
            }
        }
    }

    /// A connection for a call ending at `deadline`: an idle one still alive, else a new one; when the pool is full,
    /// or the server has no slot left while the pool has connections, it waits for one to come back.
    private func take(until deadline: ContinuousClock.Instant, limit: Duration) throws -> PostgresConnection {
        var serverFull = false
        var dead: [PostgresConnection] = []
        defer { withExtendedLifetime(dead) {} }   // closed outside the lock, when this returns
        condition.lock()
        while true {
            while let entry = idle.popLast() {
                if entry.connection.isIdleAndAlive { condition.unlock(); return entry.connection }
                open -= 1
                dead.append(entry.connection)
            }
            if open < options.maxConnections && !(serverFull && open > 0) {
                open += 1
                condition.unlock()
                do {
                    let left = deadline - .now
                    return try PostgresConnection(url: url, connectTimeout: min(options.connectTimeout, max(.milliseconds(1), left)),
                                                  statementTimeout: options.callTimeout)
                } catch let e as PostgresError {
                    condition.lock()
                    open -= 1
                    condition.broadcast()
                    // The server is full (other instances hold its slots): wait for one of ours, or try again shortly.
                    guard e.isTooManyConnections, deadline - .now > .milliseconds(50) else { condition.unlock(); throw e }
                    serverFull = true
                    if open == 0 {
                        condition.unlock()
                        Thread.sleep(forTimeInterval: min(0.1, Self.interval(deadline - .now)))
                        condition.lock()
                    }
                    continue
                }
            }
            let left = deadline - .now
            if left <= .zero || !condition.wait(until: Date(timeIntervalSinceNow: Self.interval(left))) && deadline <= .now {
                let busy = open
                condition.unlock()
                throw PostgresError.timedOut("no free database connection within \(PostgresConnection.seconds(limit)) (\(busy) of \(options.maxConnections) in use)")
            }
        }
    }

    private func give(_ connection: PostgresConnection) {
        condition.lock()
        let keep = !closed && connection.isHealthy && connection.depth == 0
        if keep { idle.append((connection, .now)) } else { open -= 1 }
        condition.signal()
        condition.unlock()
    }

    /// Closes the connections idle for longer than `idleTimeout`, keeping the `minIdle` used last.
    func closeIdle() {
        condition.lock()
        let cutoff = ContinuousClock.now - options.idleTimeout
        var expired: [(connection: PostgresConnection, since: ContinuousClock.Instant)] = []
        while idle.count > options.minIdle, let oldest = idle.first, oldest.since <= cutoff {
            expired.append(idle.removeFirst())
        }
        open -= expired.count
        condition.unlock()
        expired.removeAll()   // PQfinish, outside the lock
    }

    static func interval(_ d: Duration) -> TimeInterval { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

    /// Answers `SELECT 1` within `timeout` (at most the call timeout): the health check's question. Throws the cause
    /// when the database can't be reached or doesn't answer in time.
    public func ping(within timeout: Duration = .milliseconds(1500)) throws {
        try withConnection(timeout: min(timeout, options.callTimeout)) { try $0.probe() }
    }

    /// A write transaction (`SERIALIZABLE`), run again on a serialization failure or deadlock; a nested call is a savepoint.
    @discardableResult
    public func transaction<T>(timeout: Duration? = nil, _ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection(timeout: timeout) { c in
            if c.depth > 0 { return try c.inTransaction("BEGIN", body) }
            // After the commit (or a failure, which may have come after it): the writer's next read asks the revision.
            defer { readKnowledge.wrote() }
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
    public func read<T>(timeout: Duration? = nil, _ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection(timeout: timeout) { c in
            if c.depth > 0 { return try c.inTransaction("BEGIN", body) }
            return try c.inTransaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
        }
    }

    /// Runs one or more statements without parameters, outside a transaction.
    public func execute(_ sql: String) throws { try withConnection { try $0.execute(sql) } }

    public func scalar<T: SQLColumnDecodable>(_ sql: String, _ params: [(any SQLBindable)?] = [], as: T.Type = T.self) throws -> T? {
        try withConnection { try $0.scalar(sql, params, as: T.self) }
    }

    /// Closes the idle connections (those in use close when they come back) and stops the pool keeping any.
    public func close() {
        condition.lock()
        closed = true
        open -= idle.count
        let gone = idle
        idle.removeAll()
        condition.unlock()
        _ = gone
        reaper.cancel()
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
    package func run(_ sql: String, values: [SQLiteValue]) throws { _ = try run(sql, values.map { $0 as (any SQLBindable)? }) }

    package func insertRows(into table: String, columns: [String], rows: [[SQLiteValue]]) throws {
        try copy(into: table, columns: columns, rows: rows)
    }

    package func recovering<T>(_ body: () throws -> T) throws -> T {
        guard depth > 0 else { return try body() }
        return try inSavepoint(body)
    }

    /// One round trip for the three steps of an append. Event ids come from a sequence, which hands them out in the
    /// order transactions ask, not the order they commit: the append lock, held from the insert to the commit, makes
    /// ids become visible in increasing order, so a follower reading "id > last seen" never skips one that commits
    /// late. It must be held before the id is drawn: the row is selected from the CTE that takes it, and the id (the
    /// column's default) is drawn only as that row is inserted. `pg_notify` in RETURNING then wakes every instance's
    /// follower when the transaction commits (a NOTIFY is delivered only then, and only once).
    /// Sent with the transaction's next statement or its COMMIT (`runLater`): the append lock is then held for the
    /// shortest time.
    package func appendEvent(_ values: [(any SQLBindable)?]) throws {
        try runLater(PostgresEvents.appendSQL, values)
    }

    package func forEachOfBatch(_ statements: [(sql: String, params: [(any SQLBindable)?])], _ body: (Int, PostgresRows) throws -> Void) throws {
        for (i, rows) in try queryBatch(statements).enumerated() {
            while rows.next() { try body(i, rows) }
        }
    }
}
