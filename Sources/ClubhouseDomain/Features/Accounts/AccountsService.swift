import Foundation

/// Accounts and sessions: creating an account, signing in and out (password, SSH key), the profile, linked SSH keys.
/// Reached from the root as `LeagueService.accounts`; the shared parts (store, clocks, facts, access checks) through
/// `core` (`LeagueServicePart`).
public struct AccountsService: LeagueServicePart {
    let core: LeagueService
}

/// Account rules (README.md: “Accounts”, “Names and emails”; docs/operating.md: “What it refuses”).
public enum AccountRules {
    public static let passwordBytes = 8...1024
    public static let emailMaxLength = EmailAddress.maxLength
    /// Sessions last 30 days on the service's clock.
    public static let sessionLifetime: TimeInterval = 30 * 24 * 3600
    /// At most 5 failed sign-ins a minute, per account and per device.
    public static let maxFailedSignIns = 5
    public static let signInWindow: TimeInterval = 60
    /// At most 10 new accounts an hour from one client (over HTTP: one address, an IPv6 /64), each an Argon2id hash.
    public static let maxNewAccounts = 10
    public static let newAccountWindow: TimeInterval = 3600
    public static let wrongCredentials = DomainError.validation(field: "credentials", message: "Email or password is wrong")
    public static let emailTaken = DomainError.conflict("An account with that email already exists")

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

extension AccountsService {
    /// Creates an account (email normalised and unique, Argon2id hash) and opens its first session.
    ///
    /// With an `origin` (the league server names the client's address), at most `AccountRules.maxNewAccounts` an hour
    /// come from it: the check, counting this attempt and the taken-email check run in one write transaction before
    /// the slow hash, so a refusal costs no hash and N requests at once queue on the write lock — at most the limit get
    /// past it. A taken email counts too (it is a guess at who has an account). Without an origin (the embedded app,
    /// tools), nothing is limited.
    public func createAccount(email rawEmail: String, password: String, displayName rawName: String,
                              from origin: ClientOrigin? = nil) throws -> AccountSession {
        let email = try AccountRules.email(rawEmail)
        let name = try AccountRules.displayName(rawName)
        try AccountRules.password(password)
        let now = clock.now()
        let keys = (origin?.buckets ?? []).map { "new-account:" + $0 }
        let (reserved, taken) = try store.write { w -> ([Int64], Bool) in
            try refuseIfLimited(w, keys: keys, max: AccountRules.maxNewAccounts, window: AccountRules.newAccountWindow, now: now) { wait in
                DomainError.limitReached("Too many new accounts from this address — try again in \(DomainError.wait(wait))", retryAfterSeconds: wait)
            }
            let ids = keys.isEmpty ? [] : try w.recordFailedSignIn(keys: keys, at: now)
            if !keys.isEmpty { try w.deleteFailedSignIns(before: now - 24 * 3600) }
            return (ids, try w.account(email: email) != nil)
        }
        if taken { throw AccountRules.emailTaken }
        do {
            let hash = try accountPorts.hasher.hash(password)   // slow: outside the write lock
            return try store.write { w in
                let id = try w.insertUser(email: email, displayName: name, passwordHash: hash, at: now)
                return try openSession(w, user: User(id: id, email: email, displayName: name), now: now)
            }
        } catch {
            // No account was made (another request took the email meanwhile, storage failed): not counted.
            if !reserved.isEmpty { _ = try? store.write { try $0.deleteSignInAttempts(ids: reserved) } }
            throw error
        }
    }

    /// Signs in by email and password from `device` (the embedded app's own id: a random local id or the SSH key's
    /// fingerprint); see `signIn(email:password:from:)`.
    public func signIn(email: String, password: String, device: String) throws -> AccountSession {
        try signIn(email: email, password: password, from: .device(device))
    }

