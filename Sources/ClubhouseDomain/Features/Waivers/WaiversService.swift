import Foundation

/// Free agents and waivers: adds and drops, claims and their order, the waiver run, transactions.
/// Reached from the root as `LeagueService.waivers`; the shared parts (store, clocks, facts, access checks) through
/// `core` (`LeagueServicePart`).
public struct WaiversService: LeagueServicePart {
    let core: LeagueService
}

// MARK: - Free agents and waivers (ClubhouseDomain/README.md, “Waivers”): instant adds, drops (the player goes on waivers), and waiver claims
// that the clock engine processes every Wednesday 08:00 UTC on the league's season clock.

extension WaiversService {
    /// Adds a free agent to the caller's team, dropping `drop` when given (he goes on waivers). A full roster needs a drop.
    @discardableResult
    public func addFreeAgent(_ id: LeagueID, team teamID: TeamID, player: PlayerID, dropping drop: PlayerID?, caller: Caller) throws -> Transaction {
        try managerWrite(id, team: teamID, caller: caller, doing: "add players to it", season: "Free-agent adds") { w, facts, league, team in
            let teams = try w.teams(in: id)
            let holds = try w.waiverHolds(in: id)
            let rosters = try w.rosters(in: id)
            let result: RosterMoveResult
            do throws(DomainError) {
                result = try FreeAgentAdd.add(player, dropping: drop, team: team.id, leagueID: id, rosters: rosters, holds: holds,
                                              positions: facts.players.mapValues(\.position), settings: league.settings,
                                              now: league.clock, transactionID: 0)
            } catch {
                throw facts.naming(error, players: [player, drop], teams: teams)
            }
            try requireIROrder(rosters.first { $0.teamID == team.id }, dropping: drop, league: league, facts: facts)
            if let drop { try requireDroppable(drop, league: league, facts: facts) }
            try w.setRoster(result.roster)
            if let hold = result.newHold { try w.setWaiverHolds(holds.filter { $0.playerID != hold.playerID } + [hold], in: id) }
            var transaction = result.transaction
            transaction.id = try w.insertTransaction(transaction)
            try w.appendEvent(league: id, LeagueEvent.PlayerAdded(team: team.id, added: player, dropped: drop), at: clock.now())
            return transaction
        }
    }

    /// Drops a player from the caller's team; he stays on waivers for the league's waiver period.
    @discardableResult
    public func dropPlayer(_ id: LeagueID, team teamID: TeamID, player: PlayerID, caller: Caller) throws -> Transaction {
        try managerWrite(id, team: teamID, caller: caller, doing: "drop its players", season: "Drops") { w, facts, league, team in
            let roster = try w.rosters(in: id).first { $0.teamID == team.id } ?? Roster(teamID: team.id)
            let updated: Roster
            do throws(RosterRefusal) {
                updated = try RosterRules.dropping(player, from: roster)
            } catch {
                throw facts.naming(error.domainError, players: [player])
            }
            try requireDroppable(player, league: league, facts: facts)
            try w.setRoster(updated)
            let hold = WaiverHold.forDroppedPlayer(player, droppedAt: league.clock, settings: league.settings)
            try w.setWaiverHolds(try w.waiverHolds(in: id).filter { $0.playerID != player } + [hold], in: id)
            var transaction = Transaction(id: 0, leagueID: id, teamID: team.id, kind: .drop, added: nil, dropped: player, at: league.clock)
            transaction.id = try w.insertTransaction(transaction)
            try w.appendEvent(league: id, LeagueEvent.PlayerDropped(team: team.id, dropped: player), at: clock.now())
            return transaction
        }
    }

