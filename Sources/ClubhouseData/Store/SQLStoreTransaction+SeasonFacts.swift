import ClubhouseDomain
import Foundation

/// The SQL of `SeasonStoreWriter` and its reads: the season's facts (NFL teams, players, games, stats, plays).
protocol SeasonSQL: SQLStatements, SeasonStoreWriter {}

extension SeasonSQL {
    func nflTeams(season: Int) throws -> [NFLTeam] {
        var out: [NFLTeam] = []
        try each("SELECT abbreviation, location, nickname, bye_week FROM team_seasons WHERE season = ? ORDER BY abbreviation", [season]) { s in
            out.append(NFLTeam(abbreviation: s.string(at: 0), location: s.string(at: 1), nickname: s.string(at: 2), byeWeek: s.int(at: 3)))
        }
        return out
    }

    func players(season: Int) throws -> [Player] {
        var out: [Player] = []
        try each("""
            SELECT p.id, p.full_name, p.first_name, p.last_name, p.position, s.team, p.jersey_number
            FROM player_seasons s JOIN players p ON p.id = s.player_id WHERE s.season = ? ORDER BY p.id
            """, [season]) { s in
            guard let pos = Position(rawValue: s.string(at: 4)) else { return }
            out.append(Player(id: PlayerID(s.string(at: 0)), fullName: s.string(at: 1), firstName: s.string(at: 2), lastName: s.string(at: 3),
                              position: pos, nflTeam: s.string(at: 5), jerseyNumber: s.optionalInt(at: 6)))
        }
        return out
    }

    func formerPlayers(before season: Int) throws -> [Player] {
        var out: [Player] = []
        try each("""
            SELECT p.id, p.full_name, p.first_name, p.last_name, p.position,
                   (SELECT s.team FROM player_seasons s WHERE s.player_id = p.id AND s.season < ? ORDER BY s.season DESC LIMIT 1), p.jersey_number
            FROM players p
            WHERE EXISTS (SELECT 1 FROM player_seasons s WHERE s.player_id = p.id AND s.season < ?)
              AND NOT EXISTS (SELECT 1 FROM player_seasons s WHERE s.player_id = p.id AND s.season = ?)
            ORDER BY p.id
            """, [season, season, season]) { s in
            guard let pos = Position(rawValue: s.string(at: 4)) else { return }
            out.append(Player(id: PlayerID(s.string(at: 0)), fullName: s.string(at: 1), firstName: s.string(at: 2), lastName: s.string(at: 3),
                              position: pos, nflTeam: s.string(at: 5), jerseyNumber: s.optionalInt(at: 6)))
        }
        return out
    }

    func injuries() throws -> [PlayerID: InjuryStatus] {
        var out: [PlayerID: InjuryStatus] = [:]
        try each("SELECT id, injury_status FROM players WHERE injury_status <> ''") { s in
            out[PlayerID(s.string(at: 0))] = InjuryStatus(rawValue: s.string(at: 1))
        }
        return out
    }

    func injuryReports(season: Int, week: Int?) throws -> [InjuryReport] {
        var out: [InjuryReport] = []
        let sql = "SELECT season, week, player_id, report, roster_status, injury, practice FROM injury_reports WHERE season = ?"
        var params: [(any SQLBindable)?] = [season]
        if let week { params.append(week) }
        try each(sql + (week == nil ? "" : " AND week = ?") + " ORDER BY week, player_id", params) { s in
            out.append(InjuryReport(playerID: PlayerID(s.string(at: 2)), season: s.int(at: 0), week: s.int(at: 1), report: s.string(at: 3),
                                    rosterStatus: s.string(at: 4), injury: s.string(at: 5), practice: s.string(at: 6)))
        }
        return out
    }

    func games(season: Int) throws -> [Game] {
        var out: [Game] = []
        try each("SELECT id, season, week, kickoff, away_team, home_team, away_score, home_score FROM games WHERE season = ? ORDER BY kickoff, id", [season]) { s in
            out.append(Game(id: s.string(at: 0), season: s.int(at: 1), week: s.int(at: 2), kickoff: Date(timeIntervalSince1970: s.double(at: 3)),
                            awayTeam: s.string(at: 4), homeTeam: s.string(at: 5), awayScore: s.int(at: 6), homeScore: s.int(at: 7)))
        }
        return out
    }


    static func statLine(_ s: some SQLRowCursor, from start: Int32) -> StatLine {
        var line = StatLine()
        for (i, c) in StatLine.columns.enumerated() { line[keyPath: c.keyPath] = s.int(at: start + Int32(i)) }
        return line
    }

