import CPostgres
import ClubhouseData
import ClubhouseDomain
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One open PostgreSQL connection (libpq). Not Sendable and not locked: use it through `PostgresDatabase`, which
/// hands each transaction its own connection from a pool.
///
/// Parameters are the SQLite layer's typed values (`SQLBindable` → `SQLiteValue`), sent in text form with their
/// type (integer → int8, real → float8, text → text, blob → bytea), so the store's SQL and the values it binds are
/// the same on both databases. `?` placeholders (and SQLite's `?N`) are rewritten to PostgreSQL's `$n` once per
/// SQL text. Results are read in text form through `PostgresRows`.
///
/// Nothing here waits without a limit: connecting ends by `connectTimeout`, and every statement by the call's
/// `deadline` (set by the pool) or else `statementTimeout`. libpq's blocking calls would wait for ever on a server
/// that is frozen (SIGSTOP) or cut off by the network — it keeps the TCP connection but never answers — so the
/// connection runs libpq's asynchronous API in non-blocking mode and polls its socket until the deadline; a
/// statement still unanswered then leaves the connection broken (`isHealthy` false, the pool drops it) and throws
/// `PostgresError.timedOut`. The server's `statement_timeout` is set to the same limit, so a server that is alive
/// but slow stops the statement itself.
public final class PostgresConnection {
    let handle: OpaquePointer
    /// Rewritten SQL texts (`?` → `$n`), by the text given.
    var rewritten: [String: String] = [:]
    /// Statements prepared on this connection (server-side, by the protocol's Parse: kept across transactions, gone
    /// with the connection), by their text and parameter types: the server parses and plans each once per connection
    /// instead of on every call. At most `maxPrepared`; past that a statement runs unprepared.
    private var prepared: [PreparedKey: String] = [:]
    private var preparedCount = 0
    private struct PreparedKey: Hashable { var sql: String; var types: [Oid] }
    static let maxPrepared = 512
    /// Open transaction levels (0 = none); nested `inTransaction` calls become savepoints.
    package var depth = 0
    /// The transaction's BEGIN, not sent yet: it goes out with the transaction's first statement, in the same round
    /// trip (libpq's pipeline mode, or one simple query), instead of a round trip of its own. The server takes a
    /// transaction's snapshot at its first statement, not at BEGIN, so nothing it sees changes.
    var pendingBegin: String?
    /// Writes of the open transaction not sent yet (`runLater`): they go out with its next statement or its COMMIT.
    private var deferred: [Bound] = []
    /// The memo of the store transaction running on this connection (`StoreSQLSession.storeMemo`).
    package let storeMemo = StoreTransactionMemo()
    /// When the current call must be over (the pool sets it for each call); nil: each statement gets `statementTimeout`.
    package var deadline: ContinuousClock.Instant?
    /// A statement's limit when no deadline is set; also the server's `statement_timeout`.
    public let statementTimeout: Duration
    /// Whether a statement of this call may have changed the database for good: one sent outside a transaction, or a
    /// COMMIT. A call that lost its connection before that can run again on another connection (the pool does, once).
    package var mayHaveCommitted = false
    /// Set when a statement failed half-way (timed out, or the connection broke): the connection is not used again.
    var broken = false
    /// When the statement being run was sent.
    var sentAt = ContinuousClock.now
    /// Round trips to the server so far (a pipeline is one): what tests count to keep a write's round trips few.
    package internal(set) var roundTrips = 0

