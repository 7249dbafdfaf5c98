/// Typed identifiers, so a team id can never be passed where a league id is expected.
///
/// A numbered id (a row's number in the database): each type names only its stored number and the letter it is
/// written with; comparing, `init(_:)` and `description` are the same for all. It is coded as the bare number.
public protocol NumberedID: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible where RawValue == Int64 {
    init(rawValue: Int64)
    /// What `description` writes before the number ("L" for `L12`).
    static var prefix: String { get }
}

extension NumberedID {
    public init(_ rawValue: Int64) { self.init(rawValue: rawValue) }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { Self.prefix + "\(rawValue)" }
}

/// A league.
public struct LeagueID: NumberedID {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public static var prefix: String { "L" }
}

/// A fantasy team inside one league. Team ids are the final standings tiebreak.
public struct TeamID: NumberedID {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public static var prefix: String { "T" }
}

/// An account.
public struct UserID: NumberedID {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public static var prefix: String { "U" }
}

/// A real NFL player or team defense, as in the fixture (`00-0033280`, `DST-CAR`).
public struct PlayerID: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { rawValue }
}
