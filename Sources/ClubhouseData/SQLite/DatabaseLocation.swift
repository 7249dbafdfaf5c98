import Foundation

/// Where the embedded database lives: an explicit path wins; otherwise
/// `$XDG_DATA_HOME/clubhouse/clubhouse.sqlite`, falling back to `~/.local/share/clubhouse/clubhouse.sqlite`.
/// (Per the XDG spec a relative or empty `XDG_DATA_HOME` is ignored.)
public struct DatabaseLocation: Hashable, Sendable, CustomStringConvertible {
    public var path: String

    public init(path: String) { self.path = path }

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
            return DatabaseLocation(path: join(xdg, directoryName, fileName))
        }
        guard let home = environment["HOME"], !home.isEmpty else { throw Failure.noHome }
        return DatabaseLocation(path: join(home, ".local/share", directoryName, fileName))
    }

    public var isInMemory: Bool { path == ":memory:" }

    /// The folder holding the file.
    public var directory: String { (path as NSString).deletingLastPathComponent }

    /// Creates the folder (and parents) if missing.
    public func createDirectory() throws {
        guard !isInMemory, !directory.isEmpty else { return }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
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
