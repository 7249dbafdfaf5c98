import ClubhouseDomain
import Foundation

// SeasonReader: the season totals (every player's season, the previous season's for valuations).

extension SeasonReader {
    // MARK: - Season totals

    func readTotals(players: [PlayerID: Player], listed: [PlayerID: ListedPlayer], into data: inout SeasonData) throws(DataFileError) {
        var totals: [PriorSeasonStat] = []
        var pool: [PlayerID: Player] = [:]
        if let url = files[.playerTotals] {
            let r = try open(url, .playerTotals)
            let c = try columns(r, .playerTotals, required: ["player_id", "position", "season", "season_type", "games"] + NFLVerseStats.playerColumns)
            let team = c.optional("recent_team") ?? c.optional("team")
            let sources = NFLVerseStats.player.map { s in (s, s.columns.map { c.index[$0]! }) }
            var seen: [PlayerID: Int] = [:]
            try eachRecord(r, .playerTotals, url, into: &data) { line, bad throws(DataFileError) -> RowOutcome in
                try checkSeason(r, c[2], line: line, bad)
                guard r.equals(c[3], "REG"), NFLVerseStats.position(r.string(c[1])) != nil else { return .skipped }
                let id = PlayerID(r.string(c[0]))
                guard Self.isGSIS(id.rawValue) else { throw bad("player_id \(TerminalText.quoted(id.rawValue)) is not a GSIS id (\(Self.gsisShape))") }
                guard var p = players[id] else { throw bad("unknown player id \"\(id.rawValue)\" (not in players.csv, nor stored)") }
                if let first = seen[id] { throw bad("second row for player \(id.rawValue) (first on line \(first))") }
                seen[id] = line
                let games = try Self.number(r, c[4], "games", in: 0...20, bad)
                totals.append(PriorSeasonStat(playerID: id, season: season, games: games, stats: try Self.statLine(r, sources, bad, weeks: 20)))
                let teamText = team.map { r.string($0) } ?? listed[id]?.latestTeam ?? ""
                if teamText.isEmpty {
                    p.nflTeam = ""
                } else if let t = NFLFranchises.seasonAbbreviation(teamText, season: season) {
                    p.nflTeam = t
                } else {
                    throw bad("unknown team abbreviation \(TerminalText.quoted(teamText)) for player \(id.rawValue)")
                }
                pool[id] = p
                return .imported
            }
        }
        if let url = files[.teamTotals] {
            let r = try open(url, .teamTotals)
            let c = try columns(r, .teamTotals, required: ["season", "team", "season_type", "games"] + NFLVerseStats.defenseColumns)
            let allowed = c.optional("points_allowed")
            let sources = NFLVerseStats.defense.map { s in (s, s.columns.map { c.index[$0]! }) }
            var teams: [NFLTeam] = []
            try eachRecord(r, .teamTotals, url, into: &data) { line, bad throws(DataFileError) -> RowOutcome in
                try checkSeason(r, c[0], line: line, bad)
                guard r.equals(c[2], "REG") else { return .skipped }
                let text = r.string(c[1])
                guard let t = NFLFranchises.team(text, season: season, byeWeek: 0) else {
                    throw bad("unknown team abbreviation \(TerminalText.quoted(text))")
                }
                var stats = try Self.statLine(r, sources, bad, weeks: 20)
                if let allowed { stats.pointsAllowed = r.isEmpty(allowed) ? 0 : try Self.number(r, allowed, "points_allowed", in: 0...6000, bad) }
                let id = NFLVerseStats.defenseID(team: t.abbreviation)
                totals.append(PriorSeasonStat(playerID: id, season: season, games: try Self.number(r, c[3], "games", in: 0...20, bad), stats: stats))
                pool[id] = NFLVerseStats.defensePlayer(t)
                teams.append(t)
                return .imported
            }
            data.totalsTeams = teams
        }
        data.totals = totals
        data.totalsPlayers = pool.values.sorted { $0.id < $1.id }
    }
}
