import ClubhouseData
import ClubhouseDomain
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The remote transport: the whole contract over HTTP to `clubhouse serve` (routes in ClubhouseServer's
/// `LeagueRoutes`, bodies in `Wire`). Failures come back as the domain's errors: a 401 wipes the local session
/// and answers `.unauthenticated` ("Session ended — sign in again"), like the embedded transport.
///
/// Reads are cached in memory: when the server can't be reached, a page already seen is answered from the cache
/// and `connection` says since when ("offline · as of 14:02"). Writes are never queued: they fail at once with
/// `.transport` saying the server can't be reached.
public final class RemoteLeagueAPI: LeagueAPI, Sendable {
    /// `http://host:port`, the server's origin.
    public let origin: String
    private let client: HTTPClient
    private let identity: Identity
    private let cache = ReadCache()
    /// The newest event any of this transport's streams delivered (0: none yet).
    private let latestEvent = Mutex<Int64>(0)
    private let inFlight = InFlightReads()

    private enum Identity: Sendable {
        case fixed(@Sendable () -> String?)
        case session(LocalSession)
    }

    /// What the app shows about the server in its top bar.
    public enum Connection: Hashable, Sendable {
        case online
        /// The last read was answered from the cache; the page is as of `asOf` (nil: nothing cached).
        case offline(asOf: Date?)
    }

    /// The app's transport: the token comes from this device's session for this server.
    /// `idleTimeout` (no byte, connecting included) and `requestTimeout` (in all) are 5 s and 15 s; tests on an
    /// overloaded machine may allow more. `trust`: what an https:// server's certificate is checked against (nil: the
    /// system's CAs; `TLSTrust(caFile:)` adds a club's own).
    public convenience init(server: URL, session: LocalSession, idleTimeout: TimeInterval = 5, requestTimeout: TimeInterval = 15,
                            trust: TLSTrust? = nil) {
        self.init(origin: Self.origin(of: server),
                  client: HTTPClient(idleTimeout: idleTimeout, requestTimeout: requestTimeout, trust: trust), identity: .session(session))
    }

    /// A transport whose token is given by a closure (tests, tools); sign-in doesn't keep any session.
    public convenience init(server: URL, token: @escaping @Sendable () -> String? = { nil }, idleTimeout: TimeInterval = 5,
                            requestTimeout: TimeInterval = 15, trust: TLSTrust? = nil) {
        self.init(origin: Self.origin(of: server),
                  client: HTTPClient(idleTimeout: idleTimeout, requestTimeout: requestTimeout, trust: trust), identity: .fixed(token))
    }

    /// Shares one connection pool between transports (tests make one per caller).
    public convenience init(sharing other: RemoteLeagueAPI, token: @escaping @Sendable () -> String?) {
        self.init(origin: other.origin, client: other.client, identity: .fixed(token))
    }

    private init(origin: String, client: HTTPClient, identity: Identity) {
        self.origin = origin; self.client = client; self.identity = identity
    }

    /// `http://host:port` of a server URL (path, query and credentials dropped).
    public static func origin(of url: URL) -> String {
        let scheme = url.scheme ?? "http", host = url.host ?? "127.0.0.1"
        return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }

    public var session: LocalSession? { if case .session(let s) = identity { s } else { nil } }

    /// What the app learns of the server before it starts (`preflight`).
    public enum Preflight: Sendable {
        /// The server's TLS certificate is refused: the sentence saying why (not trusted, expired, for another host name).
        case refused(String)
        /// The server answered: what it says of itself (nil from a server without `/v1/meta`, which is then taken to
        /// serve every operation).
        case reached(ServerMeta?)
        /// No answer (the app starts, and says the server is offline).
        case unreachable
    }

    /// Asks `GET /v1/meta` once, without the token: whether the server's certificate is trusted, and which operations it
    /// serves. The app says a refusal and stops rather than run on a server it can't trust.
    public func preflight() async -> Preflight {
        var r = request(Self.method(ServiceRoutes.meta), ServiceRoutes.meta.path, body: nil, token: nil)
        r.timeoutInterval = 10
        let answer: HTTPClient.Answer
        do { answer = try await client.send(r) } catch {
            if case .untrusted(let why) = error { return .refused(why) }
            return .unreachable
        }
        noteVersion(answer.headers["clubhouse-version"])
        guard answer.status == 200 else { return .reached(nil) }
        return .reached(try? Self.decoder.decode(ServerMeta.self, from: answer.body))
    }

    /// The secret `clubhouse serve` shares with an SSH host on its side (`X-Clubhouse-SSH-Host`); without it key
    /// sign-in is refused.
    public var sshHostSecret: String? {
        get { state.withLock { $0.hostSecret } }
        set { state.withLock { $0.hostSecret = newValue } }
    }

    /// The SSH client's address as sshd told the session (`SSH_CONNECTION`): the SSH host forwards it with its secret
    /// on sign-ins and new accounts, so the server's limits count that client, not the loopback address every session
    /// of the host shares.
    public var sshClientAddress: String? {
        get { state.withLock { $0.sshClientAddress } }
        set { state.withLock { $0.sshClientAddress = newValue } }
    }

    /// What the SSH host sends with sign-ins and new accounts: its secret, and the SSH client's address.
    private var sshHostHeaders: [String: String] {
        state.withLock { s in
            guard let secret = s.hostSecret else { return [:] }
            var headers = ["X-Clubhouse-SSH-Host": secret]
            if let address = s.sshClientAddress { headers["X-Forwarded-For"] = address }
            return headers
        }
    }

    private struct State {
        var connection: Connection = .online
        /// When the server last answered (a read, a write, an event stream opening).
        var lastContact: Date?
        var hostSecret: String?
        var sshClientAddress: String?
        /// What the server said of itself in its last answer's `Clubhouse-Version` (nil: nothing yet, or a server from
        /// before versions).
        var serverVersion: ServerVersion?
    }
    private let state = Mutex(State())
    public var connection: Connection { state.withLock { $0.connection } }

    /// The server's version, from the `Clubhouse-Version` header of its answers (nil until one arrived).
    public var serverVersion: ServerVersion? { state.withLock { $0.serverVersion } }
    /// What to update when this app and the server don't speak the same API, in a phrase for the top bar; nil when they
    /// do (or the server hasn't said).
    public var versionMismatch: String? { serverVersion?.mismatch() }

    /// Notes the version an answer carries; the app is told (it redraws its top bar) when what it must say changes.
    private func noteVersion(_ header: String?) {
        guard let header, let version = ServerVersion(header: header) else { return }
        let before = state.withLock { s in
            defer { s.serverVersion = version }
            return s.serverVersion
        }
        if before?.mismatch() != version.mismatch(), let handler = connectionChanged.withLock({ $0 }) { handler(connection) }
    }
    private func set(_ c: Connection) {
        let was = state.withLock { s in
            defer {
                s.connection = c
                if case .online = c { s.lastContact = Date() }
            }
            return s.connection
        }
        announce(from: was, to: c)
    }

    private let connectionChanged = Mutex<(@Sendable (Connection) -> Void)?>(nil)
    /// Calls `handler` (on a transport thread) each time the connection goes offline or comes back online — the app
    /// redraws its top bar then, rather than at its next frame.
    public func onConnectionChange(_ handler: @escaping @Sendable (Connection) -> Void) {
        connectionChanged.withLock { $0 = handler }
    }
    private func announce(from was: Connection, to now: Connection) {
        guard (was == .online) != (now == .online), let handler = connectionChanged.withLock({ $0 }) else { return }
        handler(now)
    }

    /// What the event streams say: a stream the server answered means it is back; one that can't reconnect means it
    /// is gone — said at once (the top bar reads it every frame), not at the next read, so a session sitting in a
    /// live room knows picks have stopped coming because the server went away, and since when.
    private func streamReached(_ reached: Bool) {
        if reached { set(.online); return }
        let change = state.withLock { s -> Connection? in
            guard case .online = s.connection else { return nil }
            s.connection = .offline(asOf: s.lastContact)
            return s.connection
        }
        if let change { announce(from: .online, to: change) }
    }

    private var token: String? {
        switch identity {
        case .fixed(let t): t()
        case .session(let s): s.current?.token
        }
    }

    /// The sentence a write gets when the server can't be reached.
    var unreachable: DomainError { .transport("the server at \(origin.split(separator: "/").last ?? "") can't be reached") }

    // MARK: - Requests

    static let encoder = JSONEncoder()
    static let decoder = JSONDecoder()
    /// The app says its own version and API version with every request.
    static let userAgent = "clubhouse/\(ClubhouseVersion.string) (api \(ClubhouseVersion.api))"

    private static func method(_ route: ServiceRoute) -> String { route.method.rawValue }

    private func request(_ method: String, _ path: String, body: Data?, token: String?) -> URLRequest {
        var r = URLRequest(url: URL(string: origin + path)!)
        r.httpMethod = method
        r.setValue("application/json", forHTTPHeaderField: "Accept")
        r.setValue(Self.userAgent, forHTTPHeaderField: "User-Agent")
        if let body { r.httpBody = body; r.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if let token { r.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
        return r
    }

    /// One call: the answer's body on 2xx, else the domain error it stands for.
    ///
    /// With an `idempotencyKey` (creating writes: see `send(_:_:_:idempotent:)`) the server does the write at most once
    /// for that key; so this may ask again with the same key and body — once more on a fresh connection when the
    /// connection ended without an answer (not when it was refused or timed out: that fails at once, as any write
    /// does), and after `Retry-After` (up to 3 times) while the key's first request is still running elsewhere —
    /// and a repeat gets the first answer rather than a second league or a "Pick 14 was already made".
    private func exchange(_ method: String, _ path: String, body: Data?, sendToken: Bool = true, headers: [String: String] = [:],
                      idempotencyKey: String? = nil) async throws -> Data {
        try await answer(method, path, body: body, sendToken: sendToken, headers: headers, idempotencyKey: idempotencyKey).body
    }

    /// `call`, with the whole answer: 2xx, or 304 to a request that sent `If-None-Match`.
    private func answer(_ method: String, _ path: String, body: Data?, sendToken: Bool = true, headers: [String: String] = [:],
                        idempotencyKey: String? = nil) async throws -> HTTPClient.Answer {
        let token = sendToken ? self.token : nil
        var r = request(method, path, body: body, token: token)
        for (k, v) in headers { r.setValue(v, forHTTPHeaderField: k) }
        if let idempotencyKey { r.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key") }
        var waits = 0
        while true {
            let answer: HTTPClient.Answer
            do {
                do { answer = try await client.send(r) } catch .unreachable(let why)
                    where method == "GET" || (idempotencyKey != nil && why == HTTPClient.Failure.noAnswer) {
                    // A kept-alive connection the server closed just as it was reused, or an answer lost on the way: a read
                    // (idempotent) or a write under its key is asked once more on a fresh one before the server counts as
                    // unreachable.
                    answer = try await client.send(r)
                }
            } catch {
                switch error {
                case .unreachable: throw unreachable
                case .redirect: throw DomainError.transport("the server at \(origin) answered with a redirect, which clubhouse doesn't follow")
                case .tooLarge: throw DomainError.transport("the server's answer was larger than 1 MiB")
                case .untrusted(let why): throw DomainError.transport("the server at \(origin) is refused: \(why)")
                }
            }
            noteVersion(answer.headers["clubhouse-version"])
            if (200..<300).contains(answer.status) || (answer.status == 304 && headers["If-None-Match"] != nil) { return answer }
            let envelope = try? Self.decoder.decode(Wire.ErrorEnvelope.self, from: answer.body)
            if answer.status == 409, envelope?.error.code == "idempotency_in_progress", waits < 3 {
                waits += 1
                let seconds = min(2.0, max(0.2, Double(answer.headers["retry-after"] ?? "") ?? 1))
                try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
                continue
            }
            throw failure(answer, envelope: envelope, token: token)
        }
    }

    /// The domain error a refusal stands for: its kind by the wire's table (`ErrorKind+Wire.swift`), its sentence from
    /// the envelope. A 401 ends the session it was sent with.
    private func failure(_ answer: HTTPClient.Answer, envelope: Wire.ErrorEnvelope?, token: String?) -> DomainError {
        let e = envelope?.error
        let message = e?.message ?? "The server answered \(answer.status)"
        let retryAfter = Int(answer.headers["retry-after"] ?? "") ?? 1
        guard let kind = ErrorKind(status: answer.status, code: e?.code, field: e?.field, retryAfter: retryAfter) else {
            if answer.status == 404 { return .transport("the server at \(origin) doesn't know this request (\(message))") }
            return .transport("the server answered \(answer.status): \(message)")
        }
        if kind == .unauthenticated, let token, case .session(let s) = identity { s.end(.expired, ifToken: token) }
        return DomainError(kind, message: message)
    }

    /// A read: decoded, cached, and answered from the cache when the server can't be reached.
    private func get<T: Codable & Sendable>(_ full: String) async throws -> T {
        let key = (token == nil ? "-" : "+") + full
        do {
            // The same read asked again while one is on its way since the last event this transport saw (the board and
            // the draft room both read the board after a pick) rides on that one, answer decoded once.
            let shared = try await inFlight.join(key + "#\(latestEvent.withLock { $0 })#\(T.self)") { () async throws -> any Sendable in
                // A page read before is asked for with its tag: when it hasn't changed the server sends 304 and no
                // body, and the value already decoded is answered again (nothing decoded, nothing new to draw).
                let cached = self.cache.entry(key)
                let answer = try await self.answer("GET", full, body: nil, headers: cached?.etag.map { ["If-None-Match": $0] } ?? [:])
                if answer.status == 304, let cached {
                    self.cache.revalidated(key)
                    if let value = cached.value as? T { return value }
                    return try self.decode(T.self, cached.data)
                }
                let value = try self.decode(T.self, answer.body)
                self.cache.store(key, answer.body, etag: answer.headers["etag"], value: value)
                return value
            }
            set(.online)
            if let value = shared as? T { return value }
            throw DomainError.transport("the server's answer didn't make sense (is it a different version?)")
        } catch DomainError.transport(let m) where m == unreachableText {
            guard let (data, at) = cache.load(key) else { set(.offline(asOf: nil)); throw unreachable }
            set(.offline(asOf: at))
            return try decode(T.self, data)
        }
    }
    private var unreachableText: String { if case .transport(let m) = unreachable { m } else { "" } }

    /// A write. `idempotent`: one that creates something (a league, a claim, a pick, a chat line…) or can't be done
    /// twice harmlessly (undo): it goes with a new `Idempotency-Key`, so a retry of it — this transport's own, after a
    /// lost answer — is answered, not done again. The body is encoded once: a retry sends the same bytes.
    private func send<T: Decodable, B: Encodable>(_ method: String, _ path: String, _ body: B, idempotent: Bool = false) async throws -> T {
        let data = try await exchange(method, path, body: try Self.encoder.encode(body), idempotencyKey: idempotent ? Self.newIdempotencyKey() : nil)
        set(.online)
        return try decode(T.self, data)
    }
    private func send<T: Decodable>(_ method: String, _ path: String, idempotent: Bool = false) async throws -> T {
        try await send(method, path, Wire.Empty(), idempotent: idempotent)
    }

    /// A key no other write of any client will use (122 random bits).
    static func newIdempotencyKey() -> String { UUID().uuidString.lowercased() }

    private func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        do { return try Self.decoder.decode(T.self, from: data) } catch {
            throw DomainError.transport("the server's answer didn't make sense (is it a different version?)")
        }
    }


    // MARK: - Endpoints

    /// Every league operation over HTTP, from its endpoint's definition: a read through the cache (`get`), a write
    /// with its body (`send`), under an `Idempotency-Key` when the endpoint creates something.
    public func call<Address, Body, Response>(_ endpoint: Endpoint<Address, Body, Response>, _ address: Address, _ body: Body) async throws -> Response {
        let raw = address.raw
        if endpoint.method == .get { return try await get(endpoint.path(raw) + raw.queryString) }
        return try await send(endpoint.method.rawValue, endpoint.path(raw) + raw.queryString, body, idempotent: endpoint.idempotent)
    }

    // MARK: - AccountAPI

    public func createAccount(email: String, password: String, displayName: String) async throws -> AccountSession {
        let body = try Self.encoder.encode(Wire.NewAccount(email: email, password: password, displayName: displayName,
                                                           device: sshHostSecret == nil ? nil : session?.deviceID))
        let created = try decode(AccountSession.self, try await exchange(Self.method(ServiceRoutes.createAccount), ServiceRoutes.createAccount.path, body: body, sendToken: false, headers: sshHostHeaders))
        try session?.keep(created)
        cache.clear()
        return created
    }

    public func signIn(email: String, password: String) async throws -> AccountSession {
        let body = try Self.encoder.encode(Wire.SignIn(email: email, password: password, device: session?.deviceID))
        let signed = try decode(AccountSession.self, try await exchange(Self.method(ServiceRoutes.signIn), ServiceRoutes.signIn.path, body: body, sendToken: false, headers: sshHostHeaders))
        try session?.keep(signed)
        cache.clear()
        return signed
    }

    public func signIn(sshKeyFingerprint: String) async throws -> AccountSession {
        let data = try await exchange(Self.method(ServiceRoutes.signInWithSSHKey), ServiceRoutes.signInWithSSHKey.path, body: try Self.encoder.encode(Wire.Fingerprint(fingerprint: sshKeyFingerprint)),
                                  sendToken: false, headers: sshHostSecret.map { ["X-Clubhouse-SSH-Host": $0] } ?? [:])
        let signed = try decode(AccountSession.self, data)
        try session?.keep(signed)
        cache.clear()
        return signed
    }

    /// Whom `fingerprint` is linked to (display name, else email), nil when nobody: asked by the SSH host only (403
    /// `.forbidden` without its secret).
    public func sshKeyOwner(fingerprint: String) async throws -> String? {
        let data = try await exchange(Self.method(ServiceRoutes.sshKeyOwner), ServiceRoutes.sshKeyOwner.path, body: try Self.encoder.encode(Wire.Fingerprint(fingerprint: fingerprint)),
                                  sendToken: false, headers: sshHostSecret.map { ["X-Clubhouse-SSH-Host": $0] } ?? [:])
        set(.online)
        return try decode(Wire.SSHKeyOwner.self, data).name
    }

    /// Ends the session on the server, then wipes the local session and the read cache — even when the server
    /// can't be reached.
    public func signOut() async throws {
        if token != nil { _ = try? await exchange(Self.method(ServiceRoutes.signOut), ServiceRoutes.signOut.path, body: nil) }
        session?.end(.signedOut)
        cache.clear()
    }

    public func currentUser() async throws -> User? {
        guard token != nil else { return nil }
        let user: User? = try await get(ServiceRoutes.currentUser.path)
        if let user { try? session?.update(user) }
        return user
    }

    public func updateProfile(displayName: String?, email: String?) async throws -> User {
        let user: User = try await send(Self.method(ServiceRoutes.updateProfile), ServiceRoutes.updateProfile.path, Wire.Profile(displayName: displayName, email: email))
        try? session?.update(user)
        return user
    }

    public func linkSSHKey(fingerprint: String, publicKey: String) async throws {
        let _: Wire.Empty = try await send(Self.method(ServiceRoutes.linkSSHKey), ServiceRoutes.linkSSHKey.path, Wire.LinkKey(fingerprint: fingerprint, publicKey: publicKey))
    }

    public func unlinkSSHKey(fingerprint: String) async throws {
        let _: Wire.Empty = try await send(Self.method(ServiceRoutes.unlinkSSHKey), ServiceRoutes.unlinkSSHKey.path, Wire.Fingerprint(fingerprint: fingerprint))
    }

    // MARK: - LeagueEvents

    /// Server-sent events of `league` (all leagues when nil) after `id` (only new ones when nil), on one stream for
    /// as long as the caller watches (the app's board: one long-lived effect per league it follows). The stream
    /// reconnects with back-off (0.25 s doubling to 15 s) and resumes from the last event it delivered; it closes when
    /// the caller stops watching. Streams go only to this transport's own server.
    public func events(league: LeagueID?, after id: Int64?) -> AsyncStream<LeagueEvent> {
        let path = ServiceRoutes.eventsPath(league: league)
        let client = self.client, url = URL(string: origin + path)!, token = self.token
        return AsyncStream { continuation in
            let feed = EventFeed(client: client, url: url, token: token, after: id,
                                 deliver: { [weak self] e in self?.saw(e); continuation.yield(e) },
                                 reached: { [weak self] in self?.streamReached($0) })
            continuation.onTermination = { _ in feed.cancel() }
            feed.connect()
        }
    }

    /// Notes the newest event this transport's streams delivered (reads key on it: see `get`).
    private func saw(_ e: LeagueEvent) { latestEvent.withLock { $0 = max($0, e.id) } }
}
