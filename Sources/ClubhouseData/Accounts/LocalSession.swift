import ClubhouseDomain
import Foundation
import Synchronization

/// This device's session as the embedded transport uses it: the token in the credentials file (re-read on each
/// call, so processes sharing the folder agree) and the device id for sign-in limits. When the session ends —
/// sign out, or the server stops accepting the token — the file is wiped and the `onEnd` handlers run (caches).
public final class LocalSession: Sendable {
    public let credentials: CredentialsStore
    public let deviceID: String
    /// The `onEnd` handlers. Ending a session holds this lock while it wipes the file, so two ends never interleave.
    private let endHandlers = Mutex<[@Sendable (SessionEnd) -> Void]>([])

    /// Why a session ended.
    public enum SessionEnd: Hashable, Sendable {
        /// The person signed out.
        case signedOut
        /// The server no longer accepts the token (revoked elsewhere, expired): "Session ended — sign in again".
        case expired
    }

    public init(credentials: CredentialsStore, deviceID: String) {
        self.credentials = credentials; self.deviceID = deviceID
    }

    /// The session kept in `directory` (its device id is created there on first use).
    public convenience init(directory: LocalStateDirectory) throws {
        try directory.create()
        self.init(credentials: CredentialsStore(directory: directory), deviceID: try directory.deviceID())
    }

    /// The stored credentials (nil when signed out).
    public var current: Credentials? { credentials.load() }

    /// Runs `handler` whenever the session ends (e.g. to drop per-user caches and say "Session ended").
    public func onEnd(_ handler: @escaping @Sendable (SessionEnd) -> Void) {
        endHandlers.withLock { $0.append(handler) }
    }

    package func keep(_ session: AccountSession) throws { try credentials.save(Credentials(session)) }

    package func update(_ user: User) throws {
        guard var c = credentials.load(), c.userID == user.id else { return }
        c.email = user.email; c.displayName = user.displayName
        try credentials.save(c)
    }

    /// Wipes the credentials — only if they still hold `token` when given (a newer sign-in is kept).
    package func end(_ reason: SessionEnd, ifToken token: String? = nil) {
        let (wiped, handlers) = endHandlers.withLock { handlers in
            var wiped = false
            if let token {
                if credentials.load()?.token == token { credentials.clear(); wiped = true }
            } else {
                credentials.clear(); wiped = true
            }
            return (wiped, handlers)
        }
        if wiped { handlers.forEach { $0(reason) } }
    }
}
