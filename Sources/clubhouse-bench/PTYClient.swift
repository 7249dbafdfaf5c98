import Foundation
#if canImport(Glibc)
import Glibc
import CLinux   // the pty calls of <stdlib.h> that Glibc's module map leaves out (they need _XOPEN_SOURCE)
#endif

/// glibc's POSIX_SPAWN_SETSID (2.26+): the child starts a new session.
private let spawnSetSID: Int16 = 0x80

/// One real `clubhouse` process on its own pseudo-terminal: the bench types into it and keeps a model of
/// what its screen shows (`VTScreen`), fed from everything the app writes.
final class PTYClient {
    let pid: pid_t
    let master: Int32
    private(set) var screen: VTScreen
    private var buffer = [UInt8](repeating: 0, count: 16384)
    private(set) var bytesRead = 0
    private(set) var exited = false

    /// Starts `executable` as a session leader whose controlling terminal is a new pty of `rows`×`cols`.
    init(executable: String, arguments: [String], environment: [String: String], rows: Int = 40, cols: Int = 120) throws {
        let m = clinux_posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard m >= 0, clinux_grantpt(m) == 0, clinux_unlockpt(m) == 0, let name = clinux_ptsname(m) else {
            throw BenchFailure(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let slavePath = String(cString: name)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(cols), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(m, UInt(TIOCSWINSZ), &size)
        _ = fcntl(m, F_SETFL, fcntl(m, F_GETFL) | O_NONBLOCK)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // After setsid, opening the slave (without O_NOCTTY) makes it the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, spawnSetSID)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var child = pid_t()
        let rc = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard rc == 0 else {
            close(m)
            throw BenchFailure(description: "cannot start \(executable): \(String(cString: strerror(rc)))")
        }
        pid = child
        master = m
        screen = VTScreen(rows: rows, cols: cols)
    }

    /// Reads whatever the app has written so far into the screen model. Returns false at end of output.
    @discardableResult
    func drain() -> Bool {
        while true {
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n > 0 { bytesRead += n; screen.feed(buffer[0..<n]); continue }
            if n < 0 && (errno == EAGAIN || errno == EINTR) { return true }
            exited = true
            return false
        }
    }

    /// True when the screen shows `needle` now.
    func shows(_ needle: String) -> Bool { screen.shows(needle) }

    /// Types `text` (keys as the terminal would send them).
    func type(_ text: String) {
        var bytes = Array(text.utf8)
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if n > 0 { bytes.removeFirst(n) } else if errno != EAGAIN && errno != EINTR { return } else { usleep(1000) }
        }
    }

    /// Hangs up (as a closed SSH connection would) and reaps the process.
    func stop() {
        if !exited { kill(pid, SIGHUP) }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(3)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline { kill(pid, SIGKILL); waitpid(pid, &status, 0); break }
            drain()
            usleep(5000)
        }
        close(master)
    }

    /// Waits (reading every client meanwhile) until `done` holds or `timeout` passes. Returns whether it held.
    static func wait(for clients: [PTYClient], timeout: Duration, until done: () -> Bool) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            if done() { return true }
            let left = deadline - clock.now
            if left <= .zero { return false }
            poll(clients, timeout: min(left, .milliseconds(50)))
        }
    }

    /// Waits up to `timeout` for output from any of `clients` and reads it. Returns the clients that had output.
    @discardableResult
    static func poll(_ clients: [PTYClient], timeout: Duration) -> [PTYClient] {
        let clients = clients.filter { !$0.exited }
        var fds = clients.map { pollfd(fd: $0.master, events: Int16(POLLIN), revents: 0) }
        let ms = Int32(max(0, timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        guard Glibc.poll(&fds, nfds_t(fds.count), ms) > 0 else { return [] }
        var ready: [PTYClient] = []
        for (i, fd) in fds.enumerated() where fd.revents != 0 {
            clients[i].drain()
            ready.append(clients[i])
        }
        return ready
    }
}
