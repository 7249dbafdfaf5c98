import Foundation
import ClubhouseDomain

/// Schema v4: play by play (`plays.csv`), for scoring games as they happen, and each league's running season
/// clock (a speed the commissioner sets).
package enum Migration004 {
    package static let sql = """
        CREATE TABLE plays (
            season    INTEGER NOT NULL,
            week      INTEGER NOT NULL,
            game_id   TEXT NOT NULL,
            play_seq  INTEGER NOT NULL,
            player_id TEXT NOT NULL,
            stat      TEXT NOT NULL,
            quarter   INTEGER,            -- 1–4, 5 = overtime; NULL = residual row (counts once the game is final)
            elapsed_s INTEGER NOT NULL,
            value     INTEGER NOT NULL,
            PRIMARY KEY (season, week, game_id, play_seq, player_id, stat)
        ) WITHOUT ROWID;
        CREATE TABLE league_clock_runs (
            league_id INTEGER PRIMARY KEY REFERENCES leagues(id) ON DELETE CASCADE,
            speed     INTEGER NOT NULL CHECK (speed IN (0, 1, 10, 60)),
            ticked_at REAL NOT NULL       -- real time the running clock was last brought up to date
        );
        """

    /// (A database seeded before v4 gets the shipped season's plays in v5, from its play-by-play.)
    package static let migration = Migration(version: 4, name: "plays and running season clocks", sql: sql)
}
