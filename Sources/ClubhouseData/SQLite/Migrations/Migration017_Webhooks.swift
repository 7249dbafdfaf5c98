/// Schema v17: outgoing webhooks. A league's hook keeps its receiver (`url`, `format`), the feed kinds it posts
/// (`kinds`: `ActivityKind` names, comma-separated), its signing secret, and its place in the league's event log
/// (`cursor_event`: the newest event it is done with), with the failing streak of the event after it (`failing_since`,
/// `attempts`, `next_attempt_at`) and, once a day of failures paused it, `paused_at`. `lease_holder`/`lease_until`
/// let one process at a time post a hook's events when several serve one database. Each attempt is a row of
/// `webhook_deliveries` (the latest few kept per hook).
package enum Migration017 {
    package static let sql = """
        CREATE TABLE webhooks (
            id              INTEGER PRIMARY KEY AUTOINCREMENT,
            league_id       INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            url             TEXT NOT NULL,
            kinds           TEXT NOT NULL,
            format          TEXT NOT NULL,
            secret          TEXT NOT NULL,
            created_at      REAL NOT NULL,
            cursor_event    INTEGER NOT NULL,
            state           TEXT NOT NULL DEFAULT 'active',
            paused_at       REAL,
            failing_since   REAL,
            attempts        INTEGER NOT NULL DEFAULT 0,
            next_attempt_at REAL,
            lease_holder    TEXT,
            lease_until     REAL
        );
        CREATE INDEX webhooks_by_league ON webhooks(league_id);
        CREATE TABLE webhook_deliveries (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            webhook_id INTEGER NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
            event_id   INTEGER NOT NULL,
            at         REAL NOT NULL,
            attempt    INTEGER NOT NULL,
            status     INTEGER,
            error      TEXT
        );
        CREATE INDEX webhook_deliveries_by_hook ON webhook_deliveries(webhook_id, id);
        """

    package static let migration = Migration(version: 17, name: "webhooks") { c in try c.execute(sql) }
}
