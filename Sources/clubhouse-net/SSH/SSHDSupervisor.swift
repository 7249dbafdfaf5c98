import CLinux
import ClubhouseCLI
import ClubhouseData
import Foundation

/// How `clubhouse host-ssh` runs sshd so that nothing outlives it, whichever way it ends.
///
/// host-ssh does not start sshd itself: it starts a keeper (`clubhouse ssh-keeper`, this same binary, in its own
/// process group) and holds the write end of a lifeline pipe that is the keeper's stdin. The keeper starts
/// `sshd -D -e`, makes itself the child subreaper (so sessions orphaned by a dying listener come back to it), says
/// "ready" on its stdout once sshd answers on the port, and stops everything when the lifeline reads EOF — which
/// happens when host-ssh closes it on SIGINT/SIGTERM/SIGHUP/SIGQUIT, and equally when host-ssh is killed with
/// SIGKILL (the kernel closes its descriptors). Swift can't run code between fork and exec, so `PR_SET_PDEATHSIG`
/// in sshd's child is not an option; a pipe's EOF needs no code in the child and catches every way of dying.
///
/// Stopping goes apps first: every `ssh-session` gets SIGTERM and restores its client's terminal (alternate screen,
/// mouse tracking, cursor) while its connection is still up; the connections then close by themselves; only then
/// are the listener and anything left sent SIGTERM, and SIGKILL after 5 s.
struct SSHDSupervisor {
    var binary: String
    var sshd: String
    var configPath: String
    var listen: String
    var port: Int
    /// The league server the keeper starts (and stops last) beside sshd; nil when sessions use another one.
    var server: LocalServer?

    struct LocalServer {
        /// `127.0.0.1:PORT`
        var listen: String
        var database: String
        var secretFile: String
        /// Where its request log (standard error) goes.
        var log: String
    }