    func weeklyStats(season: Int) throws -> [WeeklyStat] {
        var out: [WeeklyStat] = []
        try each("SELECT player_id, season, week, team, opponent, \(StoreSQL.statSelect) FROM weekly_stats WHERE season = ?", [season]) { s in
            out.append(WeeklyStat(playerID: PlayerID(s.string(at: 0)), season: s.int(at: 1), week: s.int(at: 2), nflTeam: s.string(at: 3),
                                  opponent: s.string(at: 4), stats: Self.statLine(s, from: 5)))
        }
        return out
    }

    /// The totals of the season before `season`: its weekly lines summed when it was played here, else its imported
    /// totals, else none.
    func priorSeason(before season: Int) throws -> PriorSeason {
        let prior = season - 1
        var rows: [PriorSeasonStat] = []
        let sums = StatLine.columns.map { "sum(\($0.name))" }.joined(separator: ", ")
        try each("SELECT player_id, count(*), \(sums) FROM weekly_stats WHERE season = ? GROUP BY player_id ORDER BY player_id", [prior]) { s in
            rows.append(PriorSeasonStat(playerID: PlayerID(s.string(at: 0)), season: prior, games: s.int(at: 1), stats: Self.statLine(s, from: 2)))
        }
        if !rows.isEmpty { return PriorSeason(season: prior, basis: .weeklyStats, rows: rows) }
        try each("SELECT player_id, games, \(StoreSQL.statSelect) FROM season_totals WHERE season = ? ORDER BY player_id", [prior]) { s in
            rows.append(PriorSeasonStat(playerID: PlayerID(s.string(at: 0)), season: prior, games: s.int(at: 1), stats: Self.statLine(s, from: 2)))
        }
        return PriorSeason(season: prior, basis: rows.isEmpty ? .none : .totals, rows: rows)
    }

    func seasons() throws -> [SeasonInfo] { try SeasonInfo.all(session: session) }

    func rookieSeasons() throws -> [PlayerID: Int] {
        var out: [PlayerID: Int] = [:]
        try each("SELECT id, rookie_season FROM players WHERE rookie_season IS NOT NULL") { s in out[PlayerID(s.string(at: 0))] = s.int(at: 1) }
        return out
    }

    func plays(season: Int, week: Int) throws -> [PlayStat] {
        var out: [PlayStat] = []
        try each("SELECT game_id, quarter, elapsed_s, play_seq, player_id, stat, value FROM plays WHERE season = ? AND week = ? ORDER BY game_id, play_seq",
                 [season, week]) { s in
            out.append(PlayStat(gameID: s.string(at: 0), week: week, quarter: s.isNull(at: 1) ? nil : s.int(at: 1), elapsed: s.int(at: 2),
                                sequence: s.int(at: 3), playerID: PlayerID(s.string(at: 4)), stat: s.string(at: 5), value: s.int(at: 6)))
        }
        return out
    }

    /// Touchdown rows of played plays (not the residual rows) joined to the same play's yards of the same player.
    func touchdownPlays(season: Int) throws -> [LongTouchdown] {
        var out: [LongTouchdown] = []
        try each("""
            SELECT t.player_id, t.week, t.stat, COALESCE(y.value, 0), t.elapsed_s FROM plays t
            LEFT JOIN plays y ON y.season = t.season AND y.week = t.week AND y.game_id = t.game_id AND y.play_seq = t.play_seq
                AND y.player_id = t.player_id
                AND y.stat = CASE t.stat WHEN 'rushing_tds' THEN 'rushing_yards' WHEN 'receiving_tds' THEN 'receiving_yards' ELSE 'passing_yards' END
            WHERE t.season = ? AND t.stat IN ('rushing_tds', 'receiving_tds', 'passing_tds') AND t.value > 0 AND t.quarter IS NOT NULL
            ORDER BY t.player_id, t.week, t.game_id, t.play_seq
            """, [season]) { s in
            out.append(LongTouchdown(playerID: PlayerID(s.string(at: 0)), week: s.int(at: 1), stat: s.string(at: 2), yards: s.int(at: 3),
                                     elapsed: s.int(at: 4)))
        }
        return out
    }

    func seasonDataVersion() throws -> Int64 {
        if let known = memo.seasonDataVersion { return known }
        let version = try scalar("SELECT value FROM meta WHERE key = 'season_data_version'", as: Int64.self) ?? 0
        memo.seasonDataVersion = version
        return version
    }

    func setInjuryStatus(_ status: InjuryStatus, for player: PlayerID) throws {
        try run("UPDATE players SET injury_status = ? WHERE id = ?", [status.rawValue, player])
        try run("""
            INSERT INTO meta (key, value) VALUES ('season_data_version', '1')
            ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(meta.value AS INTEGER) + 1 AS TEXT)
            """)
    }
}
