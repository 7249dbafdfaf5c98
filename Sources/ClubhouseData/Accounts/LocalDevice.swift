import ClubhouseDomain
import Foundation

/// Everything this device keeps locally for the sign-in gate, in one folder (`LocalStateDirectory`): the session
/// (credentials file + device id) and the pending action. The composition root makes one per process:
///
///     let device = try LocalDevice(environment: env, sshKeyFingerprint: fingerprintOrNil)
///     let service = LeagueService(store: SQLiteLeagueStore(database: db), accounts: .sodium)
///     let api = EmbeddedLeagueAPI(service: service, databasePath: db.path, session: device.session)
///     // UI: api (any LeagueAPI) + device.pendingActions; device.session.onEnd { … "Session ended — sign in again" }
public struct LocalDevice: Sendable {
    public let directory: LocalStateDirectory
    public let session: LocalSession
    public let pendingActions: PendingActionStore
    /// This device's activity log, next to its session and pending action.
    public let log: ActivityLog

    public init(directory: LocalStateDirectory) throws {
        self.directory = directory
        log = ActivityLog(path: directory.logFile)
        session = try LocalSession(directory: directory)
        pendingActions = PendingActionStore(directory: directory)
    }

    /// `$XDG_STATE_HOME/clubhouse/` (or `~/.local/state/clubhouse/`), under `devices/<fingerprint>/` for an SSH key.
    /// `separateDevices: false` when `XDG_STATE_HOME` is already the key's own folder (as `clubhouse ssh-session` sets it).
    public init(environment: [String: String], sshKeyFingerprint: String? = nil, separateDevices: Bool = true) throws {
        try self.init(directory: LocalStateDirectory.resolve(environment: environment, sshKeyFingerprint: sshKeyFingerprint,
                                                             separateDevices: separateDevices))
    }

    /// Files found corrupt and moved aside so far (for the app to report once).
    public var movedAside: [String] { session.credentials.movedAside + pendingActions.movedAside }

    /// Reads the credentials and pending-action files now, so a damaged one is moved aside (and listed in
    /// `movedAside`) before the app starts, when it can still be reported — not later, silently.
    @discardableResult
    public func checkLocalFiles(now: Date = Date()) -> [String] {
        _ = session.credentials.load()
        _ = pendingActions.load(now: now)
        return movedAside
    }
}
