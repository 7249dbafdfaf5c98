/// Schema v13: keepers. A keeper league's renewed season holds each team's declared keepers: the player, the round his
/// keeper pick is made in (his cost, after two of one team in one round were told apart), the seasons in a row he has
/// been kept, and his place in the team's declaration order. A player is kept by one team at most (the key). When the
/// draft starts each keeper's pick is a row of `picks`; the v1 check on `picks.source` is kept (rebuilding that table
/// would cascade through `auction_sales`), so a keeper's pick is stored as the commissioner's and read as `keeper` by
/// its row here.
package enum Migration013 {
    package static let sql = """
        CREATE TABLE keepers (
            league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            team_id   INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            player_id TEXT NOT NULL REFERENCES players(id),
            round     INTEGER NOT NULL CHECK (round >= 1),
            years     INTEGER NOT NULL CHECK (years >= 1),
            position  INTEGER NOT NULL CHECK (position >= 0),
            PRIMARY KEY (league_id, player_id)
        );
        CREATE INDEX keepers_by_team ON keepers(team_id);
        """

    package static let migration = Migration(version: 13, name: "keepers") { c in try c.execute(sql) }
}
