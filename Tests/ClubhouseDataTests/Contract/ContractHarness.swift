import ClubhouseDomain
import ClubhouseServer
import Foundation
import Synchronization
import Testing
@testable import ClubhouseData

extension EmbeddedServerBackend: LeagueServerBackend {}

/// Which transport a contract test's world hands out: the suites run every test once per transport
/// (`@Suite(.bothTransports)`), the bodies unchanged.
enum ContractTransport: String, Sendable {
    case embedded, remote
    @TaskLocal static var current: ContractTransport = .embedded
}

/// Runs each test of a suite twice: on the embedded transport, then on the remote one (HTTP to a `LeagueServer`
/// started in this process on an ephemeral loopback port, over the same world).
struct BothTransports: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }
    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil else { try await function(); return }
        try await ContractTransport.$current.withValue(.embedded) { try await function() }
        try await ContractTransport.$current.withValue(.remote) { try await function() }
    }
}

extension Trait where Self == BothTransports {
    static var bothTransports: Self { BothTransports() }
}

/// Every transport the contract suites get from `sessionAPI` keeps a local session.
protocol SessionTransport: LeagueAPI { var session: LocalSession? { get } }
extension EmbeddedLeagueAPI: SessionTransport {}
extension RemoteLeagueAPI: SessionTransport {}

/// The world the contract tests run in: a fresh copy of the seeded demo database per test (leagues in every state,
/// demo people), a hand-moved real-time clock, and a `LeagueAPI` for any caller. The suites speak only `any LeagueAPI`
/// plus this harness, so the remote (HTTP) transport can run them unchanged behind another harness.
final class ContractWorld: @unchecked Sendable {
    /// Real time at seeding; the demo's live bot draft runs from it.
    static let seededAt = Date(timeIntervalSince1970: 1_800_000_000)
    /// The seeded demo world, made once per test process (~10 s in debug); every world is a copy.
    static let template: Database = {
        let db = try! migratedMemoryDatabase()
        try! DemoWorld.seedIfNeeded(db, now: seededAt)
        return db
    }()
    /// Season facts are the same in every copy: load them once.
    static let facts = SeasonFactsCache()

    private let dir = TempDir()
    let path: String
    let database: Database
    let clock = ManualClock(ContractWorld.seededAt)
    let service: LeagueService
    let randomSeed: UInt64
    let transport = ContractTransport.current
    /// The remote transport's server and connection pool (nil on the embedded transport).
    private(set) var server: LeagueServer?
    private var remote: RemoteLeagueAPI?
    private let tokens = Mutex<[UserID: String]>([:])

    init(randomSeed: UInt64 = 2019, server configure: (inout LeagueServer.Options) -> Void = { _ in }) throws {
        path = dir.file("league.sqlite")
        try Self.template.execute("VACUUM INTO '\(path)'")
        database = try Database(path: path)
        service = LeagueService(store: SQLiteLeagueStore(database: database), clock: clock, factsCache: Self.facts, accounts: fastAccountPorts)
        self.randomSeed = randomSeed
        if transport == .remote {
            var options = LeagueServer.Options()
            options.http.port = 0
            options.runsDraftClock = false   // the embedded world has no clock driver either: tests step the clock
            options.writeBurst = 10_000
            options.sshHostSecret = Self.sshHostSecret
            configure(&options)
            let server = LeagueServer(backend: EmbeddedServerBackend(service: service, database: database, random: { RandomSource(seed: randomSeed) }),
                                      options: options, log: { _ in })
            try server.start()
            self.server = server
            // Generous limits: `make test` runs every suite at once on 2 cores.
            remote = RemoteLeagueAPI(server: URL(string: server.url)!, idleTimeout: 120, requestTimeout: 240)
        }
    }

    deinit { server?.stopNow() }
    static let sshHostSecret = "contract-test-ssh-host-secret"

    /// The contract as `caller` sees it.
    func api(_ caller: Caller = .anonymous) -> any LeagueAPI {
        guard let remote else {
            return EmbeddedLeagueAPI(service: service, databasePath: path, caller: { caller }, random: RandomSource(seed: randomSeed))
        }
        guard let user = caller.userID else { return RemoteLeagueAPI(sharing: remote, token: { nil }) }
        let token = tokens.withLock { known in
            if let t = known[user] { return t }
            let t = newSessionToken(user)
            known[user] = t
            return t
        }
        return RemoteLeagueAPI(sharing: remote, token: { token })
    }

