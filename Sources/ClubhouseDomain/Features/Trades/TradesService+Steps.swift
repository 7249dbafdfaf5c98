import Foundation

// MARK: - Trades: the steps every answer and the time step share, inside one write transaction (accepting, executing,
// expiring, countering), and the checks before them.

extension TradesService {
    // MARK: Inside a transaction

    /// Whether any open trade of the league has a step due (a cheap read before taking the write lock).
    func tradesDue(_ r: any LeagueStoreReader, league: League) throws -> Bool {
        let open = try r.trades(in: league.id).filter(\.state.isOpen)
        guard !open.isEmpty else { return false }
        let teams = try r.teams(in: league.id)
        let facts = try factsCache.facts(r, season: league.season)
        let pastDeadline = (league.state == .inSeason || league.state == .playoffs) && facts.week(at: league.clock) > league.settings.tradeDeadlineWeek
            || league.state == .complete
        let seed = Self.tradeSeed(league)
        return open.contains { t in
            let now = now(of: t, league)
            switch t.state {
            case .proposed:
                return pastDeadline || now >= t.expiresAt
                    || (teams.first { $0.id == t.proposal.with }.map(Self.answersByItself) ?? false
                        && now >= t.createdAt.addingTimeInterval(TradeBot.delay(for: t.id, seed: seed)))
            case .inReview: return pastDeadline || t.reviewEndsAt.map { now >= $0 } ?? true
            default: return false
            }
        }
    }

    /// The steps due for the league's open trades, oldest first (see `processTrades`).
    @discardableResult
    func processDueTrades(_ w: any LeagueStoreWriter, league: League) throws -> [TradeID] {
        let open = try w.trades(in: league.id).filter(\.state.isOpen)
        guard !open.isEmpty else { return [] }
        var changed: [TradeID] = []
        let seed = Self.tradeSeed(league)
        for var trade in open {
            // Earlier steps may have changed this trade (a bot's counter) or the rosters: read both again.
            guard let current = try w.trades(in: league.id).first(where: { $0.id == trade.id }), current.state.isOpen else { continue }
            trade = current
            let board = try tradeBoard(w, league: league)
            let now = now(of: trade, league)
            switch trade.state {
            case .proposed:
                if let closed = board.deadlineRefusal {
                    try expire(w, league: league, trade: &trade, reason: closed)
                } else if now >= trade.expiresAt {
                    try expire(w, league: league, trade: &trade, reason: nil)
                } else if let team = board.teams.first(where: { $0.id == trade.proposal.with }), Self.answersByItself(team),
                          now >= trade.createdAt.addingTimeInterval(TradeBot.delay(for: trade.id, seed: seed)) {
                    let facts = try factsCache.facts(w, season: league.season)
                    switch TradeBot.answer(trade, on: board, values: TradeValues(league: league, facts: facts), seed: seed) {
                    case .accept(let drops):
                        trade.proposal.drops += drops
                        try accept(w, league: league, trade: &trade)
                    case .reject(let why):
                        trade.state = .rejected
                        trade.invalidationReason = why
                        trade.answeredAt = now; trade.decidedAt = now
                        try w.updateTrade(trade)
                        try w.appendEvent(league: league.id, LeagueEvent.TradeRejected(trade: trade.id), at: clock.now())
                    case .counter(let proposal):
                        _ = try counter(w, league: league, old: &trade, with: proposal, by: nil)
                    }
                } else { continue }
            case .inReview:
                guard board.deadlineRefusal != nil || trade.reviewEndsAt.map({ now >= $0 }) ?? true else { continue }
                try execute(w, league: league, trade: &trade, board: board)
            default: continue
            }
            changed.append(trade.id)
        }
        return changed
    }

    /// Accepts `trade` (proposed): executes it at once without review, else starts its review.
    func accept(_ w: any LeagueStoreWriter, league: League, trade: inout Trade) throws {
        let board = try tradeBoard(w, league: league)
        let now = now(of: trade, league)
        trade.answeredAt = now
        let hours = league.settings.tradeReviewHours
        if league.settings.tradeReview == .noReview || hours == 0 {
            try w.appendEvent(league: league.id, LeagueEvent.TradeAccepted(trade: trade.id, review: false, team: trade.proposal.team,
                                                                             with: trade.proposal.with), at: clock.now())
            try execute(w, league: league, trade: &trade, board: board)
            return
        }
        // A lock is decided when the review ends (it may be over by then); everything else that already fails is final.
        var unlocked = board
        unlocked.locked = []
        if let reason = TradeRules.recheck(trade.proposal, on: unlocked) {
            try invalidate(w, league: league, trade: &trade, reason: reason)
            return
        }
        trade.state = .inReview
        trade.reviewEndsAt = now.addingTimeInterval(Double(hours) * 3_600)
        trade.vetoThreshold = league.settings.tradeReview == .vote ? TradeRules.vetoThreshold(for: trade.proposal, teams: board.teams) : 0
        try w.updateTrade(trade)
        try w.appendEvent(league: league.id, LeagueEvent.TradeAccepted(trade: trade.id, review: true, team: trade.proposal.team,
                                                                         with: trade.proposal.with), at: clock.now())
    }

