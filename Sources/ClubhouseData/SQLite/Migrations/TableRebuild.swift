/// SQLite can't change a column's CHECK in place: a migration makes the table again under a new name (`<table>_v<N>`),
/// copies its rows, drops the old table and gives the new one its name; the old table's indexes go with it and are
/// made again (sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema Changes"). PostgreSQL swaps the
/// constraint instead. Each table rebuilt more than once has its definition here, once, with what changed as arguments.
enum TableRebuild {
    /// The script that makes `table` again as `definition` (what goes between CREATE TABLE's parentheses, then
    /// `options` such as WITHOUT ROWID), copying `columns` from the old rows (`select`: what is copied into them, when
    /// not the same columns) and making `indexes` again.
    static func sql(_ table: String, version: Int, definition: String, options: String = "", columns: [String],
                    select: [String]? = nil, indexes: [String] = []) -> String {
        let new = "\(table)_v\(version)"
        return """
            CREATE TABLE \(new) (
            \(definition)
            )\(options);
            INSERT INTO \(new) (\(columns.joined(separator: ", ")))
                SELECT \((select ?? columns).joined(separator: ", ")) FROM \(table);
            DROP TABLE \(table);
            ALTER TABLE \(new) RENAME TO \(table);
            """ + indexes.map { "\n\($0);" }.joined()
    }

    /// `roster_entries` with `slots` allowed (v8 allowed `trade` among the acquisitions; v18 the taxi slot `TX`).
    static func rosterEntries(version: Int, slots: String) -> String {
        sql("roster_entries", version: version, definition: """
                league_id   INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
                player_id   TEXT NOT NULL REFERENCES players(id),
                team_id     INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
                slot        TEXT NOT NULL CHECK (slot IN (\(slots))),
                acquisition TEXT NOT NULL CHECK (acquisition IN ('draft','free-agent','waiver','commissioner','trade')),
                acquired_at REAL NOT NULL,
                PRIMARY KEY (league_id, player_id)
            """, columns: ["league_id", "player_id", "team_id", "slot", "acquisition", "acquired_at"],
            indexes: ["CREATE INDEX roster_entries_by_team ON roster_entries(team_id)"])
    }

    /// The columns of `drafts` with draft `types` allowed: v1 made it with three, v9 rebuilt it with `auction` too.
    static func draftsDefinition(types: String) -> String {
        """
            league_id             INTEGER PRIMARY KEY REFERENCES leagues(id) ON DELETE CASCADE,
            status                TEXT NOT NULL CHECK (status IN ('scheduled','running','paused','complete')),
            draft_order           TEXT NOT NULL,      -- JSON array of team ids; draft_order[0] picks first
            rounds                INTEGER NOT NULL,
            type                  TEXT NOT NULL CHECK (type IN (\(types))),
            pick_clock_seconds    INTEGER,            -- NULL: soft timer
            current_pick          INTEGER NOT NULL DEFAULT 1,
            deadline              REAL,
            remaining_when_paused REAL,
            scheduled_at          REAL,
            started_at            REAL,
            completed_at          REAL,
            pick_opened_at        REAL                -- when the pick on the clock opened: bots' think time counts from it
        """
    }

    static let draftsColumns = ["league_id", "status", "draft_order", "rounds", "type", "pick_clock_seconds", "current_pick", "deadline",
                                "remaining_when_paused", "scheduled_at", "started_at", "completed_at", "pick_opened_at"]
}
