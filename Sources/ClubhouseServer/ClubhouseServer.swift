import ClubhouseDomain
import Foundation

/// What the server needs from the league engine behind it: the contract for a caller, plus the account and event
/// operations an HTTP server does for its clients (the composition root wires the embedded engine in).
public protocol LeagueServerBackend: Sendable {
    /// The contract as `caller` sees it.
    func api(for caller: Caller) -> any LeagueAPI
    /// The account behind a session token; `.unauthenticated` for an unknown, expired or revoked one.
    func user(forToken token: String) async throws -> User
    func signIn(email: String, password: String, device: String) async throws -> AccountSession
    func signOut(token: String) async throws
    /// Stored events after `id` (oldest first, at most `limit`), optionally of one league.
    func events(after id: Int64, league: LeagueID?, limit: Int) async throws -> [LeagueEvent]
    func lastEventID() throws -> Int64
    /// Follows the events table from `id`: the server's only follower.
    func follow(after id: Int64) -> AsyncStream<LeagueEvent>
    /// Runs the draft clock for every live room until cancelled.
    func runDraftClock() async
    /// The display name (else email) of the account an SSH key is linked to; nil when it is not linked.
    func sshKeyOwner(fingerprint: String) async throws -> String?
    /// Returns when the database answers a trivial question within a short deadline; else throws the cause
    /// (`GET /healthz`, which a load balancer asks every few seconds).
    func checkDatabase() async throws
}

extension LeagueServerBackend {
    public func sshKeyOwner(fingerprint: String) async throws -> String? { nil }
    /// A read of the newest event id.
    public func checkDatabase() async throws { _ = try lastEventID() }
}

/// `clubhouse serve`: the HTTP adapter over `LeagueAPI` (ARCHITECTURE.md §2–3). Routes come from `LeagueRoutes`;
/// this adds authentication, the write limit, the event streams and the draft clock, and nothing else.
public final class LeagueServer: @unchecked Sendable {
    public struct Options: Sendable {
        public var http = HTTPServer.Options()
        /// Open event streams beyond this get 503.
        public var maxStreams = 600
        public var heartbeat: Duration = .seconds(15)
        /// Per token: `writeBurst` writes at once, refilled at `writesPerSecond`.
        public var writesPerSecond = 20.0
        public var writeBurst = 100.0
        /// Off in tests that step a manual clock themselves.
        public var runsDraftClock = true
        /// The secret an SSH host on the server's side sends to sign in by key; nil refuses key sign-in over HTTP.
        public var sshHostSecret: String?
        /// The log says why requests fail once per kind of failure in this time (`FailureLog`).
        public var failureLogInterval: Duration = .seconds(60)
        public init() {}
    }

    public let backend: any LeagueServerBackend
    public let options: Options
    let hub: EventHub
    let limiter: WriteLimiter
    let router: Router
    /// `GET /healthz`'s check of the database, and the log of why requests failed (rate-limited).
    let health = HealthCheck()
    let failures: FailureLog
    private var http: HTTPServer!
    private var tasks: [Task<Void, Never>] = []
    private let log: @Sendable (String) -> Void

    public init(backend: any LeagueServerBackend, options: Options = Options(), log: @escaping @Sendable (String) -> Void = LeagueServer.standardError) {
        self.backend = backend; self.options = options; self.log = log
        failures = FailureLog(interval: options.failureLogInterval, log: log)
        hub = EventHub(maxStreams: options.maxStreams)
        limiter = WriteLimiter(perSecond: options.writesPerSecond, burst: options.writeBurst)
        let events = Route("GET", "/v1/events", access: .read) { _ in throw ServerErrors.noRoute }   // answered by `stream`
        router = Router(routes: LeagueRoutes.all + [events])
    }

