import Foundation

/// A trade as the Trades page shows it: the trade, the two teams' names, every player it names with his value by the
/// rankings' measure (value over replacement, as the draft and the bots weigh players), and each side's total.
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
    /// The caller's roster if this trade went through, when the caller's team is in it and it is still open (an offer
    /// or a trade in review); nil otherwise.
    public var myRosterAfter: RosterAfter?

    public init(id: TradeID, state: TradeState, trade: Trade, team: TradeTeam, with: TradeTeam, players: [TradePlayer], picks: [TradePick],
                giveValue: Double, getValue: Double, canVote: Bool, myRosterAfter: RosterAfter? = nil) {
        self.id = id; self.state = state; self.trade = trade; self.team = team; self.with = with; self.players = players; self.picks = picks
        self.giveValue = giveValue; self.getValue = getValue; self.canVote = canVote; self.myRosterAfter = myRosterAfter
    }

    /// A team's roster after a trade: who leaves (given away), who is dropped with it, who arrives, and every player it
    /// would have, by position (QB, RB, WR, TE, K, DEF) and then value, each with his value; the roster's
    /// total value before and after.
    public struct RosterAfter: Hashable, Codable, Sendable {
        public var team: TeamID
        public var leaving: [PlayerID], dropping: [PlayerID], arriving: [PlayerID]
        public var players: [TradePlayer]
        public var valueBefore: Double, valueAfter: Double
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
        /// "R3 · Bot Bowl's"
        public var label: String
        public init(pick: DraftPickRef, value: Double, label: String) { self.pick = pick; self.value = value; self.label = label }
    }

    public func player(_ id: PlayerID) -> TradePlayer? { players.first { $0.player.id == id } }
    public func pick(_ ref: DraftPickRef) -> TradePick? { picks.first { $0.pick == ref } }
    public func teamName(_ id: TeamID) -> String { id == team.id ? team.name : id == with.id ? with.name : "Team \(id.rawValue)" }
}

extension LeagueService {
    /// The league's trades as the caller may see them (`trades`), each with names and values for the Trades page.
    public func tradeViews(_ id: LeagueID, caller: Caller) throws -> [TradeView] {
        let trades = try self.trades(id, caller: caller)
        return try store.read { r in
            let league = try existingLeague(r, id)
            let facts = try factsCache.facts(r, season: league.season)
            let rankings = rankings(league, facts: facts)
            let board = try tradeBoard(r, league: league)
            let teams = Dictionary(try r.teams(in: id).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            let myTeams = Set(caller.userID.map { user in teams.values.filter { $0.manager == user }.map(\.id) } ?? [])
            func team(_ t: TeamID) -> TradeView.TradeTeam {
                TradeView.TradeTeam(id: t, name: teams[t]?.name ?? "Team \(t.rawValue)", isBot: teams[t]?.manager == nil)
            }
            return try trades.map { trade in
                let p = trade.proposal
                let players = p.allPlayers.map { TradeView.TradePlayer(player: facts.summary($0), value: TradeBot.value($0, rankings: rankings)) }
                let picks = (p.give.picks + p.get.picks).map { pick in
                    TradeView.TradePick(pick: pick, value: TradeBot.value(pick, on: board, rankings: rankings),
                                        label: "R\(pick.round) · \(teams[pick.team]?.name ?? "Team \(pick.team.rawValue)")'s")
                }
                func total(_ a: TradeAssets) -> Double {
                    a.players.reduce(0) { $0 + TradeBot.value($1, rankings: rankings) } + a.picks.reduce(0) { $0 + TradeBot.value($1, on: board, rankings: rankings) }
                }
                let party = myTeams.contains(p.team) || myTeams.contains(p.with)
                var canVote = trade.state == .inReview && league.settings.tradeReview == .vote && !party && !myTeams.isEmpty
                // One vote a team: a team that has voted can't vote again.
                if canVote { canVote = try !Set(r.tradeVoters(trade.id)).isSuperset(of: myTeams) }
                let mine = [p.team, p.with].first { myTeams.contains($0) }
                let after = mine.flatMap { mine in
                    trade.state.isOpen ? TradeView.RosterAfter.of(mine, roster: board.rosters[mine]?.playerIDs ?? [], after: p,
                                                                  players: facts.summary, value: { TradeBot.value($0, rankings: rankings) }) : nil
                }
                return TradeView(id: trade.id, state: trade.state, trade: trade, team: team(p.team), with: team(p.with), players: players, picks: picks,
                                 giveValue: total(p.give), getValue: total(p.get), canVote: canVote, myRosterAfter: after)
            }
        }
    }
}
