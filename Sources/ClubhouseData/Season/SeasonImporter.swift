import Foundation
import ClubhouseDomain

/// Writes a season's facts into the database: one `BEGIN IMMEDIATE` transaction, prepared statements,
/// upserts (so re-importing is harmless and never deletes rows that leagues point at).
public enum SeasonImporter {
    public struct Counts: Hashable, Sendable {
        public var teams = 0, players = 0, games = 0, weeklyStats = 0, priorSeasonStats = 0, plays = 0
    }

    /// Key in `meta` recording that a season was seeded (value: the season year).
    public static let seededMetaKey = "season_fixture"

    @discardableResult
    public static func importSeason(_ fixture: SeasonFixture, into db: Database) throws -> Counts {
        try db.transaction { c in try importSeason(fixture, connection: c) }
    }

    /// The same, inside a transaction the caller already holds.
    @discardableResult
    public static func importSeason(_ fixture: SeasonFixture, connection c: Connection) throws -> Counts {
        var counts = Counts()
        let team = try c.prepare("""
            INSERT INTO nfl_teams(abbreviation, location, nickname, bye_week) VALUES (?, ?, ?, ?)
            ON CONFLICT(abbreviation) DO UPDATE SET location = excluded.location, nickname = excluded.nickname, bye_week = excluded.bye_week
            """)
        for t in fixture.teams {
            try team.run([t.abbreviation, t.location, t.nickname, t.byeWeek]); counts.teams += 1
        }
        let player = try c.prepare("""
            INSERT INTO players(id, full_name, first_name, last_name, position, nfl_team, jersey_number) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET full_name = excluded.full_name, first_name = excluded.first_name, last_name = excluded.last_name,
                position = excluded.position, nfl_team = excluded.nfl_team, jersey_number = excluded.jersey_number
            """)
        for p in fixture.players {
            try player.run([p.id, p.fullName, p.firstName, p.lastName, p.position.rawValue, p.nflTeam, p.jerseyNumber]); counts.players += 1
        }
        let game = try c.prepare("""
            INSERT INTO games(id, season, week, kickoff, away_team, home_team, away_score, home_score) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET season = excluded.season, week = excluded.week, kickoff = excluded.kickoff,
                away_team = excluded.away_team, home_team = excluded.home_team, away_score = excluded.away_score, home_score = excluded.home_score
            """)
        for g in fixture.games {
            try game.run([g.id, g.season, g.week, g.kickoff, g.awayTeam, g.homeTeam, g.awayScore, g.homeScore]); counts.games += 1
        }
        let weekly = try c.prepare(StatsSQL.upsertWeekly(columns: StatLine.columns.map(\.name)))
        for w in fixture.weeklyStats {
            var params: [(any SQLBindable)?] = [w.playerID, w.season, w.week, w.nflTeam, w.opponent]
            params.reserveCapacity(5 + StatLine.columns.count)
            for col in StatLine.columns { params.append(w.stats[keyPath: col.keyPath]) }
            try weekly.run(params); counts.weeklyStats += 1
        }
        let statNames = StatLine.columns.map(\.name)
        let prior = try c.prepare("""
            INSERT INTO prior_season_stats(player_id, season, games, \(statNames.joined(separator: ", ")))
            VALUES (?, ?, ?\(String(repeating: ", ?", count: statNames.count)))
            ON CONFLICT(player_id, season) DO UPDATE SET games = excluded.games, \(statNames.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            """)
        for p in fixture.priorSeason {
            var params: [(any SQLBindable)?] = [p.playerID, p.season, p.games]
            for col in StatLine.columns { params.append(p.stats[keyPath: col.keyPath]) }
            try prior.run(params); counts.priorSeasonStats += 1
        }
        counts.plays = try importPlays(fixture.plays, season: fixture.games.first?.season ?? 2019, connection: c)
        if let season = fixture.games.first?.season {
            try c.run("INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                      [seededMetaKey, String(season)])
        }
        return counts
    }

    /// Replaces the plays of every game in `plays` (a game's rows are one set: re-importing never mixes versions).
    @discardableResult
    public static func importPlays(_ plays: [PlayStat], season: Int = 2019, connection c: Connection) throws -> Int {
        guard !plays.isEmpty else { return 0 }
        let clear = try c.prepare("DELETE FROM plays WHERE season = ? AND week = ? AND game_id = ?")
        var seen = Set<String>()
        for p in plays where seen.insert(p.gameID).inserted { try clear.run([season, p.week, p.gameID]) }
        let insert = try c.prepare("INSERT INTO plays(season, week, game_id, play_seq, player_id, stat, quarter, elapsed_s, value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
        for p in plays {
            try insert.run([season, p.week, p.gameID, p.sequence, p.playerID, p.stat, p.quarter, p.elapsed, p.value])
        }
        return plays.count
    }

    /// The season year recorded by the last `importSeason`, or nil if none was seeded yet.
    public static func seededSeason(_ db: Database) throws -> Int? {
        try db.scalar("SELECT value FROM meta WHERE key = ?", [seededMetaKey], as: Int.self)
    }
}

enum StatsSQL {
    /// Upsert into weekly_stats. Parameters: player_id, season, week, team, opponent, then `columns` in order.
    /// On conflict only the stat columns given (and team/opponent when asked) are updated; the rest keep their values.
    static func upsertWeekly(columns: [String], updateTeam: Bool = true, updateOpponent: Bool = true) -> String {
        let all = ["player_id", "season", "week", "team", "opponent"] + columns
        let updates = (updateTeam ? ["team"] : []) + (updateOpponent ? ["opponent"] : []) + columns
        let conflict = updates.isEmpty ? "DO NOTHING" : "DO UPDATE SET " + updates.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return """
            INSERT INTO weekly_stats(\(all.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: all.count).joined(separator: ", ")))
            ON CONFLICT(player_id, season, week) \(conflict)
            """
    }
}
