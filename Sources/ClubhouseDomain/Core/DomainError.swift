/// Every failure the app can meet, told apart so the UI can answer each one properly:
/// a transport failure offers retry; unauthenticated starts the sign-in gate; the others explain.
/// Its `kind` (`ClubhouseError`) is what the transports carry.
public enum DomainError: Error, Hashable, Codable, Sendable {
    /// The server or storage could not be reached or failed; retrying may help.
    case transport(String)
    /// No valid session: sign in.
    case unauthenticated
    /// Signed in, but not allowed (e.g. "Only the commissioner can start the draft").
    case forbidden(String)
    /// The named thing does not exist ("League 12").
    case notFound(String)
    /// The request lost a race or is stale ("Pick 14 was already made").
    case conflict(String)
    /// The input is invalid; `field` names what to fix.
    case validation(field: String, message: String)
    /// Too many attempts; retry after the given seconds.
    case rateLimited(retryAfterSeconds: Int)
    /// A limit on how many of something one account or client may make (leagues a day, accounts an hour), said in
    /// one sentence that names it; free again after the given seconds.
    case limitReached(String, retryAfterSeconds: Int)

    /// One sentence a person understands.
    public var message: String {
        switch self {
        case .transport(let m): storageProblem ?? Self.transportPrefix + m
        case .unauthenticated: "Session ended — sign in again"
        case .forbidden(let m), .conflict(let m): m
        case .notFound(let what): what + Self.notFoundSuffix
        case .validation(_, let m): m
        case .rateLimited(let s): "Too many attempts — try again in \(s) s"
        case .limitReached(let m, _): m
        }
    }

    static let transportPrefix = "Couldn't reach the league: "
    static let notFoundSuffix = " was not found"

    /// Stable machine code: the wire's (`ErrorKind.code`), but `transport` where the wire says `unavailable`.
    public var code: String {
        if case .transport = self { return "transport" }
        return kind.code
    }
}

extension DomainError {
    /// A wait as a person says it: "40 s", "12 min", "3 h" (rounded up, so "try again in" is never too early).
    public static func wait(_ seconds: Int) -> String {
        if seconds < 90 { return "\(max(1, seconds)) s" }
        if seconds < 90 * 60 { return "\((seconds + 59) / 60) min" }
        return "\((seconds + 3599) / 3600) h"
    }

    private static let storagePrefix = "storage: "

    /// A failure of the storage on this machine — a full disk, a folder that can't be written — rather than of a
    /// connection. It travels as `.transport` (retrying may help once space is freed), but `storageProblem` lets
    /// the UI say what it is and where instead of "Couldn't reach the league server".
    public static func storage(_ message: String) -> DomainError { .transport(storagePrefix + message) }

    /// The sentence describing a storage failure (see `storage(_:)`), or nil for any other error.
    public var storageProblem: String? {
        guard case .transport(let m) = self, m.hasPrefix(Self.storagePrefix) else { return nil }
        return String(m.dropFirst(Self.storagePrefix.count))
    }
}
