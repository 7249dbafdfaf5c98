import Foundation

/// Small process helpers for hosting sshd (`clubhouse-net host-ssh`) and the tests that check it: run a tool and
/// capture its output, read `/proc`, find descendants.
package enum Processes {
    /// Runs `argv` (absolute path first) to completion; returns status and combined output.
    package static func run(_ argv: [String]) -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: argv[0])
        p.arguments = Array(argv.dropFirst())
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        p.standardInput = FileHandle.nullDevice
        do { try p.run() } catch { return (127, "cannot run \(argv[0]): \(error.localizedDescription)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A `/proc` file's whole text. Its size reads as 0, and Foundation's `String(contentsOfFile:)` and
    /// `FileManager.contents(atPath:)` then stop after the first 4 KiB (seen with `/proc/locks` on a busy machine), so
    /// this reads to the end.
    package static func procText(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Whether `pid` holds a POSIX lock on the file at `path` (`/proc/locks`, by inode). One read of `/proc/locks` can
    /// miss a line while other processes take and drop locks (the kernel writes it in pieces, by position in a list
    /// that moves: a steady lock was missing from 69 of 8,682 reads under churn here), so the lock counts as gone only
    /// when `reads` reads 100 ms apart all lack it. SQLite never takes back a lock it lost, so a real loss stays gone.
    /// The lines of /proc/locks held by `pid`, joined with " | ": for a failure's message only (one read; never a verdict).
    package static func locksText(pid: pid_t) -> String {
        (procText("/proc/locks") ?? "").split(separator: "\n").filter { $0.split(separator: " ").contains(Substring("\(pid)")) }
            .joined(separator: " | ")
    }

    package static func holdsPOSIXLock(pid: pid_t, path: String, reads: Int = 5) -> Bool {
        for attempt in 0..<max(1, reads) {
            if attempt > 0 { usleep(100_000) }
            var st = stat()
            guard stat(path, &st) == 0, let text = procText("/proc/locks") else { continue }
            let seen = text.split(separator: "\n").contains { line in
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                return line.contains("POSIX") && fields.contains(Substring("\(pid)")) && fields.contains { $0.hasSuffix(":\(st.st_ino)") }
            }
            if seen { return true }
        }
        return false
    }

    /// The first executable named `name` in the usual system folders and PATH.
    package static func find(_ name: String, environment: [String: String]) -> String? {
        let dirs = ["/usr/sbin", "/usr/local/sbin", "/sbin", "/usr/bin", "/usr/local/bin"]
            + (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return dirs.map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
    }

    /// Every process's parent, by process id (from `/proc`).
    package static func parents() -> [pid_t: pid_t] {
        var parentOf: [pid_t: pid_t] = [:]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After "pid (comm)": state, ppid, …
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let ppid = pid_t(fields[1]) { parentOf[pid] = ppid }
        }
        return parentOf
    }

    /// Every process whose parent chain leads to `root` (not including `root`).
    package static func descendants(of root: pid_t) -> [pid_t] {
        let parentOf = parents()
        var result: [pid_t] = []
        var frontier: Set<pid_t> = [root]
        while !frontier.isEmpty {
            let next = parentOf.filter { frontier.contains($0.value) }.map(\.key)
            result += next
            frontier = Set(next)
        }
        return result
    }

    /// The process's command line with spaces between the arguments ("" when it is gone).
    package static func commandLine(_ pid: pid_t) -> String {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return "" }
        return String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
    }

    package static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        // A zombie counts as gone.
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return true }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }
}
