import Foundation

/// Account rules (SPEC 4.4, 6).
public enum AccountRules {
    public static let passwordBytes = 8...1024
    public static let emailMaxLength = EmailAddress.maxLength
    /// Sessions last 30 days on the service's clock.
    public static let sessionLifetime: TimeInterval = 30 * 24 * 3600
    /// At most 5 failed sign-ins a minute, per account and per device.
    public static let maxFailedSignIns = 5
    public static let signInWindow: TimeInterval = 60
    public static let wrongCredentials = DomainError.validation(field: "credentials", message: "Email or password is wrong")

    /// A new account's email (creating one, or changing it): the stored form, or a refusal that says what to fix
    /// (`EmailAddress.validated`).
    public static func email(_ raw: String) throws(DomainError) -> String { try EmailAddress.validated(raw) }

    /// The email a sign-in looks up: `EmailAddress.canonical` (no refusals — an account made before the look-alike
    /// rules still signs in), or nil when it can't be anyone's (empty, no "@").
    public static func signInEmail(_ raw: String) -> String? {
        let email = EmailAddress.canonical(raw)
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, email.count <= EmailAddress.maxLength else { return nil }
        return email
    }

    public static func password(_ password: String) throws {
        let n = password.utf8.count
        guard n >= passwordBytes.lowerBound else {
            throw DomainError.validation(field: "password", message: "A password has at least 8 characters")
        }
        guard n <= passwordBytes.upperBound else {
            throw DomainError.validation(field: "password", message: "A password is at most 1024 bytes")
        }
    }

    public static func displayName(_ raw: String) throws -> String {
        try TextRules.name(raw, field: "displayName", what: "A display name")
    }
}

// MARK: - Use cases

extension LeagueService {
    /// Creates an account (email normalised and unique, Argon2id hash) and opens its first session.
    public func createAccount(email rawEmail: String, password: String, displayName rawName: String) throws -> AccountSession {
        let email = try AccountRules.email(rawEmail)
        let name = try AccountRules.displayName(rawName)
        try AccountRules.password(password)
        let hash = try accounts.hasher.hash(password)   // slow: outside the write lock
        let now = clock.now()
        return try store.write { w in
            let id = try w.insertUser(email: email, displayName: name, passwordHash: hash, at: now)
            return try openSession(w, user: User(id: id, email: email, displayName: name), now: now)
        }
    }

    /// Signs in by email and password from `device` (an opaque client id: SSH key fingerprint or a random local id).
    /// Refused with `.rateLimited` after 5 failures within a minute for the account or the device.
    public func signIn(email rawEmail: String, password: String, device: String) throws -> AccountSession {
        // A malformed email can't be anyone's: the same answer as a wrong one (nothing recorded).
        guard let email = AccountRules.signInEmail(rawEmail) else {
            _ = accounts.hasher.verify(password, against: accounts.decoyHash())
            throw AccountRules.wrongCredentials
        }
        // The store keeps these only as a keyed hash (a per-database secret), never the email itself.
        let keys = ["account:" + email, "device:" + device]
        let now = clock.now()
        // Check the limit and count this attempt in ONE write transaction, before the slow check: N attempts in
        // parallel (SSH sessions, server requests) queue on the write lock, so at most the limit get past it.
        let (account, reserved) = try store.write { w -> (AccountRecord?, [Int64]) in
            try refuseIfLimited(w, keys: keys, now: now)
            let ids = try w.recordFailedSignIn(keys: keys, at: now)
            try w.deleteFailedSignIns(before: now - 24 * 3600)
            return (try w.account(email: email), ids)
        }
        // Always one Argon2id verification, so a wrong email takes as long as a wrong password.
        let hash = account?.passwordHash.flatMap { $0.hasPrefix("$") ? $0 : nil }
        let matches = accounts.hasher.verify(password, against: hash ?? accounts.decoyHash()) && hash != nil
        guard let account, matches else { throw AccountRules.wrongCredentials }   // the reserved attempt stays: a failure
        return try store.write { w in
            try w.deleteSignInAttempts(ids: reserved)   // it succeeded: not a failure after all
            return try openSession(w, user: account.user, now: now)
        }
    }

    /// Signs in with an SSH key linked to an account (sshd already proved the key).
    public func signIn(sshKeyFingerprint fingerprint: String) throws -> AccountSession {
        let now = clock.now()
        return try store.write { w in
            guard let key = try w.sshKey(fingerprint: fingerprint), let user = try w.user(key.user) else {
                throw DomainError.unauthenticated
            }
            return try openSession(w, user: user, now: now)
        }
    }

