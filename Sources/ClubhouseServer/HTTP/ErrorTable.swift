import ClubhouseDomain
import Foundation

/// The one table of error codes → HTTP statuses (README "League server" lists it too). Every refusal is the
/// envelope `{"error":{"code":"…","message":"…","field":"…"?}}`; `message` is one sentence a person understands.
///
/// | status | code                    | when |
/// |--------|-------------------------|------|
/// | 400    | `malformed_json`        | the body isn't JSON (truncated, invalid UTF-8, not an object) |
/// | 400    | `invalid_field`         | a field has the wrong type, is missing, or its number doesn't fit (`field` names it) |
/// | 400    | `unknown_field`         | a field the request doesn't have (`field` names it) |
/// | 400    | `too_deep`              | JSON nested deeper than 16 levels |
/// | 400    | `string_too_long`       | a JSON string longer than 4,096 bytes |
/// | 400    | `bad_parameter`         | a path or query parameter that isn't a valid id, number or name (`field` names it) |
/// | 401    | `unauthenticated`       | a gated call without a session; a malformed, unknown, expired or revoked token |
/// | 403    | `forbidden`             | signed in but not allowed (commissioner-only, someone else's team…) |
/// | 404    | `not_found`             | the league, team, player… doesn't exist |
/// | 404    | `no_route`              | no such path |
/// | 405    | `method_not_allowed`    | the path exists with other methods (`Allow` lists them) |
/// | 409    | `conflict`              | a stale or lost race (pick already made, league full, state changed) |
/// | 413    | `body_too_large`        | a request body over 64 KiB |
/// | 415    | `unsupported_media_type`| a body that isn't `application/json` |
/// | 422    | `validation`            | the use case refused the input (`field` names what to fix) |
/// | 429    | `rate_limited`          | too many sign-ins or writes (`Retry-After`) |
/// | 503    | `unavailable`           | over the connection or event-stream cap, shutting down, or storage failing or not answering in time (`Retry-After`; a generic sentence, the cause is logged) |
public enum ServerErrors {
    public static func from(_ error: DomainError) -> HTTPError {
        switch error {
        // What failed behind the server (the database's message, its host) is for the server's log, not for clients.
        case .transport: error.storageProblem != nil ? databaseUnavailable : serverFailed
        case .unauthenticated: unauthenticated
        case .forbidden(let m): HTTPError(403, "forbidden", m)
        case .notFound: HTTPError(404, "not_found", error.message)
        case .conflict(let m): HTTPError(409, "conflict", m)
        case .validation(let field, let m): HTTPError(422, "validation", m, field: field)
        case .rateLimited(let s): HTTPError(429, "rate_limited", error.message, retryAfter: s)
        }
    }

    public static let unauthenticated = HTTPError(401, "unauthenticated", DomainError.unauthenticated.message)
    /// The storage failed or didn't answer in time (the cause is in the server's log).
    public static let databaseUnavailable = HTTPError(503, "unavailable", "The league's database isn't answering — try again shortly", retryAfter: 1)
    /// Anything else that failed inside the server.
    public static let serverFailed = HTTPError(503, "unavailable", "The league server couldn't do that just now — try again", retryAfter: 1)
    static func bodyTooLarge(_ limit: Int) -> HTTPError {
        HTTPError(413, "body_too_large", "A request body is at most \(limit / 1024) KiB")
    }
    static let noRoute = HTTPError(404, "no_route", "There is no such page on this server")
    static func methodNotAllowed(_ allowed: [String]) -> HTTPError {
        HTTPError(405, "method_not_allowed", "This page answers \(allowed.joined(separator: ", ")) only", allow: allowed.joined(separator: ", "))
    }
    static let unsupportedMediaType = HTTPError(415, "unsupported_media_type", "Send the request body as application/json")
    static func badParameter(_ name: String, _ what: String) -> HTTPError {
        HTTPError(400, "bad_parameter", "\(name) should be \(what)", field: name)
    }
}
