import Foundation

/// Accounts and sessions (README.md, “Accounts”). The server is the identity authority; the client keeps the opaque
/// `AccountSession.token` (the embedded transport keeps it in the local credentials file itself).
///
/// Failures: bad input `.validation` (field "email", "password", "displayName"); a taken email `.conflict`;
/// a wrong email or password `.validation(field: "credentials", message: "Email or password is wrong")` (the same
/// for both, in similar time); too many attempts `.rateLimited`; a signed-out or ended session `.unauthenticated`.
public protocol AccountAPI: Sendable {
    /// Creates an account and signs it in.
    func createAccount(email: String, password: String, displayName: String) async throws -> AccountSession
    func signIn(email: String, password: String) async throws -> AccountSession
    /// Ends the session on the server, then forgets it locally — locally even when the server call fails.
    func signOut() async throws
    /// The signed-in account; nil when signed out. A session that stopped being valid is forgotten and
    /// answers `.unauthenticated` once ("Session ended — sign in again").
    func currentUser() async throws -> User?
    /// Completes or changes the profile; nil leaves a field as it is.
    func updateProfile(displayName: String?, email: String?) async throws -> User

    // SSH devices (ARCHITECTURE.md §5): the key the person connected with.
    /// Signs in with a key linked to an account; `.unauthenticated` when the key isn't linked.
    func signIn(sshKeyFingerprint: String) async throws -> AccountSession
    /// Links a key to the signed-in account (again: no-op); `.conflict` when linked to another account.
    func linkSSHKey(fingerprint: String, publicKey: String) async throws
    /// Unlinks one of the signed-in account's keys.
    func unlinkSSHKey(fingerprint: String) async throws
}

/// A signed-in session as handed to the client.
public struct AccountSession: Hashable, Codable, Sendable {
    /// Opaque; only its digest is stored by the server. Never log it.
    public var token: String
    public var user: User
    public var expiresAt: Date
    public init(token: String, user: User, expiresAt: Date) { self.token = token; self.user = user; self.expiresAt = expiresAt }
}

extension AccountSession: CustomStringConvertible, CustomDebugStringConvertible {
    // Keeps the token and email out of logs and string interpolation.
    public var description: String { "AccountSession(user: \(user.id), expiresAt: \(expiresAt))" }
    public var debugDescription: String { description }
}