    /// Places a waiver claim for a player on waivers (a FAAB bid in FAAB leagues; 0 under rolling priority),
    /// dropping `drop` if it wins. It goes last in the team's own claim order.
    @discardableResult
    public func placeClaim(_ id: LeagueID, team teamID: TeamID, player: PlayerID, dropping drop: PlayerID?, bid: Int = 0,
                           caller: Caller) throws -> WaiverClaim {
        try managerWrite(id, team: teamID, caller: caller, doing: "claim players for it", season: "Waiver claims") { w, facts, league, team in
            if league.settings.waiverType == .rolling, bid != 0 {
                throw DomainError.validation(field: "bid", message: "\(league.name) uses rolling waiver priority — claims carry no bid")
            }
            let claims = try w.waiverClaims(in: id)
            let mine = claims.filter { $0.teamID == team.id && $0.status == .pending }
            var claim = WaiverClaim(id: 0, leagueID: id, teamID: team.id, addPlayer: player, dropPlayer: drop, bid: bid,
                                    rank: (mine.map(\.rank).max() ?? 0) + 1, createdAt: league.clock)
            let rosters = try w.rosters(in: id), holds = try w.waiverHolds(in: id)
            do throws(DomainError) {
                try WaiverClaimRules.validate(claim, pending: claims, rosters: rosters, holds: holds,
                                              positions: facts.players.mapValues(\.position), budget: team.faabRemaining,
                                              settings: league.settings, now: league.clock)
            } catch {
                throw facts.naming(error, players: [player, drop], teams: try w.teams(in: id))
            }
            try requireIROrder(rosters.first { $0.teamID == team.id }, dropping: drop, league: league, facts: facts)
            claim.id = try w.insertWaiverClaim(claim)
            try w.appendEvent(league: id, LeagueEvent.ClaimPlaced(team: team.id, claim: claim.id), at: clock.now())
            return claim
        }
    }

    /// Cancels one of the caller's pending claims.
    public func cancelClaim(_ id: LeagueID, claim claimID: Int64, caller: Caller) throws {
        let user = try signedIn(caller)
        try store.write { w in
            let league = try existingLeague(w, id)
            guard var claim = try w.waiverClaims(in: id).first(where: { $0.id == claimID }) else {
                throw DomainError.notFound("Waiver claim \(claimID)")
            }
            _ = try managedTeam(w, claim.teamID, league: league, user: user, doing: "cancel its claims")
            guard claim.status == .pending else { throw DomainError.conflict("That claim was already processed") }
            claim.status = .cancelled
            try w.updateWaiverClaim(claim)
            try w.appendEvent(league: id, LeagueEvent.ClaimCancelled(team: claim.teamID, claim: claimID), at: clock.now())
        }
    }

