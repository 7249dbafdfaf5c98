/// Schema v10: the trading block — the players a team is shopping, one row per team and player. A row
/// counts only while the player is on that team's roster (reads join the roster), and a trade's execution removes the
/// rows of the players it moves.
package enum Migration010 {
    package static let sql = """
        CREATE TABLE trading_block (
            league_id  INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            team_id    INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            player_id  TEXT NOT NULL REFERENCES players(id),
            added_at   REAL NOT NULL,
            PRIMARY KEY (league_id, team_id, player_id)
        ) WITHOUT ROWID;
        """

    package static let migration = Migration(version: 10, name: "trading block") { c in try c.execute(sql) }
}
