import Foundation

// MARK: - Trades: offers, answers, review (vote or commissioner), execution, reversal, and the time step
// that expires offers, ends reviews and lets bots answer. Every write is one transaction that first runs the steps
// that have fallen due (so nothing waits for a clock driver), then appends one event per state change.

extension LeagueService {
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
        if try store.read({ r in try tradesDue(r, league: existingLeague(r, id)) }) {
            _ = try store.write { w in try processDueTrades(w, league: leagueForItsClock(w, id)) }
        }
        return try store.read { r in
            let league = try existingLeague(r, id)
            try requireVisible(league, caller: caller, reader: r)
            let teams = try r.teams(in: id)
            let member = caller.userID.map { user in league.commissioner == user || teams.contains { $0.manager == user } } ?? false
            return try r.trades(in: id).reversed().filter { member || $0.state == .executed || $0.state == .reversed }
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
        let user = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            try processDueTrades(w, league: league)
            var trade = try existingTrade(w, tradeID, league: league)
            _ = try managedTeam(w, trade.proposal.team, league: league, user: user, doing: "withdraw its trade offers")
            guard trade.state == .proposed else { throw DomainError.conflict(Self.stateSentence(trade)) }
            trade.state = .withdrawn
            trade.answeredAt = now(of: trade, league); trade.decidedAt = trade.answeredAt
            try w.updateTrade(trade)
            try w.appendEvent(league: id, LeagueEvent.TradeWithdrawn(trade: trade.id), at: clock.now())
            return trade
        }
    }

    /// The other team answers an offer with its own: the old one becomes `countered`, the new one (from the answering
    /// team back to the proposer, `countersTradeID` pointing at the old) waits for an answer like any offer.
    @discardableResult
    public func counterTrade(_ id: LeagueID, trade tradeID: TradeID, _ proposal: TradeProposal, caller: Caller) throws -> TradeID {
        let user = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            try processDueTrades(w, league: league)
            var old = try existingTrade(w, tradeID, league: league)
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
        let user = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            try processDueTrades(w, league: league)
            var trade = try existingTrade(w, tradeID, league: league)
            let now = now(of: trade, league)
            if league.commissioner == user {
                guard trade.state == .inReview else { throw DomainError.conflict(Self.stateSentence(trade)) }
                trade.state = .vetoed
                trade.decidedAt = now
                try w.updateTrade(trade)
                try w.appendEvent(league: id, LeagueEvent.TradeVetoed(trade: trade.id, byCommissioner: true), at: clock.now())
                return trade
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
            return trade
        }
    }

    /// Commissioner: undoes an executed trade with new transactions that move its players and picks back (its drops
    /// stay dropped). Refused with the reason when that is no longer possible (a player gone or locked, a pick made,
    /// a roster that would break).
    @discardableResult
    public func reverseTrade(_ id: LeagueID, trade tradeID: TradeID, caller: Caller) throws -> Trade {
        _ = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: "reverse trades")
            try processDueTrades(w, league: league)
            var trade = try existingTrade(w, tradeID, league: league)
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
            return trade
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
    private func accept(_ w: any LeagueStoreWriter, league: League, trade: inout Trade) throws {
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
    private func execute(_ w: any LeagueStoreWriter, league: League, trade: inout Trade, board: TradeBoard) throws {
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
    private func apply(_ w: any LeagueStoreWriter, league: League, _ x: TradeExecution) throws {
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

    private func expire(_ w: any LeagueStoreWriter, league: League, trade: inout Trade, reason: String?) throws {
        trade.state = .expired
        trade.invalidationReason = reason
        trade.answeredAt = now(of: trade, league); trade.decidedAt = trade.answeredAt
        try w.updateTrade(trade)
        try w.appendEvent(league: league.id, LeagueEvent.TradeExpired(trade: trade.id), at: clock.now())
    }

    private func counter(_ w: any LeagueStoreWriter, league: League, old: inout Trade, with proposal: TradeProposal, by user: UserID?) throws -> TradeID {
        old.state = .countered
        old.answeredAt = now(of: old, league); old.decidedAt = old.answeredAt
        try w.updateTrade(old)
        let new = try insertProposal(w, league: league, proposal, by: user, countering: old.id)
        try w.appendEvent(league: league.id, LeagueEvent.TradeCountered(trade: old.id, counter: new), at: clock.now())
        return new
    }

    private func insertProposal(_ w: any LeagueStoreWriter, league: League, _ proposal: TradeProposal, by user: UserID?,
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
    private func answer(_ id: LeagueID, trade tradeID: TradeID, caller: Caller, doing: String,
                        _ body: (any LeagueStoreWriter, League, inout Trade) throws -> Void) throws -> Trade {
        let user = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            try processDueTrades(w, league: league)
            var trade = try existingTrade(w, tradeID, league: league)
            _ = try managedTeam(w, trade.proposal.with, league: league, user: user, doing: doing)
            guard trade.state == .proposed else { throw DomainError.conflict(Self.stateSentence(trade)) }
            try body(w, league, &trade)
            return trade
        }
    }

    private func existingTrade(_ r: any LeagueStoreReader, _ id: TradeID, league: League) throws -> Trade {
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
                          draft: try r.draft(in: league.id), picksMade: try r.picks(in: league.id), pickOwners: try r.pickOwners(in: league.id),
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
