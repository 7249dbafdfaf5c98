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

    /// Polls the screen until `predicate` holds (default 15 s); returns the last screen either way.
    @discardableResult
    func waitFor(timeout: TimeInterval = 15, _ predicate: (String) -> Bool) throws -> (matched: Bool, screen: String) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if predicate(last) { return (true, last) }
            usleep(50_000)
        }
        return (false, last)
    }

    /// Polls until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 15) throws -> (matched: Bool, screen: String) {
        try waitFor(timeout: timeout) { $0.contains(text) }
    }

    /// Runs one tmux command. Output goes through a file, not a pipe: `new-session` forks the tmux
    /// server, which would hold a pipe open and make reading it to the end wait forever.
    @discardableResult
    private func run(_ args: [String]) throws -> String {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString).out")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        let handle = try FileHandle(forWritingTo: out)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["tmux", "-L", socket, "-f", "/dev/null"] + args
        p.standardOutput = handle
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        try handle.close()
        return String(decoding: try Data(contentsOf: out), as: UTF8.self)
    }

    static func shellQuote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

/// Where the built binary is: `CLUBHOUSE_BIN` (set by `make test`), else `.build/debug/clubhouse`.
enum Binary {
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
