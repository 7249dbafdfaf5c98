import Foundation

/// Every operation of the league API, by journey (one file each beside this one). The server serves `all`; the soft
/// gate finds a pending write's endpoint in `gated` by name.
public enum Endpoints {
    public static let all: [any AnyEndpoint] = Leagues.all + Matchups.all + Rosters.all + Waivers.all + Drafting.all + LeagueChat.all + Auction.all + Commissioner.all + Trades.all + Activity.all + Recap.all + Webhooks.all

    /// The gated writes by name.
    public static let gated: [String: any AnyEndpoint] = Dictionary(uniqueKeysWithValues: all.filter { $0.access == .gated }.map { ($0.name, $0) })
}

/// The journey clients: each a few named methods over `call`, so pages read as the journey does and a test fake
/// overrides only the client its page uses. Every method has one implementation, through its endpoint.
public typealias LeagueAPI = LeaguesClient & MatchupsClient & RosterClient & WaiversClient & DraftClient & ChatClient & CommissionerClient & LeagueEvents & AccountAPI

/// Live updates: the league's append-only event log, resumable after a known id.
public protocol LeagueEvents: Sendable {
    func events(league: LeagueID?, after id: Int64?) -> AsyncStream<LeagueEvent>
}

/// Who is asking a use case: nobody (signed out) or an account.
public enum Caller: Hashable, Sendable {
    case anonymous
    case user(UserID)

    public var userID: UserID? { if case .user(let id) = self { id } else { nil } }
}
