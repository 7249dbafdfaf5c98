import ClubhouseDomain
import Foundation
import Synchronization

/// What the client keeps of its session (README.md, “Accounts”): in `credentials.json`, mode 0600.
public struct Credentials: Hashable, Codable, Sendable {
    public var token: String
    public var userID: UserID
    public var email: String
    public var displayName: String

    public init(token: String, userID: UserID, email: String, displayName: String) {
        self.token = token; self.userID = userID; self.email = email; self.displayName = displayName
    }
    public init(_ session: AccountSession) {
        self.init(token: session.token, userID: session.user.id, email: session.user.email, displayName: session.user.displayName)
    }
    public var user: User { User(id: userID, email: email, displayName: displayName) }
}

extension Credentials: CustomStringConvertible, CustomDebugStringConvertible {
    // Never the token or the email in logs.
    public var description: String { "Credentials(user: \(userID))" }
    public var debugDescription: String { description }
}

/// One JSON value in a private file: atomically replaced, a corrupt one moved aside (and remembered in `movedAside`)
/// rather than crashed on.
final class PrivateJSONFile<Value: Codable & Sendable>: Sendable {
    let path: String
    /// Where corrupt files were moved. Every read and write of the file holds this lock too, so one process's
    /// loads and saves never interleave.
    private let movedAsidePaths = Mutex<[String]>([])

    init(path: String) { self.path = path }

    var movedAside: [String] { movedAsidePaths.withLock { $0 } }

    func load() -> Value? {
        movedAsidePaths.withLock { movedAside -> Value? in
            guard let data = PrivateFile.read(path) else { return nil }
            if let value = try? Self.decoder.decode(Value.self, from: data) { return value }
            if let aside = PrivateFile.moveAside(path) { movedAside.append(aside) } else { PrivateFile.remove(path) }
            return nil
        }
    }

    func save(_ value: Value) throws {
        try movedAsidePaths.withLock { _ in try PrivateFile.write(try Self.encoder.encode(value), to: path) }
    }

    func clear() {
        movedAsidePaths.withLock { _ in PrivateFile.remove(path) }
    }

    private static var encoder: JSONEncoder {
        let e = JSONEncoder(); e.outputFormatting = [.sortedKeys]; e.dateEncodingStrategy = .secondsSince1970; return e
    }
    private static var decoder: JSONDecoder {
        let d = JSONDecoder(); d.dateDecodingStrategy = .secondsSince1970; return d
    }
}

/// The local session token file (`credentials.json`, mode 0600, atomically replaced).
public final class CredentialsStore: Sendable {
    private let file: PrivateJSONFile<Credentials>

    public init(directory: LocalStateDirectory) { file = PrivateJSONFile(path: directory.credentialsFile) }
    public init(path: String) { file = PrivateJSONFile(path: path) }

    public var path: String { file.path }
    /// The credentials, or nil when signed out (a corrupt file is moved aside: see `movedAside`).
    public func load() -> Credentials? { file.load() }
    public func save(_ credentials: Credentials) throws { try file.save(credentials) }
    public func clear() { file.clear() }
    /// Where corrupt files were moved, for the app to report.
    public var movedAside: [String] { file.movedAside }

    /// Whether a token could be kept here now: creates the folder if needed and writes (then removes) a probe file
    /// the way `save` writes. Throws the reason when not, so a sign-in can refuse before making any session.
    public func checkWritable() throws {
        let probe = (path as NSString).deletingLastPathComponent + "/.write-check"
        try PrivateFile.write(Data("ok\n".utf8), to: probe)
        PrivateFile.remove(probe)
    }
}

/// The one pending gated write (`pending-action.json`, mode 0600): survives the app being killed and the SSH
/// connection dropping; dropped once older than 24 h.
public final class PendingActionStore: Sendable {
    private let file: PrivateJSONFile<PendingAction>

    public init(directory: LocalStateDirectory) { file = PrivateJSONFile(path: directory.pendingActionFile) }
    public init(path: String) { file = PrivateJSONFile(path: path) }

    public var path: String { file.path }

    /// The pending action when younger than 24 h at `now`; an older one is deleted.
    public func load(now: Date) -> PendingAction? {
        guard let action = file.load() else { return nil }
        guard !action.isExpired(at: now) else { file.clear(); return nil }
        return action
    }
    /// Replaces any pending action.
    public func save(_ action: PendingAction) throws { try file.save(action) }
    public func clear() { file.clear() }
    public var movedAside: [String] { file.movedAside }
}
