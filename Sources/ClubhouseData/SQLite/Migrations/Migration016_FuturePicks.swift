/// Schema v16: future draft picks. A trade may move a pick of a later season than the league's own
/// (`LeagueSettings.futurePickSeasons`): `trade_items` gains `pick_season` (empty for the league's own season, as every
/// row written before), and a traded future pick's owner is a row of `future_pick_owners`, keyed by its season, round
/// and original team (a pick without a row is its original team's). The renewal turns the renewed season's rows into
/// the new league's `draft_pick_owners` and carries the later ones over.
package enum Migration016 {
    package static let sql = """
        ALTER TABLE trade_items ADD COLUMN pick_season INTEGER;
        CREATE TABLE future_pick_owners (
            league_id        INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            season           INTEGER NOT NULL,
            round            INTEGER NOT NULL CHECK (round >= 1),
            original_team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            owner_team_id    INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            PRIMARY KEY (league_id, season, round, original_team_id)
        ) WITHOUT ROWID;
        """

    package static let migration = Migration(version: 16, name: "future picks") { c in try c.execute(sql) }
}
