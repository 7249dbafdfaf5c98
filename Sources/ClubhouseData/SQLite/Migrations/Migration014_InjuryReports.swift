/// Schema v14: injury reports. What nflverse's injury report (`injuries_YEAR.csv`: the game status, the primary injury,
/// practice participation) and weekly roster (`roster_weekly_YEAR.csv`: the status code, RES, PUP, INA…) say of a player
/// for one week of a season, as the files give them; the status the app shows is the domain's (`InjuryReport.status`).
/// Only player-weeks whose status isn't healthy are stored, so a season without the files has no rows. No foreign key
/// to `players`: the files list players the season's pool may not hold yet (a later import of players.csv names them).
package enum Migration014 {
    package static let sql = """
        CREATE TABLE injury_reports (
            season        INTEGER NOT NULL,
            week          INTEGER NOT NULL CHECK (week BETWEEN 1 AND 18),
            player_id     TEXT NOT NULL,
            report        TEXT NOT NULL DEFAULT '',
            roster_status TEXT NOT NULL DEFAULT '',
            injury        TEXT NOT NULL DEFAULT '',
            practice      TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (season, week, player_id)
        ) WITHOUT ROWID;
        """

    package static let migration = Migration(version: 14, name: "injury reports") { c in try c.execute(sql) }
}