    /// Sets the order the caller's team wants its pending claims tried in; `order` must list exactly those claims.
    @discardableResult
    public func reorderClaims(_ id: LeagueID, team teamID: TeamID, order: [Int64], caller: Caller) throws -> [WaiverClaim] {
        let user = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            let team = try managedTeam(w, teamID, league: league, user: user, doing: "reorder its claims")
            let pending = try w.waiverClaims(in: id).filter { $0.teamID == team.id && $0.status == .pending }
            guard order.count == pending.count, Set(order) == Set(pending.map(\.id)) else {
                throw DomainError.conflict("Your claims changed — reload them and try again")
            }
            let byID = Dictionary(uniqueKeysWithValues: pending.map { ($0.id, $0) })
            let reordered = order.enumerated().map { i, claimID in
                var c = byID[claimID]!
                c.rank = i + 1
                return c
            }
            for c in reordered { try w.updateWaiverClaim(c) }
            try w.appendEvent(league: id, LeagueEvent.ClaimsReordered(team: team.id), at: clock.now())
            return reordered
        }
    }

    // MARK: Reads

    /// The caller's pending claims in the league, in the order they will be tried (empty when signed out or not a member).
    public func myClaims(_ id: LeagueID, caller: Caller) throws -> [ClaimView] {
        try myTeamClaims(id, caller: caller) { claims in
            claims.filter { $0.status == .pending }.sorted { ($0.rank, $0.id) < ($1.rank, $1.id) }
        }
    }

    /// The caller's processed claims — won, or lost with the reason — newest first, at most `limit`.
    public func myClaimResults(_ id: LeagueID, caller: Caller, limit: Int = 10) throws -> [ClaimView] {
        try myTeamClaims(id, caller: caller) { claims in
            Array(claims.filter { $0.status == .won || $0.status == .lost }
                .sorted { ($0.processedAt ?? $0.createdAt, $0.id) > ($1.processedAt ?? $1.createdAt, $1.id) }
                .prefix(limit))
        }
    }

    /// The caller's team's claims in the league, chosen and ordered by `pick`, with player summaries (none when
    /// signed out or without a team there).
    private func myTeamClaims(_ id: LeagueID, caller: Caller, _ pick: ([WaiverClaim]) -> [WaiverClaim]) throws -> [ClaimView] {
        guard let user = caller.userID else { return [] }
        return try store.read { r in
            let facts = try self.facts(r, league: id)
            let league = try existingLeague(r, id)
            guard let team = try r.teams(in: league.id).first(where: { $0.manager == user }) else { return [] }
            return pick(try r.waiverClaims(in: id).filter { $0.teamID == team.id })
                .map { ClaimView(claim: $0, player: facts.summary($0.addPlayer), drop: $0.dropPlayer.map(facts.summary)) }
        }
    }

    /// The league's completed roster moves (draft picks excluded), newest first. Readable by whoever can see the league.
    public func transactions(_ id: LeagueID, caller: Caller) throws -> [TransactionView] {
        try store.read { r in
            let s = try LeagueSnapshot(r, league: id, cache: factsCache)
            try requireVisible(s.league, caller: caller, reader: r)
            let teams = Dictionary(uniqueKeysWithValues: s.teams.map { ($0.id, $0) })
            return try r.transactions(in: id).reversed().compactMap { t in
                guard let team = teams[t.teamID] else { return nil }
                return TransactionView(transaction: t, team: s.summary(team), added: t.added.map(s.facts.summary),
                                       dropped: t.dropped.map(s.facts.summary))
            }
        }
    }

    // MARK: Helpers

    /// A team with a player on IR whose status this week (the league clock's) no longer lets him sit there adds nobody
    /// until he leaves IR — moved to the bench, or dropped (by this move too) (`InjuredReserveRules`).
    func requireIROrder(_ roster: Roster?, dropping drop: PlayerID?, league: League, facts: SeasonFacts) throws {
        guard let roster else { return }
        let week = facts.calendar.week(at: league.clock)
        if let block = InjuredReserveRules.addBlock(roster, dropping: drop, settings: league.settings,
                                                    status: { facts.injury($0, week: week) }, name: facts.name) {
            throw DomainError.conflict(block)
        }
    }

    /// A player whose game this week has kicked off on the league clock can't be dropped until the week is final
    /// (`Game+Lock.swift`).
    func requireDroppable(_ player: PlayerID, league: League, facts: SeasonFacts) throws {
        if facts.isLocked(player, week: facts.calendar.week(at: league.clock), at: league.clock) {
            throw DomainError.validation(field: "drop", message: LockWords.kickedOff(facts.name(player), defense: facts.players[player]?.position == .def,
                                                                                     cant: "can't be dropped"))
        }
    }
}

// MARK: - The waiver run (the season clock runs it at each run it passes)

extension WaiversService {
    /// Processes pending claims at a waiver run; returns one explained line per claim.
    func processWaivers(_ w: any LeagueStoreWriter, league: League, at: Date, facts: SeasonFacts) throws -> [String] {
        let claims = try w.waiverClaims(in: league.id)
        let holds = try w.waiverHolds(in: league.id).filter { $0.until > at }
        guard claims.contains(where: { $0.status == .pending }) else {
            try w.setWaiverHolds(holds, in: league.id)
            return []
        }
        let teams = try w.teams(in: league.id)
        let state = WaiverState(teams: teams, rosters: try w.rosters(in: league.id), holds: holds)
        let positions = facts.players.mapValues(\.position)
        // IR is judged by the week the run is in (a run opens its week: Wednesday 08:00 UTC).
        let week = facts.calendar.week(at: at)
        let result = WaiverProcessor.process(claims: claims, state: state, positions: positions, settings: league.settings,
                                             now: at, firstTransactionID: 0,
                                             injuredReserve: .init(status: { facts.injury($0, week: week) }, name: facts.name))
        for roster in result.state.rosters.values.sorted(by: { $0.teamID < $1.teamID }) { try w.setRoster(roster) }
        for t in result.state.applying(to: teams) { try w.updateTeam(t) }
        for c in result.claims where c.status != .pending { try w.updateWaiverClaim(c) }
        for t in result.transactions { _ = try w.insertTransaction(t) }
        try w.setWaiverHolds(result.state.holds.filter { $0.until > at }, in: league.id)
        let lines = result.results.map(\.explanation)
        try w.appendEvent(league: league.id, LeagueEvent.WaiversProcessed(claims: result.results.count, run: at), at: clock.now())
        return lines
    }
}
