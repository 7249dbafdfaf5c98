import Foundation

/// One operation of the league API, defined once: its HTTP method and path template, its address (path and query
/// parameters), request body and response types, who may call it, the use case it runs, and — for a gated write — the
/// soft gate's words. The server's router, the remote transport, the embedded transport and the soft gate all read
/// this one value, so a route path, a body or a gate sentence exists in one place.
///
/// Adding an operation: write the use case on its journey's service (`Features/<Journey>/<Journey>Service*.swift`,
/// reached from the root as `service.<journey>`), add one `Endpoint` running it (`c.service.draft.makePick(…)`) to
/// the journey's namespace in `API/Endpoints/` (and to that namespace's `all`), and call it from the page with
/// `api.call(endpoint, address, body)`.
public struct Endpoint<Address: EndpointAddress, Body: Codable & Hashable & Sendable, Response: Codable & Sendable>: AnyEndpoint {
    /// Stable and unique: the activity log's operation name and a pending write's reference (kept on disk through a
    /// sign-in), so never renamed once shipped.
    public let name: String
    public let method: HTTPMethod
    /// `/v1/leagues/{league}/draft/picks`: `{name}` segments are filled from the address.
    public let template: String
    public let access: EndpointAccess
    /// A write that creates something or can't harmlessly be done twice: the remote transport sends it with an
    /// `Idempotency-Key`, so its own retry after a lost answer is answered rather than done again.
    public let idempotent: Bool
    /// The use case, as the caller in `context`. Runs on a thread that may block (the database).
    public let run: @Sendable (UseCaseContext, Address, Body) throws -> Response
    /// The soft gate's words for a gated write (nil for reads and for writes that aren't offered signed out).
    public let gate: GateWords<Address, Body>?

    /// A read: `GET`, callable by anyone (the use case decides what a signed-out caller may see).
    public static func read(_ name: String, _ template: String,
                            _ run: @escaping @Sendable (UseCaseContext, Address) throws -> Response) -> Self where Body == Wire.Empty {
        Self(name: name, method: .get, template: template, access: .anyone, idempotent: false, run: { c, a, _ in try run(c, a) }, gate: nil)
    }

    /// A read of one league as the caller: `GET`, anyone, running the journey's use case for that league
    /// (`{ try $0.draft.draftBoard($1, caller: $2) }`).
    public static func leagueRead(_ name: String, _ template: String,
                                  _ run: @escaping @Sendable (LeagueService, LeagueID, Caller) throws -> Response) -> Self
    where Address == At.League, Body == Wire.Empty {
        read(name, template) { c, a in try run(c.service, a.league, c.caller) }
    }

    /// A write that goes through the soft gate when the person is signed out, with the gate's words.
    public static func gated(_ name: String, _ method: HTTPMethod, _ template: String, idempotent: Bool = false, _ words: GateWords<Address, Body>,
                             _ run: @escaping @Sendable (UseCaseContext, Address, Body) throws -> Response) -> Self {
        Self(name: name, method: method, template: template, access: .gated, idempotent: idempotent, run: run, gate: words)
    }

    /// A write only a signed-in person is offered (their own account's settings): refused signed out, no gate.
    public static func signedIn(_ name: String, _ method: HTTPMethod, _ template: String, idempotent: Bool = false,
                                _ run: @escaping @Sendable (UseCaseContext, Address, Body) throws -> Response) -> Self {
        Self(name: name, method: method, template: template, access: .signedIn, idempotent: idempotent, run: run, gate: nil)
    }

    public var bodyType: any (Codable & Sendable).Type { Body.self }

    public func invoke(_ api: any LeagueTransport, _ raw: RawAddress, _ body: any Sendable) async throws -> any (Encodable & Sendable) {
        guard let body = body as? Body else { throw DomainError.validation(field: "request", message: "The request's body isn't a \(Body.self)") }
        return try await api.call(self, try Address(raw), body)
    }
}

public enum HTTPMethod: String, Hashable, Codable, Sendable { case get = "GET", post = "POST", put = "PUT", delete = "DELETE" }