    /// Opens a connection to `url` (`postgres://user@host:port/db?…` or a `key=value` conninfo string) within
    /// `connectTimeout`. GSSAPI encryption is always off: Clubhouse speaks to PostgreSQL on a trusted network or
    /// loopback, and libpq's GSS probe is what crashed on connect on a machine without Kerberos set up. TCP keepalives
    /// and `tcp_user_timeout` are on (the URL may override them), so a server cut off by the network is noticed on an
    /// idle connection too.
    public init(url: String, connectTimeout: Duration = .seconds(5), statementTimeout: Duration = .seconds(30)) throws {
        self.statementTimeout = statementTimeout
        let until = ContinuousClock.now + connectTimeout
        // Keys before `dbname` are defaults the URL's own parameters override; keys after it are forced.
        let keys = ["application_name", "keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout",
                    "dbname", "gssencmode"]
        let values = ["clubhouse", "1", "15", "5", "3", "15000", url, "disable"]
        let started = keys.withCStrings { k in values.withCStrings { v in PQconnectStartParams(k, v, 1) } }
        guard let conn = started else { throw PostgresError(sqlState: "08000", message: "out of memory opening a connection") }
        func refused(_ message: String? = nil) -> PostgresError {
            let said = message ?? String(cString: PQerrorMessage(conn)).trimmingCharacters(in: .whitespacesAndNewlines)
            // libpq says "too many clients" with the server's SQLSTATE only in its text.
            let state = said.contains("too many clients") || said.contains("remaining connection slots") ? "53300" : "08001"
            return PostgresError(sqlState: state, message: "cannot connect to \(PostgresURL.redacted(url)): \(said)")
        }
        do {
            guard PQstatus(conn) != CONNECTION_BAD else { throw refused() }
            // libpq's documented loop: wait for the socket the way PQconnectPoll asks, until it says OK or FAILED.
            var state = PGRES_POLLING_WRITING
            while state != PGRES_POLLING_OK {
                guard state != PGRES_POLLING_FAILED else { throw refused() }
                let ready = Self.poll(PQsocket(conn), state == PGRES_POLLING_READING ? POLLIN : POLLOUT, until: until)
                guard ready != nil else {
                    throw refused("no answer within \(Self.seconds(connectTimeout)) (is the server frozen or cut off?)")
                }
                state = PQconnectPoll(conn)
            }
        } catch {
            PQfinish(conn)
            throw error
        }
        handle = conn
        PQsetnonblocking(conn, 1)
        // Quiet NOTICEs (e.g. "relation already exists, skipping") instead of printing them on stderr.
        PQsetNoticeProcessor(conn, { _, _ in }, nil)
        deadline = until
        defer { deadline = nil }
        // Prepared statements keep one generic plan: the store's statements look rows up by key, and the server's default
        // planned a pick's read of the picks anew at every run (its custom plans, ~50 µs each) and ran it slower.
        try session("SET client_min_messages = warning; SET TIME ZONE 'UTC'; SET plan_cache_mode = force_generic_plan; "
                    + "SET statement_timeout = \(Self.milliseconds(statementTimeout))")
    }

    deinit { PQfinish(handle) }

    /// Whether the connection may still be used (false after the server went away or a statement timed out).
    public var isHealthy: Bool { !broken && PQstatus(handle) == CONNECTION_OK }

    /// Whether an idle connection is still good, without a round trip: healthy, outside any transaction, and nothing
    /// waiting to be read (a pool's connection is sent nothing unasked; a server that ends a connection —
    /// `pg_terminate_backend`, a restart — sends why and closes it, which shows here as something to read).
    package var isIdleAndAlive: Bool {
        guard isHealthy, PQtransactionStatus(handle) == PQTRANS_IDLE else { return false }
        var pfd = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        return Glibc.poll(&pfd, 1, 0) == 0
    }

    /// Sets the server's `statement_timeout` for this session (a call longer than the pool's usual one).
    package func setStatementTimeout(_ limit: Duration) throws {
        try session("SET statement_timeout = \(Self.milliseconds(limit))")
    }

    /// Marks the connection as not to be used again (the pool closes it when it comes back).
    package func discard() { broken = true }

    /// `SELECT 1`: the cheapest question the server answers (the health check's).
    package func probe() throws { try session("SELECT 1") }

    // MARK: Running SQL

    /// Runs one or more statements without parameters (schema scripts, transaction control).
    public func execute(_ sql: String) throws {
        if depth == 0 { mayHaveCommitted = true }
        try session(sql)
    }

