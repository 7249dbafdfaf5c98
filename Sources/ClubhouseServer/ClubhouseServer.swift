import ClubhouseDomain
import Foundation
import Synchronization

/// `clubhouse serve`: the HTTP adapter over `LeagueAPI` (ARCHITECTURE.md §2–3). Routes come from `LeagueRoutes`;
/// this adds authentication, the write limit, the event streams and the draft clock, and nothing else.
public final class LeagueServer: @unchecked Sendable {
    public struct Options: Sendable {
        public var http = HTTPServer.Options()
        /// Open event streams beyond this get 503. `clubhouse serve --max-streams` sets it with `http.maxConnections`
        /// (the streams and `OpenFiles.requestConnections` beside them), as far as the open-file limit allows (`OpenFiles`).
        public var maxStreams = 10_000
        public var heartbeat: Duration = .seconds(15)
        /// A stream resumed from further back than this many events (of its league, or of all leagues) gets a
        /// `reset` event and then only these last ones.
        public var maxReplay = 1_000
        /// Events read from the table per page of a replay (the next page is read once the client took this one).
        public var replayPage = 100
        /// Replays reading the table at once; more wait their turn (their streams are open meanwhile).
        public var replaysAtOnce = 4
        /// Per account (every session of it together): `writeBurst` writes at once, refilled at `writesPerSecond`. Kept
        /// in this instance's memory: N instances behind a balancer allow up to N times as much.
        public var writesPerSecond = 20.0
        public var writeBurst = 100.0
        /// Reverse proxies (addresses or CIDR ranges) whose `X-Forwarded-For` names the client: from a peer in this
        /// list, the right-most entry that isn't a trusted proxy is the client's address; from anyone else the header is
        /// ignored. Empty: the peer is the client.
        public var trustedProxies: [IPAddressRange] = []
        /// The league clocks (draft and season) run beside the server; off in tests that step a manual clock themselves.
        public var runsClocks = true
        /// The secret an SSH host on the server's side sends to sign in by key; nil refuses key sign-in over HTTP.
        public var sshHostSecret: String?
        /// The log says why requests fail once per kind of failure in this time (`FailureLog`).
        public var failureLogInterval: Duration = .seconds(60)
        /// What the server says of itself: `GET /v1/meta`, and the `Clubhouse-Version` header of every answer.
        public var version = ServerVersion.current
        /// The league operations served: all of them (a test leaves some out to play an older server). `GET /v1/meta`
        /// lists their names.
        public var endpoints: [any AnyEndpoint] = Endpoints.all
        /// `GET /metrics` answers a client on a loopback address; with a token, also anyone who sends it as a bearer token.
        public var metricsToken: String?
        /// What `GET /metrics` reports (the clocks, started beside the server, report their lag into it too).
        public var metrics = ServerMetrics()
        /// The database pool's use, for the metrics (PostgreSQL; nil on SQLite).
        public var databasePool: (@Sendable () -> DatabasePoolUse?)?
        /// Anonymous reads of leagues kept in memory (`ReadCache`): at most this many answers and bytes; 0 entries: none.
        public var readCacheEntries = 4_096
        public var readCacheBytes = 64 << 20
        public init() { http.maxConnections = maxStreams + OpenFiles.requestConnections }
    }

    public let backend: any LeagueServerBackend
    public let options: Options
    let hub: EventHub
    /// The readers of each league, for the live events (noted in the follower's order).
    let readersCache = LeagueReadersCache()
    let replaySlots: AsyncSlots
    let limiter: WriteLimiter
    let idempotency = IdempotentWrites()
    /// Anonymous reads of a league, kept per league revision (`ReadCache`).
    let readCache: ReadCache
    /// The league API's routes and the server's own (`/v1/events`, `/healthz`, `/metrics`); set once, in `init`.
    private(set) var router = Router(routes: [])
    /// `GET /v1/meta`'s answer.
    let meta: ServerMeta
    /// `GET /healthz`'s check of the database, and the log of why requests failed (rate-limited).
    let health = HealthCheck()
    let failures: FailureLog
    /// `GET /metrics`.
    public var metrics: ServerMetrics { options.metrics }
    private var http: HTTPServer!
    private var tasks: [Task<Void, Never>] = []
    private let log: @Sendable (String) -> Void

