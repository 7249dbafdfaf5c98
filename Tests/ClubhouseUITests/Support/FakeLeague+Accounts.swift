import ClubhouseDomain
import Foundation

/// Accounts on the UI double (added with `AccountAPI` by the accounts branch so the target keeps building):
/// a signed-out person whom nobody can sign in. UI tests of the sign-in gate replace these.
extension FakeLeague: AccountAPI {
    func createAccount(email: String, password: String, displayName: String) async throws -> AccountSession {
        throw DomainError.transport("accounts are not available on the fake")
    }
    func signIn(email: String, password: String) async throws -> AccountSession { throw AccountRules.wrongCredentials }
    func signOut() async throws {}
    func currentUser() async throws -> User? { nil }
    func updateProfile(displayName: String?, email: String?) async throws -> User { throw DomainError.unauthenticated }
    func signIn(sshKeyFingerprint: String) async throws -> AccountSession { throw DomainError.unauthenticated }
    func linkSSHKey(fingerprint: String, publicKey: String) async throws { throw DomainError.unauthenticated }
    func unlinkSSHKey(fingerprint: String) async throws { throw DomainError.unauthenticated }
}
