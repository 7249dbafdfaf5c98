import ClubhouseData
import Foundation

/// Drives a real terminal: a tmux server on a private socket, one window running a shell or a command.
/// Every end-to-end test starts the built `clubhouse` binary this way and reads the screen as text.
final class Tmux {
    let socket: String
    let target = "e2e"

    /// Starts `command` (through `/bin/sh -c`) in a detached window of `width`×`height`.
    init(command: String, width: Int = 120, height: Int = 40, environment: [String: String] = [:]) throws {
        socket = "clubhouse-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var env = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PS1": "e2e$ ", "HOME": NSTemporaryDirectory()]
        env.merge(environment) { $1 }
        let exports = env.map { "\($0.key)=\(Self.shellQuote($0.value))" }.sorted().joined(separator: " ")
        try run(["new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)", "env \(exports) \(command)"])
        try run(["set-option", "-t", target, "remain-on-exit", "on"])
    }

    deinit { _ = try? run(["kill-server"]) }

    /// Sends keys in tmux's `send-keys` syntax ("j", "Enter", "Escape", "C-c").
    func send(_ keys: String...) throws { try run(["send-keys", "-t", target] + keys) }

    /// Types literal text.
    func type(_ text: String) throws { try run(["send-keys", "-t", target, "-l", text]) }

    /// The visible screen as text lines.
    func screen() throws -> String { try run(["capture-pane", "-p", "-t", target]) }

    /// A tmux format evaluated for the pane, e.g. "#{alternate_on} #{mouse_any_flag} #{cursor_flag}".
    func format(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Copies every byte the pane's program writes from now on (before tmux interprets it) to `path`, replacing any
    /// earlier copy: the bell and escape sequences a screen capture can't show.
    func pipeOutput(to path: String) throws {
        try run(["pipe-pane", "-t", target])
        try run(["pipe-pane", "-O", "-t", target, "cat >> \(Self.shellQuote(path))"])
    }

    func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Whether the window's process has exited, and its status.
    func exitStatus() throws -> Int? {
        let out = try run(["display-message", "-p", "-t", target, "#{pane_dead} #{pane_dead_status}"])
        let parts = out.split(separator: " ")
        guard parts.first == "1" else { return nil }
        return parts.count > 1 ? Int(parts[1].trimmingCharacters(in: .whitespacesAndNewlines)) : 0
    }

    /// Polls the screen until `predicate` holds (default 30 s: a guard against a hang on a loaded machine, not a speed check); returns the last screen either way.
    @discardableResult
    func waitFor(timeout: TimeInterval = 30, _ predicate: (String) -> Bool) throws -> (matched: Bool, screen: String) {
        var last = ""
        let matched = try Wait.blockingUntil(.seconds(timeout), every: .milliseconds(50)) { last = try screen(); return predicate(last) }
        return (matched, last)
    }

    /// The screen once it has stopped changing: the same text in captures `quiet` apart (default 15 s to settle).
    /// A frame is written in several pieces, and a capture taken while the app is drawing can hold half of one; one
    /// test compares a screen with a full repaint, and that must start from a whole frame.
    func settledScreen(quiet: Duration = .milliseconds(300), timeout: TimeInterval = 15) throws -> String {
        var last: String?
        _ = try Wait.blockingUntil(.seconds(timeout), every: quiet) {
            let now = try screen()
            defer { last = now }
            return now == last
        }
        return try last ?? screen()
    }

    /// The sheet's part of a captured screen: from its header (the frame line with the breadcrumb) down — what the open
    /// page shows, without the board above it (whose league strip quotes the newest activity line: a traded player's
    /// name, say). The whole screen when no sheet is open.
    static func sheet(of screen: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let top = lines.firstIndex(where: { ($0.contains("├─") || $0.contains("┌─")) && $0.contains(" › ") }) else { return screen }
        return lines[top...].joined(separator: "\n")
    }

    /// Polls until the screen contains `text` and no spinner says anything is still loading.
    @discardableResult
    func waitForLoaded(_ text: String, timeout: TimeInterval = 30) throws -> (matched: Bool, screen: String) {
        try waitFor(timeout: timeout) { $0.contains(text) && !$0.contains("Loading") }
    }

    /// Polls until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 30) throws -> (matched: Bool, screen: String) {
        try waitFor(timeout: timeout) { $0.contains(text) }
    }

    /// Runs one tmux command and returns its output. Spawned directly (posix_spawn + waitpid) with output in a
    /// file and a clean signal mask: `new-session` forks the tmux server, which holds pipes open and would pass a
    /// test runner's blocked signals down to the app under test.
    @discardableResult
    private func run(_ args: [String]) throws -> String {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString).out").path
        defer { unlink(out) }
        let argv = ["tmux", "-L", socket, "-f", "/dev/null"] + args
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        let rc = posix_spawnp(&pid, "tmux", &actions, &attributes, cArgs, environ)
        guard rc == 0 else { throw TmuxError(message: "cannot start tmux: \(String(cString: strerror(rc)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
    }

    struct TmuxError: Error { var message: String }

    static func shellQuote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

/// Where the built binary is: `CLUBHOUSE_BIN` (set by `make test`), else `.build/debug/clubhouse`.
enum Binary {
    /// The repository this test file is in.
    static var repository: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    static var path: String {
        if let p = ProcessInfo.processInfo.environment["CLUBHOUSE_BIN"], !p.isEmpty { return p }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/clubhouse").path
    }

    /// Runs the binary without a terminal and returns (status, stdout, stderr).
    static func run(_ args: [String], environment: [String: String] = [:], stdin: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        p.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out; p.standardError = err; p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}

/// A fresh, empty home for one test (XDG dirs inside it), removed afterwards.
final class TemporaryHome {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    var environment: [String: String] {
        ["HOME": url.path, "XDG_DATA_HOME": url.appendingPathComponent("data").path,
         "XDG_CONFIG_HOME": url.appendingPathComponent("config").path, "XDG_STATE_HOME": url.appendingPathComponent("state").path]
    }
}