    /// Re-checks and executes `trade` in the caller's transaction: both rosters, the picks' owners, the drops' waiver
    /// holds and one transaction per move — or `invalidated` with the re-check's reason.
    func execute(_ w: any LeagueStoreWriter, league: League, trade: inout Trade, board: TradeBoard) throws {
        if let reason = TradeRules.recheck(trade.proposal, on: board) {
            try invalidate(w, league: league, trade: &trade, reason: reason)
            return
        }
        try apply(w, league: league, TradeRules.execution(of: trade.proposal, on: board, leagueID: league.id, at: league.clock))
        let afterReview = trade.state == .inReview
        trade.state = .executed
        trade.decidedAt = now(of: trade, league)
        try w.updateTrade(trade)
        try w.appendEvent(league: league.id, LeagueEvent.TradeExecuted(trade: trade.id, team: trade.proposal.team, with: trade.proposal.with,
                                                                       afterReview: afterReview), at: clock.now())
    }

    /// Writes an execution: rosters first without the players leaving (so no player is ever on two rows), then whole.
    func apply(_ w: any LeagueStoreWriter, league: League, _ x: TradeExecution) throws {
        let before = Dictionary(try w.rosters(in: league.id).map { ($0.teamID, $0) }, uniquingKeysWith: { a, _ in a })
        for r in x.rosters {
            var kept = before[r.teamID] ?? Roster(teamID: r.teamID)
            kept.entries.removeAll { !r.contains($0.playerID) }
            try w.setRoster(kept)
        }
        for r in x.rosters { try w.setRoster(r) }
        for (pick, owner) in x.pickOwners.sorted(by: { $0.key < $1.key }) { try w.setPickOwner(pick, owner: owner, in: league.id) }
        // Whoever changed teams leaves the trading block he was on.
        let moved = x.rosters.flatMap { r in r.playerIDs.filter { before[r.teamID]?.contains($0) != true } }
        try w.removeFromTradingBlocks(moved, in: league.id)
        if !x.dropped.isEmpty {
            let holds = x.dropped.map { WaiverHold.forDroppedPlayer($0, droppedAt: league.clock, settings: league.settings) }
            try w.setWaiverHolds(try w.waiverHolds(in: league.id).filter { !x.dropped.contains($0.playerID) } + holds, in: league.id)
        }
        for t in x.transactions { _ = try w.insertTransaction(t) }
    }

    func invalidate(_ w: any LeagueStoreWriter, league: League, trade: inout Trade, reason: String) throws {
        trade.state = .invalidated
        trade.invalidationReason = reason
        trade.decidedAt = now(of: trade, league)
        try w.updateTrade(trade)
        try w.appendEvent(league: league.id, LeagueEvent.TradeInvalidated(trade: trade.id, reason: reason), at: clock.now())
    }

    func expire(_ w: any LeagueStoreWriter, league: League, trade: inout Trade, reason: String?) throws {
        trade.state = .expired
        trade.invalidationReason = reason
        trade.answeredAt = now(of: trade, league); trade.decidedAt = trade.answeredAt
        try w.updateTrade(trade)
        try w.appendEvent(league: league.id, LeagueEvent.TradeExpired(trade: trade.id), at: clock.now())
    }

    func counter(_ w: any LeagueStoreWriter, league: League, old: inout Trade, with proposal: TradeProposal, by user: UserID?) throws -> TradeID {
        old.state = .countered
        old.answeredAt = now(of: old, league); old.decidedAt = old.answeredAt
        try w.updateTrade(old)
        let new = try insertProposal(w, league: league, proposal, by: user, countering: old.id)
        try w.appendEvent(league: league.id, LeagueEvent.TradeCountered(trade: old.id, counter: new), at: clock.now())
        return new
    }

