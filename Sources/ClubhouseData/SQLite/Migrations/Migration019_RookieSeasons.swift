/// Schema v19: each player's rookie season, as nflverse's players.csv gives it (`rookie_season`, else `draft_year`;
/// NULL when the file had neither, or no players.csv was imported since). A property of the player, not of a season:
/// on `players`, written by the season import, read by the rookie draft's pool and the taxi squad's years
/// (`SeasonFactsCache.firstSeasons`; docs/data.md, “Rookies”). Nullable: a database stored before v19 keeps the
/// stats rule until a players.csv that has the column is imported again.
package enum Migration019 {
    package static let sql = """
        ALTER TABLE players ADD COLUMN rookie_season INTEGER;
        """

    package static let migration = Migration(version: 19, name: "rookie seasons") { c in try c.execute(sql) }
}
