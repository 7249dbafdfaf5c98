/// The one table of error kinds ⇄ HTTP statuses and codes: the server sends a `ClubhouseError` by its kind
/// (`ServerErrors.from`), the remote client reads a refusal back into the same kind (`init(status:code:field:retryAfter:)`).
/// The server's own refusals about HTTP itself (malformed JSON, no route, a body too large…, `ServerErrors`) are
/// statuses of their own; the client reads the 4xx ones among them as `validation`.
extension ErrorKind {
    /// The HTTP status a refusal of this kind is sent with.
    public var status: Int {
        switch self {
        case .unauthenticated: 401
        case .forbidden: 403
        case .notFound: 404
        case .conflict: 409
        case .validation: 422
        case .rateLimited, .limitReached: 429
        case .storage, .unavailable: 503
        }
    }

    /// The stable machine code in the error envelope (`Wire.ErrorEnvelope`).
    public var code: String {
        switch self {
        case .unauthenticated: "unauthenticated"
        case .forbidden: "forbidden"
        case .notFound: "not_found"
        case .conflict: "conflict"
        case .validation: "validation"
        case .rateLimited: "rate_limited"
        case .limitReached: "limit_reached"
        case .storage, .unavailable: "unavailable"
        }
    }

    /// The envelope's `field`: what to fix, for a validation.
    public var field: String? { if case .validation(let field) = self { field } else { nil } }

    /// Seconds sent as `Retry-After`: when a limit frees up, or a second for a failure behind the server.
    public var retryAfterSeconds: Int? {
        switch self {
        case .rateLimited(let s), .limitReached(let s): s
        case .storage, .unavailable: 1
        default: nil
        }
    }

    /// The kind a refusal stands for, from its status, the envelope's code and field and the `Retry-After` seconds;
    /// nil for one the contract doesn't name (404 without `not_found`: no such route on that server; 405; a 5xx other
    /// than 503). A storage failure behind the server arrives as `unavailable`: the client's own storage is fine.
    public init?(status: Int, code: String?, field: String?, retryAfter: Int) {
        switch status {
        case 401: self = .unauthenticated
        case 403: self = .forbidden
        case 404 where code == ErrorKind.notFound.code: self = .notFound
        case 409: self = .conflict
        // The server's own refusals of a request's form (400 `malformed_json`, 413, 415) are the input's to fix too.
        case 400, 413, 415, 422: self = .validation(field: field ?? "request")
        case 429 where code == ErrorKind.limitReached(retryAfterSeconds: 0).code: self = .limitReached(retryAfterSeconds: retryAfter)
        case 429: self = .rateLimited(retryAfterSeconds: retryAfter)
        case 503: self = .unavailable
        default: return nil
        }
    }
}
