import ClubhouseDomain
import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData
@testable import ClubhouseRemote

/// Only the SSH host beside the server (it holds `--ssh-host-secret-file`) may sign a key's owner in or ask whom a key
/// is linked to: any other client gets 403 with the sentence, whatever it sends.
@Suite struct SSHHostSecretTests {
    static let fingerprint = "SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s"
    static let refusal = "SSH key sign-in works only through the club's SSH host (clubhouse host-ssh)"

    /// A server whose key `fingerprint` is linked to Alice (her display name is the demo's).
    func makeWorld() throws -> (ContractWorld, RawHTTP, String) {
        let world = try ContractTransport.$current.withValue(.remote) { try ContractWorld() }
        let alice = try world.person("alice")
        try world.service.accounts.linkSSHKey(fingerprint: Self.fingerprint, publicKey: "ssh-ed25519 AAAA", caller: alice)
        let name = try #require(try world.service.store.read { try $0.user(alice.userID!) }).displayName
        return (world, RawHTTP(port: world.server!.port), name)
    }

    func post(_ http: RawHTTP, _ path: String, secret: String?) -> RawHTTP.Answer? {
        var headers = ["Content-Type": "application/json"]
        if let secret { headers["X-Clubhouse-SSH-Host"] = secret }
        return http.request("POST", path, headers: headers, body: Array(#"{"fingerprint":"\#(Self.fingerprint)"}"#.utf8))
    }

    @Test func aClientWithoutTheSecretCannotSignInAsAKey() async throws {
        let (world, http, _) = try makeWorld()
        for path in ["/v1/sessions/ssh-key", "/v1/ssh-keys/owner"] {
            for secret in [nil, "", "wrong", ContractWorld.sshHostSecret + "x", String(ContractWorld.sshHostSecret.dropLast())] {
                let answer = try #require(post(http, path, secret: secret), "no answer")
                #expect(answer.status == 403, "\(path) with \(String(describing: secret))")
                #expect(answer.errorCode == "forbidden")
                #expect((answer.json?["error"] as? [String: Any])?["message"] as? String == Self.refusal)
                #expect(!String(decoding: answer.body, as: UTF8.self).contains("token"), "no session handed out")
            }
        }
        // Through the app's own transport too: without the secret, the key sign-in is refused in words.
        let remote = RemoteLeagueAPI(server: URL(string: world.server!.url)!, idleTimeout: 120, requestTimeout: 240)
        await #expect(throws: DomainError.forbidden(Self.refusal)) { _ = try await remote.signIn(sshKeyFingerprint: Self.fingerprint) }
        await #expect(throws: DomainError.forbidden(Self.refusal)) { _ = try await remote.sshKeyOwner(fingerprint: Self.fingerprint) }
        #expect(try world.scalar("SELECT count(*) FROM sessions", as: Int64.self) == 0, "no session was made")
    }

    @Test func theSSHHostSignsTheKeysOwnerInAndLearnsWhoItIs() async throws {
        let (world, http, name) = try makeWorld()
        let answer = try #require(post(http, "/v1/sessions/ssh-key", secret: ContractWorld.sshHostSecret))
        #expect(answer.status == 200)
        let remote = RemoteLeagueAPI(server: URL(string: world.server!.url)!, idleTimeout: 120, requestTimeout: 240)
        remote.sshHostSecret = ContractWorld.sshHostSecret
        #expect(try await remote.sshKeyOwner(fingerprint: Self.fingerprint) == name)
        #expect(try await remote.sshKeyOwner(fingerprint: "SHA256:nobodyHasThisKeyAAAAAAAAAAAAAAAAAAAAAAAAAAA") == nil)
        let session = try await remote.signIn(sshKeyFingerprint: Self.fingerprint)
        #expect(session.user.displayName == name)
        #expect(try world.service.accounts.caller(forToken: session.token) == session.user.id.caller)
    }
}

private extension UserID {
    var caller: Caller { .user(self) }
}