    /// A new session token for `user`, good for `lifetime` on the world's clock (negative: already expired).
    func newSessionToken(_ user: UserID, lifetime: TimeInterval = 3650 * 86_400) -> String {
        let t = fastAccountPorts.tokens.newToken()
        let now = clock.now()
        try! service.store.write { w in
            try w.insertSession(SessionRecord(tokenHash: fastAccountPorts.tokens.digest(t), user: user, createdAt: now - 1, expiresAt: now + lifetime))
        }
        return t
    }

    /// The contract as the app uses it: the caller comes from the local session kept in `state`.
    func sessionAPI(_ state: LocalStateDirectory) throws -> any SessionTransport {
        guard let server else {
            return EmbeddedLeagueAPI(service: service, databasePath: path, session: try LocalSession(directory: state), random: RandomSource(seed: randomSeed))
        }
        let api = RemoteLeagueAPI(server: URL(string: server.url)!, session: try LocalSession(directory: state), idleTimeout: 120, requestTimeout: 240)
        api.sshHostSecret = Self.sshHostSecret
        return api
    }

    /// A demo person by first name ("alice"), as a caller.
    func person(_ handle: String) throws -> Caller {
        let id = try #require(try database.scalar("SELECT id FROM users WHERE email = ?", ["\(handle)@demo.clubhouse"], as: Int64.self),
                              "no demo person \(handle)")
        return .user(UserID(id))
    }

    /// A brand-new account with no leagues.
    func signUp(_ name: String) throws -> Caller {
        let id = try service.store.write { w in
            try w.insertUser(email: "\(name.lowercased())@example.com", displayName: name, passwordHash: "!", at: clock.now())
        }
        return .user(id)
    }

    /// A demo league by name.
    func league(_ name: String) async throws -> LeagueSummary {
        let all = try await api().publicLeagues(filter: LeagueFilter())
        if let found = all.first(where: { $0.name == name }) { return found }
        let id = try #require(try database.scalar("SELECT id FROM leagues WHERE name = ?", [name], as: Int64.self), "no league \(name)")
        return LeagueSummary(id: LeagueID(id), name: name, state: .predraft, isPublic: false, teamCount: 0, managedTeams: 0, currentWeek: 1,
                             scoring: .halfPPR, draftScheduledAt: nil, commissionerName: nil, myTeam: nil)
    }

    /// A caller's team in a league.
    func team(of caller: Caller, in league: LeagueID) async throws -> TeamID {
        try #require(try await api(caller).league(league).capabilities.myTeam, "\(caller) has no team in \(league)")
    }

    /// A fresh league of `teams` teams run by a new commissioner, with `members` more people who joined by invite.
    func newLeague(teams: Int = 4, members: [String] = [], isPublic: Bool = true, configure: (inout LeagueSettings) -> Void = { _ in })
        async throws -> (id: LeagueID, commissioner: Caller, members: [Caller]) {
        let commissioner = try signUp("Commish\(UUID().uuidString.prefix(6))")
        var settings = LeagueSettings()
        settings.teamCount = teams
        configure(&settings)
        let id = try await api(commissioner).createLeague(NewLeague(name: "Test League", settings: settings, isPublic: isPublic,
                                                                    teamName: "Commish Crew", seasonClock: DemoSeeder.preseason))
        var callers: [Caller] = []
        if !members.isEmpty {
            let invite = try await api(commissioner).createInvite(id, uses: members.count, expiresAt: nil)
            for name in members {
                let c = try signUp(name)
                _ = try await api(c).redeemInvite(code: invite.code, teamName: "\(name) FC")
                callers.append(c)
            }
        }
        return (id, commissioner, callers)
    }
}

/// The `DomainError` a call ends with, or nil when it succeeds.
func failure<T>(_ body: () async throws -> T) async -> DomainError? {
    do { _ = try await body(); return nil } catch let e as DomainError { return e } catch { return .transport("\(error)") }
}
