import ClubhouseDomain
import Foundation

/// What the store's SQL runs on: one connection inside an open transaction — SQLite's `Connection` or a
/// `PostgresConnection`. Parameters are `?` placeholders and `SQLBindable` values on both.
package protocol StoreSQLSession {
    associatedtype Cursor: SQLRowCursor
    var dialect: SQLDialect { get }
    /// Reads the store transaction running on this session already made (see `StoreTransactionMemo`).
    var storeMemo: StoreTransactionMemo { get }
    /// Calls `body` for each row while the cursor is on it.
    func forEach(_ sql: String, _ params: [(any SQLBindable)?], _ body: (Cursor) throws -> Void) throws
    /// Runs a statement; returns the number of rows it changed.
    @discardableResult
    func run(_ sql: String, _ params: [(any SQLBindable)?]) throws -> Int
    /// Runs a write whose outcome is only success or failure. PostgreSQL sends it with the transaction's next statement
    /// or its COMMIT, in the same round trip, and throws its error there; SQLite runs it now. A broken unique
    /// constraint is thrown as what `conflict` makes of the database's words for it (PostgreSQL: the constraint's name,
    /// `picks_league_id_player_id_key`; SQLite: its message, `UNIQUE constraint failed: picks.league_id, picks.player_id`).
    func runLater(_ sql: String, _ params: [(any SQLBindable)?], conflict: ((String) -> DomainError)?) throws
    /// Runs several SELECTs and calls `body` with each one's index for every row it gives, statement by statement.
    /// PostgreSQL sends them in one round trip (with whatever is waiting to go); SQLite runs them one after another.
    func forEachOfBatch(_ statements: [(sql: String, params: [(any SQLBindable)?])], _ body: (Int, Cursor) throws -> Void) throws
    /// Runs an INSERT into a table keyed by `id`; returns the new row's id.
    func insert(_ sql: String, _ params: [(any SQLBindable)?]) throws -> Int64
    func scalar<T: SQLColumnDecodable>(_ sql: String, _ params: [(any SQLBindable)?], as: T.Type) throws -> T?
    /// Runs `body` so that a constraint failure inside it leaves the transaction usable (PostgreSQL aborts the
    /// whole transaction on any error unless a savepoint catches it; SQLite fails only the statement).
    func recovering<T>(_ body: () throws -> T) throws -> T
    /// Inserts many rows into `table` at once (SQLite: one prepared statement run per row; PostgreSQL: `COPY`).
    func insertRows(into table: String, columns: [String], rows: [[SQLiteValue]]) throws
    /// Runs a statement with values already in SQLite's terms (no boxing per value: bulk upserts).
    func run(_ sql: String, values: [SQLiteValue]) throws
    /// Inserts one row of `events` — `values` are its league_id, kind, payload and at. PostgreSQL takes its append
    /// lock before the id is drawn and NOTIFYs the followers, in the same statement, sent with the transaction's
    /// next statement or its COMMIT (`runLater`).
    func appendEvent(_ values: [(any SQLBindable)?]) throws
}

/// The few places where SQLite's SQL and PostgreSQL's differ.
package enum SQLDialect: Sendable {
    case sqlite, postgres

    /// A subquery yielding the integers of the JSON array bound to its one parameter.
    package var idsOfJSONArray: String {
        switch self {
        case .sqlite: "SELECT value FROM json_each(?)"
        case .postgres: "SELECT value::bigint FROM json_array_elements_text(?::json)"
        }
    }

    /// The current time in Unix seconds.
    package var nowSeconds: String {
        switch self {
        case .sqlite: "strftime('%s','now')"
        case .postgres: "extract(epoch from now())"
        }
    }
}

