import ClubhouseDomain
import ClubhouseServer
import Foundation
import Synchronization
import Testing
@testable import ClubhouseData
@testable import ClubhouseRemote
@testable import ClubhousePostgres

extension EmbeddedServerBackend: LeagueServerBackend {}

/// Which transport a contract test's world hands out: the suites run every test once per transport
/// (`@Suite(.bothTransports)`), the bodies unchanged.
enum ContractTransport: String, Sendable {
    case embedded, remote
    @TaskLocal static var current: ContractTransport = .embedded
}

/// Which database a contract test's world lives in: SQLite (a file per world), or PostgreSQL (a database per world,
/// copied from a seeded template) when `CLUBHOUSE_TEST_POSTGRES` names a server.
enum ContractBackend: String, Sendable {
    case sqlite, postgres
    @TaskLocal static var current: ContractBackend = .sqlite

    /// The backends this run covers: PostgreSQL only with a test server.
    static var available: [ContractBackend] { ContractPostgres.url == nil ? [.sqlite] : [.sqlite, .postgres] }
}

/// Runs each test of a suite on the embedded transport, then on the remote one (HTTP to a `LeagueServer` started in
/// this process on an ephemeral loopback port, over the same world) — on SQLite, then on PostgreSQL when the run has a
/// test server (`ContractPostgres`; without one, those runs are reported skipped, never passed).
struct BothTransports: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }
    /// Only the backends, on the embedded transport (tests that speak to the use cases directly).
    var transports: [ContractTransport] = [.embedded, .remote]
    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil else { try await function(); return }
        for backend in ContractBackend.available {
            for transport in transports {
                try await ContractBackend.$current.withValue(backend) {
                    try await ContractTransport.$current.withValue(transport) { try await function() }
                }
            }
        }
        ContractPostgres.noteSkipped()
    }
}

extension Trait where Self == BothTransports {
    static var bothTransports: Self { BothTransports() }
    /// SQLite and PostgreSQL, embedded only.
    static var bothBackends: Self { BothTransports(transports: [.embedded]) }
}

/// The PostgreSQL server of the contract runs: `CLUBHOUSE_TEST_POSTGRES` (`make test` starts a throw-away cluster
/// and sets it). A template database is seeded once per test process from the SQLite template; each world is a
/// `CREATE DATABASE … TEMPLATE` copy of it, dropped with the world.
enum ContractPostgres {
    static let url: String? = {
        let v = ProcessInfo.processInfo.environment["CLUBHOUSE_TEST_POSTGRES"]
        return v?.isEmpty == false ? v : nil
    }()

    /// Says once per process, on standard error, that the PostgreSQL runs did not happen.
    static func noteSkipped() {
        guard url == nil else { return }
        skippedNote.withLock { said in
            guard !said else { return }
            said = true
            FileHandle.standardError.write(Data("contract suites: PostgreSQL runs SKIPPED (CLUBHOUSE_TEST_POSTGRES is not set; `make test` sets it)\n".utf8))
        }
    }
    private static let skippedNote = Mutex(false)

    /// `url` with its database name replaced.
    static func url(database: String) -> String {
        var c = URLComponents(string: url!)!
        c.path = "/" + database
        return c.string!
    }

    /// The admin connection (CREATE/DROP DATABASE run outside transactions, one at a time).
    private static let admin = Mutex<PostgresConnection?>(nil)
    static func adminExecute(_ sql: String) throws {
        try admin.withLock { c in
            if c == nil || c?.isHealthy == false { c = try PostgresConnection(url: url!) }
            try c!.execute(sql)
        }
    }

    private static let counter = Atomic<Int>(0)
    static let templateName = "clubhouse_contract_\(getpid())"

    /// The seeded template database, made once (the demo world copied from `ContractWorld.template`).
    static let template: Result<String, any Error> = Result {
        try adminExecute("DROP DATABASE IF EXISTS \(templateName) WITH (FORCE)")
        try adminExecute("CREATE DATABASE \(templateName)")
        let db = try PostgresDatabase(url: url(database: templateName), maxConnections: 1)
        try PostgresSchema.migrate(db)
        try PostgresSeeder.copyIfEmpty(from: ContractWorld.template, to: db)
        db.close()
        atexit { try? ContractPostgres.adminExecute("DROP DATABASE IF EXISTS \(ContractPostgres.templateName) WITH (FORCE)") }
        return templateName
    }

    /// A fresh database copied from the template; returns its URL.
    static func newWorld() throws -> (name: String, url: String) {
        let template = try template.get()
        let name = "\(template)_w\(counter.add(1, ordering: .relaxed).newValue)"
        try adminExecute("CREATE DATABASE \(name) TEMPLATE \(template)")
        return (name, url(database: name))
    }

    static func drop(_ name: String) { try? adminExecute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }

    /// A world's pool: the product's defaults but generous deadlines. `make test` runs every suite at once on 2 cores
    /// beside the cluster, and a 10-second call limit (the product's) ran out there now and then: the call failed as
    /// "the league's database isn't answering" and the pool's outage rule failed the calls behind it at once. The
    /// deadlines themselves are tested in `PostgresOutageTests`, on pools of their own.
    static var worldOptions: PostgresDatabase.Options {
        var options = PostgresDatabase.Options()
        options.callTimeout = .seconds(120)
        options.connectTimeout = .seconds(60)
        return options
    }

