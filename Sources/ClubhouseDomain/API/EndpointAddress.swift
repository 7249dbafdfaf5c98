import Foundation

/// An endpoint's path and query parameters as text: what the server parses from a request and the remote transport
/// writes into one. Codable: a pending write keeps its address on disk through a sign-in.
public struct RawAddress: Hashable, Codable, Sendable {
    public var path: [String: String]
    public var query: [String: String]
    public init(path: [String: String] = [:], query: [String: String] = [:]) { self.path = path; self.query = query }

    /// A parameter that isn't what its endpoint takes: the server answers 400 `bad_parameter` naming it.
    public struct Invalid: Error, Hashable, Sendable {
        public let name: String
        /// "a positive whole number"
        public let expected: String
    }

    public func id(_ name: String) throws(Invalid) -> Int64 {
        guard let raw = path[name] ?? query[name], let n = Int64(raw), n > 0 else { throw Invalid(name: name, expected: "a positive whole number") }
        return n
    }
    public var league: LeagueID { get throws(Invalid) { LeagueID(try id("league")) } }
    /// A team; 0 stands for "my team in this league" in a write kept through sign-in (`GatedWrite.myTeam`).
    public var team: TeamID {
        get throws(Invalid) {
            if path["team"] == "0" { return TeamID(0) }
            return TeamID(try id("team"))
        }
    }
    public var user: UserID { get throws(Invalid) { UserID(try id("user")) } }
    public var week: Int {
        get throws(Invalid) {
            guard let raw = path["week"], let w = Int(raw), (1...30).contains(w) else { throw Invalid(name: "week", expected: "a week number") }
            return w
        }
    }
    public var player: PlayerID {
        get throws(Invalid) {
            guard let raw = path["player"], (1...40).contains(raw.count),
                  raw.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }) else {
                throw Invalid(name: "player", expected: "a player id like 00-0033280")
            }
            return PlayerID(raw)
        }
    }
    public var code: String {
        get throws(Invalid) {
            guard let raw = path["code"], (1...64).contains(raw.count) else { throw Invalid(name: "code", expected: "an invite code") }
            return raw
        }
    }
    /// An optional whole-number query parameter.
    public func optionalInt(_ name: String) throws(Invalid) -> Int? {
        guard let raw = query[name] else { return nil }
        guard let n = Int(raw) else { throw Invalid(name: name, expected: "a whole number") }
        return n
    }
    /// An optional query parameter from a fixed set of names (`position=WR`).
    public func optional<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws(Invalid) -> T? where T.RawValue == String {
        guard let raw = query[name] else { return nil }
        guard let value = T(rawValue: raw) else { throw Invalid(name: name, expected: "one of " + T.allCases.map(\.rawValue).joined(separator: ", ")) }
        return value
    }

    /// A value percent-encoded down to RFC 3986's unreserved ASCII (the server refuses raw non-ASCII bytes).
    public static func escape(_ s: String) -> String { s.addingPercentEncoding(withAllowedCharacters: unreserved) ?? s }
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `?a=1&b=2`, keys sorted (the same read is the same URL, so the same cache entry), or "" without a query.
    public var queryString: String {
        query.isEmpty ? "" : "?" + query.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.escape($0.value))" }.joined(separator: "&")
    }
}

/// An endpoint's typed address: made from and written to `RawAddress`.
public protocol EndpointAddress: Hashable, Sendable {
    init(_ raw: RawAddress) throws(RawAddress.Invalid)
    var raw: RawAddress { get }
}

/// The addresses the endpoints use, by what they name.
public enum At {
    /// No parameters (`/v1/leagues` for creating one, `/v1/seasons`).
    public struct Root: EndpointAddress {
        public init() {}
        public init(_ raw: RawAddress) {}
        public var raw: RawAddress { RawAddress() }
    }

