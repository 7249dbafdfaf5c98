/// An error the app can explain and the transports can carry: what kind of failure it is (the small set the wire tells
/// apart, `ErrorKind`) and one sentence a person understands. The server answers any of them by its kind
/// (`ErrorKind.status`, once, in `ServerErrors`), the remote client turns the answer back into a `DomainError` by the
/// same table, and the app shows `message`. `DomainError` and the refusals (`LineupRefusal`, `RosterRefusal`) adopt it.
public protocol ClubhouseError: Error {
    var kind: ErrorKind { get }
    /// One sentence a person understands.
    var message: String { get }
}

/// What kind of failure an error is: the distinctions every transport keeps (the HTTP wire as a status and a code,
/// `ErrorKind+Wire.swift`) and the app answers differently (sign in, retry, fix a field, wait).
public enum ErrorKind: Hashable, Sendable {
    /// No valid session: sign in.
    case unauthenticated
    /// Signed in, but not allowed.
    case forbidden
    /// The named thing does not exist.
    case notFound
    /// The request lost a race or is stale.
    case conflict
    /// The input is invalid; `field` names what to fix.
    case validation(field: String)
    /// Too many attempts; free again after the given seconds.
    case rateLimited(retryAfterSeconds: Int)
    /// A cap on how many of something one account or client may make, said in the message; free again after the seconds.
    case limitReached(retryAfterSeconds: Int)
    /// The storage failed (a full disk, a folder that can't be written, a database that doesn't answer); retrying may help.
    case storage
    /// The league couldn't be reached, or something failed on the way; retrying may help.
    case unavailable
}

extension ClubhouseError {
    /// The same error as a `DomainError`, for code that speaks only that type.
    public var domainError: DomainError { DomainError(kind, message: message) }
}

extension DomainError: ClubhouseError {
    public var kind: ErrorKind {
        switch self {
        case .transport: storageProblem != nil ? .storage : .unavailable
        case .unauthenticated: .unauthenticated
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .conflict: .conflict
        case .validation(let field, _): .validation(field: field)
        case .rateLimited(let s): .rateLimited(retryAfterSeconds: s)
        case .limitReached(_, let s): .limitReached(retryAfterSeconds: s)
        }
    }

    /// The error of `kind` whose `message` is `message` (the inverse of `kind` and `message`: a `DomainError` made again
    /// from them is the same one).
    public init(_ kind: ErrorKind, message: String) {
        switch kind {
        case .unauthenticated: self = .unauthenticated
        case .forbidden: self = .forbidden(message)
        case .notFound: self = .notFound(message.hasSuffix(Self.notFoundSuffix) ? String(message.dropLast(Self.notFoundSuffix.count)) : message)
        case .conflict: self = .conflict(message)
        case .validation(let field): self = .validation(field: field, message: message)
        case .rateLimited(let s): self = .rateLimited(retryAfterSeconds: s)
        case .limitReached(let s): self = .limitReached(message, retryAfterSeconds: s)
        case .storage: self = .storage(message)
        case .unavailable:
            self = .transport(message.hasPrefix(Self.transportPrefix) ? String(message.dropFirst(Self.transportPrefix.count)) : message)
        }
    }
}
