import Foundation

/// Runs `sshd -D -e -f CONFIG` as a child in its own process group and stays in the foreground:
/// SIGINT, SIGTERM, SIGHUP or SIGQUIT stop sshd and every connection it started (each connection's
/// app then gets SIGHUP from its closing PTY, restores the terminal state and exits).
struct SSHDSupervisor {
    var sshd: String
    var configPath: String

    func run() throws(HostSSHCommand.Failure) -> Int32 {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .init(message: "cannot create a pipe: \(String(cString: strerror(errno)))") }
        StopSignal.readFD = fds[0]
        StopSignal.writeFD = fds[1]
        for sig in StopSignal.signals { signal(sig, stopSignalHandler) }
        // A parent may have started us with these blocked (a Dispatch thread's mask is inherited
        // through posix_spawn): unblock them, or SIGTERM would never arrive.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in StopSignal.signals + [SIGCHLD] { sigaddset(&unblock, sig) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)

        let pid = try spawn([sshd, "-D", "-e", "-f", configPath])
        var status: Int32 = 0
        var stopping: Int32?
        while true {
            var fds = pollfd(fd: StopSignal.readFD, events: Int16(POLLIN), revents: 0)
            _ = poll(&fds, 1, 250)
            if fds.revents & Int16(POLLIN) != 0 {
                var sig: Int32 = 0
                _ = read(StopSignal.readFD, &sig, MemoryLayout<Int32>.size)
                stopping = sig
                break
            }
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                // sshd ended by itself (a bind failure, or killed): end what it left behind.
                stopConnections(of: pid, alreadyGone: true)
                let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                Output.error("clubhouse host-ssh: sshd exited (status \(code)); its messages are above")
                return 1
            }
        }
        Output.error("clubhouse host-ssh: stopping (signal \(stopping ?? 0)); ending every SSH session")
        stopConnections(of: pid, alreadyGone: false)
        return 0
    }

    /// Stops the listener and its connections: SIGTERM, then SIGKILL for anything still there after 5 s.
    private func stopConnections(of listener: pid_t, alreadyGone: Bool) {
        // The connections are the listener's children and theirs; once the listener dies they are
        // reparented, so list them first.
        var tracked = Processes.descendants(of: listener)
        if !alreadyGone { tracked.append(listener) }
        for pid in tracked { kill(pid, SIGTERM) }
        let deadline = Date().addingTimeInterval(5)
        var status: Int32 = 0
        while Date() < deadline {
            if !alreadyGone { _ = waitpid(listener, &status, WNOHANG) }
            if tracked.allSatisfy({ !Processes.isAlive($0) }) { break }
            usleep(50_000)
        }
        for pid in tracked where Processes.isAlive(pid) { kill(pid, SIGKILL) }
        if !alreadyGone { _ = waitpid(listener, &status, 0) }
    }

    private func spawn(_ argv: [String]) throws(HostSSHCommand.Failure) -> pid_t {
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attr, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in StopSignal.signals + [SIGPIPE, SIGCHLD] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setpgroup(&attr, 0)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        var cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cargs { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], nil, &attr, &cargs, environ)
        guard rc == 0 else { throw .init(message: "cannot start \(argv[0]): \(String(cString: strerror(rc)))") }
        return pid
    }
}

/// The self-pipe the stop-signal handler writes to (set up before the handler is installed).
enum StopSignal {
    nonisolated(unsafe) static var readFD: Int32 = -1
    nonisolated(unsafe) static var writeFD: Int32 = -1
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
}

/// A C signal handler: async-signal-safe, it only writes the signal number to the self-pipe.
private func stopSignalHandler(_ sig: Int32) {
    var s = sig
    _ = write(StopSignal.writeFD, &s, MemoryLayout<Int32>.size)
}