    public init(backend: any LeagueServerBackend, options: Options = Options(), log: @escaping @Sendable (String) -> Void = LeagueServer.standardError) {
        self.backend = backend; self.options = options; self.log = log
        failures = FailureLog(interval: options.failureLogInterval, log: log)
        hub = EventHub(maxStreams: options.maxStreams)
        replaySlots = AsyncSlots(max(1, options.replaysAtOnce))
        limiter = WriteLimiter(perSecond: options.writesPerSecond, burst: options.writeBurst)
        meta = ServerMeta(options.version, endpoints: options.endpoints.map(\.name).sorted())
        readCache = ReadCache(maxEntries: options.readCacheEntries, maxBytes: options.readCacheBytes)
        router = Router(routes: LeagueRoutes.serving(options.endpoints) + ownRoutes)
    }

    /// Standard error, in batches (`LineLog`): a line is written within 20 ms, and every one at exit.
    public static let standardError: @Sendable (String) -> Void = { line in LineLog.standardError.write(line) }

    /// The port actually bound (after `start`).
    public var port: UInt16 { http.port }
    public var url: String { "\(options.http.tls == nil ? "http" : "https")://\(options.http.host):\(port)" }

    /// New connections get `credentials` (a renewed certificate) from now on; false when serving plain HTTP.
    @discardableResult
    public func reloadTLS(_ credentials: TLSCredentials) -> Bool { http.reloadTLS(credentials) }

    public func start() throws {
        let last: Int64
        do { last = try backend.lastEventID() } catch {
            // The hub then follows from the first event; said in the log, as any storage failure.
            failures.failed(FailureLog.cause(of: error), route: "event stream start")
            last = 0
        }
        hub.setLastEventID(last)
        var httpOptions = options.http
        httpOptions.headersOnEveryAnswer.append(("Clubhouse-Version", options.version.header))
        let metrics = self.metrics, observe = httpOptions.observe
        httpOptions.observe = { method, route, status, seconds in
            metrics.request(method: method, route: route, status: status, seconds: seconds)
            observe?(method, route, status, seconds)
        }
        httpOptions.answerAtOnce = { [unowned self] in self.answerAtOnce($0) }
        let server = HTTPServer(options: httpOptions, log: log) { [unowned self] in await self.handle($0) }
        // Set before it listens: the first request can come the instant it does (a balancer's health checks), and
        // answering one reads `http` (its executor). Set after, a request in between found nil and the server trapped.
        http = server
        do { try server.start() } catch { http = nil; throw error }
        let hub = self.hub, backend = self.backend, beat = options.heartbeat, executor = server.executor, cache = readersCache
        let failures = self.failures
        tasks.append(Task.detached(executorPreference: executor) {
            // A failed read of a league's readers is tried again (below) and said in the log, rate-limited.
            let failed = { (error: any Error) in failures.failed(FailureLog.cause(of: error), route: "event stream") }
            for await e in backend.follow(after: last) {
                cache.note(e)
                metrics.fannedOut(hub.publish(e, readers: await Self.readers(of: e.leagueID, cache: cache, backend: backend, failed: failed)))
            }
        })
        tasks.append(Task.detached(executorPreference: executor) {
            while !Task.isCancelled {
                try? await Task.sleep(for: beat)
                hub.heartbeat()
            }
        })
        if options.runsClocks { tasks.append(Task.detached(executorPreference: executor) { await backend.runClocks() }) }
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
        do {
            if options.readCacheEntries > 0, ReadCache.applies(to: route, request),
               let league = try? Params(path: params, query: request.query).league,
               // The change stamp before the revision: an answer kept with it stands while the stamp does (`ReadCache`).
               case let stamp = backend.changeStamp(of: league),
               let revision = try? backend.readRevision(of: league) {
                response = try await cached(route, params: params, request: request, league: league, revision: revision, stamp: stamp)
            } else {
                response = try await run(route, params: params, request: request)
            }
        } catch {
            logFailure(error, route: route.template)
            response = Self.response(for: error, tokenSent: request.headers["authorization"] != nil)
        }
        response.route = route.template
        return Revalidation.apply(to: response, request: request)
    }