    /// Runs `body` on a store over a fresh world, closed and dropped after it.
    static func withStore<T>(_ body: (PostgresLeagueStore) throws -> T) throws -> T {
        let world = try newWorld()
        defer { drop(world.name) }
        let db = try PostgresDatabase(url: world.url, options: worldOptions)
        defer { db.close() }
        return try body(PostgresLeagueStore(database: db))
    }
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
    let backend = ContractBackend.current
    /// The SQLite world's file and connection (SQLite backend only: the suites that run on both use `sql`/`scalar`).
    let path: String
    private(set) var database: Database!
    /// The PostgreSQL world's database (PostgreSQL backend only).
    private(set) var postgres: (name: String, url: String, database: PostgresDatabase)?
    let events: any LeagueEventSource
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
        let store: any LeagueStore
        switch backend {
        case .sqlite:
            try Self.template.execute("VACUUM INTO '\(path)'")
            database = try Database(path: path)
            store = SQLiteLeagueStore(database: database)
            events = SQLiteEventSource(database: database)
        case .postgres:
            let world = try ContractPostgres.newWorld()
            let db = try PostgresDatabase(url: world.url, options: ContractPostgres.worldOptions)
            postgres = (world.name, world.url, db)
            store = PostgresLeagueStore(database: db)
            events = PostgresEventSource(database: db)
        }
        service = LeagueService(store: store, clock: clock, factsCache: Self.facts, accounts: fastAccountPorts)
        self.randomSeed = randomSeed
        if transport == .remote {
            var options = LeagueServer.Options()
            options.http.port = 0
            options.runsClocks = false   // the embedded world has no clock driver either: tests step the clock
            options.writeBurst = 10_000
            options.sshHostSecret = Self.sshHostSecret
            configure(&options)
            let server = LeagueServer(backend: EmbeddedServerBackend(service: service, events: events, random: { RandomSource(seed: randomSeed) }),
                                      options: options, log: Self.serverLog)
            try server.start()
            self.server = server
            // Generous limits: `make test` runs every suite at once on 2 cores.
            remote = RemoteLeagueAPI(server: URL(string: server.url)!, idleTimeout: 120, requestTimeout: 240)
        }
    }

    /// The remote transport's server log: requests are dropped, a storage failure's cause goes to standard error, since
    /// the client sees only "the league's database isn't answering" and a failed test's cause is otherwise lost.
    static let serverLog: @Sendable (String) -> Void = { line in
        guard line.contains("\"event\":\"storage.failed\"") else { return }
        FileHandle.standardError.write(Data("contract world's server: \(line)\n".utf8))
    }

    deinit {
        server?.stopNow()
        if let postgres {
            postgres.database.close()
            ContractPostgres.drop(postgres.name)
        }
    }

    /// Runs SQL on the world's database from a connection of its own, as another process would.
    func execute(_ sql: String) throws {
        switch backend {
        case .sqlite: try Database(path: path).execute(sql)
        case .postgres: try PostgresConnection(url: postgres!.url).execute(sql)
        }
    }

    /// The first column of the first row of a query on the world's database.
    func scalar<T: SQLColumnDecodable>(_ sql: String, _ params: [(any SQLBindable)?] = [], as: T.Type = T.self) throws -> T? {
        switch backend {
        case .sqlite: try database.scalar(sql, params, as: T.self)
        case .postgres: try postgres!.database.scalar(sql, params, as: T.self)
        }
    }

    /// A second `LeagueService` on its own connection to the world's database, as another process (or server instance) has.
    func secondService() throws -> LeagueService {
        let store: any LeagueStore = switch backend {
        case .sqlite: SQLiteLeagueStore(database: try Database(path: path))
        case .postgres: PostgresLeagueStore(database: try PostgresDatabase(url: postgres!.url, options: ContractPostgres.worldOptions))
        }
        return LeagueService(store: store, clock: clock, factsCache: Self.facts)
    }
    static let sshHostSecret = "contract-test-ssh-host-secret"

    /// The contract as `caller` sees it.
    func api(_ caller: Caller = .anonymous) -> any LeagueAPI {
        guard let remote else {
            return EmbeddedLeagueAPI(service: service, events: events, caller: { caller }, random: RandomSource(seed: randomSeed))
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

    /// `caller`'s app with its connection cut: on the remote transport a client of a port nothing listens on (the
    /// request never reaches the server); embedded, a transport that fails every call the way a lost connection does.
    func cutAPI(_ caller: Caller) -> any LeagueTransport {
        guard remote != nil, let user = caller.userID else { return CutConnection() }
        let token = newSessionToken(user)
        return RemoteLeagueAPI(server: URL(string: "http://127.0.0.1:9")!, token: { token }, idleTimeout: 2, requestTimeout: 2)
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
            return EmbeddedLeagueAPI(service: service, events: events, session: try LocalSession(directory: state), random: RandomSource(seed: randomSeed))
        }
        let api = RemoteLeagueAPI(server: URL(string: server.url)!, session: try LocalSession(directory: state), idleTimeout: 120, requestTimeout: 240)
        api.sshHostSecret = Self.sshHostSecret
        return api
    }

    /// A demo person by first name ("alice"), as a caller.
    func person(_ handle: String) throws -> Caller {
        let id = try #require(try scalar("SELECT id FROM users WHERE email = ?", ["\(handle)@demo.clubhouse"], as: Int64.self),
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
        let id = try #require(try scalar("SELECT id FROM leagues WHERE name = ?", [name], as: Int64.self), "no league \(name)")
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

/// A connection that is gone: every call fails as a lost connection does, before anything reaches a server.
struct CutConnection: LeagueTransport {
    func call<Address, Body, Response>(_ endpoint: ClubhouseDomain.Endpoint<Address, Body, Response>, _ address: Address, _ body: Body) async throws -> Response {
        throw DomainError.transport("Connection reset by peer")
    }
}
