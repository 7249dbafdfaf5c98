import CPostgres
import ClubhouseData
import ClubhouseDomain
import Foundation
import Glibc

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
    /// Read from the text in place (no String per value: a pick's reads hold a few thousand numbers). Text that isn't
    /// a plain integer takes the long way (a float column read as an integer).
    public func int64(at i: Int32) -> Int64 {
        guard let p = PQgetvalue(result, row, i) else { return 0 }
        var q = p
        let negative = q.pointee == 0x2D   // "-"
        if negative { q += 1 }
        var value: Int64 = 0
        var digits = 0
        while q.pointee >= 0x30 && q.pointee <= 0x39 && digits < 18 {
            value = value * 10 + Int64(q.pointee - 0x30)
            q += 1
            digits += 1
        }
        if q.pointee == 0 && digits > 0 { return negative ? -value : value }
        let s = String(cString: p)
        return Int64(s) ?? Double(s).map { Int64($0) } ?? 0
    }
    public func int(at i: Int32) -> Int { Int(int64(at: i)) }
    public func double(at i: Int32) -> Double {
        guard let p = PQgetvalue(result, row, i), p.pointee != 0 else { return 0 }
        var end: UnsafeMutablePointer<CChar>?
        let d = strtod(p, &end)
        if let end, end.pointee == 0 { return d }
        return Double(String(cString: p)) ?? 0
    }
    public func bool(at i: Int32) -> Bool {
        guard let p = PQgetvalue(result, row, i) else { return false }
        if p.pointee == 0x74 && p[1] == 0 { return true }    // "t"
        if p.pointee == 0x66 && p[1] == 0 { return false }   // "f"
        return int64(at: i) != 0
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
    /// The server didn't answer a statement by the client's deadline (not the server's own `statement_timeout`).
    public var serverSilent = false

    public init(sqlState: String, message: String, sql: String? = nil, constraint: String? = nil) {
        self.sqlState = sqlState; self.message = message; self.sql = sql; self.constraint = constraint
    }

    public var isUniqueViolation: Bool { sqlState == "23505" }
    public var isConstraint: Bool { sqlState.hasPrefix("23") }
    /// Serialization failure or deadlock: the transaction lost to a concurrent one and may simply run again.
    public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }
    /// The connection broke or the server ended it (shut down, restarted, `pg_terminate_backend`).
    public var isConnectionFailure: Bool { sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState) }
    /// No answer in time: the client's deadline passed (the connection was given up) or the server's `statement_timeout`.
    public var isTimeout: Bool { sqlState == "57014" }
    /// The server has no connection slot left (`max_connections`).
    public var isTooManyConnections: Bool { sqlState == "53300" }
    /// The database can't serve just now: unreachable, restarting, full, or not answering in time.
    public var isUnavailable: Bool { isConnectionFailure || isTimeout || isTooManyConnections }

    /// The database itself looks down: it can't be connected to (refused, unreachable, no answer, authentication
    /// failing — but not "no slot left"), or it left a statement unanswered. A lost connection alone isn't: the server
    /// may have ended just that one.
    public var showsOutage: Bool { serverSilent || sqlState == "08001" }

    /// A call that got no answer in time.
    static func timedOut(_ message: String, sql: String? = nil) -> PostgresError { PostgresError(sqlState: "57014", message: message, sql: sql) }

    public var description: String {
        var s = "PostgreSQL error \(sqlState): \(message)"
        if let sql { s += " [\(sql.prefix(200))]" }
        return s
    }

    /// The Domain's view: a lost race is a conflict, everything else a storage failure.
    public var domainError: DomainError {
        if isConstraint { return .conflict(message) }
        if isUnavailable { return .storage("The league database (PostgreSQL) can't be reached: \(message)") }
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
