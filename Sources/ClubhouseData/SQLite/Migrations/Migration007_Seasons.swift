import ClubhouseDomain
import Foundation

/// Schema v7: any number of seasons. `seasons` lists what is stored (full, or totals only); a team's name and bye week
/// and a player's team are per season (`team_seasons`, `player_seasons`: a player moves, a franchise relocates);
/// `season_totals` (was `prior_season_stats`) holds the seasons imported as totals only; weekly lines remember the file
/// they came from (`source`: `player`, `team`, `pbp`); games carry their play-by-play row count and a digest of their
/// plays (an import rewrites a game's plays only when they changed) and nflverse's ids (`2019_01_GB_CHI`); a league
/// can follow real time (a league on the current season); stat corrections of final weeks are kept on record.
///
/// A database made before v7 holds the shipped 2019 season and 2018's totals: its teams, players and games become
/// season 2019's (the same facts the importer would write), its game ids nflverse's, so its leagues keep working and a
/// later `season import` of 2019 changes only what differs.
package enum Migration007 {
    package static let sql = """
        CREATE TABLE seasons (
            season      INTEGER PRIMARY KEY,
            kind        TEXT NOT NULL CHECK (kind IN ('full','totals')),
            imported_at REAL NOT NULL
        );
        CREATE TABLE team_seasons (
            season       INTEGER NOT NULL,
            abbreviation TEXT NOT NULL,
            location     TEXT NOT NULL,
            nickname     TEXT NOT NULL,
            bye_week     INTEGER NOT NULL DEFAULT 0,   -- 0: none
            PRIMARY KEY (season, abbreviation)
        ) WITHOUT ROWID;
        CREATE TABLE player_seasons (
            season    INTEGER NOT NULL,
            player_id TEXT NOT NULL REFERENCES players(id),
            team      TEXT NOT NULL,
            PRIMARY KEY (season, player_id)
        ) WITHOUT ROWID;
        CREATE INDEX player_seasons_by_player ON player_seasons(player_id);
        ALTER TABLE weekly_stats ADD COLUMN source TEXT NOT NULL DEFAULT 'player';
        ALTER TABLE games ADD COLUMN play_rows INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE games ADD COLUMN plays_digest TEXT NOT NULL DEFAULT '';
        ALTER TABLE prior_season_stats RENAME TO season_totals;
        ALTER TABLE leagues ADD COLUMN follows_real_time INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE score_corrections (
            id        INTEGER PRIMARY KEY,
            league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            week      INTEGER NOT NULL,
            team_id   INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            points_before INTEGER NOT NULL,        -- hundredths of a point
            points_after  INTEGER NOT NULL,
            applied   INTEGER NOT NULL,            -- 1: the week was re-scored; 0: after its lock, not taken
            at        REAL NOT NULL,
            locked_at REAL NOT NULL
        );
        CREATE INDEX score_corrections_by_league ON score_corrections(league_id, week);
        """

    package static let migration = Migration(version: 7, name: "seasons") { c in
        try c.execute(sql)
        try moveData(c)
        try addShippedPlays(c)
    }

    /// A file seeded before plays existed (before v4) has the 2019 season without its plays: they come from the shipped
    /// play-by-play (the importer writes only what differs from what the file holds).
    package static func addShippedPlays(_ c: some StoreSQLSession) throws {
        guard try c.scalar("SELECT kind FROM seasons WHERE season = 2019", [], as: String.self) == "full",
              (try c.scalar("SELECT count(*) FROM plays WHERE season = 2019", [], as: Int.self) ?? 0) == 0,
              let seasons = try? SeasonImport.shippedSeasons(), let season2019 = seasons.first(where: { $0.season == 2019 }) else { return }
        // At v7 the injury reports' table (v14) and the players' rookie seasons (v19) aren't there yet.
        _ = try SeasonImport.apply(season2019, session: c, now: Date(), schema: 7)
    }

    /// The data step, on SQLite and PostgreSQL alike.
    package static func moveData(_ c: some StoreSQLSession) throws {
        let hasTeams = (try c.scalar("SELECT count(*) FROM nfl_teams", [], as: Int.self) ?? 0) > 0
        let season = try c.scalar("SELECT value FROM meta WHERE key = 'season_fixture'", [], as: String.self).flatMap { Int($0) } ?? 2019
        let now = Date().timeIntervalSince1970
        if hasTeams {
            try c.run("INSERT INTO seasons (season, kind, imported_at) VALUES (?, 'full', ?)", [season, now])
            try c.run("""
                INSERT INTO team_seasons (season, abbreviation, location, nickname, bye_week)
                SELECT ?, abbreviation, location, nickname, bye_week FROM nfl_teams
                """, [season])
            try c.run("INSERT INTO player_seasons (season, player_id, team) SELECT ?, id, nfl_team FROM players", [season])
            try c.run("UPDATE weekly_stats SET source = 'team' WHERE player_id LIKE 'DST-%'", [])
            // nflverse's game ids: season, two-digit week, away, home.
            var renames: [(String, String)] = []
            try c.forEach("SELECT id, season, week, away_team, home_team FROM games", []) { r in
                let week = r.int(at: 2)
                let id = "\(r.int(at: 1))_\(week < 10 ? "0" : "")\(week)_\(r.string(at: 3))_\(r.string(at: 4))"
                if id != r.string(at: 0) { renames.append((r.string(at: 0), id)) }
            }
            for (old, new) in renames {
                try c.run("UPDATE games SET id = ? WHERE id = ?", [new, old])
                try c.run("UPDATE plays SET game_id = ? WHERE game_id = ?", [new, old])
            }
        }
        // Totals of other seasons (2018's, for 2019's rankings) are totals-only seasons.
        var totalsSeasons: [Int] = []
        try c.forEach("SELECT DISTINCT season FROM season_totals ORDER BY season", []) { totalsSeasons.append($0.int(at: 0)) }
        for year in totalsSeasons where year != season || !hasTeams {
            try c.run("INSERT INTO seasons (season, kind, imported_at) VALUES (?, 'totals', ?) ON CONFLICT (season) DO NOTHING", [year, now])
            try c.run("""
                INSERT INTO player_seasons (season, player_id, team)
                SELECT t.season, t.player_id, p.nfl_team FROM season_totals t JOIN players p ON p.id = t.player_id WHERE t.season = ?
                ON CONFLICT (season, player_id) DO NOTHING
                """, [year])
        }
        try c.run("DROP TABLE nfl_teams", [])
        try c.run("""
            INSERT INTO meta (key, value) VALUES ('season_data_version', '1')
            ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(meta.value AS INTEGER) + 1 AS TEXT)
            """, [])
    }
}
