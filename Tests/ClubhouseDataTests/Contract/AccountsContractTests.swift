import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// The embedded transport with a real local session: the soft gate's backend (README.md, “Accounts”).
@Suite(.bothTransports) struct AccountsContractTests {
    let world: ContractWorld
    let stateDir = TempDir()
    let state: LocalStateDirectory

    init() throws {
        world = try ContractWorld()
        state = try LocalStateDirectory.resolve(environment: ["XDG_STATE_HOME": stateDir.path])
    }

    func newLeague() -> NewLeague { NewLeague(name: "Gate Test", teamName: "Mine", seasonClock: DemoSeeder.preseason) }

    @Test func aGatedWriteWhileSignedOutIsUnauthenticatedAndSucceedsAfterSignIn() async throws {
        let api = try world.sessionAPI(state)
        #expect(try await api.currentUser() == nil)
        #expect(await failure { try await api.createLeague(newLeague()) } == .unauthenticated)

        let dana = try world.service.accounts.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        let session = try await api.signIn(email: "Dana@example.com", password: "correct horse")
        #expect(session.user == dana.user)
        #expect(try await api.currentUser() == dana.user)
        #expect(CredentialsStore(directory: state).load()?.token == session.token)

        let id = try await api.createLeague(newLeague())
        #expect(try await api.league(id).capabilities.isCommissioner)
        #expect(try await api.myLeagues().map(\.id) == [id])
    }

    @Test func createAccountSignsInAndKeepsTheTokenInThePrivateFile() async throws {
        let api = try world.sessionAPI(state)
        let created = try await api.createAccount(email: "eli@example.com", password: "password1", displayName: "Eli")
        let kept = try #require(CredentialsStore(directory: state).load())
        #expect(kept == Credentials(created))
        let mode = (try FileManager.default.attributesOfItem(atPath: state.credentialsFile)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
        // A second app process on the same folder is signed in too.
        #expect(try await world.sessionAPI(state).currentUser() == created.user)
    }

    @Test func aWrongPasswordKeepsNothingAndSaysTheSameAsAnUnknownEmail() async throws {
        let api = try world.sessionAPI(state)
        _ = try world.service.accounts.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        let wrong = await failure { try await api.signIn(email: "dana@example.com", password: "wrong horse") }
        let unknown = await failure { try await api.signIn(email: "who@example.com", password: "wrong horse") }
        #expect(wrong == AccountRules.wrongCredentials && unknown == wrong)
        #expect(CredentialsStore(directory: state).load() == nil)
    }

    @Test func theDeviceIsLimitedAfterFiveFailuresAMinute() async throws {
        let api = try world.sessionAPI(state)
        _ = try world.service.accounts.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        for i in 0..<5 { _ = await failure { try await api.signIn(email: "guess\(i)@example.com", password: "password1") } }
        #expect(await failure { try await api.signIn(email: "dana@example.com", password: "correct horse") } == .rateLimited(retryAfterSeconds: 60))
        world.clock.advance(by: 60)
        _ = try await api.signIn(email: "dana@example.com", password: "correct horse")
    }

    @Test func aSessionRevokedByAnotherProcessWipesTheLocalCredentialsOnTheNextCall() async throws {
        let api = try world.sessionAPI(state)
        let ended = Ended()
        api.session?.onEnd { ended.record($0) }
        _ = try await api.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        _ = try await api.myLeagues()

        // Another process on the same database file ends every session of this account.
        try world.execute("UPDATE sessions SET revoked = 1")

        #expect(await failure { try await api.myLeagues() } == .unauthenticated)
        #expect(CredentialsStore(directory: state).load() == nil)
        #expect(ended.reasons == [.expired])
        // Browsing goes on signed out; gated writes open the gate again.
        #expect(try await api.myLeagues() == [])
        #expect(try await api.currentUser() == nil)
        #expect(await failure { try await api.createLeague(newLeague()) } == .unauthenticated)
    }

    @Test func anExpiredSessionEndsLikeARevokedOne() async throws {
        let api = try world.sessionAPI(state)
        _ = try await api.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        world.clock.advance(by: 30 * 24 * 3600)
        #expect(await failure { try await api.currentUser() } == .unauthenticated)
        #expect(CredentialsStore(directory: state).load() == nil)
        #expect(try await api.currentUser() == nil)
    }

    @Test func signOutRevokesTheSessionAndWipesLocallyEvenWhenRevokingFails() async throws {
        let api = try world.sessionAPI(state)
        let first = try await api.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        try await api.signOut()
        #expect(CredentialsStore(directory: state).load() == nil)
        #expect(throws: DomainError.unauthenticated) { try world.service.accounts.caller(forToken: first.token) }
        #expect(try await api.currentUser() == nil)

        _ = try await api.signIn(email: "dana@example.com", password: "correct horse")
        try world.execute("DROP TABLE sessions")   // the server side can't be reached
        try await api.signOut()
        #expect(CredentialsStore(directory: state).load() == nil)
    }

    @Test func updateProfileRefreshesTheKeptCredentials() async throws {
        let api = try world.sessionAPI(state)
        _ = try await api.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        let user = try await api.updateProfile(displayName: "Dana R.", email: "dr@example.com")
        #expect(user.displayName == "Dana R." && user.email == "dr@example.com")
        #expect(CredentialsStore(directory: state).load()?.user == user)
        #expect(await failure { try await world.sessionAPI(LocalStateDirectory(path: stateDir.file("other"))).updateProfile(displayName: "X", email: nil) }
                == .unauthenticated)
    }

