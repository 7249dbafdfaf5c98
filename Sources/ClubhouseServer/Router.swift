import ClubhouseDomain
import Foundation

/// One row of the route table: a method and a path template under `/v1/`, and how to turn the request into one
/// `LeagueAPI` call and its answer into JSON. Reads and writes differ only in whether a body is decoded and whether
/// the per-account write limit applies; every rule stays in the use cases behind the contract.
public struct Route: Sendable {
    public enum Access: Sendable {
        /// Anyone; a bearer token, when sent, must be valid.
        case read
        /// As `.read`, and counted against the account's write limit; may carry an `Idempotency-Key`.
        case write
        /// Sign-in and account creation: any token sent is ignored.
        case account
    }
    public let method: String
    public let template: String
    public let access: Access
    let segments: [String]
    let run: @Sendable (RouteCall) async throws -> HTTPResponse
    /// A read of one league's pages (`/v1/leagues/{league}…`): its answers to requests without a token are the same
    /// for everyone at one revision of the league, so the server keeps them (`ReadCache`).
    public var cachesPublicAnswers = false

    public init(_ method: String, _ template: String, access: Access, run: @escaping @Sendable (RouteCall) async throws -> HTTPResponse) {
        self.method = method; self.template = template; self.access = access; self.run = run
        segments = template.split(separator: "/").map(String.init)
    }

    /// The route of a `ServiceRoute` (accounts, sessions, meta, the server's own), answered by `run`.
    public init(_ route: ServiceRoute, access: Access, run: @escaping @Sendable (RouteCall) async throws -> HTTPResponse) {
        self.init(route.method.rawValue, route.path, access: access, run: run)
    }

    /// The route of an endpoint: its address parsed from the path and query, its body decoded strictly (a write),
    /// the call made on the contract as the caller sees it, and the answer as JSON.
    public init(_ endpoint: any AnyEndpoint) {
        self.init(endpoint.method.rawValue, endpoint.template, access: endpoint.access.isWrite ? .write : .read) { c in
            let body: any Sendable = endpoint.method == .get ? Wire.Empty() : try Self.decode(endpoint.bodyType, c.request.body)
            let answer: any (Encodable & Sendable)
            do { answer = try await endpoint.invoke(c.api, c.params.raw, body) } catch let bad as RawAddress.Invalid {
                throw ServerErrors.badParameter(bad.name, bad.expected)
            }
            return try .ok(answer)
        }
        cachesPublicAnswers = endpoint.method == .get && endpoint.template.hasPrefix(Endpoints.leaguePagesPrefix)
            && !Endpoints.readsAcrossLeagues.contains(endpoint.name)
    }

    private static func decode<T: Codable & Sendable>(_ type: T.Type, _ body: [UInt8]) throws -> any Sendable {
        try StrictJSON.decode(T.self, from: body)
    }

    /// A write with a JSON body of type `In` outside the league API's endpoints (an account's own settings): decoded
    /// strictly, then `call(api, body)` → 200 JSON.
    static func write<In: Codable & Sendable, Out: Encodable & Sendable>(_ route: ServiceRoute, _ body: In.Type,
                                                                         _ call: @escaping @Sendable (any LeagueAPI, In) async throws -> Out) -> Route {
        Route(route, access: .write) { c in
            let input = try StrictJSON.decode(In.self, from: c.request.body)
            return try .ok(await call(c.api, input))
        }
    }

    func match(_ path: [Substring]) -> [String: String]? {
        guard path.count == segments.count else { return nil }
        var params: [String: String] = [:]
        for (s, p) in zip(segments, path) {
            if s.hasPrefix("{") { params[String(s.dropFirst().dropLast())] = String(p) } else if s != p { return nil }
        }
        return params
    }
}

/// What a route's closure gets: the request, its typed parameters, and the contract as the caller sees it.
public struct RouteCall: Sendable {
    public let request: HTTPRequest
    public let params: Params
    public let api: any LeagueAPI
    public let caller: Caller
    /// The bearer token (only for sign-out; never logged).
    public let token: String?
    /// The token's account, when a valid token was sent.
    public let user: User?
    public let backend: any LeagueServerBackend
    /// The secret an SSH host sends (`X-Clubhouse-SSH-Host`) to sign a key's owner in; nil: key sign-in refused.
    public let sshHostSecret: String?
    /// The request carries that secret: it comes from the club's SSH host, which may name the device (the SSH key)
    /// and the client's address (`X-Forwarded-For`) for the sign-in limits.
    public let fromSSHHost: Bool
    /// The client's address as the server can vouch for it (see `LeagueServer.Options.trustedProxies`).
    public let client: IPAddress?
    /// What the server says of itself (`GET /v1/meta`).
    public let meta: ServerMeta
}

/// Path and query parameters as text; an endpoint parses them into its typed address (a bad one is a 400
/// `bad_parameter` naming it).
public struct Params: Sendable {
    public let path: [String: String]
    public let query: [String: String]

    public var raw: RawAddress { RawAddress(path: path, query: query) }
    public var league: LeagueID { get throws(HTTPError) { try Self.parsed { () throws(RawAddress.Invalid) in try raw.league } } }

    /// `body`'s value, or its bad parameter as the 400 the client gets.
    static func parsed<T>(_ body: () throws(RawAddress.Invalid) -> T) throws(HTTPError) -> T {
        do { return try body() } catch { throw ServerErrors.badParameter(error.name, error.expected) }
    }
}

extension HTTPResponse {
    /// Keys sorted: the same answer is the same bytes on every instance and every run (so its `ETag` is too).
    static let jsonEncoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return e
    }()

    /// 200 with `value` as JSON.
    static func ok<T: Encodable>(_ value: T) throws -> HTTPResponse {
        .json(200, Array(try jsonEncoder.encode(value)))
    }
}

/// Finds the route for a method and path: the route, or 404 `no_route`, or 405 with the methods the path has.
/// `HEAD` is answered wherever `GET` is, by the `GET` route (libmicrohttpd sends its headers without the body).
struct Router: Sendable {
    let routes: [Route]

    func resolve(method: String, path: String) -> Result<(Route, [String: String]), HTTPError> {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard path.hasPrefix("/"), !parts.contains(where: { $0.isEmpty }) else { return .failure(ServerErrors.noRoute) }
        let segments = Array(parts)
        let wanted = method == "HEAD" ? "GET" : method
        var allowed: Set<String> = []
        for route in routes {
            guard let params = route.match(segments) else { continue }
            if route.method == wanted { return .success((route, params)) }
            allowed.insert(route.method)
            if route.method == "GET" { allowed.insert("HEAD") }
        }
        if allowed.isEmpty { return .failure(ServerErrors.noRoute) }
        return .failure(ServerErrors.methodNotAllowed(allowed.sorted()))
    }
}
