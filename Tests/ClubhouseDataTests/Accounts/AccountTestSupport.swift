import ClubhouseDomain
import Foundation
@testable import ClubhouseData

/// Argon2id at libsodium's minimum limits: the real algorithm, fast enough for tests that hash many times.
let fastAccountPorts = AccountPorts(hasher: SodiumPasswordHasher(opsLimit: 1, memLimit: 8192), tokens: SodiumTokenSource())

/// A migrated database file (no season data: accounts don't need it) with a service on a hand-moved clock.
final class AccountWorld: @unchecked Sendable {
    let dir = TempDir()
    let path: String
    let database: Database
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let service: LeagueService

    init(accounts: AccountPorts = fastAccountPorts) throws {
        path = dir.file("accounts.sqlite")
        database = try Database(path: path)
        try database.migrate()
        service = LeagueService(store: SQLiteLeagueStore(database: database), clock: clock, accounts: accounts)
    }

    /// Another connection to the same file, as another process would have (same clock).
    func otherProcess() throws -> LeagueService {
        let db = try Database(path: path)
        return LeagueService(store: SQLiteLeagueStore(database: db), clock: clock, accounts: service.accountPorts)
    }
}

/// A hasher that counts verifications (and remembers the hash last checked).
final class CountingHasher: PasswordHasher, @unchecked Sendable {
    private let inner: any PasswordHasher
    private let lock = NSLock()
    private var _count = 0
    private var _last: String?
    init(_ inner: any PasswordHasher) { self.inner = inner }
    var verifications: Int { lock.lock(); defer { lock.unlock() }; return _count }
    var lastVerifiedHash: String? { lock.lock(); defer { lock.unlock() }; return _last }
    func hash(_ password: String) throws -> String { try inner.hash(password) }
    func verify(_ password: String, against hash: String) -> Bool {
        lock.lock(); _count += 1; _last = hash; lock.unlock()
        return inner.verify(password, against: hash)
    }
}
