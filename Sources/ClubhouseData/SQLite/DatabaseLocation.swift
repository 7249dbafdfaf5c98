import Foundation

/// Where the embedded database lives: an explicit path wins; otherwise
/// `$XDG_DATA_HOME/clubhouse/clubhouse.sqlite`, falling back to `~/.local/share/clubhouse/clubhouse.sqlite`.
/// (Per the XDG spec a relative or empty `XDG_DATA_HOME` is ignored.)
public struct DatabaseLocation: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    /// Whether the folder is the app's own (the XDG default), so opening may tighten it to 0700. A folder named
    /// explicitly (`--database /srv/x.sqlite`) is someone else's business: only the database files are tightened.
    public var ownsDirectory: Bool

    public init(path: String, ownsDirectory: Bool = false) { self.path = path; self.ownsDirectory = ownsDirectory }

    public static let directoryName = "clubhouse"
    public static let fileName = "clubhouse.sqlite"

    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case noHome
        public var description: String {
            "cannot find a place for the database: neither XDG_DATA_HOME nor HOME is set (pass a path explicitly)"
        }
    }

    /// Resolves the location from `environment` (pass `ProcessInfo.processInfo.environment` in the app).
    public static func resolve(explicitPath: String? = nil, environment: [String: String]) throws -> DatabaseLocation {
        if let explicitPath, !explicitPath.isEmpty {
            return DatabaseLocation(path: expandTilde(explicitPath, home: environment["HOME"]))
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return DatabaseLocation(path: join(xdg, directoryName, fileName), ownsDirectory: true)
        }
        guard let home = environment["HOME"], !home.isEmpty else { throw Failure.noHome }
        return DatabaseLocation(path: join(home, ".local/share", directoryName, fileName), ownsDirectory: true)
    }

    public var isInMemory: Bool { path == ":memory:" }

    /// The folder holding the file.
    public var directory: String { (path as NSString).deletingLastPathComponent }

    /// Creates the folder (and parents) if missing, mode 0700: it holds password hashes and session digests.
    /// The app's own folder found looser (an older version made it 0755) is tightened; returns what was changed.
    @discardableResult
    public func createDirectory() throws -> [PermissionChange] {
        guard !isInMemory, !directory.isEmpty else { return [] }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        guard ownsDirectory, let change = PermissionChange.tighten(directory, to: 0o700) else { return [] }
        return [change]
    }

    public var description: String { path }

    private static func join(_ parts: String...) -> String {
        parts.enumerated().map { i, p in
            var p = p
            while p.count > 1, p.hasSuffix("/") { p.removeLast() }
            if i > 0 { while p.hasPrefix("/") { p.removeFirst() } }
            return p
        }.joined(separator: "/")
    }

    private static func expandTilde(_ path: String, home: String?) -> String {
        guard let home, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }
}

/// A file or folder whose mode was tightened on open (reported once: the next open finds it tight already).
public struct PermissionChange: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var from: UInt16
    public var to: UInt16

    /// chmods `path` to `mode` when it grants anything to group or others and this process may change it;
    /// nil when it was already private, is missing, or isn't ours to change.
    static func tighten(_ path: String, to mode: UInt16) -> PermissionChange? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        // Only a plain file (or, for a folder mode, a folder): never `/dev/null` or another device given as --database.
        let kind = st.st_mode & S_IFMT
        guard kind == (mode & 0o100 != 0 ? S_IFDIR : S_IFREG) else { return nil }
        let old = UInt16(st.st_mode & 0o777)
        guard old & 0o077 != 0, chmod(path, mode_t(mode)) == 0 else { return nil }
        return PermissionChange(path: path, from: old, to: mode)
    }

    public var description: String { "\(path) was mode \(String(from, radix: 8)), now \(String(to, radix: 8))" }
}
