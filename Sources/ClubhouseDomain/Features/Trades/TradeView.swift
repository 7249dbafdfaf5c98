import Foundation

/// A trade as the Trades page shows it: the trade, the two teams' names, every player it names with his rest-of-season
/// trade value (`TradeValues`, the numbers the builder shows and the bots weigh), and each side's total.
/// `id` and `state` are the trade's, at the top level (`GET /v1/leagues/{league}/trades`).
public struct TradeView: Hashable, Codable, Sendable, Identifiable {
    public var id: TradeID
    public var state: TradeState
    public var trade: Trade
    /// The proposing team (`trade.proposal.team`) and the team answering (`trade.proposal.with`).
    public var team: TradeTeam, with: TradeTeam
    /// Every player the trade names (both sides and the drops), with his value.
    public var players: [TradePlayer]
    /// Each pick the trade moves, with its value (the value of the player the rankings would leave at it).
    public var picks: [TradePick]
    /// What the proposer gives and gets, in value points.
    public var giveValue: Double, getValue: Double
    /// Whether the caller may vote against it: vote review, in review, not a party, and the caller's team hasn't voted
    /// yet (votes stay anonymous to everyone else; a second vote is refused with a sentence).
    public var canVote: Bool
    /// Whether the caller's team has voted against it (a vote can't be taken back or changed).
    public var hasVoted: Bool
    /// The caller's roster if this trade went through, when the caller's team is in it and it is still open (an offer
    /// or a trade in review); nil otherwise.
    public var myRosterAfter: RosterAfter?

    public init(id: TradeID, state: TradeState, trade: Trade, team: TradeTeam, with: TradeTeam, players: [TradePlayer], picks: [TradePick],
                giveValue: Double, getValue: Double, canVote: Bool, hasVoted: Bool = false, myRosterAfter: RosterAfter? = nil) {
        self.id = id; self.state = state; self.trade = trade; self.team = team; self.with = with; self.players = players; self.picks = picks
        self.giveValue = giveValue; self.getValue = getValue; self.canVote = canVote; self.hasVoted = hasVoted; self.myRosterAfter = myRosterAfter
    }

    /// A team's roster after a trade: who leaves (given away), who is dropped with it, who arrives, and every player it
    /// would have, by position (QB, RB, WR, TE, K, DEF) and then value, each with his value; the roster's
    /// total value before and after.
    public struct RosterAfter: Hashable, Codable, Sendable {
        public var team: TeamID
        public var leaving: [PlayerID], dropping: [PlayerID], arriving: [PlayerID]
        public var players: [TradePlayer]
        public var valueBefore: Double, valueAfter: Double
        /// The team that answers the offer must drop this many to stay within its roster limit (0: none), choosing from
        /// `droppable` (its players outside IR, not in the trade, not locked); `limit` says it in the sentence the
        /// server refuses with ("Bits would hold 17 players outside IR — 16 is the most").
        public var mustDrop = 0
        public var droppable: [PlayerID] = []
        public var limit: String?
        public init(team: TeamID, leaving: [PlayerID], dropping: [PlayerID], arriving: [PlayerID], players: [TradePlayer],
                    valueBefore: Double, valueAfter: Double) {
            self.team = team; self.leaving = leaving; self.dropping = dropping; self.arriving = arriving; self.players = players
            self.valueBefore = valueBefore; self.valueAfter = valueAfter
        }

        /// `team`'s roster (`roster`, its players) after `p`, valued by `value`.
        public static func of(_ team: TeamID, roster: [PlayerID], after p: TradeProposal, players: (PlayerID) -> PlayerSummary,
                              value: (PlayerID) -> Double) -> RosterAfter {
            let proposer = team == p.team
            let leaving = proposer ? p.give.players : p.get.players, arriving = proposer ? p.get.players : p.give.players
            let dropping = p.drops.filter { roster.contains($0) && !leaving.contains($0) }
            let after = roster.filter { !leaving.contains($0) && !dropping.contains($0) } + arriving
            let rows = after.map { TradePlayer(player: players($0), value: value($0)) }.sorted {
                let (a, b) = ($0.player.position, $1.player.position)
                return a != b ? a < b : $0.value != $1.value ? $0.value > $1.value : $0.player.name < $1.player.name
            }
            return RosterAfter(team: team, leaving: leaving, dropping: dropping, arriving: arriving, players: rows,
                               valueBefore: roster.reduce(0) { $0 + value($1) }, valueAfter: rows.reduce(0) { $0 + $1.value })
        }
    }

    public struct TradeTeam: Hashable, Codable, Sendable {
        public var id: TeamID, name: String
        /// Nobody manages it (a bot): it answers offers by itself.
        public var isBot: Bool
        public init(id: TeamID, name: String, isBot: Bool) { self.id = id; self.name = name; self.isBot = isBot }
    }
    public struct TradePlayer: Hashable, Codable, Sendable {
        public var player: PlayerSummary, value: Double
        public init(player: PlayerSummary, value: Double) { self.player = player; self.value = value }
    }
    public struct TradePick: Hashable, Codable, Sendable {
        public var pick: DraftPickRef, value: Double
        /// "2019 round 3 (Bytes)": the season, the round and the team whose own pick it is.
        public var label: String
        public init(pick: DraftPickRef, value: Double, label: String) { self.pick = pick; self.value = value; self.label = label }
    }

    /// A pick as every trade screen names it: "2019 round 3 (Bytes)" — its season (a future pick's own, else the
    /// league's `season`), round and original team.
    public static func pickName(_ pick: DraftPickRef, season: Int, team: String) -> String {
        "\(pick.season ?? season) round \(pick.round) (\(team))"
    }

    public func player(_ id: PlayerID) -> TradePlayer? { players.first { $0.player.id == id } }
    public func pick(_ ref: DraftPickRef) -> TradePick? { picks.first { $0.pick == ref } }
    public func teamName(_ id: TeamID) -> String { id == team.id ? team.name : id == with.id ? with.name : "Team \(id.rawValue)" }
}

/// What the trade builder offers (`GET /v1/leagues/{league}/trade-market`): every rostered player's rest-of-season
/// trade value (`TradeValues`, the numbers the review and the bots use) and each team's draft picks it may trade —
/// this season's picks not yet made, while the league trades picks and its draft isn't over, then the future picks it
/// owns (`futurePickSeasons`, each with its `season`) — named and valued as the review names them.
public struct TradeMarket: Hashable, Codable, Sendable {
    public struct PlayerValue: Hashable, Codable, Sendable {
        public var player: PlayerID, value: Double
        public init(player: PlayerID, value: Double) { self.player = player; self.value = value }
    }
    public struct TeamPicks: Hashable, Codable, Sendable {
        public var team: TeamID
        public var picks: [TradeView.TradePick]
        public init(team: TeamID, picks: [TradeView.TradePick]) { self.team = team; self.picks = picks }
    }
    public var season: Int
    public var players: [PlayerValue]
    public var picks: [TeamPicks]
    /// The most players (and picks still to make) a roster may hold outside IR: the one limit the builder, an
    /// acceptance and the server's refusal count against.
    public var activeCapacity: Int
    public init(season: Int, players: [PlayerValue], picks: [TeamPicks], activeCapacity: Int) {
        self.season = season; self.players = players; self.picks = picks; self.activeCapacity = activeCapacity
    }

    public func value(_ player: PlayerID) -> Double? { players.first { $0.player == player }?.value }
    public func picks(of team: TeamID) -> [TradeView.TradePick] { picks.first { $0.team == team }?.picks ?? [] }
}
