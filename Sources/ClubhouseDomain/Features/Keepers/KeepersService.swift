import Foundation

/// Keepers: the keepers a renewed league may declare, and placing them in the draft (or the auction) as it starts.
/// Reached from the root as `LeagueService.keepers`; the shared parts (store, clocks, facts, access checks) through
/// `core` (`LeagueServicePart`).
public struct KeepersService: LeagueServicePart {
    let core: LeagueService
}

// MARK: - Declaring keepers, reading them, and placing them in the draft (ClubhouseDomain/README.md, “Keepers”)
//
// A keeper league's renewed season takes keepers until its deadline: `keeperDeadlineHours` before the draft's date on
// the league's clock (no date yet: no deadline yet). A team's manager declares its keepers; the commissioner may set
// any team's, and after the deadline too, until the draft starts. When the draft starts each keeper fills his team's
// pick in his cost round (`KeeperRules.pick`): a made pick from the first moment, which nobody else can draft. In an
// auction league each keeper is bought at his price as the auction starts, before the first nomination.

extension KeepersService {
    /// The league's keepers per team with their costs, each team's players it may keep, and the deadline; a league
    /// that keeps no players (not a keeper league, or its first season) answers with none (`fromSeason` nil).
    public func keepers(_ id: LeagueID, caller: Caller) throws -> LeagueKeepers {
        try store.read { r in
            let league = try existingLeague(r, id)
            try requireVisible(league, caller: caller, reader: r)
            guard let previous = try? keeperSource(r, league: league) else {
                return LeagueKeepers(keeperCount: league.settings.keeperCount, deadline: nil, open: false, fromSeason: nil, teams: [])
            }
            let teams = try r.teams(in: id).sorted { $0.id < $1.id }
            let facts = try factsCache.facts(r, season: league.season)
            let before = try factsCache.facts(r, season: previous.season)
            let summary = { (p: PlayerID) in facts.players[p] != nil ? facts.summary(p) : before.summary(p) }
            let candidates = try keeperCandidates(r, league: league, previous: previous)
            let kept = settled(try r.keepers(in: id), candidates: candidates, settings: league.settings)
            let started = try r.draft(in: id)?.status != .scheduled || league.state != .predraft
            let deadline = keeperDeadline(league)
            return LeagueKeepers(
                keeperCount: league.settings.keeperCount, deadline: deadline,
                open: !started && (deadline.map { league.clock < $0 } ?? true), fromSeason: previous.season,
                teams: teams.map { team in
                    TeamKeepers(team: team.id,
                                keepers: kept.filter { $0.team == team.id }.sorted { $0.order < $1.order }.map {
                                    KeeperView(player: $0.player, cost: $0.cost, years: $0.years, summary: summary($0.player))
                                },
                                candidates: (candidates[team.id] ?? []).map { c in
                                    KeeperCandidate(player: c.player, cost: c.cost, years: c.years, summary: summary(c.player),
                                                    refusal: KeeperRules.yearsRefusal(years: c.years, name: summary(c.player).name, settings: league.settings))
                                })
                })
        }
    }