/// The current row of a query (0-based columns): SQLite's `Statement` or PostgreSQL's `PostgresRows`.
package protocol SQLRowCursor {
    func isNull(at i: Int32) -> Bool
    func int64(at i: Int32) -> Int64
    func int(at i: Int32) -> Int
    func double(at i: Int32) -> Double
    func bool(at i: Int32) -> Bool
    func string(at i: Int32) -> String
    func optionalString(at i: Int32) -> String?
    func optionalInt(at i: Int32) -> Int?
    func date(at i: Int32) -> Date?
    func value(at i: Int32) -> SQLiteValue
}

/// A database failure the store tells apart: a broken unique constraint is a lost race or a taken name.
package protocol StoreSQLError: Error {
    var isUniqueViolation: Bool { get }
    var message: String { get }
}

/// A connection whose nested transactions are savepoints (SQLite's and PostgreSQL's alike).
package protocol SavepointNesting: AnyObject {
    /// Open transaction levels (0 = none).
    var depth: Int { get set }
    func execute(_ sql: String) throws
}

extension SavepointNesting {
    /// Runs `body` inside a savepoint of the open transaction: released on return, rolled back to on throw.
    package func inSavepoint<T>(_ body: () throws -> T) throws -> T {
        let name = "sp\(depth)"
        try execute("SAVEPOINT \(name)")
        depth += 1
        defer { depth -= 1 }
        do {
            let result = try body()
            try execute("RELEASE SAVEPOINT \(name)")
            return result
        } catch {
            try? execute("ROLLBACK TO SAVEPOINT \(name); RELEASE SAVEPOINT \(name)")
            throw error
        }
    }
}

extension Connection: SavepointNesting {}
extension DatabaseError: StoreSQLError {}
extension Statement: SQLRowCursor {}

extension Connection: StoreSQLSession {
    package var dialect: SQLDialect { .sqlite }

    package func forEach(_ sql: String, _ params: [(any SQLBindable)?], _ body: (Statement) throws -> Void) throws {
        try cachedStatement(sql).forEach(params, body)
    }

    package func insert(_ sql: String, _ params: [(any SQLBindable)?]) throws -> Int64 {
        try cachedStatement(sql).run(params)
        return lastInsertRowID
    }

    package func recovering<T>(_ body: () throws -> T) throws -> T { try body() }
    package func run(_ sql: String, values: [SQLiteValue]) throws { try cachedStatement(sql).run(values: values) }
    package func runLater(_ sql: String, _ params: [(any SQLBindable)?], conflict: ((String) -> DomainError)?) throws {
        do { _ = try cachedStatement(sql).run(params) } catch let e as DatabaseError where e.isUniqueViolation {
            guard let conflict else { throw e }
            throw conflict(e.message)
        }
    }
    package func forEachOfBatch(_ statements: [(sql: String, params: [(any SQLBindable)?])], _ body: (Int, Statement) throws -> Void) throws {
        for (i, s) in statements.enumerated() { try cachedStatement(s.sql).forEach(s.params) { try body(i, $0) } }
    }
    /// Many rows per statement (as many as 999 parameters allow, SQLite's oldest limit): one step inserts them all,
    /// instead of one bind-step-reset round per row (the shipped season's 101,772 plays at a first start).
    package func insertRows(into table: String, columns: [String], rows: [[SQLiteValue]]) throws {
        guard !columns.isEmpty else { return }
        let perStatement = max(1, 999 / columns.count)
        let tuple = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        let head = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        var values: [SQLiteValue] = []
        values.reserveCapacity(perStatement * columns.count)
        var start = rows.startIndex
        while start < rows.endIndex {
            let end = min(start + perStatement, rows.endIndex)
            values.removeAll(keepingCapacity: true)
            for row in rows[start..<end] { values.append(contentsOf: row) }
            // At most two texts: the full batch and the last one's (cached like any statement).
            try cachedStatement(head + Array(repeating: tuple, count: end - start).joined(separator: ", ")).run(values: values)
            start = end
        }
    }
    package func appendEvent(_ values: [(any SQLBindable)?]) throws {
        _ = try cachedStatement("INSERT INTO events (league_id, kind, payload, at) VALUES (?, ?, ?, ?)").run(values)
    }
}
