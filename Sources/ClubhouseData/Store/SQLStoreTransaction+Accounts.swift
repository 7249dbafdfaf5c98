import ClubhouseDomain
import Foundation

/// The SQL of `AccountStoreWriter` and its reads: accounts, sessions, SSH keys and sign-in attempts.
protocol AccountSQL: SQLStatements, AccountStoreWriter {}

extension AccountSQL {
    func user(_ id: UserID) throws -> User? { try users([id]).first }

    func users(_ ids: [UserID]) throws -> [User] {
        var out: [User] = []
        let unique = Set(ids).sorted()
        guard !unique.isEmpty else { return out }
        // One query for the whole list (the ids travel as one JSON array, so the SQL text stays cacheable).
        let list = "[" + unique.map { String($0.rawValue) }.joined(separator: ",") + "]"
        try each("SELECT id, email, display_name FROM users WHERE id IN (\(session.dialect.idsOfJSONArray)) ORDER BY id", [list]) { s in
            out.append(User(id: UserID(s.int64(at: 0)), email: s.string(at: 1), displayName: s.string(at: 2)))
        }
        return out
    }

    func account(email: String) throws -> AccountRecord? {
        var out: AccountRecord?
        try each("SELECT id, email, display_name, password_hash FROM users WHERE email = ?", [email]) { s in
            out = AccountRecord(user: User(id: UserID(s.int64(at: 0)), email: s.string(at: 1), displayName: s.string(at: 2)),
                                passwordHash: s.optionalString(at: 3))
        }
        return out
    }

    func session(tokenHash: String) throws -> SessionRecord? {
        var out: SessionRecord?
        try each("SELECT token_hash, user_id, created_at, expires_at, revoked FROM sessions WHERE token_hash = ?", [tokenHash]) { s in
            out = SessionRecord(tokenHash: s.string(at: 0), user: UserID(s.int64(at: 1)), createdAt: Date(timeIntervalSince1970: s.double(at: 2)),
                                expiresAt: Date(timeIntervalSince1970: s.double(at: 3)), revoked: s.bool(at: 4))
        }
        return out
    }

    /// The session and its account in one statement (`LeagueStore.sessionAndUser`).
    public func sessionAndUser(tokenHash: String) throws -> (session: SessionRecord, user: User)? {
        var out: (SessionRecord, User)?
        try each("""
            SELECT s.token_hash, s.user_id, s.created_at, s.expires_at, s.revoked, u.email, u.display_name
            FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?
            """, [tokenHash]) { s in
            let user = UserID(s.int64(at: 1))
            out = (SessionRecord(tokenHash: s.string(at: 0), user: user, createdAt: Date(timeIntervalSince1970: s.double(at: 2)),
                                 expiresAt: Date(timeIntervalSince1970: s.double(at: 3)), revoked: s.bool(at: 4)),
                   User(id: user, email: s.string(at: 5), displayName: s.string(at: 6)))
        }
        return out
    }

    func sshKey(fingerprint: String) throws -> SSHKeyRecord? {
        var out: SSHKeyRecord?
        try each("SELECT fingerprint, user_id, public_key, added_at FROM ssh_keys WHERE fingerprint = ?", [fingerprint]) { s in
            out = SSHKeyRecord(fingerprint: s.string(at: 0), user: UserID(s.int64(at: 1)), publicKey: s.string(at: 2),
                               addedAt: Date(timeIntervalSince1970: s.double(at: 3)))
        }
        return out
    }

    /// `key` as stored: HMAC under this database's secret (made on first use if the row is missing).
    func keyed(_ key: String) throws -> String {
        var secret = try scalar("SELECT value FROM meta WHERE key = ?", [SignInKeys.metaKey], as: String.self)
        if secret == nil {
            try run("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", [SignInKeys.metaKey, SodiumTokenSource.randomHex(32)])
            secret = try scalar("SELECT value FROM meta WHERE key = ?", [SignInKeys.metaKey], as: String.self)
        }
        return SignInKeys.keyed(key, secretHex: secret ?? "")
    }

    func failedSignIns(key: String, since: Date) throws -> [Date] {
        var out: [Date] = []
        try each("SELECT at FROM sign_in_attempts WHERE key = ? AND at > ? ORDER BY at", [try keyed(key), since]) { s in
            out.append(Date(timeIntervalSince1970: s.double(at: 0)))
        }
        return out
    }

    func insertUser(email: String, displayName: String, passwordHash: String, at: Date) throws -> UserID {
        do {
            return UserID(try session.recovering {
                try session.insert("INSERT INTO users (email, display_name, password_hash, created_at) VALUES (?, ?, ?, ?)",
                                   [email, displayName, passwordHash, at])
            })
        } catch let e as any StoreSQLError where e.isUniqueViolation {
            throw DomainError.conflict("An account with that email already exists")
        }
    }

    func updateUser(_ user: User) throws {
        do {
            try mayConflict("UPDATE users SET email = ?, display_name = ? WHERE id = ?", [user.email, user.displayName, user.id])
        } catch let e as any StoreSQLError where e.isUniqueViolation {
            throw DomainError.conflict("An account with that email already exists")
        }
    }

    func insertSession(_ session: SessionRecord) throws {
        try run("INSERT INTO sessions (token_hash, user_id, created_at, expires_at, revoked) VALUES (?, ?, ?, ?, ?)",
                [session.tokenHash, session.user, session.createdAt, session.expiresAt, session.revoked])
    }

    func revokeSession(tokenHash: String) throws {
        try run("UPDATE sessions SET revoked = 1 WHERE token_hash = ?", [tokenHash])
    }

    @discardableResult
    func recordFailedSignIn(keys: [String], at: Date) throws -> [Int64] {
        var ids: [Int64] = []
        for key in keys {
            ids.append(try insert("INSERT INTO sign_in_attempts (key, at) VALUES (?, ?)", [try keyed(key), at]))
        }
        return ids
    }

    func deleteSignInAttempts(ids: [Int64]) throws {
        for id in ids { try run("DELETE FROM sign_in_attempts WHERE id = ?", [id]) }
    }

    func deleteFailedSignIns(before date: Date) throws {
        try run("DELETE FROM sign_in_attempts WHERE at < ?", [date])
    }

    func insertSSHKey(_ key: SSHKeyRecord) throws {
        do {
            try mayConflict("INSERT INTO ssh_keys (fingerprint, user_id, public_key, added_at) VALUES (?, ?, ?, ?)",
                    [key.fingerprint, key.user, key.publicKey, key.addedAt])
        } catch let e as any StoreSQLError where e.isUniqueViolation {
            throw DomainError.conflict("This key is linked to another account")
        }
    }

    func deleteSSHKey(fingerprint: String) throws {
        try run("DELETE FROM ssh_keys WHERE fingerprint = ?", [fingerprint])
    }
}
