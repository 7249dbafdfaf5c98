import Foundation

// MARK: - Browsing: reading never needs an account (README.md, “Accounts”)

extension LeagueService {
    public func publicLeagues(filter: LeagueFilter, caller: Caller) throws -> [LeagueSummary] {
        try store.read { r in
            let needle = filter.nameContains?.lowercased().trimmingCharacters(in: .whitespaces) ?? ""
            return try r.leagues()
                .filter { $0.isPublic }
                .filter { needle.isEmpty || $0.name.lowercased().contains(needle) }
                .filter { filter.state == nil || $0.state == filter.state }
                .map { try leagueSummary($0, reader: r, calendar: factsCache.calendar(r, season: $0.season), caller: caller) }
                .sorted { ($0.state.listOrder, $0.name) < ($1.state.listOrder, $1.name) }
        }
    }

    public func myLeagues(caller: Caller) throws -> [LeagueSummary] {
        guard let user = caller.userID else { return [] }
        return try store.read { r in
            return try r.leagues()
                .filter { l in try l.commissioner == user || r.teams(in: l.id).contains { $0.manager == user } }
                .map { try leagueSummary($0, reader: r, calendar: factsCache.calendar(r, season: $0.season), caller: caller) }
                .sorted { $0.name < $1.name }
        }
    }

    /// What every read of one league is computed from, as one value that each change of it moves on: the league's
    /// newest event (every write to a league appends one in its transaction), the season data version (imports,
    /// injuries) and its season clock's speed (a running clock stopping at its limit writes no event). No read of a
    /// league depends on the wall clock — its clock is data — so two reads at one revision give the same answer
    /// (the server's read cache, `ReadCache`, keys anonymous reads by it).
    public func readRevision(_ id: LeagueID) throws -> String {
        try store.readRevision(of: id)
    }

    public func league(_ id: LeagueID, caller: Caller) throws -> LeagueDetail {
        try store.read { r in
            let s = try LeagueSnapshot(r, league: id, cache: factsCache)
            try requireVisible(s.league, caller: caller, reader: r)
            let records = s.records
            let pending = try caller.userID.map { u in try r.joinRequests(in: id).contains { $0.user == u && $0.status == .pending } } ?? false
            let champion = s.league.state == .complete ? s.champion : nil
            var detail = LeagueDetail(league: s.league, teams: s.teams.map { s.summary($0, records: records) }, currentWeek: s.currentWeek,
                                      commissionerName: s.league.commissioner.flatMap { s.users[$0]?.displayName },
                                      champion: champion, capabilities: s.capabilities(for: caller, pendingJoin: pending),
                                      outlook: outlook(s.league, calendar: s.facts.calendar))
            detail.clockSpeed = try r.clockRun(id)?.speed ?? .off
            return detail
        }
    }

    /// A week a client asks for: one of the NFL's (1–18).
    static func checkWeek(_ week: Int) throws(DomainError) {
        guard LeagueSettings.Limits.weeks.contains(week) else {
            throw .validation(field: "week", message: "A week is 1–18 (not \(week))")
        }
    }

    /// The next waiver run, kickoff and week final after the league's clock, within its season's weeks.
    func outlook(_ league: League, calendar: SeasonCalendar) -> ClockOutlook {
        let weeks = calendar.weekNumbers.filter { $0 >= league.settings.regularSeasonWeeks.lowerBound && $0 <= league.settings.playoffWeeks.upperBound }
        let kickoff = weeks.lazy.compactMap { w in calendar.kickoff(ofWeek: w).map { ClockOutlook.WeekMoment(week: w, at: $0) } }.first { $0.at > league.clock }
        let final = weeks.lazy.compactMap { w in calendar.weekFinal(w).map { ClockOutlook.WeekMoment(week: w, at: $0) } }.first { $0.at > league.clock }
        return ClockOutlook(nextWaiverRun: WaiverSchedule.nextRun(after: league.clock), nextKickoff: kickoff, nextWeekFinal: final)
    }

    public func standings(_ id: LeagueID, caller: Caller) throws -> [StandingsEntry] {
        try store.read { r in
            let s = try LeagueSnapshot(r, league: id, cache: factsCache)
            try requireVisible(s.league, caller: caller, reader: r)
            let records = s.records
            return s.standings.rows.enumerated().map { i, row in
                let team = s.teams.first { $0.id == row.teamID }!
                return StandingsEntry(rank: i + 1, team: s.summary(team, records: records), row: row, streak: streak(row.teamID, s))
            }
        }
    }

