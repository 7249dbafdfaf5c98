import Foundation

// MARK: - Trades: the model. The rules are in `TradeRules`, the bots' answers in `TradeBot`, the use cases
// in `TradesService.swift`.

/// A trade's id (unique in the database).
public struct TradeID: NumberedID {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public static var prefix: String { "Trade " }
}

/// Where a trade is. `proposed` and `inReview` are open; every other state is final.
public enum TradeState: String, CaseIterable, Codable, Sendable {
    /// Waiting for the other team's answer (until it expires).
    case proposed
    /// Accepted; the league may veto it (vote) or the commissioner cancel it until the review ends.
    case inReview = "in-review"
    case executed
    /// The other team said no.
    case rejected
    /// The proposing team took it back before an answer.
    case withdrawn
    /// The other team answered with a counter offer (a new trade, `countersTradeID` pointing here).
    case countered
    /// Nobody answered in `tradeExpiryDays`, or the trade deadline passed first.
    case expired
    /// Cancelled in review: enough managers voted against it, or the commissioner cancelled it.
    case vetoed
    /// Its re-check before executing failed (`invalidationReason` says why).
    case invalidated
    /// Executed, then reversed by the commissioner (a new set of transactions moved everything back).
    case reversed

    public var isOpen: Bool { self == .proposed || self == .inReview }
}

/// A draft pick, named as the platforms name a traded pick: its season, its round and the team whose pick it
/// originally is ("2020 round 1 (Bytes)"). Not the overall number: the draft order may still change before the draft
/// (teams join, the commissioner sets or reshuffles the order), which moves every overall number, while a round and an
/// original team stay the same pick; the draft asks `DraftOrder` for the original team of overall pick N and then who
/// owns that (round, team) pick now.
///
/// `season` nil is the league's own season (this season's draft: every pick the draft room knows); a later season is a
/// future pick (`LeagueSettings.futurePickSeasons`), owned in `futurePickOwners` until the renewal makes it a pick of
/// that season's league. JSON: `{"season": 2020, "round": 1, "originalTeam": 3}`; `{"round", "team"}` (stored trades,
/// older clients) still reads as this season's pick, and a pick of the league's own season is this season's.
public struct DraftPickRef: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The pick's season. Inside the domain nil means the league's own season (what the stores keep); every answer a
    /// client reads names it (`dated`), so a pick on the wire is always `{"season", "round", "originalTeam"}`.
    public var season: Int?
    public var round: Int
    /// The team whose own pick this is by the draft order (not necessarily who owns it now).
    public var team: TeamID
    public init(season: Int? = nil, round: Int, team: TeamID) { self.season = season; self.round = round; self.team = team }
    public static func < (a: Self, b: Self) -> Bool { (a.season ?? 0, a.round, a.team) < (b.season ?? 0, b.round, b.team) }
    public var description: String { "\(season.map { "\($0) " } ?? "")round \(round) pick of \(team)" }
    /// A pick of a later season than the league's own (`own`).
    public func isFuture(of own: Int) -> Bool { (season ?? own) != own }

    /// The same pick with a season equal to the league's own read as this season's (nil).
    public func normalized(season own: Int) -> DraftPickRef {
        season == own ? DraftPickRef(round: round, team: team) : self
    }
    /// The same pick with its season named (the league's own when it had none): how clients read it.
    public func dated(season own: Int) -> DraftPickRef { DraftPickRef(season: season ?? own, round: round, team: team) }

    enum CodingKeys: String, CodingKey { case season, round, originalTeam, team }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        season = try c.decodeIfPresent(Int.self, forKey: .season)
        round = try c.decode(Int.self, forKey: .round)
        team = try c.decodeIfPresent(TeamID.self, forKey: .originalTeam) ?? c.decode(TeamID.self, forKey: .team)
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(season, forKey: .season)
        try c.encode(round, forKey: .round)
        try c.encode(team, forKey: .originalTeam)
    }
}

/// What one side of a trade hands over.
public struct TradeAssets: Hashable, Codable, Sendable {
    public var players: [PlayerID]
    public var picks: [DraftPickRef]
    public init(players: [PlayerID] = [], picks: [DraftPickRef] = []) { self.players = players; self.picks = picks }
    public var isEmpty: Bool { players.isEmpty && picks.isEmpty }
    /// Its picks with their seasons named (`DraftPickRef.dated`).
    public func dated(season own: Int) -> TradeAssets { TradeAssets(players: players, picks: picks.map { $0.dated(season: own) }) }

    enum CodingKeys: String, CodingKey { case players, picks }
    /// Either list may be left out of the JSON (an empty list).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        players = try c.decodeIfPresent([PlayerID].self, forKey: .players) ?? []
        picks = try c.decodeIfPresent([DraftPickRef].self, forKey: .picks) ?? []
    }
}

