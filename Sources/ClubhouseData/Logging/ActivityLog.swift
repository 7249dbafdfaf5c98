import ClubhouseDomain
import Foundation
import Synchronization

/// The app's log file: one line per write, sign-in, sign-out, refusal and lifecycle event, for a person (or whoever
/// hosts the SSH draft) to see what happened. It never holds a password, a session token or an email address:
/// callers log what happened and to which ids, never the request's text, and every line is scrubbed again on the
/// way out (emails, and secrets recognised by their shape — see `scrub`) in case a message echoes input.
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
        ISO8601.format(date, milliseconds: true)
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
    nonisolated(unsafe) private static let argonPattern = #/\$argon2(id|i|d)\$[^\s"]*/#

    /// Replaces email addresses with `<email>`, and secrets with `<secret>` by what they are, not by length:
    /// Argon2 hashes (`$argon2id$…`), hex digests (32+ hex digits), session tokens (43 base64url characters) and
    /// other base64 blobs (40+ base64 characters with a digit, not a path). Paths (`/home/…/clubhouse.sqlite`,
    /// however long), file names and SSH fingerprints (`SHA256:` + 43) are kept: a host needs them.
    public static func scrub(_ line: String) -> String {
        let text = line.replacing(emailPattern, with: "<email>").replacing(argonPattern, with: "<secret>")
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var run: [Character] = []
        var previous: Character?   // the character before the current run
        func flush(next: Character?) {
            defer { run.removeAll(keepingCapacity: true) }
            guard !run.isEmpty else { return }
            out += isSecret(run, before: previous, after: next, text: out) ? "<secret>" : String(run)
        }
        for c in text {
            if isRunCharacter(c) {
                if run.isEmpty { previous = out.last }
                run.append(c)
            } else if c == "=" && !run.isEmpty && !run.allSatisfy({ $0 == "=" }) && run.count >= 40 {
                run.append(c)   // base64 padding
            } else {
                flush(next: c)
                out.append(c)
            }
        }
        flush(next: nil)
        return out
    }

    private static func isRunCharacter(_ c: Character) -> Bool {
        guard let a = c.asciiValue else { return false }
        switch a {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "-"): return true
        default: return false
        }
    }

    private static func isSecret(_ run: [Character], before: Character?, after: Character?, text: String) -> Bool {
        if before == ":" && text.hasSuffix("SHA256:") { return false }   // an SSH key fingerprint: an id, kept
        let body = run.prefix { $0 != "=" }
        if body.count >= 32 && body.allSatisfy(\.isHexDigit) { return true }                            // a digest
        if body.count == 43 && body.allSatisfy({ $0 != "+" && $0 != "/" }) { return true }   // a session token
        // Any other base64 blob; a path starts with "/" (or follows "~" or "."), a file name goes on with ".".
        return body.count >= 40 && body.first != "/" && before != "." && before != "~" && after != "."
            && body.contains(where: \.isNumber) && body.contains(where: \.isLetter)
    }
}