    /// Starts the keeper; calls `ready` once sshd answers on the port; returns the exit status (0 when stopped by a
    /// signal, 1 when sshd failed or ended by itself).
    func run(ready: () -> Void) throws(HostSSHCommand.Failure) -> Int32 {
        try StopSignal.install()
        var lifeline: [Int32] = [-1, -1], status: [Int32] = [-1, -1]
        guard ChildProcess.pipe(&lifeline), ChildProcess.pipe(&status) else {
            throw .init(message: "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        var argv = [binary, "ssh-keeper", "--sshd", sshd, "--config", configPath, "--listen", listen, "--port", "\(port)"]
        if let server {
            argv += ["--serve-listen", server.listen, "--serve-database", server.database, "--serve-secret-file", server.secretFile,
                     "--serve-log", server.log]
        }
        let keeper = try ChildProcess.spawn(argv, stdin: lifeline[0], stdout: status[1])
        close(lifeline[0]); close(status[1])
        var lifelineFD: Int32 = lifeline[1]
        func stop(_ sig: Int32?) -> Int32 {
            if let sig { Output.error("clubhouse host-ssh: stopping (signal \(sig)); ending every SSH session") }
            if lifelineFD >= 0 { close(lifelineFD); lifelineFD = -1 }
            // The keeper ends the apps, then sshd (5 s at most each step); more than that and it is stuck.
            if !ChildProcess.wait(keeper, timeout: .seconds(30)) { kill(keeper, SIGKILL); _ = ChildProcess.wait(keeper, timeout: .seconds(5)) }
            return 0
        }

        // Until the keeper says sshd answers: the banner waits for it.
        var line: [UInt8] = []
        waiting: while true {
            var fds = [pollfd(fd: status[0], events: Int16(POLLIN), revents: 0),
                       pollfd(fd: StopSignal.readFD, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, 250)
            if fds[1].revents & Int16(POLLIN) != 0 { close(status[0]); return stop(StopSignal.take()) }
            if fds[0].revents & Int16(POLLIN | POLLHUP) != 0 {
                var buf = [UInt8](repeating: 0, count: 64)
                let n = read(status[0], &buf, buf.count)
                if n <= 0 {
                    // The keeper ended before sshd was ready; it said why on stderr.
                    close(status[0])
                    _ = stop(nil)
                    return 1
                }
                line += buf.prefix(n)
                if line.contains(UInt8(ascii: "\n")) { break waiting }
            }
        }
        close(status[0])
        ready()

        while true {
            var fds = pollfd(fd: StopSignal.readFD, events: Int16(POLLIN), revents: 0)
            _ = poll(&fds, 1, 250)
            if fds.revents & Int16(POLLIN) != 0 { return stop(StopSignal.take()) }
            if let code = ChildProcess.exitStatus(keeper) {
                Output.error("clubhouse host-ssh: the SSH host stopped (status \(code)); its messages are above")
                return 1
            }
        }
    }
}

/// `clubhouse ssh-keeper`: the process that owns sshd for host-ssh (see `SSHDSupervisor`).
enum SSHDKeeper {
    static func run(_ args: ParsedArguments) -> Int32 {
        guard let sshd = args.options["sshd"], let config = args.options["config"], let listen = args.options["listen"],
              let port = args.options["port"].flatMap(Int.init) else {
            Output.error("clubhouse ssh-keeper: internal command, started by 'clubhouse host-ssh'")
            return 2
        }
        // host-ssh owns the terminal's signals; this process stops on the lifeline's EOF (or SIGTERM sent to it).
        for sig in [SIGINT, SIGHUP, SIGQUIT, SIGPIPE] { signal(sig, SIG_IGN) }
        do { try StopSignal.install(signals: [SIGTERM]) } catch {
            Output.error("clubhouse host-ssh: \(error.message)")
            return 1
        }
        // Sessions a dying listener leaves behind are re-parented here, so they can still be found and ended.
        _ = clinux_set_child_subreaper()

        // The league server first (sessions are its clients), ready once it accepts connections.
        var server: pid_t?
        var serverLog = ""
        if let serveListen = args.options["serve-listen"], let database = args.options["serve-database"],
           let secret = args.options["serve-secret-file"], let log = args.options["serve-log"],
           let colon = serveListen.lastIndex(of: ":"), let servePort = Int(serveListen[serveListen.index(after: colon)...]) {
            serverLog = log
            let logFD = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            defer { if logFD >= 0 { close(logFD) } }
            do {
                server = try ChildProcess.spawn([executable(), "serve",
                                                 "--listen", serveListen, "--database", database, "--ssh-host-secret-file", secret],
                                                stdin: -1, stdout: -1, stderr: logFD, newGroup: true)
            } catch {
                Output.error("clubhouse host-ssh: \(error.message)")
                return 1
            }
            let deadline = Date().addingTimeInterval(60)
            while !PortProbe.accepts(address: String(serveListen[..<colon]), port: servePort) {
                if let code = ChildProcess.exitStatus(server!) {
                    Output.error("clubhouse host-ssh: the league server exited before it was listening (status \(code)); its log: \(log)")
                    return 1
                }
                if lifelineEnded(wait: 0) || Date() > deadline {
                    if Date() > deadline { Output.error("clubhouse host-ssh: the league server did not listen on \(serveListen) within 60 s; its log: \(log)") }
                    kill(server!, SIGTERM)
                    _ = ChildProcess.wait(server!, timeout: .seconds(5))
                    return Date() > deadline ? 1 : 0
                }
                usleep(50_000)
            }
        }

        let listener: pid_t
        do {
            listener = try ChildProcess.spawn([sshd, "-D", "-e", "-f", config], stdin: -1, stdout: 2, newGroup: true)
        } catch {
            Output.error("clubhouse host-ssh: \(error.message)")
            if let server { stopEverything(listener: -1, listenerGone: true, server: server) }
            return 1
        }

        // Ready once sshd answers on its port with an SSH banner.
        let deadline = Date().addingTimeInterval(20)
        var ready = false
        while !ready {
            if let code = reap(listener) {
                Output.error("clubhouse host-ssh: sshd exited before it was listening (status \(code)); its messages are above")
                stopEverything(listener: listener, listenerGone: true, server: server)
                return 1
            }
            if lifelineEnded(wait: 0) { stopEverything(listener: listener, listenerGone: false, server: server); return 0 }
            if Date() > deadline {
                Output.error("clubhouse host-ssh: sshd did not answer on \(listen) port \(port) within 20 s")
                stopEverything(listener: listener, listenerGone: false, server: server)
                return 1
            }
            ready = PortProbe.answersSSH(address: listen, port: port)
            if !ready { usleep(100_000) }
        }
        _ = write(1, "ready\n", 6)
        close(1)
        _ = open("/dev/null", O_WRONLY)   // fd 1 again, so nothing writes into a closed pipe

        while true {
            if lifelineEnded(wait: 250) { stopEverything(listener: listener, listenerGone: false, server: server); return 0 }
            if let code = reap(listener) {
                stopEverything(listener: listener, listenerGone: true, server: server)
                Output.error("clubhouse host-ssh: sshd exited (status \(code))")
                return 1
            }
            if let server, !Processes.isAlive(server) {
                Output.error("clubhouse host-ssh: the league server stopped; ending every SSH session (its log: \(serverLog))")
                stopEverything(listener: listener, listenerGone: false, server: nil)
                return 1
            }
        }
    }

    /// This binary's absolute path.
    private static func executable() -> String { ShippedData.executablePath }

    /// True when host-ssh closed (or lost) the lifeline, or this process was sent SIGTERM.
    private static func lifelineEnded(wait ms: Int32) -> Bool {
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: StopSignal.readFD, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 2, ms)
        if fds[1].revents & Int16(POLLIN) != 0 { return true }
        if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            var byte: UInt8 = 0
            return read(0, &byte, 1) <= 0
        }
        return false
    }

    /// Reaps exited children (orphans re-parented here included); the listener's exit status once it has ended.
    private static func reap(_ listener: pid_t) -> Int32? {
        var result: Int32?
        while true {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, WNOHANG)
            guard pid > 0 else { break }
            if pid == listener { result = ChildProcess.decode(status) }
        }
        return result
    }

