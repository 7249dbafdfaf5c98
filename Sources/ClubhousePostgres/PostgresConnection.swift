import CPostgres
import ClubhouseData
import ClubhouseDomain
import Foundation

/// One open PostgreSQL connection (libpq). Not Sendable and not locked: use it through `PostgresDatabase`, which
/// hands each transaction its own connection from a pool.
///
/// Parameters are the SQLite layer's typed values (`SQLBindable` → `SQLiteValue`), sent in text form with their
/// type (integer → int8, real → float8, text → text, blob → bytea), so the store's SQL and the values it binds are
/// the same on both databases. `?` placeholders (and SQLite's `?N`) are rewritten to PostgreSQL's `$n` once per
/// SQL text. Results are read in text form through `PostgresRows`.
public final class PostgresConnection {
    let handle: OpaquePointer
    /// Rewritten SQL texts (`?` → `$n`), by the text given.
    private var rewritten: [String: String] = [:]
    /// Open transaction levels (0 = none); nested `inTransaction` calls become savepoints.
    package var depth = 0

    /// Opens a connection to `url` (`postgres://user@host:port/db?…` or a `key=value` conninfo string).
    /// GSSAPI encryption is always off: Clubhouse speaks to PostgreSQL on a trusted network or loopback, and
    /// libpq's GSS probe is what crashed on connect on a machine without Kerberos set up.
    public init(url: String) throws {
        let keys = ["dbname", "gssencmode", "application_name", "connect_timeout"]
        let values = [url, "disable", "clubhouse", "5"]
        let conn = keys.withCStrings { k in values.withCStrings { v in PQconnectdbParams(k, v, 1) } }
        guard let conn else { throw PostgresError(sqlState: "08000", message: "out of memory opening a connection") }
        guard PQstatus(conn) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(conn)).trimmingCharacters(in: .whitespacesAndNewlines)
            PQfinish(conn)
            throw PostgresError(sqlState: "08001", message: "cannot connect to \(PostgresURL.redacted(url)): \(message)")
        }
        handle = conn
        // Quiet NOTICEs (e.g. "relation already exists, skipping") instead of printing them on stderr.
        PQsetNoticeProcessor(conn, { _, _ in }, nil)
        try execute("SET client_min_messages = warning; SET TIME ZONE 'UTC'")
    }

    deinit { PQfinish(handle) }

    /// Whether the server connection is still usable (false after the server went away).
    public var isHealthy: Bool { PQstatus(handle) == CONNECTION_OK }

    // MARK: Running SQL

    /// Runs one or more statements without parameters (schema scripts, transaction control).
    public func execute(_ sql: String) throws {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    /// Runs one statement with `params` bound to its placeholders; returns its rows (empty for a command).
    public func query(_ sql: String, _ params: [(any SQLBindable)?] = []) throws -> PostgresRows {
        let text = placeholders(sql)
        let values = params.map { $0?.sqliteValue ?? .null }
        var types: [Oid] = []
        var texts: [String?] = []
        types.reserveCapacity(values.count)
        for v in values {
            switch v {
            case .integer(let i): types.append(20); texts.append(String(i))          // int8
            case .real(let d): types.append(701); texts.append(Self.float8(d))        // float8
            case .text(let s): types.append(25); texts.append(s)                      // text
            case .blob(let b): types.append(17); texts.append("\\x" + b.map { String(format: "%02x", $0) }.joined())  // bytea
            case .null: types.append(0); texts.append(nil)
            }
        }
        let result = texts.withOptionalCStrings { ptrs in
            PQexecParams(handle, text, Int32(values.count), types, ptrs, nil, nil, 0)
        }
        do { try check(result, sql: sql) } catch { PQclear(result); throw error }
        return PostgresRows(result: result!)
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

    /// Loads `rows` into `table` with `COPY … FROM STDIN` (text format): the fast path for seeding.
    public func copy(into table: String, columns: [String], rows: some Sequence<[SQLiteValue]>) throws {
        let sql = "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN"
        let start = PQexec(handle, sql)
        guard PQresultStatus(start) == PGRES_COPY_IN else {
            defer { PQclear(start) }
            try check(start, sql: sql)
            throw PostgresError(sqlState: "XX000", message: "COPY did not start", sql: sql)
        }
        PQclear(start)
        var buffer = ""
        func flush() throws {
            guard !buffer.isEmpty else { return }
            let rc = buffer.withCString { PQputCopyData(handle, $0, Int32(strlen($0))) }
            buffer = ""
            if rc != 1 { throw PostgresError(sqlState: "08006", message: String(cString: PQerrorMessage(handle)), sql: sql) }
        }
        for row in rows {
            buffer += row.map(Self.copyField).joined(separator: "\t") + "\n"
            if buffer.utf8.count > 1 << 16 { try flush() }
        }
        try flush()
        guard PQputCopyEnd(handle, nil) == 1 else {
            throw PostgresError(sqlState: "08006", message: String(cString: PQerrorMessage(handle)), sql: sql)
        }
        while let result = PQgetResult(handle) {
            defer { PQclear(result) }
            try check(result, sql: sql)
        }
    }

    private static func copyField(_ v: SQLiteValue) -> String {
        switch v {
        case .null: return "\\N"
        case .integer(let i): return String(i)
        case .real(let d): return float8(d)
        case .blob(let b): return "\\\\x" + b.map { String(format: "%02x", $0) }.joined()
        case .text(let s):
            var out = ""
            for c in s.unicodeScalars {
                switch c {
                case "\\": out += "\\\\"
                case "\t": out += "\\t"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                default: out.unicodeScalars.append(c)
                }
            }
            return out
        }
    }

    /// A double in text PostgreSQL reads back to the same value (Swift's description is shortest round-trip).
    static func float8(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d > 0 ? "Infinity" : "-Infinity" }
        return "\(d)"
    }

    // MARK: Transactions

    /// Runs `body` in a transaction begun with `begin`; commits on return, rolls back on throw. Nested calls use savepoints.
    @discardableResult
    public func inTransaction<T>(_ begin: String = "BEGIN", _ body: (PostgresConnection) throws -> T) throws -> T {
        if depth > 0 { return try inSavepoint { try body(self) } }
        try execute(begin)
        depth = 1
        defer { depth = 0 }
        do {
            let result = try body(self)
            // COMMIT of a transaction an earlier (caught) error aborted answers "ROLLBACK": nothing was saved.
            let commit = try query("COMMIT")
            if String(cString: PQcmdStatus(commit.result)) == "ROLLBACK" {
                throw PostgresError(sqlState: "40001", message: "the transaction was aborted by an earlier error and rolled back")
            }
            return result
        } catch {
            try? execute("ROLLBACK")
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

    // MARK: Errors

    private func check(_ result: OpaquePointer?, sql: String) throws {
        guard let result else {
            throw PostgresError(sqlState: "08006", message: String(cString: PQerrorMessage(handle)), sql: sql)
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_COPY_IN, PGRES_EMPTY_QUERY: return
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? "XX000"
            let message = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
                ?? String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
            let constraint = PQresultErrorField(result, Int32(UInt8(ascii: "n"))).map { String(cString: $0) }
            throw PostgresError(sqlState: state, message: message, sql: sql, constraint: constraint)
        }
    }

    /// `sql` with `?` and `?N` placeholders as `$n` (quoted text and identifiers left alone), rewritten once per text.
    func placeholders(_ sql: String) -> String {
        if let hit = rewritten[sql] { return hit }
        let out = Self.rewritePlaceholders(sql)
        if rewritten.count >= 256 { rewritten.removeAll(keepingCapacity: true) }
        rewritten[sql] = out
        return out
    }

    static func rewritePlaceholders(_ sql: String) -> String {
        var out = ""
        var n = 0
        var quote: Character?
        var chars = Array(sql)[...]
        while let c = chars.popFirst() {
            if let q = quote {
                out.append(c)
                if c == q { quote = nil }
                continue
            }
            switch c {
            case "'", "\"": quote = c; out.append(c)
            case "?":
                var digits = ""
                while let d = chars.first, d.isASCII, d.isNumber { digits.append(d); chars.removeFirst() }
                if digits.isEmpty { n += 1; out += "$\(n)" } else { out += "$" + digits }
            default: out.append(c)
            }
        }
        return out
    }
}

/// The rows of one result, read in place: `next()` moves to the following row, the accessors read the current one
/// (0-based columns, the same accessors as SQLite's `Statement`).
public final class PostgresRows {
    let result: OpaquePointer
    private var row: Int32 = -1
    public let count: Int32

    init(result: OpaquePointer) { self.result = result; count = PQntuples(result) }
    deinit { PQclear(result) }

    /// Moves to the next row; false after the last.
    public func next() -> Bool {
        guard row + 1 < count else { return false }
        row += 1
        return true
    }

    public func isNull(at i: Int32) -> Bool { PQgetisnull(result, row, i) != 0 }
    public func string(at i: Int32) -> String {
        guard let p = PQgetvalue(result, row, i) else { return "" }
        return String(cString: p)
    }
    public func int64(at i: Int32) -> Int64 {
        let s = string(at: i)
        return Int64(s) ?? Double(s).map { Int64($0) } ?? 0
    }
    public func int(at i: Int32) -> Int { Int(int64(at: i)) }
    public func double(at i: Int32) -> Double { Double(string(at: i)) ?? 0 }
    public func bool(at i: Int32) -> Bool {
        let s = string(at: i)
        return s == "t" || (Int64(s) ?? 0) != 0
    }
    public func optionalString(at i: Int32) -> String? { isNull(at: i) ? nil : string(at: i) }
    public func optionalInt(at i: Int32) -> Int? { isNull(at: i) ? nil : int(at: i) }
    public func date(at i: Int32) -> Date? { isNull(at: i) ? nil : Date(timeIntervalSince1970: double(at: i)) }

    /// The current row's column as a typed value (by the column's PostgreSQL type).
    public func value(at i: Int32) -> SQLiteValue {
        if isNull(at: i) { return .null }
        switch PQftype(result, i) {
        case 20, 21, 23: return .integer(int64(at: i))   // int8, int2, int4
        case 700, 701, 1700: return .real(double(at: i)) // float4, float8, numeric
        case 16: return .integer(bool(at: i) ? 1 : 0)    // bool
        default: return .text(string(at: i))
        }
    }

    /// Column names, in order.
    public var columnNames: [String] { (0..<PQnfields(result)).map { String(cString: PQfname(result, $0)) } }
}

/// A failure reported by PostgreSQL (or libpq), with its SQLSTATE so callers can tell a lost race
/// (`isUniqueViolation`), a serialization failure to retry, and a lost connection apart.
public struct PostgresError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Five-character SQLSTATE (23505 unique violation, 40001 serialization failure, 08xxx connection…).
    public var sqlState: String
    public var message: String
    public var sql: String?
    /// The constraint named by the server, when there is one.
    public var constraint: String?

    public init(sqlState: String, message: String, sql: String? = nil, constraint: String? = nil) {
        self.sqlState = sqlState; self.message = message; self.sql = sql; self.constraint = constraint
    }

    public var isUniqueViolation: Bool { sqlState == "23505" }
    public var isConstraint: Bool { sqlState.hasPrefix("23") }
    /// Serialization failure or deadlock: the transaction lost to a concurrent one and may simply run again.
    public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }
    public var isConnectionFailure: Bool { sqlState.hasPrefix("08") || sqlState == "57P01" }

    public var description: String {
        var s = "PostgreSQL error \(sqlState): \(message)"
        if let sql { s += " [\(sql.prefix(200))]" }
        return s
    }

    /// The Domain's view: a lost race is a conflict, everything else a storage failure.
    public var domainError: DomainError {
        if isConstraint { return .conflict(message) }
        if isConnectionFailure { return .storage("The league database (PostgreSQL) can't be reached: \(message)") }
        return .storage("The league database (PostgreSQL) failed: \(message)")
    }
}

extension Array where Element == String {
    /// Calls `body` with a NULL-terminated C array of these strings.
    func withCStrings<R>(_ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var ptrs: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        return ptrs.withUnsafeMutableBufferPointer { body(UnsafePointer($0.baseAddress!)) }
    }
}

extension Array where Element == String? {
    /// Calls `body` with a C array of these strings (NULL for nil), or nil when empty.
    func withOptionalCStrings<R>(_ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        let copies = map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        var ptrs: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        if ptrs.isEmpty { return body(nil) }
        return ptrs.withUnsafeMutableBufferPointer { body(UnsafePointer($0.baseAddress!)) }
    }
}