    /// Signs in by email and password. Refused with `.rateLimited` after 5 failures within a minute for the account
    /// or for any of the origin's buckets (the league server: the client's address, never a name the client picks).
    public func signIn(email rawEmail: String, password: String, from origin: ClientOrigin) throws -> AccountSession {
        // A malformed email can't be anyone's: the same answer as a wrong one (nothing recorded).
        guard let email = AccountRules.signInEmail(rawEmail) else {
            _ = accountPorts.hasher.verify(password, against: accountPorts.decoyHash())
            throw AccountRules.wrongCredentials
        }
        // The store keeps these only as a keyed hash (a per-database secret), never the email itself.
        let keys = ["account:" + email] + origin.buckets
        let now = clock.now()
        // Check the limit and count this attempt in ONE write transaction, before the slow check: N attempts in
        // parallel (SSH sessions, server requests) queue on the write lock, so at most the limit get past it.
        let (account, reserved) = try store.write { w -> (AccountRecord?, [Int64]) in
            try refuseIfLimited(w, keys: keys, max: AccountRules.maxFailedSignIns, window: AccountRules.signInWindow, now: now) {
                DomainError.rateLimited(retryAfterSeconds: $0)
            }
            let ids = try w.recordFailedSignIn(keys: keys, at: now)
            try w.deleteFailedSignIns(before: now - 24 * 3600)
            return (try w.account(email: email), ids)
        }
        // Always one Argon2id verification, so a wrong email takes as long as a wrong password.
        let hash = account?.passwordHash.flatMap { $0.hasPrefix("$") ? $0 : nil }
        let matches = accountPorts.hasher.verify(password, against: hash ?? accountPorts.decoyHash()) && hash != nil
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
        let digest = accountPorts.tokens.digest(token)
        let now = clock.now()
        guard !token.isEmpty, let (s, user) = try store.sessionAndUser(tokenHash: digest), !s.revoked, s.expiresAt > now else {
            throw DomainError.unauthenticated
        }
        return user
    }

    /// Revokes the session (an unknown or already ended one: nothing to do).
    public func signOut(token: String) throws {
        let digest = accountPorts.tokens.digest(token)
        try store.write { w in try w.revokeSession(tokenHash: digest) }
    }

    /// Changes the caller's display name and/or email (nil keeps it).
    public func updateProfile(displayName rawName: String?, email rawEmail: String?, caller: Caller) throws -> User {
        let id = try signedIn(caller)
        let name = try rawName.map(AccountRules.displayName)
        let email = try rawEmail.map(AccountRules.email)
        return try store.write { w in
            guard var user = try w.user(id) else { throw DomainError.unauthenticated }
            let renamed = name.map { $0 != user.displayName } ?? false
            if let name { user.displayName = name }
            if let email { user.email = email }
            try w.updateUser(user)
            // The name shows in each league they manage a team of or run: those leagues' pages change.
            if renamed {
                let now = clock.now()
                for league in try w.leagues() where try league.commissioner == id || w.teams(in: league.id).contains(where: { $0.manager == id }) {
                    try w.appendEvent(league: league.id, LeagueEvent.LeagueUpdated(teams: league.settings.teamCount), at: now)
                }
            }
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
        let token = accountPorts.tokens.newToken()
        guard !token.isEmpty else { throw DomainError.transport("accounts are not configured on this service") }
        let expires = now + AccountRules.sessionLifetime
        try w.insertSession(SessionRecord(tokenHash: accountPorts.tokens.digest(token), user: user.id, createdAt: now, expiresAt: expires))
        return AccountSession(token: token, user: user, expiresAt: expires)
    }

    /// Throws `refusal(seconds to wait)` when any of `keys` has `max` attempts within `window` before `now`.
    func refuseIfLimited(_ r: any LeagueStoreReader, keys: [String], max limit: Int, window: TimeInterval, now: Date,
                         refusal: (Int) -> DomainError) throws {
        let since = now - window
        var wait = 0
        for key in keys {
            let attempts = try r.failedSignIns(key: key, since: since)
            guard attempts.count >= limit else { continue }
            // Free again once enough of the window's attempts have aged out.
            let freeAt = attempts[attempts.count - limit] + window
            wait = max(wait, Int((freeAt.timeIntervalSince(now)).rounded(.up)))
        }
        if wait > 0 { throw refusal(wait) }
    }

    static func fingerprint(_ raw: String) throws -> String {
        let fp = raw.trimmingCharacters(in: .whitespaces)
        guard (1...200).contains(fp.count), fp.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.generalCategory != .control && $0 != " " }) else {
            throw DomainError.validation(field: "fingerprint", message: "That isn't an SSH key fingerprint")
        }
        return fp
    }
}
