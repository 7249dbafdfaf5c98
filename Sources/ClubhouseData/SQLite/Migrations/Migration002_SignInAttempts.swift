/// Schema v2: failed sign-ins, for the per-account and per-device limit (5 a minute). Keys are digests
/// ("account:<email>", "device:<id>"), so typed emails aren't kept in clear.
package enum Migration002 {
    package static let migration = Migration(version: 2, name: "sign-in attempts", sql: sql)

    package static let sql = """
        CREATE TABLE sign_in_attempts (
            id  INTEGER PRIMARY KEY,
            key TEXT NOT NULL,
            at  REAL NOT NULL
        );
        CREATE INDEX sign_in_attempts_by_key ON sign_in_attempts(key, at);
        CREATE INDEX sign_in_attempts_by_time ON sign_in_attempts(at);
        """
}
