import Foundation

/// A keeper's cost: a draft round (`{"round": 4}`) in a league that drafts in turns, a price out of the team's auction
/// budget (`{"price": 23}`) in an auction league. Exactly one of the two is set.
public struct KeeperCostView: Hashable, Codable, Sendable {
    public var round: Int?
    public var price: Int?
    public init(round: Int) { self.round = round }
    public init(price: Int) { self.price = price }
}

/// One player kept (or that may be kept) with his cost: `{player, cost: {round} | {price}}`, plus his name and the
/// seasons in a row he will have been kept.
public struct KeeperView: Hashable, Codable, Sendable {
    public var player: PlayerID
    public var cost: KeeperCostView
    public var years: Int
    public var summary: PlayerSummary
    public init(player: PlayerID, cost: KeeperCostView, years: Int, summary: PlayerSummary) {
        self.player = player; self.cost = cost; self.years = years; self.summary = summary
    }
}

/// One team's keepers in declaration order, and the players of its final roster of the season before that it may keep
/// (each with his cost kept alone; `refusal` says why one can't be kept).
public struct TeamKeepers: Hashable, Codable, Sendable {
    public var team: TeamID
    public var keepers: [KeeperView]
    public var candidates: [KeeperCandidate]
    public init(team: TeamID, keepers: [KeeperView], candidates: [KeeperCandidate]) {
        self.team = team; self.keepers = keepers; self.candidates = candidates
    }
}

public struct KeeperCandidate: Hashable, Codable, Sendable {
    public var player: PlayerID
    public var cost: KeeperCostView
    public var years: Int
    public var summary: PlayerSummary
    /// Why he can't be kept (kept too many seasons in a row); nil: he can.
    public var refusal: String?
    public init(player: PlayerID, cost: KeeperCostView, years: Int, summary: PlayerSummary, refusal: String?) {
        self.player = player; self.cost = cost; self.years = years; self.summary = summary; self.refusal = refusal
    }
}

/// `GET /v1/leagues/{l}/keepers`: the league's keepers per team, how many a team keeps, and the deadline. In an auction
/// league each team's keepers together may cost at most its budget less the minimum bid for each other spot
/// (`KeeperRules.affordable`).
public struct LeagueKeepers: Hashable, Codable, Sendable {
    public var keeperCount: Int
    /// `keeperDeadlineHours` before the draft's date (nil: no draft date yet, so no deadline yet).
    public var deadline: Date?
    /// Whether managers may still declare (before the deadline and the draft's start); the commissioner may until the
    /// draft starts.
    public var open: Bool
    /// The season the keepers come from; nil: this league keeps no players (not a keeper league, or its first season),
    /// and `teams` is empty.
    public var fromSeason: Int?
    public var teams: [TeamKeepers]
    public init(keeperCount: Int, deadline: Date?, open: Bool, fromSeason: Int?, teams: [TeamKeepers]) {
        self.keeperCount = keeperCount; self.deadline = deadline; self.open = open; self.fromSeason = fromSeason; self.teams = teams
    }
}