    public static let standardError: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }

    /// The port actually bound (after `start`).
    public var port: UInt16 { http.port }
    public var url: String { "http://\(options.http.host):\(port)" }

    public func start() throws {
        let last = (try? backend.lastEventID()) ?? 0
        hub.setLastEventID(last)
        let server = HTTPServer(options: options.http, log: log) { [unowned self] in await self.handle($0) }
        try server.start()
        http = server
        let hub = self.hub, backend = self.backend, beat = options.heartbeat, executor = server.executor
        tasks.append(Task.detached(executorPreference: executor) { for await e in backend.follow(after: last) { hub.publish(e) } })
        tasks.append(Task.detached(executorPreference: executor) {
            while !Task.isCancelled {
                try? await Task.sleep(for: beat)
                hub.heartbeat()
            }
        })
        if options.runsDraftClock { tasks.append(Task.detached(executorPreference: executor) { await backend.runDraftClock() }) }
    }

    /// Graceful stop: no new connections, event streams end, requests in flight finish (up to `grace`).
    public func stop(grace: Duration = .seconds(4)) async {
        guard let http else { return }
        http.quiesce()
        hub.stop()
        for t in tasks { t.cancel() }
        await http.stop(grace: grace)
    }

    public var openStreams: Int { hub.count }

    /// Stops at once (tests): streams end, the daemon stops without waiting for requests in flight.
    public func stopNow() {
        guard let http else { return }
        http.quiesce()
        hub.stop()
        for t in tasks { t.cancel() }
        http.stopNow()
    }

    // MARK: - Requests

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let route: Route, params: [String: String]
        switch router.resolve(method: request.method, path: request.path) {
        case .failure(let e): return e.response
        case .success(let found): (route, params) = found
        }
        var response: HTTPResponse
        do { response = try await run(route, params: params, request: request) } catch let e as HTTPError {
            response = e.response
        } catch let e as DomainError {
            // The cause goes to the log; the client gets a sentence without the database's name or message.
            if case .transport = e { failures.failed(FailureLog.cause(of: e), route: route.template) }
            response = ServerErrors.from(e).response
        } catch {
            failures.failed(FailureLog.cause(of: error), route: route.template)
            response = ServerErrors.serverFailed.response
        }
        response.route = route.template
        return response
    }

    private func run(_ route: Route, params: [String: String], request: HTTPRequest) async throws -> HTTPResponse {
        var caller = Caller.anonymous, token: String?, user: User?
        if let header = request.headers["authorization"] {
            token = try Self.bearer(header)
            if route.access != .account {
                user = try await backend.user(forToken: token!)
                caller = .user(user!.id)
            }
        }
        if route.access == .write, let token, let wait = limiter.take(token) {
            throw HTTPError(429, "rate_limited", "Too many changes at once — try again in \(wait) s", retryAfter: wait)
        }
        if !request.body.isEmpty, !(request.headers["content-type"] ?? "").lowercased().hasPrefix("application/json") {
            throw ServerErrors.unsupportedMediaType
        }
        let p = Params(path: params, query: request.query)
        if route.template == "/v1/events" { return try await stream(request, params: p) }
        if route.template == "/healthz" { return await healthz() }
        let call = RouteCall(request: request, params: p, api: backend.api(for: caller), caller: caller, token: token, user: user, backend: backend,
                             sshHostSecret: options.sshHostSecret)
        return try await route.run(call)
    }

    /// `Authorization: Bearer <token>`; anything else is a 401.
    static func bearer(_ header: String) throws(HTTPError) -> String {
        let parts = header.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer", (8...512).contains(parts[1].utf8.count),
              parts[1].utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw HTTPError(401, "unauthenticated", "Send the session token as 'Authorization: Bearer <token>'")
        }
        return String(parts[1])
    }

    /// `GET /healthz`: 200 `{"ok":true}` while the database answers (checked at most once a second, with a short
    /// deadline), else 503 `{"ok":false,"error":{…}}` with the same generic sentence as any request (the cause is logged).
    private func healthz() async -> HTTPResponse {
        let backend = self.backend
        guard await health.check({ try await backend.checkDatabase() }, failures: failures) != nil else {
            return .json(200, Array("{\"ok\":true}".utf8))
        }
        let e = ServerErrors.databaseUnavailable
        var r = HTTPResponse.json(503, Array(("{\"ok\":false,\"error\":{\"code\":\(JSONText.quote(e.code)),\"message\":\(JSONText.quote(e.message))}}").utf8))
        r.headers.append(("Retry-After", "\(e.retryAfter ?? 1)"))
        return r
    }

    /// `GET /v1/events?league=ID`: a `text/event-stream` resumable with `Last-Event-ID` (or `?after=`).
    private func stream(_ request: HTTPRequest, params: Params) async throws -> HTTPResponse {
        let league = try params.query["league"].map { _ in try params.league }
        var after: Int64?
        if let raw = request.headers["last-event-id"] ?? params.query["after"] {
            guard let n = Int64(raw), n >= 0 else { throw ServerErrors.badParameter("Last-Event-ID", "an event id") }
            after = n
        }
        if let league { _ = try await backend.api(for: .anonymous).league(league) }   // 404 for a league that doesn't exist
        let stream = EventStream()
        guard let sub = hub.subscribe(stream, league: league, after: after) else {
            throw HTTPError(503, "unavailable", "Too many live connections — try again shortly", retryAfter: 5)
        }
        stream.send(Array("retry: 2000\n: connected\n\n".utf8))
        if let after {
            var history: [LeagueEvent] = [], from = after
            while true {
                let page = try await backend.events(after: from, league: league, limit: 500)
                history += page
                guard page.count == 500, let last = page.last else { break }
                from = last.id
            }
            hub.replay(sub, history: history)
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
                                                   ("X-Accel-Buffering", "no")], body: .stream(stream))
    }
}
