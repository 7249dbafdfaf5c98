/// Schema v15: auction-priced keepers. A keeper of an auction league costs a price out of his team's budget rather than
/// a draft round, so `keepers` gains `price` and its `round` may be empty: exactly one of the two is set (a round of 1
/// or more, a price of $0 or more). SQLite can't change a column's checks in place, so the table is made again and its
/// rows copied (nothing refers to it).
package enum Migration015 {
    package static let sql = """
        \(TableRebuild.sql("keepers", version: 15, definition: """
                league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
                team_id   INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
                player_id TEXT NOT NULL REFERENCES players(id),
                round     INTEGER CHECK (round >= 1),
                price     INTEGER CHECK (price >= 0),
                years     INTEGER NOT NULL CHECK (years >= 1),
                position  INTEGER NOT NULL CHECK (position >= 0),
                PRIMARY KEY (league_id, player_id),
                CHECK ((round IS NULL) <> (price IS NULL))
            """, columns: ["league_id", "team_id", "player_id", "round", "price", "years", "position"],
            select: ["league_id", "team_id", "player_id", "round", "NULL", "years", "position"],
            indexes: ["CREATE INDEX keepers_by_team ON keepers(team_id)"]))
        """

    package static let migration = Migration(version: 15, name: "keeper prices") { c in try c.execute(sql) }
}
