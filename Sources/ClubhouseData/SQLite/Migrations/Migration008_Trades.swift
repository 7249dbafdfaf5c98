/// Schema v8: trades. A trade's row holds its state and times; its items (players and picks each way, and
/// the drops) are rows of `trade_items`, written once with the trade; votes against a trade in review are one row per
/// voting team (`trade_votes`, never shown: reads count them); a traded draft pick's owner is a row of
/// `draft_pick_owners`, keyed by the pick's round and its original team (a pick without a row is its original team's).
/// Transactions and roster entries may now say `trade` (SQLite can't alter a CHECK: both tables are rebuilt as they
/// were, with the new value allowed; PostgreSQL swaps the constraint).
package enum Migration008 {
    package static let sql = """
        CREATE TABLE trades (
            id                INTEGER PRIMARY KEY AUTOINCREMENT,
            league_id         INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            state             TEXT NOT NULL CHECK (state IN ('proposed','in-review','executed','rejected','withdrawn','countered',
                                                             'expired','vetoed','invalidated','reversed')),
            team_id           INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,   -- proposed it
            with_team_id      INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,   -- answers it
            note              TEXT,
            proposed_by       INTEGER REFERENCES users(id) ON DELETE SET NULL,           -- NULL: a bot's counter
            created_at        REAL NOT NULL,
            answered_at       REAL,
            decided_at        REAL,
            expires_at        REAL NOT NULL,
            review_ends_at    REAL,
            veto_threshold    INTEGER NOT NULL DEFAULT 0,
            reason            TEXT,                                                      -- why it was invalidated
            counters_trade_id INTEGER REFERENCES trades(id) ON DELETE SET NULL,
            real_time         INTEGER NOT NULL DEFAULT 0                                 -- 1: its times are real time
        );
        CREATE INDEX trades_by_league ON trades(league_id, state, id);

        -- What a trade moves: a player or a pick given by from_team_id to the other team, or a drop by from_team_id.
        CREATE TABLE trade_items (
            trade_id      INTEGER NOT NULL REFERENCES trades(id) ON DELETE CASCADE,
            seq           INTEGER NOT NULL,
            kind          TEXT NOT NULL CHECK (kind IN ('player','pick','drop')),
            from_team_id  INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            player_id     TEXT REFERENCES players(id),
            pick_round    INTEGER,
            pick_team_id  INTEGER REFERENCES teams(id) ON DELETE CASCADE,   -- the pick's original team
            PRIMARY KEY (trade_id, seq)
        ) WITHOUT ROWID;

        -- One vote against a trade per team; anonymous in every read.
        CREATE TABLE trade_votes (
            trade_id INTEGER NOT NULL REFERENCES trades(id) ON DELETE CASCADE,
            team_id  INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            at       REAL NOT NULL,
            PRIMARY KEY (trade_id, team_id)
        ) WITHOUT ROWID;

        -- Who makes a traded pick: the (round, original team) pick of a league's draft belongs to owner_team_id.
        CREATE TABLE draft_pick_owners (
            league_id        INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            round            INTEGER NOT NULL,
            original_team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            owner_team_id    INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            PRIMARY KEY (league_id, round, original_team_id)
        ) WITHOUT ROWID;
        """

    /// SQLite: both tables rebuilt with `trade` allowed (same columns, keys and indexes as v1 made them).
    package static let sqliteChecks = """
        \(TableRebuild.rosterEntries(version: 8, slots: "'QB','RB','WR','TE','FLEX','K','DEF','BN','IR'"))

        \(TableRebuild.sql("transactions", version: 8, definition: """
                id        INTEGER PRIMARY KEY AUTOINCREMENT,
                league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
                team_id   INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
                kind      TEXT NOT NULL CHECK (kind IN ('draft','add','drop','waiver-claim','commissioner','trade')),
                added     TEXT REFERENCES players(id),
                dropped   TEXT REFERENCES players(id),
                bid       INTEGER,
                at        REAL NOT NULL
            """, columns: ["id", "league_id", "team_id", "kind", "added", "dropped", "bid", "at"],
            indexes: ["CREATE INDEX transactions_by_league ON transactions(league_id, id)",
                      "CREATE INDEX transactions_by_team ON transactions(team_id, id)"]))
        """

    /// PostgreSQL: the same CHECKs, swapped in place (PostgreSQL names a column's CHECK `<table>_<column>_check`).
    package static let postgresChecks = """
        ALTER TABLE roster_entries DROP CONSTRAINT roster_entries_acquisition_check;
        ALTER TABLE roster_entries ADD CONSTRAINT roster_entries_acquisition_check
            CHECK (acquisition IN ('draft','free-agent','waiver','commissioner','trade'));
        ALTER TABLE transactions DROP CONSTRAINT transactions_kind_check;
        ALTER TABLE transactions ADD CONSTRAINT transactions_kind_check
            CHECK (kind IN ('draft','add','drop','waiver-claim','commissioner','trade'));
        """

    package static let migration = Migration(version: 8, name: "trades") { c in
        try c.execute(sql)
        try c.execute(sqliteChecks)
    }
}