/// Who may call an endpoint. Every rule and role check still lives in the use case; this says how the app and the
/// server treat the call before it runs.
public enum EndpointAccess: Hashable, Sendable {
    /// A read: anyone, a token when sent must be valid.
    case anyone
    /// A write for a signed-in person only, never offered signed out.
    case signedIn
    /// A write offered signed out: the app keeps it through sign-in (the soft gate), then performs it.
    case gated

    public var isWrite: Bool { self != .anyone }
}

/// What the use case behind an endpoint is told: the service, who is asking, and a seed for anything random it makes
/// (invite codes, draft orders), drawn by the transport so tests can fix it.
public struct UseCaseContext: Sendable {
    public let service: LeagueService
    public let caller: Caller
    public let seed: UInt64
    public init(service: LeagueService, caller: Caller, seed: UInt64) { self.service = service; self.caller = caller; self.seed = seed }
}

/// The soft gate's three sentences for a gated write, each made from the write's address and body and the league's
/// name ("this league" / "the league" when it isn't known). The string form fills `{league}` in.
public struct GateWords<Address: Sendable, Body: Sendable>: Sendable {
    /// "Sign in to add this player in Sunday Funday." — shown on the sign-in page.
    public let reason: @Sendable (Address, Body, _ league: String) -> String
    /// "Finish adding that player in Sunday Funday?" — asked when a pending write is found on launch.
    public let resume: @Sendable (Address, Body, _ league: String) -> String
    /// "Player added to your team" — the toast once it went through.
    public let success: @Sendable (Address, Body) -> String

    public init(reason: @escaping @Sendable (Address, Body, String) -> String, resume: @escaping @Sendable (Address, Body, String) -> String,
                success: @escaping @Sendable (Address, Body) -> String) {
        self.reason = reason; self.resume = resume; self.success = success
    }

    /// Fixed sentences; `{league}` is replaced by the league's name.
    public init(reason: String, resume: String = GateWords.resumeAnything, success: String) {
        self.init(reason: { _, _, name in GateWords.fill(reason, name) }, resume: { _, _, name in GateWords.fill(resume, name) },
                  success: { _, _ in success })
    }

    public static var resumeAnything: String { "Finish what you started in {league}?" }
    static func fill(_ template: String, _ name: String) -> String { template.replacingOccurrences(of: "{league}", with: name) }
}

/// An endpoint with its types erased: what the server's router and the soft gate hold in their tables.
public protocol AnyEndpoint: Sendable {
    var name: String { get }
    var method: HTTPMethod { get }
    var template: String { get }
    var access: EndpointAccess { get }
    var idempotent: Bool { get }
    var bodyType: any (Codable & Sendable).Type { get }
    /// Calls the endpoint on `api` with an address parsed from `raw` and a decoded body of `bodyType`.
    func invoke(_ api: any LeagueTransport, _ raw: RawAddress, _ body: any Sendable) async throws -> any (Encodable & Sendable)
}

extension AnyEndpoint {
    /// The path for an address: each `{name}` segment replaced by the address's value, percent-encoded.
    public func path(_ raw: RawAddress) -> String {
        template.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            guard segment.hasPrefix("{"), segment.hasSuffix("}") else { return String(segment) }
            return RawAddress.escape(raw.path[String(segment.dropFirst().dropLast())] ?? "")
        }.joined(separator: "/")
    }

    /// The names of the template's `{name}` segments.
    public var pathNames: [String] {
        template.split(separator: "/").filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) }
    }
}

/// How a transport runs an endpoint: in process (the use case, as this transport's caller) or over HTTP.
public protocol LeagueTransport: Sendable {
    func call<Address, Body, Response>(_ endpoint: Endpoint<Address, Body, Response>, _ address: Address, _ body: Body) async throws -> Response
}

extension LeagueTransport {
    /// A call without a body (reads, and writes whose address says it all).
    public func call<Address, Response>(_ endpoint: Endpoint<Address, Wire.Empty, Response>, _ address: Address) async throws -> Response {
        try await call(endpoint, address, Wire.Empty())
    }
}
