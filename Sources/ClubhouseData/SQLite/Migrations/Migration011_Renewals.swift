/// Schema v11: renewing a league into the next season. A renewed league's row names the league it was renewed from;
/// the unique index keeps the chain a chain (one next season per league, so two renewals at once can't both win), and
/// makes "the league renewed from this one" one index lookup.
package enum Migration011 {
    package static let sql = """
        ALTER TABLE leagues ADD COLUMN previous_league_id INTEGER REFERENCES leagues(id) ON DELETE SET NULL;
        CREATE UNIQUE INDEX leagues_by_previous ON leagues(previous_league_id);
        """

    package static let migration = Migration(version: 11, name: "league renewals") { c in try c.execute(sql) }
}
