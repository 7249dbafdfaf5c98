/// Schema v18: the taxi squad. A keeper or dynasty team's taxi players are roster entries in slot `TX`
/// (`Slot.taxi`, `LeagueSettings.taxiSlots`), and a week's frozen lineup may hold one there. SQLite can't alter a CHECK:
/// `roster_entries` and `lineups` are rebuilt as v8 and v1 made them, with `TX` allowed; PostgreSQL swaps the constraints.
package enum Migration018 {
    package static let sqlite = """
        CREATE TABLE roster_entries_v18 (
            league_id   INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            player_id   TEXT NOT NULL REFERENCES players(id),
            team_id     INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            slot        TEXT NOT NULL CHECK (slot IN ('QB','RB','WR','TE','FLEX','K','DEF','BN','IR','TX')),
            acquisition TEXT NOT NULL CHECK (acquisition IN ('draft','free-agent','waiver','commissioner','trade')),
            acquired_at REAL NOT NULL,
            PRIMARY KEY (league_id, player_id)
        );
        INSERT INTO roster_entries_v18 (league_id, player_id, team_id, slot, acquisition, acquired_at)
            SELECT league_id, player_id, team_id, slot, acquisition, acquired_at FROM roster_entries;
        DROP TABLE roster_entries;
        ALTER TABLE roster_entries_v18 RENAME TO roster_entries;
        CREATE INDEX roster_entries_by_team ON roster_entries(team_id);

        CREATE TABLE lineups_v18 (
            team_id   INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            week      INTEGER NOT NULL,
            player_id TEXT NOT NULL REFERENCES players(id),
            slot      TEXT NOT NULL CHECK (slot IN ('QB','RB','WR','TE','FLEX','K','DEF','BN','IR','TX')),
            PRIMARY KEY (team_id, week, player_id)
        ) WITHOUT ROWID;
        INSERT INTO lineups_v18 (team_id, week, player_id, slot) SELECT team_id, week, player_id, slot FROM lineups;
        DROP TABLE lineups;
        ALTER TABLE lineups_v18 RENAME TO lineups;
        """

    /// PostgreSQL names a column's CHECK `<table>_<column>_check`.
    package static let postgres = """
        ALTER TABLE roster_entries DROP CONSTRAINT roster_entries_slot_check;
        ALTER TABLE roster_entries ADD CONSTRAINT roster_entries_slot_check CHECK (slot IN ('QB','RB','WR','TE','FLEX','K','DEF','BN','IR','TX'));
        ALTER TABLE lineups DROP CONSTRAINT lineups_slot_check;
        ALTER TABLE lineups ADD CONSTRAINT lineups_slot_check CHECK (slot IN ('QB','RB','WR','TE','FLEX','K','DEF','BN','IR','TX'));
        """

    package static let migration = Migration(version: 18, name: "taxi squad") { c in try c.execute(sqlite) }
}
