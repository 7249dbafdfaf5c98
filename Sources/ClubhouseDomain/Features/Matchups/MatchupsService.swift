import Foundation

/// Matchups: standings, the scoreboard, a matchup (live while its week is played), the week's recap.
/// Reached from the root as `LeagueService.matchups`; the shared parts (store, clocks, facts, access checks) through
/// `core` (`LeagueServicePart`).
public struct MatchupsService: LeagueServicePart {
    let core: LeagueService
}

// MARK: - Standings, the scoreboard and a matchup: reading never needs an account (README.md, “Accounts”)

extension MatchupsService {
    public func standings(_ id: LeagueID, caller: Caller) throws -> [StandingsEntry] {
        try store.read { r in
            let s = try LeagueSnapshot(r, league: id, cache: factsCache)
            try requireVisible(s.league, caller: caller, reader: r)
            let records = s.records
            // In playoff order: the standings, or with divisions their winners first (`Standings.seeded`).
            return s.standings.seeded.enumerated().compactMap { i, id in
                guard let row = records[id], let team = s.teams.first(where: { $0.id == id }) else { return nil }
                let division = s.standings.divisionOf[id]
                return StandingsEntry(rank: i + 1, team: s.summary(team, records: records), row: row, streak: streak(id, s),
                                      allPlay: s.standings.allPlay[id], division: division,
                                      leadsDivision: division == nil ? nil : s.standings.leadsDivision(id))
            }
        }
    }

    public func scoreboard(_ id: LeagueID, week: Int?, caller: Caller) throws -> Scoreboard {
        if let week { try LeaguesService.checkWeek(week) }
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
        try LeaguesService.checkWeek(week)
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
