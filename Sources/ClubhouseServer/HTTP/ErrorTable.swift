import ClubhouseDomain
import Foundation

/// Every error code and its HTTP status (docs/operating.md, "What it refuses", lists it too). Every refusal is the
/// envelope `{"error":{"code":"…","message":"…","field":"…"?}}`; `message` is one sentence a person understands.
/// The use cases' refusals (401, 403, 404 `not_found`, 409 `conflict`, 422 `validation`, 429, 503) are their error
/// kinds' (`ErrorKind+Wire.swift`, which the remote client reads them back by); the rest are this server's own.
///
/// | status | code                    | when |
/// |--------|-------------------------|------|
/// | 400    | `malformed_json`        | the body isn't UTF-8 JSON (truncated, invalid UTF-8, UTF-16, a byte order mark, a control character, not an object) |
/// | 400    | `invalid_field`         | a field has the wrong type, is missing, or its number doesn't fit (`field` names it) |
/// | 400    | `unknown_field`         | a field the request doesn't have (`field` names it) |
/// | 400    | `too_deep`              | JSON nested deeper than 16 levels |
/// | 400    | `string_too_long`       | a JSON string over 4,096 bytes (UTF-8, escapes decoded: 4,096 is accepted) |
/// | 400    | `bad_parameter`         | a path or query parameter (or `Idempotency-Key` header) that isn't a valid id, number, name or key, or a query parameter given twice (`field` names it) |
/// | 400    | `malformed_request`     | the request breaks HTTP's framing or a URL's rules (`RequestHead`, `chs_head_is_well_formed`): both Content-Length and Transfer-Encoding, a Transfer-Encoding other than chunked (or on HTTP/1.0), a header that must come once sent twice, a NUL or other control character (a bare CR…) in the request line or a header, a line not ended by CR LF, folded onto the next or with a space before its colon, an escaped control character (`%00`) or `%2F` inside a path segment, a `%` without two hex digits, a character a URL can't hold; the connection is closed after the answer |
/// | 401    | `unauthenticated`       | a gated call without a session; a malformed, unknown, expired or revoked token |
/// | 403    | `forbidden`             | signed in but not allowed (commissioner-only, someone else's team…); a private league's pages or events without membership; a wrong SSH host secret |
/// | 404    | `not_found`             | the league, team, player… doesn't exist |
/// | 404    | `no_route`              | no such path |
/// | 405    | `method_not_allowed`    | the path exists with other methods (`Allow` lists them; `HEAD` is answered wherever `GET` is) |
/// | 409    | `conflict`              | a stale or lost race (pick already made, league full, state changed) |
/// | 409    | `idempotency_in_progress` | a request with the same `Idempotency-Key` is still running on another instance (`Retry-After`) |
/// | 413    | `body_too_large`        | a request body over 64 KiB |
/// | 415    | `unsupported_media_type`| a body whose Content-Type isn't `application/json` (parameters allowed; a charset must be UTF-8) |
/// | 422    | `validation`            | the use case refused the input (`field` names what to fix) |
/// | 422    | `idempotency_key_reused`| the `Idempotency-Key` was used by this account for a different request (method, path or body) |
/// | 429    | `rate_limited`          | too many failed sign-ins (5 a minute per account and per client address) or writes (per account) (`Retry-After`) |
/// | 429    | `limit_reached`         | a cap, said in its own sentence: 10 new accounts an hour per client address, 10 new leagues a day per account (`Retry-After`) |
/// | 503    | `unavailable`           | over the connection or event-stream cap, shutting down, or storage failing or not answering in time (`Retry-After`; a generic sentence, the cause is logged) |
public enum ServerErrors {
    /// The refusal an error the app can explain is sent as: its kind's status, code, field and `Retry-After`
    /// (`ErrorKind+Wire.swift`, the table the remote client reads it back by) and its sentence.
    public static func from(_ error: any ClubhouseError) -> HTTPError {
        switch error.kind {
        // What failed behind the server (the database's message, its host) is for the server's log, not for clients.
        case .storage: databaseUnavailable
        case .unavailable: serverFailed
        case let kind: HTTPError(kind, error.message)
        }
    }

    public static let unauthenticated = HTTPError(.unauthenticated, DomainError.unauthenticated.message)
    /// The same refusal to a request that sent no session token: nothing ended, it needs one.
    public static let signInNeeded = HTTPError(.unauthenticated, "Sign in first — this needs an account")
    /// The storage failed or didn't answer in time (the cause is in the server's log).
    public static let databaseUnavailable = HTTPError(.storage, "The league's database isn't answering — try again shortly")
    /// Anything else that failed inside the server.
    public static let serverFailed = HTTPError(.unavailable, "The league server couldn't do that just now — try again")
    static func bodyTooLarge(_ limit: Int) -> HTTPError {
        HTTPError(413, "body_too_large", "A request body is at most \(limit / 1024) KiB")
    }
    static let noRoute = HTTPError(404, "no_route", "There is no such page on this server")
    static func methodNotAllowed(_ allowed: [String]) -> HTTPError {
        HTTPError(405, "method_not_allowed", "This page answers \(allowed.joined(separator: ", ")) only", allow: allowed.joined(separator: ", "))
    }
    static let unsupportedMediaType = HTTPError(415, "unsupported_media_type", "Send the request body as application/json")
    /// A request whose framing or URL can't be trusted: 400, and the connection is closed after the answer.
    static func malformed(_ message: String) -> HTTPError {
        var e = HTTPError(400, "malformed_request", message)
        e.closesConnection = true
        return e
    }
    static func badParameter(_ name: String, _ what: String) -> HTTPError {
        HTTPError(400, "bad_parameter", "\(name) should be \(what)", field: name)
    }
}
