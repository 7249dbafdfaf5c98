import Foundation
import ClubhouseDomain

/// One SQLite value, as stored.
public enum SQLiteValue: Hashable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case null

    public var isNull: Bool { if case .null = self { true } else { false } }
}

// MARK: - Binding

/// A Swift value that can be bound to a statement parameter.
///
/// Conventions: `Bool` is 0/1; `Date` is stored as Unix seconds (REAL), and read back from REAL,
/// INTEGER (Unix seconds) or TEXT (ISO 8601); typed ids bind their raw value; `nil` binds NULL.
public protocol SQLBindable {
    var sqliteValue: SQLiteValue { get }
}

extension SQLiteValue: SQLBindable { public var sqliteValue: SQLiteValue { self } }
extension Int: SQLBindable { public var sqliteValue: SQLiteValue { .integer(Int64(self)) } }
extension Int64: SQLBindable { public var sqliteValue: SQLiteValue { .integer(self) } }
extension Int32: SQLBindable { public var sqliteValue: SQLiteValue { .integer(Int64(self)) } }
extension Double: SQLBindable { public var sqliteValue: SQLiteValue { .real(self) } }
extension String: SQLBindable { public var sqliteValue: SQLiteValue { .text(self) } }
extension Substring: SQLBindable { public var sqliteValue: SQLiteValue { .text(String(self)) } }
extension Data: SQLBindable { public var sqliteValue: SQLiteValue { .blob(self) } }
extension Bool: SQLBindable { public var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) } }
extension Date: SQLBindable { public var sqliteValue: SQLiteValue { .real(timeIntervalSince1970) } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
}
extension LeagueID: SQLBindable { public var sqliteValue: SQLiteValue { .integer(rawValue) } }
extension TeamID: SQLBindable { public var sqliteValue: SQLiteValue { .integer(rawValue) } }
extension UserID: SQLBindable { public var sqliteValue: SQLiteValue { .integer(rawValue) } }
extension PlayerID: SQLBindable { public var sqliteValue: SQLiteValue { .text(rawValue) } }

// MARK: - Reading

/// A Swift value that can be read from a column. `init?` returns nil when the stored value does not fit.
public protocol SQLColumnDecodable {
    init?(sqliteValue: SQLiteValue)
}

extension SQLiteValue: SQLColumnDecodable { public init?(sqliteValue: SQLiteValue) { self = sqliteValue } }

extension Int64: SQLColumnDecodable {
    public init?(sqliteValue v: SQLiteValue) {
        switch v {
        case .integer(let i): self = i
        case .real(let d) where d.rounded() == d && abs(d) < 9.2e18: self = Int64(d)
        case .text(let s): guard let i = Int64(s) else { return nil }; self = i
        default: return nil
        }
    }
}
extension Int: SQLColumnDecodable {
    public init?(sqliteValue v: SQLiteValue) { guard let i = Int64(sqliteValue: v) else { return nil }; self = Int(i) }
}
extension Double: SQLColumnDecodable {
    public init?(sqliteValue v: SQLiteValue) {
        switch v {
        case .integer(let i): self = Double(i)
        case .real(let d): self = d
        case .text(let s): guard let d = Double(s) else { return nil }; self = d
        default: return nil
        }
    }
}
extension String: SQLColumnDecodable {
    public init?(sqliteValue v: SQLiteValue) {
        switch v {
        case .text(let s): self = s
        case .integer(let i): self = String(i)
        case .real(let d): self = String(d)
        case .blob(let b): guard let s = String(data: b, encoding: .utf8) else { return nil }; self = s
        case .null: return nil
        }
    }
}
extension Data: SQLColumnDecodable {
    public init?(sqliteValue v: SQLiteValue) {
        switch v {
        case .blob(let b): self = b
        case .text(let s): self = Data(s.utf8)
        default: return nil
        }
    }
}
extension Bool: SQLColumnDecodable {
    public init?(sqliteValue v: SQLiteValue) { guard let i = Int64(sqliteValue: v) else { return nil }; self = i != 0 }
}
extension Date: SQLColumnDecodable {
    public init?(sqliteValue v: SQLiteValue) {
        switch v {
        case .integer(let i): self = Date(timeIntervalSince1970: TimeInterval(i))
        case .real(let d): self = Date(timeIntervalSince1970: d)
        case .text(let s):
            guard let d = ISO8601.parse(s) else { return nil }
            self = d
        default: return nil
        }
    }
}
extension LeagueID: SQLColumnDecodable { public init?(sqliteValue v: SQLiteValue) { guard let i = Int64(sqliteValue: v) else { return nil }; self.init(i) } }
extension TeamID: SQLColumnDecodable { public init?(sqliteValue v: SQLiteValue) { guard let i = Int64(sqliteValue: v) else { return nil }; self.init(i) } }
extension UserID: SQLColumnDecodable { public init?(sqliteValue v: SQLiteValue) { guard let i = Int64(sqliteValue: v) else { return nil }; self.init(i) } }
extension PlayerID: SQLColumnDecodable { public init?(sqliteValue v: SQLiteValue) { guard let s = String(sqliteValue: v) else { return nil }; self.init(s) } }
