import ClubhouseDomain
import Foundation

/// The SQL of `MatchupsStoreWriter` and its reads: the schedule with its final scores, and stat corrections.
protocol MatchupsSQL: SQLStatements, MatchupsStoreWriter {}

extension MatchupsSQL {
    func matchups(in league: LeagueID) throws -> [MatchupRecord] {
        var out: [MatchupRecord] = []
        try each("""
            SELECT week, home_team_id, away_team_id, is_playoff, home_points, away_points, is_final
            FROM matchups WHERE league_id = ? ORDER BY week, home_team_id
            """, [league]) { s in
            let final = s.bool(at: 6)
            out.append(MatchupRecord(
                matchup: Matchup(leagueID: league, week: s.int(at: 0), home: TeamID(s.int64(at: 1)),
                                 away: s.isNull(at: 2) ? nil : TeamID(s.int64(at: 2)), isPlayoff: s.bool(at: 3)),
                homePoints: final ? Points(hundredths: s.int(at: 4)) : nil,
                awayPoints: final && !s.isNull(at: 5) ? Points(hundredths: s.int(at: 5)) : nil))
        }
        return out
    }

    func setMatchups(_ matchups: [MatchupRecord], in league: LeagueID) throws {
        // Write only what changed (finalizing a week touches that week's rows); the end state is that of deleting every
        // row and inserting `matchups`. A list naming a (week, home team) twice takes that path, so it fails the same way.
        typealias Key = MatchupRowKey
        typealias Columns = MatchupRowColumns
        let wanted = matchups.map { m in
            (Key(week: m.matchup.week, home: m.matchup.home.rawValue),
             Columns(away: m.matchup.away?.rawValue, isPlayoff: m.matchup.isPlayoff, home: m.homePoints?.hundredths,
                     awayPoints: m.awayPoints?.hundredths, isFinal: m.isFinal))
        }
        if Set(wanted.map(\.0)).count == wanted.count {
            var current: [Key: Columns] = [:]
            try each("SELECT week, home_team_id, away_team_id, is_playoff, home_points, away_points, is_final FROM matchups WHERE league_id = ?",
                     [league]) { s in
                current[Key(week: s.int(at: 0), home: s.int64(at: 1))] = Columns(
                    away: s.isNull(at: 2) ? nil : s.int64(at: 2), isPlayoff: s.bool(at: 3), home: s.optionalInt(at: 4),
                    awayPoints: s.optionalInt(at: 5), isFinal: s.bool(at: 6))
            }
            let keys = Set(wanted.map(\.0))
            for k in current.keys.sorted(by: { ($0.week, $0.home) < ($1.week, $1.home) }) where !keys.contains(k) {
                try run("DELETE FROM matchups WHERE league_id = ? AND week = ? AND home_team_id = ?", [league, k.week, k.home])
            }
            for (k, c) in wanted {
                if let old = current[k] {
                    if old != c {
                        try run("""
                            UPDATE matchups SET away_team_id = ?, is_playoff = ?, home_points = ?, away_points = ?, is_final = ?
                            WHERE league_id = ? AND week = ? AND home_team_id = ?
                            """, [c.away, c.isPlayoff, c.home, c.awayPoints, c.isFinal, league, k.week, k.home])
                    }
                } else {
                    try run("""
                        INSERT INTO matchups (league_id, week, home_team_id, away_team_id, is_playoff, home_points, away_points, is_final)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """, [league, k.week, k.home, c.away, c.isPlayoff, c.home, c.awayPoints, c.isFinal])
                }
            }
            return
        }
        try run("DELETE FROM matchups WHERE league_id = ?", [league])
        for m in matchups {
            try run("""
                INSERT INTO matchups (league_id, week, home_team_id, away_team_id, is_playoff, home_points, away_points, is_final)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [league, m.matchup.week, m.matchup.home, m.matchup.away, m.matchup.isPlayoff,
                      m.homePoints?.hundredths, m.awayPoints?.hundredths, m.isFinal])
        }
    }

    func scoreCorrections(in league: LeagueID) throws -> [ScoreCorrection] {
        var out: [ScoreCorrection] = []
        try each("""
            SELECT week, team_id, points_before, points_after, applied, at, locked_at FROM score_corrections WHERE league_id = ? ORDER BY id
            """, [league]) { s in
            out.append(ScoreCorrection(week: s.int(at: 0), teamID: TeamID(s.int64(at: 1)), before: Points(hundredths: s.int(at: 2)),
                                       after: Points(hundredths: s.int(at: 3)), applied: s.bool(at: 4), at: Date(timeIntervalSince1970: s.double(at: 5)),
                                       lockedAt: Date(timeIntervalSince1970: s.double(at: 6))))
        }
        return out
    }

    func insertScoreCorrection(_ c: ScoreCorrection, in league: LeagueID) throws {
        try run("""
            INSERT INTO score_corrections (league_id, week, team_id, points_before, points_after, applied, at, locked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [league, c.week, c.teamID, c.before.hundredths, c.after.hundredths, c.applied, c.at, c.lockedAt])
    }
}
