import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// Each new account costs a full Argon2id hash, so one client may make at most 10 an hour, and a refusal —
/// over the limit, or a taken email — is decided before any hash is made.
@Suite struct NewAccountLimitTests {
    static let office = ClientOrigin.address("203.0.113.9")

    func world(_ hasher: HashCounter) throws -> AccountWorld {
        let w = try AccountWorld(accounts: AccountPorts(hasher: hasher, tokens: SodiumTokenSource()))
        hasher.world = w
        return w
    }

    @Test func tenNewAccountsAnHourFromOneClientThenARefusalWithoutAHash() throws {
        let hasher = HashCounter()
        let w = try world(hasher)
        for i in 0..<AccountRules.maxNewAccounts {
            _ = try w.service.accounts.createAccount(email: "n\(i)@example.com", password: "password1", displayName: "N\(i)", from: Self.office)
            w.clock.advance(by: 60)
        }
        #expect(hasher.hashes == 10)
        // The first was made 10 minutes ago: free again in 50.
        #expect(throws: DomainError.limitReached("Too many new accounts from this address — try again in 50 min", retryAfterSeconds: 3000)) {
            try w.service.accounts.createAccount(email: "n10@example.com", password: "password1", displayName: "N10", from: Self.office)
        }
        #expect(hasher.hashes == 10, "refused before hashing")
        // Another client is not refused; neither is the embedded app, which names no origin.
        _ = try w.service.accounts.createAccount(email: "elsewhere@example.com", password: "password1", displayName: "E", from: .address("198.51.100.1"))
        _ = try w.service.accounts.createAccount(email: "local@example.com", password: "password1", displayName: "L")
        w.clock.advance(by: 3000)
        _ = try w.service.accounts.createAccount(email: "n10@example.com", password: "password1", displayName: "N10", from: Self.office)
    }

    @Test func aTakenEmailIsRefusedWithoutAHashAndCountsAsAnAttempt() throws {
        let hasher = HashCounter()
        let w = try world(hasher)
        _ = try w.service.accounts.createAccount(email: "dana@example.com", password: "password1", displayName: "Dana")
        #expect(hasher.hashes == 1)
        for _ in 0..<AccountRules.maxNewAccounts {
            #expect(throws: AccountRules.emailTaken) {
                try w.service.accounts.createAccount(email: "Dana@Example.com", password: "password2", displayName: "D", from: Self.office)
            }
        }
        #expect(hasher.hashes == 1, "no hash for a taken email")
        // Guessing who has an account is limited like making accounts.
        #expect(throws: DomainError.self) {
            try w.service.accounts.createAccount(email: "new@example.com", password: "password1", displayName: "New", from: Self.office)
        }
        #expect(try w.database.scalar("SELECT count(*) FROM sign_in_attempts WHERE key LIKE '%example%'", as: Int.self) == 0,
                "kept under a keyed hash")
    }

    /// 16 at once from one client (each its own connection): at most 10 get past the check, so at most 10 hashes.
    @Test func newAccountsAtOnceFromOneClientHashAtMostTheLimit() throws {
        let hasher = HashCounter()
        let w = try world(hasher)
        let services = try (0..<16).map { _ in
            LeagueService(store: SQLiteLeagueStore(database: try Database(path: w.path)), clock: w.clock, accounts: w.service.accountPorts)
        }
        let made = Tally(), limited = Tally()
        let start = DispatchSemaphore(value: 0), group = DispatchGroup()
        for (i, service) in services.enumerated() {
            group.enter()
            Thread {
                start.wait()
                do {
                    _ = try service.accounts.createAccount(email: "p\(i)@example.com", password: "password1", displayName: "P\(i)", from: Self.office)
                    made.add()
                } catch DomainError.limitReached { limited.add() } catch {}
                group.leave()
            }.start()
        }
        for _ in services { start.signal() }
        #expect(group.wait(timeout: .now() + 120) == .success)
        #expect(made.value == AccountRules.maxNewAccounts && limited.value == 6, "made \(made.value), limited \(limited.value)")
        #expect(hasher.hashes == AccountRules.maxNewAccounts)
    }

    /// An account that couldn't be made after all (another request took the email meanwhile) isn't counted.
    @Test func aCreationThatFailsAfterTheHashIsNotCounted() throws {
        let w = try world(HashCounter { w in
            // While this request hashes, another takes its email.
            _ = try? w?.service.store.write { try $0.insertUser(email: "race@example.com", displayName: "R", passwordHash: "!", at: Date()) }
        })
        #expect(throws: AccountRules.emailTaken) {
            try w.service.accounts.createAccount(email: "race@example.com", password: "password1", displayName: "Race", from: Self.office)
        }
        #expect(try w.database.scalar("SELECT count(*) FROM sign_in_attempts", as: Int.self) == 0)
    }
}

/// Argon2id at its minimum limits, counting hashes; `during` runs inside each hash (with the world, once set).
final class HashCounter: PasswordHasher, @unchecked Sendable {
    private let inner = SodiumPasswordHasher(opsLimit: 1, memLimit: 8192)
    private let lock = NSLock()
    private var count = 0
    private let during: (AccountWorld?) -> Void
    weak var world: AccountWorld?
    init(during: @escaping (AccountWorld?) -> Void = { _ in }) { self.during = during }
    var hashes: Int { lock.lock(); defer { lock.unlock() }; return count }
    func hash(_ password: String) throws -> String {
        lock.lock(); count += 1; lock.unlock()
        during(world)
        return try inner.hash(password)
    }
    func verify(_ password: String, against hash: String) -> Bool { inner.verify(password, against: hash) }
}

final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}