    public struct League: EndpointAddress {
        public var league: LeagueID
        public init(_ league: LeagueID) { self.league = league }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) { league = try raw.league }
        public var raw: RawAddress { RawAddress(path: ["league": "\(league.rawValue)"]) }
    }

    public struct Team: EndpointAddress {
        public var league: LeagueID, team: TeamID
        public init(_ league: LeagueID, _ team: TeamID) { self.league = league; self.team = team }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) { league = try raw.league; team = try raw.team }
        public var raw: RawAddress { RawAddress(path: ["league": "\(league.rawValue)", "team": "\(team.rawValue)"]) }
    }

    /// `GET /v1/leagues?name=&state=`
    public struct LeagueList: EndpointAddress {
        public var filter: LeagueFilter
        public init(_ filter: LeagueFilter) { self.filter = filter }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) {
            filter = LeagueFilter(nameContains: raw.query["name"], state: try raw.optional("state", LeagueState.self))
        }
        public var raw: RawAddress {
            var q: [String: String] = [:]
            q["name"] = filter.nameContains; q["state"] = filter.state?.rawValue
            return RawAddress(query: q)
        }
    }

    /// A week's scoreboard (the league's current week when nil).
    public struct Scoreboard: EndpointAddress {
        public var league: LeagueID, week: Int?
        public init(_ league: LeagueID, week: Int?) { self.league = league; self.week = week }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) { league = try raw.league; week = try raw.optionalInt("week") }
        public var raw: RawAddress { RawAddress(path: ["league": "\(league.rawValue)"], query: week.map { ["week": "\($0)"] } ?? [:]) }
    }

    public struct Matchup: EndpointAddress {
        public var league: LeagueID, week: Int, team: TeamID
        public init(_ league: LeagueID, week: Int, team: TeamID) { self.league = league; self.week = week; self.team = team }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) { league = try raw.league; week = try raw.week; team = try raw.team }
        public var raw: RawAddress { RawAddress(path: ["league": "\(league.rawValue)", "week": "\(week)", "team": "\(team.rawValue)"]) }
    }

    /// A player's page, under a league's scoring and clock when given.
    public struct Player: EndpointAddress {
        public var player: PlayerID, league: LeagueID?
        public init(_ player: PlayerID, league: LeagueID?) { self.player = player; self.league = league }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) {
            player = try raw.player
            league = try raw.optionalInt("league").map { LeagueID(Int64($0)) }
        }
        public var raw: RawAddress { RawAddress(path: ["player": player.rawValue], query: league.map { ["league": "\($0.rawValue)"] } ?? [:]) }
    }

    /// The players a league's teams may add, by position and order.
    public struct Players: EndpointAddress {
        public var league: LeagueID, position: Position?, sort: PlayerSort
        public init(_ league: LeagueID, position: Position?, sort: PlayerSort) { self.league = league; self.position = position; self.sort = sort }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) {
            league = try raw.league
            position = try raw.optional("position", Position.self)
            sort = try raw.optional("sort", PlayerSort.self) ?? .seasonPoints
        }
        public var raw: RawAddress {
            var q = ["sort": sort.rawValue]
            q["position"] = position?.rawValue
            return RawAddress(path: ["league": "\(league.rawValue)"], query: q)
        }
    }

    /// The league chat: the latest messages, those after a message id, or those before one.
    public struct Chat: EndpointAddress {
        public var league: LeagueID, after: Int64?, before: Int64?
        public init(_ league: LeagueID, after: Int64?) { self.league = league; self.after = after; self.before = nil }
        public init(_ league: LeagueID, before: Int64) { self.league = league; self.after = nil; self.before = before }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) {
            league = try raw.league; after = try raw.optionalInt("after").map(Int64.init); before = try raw.optionalInt("before").map(Int64.init)
        }
        public var raw: RawAddress {
            var q: [String: String] = [:]
            q["after"] = after.map { "\($0)" }
            q["before"] = before.map { "\($0)" }
            return RawAddress(path: ["league": "\(league.rawValue)"], query: q)
        }
    }

    /// One message of the league chat.
    public struct Message: EndpointAddress {
        public var league: LeagueID, message: Int64
        public init(_ league: LeagueID, message: Int64) { self.league = league; self.message = message }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) { league = try raw.league; message = try raw.id("message") }
        public var raw: RawAddress { RawAddress(path: ["league": "\(league.rawValue)", "message": "\(message)"]) }
    }

    public struct Claim: EndpointAddress {
        public var league: LeagueID, claim: Int64
        public init(_ league: LeagueID, claim: Int64) { self.league = league; self.claim = claim }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) { league = try raw.league; claim = try raw.id("claim") }
        public var raw: RawAddress { RawAddress(path: ["league": "\(league.rawValue)", "claim": "\(claim)"]) }
    }

    /// A person's request to join a league.
    public struct JoinRequest: EndpointAddress {
        public var league: LeagueID, user: UserID
        public init(_ league: LeagueID, user: UserID) { self.league = league; self.user = user }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) { league = try raw.league; user = try raw.user }
        public var raw: RawAddress { RawAddress(path: ["league": "\(league.rawValue)", "user": "\(user.rawValue)"]) }
    }

    public struct Invite: EndpointAddress {
        public var league: LeagueID, code: String
        public init(_ league: LeagueID, code: String) { self.league = league; self.code = code }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) { league = try raw.league; code = try raw.code }
        public var raw: RawAddress { RawAddress(path: ["league": "\(league.rawValue)", "code": code]) }
    }
}

extension At {
    /// One trade of a league.
    public struct Trade: EndpointAddress {
        public var league: LeagueID, trade: TradeID
        public init(_ league: LeagueID, trade: TradeID) { self.league = league; self.trade = trade }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) { league = try raw.league; trade = TradeID(try raw.id("trade")) }
        public var raw: RawAddress { RawAddress(path: ["league": "\(league.rawValue)", "trade": "\(trade.rawValue)"]) }
    }
}
