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

    public init(_ method: String, _ template: String, access: Access, run: @escaping @Sendable (RouteCall) async throws -> HTTPResponse) {
        self.method = method; self.template = template; self.access = access; self.run = run
        segments = template.split(separator: "/").map(String.init)
    }

    /// A read: `GET template` → `call(api, params)` → 200 JSON.
    public static func get<Out: Encodable & Sendable>(_ template: String, _ call: @escaping @Sendable (any LeagueAPI, Params) async throws -> Out) -> Route {
        Route("GET", template, access: .read) { c in try .ok(await call(c.api, c.params)) }
    }

    /// A write with a JSON body of type `In`: decoded strictly, then `call(api, params, body)` → 200 JSON.
    public static func write<In: Codable & Sendable, Out: Encodable & Sendable>(_ method: String, _ template: String, _ body: In.Type,
                                                                                _ call: @escaping @Sendable (any LeagueAPI, Params, In) async throws -> Out) -> Route {
        Route(method, template, access: .write) { c in
            let input = try StrictJSON.decode(In.self, from: c.request.body)
            return try .ok(await call(c.api, c.params, input))
        }
    }

    /// A write without a body (an empty body or `{}`).
    public static func write<Out: Encodable & Sendable>(_ method: String, _ template: String,
                                                        _ call: @escaping @Sendable (any LeagueAPI, Params) async throws -> Out) -> Route {
        write(method, template, Wire.Empty.self) { api, p, _ in try await call(api, p) }
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
    public let serverVersion: ServerVersion
}

/// Path and query parameters, parsed on demand; a bad one is a 400 `bad_parameter` naming it.
public struct Params: Sendable {
    public let path: [String: String]
    public let query: [String: String]

    func id(_ name: String) throws(HTTPError) -> Int64 {
        guard let raw = path[name] ?? query[name], let n = Int64(raw), n > 0 else { throw ServerErrors.badParameter(name, "a positive whole number") }
        return n
    }
    public var league: LeagueID { get throws(HTTPError) { LeagueID(try id("league")) } }
    public var team: TeamID { get throws(HTTPError) { TeamID(try id("team")) } }
    public var user: UserID { get throws(HTTPError) { UserID(try id("user")) } }
    public var claim: Int64 { get throws(HTTPError) { try id("claim") } }
    public var week: Int {
        get throws(HTTPError) {
            guard let raw = path["week"], let w = Int(raw), (1...30).contains(w) else { throw ServerErrors.badParameter("week", "a week number") }
            return w
        }
    }
    public var player: PlayerID {
        get throws(HTTPError) {
            guard let raw = path["player"], (1...40).contains(raw.count),
                  raw.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }) else {
                throw ServerErrors.badParameter("player", "a player id like 00-0033280")
            }
            return PlayerID(raw)
        }
    }
    public var code: String {
        get throws(HTTPError) {
            guard let raw = path["code"], (1...64).contains(raw.count) else { throw ServerErrors.badParameter("code", "an invite code") }
            return raw
        }
    }
    /// An optional whole-number query parameter.
    public func optionalInt(_ name: String) throws(HTTPError) -> Int? {
        guard let raw = query[name] else { return nil }
        guard let n = Int(raw) else { throw ServerErrors.badParameter(name, "a whole number") }
        return n
    }
    /// An optional query parameter from a fixed set of names (`position=WR`).
    public func optional<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws(HTTPError) -> T? where T.RawValue == String {
        guard let raw = query[name] else { return nil }
        guard let value = T(rawValue: raw) else {
            throw ServerErrors.badParameter(name, "one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return value
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
        guard path.hasPrefix("/"), !parts.contains(where: \.isEmpty) else { return .failure(ServerErrors.noRoute) }
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
