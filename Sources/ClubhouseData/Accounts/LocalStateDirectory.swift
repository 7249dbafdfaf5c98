import Foundation

/// Where this device keeps its session token and pending action: `$XDG_STATE_HOME/clubhouse/` (fallback
/// `~/.local/state/clubhouse/`). Over SSH every person shares one system account, so each key fingerprint gets
/// its own folder `devices/<fingerprint-safe>/`. Folders are created with mode 0700.
public struct LocalStateDirectory: Hashable, Sendable, CustomStringConvertible {
    public let path: String
    /// The SSH key fingerprint this folder belongs to (nil for a local terminal).
    public let sshKeyFingerprint: String?

    public init(path: String, sshKeyFingerprint: String? = nil) {
        self.path = path; self.sshKeyFingerprint = sshKeyFingerprint
    }

    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case noHome
        case unusableFingerprint
        public var description: String {
            switch self {
            case .noHome: "cannot find a place for local state: neither XDG_STATE_HOME nor HOME is set"
            case .unusableFingerprint: "the SSH key fingerprint is empty or too long"
            }
        }
    }

    /// Resolves from `environment` (`ProcessInfo.processInfo.environment` in the app); `sshKeyFingerprint` selects the
    /// per-device subfolder.
    /// - Parameter separateDevices: false when `XDG_STATE_HOME` is already this device's own folder (`clubhouse
    ///   ssh-session` sets it per key): the fingerprint then only names the device, without another subfolder.
    public static func resolve(environment: [String: String], sshKeyFingerprint: String? = nil,
                               separateDevices: Bool = true) throws -> LocalStateDirectory {
        let base: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            base = trimmed(xdg) + "/clubhouse"
        } else if let home = environment["HOME"], !home.isEmpty {
            base = trimmed(home) + "/.local/state/clubhouse"
        } else {
            throw Failure.noHome
        }
        guard let fp = sshKeyFingerprint else { return LocalStateDirectory(path: base) }
        guard separateDevices else {
            _ = try safeName(fp)
            return LocalStateDirectory(path: base, sshKeyFingerprint: fp)
        }
        return LocalStateDirectory(path: base + "/devices/" + (try safeName(fp)), sshKeyFingerprint: fp)
    }

    /// A folder name for a fingerprint (`SHA256:ab+c/d` → `SHA256.ab-c_d`): letters and digits kept, base64's `+`/`/`
    /// and the `:` mapped one-to-one, anything else percent-encoded — so distinct fingerprints never share a folder.
    public static func safeName(_ fingerprint: String) throws -> String {
        var out = ""
        for b in fingerprint.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.append(Character(UnicodeScalar(b)))
            case UInt8(ascii: "+"): out.append("-")
            case UInt8(ascii: "/"): out.append("_")
            case UInt8(ascii: ":"): out.append(".")
            default: out.append(String(format: "%%%02X", b))
            }
        }
        guard !out.isEmpty, out.utf8.count <= 200 else { throw Failure.unusableFingerprint }
        return out
    }

    /// `parent/<safeName(fingerprint)>`, the one folder name an SSH key's device state lives under. A folder made
    /// under the name older `ssh-session`s used (`SHA256_ab-c_d`: `:` and `/` both `_`) is moved there first, so an
    /// upgrade keeps each device's session, settings and pending action.
    public static func deviceFolder(in parent: String, fingerprint: String) throws -> String {
        let folder = parent + "/" + (try safeName(fingerprint))
        let fm = FileManager.default
        let legacy = parent + "/" + legacyName(fingerprint)
        if legacy != folder, !fm.fileExists(atPath: folder), fm.fileExists(atPath: legacy) {
            // Two sessions of one key may race here: whichever loses finds the folder already moved.
            do { try fm.moveItem(atPath: legacy, toPath: folder) } catch where fm.fileExists(atPath: folder) {}
        }
        return folder
    }

    /// The folder name `ssh-session` gave a fingerprint before `safeName` was the only one (kept to find old folders).
    static func legacyName(_ fingerprint: String) -> String {
        String(fingerprint.map { ch -> Character in
            switch ch {
            case ":", "/": return "_"
            case "+": return "-"
            default: return ch.isLetter || ch.isNumber || ch == "-" || ch == "_" || ch == "." ? ch : "_"
            }
        })
    }

    public var credentialsFile: String { path + "/credentials.json" }
    public var pendingActionFile: String { path + "/pending-action.json" }
    /// The app's activity log (see `ActivityLog`): no passwords, tokens or emails.
    public var logFile: String { path + "/clubhouse.log" }
    public var deviceIDFile: String { path + "/device-id" }

    /// Creates the folder (and parents) with mode 0700.
    public func create() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// This device's id for sign-in limits: the SSH key's fingerprint, else a random id kept in `device-id`.
    public func deviceID() throws -> String {
        if let fp = sshKeyFingerprint { return "ssh:" + fp }
        if let data = FileManager.default.contents(atPath: deviceIDFile),
           let id = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
           id.count == 32, id.allSatisfy(\.isHexDigit) {
            return "local:" + id
        }
        let id = SodiumTokenSource.randomHex(16)
        try create()
        try PrivateFile.write(Data((id + "\n").utf8), to: deviceIDFile)
        return "local:" + id
    }

    public var description: String { path }

    private static func trimmed(_ p: String) -> String {
        var p = p
        while p.count > 1, p.hasSuffix("/") { p.removeLast() }
        return p
    }
}

/// The one atomic file writer: files only their owner can read (mode 0600 unless asked otherwise), replaced
/// atomically (temp file created 0600 beside it, fsync, rename), so a reader sees the old bytes or the new ones.
public enum PrivateFile {
    public static func write(_ data: Data, to path: String, mode: mode_t = 0o600) throws {
        let dir = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temp = dir + "/." + (path as NSString).lastPathComponent + "." + SodiumTokenSource.randomHex(6) + ".tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw posixError("create \(temp)") }
        var ok = false
        defer { if !ok { unlink(temp) } }
        do {
            defer { close(fd) }
            _ = fchmod(fd, mode)   // whatever the umask
            try data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 { if errno == EINTR { continue }; throw posixError("write \(temp)") }
                    offset += n
                }
            }
            guard fsync(fd) == 0 else { throw posixError("fsync \(temp)") }
        }
        guard rename(temp, path) == 0 else { throw posixError("rename to \(path)") }
        ok = true
    }

    /// The file's bytes, or nil when it doesn't exist.
    public static func read(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    static func remove(_ path: String) { unlink(path) }

    /// Renames a corrupt file to `<name>.corrupt-<unix time>` and returns the new path.
    @discardableResult
    static func moveAside(_ path: String, now: Date = Date()) -> String? {
        let aside = path + ".corrupt-" + String(Int(now.timeIntervalSince1970))
        return rename(path, aside) == 0 ? aside : nil
    }

    private static func posixError(_ what: String) -> Error {
        let code = errno
        return LocalStateError(description: "\(what): \(String(cString: strerror(code)))")
    }
}

/// A local state file couldn't be written.
public struct LocalStateError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
}
