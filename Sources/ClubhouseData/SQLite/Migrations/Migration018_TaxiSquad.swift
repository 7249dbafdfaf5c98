/// Schema v18: the taxi squad. A keeper or dynasty team's taxi players are roster entries in slot `TX`
/// (`Slot.taxi`, `LeagueSettings.taxiSlots`), and a week's frozen lineup may hold one there. SQLite can't alter a CHECK:
/// `roster_entries` and `lineups` are rebuilt as v8 and v1 made them, with `TX` allowed; PostgreSQL swaps the constraints.
package enum Migration018 {
    /// The slots v18 allows: v1's and the taxi squad's `TX`.
    static let slots = "'QB','RB','WR','TE','FLEX','K','DEF','BN','IR','TX'"

    package static let sqlite = """
        \(TableRebuild.rosterEntries(version: 18, slots: slots))

        \(TableRebuild.sql("lineups", version: 18, definition: """
                team_id   INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
                week      INTEGER NOT NULL,
                player_id TEXT NOT NULL REFERENCES players(id),
                slot      TEXT NOT NULL CHECK (slot IN (\(slots))),
                PRIMARY KEY (team_id, week, player_id)
            """, options: " WITHOUT ROWID", columns: ["team_id", "week", "player_id", "slot"]))
        """

    /// PostgreSQL names a column's CHECK `<table>_<column>_check`.
    package static let postgres = """
        ALTER TABLE roster_entries DROP CONSTRAINT roster_entries_slot_check;
        ALTER TABLE roster_entries ADD CONSTRAINT roster_entries_slot_check CHECK (slot IN (\(slots)));
        ALTER TABLE lineups DROP CONSTRAINT lineups_slot_check;
        ALTER TABLE lineups ADD CONSTRAINT lineups_slot_check CHECK (slot IN (\(slots)));
        """

    package static let migration = Migration(version: 18, name: "taxi squad") { c in try c.execute(sqlite) }
}
