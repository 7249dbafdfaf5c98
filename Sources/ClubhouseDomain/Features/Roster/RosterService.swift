import Foundation

/// A team's roster and lineup, and a player's page.
/// Reached from the root as `LeagueService.roster`; the shared parts (store, clocks, facts, access checks) through
/// `core` (`LeagueServicePart`).
public struct RosterService: LeagueServicePart {
    let core: LeagueService
}

// MARK: - Lineups (ClubhouseDomain/README.md, “Roster”): a manager moves players between slots on the league's season clock.

extension RosterService {
    /// Applies one lineup move to the caller's team for the current week of the league's clock.
    /// Refusals (locked, ineligible, IR, full slot, …) come back as one sentence each.
    @discardableResult
    public func moveInLineup(_ id: LeagueID, team teamID: TeamID, move: LineupMove, caller: Caller) throws -> Roster {
        // A move refused because its player's game kicked off is a line in the team's feed: the refused write rolls
        // back whole, so the refusal is kept by a write of its own after it (the move itself never happens).
        var locked: LeagueEvent.LineupRefused?
        do {
            return try applyMove(id, team: teamID, move: move, caller: caller) { locked = $0 }
        } catch {
            if let locked { try store.write { w in try w.appendEvent(league: id, locked, at: clock.now()) } }
            throw error
        }
    }

    private func applyMove(_ id: LeagueID, team teamID: TeamID, move: LineupMove, caller: Caller,
                           refusedAfterKickoff: (LeagueEvent.LineupRefused) -> Void) throws -> Roster {
        try managerWrite(id, team: teamID, caller: caller, doing: "set its lineup", season: "Lineups") { w, facts, league, team in
            let roster = try w.rosters(in: id).first { $0.teamID == team.id } ?? Roster(teamID: team.id)
            let week = facts.calendar.week(at: league.clock)
            let context = LineupContext(settings: league.settings, week: week, now: league.clock,
                                        players: facts.players, injuries: facts.injuries(week: week), games: facts.games)
            let updated: Roster
            do throws(LineupRefusal) {
                updated = try LineupRules.applyLineupChange(move, to: roster, context: context)
            } catch {
                if case .playerLocked(let p, let kickoff) = error {
                    refusedAfterKickoff(LeagueEvent.LineupRefused(team: team.id, player: p, slot: move.slot, kickoff: kickoff))
                }
                throw facts.naming(error.domainError, players: [move.playerID, move.swapWith])
            }
            guard updated != roster else { return roster }
            try w.setRoster(updated)
            try w.appendEvent(league: id, LeagueEvent.LineupChanged(team: team.id, player: move.playerID, slot: move.slot),
                              at: clock.now())
            return updated
        }
    }
}

// MARK: - Reading a roster and a player: reading never needs an account (README.md, “Accounts”)

extension RosterService {
    public func roster(_ id: LeagueID, team: TeamID, caller: Caller) throws -> TeamRoster {
        try store.read { r in
            let s = try LeagueSnapshot(r, league: id, cache: factsCache)
            try requireVisible(s.league, caller: caller, reader: r)
            let t = try s.team(team)
            let week = s.currentWeek
            let block = try r.tradingBlock(in: id)[team] ?? []
            let rows = (s.rosters[team]?.entries ?? [])
                .sorted { ($0.slot, $0.playerID) < ($1.slot, $1.playerID) }
                .map { e in
                    RosterRow(slot: e.slot, player: s.facts.summary(e.playerID, week: week), acquisition: e.acquisition, acquiredAt: e.acquiredAt,
                              weekPoints: s.points(e.playerID, week: week),
                              seasonPoints: s.scored.seasonPoints(e.playerID, finalAt: s.now) + s.livePoints(e.playerID, week: week),
                              locked: s.facts.isLocked(e.playerID, week: week, at: s.now),
                              onTradingBlock: block.contains(e.playerID))
                }
            return TeamRoster(leagueID: id, team: s.summary(t), week: week, rows: rows,
                              faabRemaining: s.league.settings.waiverType == .faab ? t.faabRemaining : nil, waiverPriority: t.waiverPriority)
        }
    }

    public func player(_ id: PlayerID, league leagueID: LeagueID?, caller: Caller) throws -> PlayerDetail {
        try store.read { r in
            // The league's season, else the newest season that has the player.
            let league = try leagueID.map { try existingLeague(r, $0) }
            let season = try league?.season ?? r.seasons().filter(\.isPlayable).map(\.season).reversed()
                .first { try factsCache.facts(r, season: $0).players[id] != nil } ?? 0
            let facts = try factsCache.facts(r, season: season)
            guard let p = facts.players[id] else {
                throw DomainError.notFound(league.map { "Player \(id.rawValue) in the \($0.season) season of \($0.name)" } ?? "Player \(id.rawValue)")
            }
            var scoring = ScoringRules.preset(.halfPPR)
            var now = Date.distantFuture
            var rosteredBy: TeamSummary?
            var liveRow: GameLogRow?
            // The week his status is for: the league's, else the season's on real time.
            var statusWeek = facts.week(at: clock.now())
            if let league {
                let s = try LeagueSnapshot(r, league: league, facts: facts)
                try requireVisible(s.league, caller: caller, reader: r)
                scoring = s.scoring; now = s.now; statusWeek = s.currentWeek
                if let owner = s.rosters.values.first(where: { $0.contains(id) }) { rosteredBy = s.summary(try s.team(owner.teamID)) }
                // His game in progress: the line so far, under the final weeks.
                let week = s.currentWeek, m = facts.moment(id, week: week, at: s.now, live: s.live)
                if case .inProgress(let e) = m.phase, s.live != nil, let g = m.game, let stats = m.stats {
                    let team = g.involves(p.nflTeam) ? p.nflTeam : g.homeTeam
                    var row = GameLogRow(week: week, opponent: g.opponent(of: team) ?? "", isHome: g.homeTeam == team, stats: stats,
                                         statLine: GameClock.label(elapsed: e) + " · " + stats.summary(for: p.position),
                                         points: s.points(id, week: week))
                    row.gameClock = GameClock.label(elapsed: e)
                    liveRow = row
                }
            }
            let baseLog = facts.gameLog(id, finalAt: now).map { w -> GameLogRow in
                let g = facts.game(team: w.nflTeam, week: w.week)
                return GameLogRow(week: w.week, opponent: w.opponent, isHome: g?.homeTeam == w.nflTeam, stats: w.stats,
                                  statLine: w.stats.summary(for: p.position), points: scoring.weekPoints(for: w.stats, position: p.position,
                                                                                                longTouchdowns: facts.touchdowns[id]?[w.week] ?? []))
            }
            let log = baseLog + (liveRow.map { [$0] } ?? [])
            let totals = log.reduce(StatLine()) { $0 + $1.stats }
            let prior = facts.priorSeason[id].map { scoring.points(for: $0.stats, position: p.position) }
            var detail = PlayerDetail(player: facts.summary(id, week: statusWeek), nflTeamName: facts.nflTeams[p.nflTeam]?.fullName ?? p.nflTeam,
                                      scoring: scoring.preset, gameLog: log, seasonPoints: log.reduce(.zero) { $0 + $1.points },
                                      seasonStats: totals, priorSeasonPoints: prior, rosteredBy: rosteredBy, season: facts.season)
            detail.injuryReport = facts.injuryReport(id, week: statusWeek).map { "Week \(statusWeek): \($0.line)" }
            return detail
        }
    }
}