    func insertProposal(_ w: any LeagueStoreWriter, league: League, _ proposal: TradeProposal, by user: UserID?,
                                countering: TradeID?) throws -> TradeID {
        // An offer to a team that answers by itself (a bot, a manager on autopick) runs on real time: its answer comes
        // 20–90 s later as the pages promise, whether or not the league clock moves (a replay clock stands still
        // between plays, or is off).
        let answersByItself = try w.teams(in: league.id).first { $0.id == proposal.with }.map(Self.answersByItself) ?? false
        let onRealTime = Self.tradesRunOnRealTime(league) || answersByItself
        let now = onRealTime ? clock.now() : league.clock
        let trade = Trade(id: TradeID(0), leagueID: league.id, state: .proposed, proposal: proposal, proposedBy: user, createdAt: now,
                          expiresAt: now.addingTimeInterval(Double(league.settings.tradeExpiryDays) * 86_400), countersTradeID: countering,
                          onRealTime: onRealTime)
        let id = try w.insertTrade(trade)
        try w.appendEvent(league: league.id, LeagueEvent.TradeProposed(trade: id, team: proposal.team, with: proposal.with), at: clock.now())
        return id
    }

    /// One answer by the offer's other team, in one transaction after the due steps.
    func answer(_ id: LeagueID, trade tradeID: TradeID, caller: Caller, doing: String,
                _ body: (any LeagueStoreWriter, League, inout Trade) throws -> Void) throws -> Trade {
        try onTrade(id, trade: tradeID, caller: caller) { w, league, user, trade in
            _ = try managedTeam(w, trade.proposal.with, league: league, user: user, doing: doing)
            guard trade.state == .proposed else { throw DomainError.conflict(Self.stateSentence(trade)) }
            try body(w, league, &trade)
            return trade.dated(season: league.season)
        }
    }

    /// One write on one of the league's trades by a signed-in caller, in one transaction after the due steps.
    func onTrade<T>(_ id: LeagueID, trade tradeID: TradeID, caller: Caller,
                    _ body: (any LeagueStoreWriter, League, UserID, inout Trade) throws -> T) throws -> T {
        let user = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            try processDueTrades(w, league: league)
            var trade = try existingTrade(w, tradeID, league: league)
            return try body(w, league, user, &trade)
        }
    }

    func existingTrade(_ r: any LeagueStoreReader, _ id: TradeID, league: League) throws -> Trade {
        guard let trade = try r.trades(in: league.id).first(where: { $0.id == id }) else { throw DomainError.notFound("Trade \(id.rawValue)") }
        return trade
    }

    /// The league as the trade rules see it now.
    func tradeBoard(_ r: any LeagueStoreReader, league: League) throws -> TradeBoard {
        let facts = try factsCache.facts(r, season: league.season)
        let rosters = Dictionary(try r.rosters(in: league.id).map { ($0.teamID, $0) }, uniquingKeysWith: { a, _ in a })
        let week = facts.week(at: league.clock)
        var locked = Set<PlayerID>()
        if league.state == .inSeason || league.state == .playoffs {
            for player in rosters.values.flatMap(\.playerIDs) where facts.isLocked(player, week: week, at: league.clock) {
                locked.insert(player)
            }
        }
        return TradeBoard(league: league, teams: try r.teams(in: league.id), rosters: rosters, players: facts.players,
                          draft: try r.draft(in: league.id), picksMade: try r.picks(in: league.id), pickOwners: try r.pickOwners(in: league.id).merging(try r.futurePickOwners(in: league.id)) { a, _ in a },
                          week: week, locked: locked)
    }

    /// A trade's clock: real time for trades made before the season (the league clock stands still until the draft is
    /// done), the league's season clock otherwise.
    func now(of trade: Trade, _ league: League) -> Date { trade.onRealTime ? clock.now() : league.clock }

    static func tradesRunOnRealTime(_ league: League) -> Bool { league.state == .predraft || league.state == .drafting }

    /// Bots and managers' teams on autopick answer offers by themselves.
    static func answersByItself(_ team: Team) -> Bool { team.isBot || team.autopick }

    static func tradeSeed(_ league: League) -> UInt64 { UInt64(bitPattern: league.id.rawValue) }

    /// Why a trade can't be answered (or voted on) in its state, in one sentence.
    static func stateSentence(_ t: Trade) -> String {
        switch t.state {
        case .proposed: "\(t.id) is waiting for an answer — it isn't in review"
        case .inReview: "\(t.id) was already accepted and is in review"
        case .executed: "\(t.id) already went through"
        case .rejected: "\(t.id) was rejected"
        case .withdrawn: "\(t.id) was withdrawn"
        case .countered: "\(t.id) was countered — answer the counter offer instead"
        case .expired: "\(t.id) expired"
        case .vetoed: "\(t.id) was vetoed"
        case .invalidated: "\(t.id) was invalidated: \(t.invalidationReason ?? "it could no longer go through")"
        case .reversed: "\(t.id) was reversed"
        }
    }
}