/// An offer as a manager sends it: `team` (theirs) gives `give` to `with` and gets `get`; `drops` are players of
/// either team released only if the trade executes; an optional note (at most 200 characters).
/// JSON: `{"team": 1, "with": 2, "give": {"players": [...], "picks": [{"season": 2020, "round": 3, "originalTeam": 2}]}, "get": {...}, "drops": [...], "note": "…"}`.
public struct TradeProposal: Hashable, Codable, Sendable {
    public var team: TeamID
    public var with: TeamID
    public var give: TradeAssets
    public var get: TradeAssets
    public var drops: [PlayerID]
    public var note: String?

    public init(team: TeamID, with: TeamID, give: TradeAssets = TradeAssets(), get: TradeAssets = TradeAssets(), drops: [PlayerID] = [],
                note: String? = nil) {
        self.team = team; self.with = with; self.give = give; self.get = get; self.drops = drops; self.note = note
    }

    enum CodingKeys: String, CodingKey { case team, with, give, get, drops, note }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        team = try c.decode(TeamID.self, forKey: .team)
        with = try c.decode(TeamID.self, forKey: .with)
        give = try c.decodeIfPresent(TradeAssets.self, forKey: .give) ?? TradeAssets()
        get = try c.decodeIfPresent(TradeAssets.self, forKey: .get) ?? TradeAssets()
        drops = try c.decodeIfPresent([PlayerID].self, forKey: .drops) ?? []
        note = try c.decodeIfPresent(String.self, forKey: .note)
    }

    /// The longest note a proposal may carry.
    public static let noteLength = 1...200

    /// Every player the proposal names (both sides' players and the drops).
    public var allPlayers: [PlayerID] { give.players + get.players + drops }
    /// The team receiving `player` by this proposal (nil for a player it doesn't move).
    public func receiver(of player: PlayerID) -> TeamID? {
        give.players.contains(player) ? with : get.players.contains(player) ? team : nil
    }
}

/// A trade as everyone who may see it reads it. Who voted is never kept in it: only how many votes it has.
public struct Trade: Hashable, Codable, Sendable, Identifiable {
    public var id: TradeID
    public var leagueID: LeagueID
    public var state: TradeState
    /// The offer: `proposal.team` proposed it, `proposal.with` answers it.
    public var proposal: TradeProposal
    /// The account that proposed it (nil for a bot's counter).
    public var proposedBy: UserID?
    public var createdAt: Date
    /// When it left `proposed` (accepted, rejected, withdrawn, countered, expired), and when it reached a final state.
    public var answeredAt: Date?
    public var decidedAt: Date?
    /// A proposal expires at this moment unless answered.
    public var expiresAt: Date
    /// In review until this moment (nil before it was accepted, and when it executed at once).
    public var reviewEndsAt: Date?
    /// Votes against it so far (vote review), and how many veto it (a third of the other managers, rounded up).
    public var votes: Int
    public var vetoThreshold: Int
    /// Why it was invalidated (or expired at the deadline): a sentence both sides read.
    public var invalidationReason: String?
    /// The trade this one counters.
    public var countersTradeID: TradeID?
    /// Whether its times run on real time: a trade made before the season (the league clock stands still until the
    /// draft is done) runs on real time throughout; one made in the season on the league clock.
    public var onRealTime: Bool

    public init(id: TradeID, leagueID: LeagueID, state: TradeState, proposal: TradeProposal, proposedBy: UserID?, createdAt: Date,
                answeredAt: Date? = nil, decidedAt: Date? = nil, expiresAt: Date, reviewEndsAt: Date? = nil, votes: Int = 0,
                vetoThreshold: Int = 0, invalidationReason: String? = nil, countersTradeID: TradeID? = nil, onRealTime: Bool = false) {
        self.id = id; self.leagueID = leagueID; self.state = state; self.proposal = proposal; self.proposedBy = proposedBy
        self.createdAt = createdAt; self.answeredAt = answeredAt; self.decidedAt = decidedAt; self.expiresAt = expiresAt
        self.reviewEndsAt = reviewEndsAt; self.votes = votes; self.vetoThreshold = vetoThreshold
        self.invalidationReason = invalidationReason; self.countersTradeID = countersTradeID; self.onRealTime = onRealTime
    }

    /// The two teams.
    public var teams: [TeamID] { [proposal.team, proposal.with] }
    public func involves(_ team: TeamID) -> Bool { proposal.team == team || proposal.with == team }
    /// The same trade with every pick's season named (`DraftPickRef.dated`): the trade as clients read it.
    public func dated(season own: Int) -> Trade {
        var t = self
        t.proposal.give = proposal.give.dated(season: own); t.proposal.get = proposal.get.dated(season: own)
        return t
    }
}