    @Test func aLinkedSSHKeySignsInOnItsOwnDevice() async throws {
        let fp = "SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s"
        let device = try LocalStateDirectory.resolve(environment: ["XDG_STATE_HOME": stateDir.path], sshKeyFingerprint: fp)
        let api = try world.sessionAPI(device)
        #expect(await failure { try await api.linkSSHKey(fingerprint: fp, publicKey: "ssh-ed25519 AAAAC3Nza") } == .unauthenticated)
        let dana = try await api.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        try await api.linkSSHKey(fingerprint: fp, publicKey: "ssh-ed25519 AAAAC3Nza")
        try await api.signOut()

        let next = try world.sessionAPI(device)   // the next SSH connection with that key
        #expect(try await next.signIn(sshKeyFingerprint: fp).user == dana.user)
        #expect(try await next.currentUser() == dana.user)
        #expect(try await world.sessionAPI(state).currentUser() == nil)   // the local terminal's folder is separate
        try await next.unlinkSSHKey(fingerprint: fp)
        #expect(await failure { try await next.signIn(sshKeyFingerprint: fp) } == .unauthenticated)
    }

    @Test func aPendingActionKeptWhileSignedOutIsPerformedAfterSignIn() async throws {
        let api = try world.sessionAPI(state)
        let write = GatedWrite.createLeague(newLeague())
        let gate = await failure { try await write.perform(on: api) }
        #expect(gate == .unauthenticated)
        try PendingActionStore(directory: state).save(PendingAction(write, createdAt: world.clock.now()))

        // The app is killed here; the next launch signs in and finds the action.
        let relaunched = try world.sessionAPI(state)
        _ = try await relaunched.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        let pending = PendingActionStore(directory: state)
        let action = try #require(pending.load(now: world.clock.now()))
        try await action.perform(on: relaunched)
        pending.clear()
        #expect(try await relaunched.myLeagues().map(\.name) == ["Gate Test"])
    }
}

final class Ended: @unchecked Sendable {
    private let lock = NSLock()
    private var _reasons: [LocalSession.SessionEnd] = []
    func record(_ r: LocalSession.SessionEnd) { lock.lock(); _reasons.append(r); lock.unlock() }
    var reasons: [LocalSession.SessionEnd] { lock.lock(); defer { lock.unlock() }; return _reasons }
}
