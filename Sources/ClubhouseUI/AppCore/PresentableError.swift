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

    /// Words for any error the API throws, by its kind (`ClubhouseError`): what the app does about it (sign in again,
    /// retry, nothing) depends on the kind alone, and the sentence is the error's own.
    public init(_ error: any Error) {
        if let p = error as? PresentableError { self = p; return }
        guard let e = error as? any ClubhouseError else {
            self.init(message: "Something went wrong while loading. Press r to try again.")
            return
        }
        switch e.kind {
        case .storage:
            // The local database's own problem (disk full, file gone) is shown, not hidden behind the last value.
            self.init(message: e.message + " Press r to retry.")
        case .unavailable:
            self.init(message: "Couldn't reach the league server. Check the connection, then press r to retry.")
            unreachable = true
        case .unauthenticated:
            self.init(message: "Your session ended — sign in again to see this.", canRetry: true)
            sessionEnded = true
        case .forbidden:
            self.init(message: e.message, canRetry: false)
        case .notFound:
            self.init(message: e.message + ".", canRetry: false)
        case .conflict, .validation, .limitReached:
            self.init(message: e.message)
        case .rateLimited(let s):
            self.init(message: "Too many requests — wait \(DomainError.wait(s)), then press r.")
        }
    }
}
