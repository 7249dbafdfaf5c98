/// Schema v5: writes sent with an `Idempotency-Key`, kept per account and key for 24 hours with the answer they got, so
/// a retried or double-sent request is answered again instead of done again (on every instance of one database).
package enum Migration005 {
    package static let migration = Migration(version: 5, name: "idempotent requests", sql: sql)

    package static let sql = """
        CREATE TABLE idempotent_requests (
            user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            key         TEXT NOT NULL,
            fingerprint TEXT NOT NULL,    -- digest of method, path and body: the same key with another request is refused
            started_at  REAL NOT NULL,
            status      INTEGER,          -- NULL while the request runs
            body        TEXT,             -- the answer's body (JSON) once finished
            PRIMARY KEY (user_id, key)
        ) WITHOUT ROWID;
        CREATE INDEX idempotent_requests_by_time ON idempotent_requests(started_at);
        """
}
