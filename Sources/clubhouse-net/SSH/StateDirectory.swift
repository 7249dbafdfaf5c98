import ClubhouseCLI
import Foundation

/// The clubhouse state folder: `$XDG_STATE_HOME/clubhouse`, falling back to `~/.local/state/clubhouse`
/// (a relative or empty XDG_STATE_HOME is ignored, as the XDG spec says).
enum StateDirectory {
    static func clubhouse(environment: [String: String]) -> String {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return trimmed(xdg) + "/clubhouse" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return trimmed(home) + "/.local/state/clubhouse"
    }

    /// Makes `path` absolute against the working directory and drops `.`/`..` and trailing slashes.
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for p in full.split(separator: "/") {
            if p == "." { continue }
            if p == ".." { _ = parts.popLast(); continue }
            parts.append(p)
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func trimmed(_ s: String) -> String {
        var s = s
        while s.count > 1, s.hasSuffix("/") { s.removeLast() }
        return s
    }
}
