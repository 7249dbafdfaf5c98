/// Schema v9: auction drafts. The player on the block and every earlier nomination are rows of
/// `auction_nominations` (at most one `open` per league: a partial unique index, so of two nominations at once exactly
/// one lands); each accepted bid is a row of `auction_bids`, keyed by its nomination and amount (amounts only rise, so
/// of two equal bids at once exactly one lands); a team's private maximum is a row of `auction_max_bids`, read only by
/// the rules and never shown; a sale is a pick (`picks`) with its price and nominator beside it in `auction_sales`
/// (removed with its pick). A team's budget left is its budget minus its sales' prices. `drafts.type` may now say
/// `auction` (SQLite rebuilds the table as v1 made it; PostgreSQL swaps the constraint).
package enum Migration009 {
    package static let sql = """
        CREATE TABLE auction_nominations (
            id           INTEGER PRIMARY KEY AUTOINCREMENT,
            league_id    INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            number       INTEGER NOT NULL CHECK (number >= 1),          -- the sale (pick) number it becomes
            team_id      INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,   -- put the player up
            player_id    TEXT NOT NULL REFERENCES players(id),
            opened_at    REAL NOT NULL,
            high_bid     INTEGER NOT NULL,
            high_team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            high_source  TEXT NOT NULL CHECK (high_source IN ('manager','autopick','bot','commissioner')),
            bids         INTEGER NOT NULL,
            last_bid_at  REAL NOT NULL,
            state        TEXT NOT NULL CHECK (state IN ('open','sold','cancelled'))
        );
        CREATE UNIQUE INDEX auction_open_nomination ON auction_nominations(league_id) WHERE state = 'open';
        CREATE INDEX auction_nominations_by_league ON auction_nominations(league_id, id);

        CREATE TABLE auction_bids (
            nomination_id INTEGER NOT NULL REFERENCES auction_nominations(id) ON DELETE CASCADE,
            amount        INTEGER NOT NULL CHECK (amount >= 0),
            team_id       INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            placed_at     REAL NOT NULL,
            proxy         INTEGER NOT NULL DEFAULT 0,
            source        TEXT NOT NULL CHECK (source IN ('manager','autopick','bot','commissioner')),
            PRIMARY KEY (nomination_id, amount)
        ) WITHOUT ROWID;

        -- Private: read by the rules only, never by a read model.
        CREATE TABLE auction_max_bids (
            nomination_id INTEGER NOT NULL REFERENCES auction_nominations(id) ON DELETE CASCADE,
            team_id       INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            amount        INTEGER NOT NULL CHECK (amount >= 0),
            set_at        REAL NOT NULL,
            PRIMARY KEY (nomination_id, team_id)
        ) WITHOUT ROWID;

        CREATE TABLE auction_sales (
            league_id     INTEGER NOT NULL,
            number        INTEGER NOT NULL,
            price         INTEGER NOT NULL CHECK (price >= 0),
            nominated_by  INTEGER REFERENCES teams(id) ON DELETE SET NULL,   -- NULL: the commissioner's assignment
            PRIMARY KEY (league_id, number),
            FOREIGN KEY (league_id, number) REFERENCES picks(league_id, number) ON DELETE CASCADE
        ) WITHOUT ROWID;
        """

    /// SQLite: `drafts` rebuilt with `auction` allowed (same columns as v1 made them).
    package static let sqliteChecks = """
        \(TableRebuild.sql("drafts", version: 9, definition: TableRebuild.draftsDefinition(types: "'snake','linear','third-round-reversal','auction'"),
                           columns: TableRebuild.draftsColumns))
        """

    /// PostgreSQL: the same CHECK, swapped in place.
    package static let postgresChecks = """
        ALTER TABLE drafts DROP CONSTRAINT drafts_type_check;
        ALTER TABLE drafts ADD CONSTRAINT drafts_type_check CHECK (type IN ('snake','linear','third-round-reversal','auction'));
        """

    package static let migration = Migration(version: 9, name: "auction") { c in
        try c.execute(sql)
        try c.execute(sqliteChecks)
    }
}