    /// Who a session token belongs to: `.unauthenticated` for an unknown, revoked or expired one.
    public func caller(forToken token: String) throws -> Caller {
        .user(try sessionUser(token).id)
    }

    /// The account behind a session token (same refusals as `caller(forToken:)`).
    public func sessionUser(_ token: String) throws -> User {
        let digest = accounts.tokens.digest(token)
        let now = clock.now()
        return try store.read { r in
            guard !token.isEmpty, let s = try r.session(tokenHash: digest), !s.revoked, s.expiresAt > now,
                  let user = try r.user(s.user) else { throw DomainError.unauthenticated }
            return user
        }
    }

    /// Revokes the session (an unknown or already ended one: nothing to do).
    public func signOut(token: String) throws {
        let digest = accounts.tokens.digest(token)
        try store.write { w in try w.revokeSession(tokenHash: digest) }
    }

    /// Changes the caller's display name and/or email (nil keeps it).
    public func updateProfile(displayName rawName: String?, email rawEmail: String?, caller: Caller) throws -> User {
        let id = try signedIn(caller)
        let name = try rawName.map(AccountRules.displayName)
        let email = try rawEmail.map(AccountRules.email)
        return try store.write { w in
            guard var user = try w.user(id) else { throw DomainError.unauthenticated }
            if let name { user.displayName = name }
            if let email { user.email = email }
            try w.updateUser(user)
            return user
        }
    }

    /// Links an SSH key to the caller's account; linking it again is a no-op.
    public func linkSSHKey(fingerprint: String, publicKey: String, caller: Caller) throws {
        let id = try signedIn(caller)
        let fp = try Self.fingerprint(fingerprint)
        let key = publicKey.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty, key.utf8.count <= 16_384,
              !key.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DomainError.validation(field: "publicKey", message: "That isn't an SSH public key")
        }
        let now = clock.now()
        try store.write { w in
            if let existing = try w.sshKey(fingerprint: fp) {
                guard existing.user == id else { throw DomainError.conflict("This key is linked to another account") }
                return
            }
            try w.insertSSHKey(SSHKeyRecord(fingerprint: fp, user: id, publicKey: key, addedAt: now))
        }
    }

    /// Unlinks one of the caller's keys.
    public func unlinkSSHKey(fingerprint: String, caller: Caller) throws {
        let id = try signedIn(caller)
        try store.write { w in
            guard let existing = try w.sshKey(fingerprint: fingerprint), existing.user == id else {
                throw DomainError.notFound("That SSH key on your account")
            }
            try w.deleteSSHKey(fingerprint: fingerprint)
        }
    }

    // MARK: - Helpers

    private func openSession(_ w: any LeagueStoreWriter, user: User, now: Date) throws -> AccountSession {
        let token = accounts.tokens.newToken()
        guard !token.isEmpty else { throw DomainError.transport("accounts are not configured on this service") }
        let expires = now + AccountRules.sessionLifetime
        try w.insertSession(SessionRecord(tokenHash: accounts.tokens.digest(token), user: user.id, createdAt: now, expiresAt: expires))
        return AccountSession(token: token, user: user, expiresAt: expires)
    }

    private func refuseIfLimited(_ r: any LeagueStoreReader, keys: [String], now: Date) throws {
        let since = now - AccountRules.signInWindow
        var wait = 0
        for key in keys {
            let failures = try r.failedSignIns(key: key, since: since)
            guard failures.count >= AccountRules.maxFailedSignIns else { continue }
            // Free again once enough of the window's failures have aged out.
            let freeAt = failures[failures.count - AccountRules.maxFailedSignIns] + AccountRules.signInWindow
            wait = max(wait, Int((freeAt.timeIntervalSince(now)).rounded(.up)))
        }
        if wait > 0 { throw DomainError.rateLimited(retryAfterSeconds: wait) }
    }

    static func fingerprint(_ raw: String) throws -> String {
        let fp = raw.trimmingCharacters(in: .whitespaces)
        guard (1...200).contains(fp.count), fp.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.generalCategory != .control && $0 != " " }) else {
            throw DomainError.validation(field: "fingerprint", message: "That isn't an SSH key fingerprint")
        }
        return fp
    }
}
