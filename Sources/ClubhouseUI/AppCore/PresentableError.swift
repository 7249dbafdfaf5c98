import ClubhouseDomain

/// An error as a person reads it: one sentence, and whether `r` (retry) may help.
public struct PresentableError: Error, Hashable, Sendable {
    public var message: String
    public var canRetry: Bool
    /// The server no longer accepts the session (`.unauthenticated`): the shell wipes it and says so.
    public var sessionEnded = false
    /// The league server couldn't be reached: the data already shown is still the best there is, so a background
    /// refresh that fails this way keeps it (`Loadable.finish`; the top bar says the server is offline).
    public var unreachable = false

    public init(message: String, canRetry: Bool = true) { self.message = message; self.canRetry = canRetry }

    /// Words for any error the API throws.
    public init(_ error: any Error) {
        if let p = error as? PresentableError { self = p; return }
        guard let d = error as? DomainError else {
            self.init(message: "Something went wrong while loading. Press r to try again.")
            return
        }
        switch d {
        case .transport:
            // The local database's own problem (disk full, file gone) is shown, not hidden behind the last value.
            if let problem = d.storageProblem { self.init(message: problem + " Press r to retry."); return }
            self.init(message: "Couldn't reach the league server. Check the connection, then press r to retry.")
            unreachable = true
        case .unauthenticated:
            self.init(message: "Your session ended — sign in again to see this.", canRetry: true)
            sessionEnded = true
        case .forbidden(let m):
            self.init(message: m, canRetry: false)
        case .notFound(let what):
            self.init(message: "\(what) doesn't exist (any more).", canRetry: false)
        case .conflict(let m), .validation(_, let m):
            self.init(message: m)
        case .rateLimited(let s):
            self.init(message: "Too many requests — wait \(s) s, then press r.")
        case .limitReached(let m, _):
            self.init(message: m)
        }
    }
}
