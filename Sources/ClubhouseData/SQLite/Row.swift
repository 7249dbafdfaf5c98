/// One result row, copied out of SQLite (so it outlives the statement and is Sendable).
public struct Row: Hashable, Sendable {
    public let columns: [String]
    public let values: [SQLiteValue]

    public init(columns: [String], values: [SQLiteValue]) { self.columns = columns; self.values = values }

    public subscript(index: Int) -> SQLiteValue { values[index] }
    public subscript(name: String) -> SQLiteValue { columns.firstIndex(of: name).map { values[$0] } ?? .null }

    /// The column as `T`, or nil when it is NULL or missing.
    public func optional<T: SQLColumnDecodable>(_ name: String, as: T.Type = T.self) throws -> T? {
        guard let i = columns.firstIndex(of: name) else { throw DatabaseError.misuse("no column named \(name)") }
        return try optional(i, as: T.self)
    }
    public func optional<T: SQLColumnDecodable>(_ index: Int, as: T.Type = T.self) throws -> T? {
        let v = values[index]
        if v.isNull { return nil }
        guard let t = T(sqliteValue: v) else {
            throw DatabaseError.misuse("column \(columns[index]) holds \(v), not a \(T.self)")
        }
        return t
    }

    /// The column as `T`; throws when it is NULL, missing or of another type.
    public func get<T: SQLColumnDecodable>(_ name: String, as: T.Type = T.self) throws -> T {
        guard let t = try optional(name, as: T.self) else { throw DatabaseError.misuse("column \(name) is NULL") }
        return t
    }
    public func get<T: SQLColumnDecodable>(_ index: Int, as: T.Type = T.self) throws -> T {
        guard let t = try optional(index, as: T.self) else { throw DatabaseError.misuse("column \(columns[index]) is NULL") }
        return t
    }
}
