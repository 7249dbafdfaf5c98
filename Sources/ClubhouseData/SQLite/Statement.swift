import CSQLite
import Foundation

/// A prepared statement. Not Sendable: it belongs to its `Connection`, which is confined by `Database`.
public final class Statement {
    let handle: OpaquePointer
    public let sql: String
    /// The connection's sqlite3 handle. Safe to keep: `sqlite3_close_v2` leaves the handle alive (a zombie)
    /// until its last statement is finalized, so a statement may outlive its `Connection` object.
    private let db: OpaquePointer
    /// Column names, read once.
    public private(set) lazy var columnNames: [String] = (0..<sqlite3_column_count(handle)).map {
        String(cString: sqlite3_column_name(handle, $0))
    }

    init(connection: Connection, sql: String) throws {
        self.db = connection.handle
        self.sql = sql
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            throw DatabaseError.from(connection.handle, rc, sql: sql)
        }
        handle = stmt
    }

    deinit { sqlite3_finalize(handle) }

    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    // MARK: Binding

    /// Resets the statement and binds `params` to ?1…?n.
    public func bind(_ params: [(any SQLBindable)?]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard params.count == parameterCount else {
            throw DatabaseError.misuse("statement takes \(parameterCount) parameters, got \(params.count)", sql: sql)
        }
        for (i, p) in params.enumerated() {
            try bind(p?.sqliteValue ?? .null, at: Int32(i + 1))
        }
    }

    /// Binds values already in SQLite's terms and runs the statement (bulk inserts: no boxing per value).
    public func run(values: [SQLiteValue]) throws {
        sqlite3_reset(handle)
        guard values.count == parameterCount else {
            throw DatabaseError.misuse("statement takes \(parameterCount) parameters, got \(values.count)", sql: sql)
        }
        for (i, v) in values.enumerated() { try bind(v, at: Int32(i + 1)) }
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Binds one value at a 1-based index.
    public func bind(_ value: SQLiteValue, at index: Int32) throws {
        let rc: Int32
        switch value {
        case .integer(let i): rc = sqlite3_bind_int64(handle, index, i)
        case .real(let d): rc = sqlite3_bind_double(handle, index, d)
        case .text(let s):
            let count = Int32(s.utf8.count)
            rc = s.withCString { sqlite3_bind_text(handle, index, $0, count, cs_sqlite_transient()) }
        case .blob(let data):
            if data.isEmpty {
                rc = sqlite3_bind_zeroblob(handle, index, 0)
            } else {
                rc = data.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), cs_sqlite_transient()) }
            }
        case .null: rc = sqlite3_bind_null(handle, index)
        }
        guard rc == SQLITE_OK else { throw DatabaseError.from(db, rc, sql: sql) }
    }

    // MARK: Stepping

    /// Advances; true when a row is available.
    @discardableResult
    public func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let err = DatabaseError.from(db, rc, sql: sql)
            sqlite3_reset(handle)
            throw err
        }
    }

    /// Binds, runs to completion, resets. Returns the number of rows changed.
    @discardableResult
    public func run(_ params: [(any SQLBindable)?] = []) throws -> Int {
        try bind(params)
        defer { sqlite3_reset(handle) }
        while try step() {}
        return Int(sqlite3_changes64(db))
    }

    /// Binds, collects every row, resets.
    public func rows(_ params: [(any SQLBindable)?] = []) throws -> [Row] {
        try bind(params)
        defer { sqlite3_reset(handle) }
        var out: [Row] = []
        let names = columnNames
        while try step() {
            out.append(Row(columns: names, values: (0..<Int32(names.count)).map(value(at:))))
        }
        return out
    }

    /// Binds and calls `body` for each row while the statement is positioned on it (no copying).
    public func forEach(_ params: [(any SQLBindable)?] = [], _ body: (Statement) throws -> Void) throws {
        try bind(params)
        defer { sqlite3_reset(handle) }
        while try step() { try body(self) }
    }

    // MARK: Columns of the current row (0-based)

    public func isNull(at i: Int32) -> Bool { sqlite3_column_type(handle, i) == SQLITE_NULL }
    public func int64(at i: Int32) -> Int64 { sqlite3_column_int64(handle, i) }
    public func int(at i: Int32) -> Int { Int(sqlite3_column_int64(handle, i)) }
    public func double(at i: Int32) -> Double { sqlite3_column_double(handle, i) }
    public func bool(at i: Int32) -> Bool { sqlite3_column_int64(handle, i) != 0 }
    public func string(at i: Int32) -> String {
        guard let p = sqlite3_column_text(handle, i) else { return "" }
        let n = Int(sqlite3_column_bytes(handle, i))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }
    public func optionalString(at i: Int32) -> String? { isNull(at: i) ? nil : string(at: i) }
    public func optionalInt(at i: Int32) -> Int? { isNull(at: i) ? nil : int(at: i) }
    public func data(at i: Int32) -> Data {
        let n = Int(sqlite3_column_bytes(handle, i))
        guard n > 0, let p = sqlite3_column_blob(handle, i) else { return Data() }
        return Data(bytes: p, count: n)
    }
    public func date(at i: Int32) -> Date? { Date(sqliteValue: value(at: i)) }

    public func value(at i: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, i) {
        case SQLITE_INTEGER: .integer(int64(at: i))
        case SQLITE_FLOAT: .real(double(at: i))
        case SQLITE_TEXT: .text(string(at: i))
        case SQLITE_BLOB: .blob(data(at: i))
        default: .null
        }
    }
}