    /// A league's read without a token at `revision`: the answer kept for it, else computed and kept (`ReadCache`).
    private func cached(_ route: Route, params: [String: String], request: HTTPRequest, league: LeagueID, revision: String,
                        stamp: UInt64?) async throws -> HTTPResponse {
        let key = ReadCache.key(request)
        if let hit = readCache.answer(key, revision: revision, stamp: stamp) { return hit.response(to: request) }
        let response = try await run(route, params: params, request: request)
        return readCache.keep(response, key: key, route: route.template, league: league, revision: revision, stamp: stamp)?
            .response(to: request) ?? response
    }

    /// A kept read answered on libmicrohttpd's thread as soon as its head is read, without a task or a database read:
    /// while the database's change stamp for the answer's league is the one the answer was kept with, nothing that
    /// changes it was committed since (`ReadCache`).
    /// Nil: the request goes the usual way (`handle`).
    /// Only reads that may be kept are ever kept, so the key alone says the route (no routing on this path).
    /// `/healthz` too, while its last check is young (`HealthCheck.recent`).
    func answerAtOnce(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.method == "GET" || request.method == "HEAD" else { return nil }
        if request.path == ServiceRoutes.health.path {
            let backend = self.backend
            guard case .some(let failure) = health.recent({ try await backend.checkDatabase() }, failures: failures, executor: http.executor) else { return nil }
            var response = Revalidation.apply(to: Self.healthzAnswer(failure), request: request)
            response.route = ServiceRoutes.health.path
            return response
        }
        guard options.readCacheEntries > 0, request.headers["authorization"] == nil,
              let hit = readCache.answer(ReadCache.key(request), stamp: { backend.changeStamp(of: $0) }) else { return nil }
        var response = hit.response(to: request)
        response.route = hit.route
        return response
    }

    /// The refusal a route's error is answered with (`ServerErrors`; anything unforeseen is a 503).
    /// A request that sent no token never had a session to end: it is told to sign in (`tokenSent` false).
    static func response(for error: any Error, tokenSent: Bool = true) -> HTTPResponse {
        switch error {
        case let e as HTTPError: e.response
        case let e as any ClubhouseError where e.kind == .unauthenticated && !tokenSent: ServerErrors.signInNeeded.response
        case let e as any ClubhouseError: ServerErrors.from(e).response
        default: ServerErrors.serverFailed.response
        }
    }

    /// A failure of the storage behind the server (a transport error, or anything unforeseen) goes to the log with its
    /// cause, rate-limited; clients get a sentence without the database's name or message (`ServerErrors`).
    func logFailure(_ error: any Error, route: String) {
        switch error {
        case is HTTPError: return
        case let e as any ClubhouseError:
            if e.kind == .storage || e.kind == .unavailable { metrics.storageFailed(); failures.failed(FailureLog.cause(of: e), route: route) }
        default: metrics.storageFailed(); failures.failed(FailureLog.cause(of: error), route: route)
        }
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
        // Per account, not per token: signing in again doesn't buy more writes.
        if route.access == .write, let user, let wait = limiter.take("user:\(user.id.rawValue)") {
            throw HTTPError(.rateLimited(retryAfterSeconds: wait), "Too many changes at once — try again in \(wait) s")
        }
        if !request.body.isEmpty, !RequestHead.isJSON(contentType: request.headers["content-type"] ?? "") {
            throw ServerErrors.unsupportedMediaType
        }
        let p = Params(path: params, query: request.query)
        let fromSSHHost = LeagueRoutes.carriesSSHHostSecret(request, secret: options.sshHostSecret)
        let call = RouteCall(request: request, params: p, api: backend.api(for: caller), caller: caller, token: token, user: user, backend: backend,
                             sshHostSecret: options.sshHostSecret, fromSSHHost: fromSSHHost,
                             client: Self.client(of: request, trustedProxies: options.trustedProxies, fromSSHHost: fromSSHHost),
                             meta: meta)
        if route.access == .write, user != nil, let key = request.headers["idempotency-key"] {
            return try await idempotency.run(key: key, request: request, caller: caller, backend: backend, executor: http.executor) {
                do { return try await route.run(call) } catch { self.logFailure(error, route: route.template); throw error }
            }
        }
        return try await route.run(call)
    }

