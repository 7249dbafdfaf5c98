/// Schema v3: sign-in attempts keyed by HMAC-SHA-256 under a per-database secret (`meta.sign_in_key`, 32 random
/// bytes from libsodium) instead of a plain SHA-256 of the email, so a copy of the table can't be checked against
/// a list of likely emails. Attempts recorded under the old keys only ever mattered for a minute: they are dropped.
package enum Migration003 {
    package static let migration = Migration(version: 3, name: "keyed sign-in attempts") { try apply($0) }

    /// The same on SQLite and PostgreSQL.
    package static func apply(_ c: some StoreSQLSession) throws {
        try c.run("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                  [SignInKeys.metaKey, SodiumTokenSource.randomHex(32)])
        try c.run("DELETE FROM sign_in_attempts", [])
    }
}
