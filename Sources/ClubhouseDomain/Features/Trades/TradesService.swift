import Foundation

/// Trades: proposals, answers, review and vetoes, the trading block, trades falling due on the clock, the Trades page and the builder.
/// Reached from the root as `LeagueService.trades`; the shared parts (store, clocks, facts, access checks) through
/// `core` (`LeagueServicePart`).
public struct TradesService: LeagueServicePart {
    let core: LeagueService
}

// MARK: - Trades: offers, answers, review (vote or commissioner), execution, reversal, and the time step
// that expires offers, ends reviews and lets bots answer. Every write is one transaction that first runs the steps
// that have fallen due (so nothing waits for a clock driver), then appends one event per state change.

extension TradesService {
    // MARK: Offers and answers

    /// The caller's team (`proposal.team`) offers a trade to `proposal.with`. It waits for an answer for the league's
    /// `tradeExpiryDays`; a team without a person answers it by itself after a short delay (`processTrades`).
    @discardableResult
    public func proposeTrade(_ id: LeagueID, _ proposal: TradeProposal, caller: Caller) throws -> TradeID {
        let user = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            _ = try managedTeam(w, proposal.team, league: league, user: user, doing: "propose trades for it")
            try processDueTrades(w, league: league)
            let board = try tradeBoard(w, league: league)
            let checked = try TradeRules.validate(proposal, on: board)
            return try insertProposal(w, league: league, checked, by: user, countering: nil)
        }
    }

    /// The league's trades, newest first. A member (a manager or the commissioner) sees every trade; anyone else who
    /// may read the league (a public one) sees only the trades that went through (executed or reversed). Steps that
    /// have fallen due are run first.
    public func trades(_ id: LeagueID, caller: Caller) throws -> [Trade] {
        try visibleTrades(id, caller: caller).map { $0.trade.dated(season: $0.season) }
    }

    /// `trades` as stored (a pick of the league's own season without its season), with that season.
    func visibleTrades(_ id: LeagueID, caller: Caller) throws -> [(trade: Trade, season: Int)] {
        if try store.read({ r in try tradesDue(r, league: existingLeague(r, id)) }) {
            _ = try store.write { w in try processDueTrades(w, league: leagueForItsClock(w, id)) }
        }
        return try store.read { r in
            let league = try existingLeague(r, id)
            try requireVisible(league, caller: caller, reader: r)
            let teams = try r.teams(in: id)
            let member = caller.userID.map { user in league.commissioner == user || teams.contains { $0.manager == user } } ?? false
            return try r.trades(in: id).reversed().filter { member || $0.state == .executed || $0.state == .reversed }
                .map { ($0, league.season) }
        }
    }

    /// The other team accepts an offer. With review `none` (or a review of 0 hours) it executes at once; otherwise it
    /// goes into review until `tradeReviewHours` have passed. An offer that can no longer go through (a player gone, a
    /// roster that would break, a pick made, a locked player, the deadline) is invalidated instead, with the reason.
    /// `drops`: the accepting team's own players released with the trade (it chooses them; the proposer names only
    /// its own). Refused with the roster limit's sentence when its roster would still be over.
    @discardableResult
    public func acceptTrade(_ id: LeagueID, trade tradeID: TradeID, drops: [PlayerID] = [], caller: Caller) throws -> Trade {
        try answer(id, trade: tradeID, caller: caller, doing: "accept its trade offers") { w, league, trade in
            // The accepting team's own roster limit is its to meet with drops (refused with the sentence until it does);
            // an offer that can no longer go through for any other reason is invalidated by `accept` as before.
            var unlocked = try tradeBoard(w, league: league)
            unlocked.locked = []
            let problem = TradeRules.recheck(trade.proposal, on: unlocked)
            if problem == nil || problem == TradeRules.rosterProblem(trade.proposal, on: unlocked, teams: [trade.proposal.with]) {
                trade.proposal = try TradeRules.acceptance(trade.proposal, drops: drops, on: unlocked)
            }
            try accept(w, league: league, trade: &trade)
        }
    }

    /// The other team turns an offer down.
    @discardableResult
    public func rejectTrade(_ id: LeagueID, trade tradeID: TradeID, caller: Caller) throws -> Trade {
        try answer(id, trade: tradeID, caller: caller, doing: "reject its trade offers") { w, league, trade in
            trade.state = .rejected
            trade.answeredAt = now(of: trade, league); trade.decidedAt = trade.answeredAt
            try w.updateTrade(trade)
            try w.appendEvent(league: league.id, LeagueEvent.TradeRejected(trade: trade.id), at: clock.now())
        }
    }

    /// The proposing team takes back an offer not yet answered.
    @discardableResult
    public func withdrawTrade(_ id: LeagueID, trade tradeID: TradeID, caller: Caller) throws -> Trade {
        try onTrade(id, trade: tradeID, caller: caller) { w, league, user, trade in
            _ = try managedTeam(w, trade.proposal.team, league: league, user: user, doing: "withdraw its trade offers")
            guard trade.state == .proposed else { throw DomainError.conflict(Self.stateSentence(trade)) }
            trade.state = .withdrawn
            trade.answeredAt = now(of: trade, league); trade.decidedAt = trade.answeredAt
            try w.updateTrade(trade)
            try w.appendEvent(league: id, LeagueEvent.TradeWithdrawn(trade: trade.id), at: clock.now())
            return trade.dated(season: league.season)
        }
    }

    /// The other team answers an offer with its own: the old one becomes `countered`, the new one (from the answering
    /// team back to the proposer, `countersTradeID` pointing at the old) waits for an answer like any offer.
    @discardableResult
    public func counterTrade(_ id: LeagueID, trade tradeID: TradeID, _ proposal: TradeProposal, caller: Caller) throws -> TradeID {
        try onTrade(id, trade: tradeID, caller: caller) { w, league, user, old in
            let team = try managedTeam(w, old.proposal.with, league: league, user: user, doing: "counter its trade offers")
            guard old.state == .proposed else { throw DomainError.conflict(Self.stateSentence(old)) }
            let board = try tradeBoard(w, league: league)
            guard proposal.team == old.proposal.with, proposal.with == old.proposal.team else {
                throw DomainError.validation(field: "team", message: "A counter offer goes from \(team.name) back to \(board.teamName(old.proposal.team))")
            }
            let checked = try TradeRules.validate(proposal, on: board)
            return try counter(w, league: league, old: &old, with: checked, by: user)
        }
    }

    /// Against a trade in review. The commissioner cancels it (in any review mode). In a league that reviews by vote,
    /// the manager of a team not in the trade casts one anonymous vote against it; a third of the other managers
    /// (rounded up) veto it at once.
    @discardableResult
    public func vetoTrade(_ id: LeagueID, trade tradeID: TradeID, caller: Caller) throws -> Trade {
        try onTrade(id, trade: tradeID, caller: caller) { w, league, user, trade in
            let now = now(of: trade, league)
            if league.commissioner == user {
                guard trade.state == .inReview else { throw DomainError.conflict(Self.stateSentence(trade)) }
                trade.state = .vetoed
                trade.decidedAt = now
                try w.updateTrade(trade)
                try w.appendEvent(league: id, LeagueEvent.TradeVetoed(trade: trade.id, byCommissioner: true), at: clock.now())
                return trade.dated(season: league.season)
            }
            let team = try myTeam(w, league: league, user: user)
            guard league.settings.tradeReview == .vote else {
                throw DomainError.forbidden("Only the commissioner can cancel trades in \(league.name)")
            }
            guard !trade.involves(team.id) else { throw DomainError.forbidden("\(team.name) is in this trade — it can't vote against it") }
            guard trade.state == .inReview else { throw DomainError.conflict(Self.stateSentence(trade)) }
            try w.insertTradeVote(trade.id, team: team.id, at: now)
            trade.votes += 1
            try w.appendEvent(league: id, LeagueEvent.TradeVoteCast(trade: trade.id, votes: trade.votes, threshold: trade.vetoThreshold),
                              at: clock.now())
            if trade.votes >= max(1, trade.vetoThreshold) {
                trade.state = .vetoed
                trade.decidedAt = now
                try w.updateTrade(trade)
                try w.appendEvent(league: id, LeagueEvent.TradeVetoed(trade: trade.id, byCommissioner: false), at: clock.now())
            }
            return trade.dated(season: league.season)
        }
    }

    /// Commissioner: undoes an executed trade with new transactions that move its players and picks back (its drops
    /// stay dropped). Refused with the reason when that is no longer possible (a player gone or locked, a pick made,
    /// a roster that would break).
    @discardableResult
    public func reverseTrade(_ id: LeagueID, trade tradeID: TradeID, caller: Caller) throws -> Trade {
        try onTrade(id, trade: tradeID, caller: caller) { w, league, _, trade in
            try requireCommissioner(league, caller: caller, doing: "reverse trades")
            guard trade.state == .executed else { throw DomainError.conflict(Self.stateSentence(trade)) }
            var board = try tradeBoard(w, league: league)
            board.ignoresDeadline = true
            let back = TradeRules.reversal(of: trade.proposal)
            if let reason = TradeRules.recheck(back, on: board) {
                throw DomainError.conflict("\(trade.id) can't be reversed: \(reason)")
            }
            try apply(w, league: league, TradeRules.execution(of: back, on: board, leagueID: id, at: league.clock))
            trade.state = .reversed
            trade.decidedAt = now(of: trade, league)
            try w.updateTrade(trade)
            try w.appendEvent(league: id, LeagueEvent.TradeReversed(trade: trade.id), at: clock.now())
            return trade.dated(season: league.season)
        }
    }

    // MARK: The trading block

    /// The team's manager puts one of its players on its trading block (`on`: players it is shopping) or takes him off.
    /// Rosters show the mark and the trade builder filters by it. A player leaves the block when he changes teams.
    /// Returns the team's block now.
    @discardableResult
    public func setTradingBlock(_ id: LeagueID, team teamID: TeamID, player: PlayerID, on: Bool, caller: Caller) throws -> [PlayerID] {
        let user = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            let team = try managedTeam(w, teamID, league: league, user: user, doing: "change its trading block")
            guard league.state != .complete else { throw DomainError.conflict("The season of \(league.name) is over — nothing can be traded") }
            guard try w.rosters(in: id).first(where: { $0.teamID == teamID })?.contains(player) == true else {
                let name = try factsCache.facts(w, season: league.season).summary(player).name
                throw DomainError.validation(field: "player", message: "\(name) isn't on \(team.name)'s roster")
            }
            try w.setTradingBlock(player, team: teamID, in: id, on: on, at: clock.now())
            try w.appendEvent(league: id, LeagueEvent.TradingBlockChanged(team: teamID, player: player, on: on), at: clock.now())
            return (try w.tradingBlock(in: id)[teamID] ?? []).sorted { $0.rawValue < $1.rawValue }
        }
    }

    // MARK: The time step

    /// `processTrades` at the league's own moment: its season clock, and real time for trades made before the season.
    @discardableResult
    public func processTrades(_ id: LeagueID) throws -> [TradeID] {
        try store.write { w in try processDueTrades(w, league: leagueForItsClock(w, id)) }
    }

    /// The leagues with a trade step due now (for a clock driver: bots answering before the season, when no league
    /// clock moves; offers expiring and reviews ending without anyone reading). Leagues that need the commissioner are
    /// left out.
    public func leaguesWithTradesDue() throws -> [LeagueID] {
        try store.read { r in
            try r.leagues().filter { $0.needsCommissioner == nil }.compactMap { league in try tradesDue(r, league: league) ? league.id : nil }
        }
    }
}