    /// Runs statements that change nothing lasting (transaction control, session settings, probes).
    func session(_ sql: String) throws {
        // A rollback (of the transaction, or to a savepoint: every write waiting was made inside it, since a SAVEPOINT
        // sends what waits before it) drops the writes waiting to go; anything else sends them first.
        if sql.hasPrefix("ROLLBACK") { deferred.removeAll() } else { try flushDeferred() }
        // A simple query may hold several statements: a pending BEGIN goes first, in the same round trip.
        var sql = sql
        if let begin = pendingBegin {
            pendingBegin = nil
            sql = begin + "; " + sql
        }
        let result = try roundTrip(sql) { PQsendQuery($0, sql) }
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    /// A statement ready to send: its text with `$n` placeholders, its parameters' types and values in text form, and
    /// the name it is prepared under on this connection (nil: sent unprepared).
    private struct Bound {
        let sql: String
        let text: String
        let types: [Oid]
        let values: [String?]
        let name: String?
        /// What a broken unique constraint means, from the constraint's name (`runLater`).
        var conflict: ((String) -> DomainError)? = nil
    }

    /// `sql` with `params` ready to send, prepared first when it is new to this connection (one round trip of its own,
    /// once per connection).
    private func bind(_ sql: String, _ params: [(any SQLBindable)?]) throws -> Bound {
        let text = placeholders(sql)
        var types: [Oid] = []
        var texts: [String?] = []
        types.reserveCapacity(params.count)
        texts.reserveCapacity(params.count)
        for p in params {
            switch p?.sqliteValue ?? .null {
            case .integer(let i): types.append(20); texts.append(String(i))          // int8
            case .real(let d): types.append(701); texts.append(Self.float8(d))        // float8
            case .text(let s): types.append(25); texts.append(s)                      // text
            case .blob(let b): types.append(17); texts.append("\\x" + b.map { String(format: "%02x", $0) }.joined())  // bytea
            case .null: types.append(0); texts.append(nil)
            }
        }
        return Bound(sql: sql, text: text, types: types, values: texts, name: try preparedName(text, types: types, sql: sql))
    }

    /// Queues `bound` on the connection (libpq's send; the answer is read later).
    private func send(_ b: Bound) -> Int32 {
        b.values.withOptionalCStrings { ptrs in
            if let name = b.name { return PQsendQueryPrepared(handle, name, Int32(b.values.count), ptrs, nil, nil, 0) }
            return PQsendQueryParams(handle, b.text, Int32(b.values.count), b.types, ptrs, nil, nil, 0)
        }
    }

    /// Throws the error `result` reports for `bound` (and forgets a plan the server no longer accepts: another instance
    /// changed the schema, so it is prepared again next time, under a new name).
    private func check(_ result: OpaquePointer, _ b: Bound) throws {
        do { try check(result, sql: b.sql) } catch let e as PostgresError {
            if e.sqlState == "0A000" || e.sqlState == "26000" {
                prepared[PreparedKey(sql: b.text, types: b.types)] = nil
            }
            if e.isUniqueViolation, let conflict = b.conflict { throw conflict(e.constraint ?? e.message) }
            throw e
        }
    }

    /// Runs one statement with `params` bound to its placeholders; returns its rows (empty for a command). Writes
    /// waiting to go (`runLater`) and a pending BEGIN go first, in the same round trip.
    public func query(_ sql: String, _ params: [(any SQLBindable)?] = []) throws -> PostgresRows {
        let b = try bind(sql, params)
        if depth == 0 { mayHaveCommitted = true }
        let result: OpaquePointer
        if pendingBegin != nil || !deferred.isEmpty {
            result = try pipeline([b])[0]
        } else {
            result = try roundTrip(sql) { _ in send(b) }
        }
        do { try check(result, b) } catch { PQclear(result); throw error }
        return PostgresRows(result: result)
    }

    /// Runs several statements in one round trip (libpq's pipeline mode), after the writes waiting to go and a pending
    /// BEGIN; returns each one's rows, in order. The first error is thrown (what follows it was not run).
    public func queryBatch(_ statements: [(sql: String, params: [(any SQLBindable)?])]) throws -> [PostgresRows] {
        let bound = try statements.map { try bind($0.sql, $0.params) }
        if depth == 0 { mayHaveCommitted = true }
        return try pipeline(bound).map { PostgresRows(result: $0) }
    }

    /// Runs a write whose outcome is only success or failure (no rows, no count read) — inside a transaction, with the
    /// transaction's next statement or its COMMIT, in the same round trip; its error is thrown there. Outside one, now.
    /// A broken unique constraint is thrown as what `conflict` makes of its name, when given.
    public func runLater(_ sql: String, _ params: [(any SQLBindable)?] = [], conflict: ((String) -> DomainError)? = nil) throws {
        var b = try bind(sql, params)
        b.conflict = conflict
        deferred.append(b)
        if depth == 0 {
            mayHaveCommitted = true
            try flushDeferred()
        }
    }

    /// Sends the writes waiting to go (and a pending BEGIN) now: before a statement that can't join a pipeline.
    func flushDeferred() throws {
        guard !deferred.isEmpty else { return }
        _ = try pipeline([])
    }

    /// A pending BEGIN, the writes waiting to go and then `steps`, in one pipeline: one round trip. Returns the steps'
    /// results (the caller clears them), or throws the first error among all of them.
    private func pipeline(_ steps: [Bound]) throws -> [OpaquePointer] {
        let begin = pendingBegin
        let all = deferred + steps
        pendingBegin = nil
        deferred.removeAll()
        let firstSQL = begin ?? all.first?.sql ?? ""
        guard !broken else { throw PostgresError(sqlState: "08003", message: "the connection was given up after an earlier failure", sql: firstSQL) }
        let until = deadline ?? .now + statementTimeout
        sentAt = .now
        roundTrips += 1
        guard PQenterPipelineMode(handle) == 1 else { throw failure(firstSQL) }
        if let begin {
            guard PQsendQueryParams(handle, begin, 0, nil, nil, nil, nil, 0) == 1 else { throw failure(begin) }
        }
        for b in all {
            guard send(b) == 1 else { throw failure(b.sql) }
        }
        guard PQpipelineSync(handle) == 1 else { throw failure(firstSQL) }
        try flushOutput(firstSQL, until: until)
        var began: OpaquePointer?
        var results: [OpaquePointer] = []
        results.reserveCapacity(all.count)
        func clearAll() {
            if let began { PQclear(began) }
            results.forEach { PQclear($0) }
            results.removeAll()
            began = nil
        }
        do {
            if let begin { began = try self.results(begin, until: until) }
            for b in all { results.append(try self.results(b.sql, until: until)) }
            // The sync's own result ends the pipeline.
            var synced = false
            while !synced {
                while PQisBusy(handle) == 1 {
                    guard Self.poll(PQsocket(handle), POLLIN, until: until) != nil else { throw timedOut(firstSQL, after: timeLimit(until)) }
                    guard PQconsumeInput(handle) == 1 else { throw failure(firstSQL) }
                }
                guard let r = PQgetResult(handle) else { throw failure(firstSQL) }
                synced = PQresultStatus(r) == PGRES_PIPELINE_SYNC
                PQclear(r)
            }
            guard PQexitPipelineMode(handle) == 1 else { throw failure(firstSQL) }
            // The first error stands: what followed it in the pipeline was not run.
            if let b = began, let begin { try check(b, sql: begin) }
            for (r, b) in zip(results, all) { try check(r, b) }
        } catch {
            clearAll()
            throw error
        }
        if let began { PQclear(began) }
        let queued = results.count - steps.count
        results[..<queued].forEach { PQclear($0) }
        return Array(results[queued...])
    }

    /// The name `text` with `types` is prepared under on this connection, preparing it first (one round trip, outside
    /// any pending BEGIN: a prepared statement belongs to the connection, not the transaction) when it is new; nil once
    /// `maxPrepared` statements are: it then runs unprepared.
    private func preparedName(_ text: String, types: [Oid], sql: String) throws -> String? {
        let key = PreparedKey(sql: text, types: types)
        if let name = prepared[key] { return name }
        guard prepared.count < Self.maxPrepared else { return nil }
        preparedCount += 1
        let name = "clubhouse_\(preparedCount)"
        let result = try roundTrip(sql) { PQsendPrepare($0, name, text, Int32(types.count), types) }
        defer { PQclear(result) }
        try check(result, sql: sql)
        prepared[key] = name
        return name
    }

    /// Runs a statement; returns the number of rows it changed.
    @discardableResult
    public func run(_ sql: String, _ params: [(any SQLBindable)?] = []) throws -> Int {
        let rows = try query(sql, params)
        return Int(String(cString: PQcmdTuples(rows.result))) ?? 0
    }

    /// Calls `body` for each row of the query while positioned on it.
    public func forEach(_ sql: String, _ params: [(any SQLBindable)?] = [], _ body: (PostgresRows) throws -> Void) throws {
        let rows = try query(sql, params)
        while rows.next() { try body(rows) }
    }

    /// The first column of the first row, as `T` (nil when there is no row or it is NULL).
    public func scalar<T: SQLColumnDecodable>(_ sql: String, _ params: [(any SQLBindable)?] = [], as: T.Type = T.self) throws -> T? {
        let rows = try query(sql, params)
        guard rows.next(), !rows.isNull(at: 0) else { return nil }
        guard let t = T(sqliteValue: rows.value(at: 0)) else {
            throw PostgresError(sqlState: "22000", message: "\(rows.value(at: 0)) is not a \(T.self)", sql: sql)
        }
        return t
    }

    // MARK: Transactions

    /// Runs `body` in a transaction begun with `begin`; commits on return, rolls back on throw. Nested calls use savepoints.
    @discardableResult
    public func inTransaction<T>(_ begin: String = "BEGIN", _ body: (PostgresConnection) throws -> T) throws -> T {
        if depth > 0 { return try inSavepoint { try body(self) } }
        // Sent with the first statement (`pendingBegin`).
        pendingBegin = begin
        depth = 1
        defer { depth = 0; pendingBegin = nil; deferred.removeAll() }
        do {
            let result = try body(self)
            // No statement ran: there is no transaction to commit.
            if pendingBegin != nil && deferred.isEmpty { return result }
            // From here a lost connection may have lost the answer to a COMMIT that landed: never run this again.
            mayHaveCommitted = true
            // COMMIT of a transaction an earlier (caught) error aborted answers "ROLLBACK": nothing was saved.
            let commit = try query("COMMIT")
            if String(cString: PQcmdStatus(commit.result)) == "ROLLBACK" {
                throw PostgresError(sqlState: "40001", message: "the transaction was aborted by an earlier error and rolled back")
            }
            return result
        } catch {
            // Writes not sent yet are dropped: the transaction is rolled back (or never began).
            deferred.removeAll()
            if pendingBegin == nil, isHealthy { try? session("ROLLBACK") }
            throw error
        }
    }

    // MARK: LISTEN / NOTIFY

    /// The socket to wait on for notifications (poll it for reading, then call `notifications()`).
    public var socket: Int32 { PQsocket(handle) }

    /// Notifications received so far (reads what the socket has, without blocking).
    public func notifications() throws -> [(channel: String, payload: String)] {
        guard PQconsumeInput(handle) == 1 else {
            throw PostgresError(sqlState: "08006", message: String(cString: PQerrorMessage(handle)))
        }
        var out: [(String, String)] = []
        while let n = PQnotifies(handle) {
            out.append((String(cString: n.pointee.relname), String(cString: n.pointee.extra)))
            PQfreemem(n)
        }
        return out
    }
}
