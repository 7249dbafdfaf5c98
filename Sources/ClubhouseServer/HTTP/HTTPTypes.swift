import ClubhouseDomain
import Foundation

/// One HTTP request as the route table sees it (the body is complete; limits were checked while reading it).
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query string, each segment percent-decoded (`RequestHead.target`).
    public var path: String
    public var query: [String: String]
    /// Header values the server uses (lowercased names): authorization, last-event-id, content-type, idempotency-key, if-none-match,
    /// x-forwarded-for (every line of it, joined in order).
    public var headers: [String: String]
    public var body: [UInt8]
    /// The address of the connection's peer (a client, or a proxy in front of it); nil when unknown.
    public var peer: IPAddress?
    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: [UInt8] = [],
                peer: IPAddress? = nil) {
        self.method = method; self.path = path; self.query = query; self.headers = headers; self.body = body; self.peer = peer
    }
}

/// A response: bytes, an open event stream, or an answer prepared once and sent many times.
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        case stream(EventStream)
        /// The same answer sent again (`PreparedAnswer`): `status` and `headers` are its own.
        case prepared(PreparedAnswer)
    }
    public var status: Int
    public var headers: [(String, String)]
    public var body: Body
    /// The route template that answered (for the request log); nil when none matched.
    public var route: String?
    public init(status: Int, headers: [(String, String)] = [], body: Body = .bytes([]), route: String? = nil) {
        self.status = status; self.headers = headers; self.body = body; self.route = route
    }

    static let jsonType = ("Content-Type", "application/json; charset=utf-8")
    static let noStore = ("Cache-Control", "no-store")

    public static func json(_ status: Int, _ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: [jsonType, noStore], body: .bytes(bytes))
    }
}

/// A refusal, sent as the error envelope `{"error":{"code","message","field"?}}` (see `ErrorTable`).
public struct HTTPError: Error, Hashable, Sendable {
    public var status: Int
    public var code: String
    public var message: String
    public var field: String?
    /// Seconds, sent as `Retry-After` (429, 503).
    public var retryAfter: Int?
    /// Extra headers (405's `Allow`).
    public var allow: String?
    /// Sent with `Connection: close`: the request's framing can't be trusted, so nothing after it on the connection is read.
    public var closesConnection = false

    public init(_ status: Int, _ code: String, _ message: String, field: String? = nil, retryAfter: Int? = nil, allow: String? = nil) {
        self.status = status; self.code = code; self.message = message; self.field = field; self.retryAfter = retryAfter; self.allow = allow
    }

    /// A refusal of `kind` (its status, code, field and `Retry-After`; `retryAfter` overrides the kind's seconds).
    public init(_ kind: ErrorKind, _ message: String, retryAfter: Int? = nil) {
        self.init(kind.status, kind.code, message, field: kind.field, retryAfter: retryAfter ?? kind.retryAfterSeconds)
    }

    public var response: HTTPResponse {
        let envelope = Wire.ErrorEnvelope(error: .init(code: code, message: message, field: field))
        var r = HTTPResponse.json(status, Array((try? HTTPResponse.jsonEncoder.encode(envelope)) ?? Data()))
        if let retryAfter { r.headers.append(("Retry-After", "\(retryAfter)")) }
        if let allow { r.headers.append(("Allow", allow)) }
        if closesConnection { r.headers.append(("Connection", "close")) }
        return r
    }
}

enum JSONText {
    /// A JSON string literal.
    static func quote(_ s: String) -> String {
        // Most text (a method, a route) needs no escape: quoted as it is.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) { return "\"" + s + "\"" }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
