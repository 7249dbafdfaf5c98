import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

@Suite struct AccountUseCaseTests {
    @Test func createThenSignInThenTheTokenResolvesToThatUser() throws {
        let w = try AccountWorld()
        let created = try w.service.accounts.createAccount(email: "  Dana@Example.COM ", password: "correct horse", displayName: " Dana ")
        #expect(created.user.email == "dana@example.com")
        #expect(created.user.displayName == "Dana")
        #expect(created.expiresAt == w.clock.now() + 30 * 24 * 3600)
        #expect(try w.service.accounts.caller(forToken: created.token) == .user(created.user.id))

        let signed = try w.service.accounts.signIn(email: "DANA@example.com", password: "correct horse", device: "d1")
        #expect(signed.user == created.user)
        #expect(signed.token != created.token)
        #expect(try w.service.accounts.sessionUser(signed.token) == created.user)
    }

    @Test func aSecondAccountWithTheSameEmailIsAConflict() throws {
        let w = try AccountWorld()
        _ = try w.service.accounts.createAccount(email: "dana@example.com", password: "password1", displayName: "Dana")
        #expect(throws: DomainError.conflict("An account with that email already exists")) {
            try w.service.accounts.createAccount(email: "DANA@Example.com ", password: "password2", displayName: "Other Dana")
        }
    }

    @Test func badEmailNameOrPasswordIsRefusedWithAMessageNamingTheField() throws {
        let w = try AccountWorld()
        func field(_ body: () throws -> Any) -> String? {
            do { _ = try body(); return nil } catch let DomainError.validation(f, m) { #expect(!m.isEmpty); return f } catch { return "\(error)" }
        }
        for bad in ["", "no-at-sign", "a@b", "two@@example.com", "sp ace@example.com", "@example.com", "x@.example.com", "tab\t@example.com"] {
            #expect(field { try w.service.accounts.createAccount(email: bad, password: "password1", displayName: "Dana") } == "email", "\(bad)")
        }
        #expect(field { try w.service.accounts.createAccount(email: "d@example.com", password: "short", displayName: "Dana") } == "password")
        #expect(field { try w.service.accounts.createAccount(email: "d@example.com", password: String(repeating: "é", count: 513), displayName: "Dana") } == "password")
        #expect(field { try w.service.accounts.createAccount(email: "d@example.com", password: "password1", displayName: "   ") } == "displayName")
        #expect(field { try w.service.accounts.createAccount(email: "d@example.com", password: "password1", displayName: String(repeating: "x", count: 41)) } == "displayName")
        #expect(field { try w.service.accounts.createAccount(email: "d@example.com", password: "password1", displayName: "Bell\u{7}") } == "displayName")
        // Unicode is fine; 8 bytes is the floor and 1024 the ceiling.
        _ = try w.service.accounts.createAccount(email: "zoë@example.com", password: "12345678", displayName: "Zoë 🏈")
        _ = try w.service.accounts.createAccount(email: "max@example.com", password: String(repeating: "p", count: 1024), displayName: "Max")
    }

    @Test func wrongPasswordAndUnknownEmailGiveTheSameAnswer() throws {
        let w = try AccountWorld()
        _ = try w.service.accounts.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        let wrong = DomainError.validation(field: "credentials", message: "Email or password is wrong")
        #expect(throws: wrong) { try w.service.accounts.signIn(email: "dana@example.com", password: "wrong horse", device: "d1") }
        #expect(throws: wrong) { try w.service.accounts.signIn(email: "nobody@example.com", password: "correct horse", device: "d2") }
        #expect(throws: wrong) { try w.service.accounts.signIn(email: "not an email", password: "correct horse", device: "d3") }
        #expect(wrong.message == "Email or password is wrong")
    }

    /// Similar time, checked by the work done rather than a stopwatch (the CPU here is shared): every sign-in by
    /// email runs exactly one Argon2id verification at the same limits, whether or not the email has an account.
    @Test func unknownEmailDoesTheSameArgon2idWorkAsAWrongPassword() throws {
        let counting = CountingHasher(SodiumPasswordHasher(opsLimit: 1, memLimit: 8192))
        let w = try AccountWorld(accounts: AccountPorts(hasher: counting, tokens: SodiumTokenSource()))
        _ = try w.service.accounts.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        _ = try? w.service.accounts.signIn(email: "warm@example.com", password: "wrong horse", device: "warm")   // makes the decoy once
        for (email, device) in [("dana@example.com", "a"), ("nobody@example.com", "b"), ("not an email", "c")] {
            let before = counting.verifications
            _ = try? w.service.accounts.signIn(email: email, password: "wrong horse", device: device)
            #expect(counting.verifications - before == 1, "\(email)")
            #expect(counting.lastVerifiedHash?.hasPrefix("$argon2id$v=19$m=8,t=1,") == true, "\(email)")
        }
    }

    @Test func passwordsAreStoredAsArgon2idHashes() throws {
        let w = try AccountWorld(accounts: .sodium)
        _ = try w.service.accounts.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        let hash = try #require(try w.database.scalar("SELECT password_hash FROM users", as: String.self))
        #expect(hash.hasPrefix("$argon2id$"))
        #expect(!hash.contains("correct horse"))
        #expect(SodiumPasswordHasher().verify("correct horse", against: hash))
        #expect(!SodiumPasswordHasher().verify("correct horsf", against: hash))
        #expect(!SodiumPasswordHasher().verify("correct horse", against: "not a hash"))
    }

    @Test func onlyTheTokensHashIsInTheDatabaseFile() throws {
        let w = try AccountWorld()
        let session = try w.service.accounts.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        #expect(session.token.count == 43)   // 32 random bytes, base64url
        try w.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: w.path))
        for suffix in ["-wal", "-journal"] { if let more = FileManager.default.contents(atPath: w.path + suffix) { bytes.append(more) } }
        #expect(bytes.range(of: Data(session.token.utf8)) == nil)
        let digest = SodiumTokenSource().digest(session.token)
        #expect(bytes.range(of: Data(digest.utf8)) != nil)
        #expect(try w.database.scalar("SELECT token_hash FROM sessions", as: String.self) == digest)
        #expect(!"\(session)".contains(session.token) && !"\(session)".contains("dana"))
    }

    @Test func revokedExpiredAndUnknownTokensAreUnauthenticated() throws {
        let w = try AccountWorld()
        let a = try w.service.accounts.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        let b = try w.service.accounts.signIn(email: "dana@example.com", password: "correct horse", device: "d")
        try w.service.accounts.signOut(token: a.token)
        #expect(throws: DomainError.unauthenticated) { try w.service.accounts.caller(forToken: a.token) }
        #expect(try w.service.accounts.caller(forToken: b.token) == .user(b.user.id))   // only that session ended
        #expect(throws: DomainError.unauthenticated) { try w.service.accounts.caller(forToken: "made-up") }
        #expect(throws: DomainError.unauthenticated) { try w.service.accounts.caller(forToken: "") }

        w.clock.advance(by: 30 * 24 * 3600 - 1)
        #expect(try w.service.accounts.caller(forToken: b.token) == .user(b.user.id))
        w.clock.advance(by: 1)
        #expect(throws: DomainError.unauthenticated) { try w.service.accounts.caller(forToken: b.token) }
        try w.service.accounts.signOut(token: "unknown")   // nothing to do, no error
    }

    @Test func fiveFailuresAMinuteLimitTheAccountWithARetryAfterThatEndsAfterAMinute() throws {
        let w = try AccountWorld()
        _ = try w.service.accounts.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        for i in 0..<5 {
            #expect(throws: AccountRules.wrongCredentials) { try w.service.accounts.signIn(email: "dana@example.com", password: "nope\(i)xxxx", device: "dev\(i)") }
            w.clock.advance(by: 2)
        }
        // From a sixth device, even the right password waits: the account is limited.
        #expect(throws: DomainError.rateLimited(retryAfterSeconds: 50)) {
            try w.service.accounts.signIn(email: "dana@example.com", password: "correct horse", device: "dev6")
        }
        // Other accounts from other devices aren't.
        _ = try w.service.accounts.createAccount(email: "eli@example.com", password: "password1", displayName: "Eli")
        _ = try w.service.accounts.signIn(email: "eli@example.com", password: "password1", device: "dev7")

        w.clock.advance(by: 50)   // the first failure is now a minute old
        _ = try w.service.accounts.signIn(email: "dana@example.com", password: "correct horse", device: "dev6")
    }

    @Test func fiveFailuresAMinuteLimitTheDeviceWhateverTheEmail() throws {
        let w = try AccountWorld()
        _ = try w.service.accounts.createAccount(email: "dana@example.com", password: "correct horse", displayName: "Dana")
        for i in 0..<5 {
            #expect(throws: AccountRules.wrongCredentials) { try w.service.accounts.signIn(email: "guess\(i)@example.com", password: "password1", device: "laptop") }
        }
        #expect(throws: DomainError.rateLimited(retryAfterSeconds: 60)) {
            try w.service.accounts.signIn(email: "dana@example.com", password: "correct horse", device: "laptop")
        }
        _ = try w.service.accounts.signIn(email: "dana@example.com", password: "correct horse", device: "phone")
        w.clock.advance(by: 60)
        _ = try w.service.accounts.signIn(email: "dana@example.com", password: "correct horse", device: "laptop")
        // The limit is kept by digests: typed emails don't appear in the attempts table.
        #expect(try w.database.scalar("SELECT count(*) FROM sign_in_attempts WHERE key LIKE '%@%'", as: Int.self) == 0)
    }

    @Test func demoPeopleWithoutAPasswordCantSignInWithOne() throws {
        let w = try AccountWorld()
        _ = try w.service.store.write { try $0.insertUser(email: "alice@demo.clubhouse", displayName: "Alice", passwordHash: "!", at: w.clock.now()) }
        #expect(throws: AccountRules.wrongCredentials) { try w.service.accounts.signIn(email: "alice@demo.clubhouse", password: "!", device: "d") }
    }

    @Test func updateProfileChangesNameAndEmailAndKeepsEmailsUnique() throws {
        let w = try AccountWorld()
        let dana = try w.service.accounts.createAccount(email: "dana@example.com", password: "password1", displayName: "Dana")
        _ = try w.service.accounts.createAccount(email: "eli@example.com", password: "password1", displayName: "Eli")
        let me = Caller.user(dana.user.id)
        #expect(try w.service.accounts.updateProfile(displayName: "Dana R.", email: nil, caller: me).displayName == "Dana R.")
        #expect(try w.service.accounts.updateProfile(displayName: nil, email: " DR@Example.com", caller: me).email == "dr@example.com")
        #expect(throws: DomainError.conflict("An account with that email already exists")) {
            try w.service.accounts.updateProfile(displayName: nil, email: "ELI@example.com", caller: me)
        }
        #expect(throws: DomainError.unauthenticated) { try w.service.accounts.updateProfile(displayName: "X", email: nil, caller: .anonymous) }
        _ = try w.service.accounts.signIn(email: "dr@example.com", password: "password1", device: "d")
    }

    @Test func aLinkedSSHKeySignsInAndCanBeUnlinked() throws {
        let w = try AccountWorld()
        let dana = try w.service.accounts.createAccount(email: "dana@example.com", password: "password1", displayName: "Dana")
        let eli = try w.service.accounts.createAccount(email: "eli@example.com", password: "password1", displayName: "Eli")
        let fp = "SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s"
        #expect(throws: DomainError.unauthenticated) { try w.service.accounts.signIn(sshKeyFingerprint: fp) }
        #expect(throws: DomainError.unauthenticated) { try w.service.accounts.linkSSHKey(fingerprint: fp, publicKey: "ssh-ed25519 AAAA", caller: .anonymous) }
        try w.service.accounts.linkSSHKey(fingerprint: fp, publicKey: "ssh-ed25519 AAAA", caller: .user(dana.user.id))
        try w.service.accounts.linkSSHKey(fingerprint: fp, publicKey: "ssh-ed25519 AAAA", caller: .user(dana.user.id))   // again: fine
        #expect(throws: DomainError.conflict("This key is linked to another account")) {
            try w.service.accounts.linkSSHKey(fingerprint: fp, publicKey: "ssh-ed25519 AAAA", caller: .user(eli.user.id))
        }
        let viaKey = try w.service.accounts.signIn(sshKeyFingerprint: fp)
        #expect(viaKey.user == dana.user)
        #expect(try w.service.accounts.caller(forToken: viaKey.token) == .user(dana.user.id))
        #expect(throws: DomainError.self) { try w.service.accounts.unlinkSSHKey(fingerprint: fp, caller: .user(eli.user.id)) }
        try w.service.accounts.unlinkSSHKey(fingerprint: fp, caller: .user(dana.user.id))
        #expect(throws: DomainError.unauthenticated) { try w.service.accounts.signIn(sshKeyFingerprint: fp) }
    }

    @Test func withoutAccountPortsAccountsFailAsUnavailable() throws {
        let db = try migratedMemoryDatabase()
        let service = LeagueService(store: SQLiteLeagueStore(database: db))
        #expect(throws: DomainError.self) { try service.accounts.createAccount(email: "d@example.com", password: "password1", displayName: "D") }
        #expect(try db.scalar("SELECT count(*) FROM users", as: Int.self) == 0)
    }
}
