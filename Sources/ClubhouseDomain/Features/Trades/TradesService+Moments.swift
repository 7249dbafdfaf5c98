import Foundation

// A trade on the league clock is decided at its own moment — an offer's expiry, a bot's answer, a review's end, the
// deadline passing — never at wherever the clock stops: a clock moved a week in one step steps through each of these
// in time order, with the rosters, locks and deadline of that moment (ClubhouseDomain/README.md, Trades).

extension TradesService {
    /// Runs every trade step due at `now` on the league's clock (trades made before the season run on real time): offers
    /// past their expiry (or the deadline) expire, reviews that have ended execute (or are invalidated), and teams
    /// without a person answer offers whose delay has passed. One transaction; returns the trades it changed.
    /// The season clock (`advanceClock`, the clock drivers) runs it as the clock moves; reads and writes of trades
    /// run it too, so nothing waits for a clock driver. A `now` before the league's clock counts as its clock; in the
    /// season the steps up to a later one are each taken at their own moment (the league's stored clock is not moved).
    @discardableResult
    public func processTrades(_ id: LeagueID, now: Date) throws -> [TradeID] {
        try store.write { w in
            var league = try leagueForItsClock(w, id)
            let before = try w.trades(in: id)
            if now > league.clock, league.state == .inSeason || league.state == .playoffs {
                try stepTrades(w, league: &league, through: now)
                league.clock = now
            }
            try processDueTrades(w, league: league)
            let after = try w.trades(in: id)
            return after.filter { t in before.contains { $0.id == t.id && $0 != t } }.map(\.id)
        }
    }

    /// Bounds the moments one clock move steps through (each is a trade changing state, so a real season has few).
    static let tradeMomentLimit = 10_000

    /// Runs every trade step due from the league's clock up to `end`, each at its own moment in time order: `league`'s
    /// clock is set to each moment in turn (the caller stores it, or not), then the steps due at it run. Trades a step
    /// creates (a bot's counter, a review that starts) are stepped through too. Leaves the clock at the last moment.
    func stepTrades(_ w: any LeagueStoreWriter, league: inout League, through end: Date) throws {
        try processDueTrades(w, league: league)
        for _ in 0..<Self.tradeMomentLimit {
            guard let at = try nextTradeMoment(w, league: league, through: end) else { return }
            league.clock = at
            try processDueTrades(w, league: league)
        }
    }

    /// The first moment after the league's clock, at most `end`, at which a trade on the league clock has a step due:
    /// an offer's expiry or a bot's answer, a review's end, or the trade deadline passing. Nil when none.
    func nextTradeMoment(_ r: any LeagueStoreReader, league: League, through end: Date) throws -> Date? {
        let open = try r.trades(in: league.id).filter { $0.state.isOpen && !$0.onRealTime }
        guard !open.isEmpty else { return nil }
        let teams = try r.teams(in: league.id)
        let seed = Self.tradeSeed(league)
        var moments: [Date] = []
        for t in open {
            switch t.state {
            case .proposed:
                moments.append(t.expiresAt)
                if teams.first(where: { $0.id == t.proposal.with }).map(Self.answersByItself) ?? false {
                    moments.append(t.createdAt.addingTimeInterval(TradeBot.delay(for: t.id, seed: seed)))
                }
            case .inReview:
                if let ends = t.reviewEndsAt { moments.append(ends) }
            default: break
            }
        }
        if league.state == .inSeason || league.state == .playoffs {
            let calendar = try factsCache.calendar(r, season: league.season)
            if let closes = calendar.end(ofWeek: league.settings.tradeDeadlineWeek) { moments.append(closes) }
        }
        return moments.filter { $0 > league.clock && $0 <= end }.min()
    }

    /// Cancels every open trade of `team` — offers it made or received and trades in review — as `invalidated` with
    /// `reason` and its event (the team's manager is leaving: nothing he agreed to may execute for the bot after him).
    func cancelOpenTrades(_ w: any LeagueStoreWriter, league: League, of team: TeamID, reason: String) throws {
        for var trade in try w.trades(in: league.id) where trade.state.isOpen && trade.involves(team) {
            try invalidate(w, league: league, trade: &trade, reason: reason)
        }
    }
}