    /// The routes the server answers itself: the live event stream, its health and its metrics.
    private var ownRoutes: [Route] {
        [
            // `text/event-stream` of the events the caller may read (`stream`).
            Route(ServiceRoutes.events, access: .read) { [unowned self] c in try await self.stream(c.request, params: c.params, caller: c.caller) },
            // The database checked, the answer cached for a second (`healthz`).
            Route(ServiceRoutes.health, access: .account) { [unowned self] _ in await self.healthz() },
            // Loopback or the metrics token only (`metricsAnswer`).
            Route(ServiceRoutes.metrics, access: .account) { [unowned self] c in try self.metricsAnswer(c.request, token: c.token) },
        ]
    }

    /// The client's address as this server can vouch for it: the peer, unless the peer is a trusted proxy (or the SSH
    /// host, proven by its secret), in which case `X-Forwarded-For` is read from the right past the trusted proxies.
    static func client(of request: HTTPRequest, trustedProxies: [IPAddressRange], fromSSHHost: Bool) -> IPAddress? {
        guard let peer = request.peer else { return nil }
        guard fromSSHHost || trustedProxies.contains(where: { $0.contains(peer) }), let forwarded = request.headers["x-forwarded-for"] else {
            return peer
        }
        return ForwardedFor.client(forwarded, trusted: trustedProxies) ?? peer
    }