    /// A team's manager (or the commissioner) declares the team's keepers, replacing those declared before; returns
    /// the league's keepers as they now stand. Refused (in this order) signed out; for a league that isn't a keeper
    /// league or has no season before; for anyone but the team's manager and the commissioner; once the draft has
    /// started; for a manager after the deadline; for more players than `keeperCount`, a player twice, a player who
    /// wasn't on the team's final roster of the season before, or one kept `maxKeeperYears` seasons already; in an
    /// auction league, for prices that leave less than the minimum bid for each of the team's other spots.
    public func setKeepers(_ id: LeagueID, team teamID: TeamID, players: [PlayerID], caller: Caller) throws -> LeagueKeepers {
        let user = try signedIn(caller)
        try store.write { w in
            let league = try existingLeague(w, id)
            let previous = try keeperSource(w, league: league)
            guard let team = try w.teams(in: id).first(where: { $0.id == teamID }) else { throw DomainError.notFound("Team \(teamID.rawValue)") }
            let isCommissioner = league.commissioner == user
            guard team.manager == user || isCommissioner else {
                throw DomainError.forbidden("Only \(team.name)'s manager (or the commissioner) can set its keepers")
            }
            guard league.state == .predraft, try w.draft(in: id)?.status == .scheduled else {
                throw DomainError.conflict("The draft of \(league.name) has started — its keepers are in it and can't change")
            }
            if !isCommissioner, let deadline = keeperDeadline(league), league.clock >= deadline {
                throw DomainError.conflict("Keepers were due \(ISO8601.format(deadline)) (\(league.settings.keeperDeadlineHours) hours before the draft) — "
                                           + "only the commissioner can set them now")
            }
            let settings = league.settings
            guard players.count <= settings.keeperCount else {
                throw DomainError.validation(field: "players", message: "A team keeps at most \(settings.keeperCount) players (not \(players.count))")
            }
            guard Set(players).count == players.count else { throw DomainError.validation(field: "players", message: "A player is listed twice") }
            let candidates = try keeperCandidates(w, league: league, previous: previous)[team.id] ?? []
            let facts = try factsCache.facts(w, season: previous.season)
            var costs: [PlayerID: Keeper] = [:]
            for player in players {
                let name = facts.players[player]?.fullName ?? player.rawValue
                guard let c = candidates.first(where: { $0.player == player }) else {
                    throw DomainError.validation(field: "players",
                                                 message: "\(name) wasn't on \(team.name)'s final \(previous.season) roster — only its players can be kept")
                }
                if let refusal = KeeperRules.yearsRefusal(years: c.years, name: name, settings: settings) {
                    throw DomainError.validation(field: "players", message: refusal)
                }
                costs[player] = c
            }
            let before = try w.keepers(in: id).filter { $0.team == team.id }
            let order = KeeperRules.declarationOrder(previous: before, sent: players)
            var keepers = order.enumerated().map { i, p in var k = costs[p]!; k.order = i; return k }
            if settings.keeperCost == .auction {
                if let refusal = KeeperRules.budgetRefusal(prices: keepers.compactMap(\.price), team: team.name, settings: settings) {
                    throw DomainError.validation(field: "players", message: refusal)
                }
            } else {
                for (i, round) in KeeperRules.rounds(keepers.map { $0.round ?? 1 }, draftRounds: settings.draftRounds).enumerated() { keepers[i].round = round }
            }
            try w.setKeepers(keepers, team: team.id, in: id)
            try w.appendEvent(league: id, LeagueEvent.KeepersSet(team: team.id, players: keepers.count), at: clock.now())
        }
        return try keepers(id, caller: caller)
    }

    /// When a renewed keeper league's draft starts: every keeper fills his team's pick in his cost round (the team's
    /// nearest pick when that one was traded away), on its roster as a drafted player. Returns the picks made.
    func placeKeepers(_ w: any LeagueStoreWriter, league: League, room: inout DraftRoom, now: Date) throws -> [Pick] {
        let keepers = try declaredKeepers(w, league: league)
        guard !keepers.isEmpty else { return [] }
        var filled = Set(room.picks.map(\.number)), picks: [Pick] = []
        for k in keepers {
            guard let n = KeeperRules.pick(round: k.round ?? 1, team: k.team, draft: room.draft, pickOwners: room.pickOwners, filled: filled) else {
                throw DomainError.conflict("\(room.name(of: k.team)) has no pick left for its keeper \(k.player) — the draft didn't start")
            }
            filled.insert(n)
            picks.append(Pick(number: n, round: DraftOrder.round(forPick: n, teamCount: room.draft.order.count), teamID: k.team, playerID: k.player,
                              source: .keeper, madeAt: now))
        }
        room.placeKept(picks, now: now)
        for pick in picks {
            try w.insertPick(pick, in: league.id)
            try w.addRosterEntry(RosterEntry(playerID: pick.playerID, slot: .bench, acquisition: .draft, acquiredAt: now), team: pick.teamID, in: league.id)
            try w.removeFromQueues(player: pick.playerID, in: league.id)
        }
        return picks
    }

    /// When a renewed keeper league's auction starts: every team's keepers are bought at their prices before the first
    /// nomination (sales numbered first, in draft order, nominated by nobody), on its roster, their prices out of its
    /// budget. Refused, and the auction doesn't start, when a team's keepers cost more than its budget allows (the
    /// budget or the roster changed after they were declared). Returns the sales made.
    func placeKeepers(_ w: any LeagueStoreWriter, league: League, auction room: inout AuctionRoom, now: Date) throws -> [Pick] {
        let order = room.draft.order
        let keepers = try declaredKeepers(w, league: league).sorted { (order.firstIndex(of: $0.team) ?? .max, $0.order) < (order.firstIndex(of: $1.team) ?? .max, $1.order) }
        guard !keepers.isEmpty else { return [] }
        let teams = try w.teams(in: league.id)
        for team in order {
            let name = teams.first { $0.id == team }?.name ?? team.description
            if let refusal = KeeperRules.budgetRefusal(prices: keepers.filter { $0.team == team }.compactMap(\.price), team: name, settings: league.settings) {
                throw DomainError.conflict(refusal + " — the commissioner changes its keepers or the budget; the draft didn't start")
            }
        }
        let picks = room.placeKept(keepers, now: now)
        for pick in picks {
            try w.insertPick(pick, in: league.id)
            try w.insertAuctionSale(AuctionSale(number: pick.number, price: pick.price ?? 0, nominatedBy: nil), in: league.id)
            try w.addRosterEntry(RosterEntry(playerID: pick.playerID, slot: .bench, acquisition: .draft, acquiredAt: now), team: pick.teamID, in: league.id)
            try w.removeFromQueues(player: pick.playerID, in: league.id)
        }
        return picks
    }