    /// Apps first (they restore their clients' terminals), then the connections, then the listener, then the league
    /// server (it ends its event streams and finishes requests in flight: 5 s).
    static func stopEverything(listener: pid_t, listenerGone: Bool, server: pid_t? = nil) {
        let me = getpid()
        let apps = Processes.descendants(of: me).filter { Processes.commandLine($0).contains(" ssh-session") }
        for pid in apps { kill(pid, SIGTERM) }
        Wait.blockingUntil(.seconds(3), every: .milliseconds(50)) { _ = reap(listener); return apps.allSatisfy { !Processes.isAlive($0) } }
        // Each connection's sshd passes on what its app wrote last and closes once the app has ended.
        Wait.blockingUntil(.seconds(2), every: .milliseconds(50)) {
            _ = reap(listener)
            return Processes.descendants(of: me).allSatisfy { $0 == listener || $0 == server || !Processes.isAlive($0) }
        }
        var rest = Processes.descendants(of: me).filter { $0 != server }
        if !listenerGone, listener > 0, !rest.contains(listener) { rest.append(listener) }
        for pid in rest { kill(pid, SIGTERM) }
        Wait.blockingUntil(.seconds(5), every: .milliseconds(50)) { _ = reap(listener); return rest.allSatisfy { !Processes.isAlive($0) } }
        for pid in rest where Processes.isAlive(pid) { kill(pid, SIGKILL) }
        Wait.blockingUntil(.seconds(2), every: .milliseconds(50)) { _ = reap(listener); return rest.allSatisfy { !Processes.isAlive($0) } }
        if let server, Processes.isAlive(server) {
            kill(server, SIGTERM)
            Wait.blockingUntil(.seconds(6), every: .milliseconds(50)) { _ = reap(listener); return !Processes.isAlive(server) }
            if Processes.isAlive(server) { kill(server, SIGKILL); Wait.blockingUntil(.seconds(2), every: .milliseconds(50)) { _ = reap(listener); return !Processes.isAlive(server) } }
        }
    }
}