    /// `Authorization: Bearer <token>`; anything else is a 401.
    static func bearer(_ header: String) throws(HTTPError) -> String {
        let parts = header.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer", (8...512).contains(parts[1].utf8.count),
              parts[1].utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw HTTPError(.unauthenticated, "Send the session token as 'Authorization: Bearer <token>'")
        }
        return String(parts[1])
    }

    /// `GET /healthz`: 200 `{"ok":true}` while the database answers (checked at most once a second, with a short
    /// deadline), else 503 `{"ok":false,"error":{…}}` with the same generic sentence as any request (the cause is logged).
    private func healthz() async -> HTTPResponse {
        let backend = self.backend
        return Self.healthzAnswer(await health.check({ try await backend.checkDatabase() }, failures: failures, executor: http.executor))
    }

    /// `/healthz`'s answer to a check that passed (nil) or failed (its cause, which stays in the log).
    private static func healthzAnswer(_ failure: String?) -> HTTPResponse {
        guard failure != nil else { return .json(200, Array("{\"ok\":true}".utf8)) }
        let e = ServerErrors.databaseUnavailable
        var r = HTTPResponse.json(503, Array(("{\"ok\":false,\"error\":{\"code\":\(JSONText.quote(e.code)),\"message\":\(JSONText.quote(e.message))}}").utf8))
        r.headers.append(("Retry-After", "\(e.retryAfter ?? 1)"))
        return r
    }

    /// `GET /metrics`: the Prometheus text, to a client on a loopback address (as this server can vouch for it: through
    /// a trusted proxy, the client it names) or to one sending `--metrics-token`; 403 to anyone else.
    private func metricsAnswer(_ request: HTTPRequest, token: String?) throws -> HTTPResponse {
        let client = Self.client(of: request, trustedProxies: options.trustedProxies, fromSSHHost: false)
        let tokenMatches = options.metricsToken.map { expected in
            token.map { ConstantTime.equal($0, expected) } ?? false
        } ?? false
        guard tokenMatches || client?.isLoopback == true else {
            throw HTTPError(.forbidden, "Metrics are for this machine (or for the token of clubhouse serve --metrics-token-file)")
        }
        let text = metrics.render(.init(openConnections: http.connectionCount, eventStreams: hub.count, maxEventStreams: options.maxStreams,
                                        pool: options.databasePool?(), version: options.version,
                                        readCache: readCache.counts, readCacheEntries: readCache.count))
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8"), HTTPResponse.noStore],
                            body: .bytes(Array(text.utf8)))
    }

    /// `GET /v1/events[?league=ID]`: a `text/event-stream` resumable with `Last-Event-ID` (or `?after=`). Without
    /// `league=` it carries the events of public leagues and of the private leagues the caller (from the token)
    /// belongs to; `league=` of a private league needs membership (403 otherwise, 404 for no such league). `HEAD`
    /// answers the same checks without opening a stream.
    private func stream(_ request: HTTPRequest, params: Params, caller: Caller) async throws -> HTTPResponse {
        let league = try params.query["league"].map { _ in try params.league }
        var after: Int64?
        if let raw = request.headers["last-event-id"] ?? params.query["after"] {
            guard let n = Int64(raw), n >= 0 else { throw ServerErrors.badParameter("Last-Event-ID", "an event id") }
            after = n
        }
        if let league, let refusal = try await backend.readers(of: league).refusal(for: caller) { throw refusal }
        let headers = [("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"), ("X-Accel-Buffering", "no")]
        if request.method == "HEAD" { return HTTPResponse(status: 200, headers: headers) }
        let stream = EventStream()
        guard let sub = hub.subscribe(stream, league: league, caller: caller, after: after) else {
            throw HTTPError(.unavailable, "Too many live connections — try again shortly", retryAfter: 5)
        }
        stream.send(Array("retry: 2000\n: connected\n\n".utf8))
        if let after {
            // After the response is queued: a page waits for the client to take the one before.
            Task(executorPreference: http.executor) { await self.replay(sub, after: after) }
        }
        return HTTPResponse(status: 200, headers: headers, body: .stream(stream))
    }

    /// Sends a resumed stream what it missed, `replayPage` events at a time from the index, each page once the client
    /// took the one before, then lets live events through. From further back than `maxReplay` events: a `reset`
    /// event first, then the last `maxReplay`. Each league's readers are read afresh for the replay (as they stand
    /// now, after the stream was registered): events of leagues the caller can't read are left out (and each event is
    /// as the caller may see it, `EventViews`), and a stream of
    /// one private league whose caller can no longer read it is ended. At most `replaysAtOnce` replays read the
    /// table at a time; none holds that turn while its client is slow to take a page.
    func replay(_ sub: EventHub.Subscriber, after: Int64) async {
        var from = after
        var readers: [LeagueID: LeagueReaders?] = [:]
        do {
            let floor = try await replaySlots.holding { try await self.backend.eventFloor(keeping: self.options.maxReplay, league: sub.league) }
            if from < floor {
                hub.reset(sub, after: floor)
                from = floor
            }
            while sub.stream.isOpen {
                let (page, visible) = try await replaySlots.holding { () async throws -> ([LeagueEvent], [LeagueEvent]?) in
                    let page = try await self.backend.events(after: from, league: sub.league, limit: self.options.replayPage)
                    var visible: [LeagueEvent] = []
                    for e in page {
                        if readers[e.leagueID] == nil { readers[e.leagueID] = .some(try await self.replayReaders(of: e.leagueID)) }
                        guard let r = readers[e.leagueID] ?? nil, r.admits(sub.caller) else {
                            if sub.league != nil { return (page, nil) }
                            continue
                        }
                        if let seen = EventViews(e).seen(by: r.viewer(sub.caller)) { visible.append(seen) }
                    }
                    return (page, visible)
                }
                guard let visible else {
                    sub.stream.close()   // can't read the one league it follows (any more)
                    return
                }
                hub.replay(sub, page: visible)
                guard page.count == options.replayPage, let last = page.last else { break }
                from = last.id
                await sub.stream.waitForRoom(below: 32 * 1024)
            }
        } catch {
            // Storage failed mid-replay: end the stream (the client resumes from the last event it got), and say why.
            failures.failed(FailureLog.cause(of: error), route: "event stream replay")
            sub.stream.close()
            return
        }
        hub.endReplay(sub)
    }

    /// A league's readers for a replay: nil when the league is gone (its events are left out). Any other failure
    /// throws, ending the replay, rather than leaving the league's events out of the stream for good as unreadable.
    private func replayReaders(of league: LeagueID) async throws -> LeagueReaders? {
        do { return try await backend.readers(of: league) } catch DomainError.notFound { return nil }
    }

    /// The readers of `league` for a live event: cached, else read. A failed read is tried again (after 50 ms, then
    /// longer, up to 1 s apart) until it succeeds: the follower waits rather than drop the event for everyone or send
    /// it to anyone. A league that doesn't exist has no readers.
    static func readers(of league: LeagueID, cache: LeagueReadersCache, backend: any LeagueServerBackend,
                        failed: (any Error) -> Void = { _ in }) async -> LeagueReaders? {
        let (known, generation) = cache.cached(league)
        if let known { return known }
        var pause = Duration.milliseconds(50)
        while !Task.isCancelled {
            do {
                let found = try await backend.readers(of: league)
                cache.remember(found, generation: generation)
                return found
            } catch DomainError.notFound {
                return nil
            } catch {
                failed(error)
                try? await Task.sleep(for: pause)
                pause = min(pause * 2, .seconds(1))
            }
        }
        return nil
    }
}
