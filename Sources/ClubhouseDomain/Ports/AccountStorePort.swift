import Foundation

// Accounts, sessions, SSH keys and the per-client attempt counters.

/// Reads of this journey inside one transaction (part of `LeagueStoreReader`).
public protocol AccountStoreReader {
    func user(_ id: UserID) throws -> User?
    func users(_ ids: [UserID]) throws -> [User]
    /// The account with this (normalised) email, with its password hash.
    func account(email: String) throws -> AccountRecord?
    /// A session by the digest of its token (revoked and expired ones included).
    func session(tokenHash: String) throws -> SessionRecord?
    /// The session `tokenHash` names and its account (nil: no such session, or its account is gone); a store may ask
    /// both in one statement (`LeagueStore.sessionAndUser`).
    func sessionAndUser(tokenHash: String) throws -> (session: SessionRecord, user: User)?
    /// The SSH key with this fingerprint, when linked to an account.
    func sshKey(fingerprint: String) throws -> SSHKeyRecord?
    /// Times of attempts recorded under `key` (the same text given to `recordFailedSignIn`) after `since`, oldest first.
    /// The table holds every per-client counter: failed sign-ins ("account:…", "device:…", "address:…") and new
    /// accounts ("new-account:address:…").
    func failedSignIns(key: String, since: Date) throws -> [Date]
}

/// Writes of this journey inside one transaction (part of `LeagueStoreWriter`).
public protocol AccountStoreWriter: AccountStoreReader {
    func insertUser(email: String, displayName: String, passwordHash: String, at: Date) throws -> UserID
    /// Changes a user's email and display name; `DomainError.conflict` when the email is taken.
    func updateUser(_ user: User) throws
    func insertSession(_ session: SessionRecord) throws
    /// Marks the session revoked (no-op for an unknown one).
    func revokeSession(tokenHash: String) throws
    /// Records one failed sign-in under each key (the store keeps a key only as a keyed hash); returns the rows'
    /// ids, so a sign-in that reserved its attempt before checking the password can take it back on success.
    @discardableResult
    func recordFailedSignIn(keys: [String], at: Date) throws -> [Int64]
    /// Forgets the attempts `recordFailedSignIn` returned.
    func deleteSignInAttempts(ids: [Int64]) throws
    /// Forgets failed sign-ins older than `date`.
    func deleteFailedSignIns(before date: Date) throws
    /// `DomainError.conflict` when the fingerprint is already linked.
    func insertSSHKey(_ key: SSHKeyRecord) throws
    func deleteSSHKey(fingerprint: String) throws
}

/// An account as the sign-in use cases see it.
public struct AccountRecord: Hashable, Sendable {
    public var user: User
    /// nil for accounts that can't sign in with a password (demo people: "!").
    public var passwordHash: String?
    public init(user: User, passwordHash: String?) { self.user = user; self.passwordHash = passwordHash }
}

/// A stored session: only the digest of its token.
public struct SessionRecord: Hashable, Sendable {
    public var tokenHash: String
    public var user: UserID
    public var createdAt: Date
    public var expiresAt: Date
    public var revoked: Bool
    public init(tokenHash: String, user: UserID, createdAt: Date, expiresAt: Date, revoked: Bool = false) {
        self.tokenHash = tokenHash; self.user = user; self.createdAt = createdAt; self.expiresAt = expiresAt; self.revoked = revoked
    }
}

/// An SSH public key linked to an account (fingerprint as sshd logs it: `SHA256:…`).
public struct SSHKeyRecord: Hashable, Sendable {
    public var fingerprint: String
    public var user: UserID
    public var publicKey: String
    public var addedAt: Date
    public init(fingerprint: String, user: UserID, publicKey: String, addedAt: Date) {
        self.fingerprint = fingerprint; self.user = user; self.publicKey = publicKey; self.addedAt = addedAt
    }
}

extension AccountStoreReader {
    public func sessionAndUser(tokenHash: String) throws -> (session: SessionRecord, user: User)? {
        guard let s = try session(tokenHash: tokenHash), let u = try user(s.user) else { return nil }
        return (s, u)
    }
}
