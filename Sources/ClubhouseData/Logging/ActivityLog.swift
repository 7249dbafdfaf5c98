import Foundation
import Synchronization

/// The app's log file: one line per write, sign-in, sign-out, refusal and lifecycle event, for a person (or whoever
/// hosts the SSH draft) to see what happened. It never holds a password, a session token or an email address:
/// callers log what happened and to which ids, never the request's text, and every line is scrubbed again on the
/// way out (anything shaped like an email or a long opaque token is replaced) in case a message echoes input.
///
/// Lines are appended with `O_APPEND` (one `write` per line), so several processes sharing a folder (two SSH
/// connections with one key) interleave whole lines. The file is `0600` and rolls over to `<name>.1` past 1 MiB.
public final class ActivityLog: Sendable {
    public let path: String
    private let maxBytes: Int
    private let lock = Mutex(())

    public init(path: String, maxBytes: Int = 1 << 20) {
        self.path = path
        self.maxBytes = maxBytes
    }

    /// The log next to the device's other local state: `$XDG_STATE_HOME/clubhouse/clubhouse.log` (over SSH, the key's folder).
    public convenience init(stateDirectory: String) {
        self.init(path: (stateDirectory as NSString).appendingPathComponent("clubhouse.log"))
    }

    /// Appends `event` (a short kind such as `write.ok`) and its fields, stamped with UTC time and this process's id.
    public func record(_ event: String, _ fields: KeyValuePairs<String, String> = [:], at date: Date = Date()) {
        var line = "\(Self.stamp(date)) pid=\(getpid()) \(event)"
        for (k, v) in fields { line += " \(k)=\(Self.quoted(v))" }
        append(Self.scrub(line) + "\n")
    }

    private func append(_ line: String) {
        lock.withLock { _ in
            rollOverIfNeeded()
            let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            guard fd >= 0 else { return }   // no log beats no app: a read-only folder only loses the log
            defer { close(fd) }
            var bytes = Array(line.utf8)
            _ = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress, $0.count) }
        }
    }

    private func rollOverIfNeeded() {
        var st = stat()
        guard stat(path, &st) == 0, Int(st.st_size) > maxBytes else { return }
        _ = rename(path, path + ".1")
    }

    // MARK: - Formatting

    static func stamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }

    /// Values with spaces or quotes are quoted so a line splits back into fields.
    static func quoted(_ value: String) -> String {
        let plain = !value.isEmpty && !value.contains { $0 == " " || $0 == "\"" || $0 == "=" || $0.isNewline }
        if plain { return value }
        let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        return "\"\(escaped)\""
    }

    nonisolated(unsafe) private static let emailPattern = #/[^\s"<>@]+@[^\s"<>@]+\.[^\s"<>@]+/#
    /// Session tokens are 43 base64url characters; SSH fingerprints (`SHA256:` + 43) are ids a host needs, so kept.
    nonisolated(unsafe) private static let tokenPattern = #/(SHA256:)?[A-Za-z0-9_\-+\/]{32,}/#

    /// Replaces email addresses with `<email>` and long opaque strings (tokens, hashes) with `<secret>`.
    public static func scrub(_ line: String) -> String {
        line.replacing(emailPattern, with: "<email>")
            .replacing(tokenPattern) { match in match.output.1 != nil ? String(match.output.0) : "<secret>" }
    }
}