    /// Keepers are due `keeperDeadlineHours` before the draft's date (nil: no date yet).
    func keeperDeadline(_ league: League) -> Date? {
        league.draftScheduledAt.map { $0.addingTimeInterval(-Double(league.settings.keeperDeadlineHours) * 3_600) }
    }

    /// The season keepers come from: the league this keeper league was renewed from.
    private func keeperSource(_ r: any LeagueStoreReader, league: League) throws -> League {
        guard league.settings.leagueType == .keeper else {
            throw DomainError.conflict("\(league.name) isn't a keeper league — its commissioner can make it one in its settings")
        }
        guard let id = league.previousLeague, let previous = try r.league(id) else {
            throw DomainError.conflict("\(league.name) \(league.season) has no season before it to keep players from — keepers come with renewing a league")
        }
        return previous
    }

    /// A keeper league's declared keepers, each with a cost of the league's kind (`settled`); none in any other league.
    private func declaredKeepers(_ w: any LeagueStoreWriter, league: League) throws -> [Keeper] {
        guard league.settings.leagueType == .keeper else { return [] }
        let kept = try w.keepers(in: league.id)
        guard !kept.isEmpty else { return [] }
        return settled(kept, candidates: try keeperCandidates(w, league: league, previous: try keeperSource(w, league: league)), settings: league.settings)
            .sorted { ($0.team, $0.order) < ($1.team, $1.order) }
    }

    /// Declared keepers with a cost of the kind the league's settings say: a keeper declared before the commissioner
    /// switched `keeperCost` (or the draft type) costs what he would cost alone now.
    private func settled(_ kept: [Keeper], candidates: [TeamID: [Keeper]], settings: LeagueSettings) -> [Keeper] {
        kept.map { k in
            guard (settings.keeperCost == .auction) != (k.price != nil), let now = candidates[k.team]?.first(where: { $0.player == k.player }) else { return k }
            var fixed = now
            fixed.order = k.order
            return fixed
        }
    }

    /// Each new team's players of its final roster of the season before, with their cost kept alone (order 0). A team
    /// of the new season is the old team of the same manager (a bot team: of the same name).
    func keeperCandidates(_ r: any LeagueStoreReader, league: League, previous: League) throws -> [TeamID: [Keeper]] {
        let oldTeams = try r.teams(in: previous.id), newTeams = try r.teams(in: league.id)
        let rosters = try r.rosters(in: previous.id)
        let picks = try r.picks(in: previous.id)
        let drafted = Dictionary(picks.map { ($0.playerID, $0.round) }, uniquingKeysWith: { a, _ in a })
        let prices = Dictionary(picks.compactMap { p in p.price.map { (p.playerID, $0) } }, uniquingKeysWith: { a, _ in a })
        let keptBefore = Dictionary(try r.keepers(in: previous.id).map { ($0.player, $0.years) }, uniquingKeysWith: { a, _ in a })
        // Any drop but a trade's: a player dropped (and re-added by whoever has him now) costs the undrafted round.
        let dropped = Set(try r.transactions(in: previous.id).filter { $0.kind != .trade }.compactMap(\.dropped))
        var out: [TeamID: [Keeper]] = [:]
        for team in newTeams {
            guard let old = oldTeams.first(where: { team.manager != nil ? $0.manager == team.manager : ($0.manager == nil && $0.name == team.name) }),
                  let roster = rosters.first(where: { $0.teamID == old.id }) else { continue }
            out[team.id] = roster.entries.sorted { $0.playerID.rawValue < $1.playerID.rawValue }.map { e in
                KeeperRules.keeper(e.playerID, team: team.id,
                                   KeeperHistory(draftedRound: drafted[e.playerID], price: prices[e.playerID], yearsKept: keptBefore[e.playerID] ?? 0,
                                                 dropped: dropped.contains(e.playerID)), settings: league.settings)
            }
        }
        return out
    }
}