    public func scoreboard(_ id: LeagueID, week: Int?, caller: Caller) throws -> Scoreboard {
        if let week { try Self.checkWeek(week) }
        return try store.read { r in
            let s = try LeagueSnapshot(r, league: id, cache: factsCache)
            try requireVisible(s.league, caller: caller, reader: r)
            let weeks = s.matchups.map(\.matchup.week)
            let range = (weeks.min() ?? 1)...(weeks.max() ?? 1)
            let week = week ?? min(max(s.currentWeek, range.lowerBound), range.upperBound)
            let lineups = try lineupsByTeam(r, s, week: week)
            let records = s.records
            let games = try s.matchups.filter { $0.matchup.week == week }.map { m -> MatchupScore in
                func side(_ t: TeamID) throws -> MatchupSide {
                    MatchupSide(team: s.summary(try s.team(t), records: records), points: teamScore(t, week: week, s, lineups))
                }
                return MatchupScore(home: try side(m.matchup.home), away: try m.matchup.away.map(side),
                                    status: s.status(ofWeek: week), isPlayoff: m.matchup.isPlayoff)
            }
            return Scoreboard(leagueID: id, week: week, weeks: range, matchups: games)
        }
    }

    public func matchup(_ id: LeagueID, week: Int, team: TeamID, caller: Caller) throws -> MatchupDetail {
        try Self.checkWeek(week)
        return try store.read { r in
            let s = try LeagueSnapshot(r, league: id, cache: factsCache)
            try requireVisible(s.league, caller: caller, reader: r)
            guard let m = s.matchups.first(where: { $0.matchup.week == week && $0.matchup.involves(team) }) else {
                throw DomainError.notFound("A week \(week) matchup for that team")
            }
            let lineups = try lineupsByTeam(r, s, week: week)
            let records = s.records
            func lineup(_ t: TeamID) throws -> TeamLineup {
                let slots = lineups[t] ?? [:]
                let rows = slots.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map { lineupRow(player: $0.key, slot: $0.value, week: week, s) }
                let starters = rows.filter { $0.slot.isStarter }
                return TeamLineup(team: s.summary(try s.team(t), records: records),
                                  total: starters.reduce(.zero) { $0 + $1.points },
                                  starters: starters, bench: rows.filter { !$0.slot.isStarter })
            }
            var detail = MatchupDetail(leagueID: id, week: week, home: try lineup(m.matchup.home), away: try m.matchup.away.map(lineup),
                                       status: s.status(ofWeek: week), isPlayoff: m.matchup.isPlayoff)
            let sides = Set([m.matchup.home] + (m.matchup.away.map { [$0] } ?? []))
            let corrections = try r.scoreCorrections(in: id).filter { $0.week == week && sides.contains($0.teamID) }
            if !corrections.isEmpty {
                detail.corrections = try corrections.map { $0.sentence(teamName: try s.team($0.teamID).name) }
            }
            return addingLive(detail, lineups: lineups, s)
        }
    }

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
                                  statLine: w.stats.summary(for: p.position), points: scoring.points(for: w.stats, position: p.position))
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

    // MARK: - Helpers

    func leagueSummary(_ l: League, reader r: any LeagueStoreReader, calendar: SeasonCalendar, caller: Caller) throws -> LeagueSummary {
        let teams = try r.teams(in: l.id)
        let commissioner = try l.commissioner.flatMap { try r.user($0) }
        let mine = caller.userID.flatMap { u in teams.first { $0.manager == u }?.id }
        var offers: Int?, votes: Int?, claims = 0
        var out: [String]?
        if let mine, l.state == .inSeason || l.state == .playoffs {
            claims = try r.waiverClaims(in: l.id).filter { $0.teamID == mine && $0.status == .pending }.count
            out = try startersOut(team: mine, league: l, week: calendar.week(at: l.clock), reader: r)
        }
        if let mine, l.state == .drafting || l.state == .inSeason || l.state == .playoffs {
            let open = try r.trades(in: l.id).filter(\.state.isOpen)
            offers = open.filter { $0.state == .proposed && $0.proposal.with == mine }.count
            votes = l.settings.tradeReview == .vote ? open.filter { $0.state == .inReview && !$0.involves(mine) }.count : 0
        }
        var summary = LeagueSummary(id: l.id, name: l.name, state: l.state, isPublic: l.isPublic, teamCount: l.settings.teamCount,
                             managedTeams: teams.filter { $0.manager != nil }.count, currentWeek: calendar.week(at: l.clock),
                             scoring: l.settings.scoring.preset, draftScheduledAt: l.draftScheduledAt,
                             commissionerName: commissioner?.displayName, myTeam: caller.userID.flatMap { u in teams.first { $0.manager == u }?.id },
                             seasonClock: l.clock, season: l.season, tradeOffersToMe: offers == 0 ? nil : offers, tradeVotesOpen: votes == 0 ? nil : votes)
        summary.pendingClaims = claims == 0 ? nil : claims
        summary.startersOut = out
        return summary
    }

    /// `team`'s starters who are out in `week` (O or IR on its injury report or weekly roster) and whose game hasn't
    /// kicked off yet on the league's clock (they can still be benched; one on a bye isn't out of a game), as
    /// "Name (POS, O)"; nil when none. The week's
    /// reports are read first: the season's facts load only when one of them is out.
    func startersOut(team: TeamID, league l: League, week: Int, reader r: any LeagueStoreReader) throws -> [String]? {
        let out = Set(try r.injuryReports(season: l.season, week: week).filter(\.status.isOut).map(\.playerID))
        guard !out.isEmpty else { return nil }
        let slots: [PlayerID: Slot]
        if let saved = try r.lineups(in: l.id, week: week).first(where: { $0.teamID == team }) {
            slots = saved.slots
        } else {
            let entries = try r.rosters(in: l.id).first { $0.teamID == team }?.entries ?? []
            slots = Dictionary(entries.map { ($0.playerID, $0.slot) }, uniquingKeysWith: { a, _ in a })
        }
        let starters = slots.filter { $0.value.isStarter && out.contains($0.key) }.keys
        guard !starters.isEmpty else { return nil }
        let facts = try factsCache.facts(r, season: l.season)
        let names = starters.filter { facts.game(for: $0, week: week).map { !$0.hasKickedOff(at: l.clock) } ?? false }.sorted().map { id in
            let p = facts.summary(id, week: week)
            return "\(p.name) (\(p.position.rawValue), \(p.injury.tag))"
        }
        return names.isEmpty ? nil : names
    }

    /// Each team's slots for a week: the saved lineup, or the roster's current slots.
    func lineupsByTeam(_ r: any LeagueStoreReader, _ s: LeagueSnapshot, week: Int) throws -> [TeamID: [PlayerID: Slot]] {
        var result: [TeamID: [PlayerID: Slot]] = [:]
        for (team, roster) in s.rosters { result[team] = Dictionary(roster.entries.map { ($0.playerID, $0.slot) }, uniquingKeysWith: { a, _ in a }) }
        for l in try r.lineups(in: s.league.id, week: week) { result[l.teamID] = l.slots }
        return result
    }

    func teamScore(_ team: TeamID, week: Int, _ s: LeagueSnapshot, _ lineups: [TeamID: [PlayerID: Slot]]) -> Points {
        if let m = s.matchups.first(where: { $0.matchup.week == week && $0.matchup.involves(team) }), m.isFinal {
            return (m.matchup.home == team ? m.homePoints : m.awayPoints) ?? .zero
        }
        return (lineups[team] ?? [:]).filter { $0.value.isStarter }.reduce(.zero) { $0 + s.points($1.key, week: week) }
    }

    func lineupRow(player: PlayerID, slot: Slot, week: Int, _ s: LeagueSnapshot) -> LineupRow {
        let summary = s.facts.summary(player, week: week)
        let m = s.facts.moment(player, week: week, at: s.now, live: s.live)
        let game = m.game ?? s.facts.game(for: player, week: week)
        let state: GameState
        var clock: String?
        switch m.phase {
        case .bye: state = .bye
        case .final: state = .final
        case .notStarted: state = game.map { .notStarted(kickoff: $0.kickoff) } ?? .bye
        case .inProgress(let e): state = .inProgress; clock = s.live == nil ? nil : GameClock.label(elapsed: e)
        }
        let points = s.points(player, week: week)
        var row = LineupRow(slot: slot, player: summary, points: points,
                            statLine: m.stats.map { $0.summary(for: summary.position) } ?? "",
                            opponent: game?.opponent(of: summary.nflTeam), game: state)
        row.gameClock = clock
        if s.live != nil || s.status(ofWeek: week) == .live {
            row.projected = points + Points(approximately: Double(s.scored.projection(player, week: week, at: s.now).hundredths) * m.fractionLeft)
        }
        return row
    }

    func streak(_ team: TeamID, _ s: LeagueSnapshot) -> String {
        let results = s.matchups.filter { $0.isFinal && !$0.matchup.isPlayoff && $0.matchup.involves(team) && $0.matchup.away != nil }
            .sorted { $0.matchup.week > $1.matchup.week }
            .map { m -> Character in
                let mine = m.matchup.home == team ? m.homePoints! : m.awayPoints!
                let theirs = m.matchup.home == team ? m.awayPoints! : m.homePoints!
                return mine > theirs ? "W" : mine < theirs ? "L" : "T"
            }
        guard let first = results.first else { return "—" }
        return "\(first)\(results.prefix { $0 == first }.count)"
    }
}

extension LeagueState {
    /// Home lists leagues you can act on first: open, drafting, in season, then finished.
    var listOrder: Int {
        switch self { case .predraft: 0; case .drafting: 1; case .inSeason: 2; case .playoffs: 3; case .complete: 4 }
    }
}
