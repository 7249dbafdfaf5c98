import ClubhouseDomain
import Foundation

/// What `clubhouse serve` runs on: the embedded engine over one database (an SQLite file, or PostgreSQL shared by
/// several instances), seen by each request's caller. The
/// composition root declares its conformance to ClubhouseServer's `LeagueServerBackend` (Data doesn't depend on the
/// server). The league clocks (`LeagueClocks`) run here once for the whole server.
public struct EmbeddedServerBackend: Sendable {
    public let service: LeagueService
    /// The events table of the store's database.
    public let eventSource: any LeagueEventSource
    /// The random source of each request's transport (invite codes, random draft orders).
    public let random: @Sendable () -> RandomSource
    /// The draft and season clocks the server runs: every instance by default; `clubhouse serve` on an SQLite file
    /// runs them under the file's lease, and says where skipped leagues and clock lag go.
    public var clocks: LeagueClocks
    /// The longest the health check's question to the database may take.
    public var healthTimeout: Duration = .milliseconds(1500)

    public init(service: LeagueService, database: Database, random: @escaping @Sendable () -> RandomSource = { .system() }) {
        self.init(service: service, events: SQLiteEventSource(database: database), random: random)
    }

    public init(service: LeagueService, events: any LeagueEventSource, random: @escaping @Sendable () -> RandomSource = { .system() }) {
        self.service = service; self.eventSource = events; self.random = random
        clocks = LeagueClocks(service: service, events: { events }, coordination: .everyProcess)
    }

    public func api(for caller: Caller) -> any LeagueAPI {
        EmbeddedLeagueAPI(service: service, events: eventSource, caller: { caller }, random: random())
    }

    public func user(forToken token: String) async throws -> User {
        let service = self.service
        return try await Blocking.run { try service.accounts.sessionUser(token) }
    }

    public func signIn(email: String, password: String, from origin: ClientOrigin) async throws -> AccountSession {
        let service = self.service
        return try await Blocking.run { try service.accounts.signIn(email: email, password: password, from: origin) }
    }

    public func createAccount(email: String, password: String, displayName: String, from origin: ClientOrigin) async throws -> AccountSession {
        let service = self.service
        return try await Blocking.run { try service.accounts.createAccount(email: email, password: password, displayName: displayName, from: origin) }
    }

    public func claimIdempotencyKey(_ key: String, request: String, caller: Caller) async throws -> IdempotencyClaim {
        let service = self.service
        return try await Blocking.run { try service.claimIdempotencyKey(key, request: request, caller: caller) }
    }

    public func finishIdempotentRequest(_ key: String, response: IdempotentResponse?, caller: Caller) async throws {
        let service = self.service
        try await Blocking.run { try service.finishIdempotentRequest(key, response: response, caller: caller) }
    }

    public func signOut(token: String) async throws {
        let service = self.service
        try await Blocking.run { try service.accounts.signOut(token: token) }
    }

    public func events(after id: Int64, league: LeagueID?, limit: Int) async throws -> [LeagueEvent] {
        let source = eventSource
        return try await Blocking.run { try source.events(after: id, league: league, limit: limit) }
    }

    public func eventFloor(keeping count: Int, league: LeagueID?) async throws -> Int64 {
        let source = eventSource
        return try await Blocking.run { try source.floor(keeping: count, league: league) }
    }

    public func readers(of league: LeagueID) async throws -> LeagueReaders {
        let service = self.service
        return try await Blocking.run { try service.readers(of: league) }
    }

    public func lastEventID() throws -> Int64 { try eventSource.lastEventID() }

    /// Synchronous: the server calls it on its own Dispatch executor (one short indexed read; no hop).
    public func readRevision(of league: LeagueID) throws -> String? { try service.leagues.readRevision(league) }

    /// The events' database's change stamp for `league` (SQLite's data version; on PostgreSQL what the LISTEN follow
    /// heard of the league, nil when that is more than a second old), on libmicrohttpd's thread.
    public func changeStamp(of league: LeagueID) -> UInt64? { eventSource.changeStamp(of: league) }

    public func follow(after id: Int64) -> AsyncStream<LeagueEvent> {
        eventSource.follow(after: id, league: nil)
    }

    public func sshKeyOwner(fingerprint: String) async throws -> String? {
        let service = self.service
        return try await Blocking.run {
            try service.store.read { r -> String? in
                guard let key = try r.sshKey(fingerprint: fingerprint), let user = try r.user(key.user) else { return nil }
                return user.displayName.isEmpty ? user.email : user.displayName
            }
        }
    }

    /// On a thread of its own, not the dispatch threads requests share: requests stuck on a frozen database must
    /// not keep the health check from asking (and answering within `healthTimeout`).
    public func checkDatabase() async throws {
        let source = eventSource, timeout = healthTimeout
        try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, any Error>) in
            let thread = Thread { c.resume(with: Result { try source.checkDatabase(within: timeout) }) }
            thread.name = "clubhouse.health"
            thread.start()
        }
    }

    public func runClocks() async {
        await clocks.run()
    }
}