/// Starting and waiting for child processes with posix_spawn: a clean signal mask and default dispositions, and
/// only the descriptors asked for.
enum ChildProcess {
    /// Starts `argv` with `stdin`/`stdout` as its fds 0 and 1 (-1: /dev/null) and `stderr` as fd 2 (-1: this
    /// process's); in a new process group when `newGroup`.
    static func spawn(_ argv: [String], stdin: Int32, stdout: Int32, stderr: Int32 = -1, newGroup: Bool = true) throws(HostSSHCommand.Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdin >= 0 { posix_spawn_file_actions_adddup2(&actions, stdin, 0) } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if stdout >= 0 { posix_spawn_file_actions_adddup2(&actions, stdout, 1) } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if stderr >= 0 { posix_spawn_file_actions_adddup2(&actions, stderr, 2) }
        if let sym = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            _ = unsafeBitCast(sym, to: AddCloseFrom.self)(&actions, 3)
        }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attr, &empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newGroup { posix_spawnattr_setpgroup(&attr, 0); flags |= POSIX_SPAWN_SETPGROUP }
        posix_spawnattr_setflags(&attr, Int16(flags))

        var cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cargs { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, &attr, &cargs, environ)
        guard rc == 0 else { throw .init(message: "cannot start \(argv[0]): \(String(cString: strerror(rc)))") }
        return pid
    }

    /// A pipe whose ends close on exec (children get only what `spawn` hands them).
    static func pipe(_ fds: inout [Int32], nonBlocking: Bool = false) -> Bool {
        guard Glibc.pipe(&fds) == 0 else { return false }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            if nonBlocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
        return true
    }

    /// The exit status once `pid` has ended (reaping it), nil while it runs.
    static func exitStatus(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid ? decode(status) : nil
    }

    /// Waits up to `timeout` seconds for `pid` to end; true when it did.
    static func wait(_ pid: pid_t, timeout: Duration) -> Bool {
        Wait.blockingUntil(timeout, every: .milliseconds(50)) { exitStatus(pid) != nil }
    }

    static func decode(_ status: Int32) -> Int32 { (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f) }
}

/// The self-pipe stop signals are written to (set up before the handler is installed).
enum StopSignal {
    nonisolated(unsafe) static var readFD: Int32 = -1
    nonisolated(unsafe) static var writeFD: Int32 = -1
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    static func install(signals: [Int32] = StopSignal.signals) throws(HostSSHCommand.Failure) {
        var fds: [Int32] = [-1, -1]
        guard ChildProcess.pipe(&fds, nonBlocking: true) else {
            throw .init(message: "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        readFD = fds[0]; writeFD = fds[1]
        for sig in signals { signal(sig, stopSignalHandler) }
        // A parent may have started us with these blocked (a Dispatch thread's mask is inherited through
        // posix_spawn): unblock them, or SIGTERM would never arrive.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in signals + [SIGCHLD] { sigaddset(&unblock, sig) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The signal that arrived (0 if none).
    static func take() -> Int32 {
        var sig: Int32 = 0
        _ = read(readFD, &sig, MemoryLayout<Int32>.size)
        return sig
    }
}

/// A C signal handler: async-signal-safe, it only writes the signal number to the self-pipe.
private func stopSignalHandler(_ sig: Int32) {
    var s = sig
    _ = write(StopSignal.writeFD, &s, MemoryLayout<Int32>.size)
}
