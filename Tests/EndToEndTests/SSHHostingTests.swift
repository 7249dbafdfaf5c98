import Foundation
import Testing
import ClubhouseData
import ClubhouseDomain

/// `clubhouse host-ssh` end to end, on the system's OpenSSH: two clients with their own keys land in
/// the app side by side; dropping one leaves the other working and the host accepting a reconnect;
/// SIGTERM stops sshd and every session, leaving no process behind.
///
/// Runs as root (as CI does): sshd logs everyone in as the account that hosts, and the key check it
/// runs must sit on a root-owned path. Elsewhere it is skipped with the reason.
@Suite(.serialized) struct SSHHostingTests {
    static let sshd = "/usr/sbin/sshd"
    static var canRun: Bool {
        geteuid() == 0 && FileManager.default.isExecutableFile(atPath: sshd)
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh-keygen")
    }

    @Test(.enabled(if: canRun, "needs root and OpenSSH (make test installs openssh-server and openssh-client)"),
          .timeLimit(.minutes(10)))
    func twoClientsDropOneReconnectThenStop() throws {
        let home = try TemporaryHome()
        let dir = home.url.path
        let user = String(cString: getpwuid(geteuid())!.pointee.pw_name)

        let (host, port) = try SSHHost.start({ ["host-ssh", "--listen", "127.0.0.1", "--port", "\($0)",
                                                "--database", dir + "/league.sqlite", "--state-dir", dir + "/state"] },
                                             environment: home.environment, logDirectory: dir, stateDirectory: dir + "/state")
        defer { host.cleanUp(stateDirectory: dir + "/state") }
        let listening = host.waitForLog("Server listening on 127.0.0.1 port \(port)", timeout: 60)
        try #require(listening, "sshd never listened:\n\(host.log)")
        // The banner follows once sshd answers on the port.
        #expect(Wait.blockingUntil(.seconds(20), every: .milliseconds(100)) { host.output.contains("ssh -p \(port) \(user)@127.0.0.1") }, "how to connect is printed:\n\(host.output)")

        // Two devices: two key pairs.
        var fingerprints: [String] = []
        for name in ["alice", "bob"] {
            let made = try SSHHost.run(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", "\(dir)/\(name)"])
            try #require(made.status == 0, "ssh-keygen: \(made.output)")
            let listed = try SSHHost.run(["/usr/bin/ssh-keygen", "-l", "-f", "\(dir)/\(name).pub"]).output
            fingerprints.append(String(try #require(listed.split(separator: " ").first { $0.hasPrefix("SHA256:") })))
        }
        func client(_ name: String) throws -> Tmux {
            let ssh = ["ssh", "-tt", "-F", "/dev/null", "-i", "\(dir)/\(name)", "-p", "\(port)",
                       "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "IdentitiesOnly=yes",
                       "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "\(user)@127.0.0.1"]
            return try Tmux(command: ssh.map(Tmux.shellQuote).joined(separator: " ") + "; echo ssh-exit=$?; sleep 30",
                            width: 120, height: 40)
        }

        // Both land on Home with the demo leagues.
        var alice: Tmux? = try client("alice")
        let bob = try client("bob")
        for (name, tmux) in [("alice", alice!), ("bob", bob)] {
            let home = try tmux.waitFor(timeout: 30) { screen in
                ["Public leagues", "Gridiron Greats", "Bot Bowl Live", "Champions Circle"].allSatisfy(screen.contains)
            }
            #expect(home.matched, "\(name) never reached Home with the demo leagues:\n\(home.screen)\nhost log:\n\(host.log)")
        }
        #expect(host.log.contains("Accepted publickey for \(user)"), "sshd logged the key logins")

        // Each key got its own device folder, named by its fingerprint.
        let devices = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/state/devices")) ?? []
        for fp in fingerprints {
            let component = try LocalStateDirectory.safeName(fp)
            #expect(devices.contains(component), "no device folder for \(fp) in \(devices)")
        }
        #expect(host.sessions().count == 2, "two app processes")
        // Each session is a client of the league server beside sshd: it has no database file open.
        for pid in host.sessions() {
            let files = SSHHost.openFiles(pid)
            #expect(!files.isEmpty, "could not read /proc/\(pid)/fd")
            #expect(!files.contains { $0.contains(".sqlite") }, "session \(pid) has the database open: \(files)")
        }
        #expect(host.descendants().contains { SSHHost.commandLine($0).contains(" serve ") }, "one league server runs beside sshd")

        // Drop alice's connection: her app ends (SIGHUP), bob's keeps working.
        alice = nil
        let oneLeft = Wait.blockingUntil(.seconds(15), every: .milliseconds(100)) { host.sessions().count == 1 }
        #expect(oneLeft, "alice's session did not end: \(host.sessions())")
        try bob.send("+")
        let full = try bob.waitFor("─ full ─", timeout: 10)
        #expect(full.matched, "bob's app stopped responding:\n\(full.screen)")
        try bob.send("-")
        #expect(try bob.waitFor("─ half ─", timeout: 10).matched)

        // Alice reconnects.
        let again = try client("alice")
        let back = try again.waitFor(timeout: 30) { $0.contains("Public leagues") && $0.contains("Gridiron Greats") }
        #expect(back.matched, "reconnect failed:\n\(back.screen)\nhost log:\n\(host.log)")

        // SIGTERM stops the host: it exits 0, the clients are disconnected, no sshd is left.
        let tracked = host.descendants()
        #expect(tracked.count >= 5, "listener + 2 × (sshd, app): \(tracked)")
        let status = host.stop(timeout: 15)
        #expect(status == 0, "host-ssh exit status \(String(describing: status))\n\(host.log)")
        #expect(tracked.filter(SSHHost.isAlive).isEmpty, "left running: \(tracked.filter(SSHHost.isAlive))")
        #expect(SSHHost.processes(matching: dir + "/state/sshd_config").isEmpty, "an sshd with our config is still running")
        for tmux in [bob, again] {
            let closed = try tmux.waitFor("ssh-exit=", timeout: 10)
            #expect(closed.matched, "the client was not disconnected:\n\(closed.screen)")
        }
    }
}

/// host-ssh with `--server`: sessions are clients of a league server started elsewhere (no server of its own); and
/// the server host-ssh starts itself stopping on its own ends the host, saying so.
@Suite(.serialized) struct SSHHostServerTests {

    @Test(.enabled(if: SSHHostingTests.canRun, "needs root and OpenSSH"), .timeLimit(.minutes(10)))
    func sessionsUseTheServerGivenWithServer() throws {
        let home = try TemporaryHome()
        let dir = home.url.path
        let secret = dir + "/club-secret"
        try "a-secret-shared-by-the-club-server\n".write(toFile: secret, atomically: true, encoding: .utf8)
        chmod(secret, 0o600)
        let server = try RemoteDraftTests.Server.start(database: dir + "/league.sqlite", home: home,
                                                       arguments: ["--ssh-host-secret-file", secret])
        let serverPort = server.port
        try #require(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { server.output.contains("Clubhouse league server on") }, "\(server.output)")

        let (host, port) = try SSHHost.start({ ["host-ssh", "--listen", "127.0.0.1", "--port", "\($0)", "--server", "http://127.0.0.1:\(serverPort)",
                                                "--ssh-host-secret-file", secret, "--state-dir", dir + "/state"] },
                                             environment: home.environment, logDirectory: dir, stateDirectory: dir + "/state")
        defer { host.cleanUp(stateDirectory: dir + "/state") }
        try #require(Wait.blockingUntil(.seconds(60), every: .milliseconds(100)) { host.output.contains("ssh -p \(port)") || !host.isRunning }, "no banner:\n\(host.output)\n\(host.log)")
        #expect(host.output.contains("league server: http://127.0.0.1:\(serverPort)"), "\(host.output)")
        #expect(!host.descendants().contains { SSHHost.commandLine($0).contains(" serve ") }, "no server of its own")
        #expect(!FileManager.default.fileExists(atPath: dir + "/state/ssh-host-secret"), "no secret of its own")

        let alice = try SSHHostHardeningTests.client(dir, key: "alice", port: port)
        let landed = try alice.waitFor(timeout: 30) { ["Public leagues", "Gridiron Greats"].allSatisfy($0.contains) }
        #expect(landed.matched, "alice never reached Home:\n\(landed.screen)\nhost log:\n\(host.log)")
        for pid in host.sessions() {
            #expect(!SSHHost.openFiles(pid).contains { $0.contains(".sqlite") }, "a session has the database open")
        }
        // The access log is written in batches after the answer went out, so the screen can be ahead of it.
        #expect(Wait.blockingUntil(.seconds(10), every: .milliseconds(50)) { server.output.contains("\"route\":\"/v1/leagues\"") },
                "the session read from the club's server:\n\(server.output)")
        #expect(host.stop(timeout: 15) == 0, "\(host.log)")
        #expect(server.stop() == 0, "the club's server is not host-ssh's to stop")
    }

    /// `--server https://…` with a club's own CA (`--ca-file`): under the linked policy the key check and the session
    /// both ask the server over TLS, trusting that CA — the person lands on Home with their key's sign-in offered.
    /// `--ca-file` without an https:// server is refused before anything starts.
    @Test(.enabled(if: SSHHostingTests.canRun, "needs root and OpenSSH"), .timeLimit(.minutes(10)))
    func sessionsFollowAnHTTPSServerSignedByTheClubsCA() throws {
        let home = try TemporaryHome()
        let dir = home.url.path
        let certs = try TestCertificates()
        let refused = try Binary.run(["host-ssh", "--ca-file", certs.ca, "--database", dir + "/other.sqlite", "--state-dir", dir + "/unused"])
        #expect(refused.status == 2 && refused.err.contains("--ca-file goes with --server https://"), "\(refused.err)")

        let secret = dir + "/club-secret"
        try "a-secret-shared-by-the-club-server\n".write(toFile: secret, atomically: true, encoding: .utf8)
        chmod(secret, 0o600)
        let dbPath = dir + "/league.sqlite"
        let (_, service) = try SSHLeague.service(dbPath)
        let ann = try SSHLeague.manager("Ann", team: "Ann's Aces", in: dir, service: service)
        var settings = LeagueSettings()
        settings.teamCount = 4
        _ = try service.leagues.createLeague(name: "Club Over TLS", settings: settings, isPublic: true, teamName: ann.team,
                                     seasonClock: Date(timeIntervalSince1970: 1_567_000_000), caller: .user(ann.user))
        let server = try RemoteDraftTests.Server.start(database: dbPath, home: home,
                                                       arguments: ["--ssh-host-secret-file", secret, "--tls-cert", certs.cert("good"), "--tls-key", certs.key("good")])
        let serverPort = server.port
        try #require(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { server.output.contains("Clubhouse league server on") }, "\(server.output)")

        let (host, port) = try SSHHost.start({ ["host-ssh", "--listen", "127.0.0.1", "--port", "\($0)", "--server", "https://127.0.0.1:\(serverPort)",
                                                "--ca-file", certs.ca, "--ssh-host-secret-file", secret, "--policy", "linked", "--state-dir", dir + "/state"] },
                                             environment: home.environment, logDirectory: dir, stateDirectory: dir + "/state")
        defer { host.cleanUp(stateDirectory: dir + "/state") }
        try #require(Wait.blockingUntil(.seconds(60), every: .milliseconds(100)) { host.output.contains("ssh -p \(port)") || !host.isRunning }, "no banner:\n\(host.output)\n\(host.log)")
        #expect(host.output.contains("league server: https://127.0.0.1:\(serverPort)"), "\(host.output)")

        let tmux = try SSHLeague.connect(ann, port: port)
        let landed = try tmux.waitFor(timeout: 30) { $0.contains("Club Over TLS") && $0.contains("K: sign in as Ann") }
        #expect(landed.matched, "Ann never reached Home over HTTPS:\n\(landed.screen)\nhost log:\n\(host.log)\nserver:\n\(server.output)")
        // The access log is written in batches after the answer went out, so the screen can be ahead of it.
        #expect(Wait.blockingUntil(.seconds(10), every: .milliseconds(50)) { server.output.contains("\"route\":\"/v1/leagues\"") },
                "the session read from the club's server:\n\(server.output)")
        #expect(host.stop(timeout: 15) == 0, "\(host.log)")
        #expect(server.stop() == 0)
    }

    @Test(.enabled(if: SSHHostingTests.canRun, "needs root and OpenSSH"), .timeLimit(.minutes(10)))
    func theHostSaysSoWhenItsServerStops() throws {
        let home = try TemporaryHome()
        let dir = home.url.path
        let (host, port) = try SSHHost.start({ ["host-ssh", "--listen", "127.0.0.1", "--port", "\($0)", "--database", dir + "/league.sqlite",
                                                "--state-dir", dir + "/state"] }, environment: home.environment, logDirectory: dir, stateDirectory: dir + "/state")
        defer { host.cleanUp(stateDirectory: dir + "/state") }
        try #require(Wait.blockingUntil(.seconds(60), every: .milliseconds(100)) { host.output.contains("ssh -p \(port)") || !host.isRunning }, "no banner:\n\(host.output)\n\(host.log)")
        var st = stat()
        #expect(stat(dir + "/state/ssh-host-secret", &st) == 0 && st.st_mode & 0o777 == 0o600, "the secret is private")
        let serve = try #require(host.descendants().first { SSHHost.commandLine($0).contains(" serve ") }, "a league server runs beside sshd")
        #expect(SSHHost.commandLine(serve).contains("--listen 127.0.0.1:"), "on loopback")
        let tracked = host.descendants()
        kill(serve, SIGKILL)
        #expect(Wait.blockingUntil(.seconds(30), every: .milliseconds(100)) { !host.isRunning }, "host-ssh went on without its server")
        #expect(host.stop(timeout: 1) == 1)
        #expect(host.log.contains("the league server stopped"), "\(host.log)")
        #expect(Wait.blockingUntil(.seconds(15), every: .milliseconds(100)) { tracked.filter(SSHHost.isAlive).isEmpty }, "left running: \(tracked.filter(SSHHost.isAlive))")
    }
}

/// A `clubhouse host-ssh` child process, its logs, and the processes it started. Started with
/// posix_spawn (clean signal mask, no inherited descriptors) and reaped with waitpid, like `Tmux`.
final class SSHHost {
    let pid: pid_t
    let outURL: URL, errURL: URL
    private var exitStatus: Int32?

    init(arguments: [String], environment: [String: String], logDirectory: String) throws {
        outURL = URL(fileURLWithPath: logDirectory + "/host.out")
        errURL = URL(fileURLWithPath: logDirectory + "/host.err")
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        pid = try Spawn.start([Binary.path] + arguments, environment: env, stdout: outURL.path, stderr: errURL.path)
    }

    var isRunning: Bool {
        if exitStatus != nil { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { exitStatus = Spawn.decode(status); return false }
        return true
    }

    var output: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
    var log: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }

    func waitForLog(_ text: String, timeout: TimeInterval) -> Bool {
        Wait.blockingUntil(.seconds(timeout), every: .milliseconds(100)) { self.log.contains(text) || !self.isRunning }
            && log.contains(text)
    }

    func descendants() -> [pid_t] { Self.descendants(of: pid) }

    /// What `pid`'s descriptors point at (`/proc/PID/fd` links).
    static func openFiles(_ pid: pid_t) -> [String] {
        let dir = "/proc/\(pid)/fd"
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: dir + "/" + $0)
        }
    }

    /// The app processes sshd started, one per connection.
    func sessions() -> [pid_t] {
        descendants().filter { Self.commandLine($0).contains("ssh-session") }
    }

    /// SIGTERM, then the exit status (nil if it did not exit in time).
    func stop(timeout: TimeInterval) -> Int32? {
        guard isRunning else { return exitStatus }
        kill(pid, SIGTERM)
        guard Wait.blockingUntil(.seconds(timeout), every: .milliseconds(100), { !self.isRunning }) else { return nil }
        return exitStatus
    }

    /// Whatever happens in the test, nothing it started is left running.
    func cleanUp(stateDirectory: String) {
        let tracked = descendants()
        if isRunning { kill(pid, SIGTERM); _ = Wait.blockingUntil(.seconds(10), every: .milliseconds(100)) { !self.isRunning } }
        if isRunning { kill(pid, SIGKILL); _ = Wait.blockingUntil(.seconds(5), every: .milliseconds(100)) { !self.isRunning } }
        var leftovers = tracked.filter(Self.isAlive)
        if let pidText = try? String(contentsOfFile: stateDirectory + "/sshd.pid", encoding: .utf8),
           let pid = pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)), Self.isAlive(pid) {
            leftovers.append(pid)
        }
        leftovers += Self.processes(matching: stateDirectory + "/sshd_config")
        for pid in leftovers { kill(pid, SIGKILL) }
    }

    // MARK: Helpers

    /// `clubhouse host-ssh` with `arguments(port)` on a fresh loopback port, once its sshd listens (or it ended); started
    /// again on a new port when the port, or the one it picked for its own league server, was taken before it could
    /// listen (see `Ports`). `stateDirectory` is its `--state-dir`, cleaned up after a start that lost its port.
    static func start(_ arguments: (Int) -> [String], environment: [String: String], logDirectory: String,
                      stateDirectory: String) throws -> (SSHHost, Int) {
        try Ports.start { port in
            try attempt(arguments(port), port: port, environment: environment, logDirectory: logDirectory, stateDirectory: stateDirectory)
        }
    }

    /// As `start`, on `port` again (a host started anew where its clients look for it), tried until the port frees.
    static func restart(on port: Int, _ arguments: (Int) -> [String], environment: [String: String], logDirectory: String,
                        stateDirectory: String) throws -> (SSHHost, Int) {
        try Ports.restart(on: port) { port in
            try attempt(arguments(port), port: port, environment: environment, logDirectory: logDirectory, stateDirectory: stateDirectory)
        }
    }

    private static func attempt(_ arguments: [String], port: Int, environment: [String: String], logDirectory: String,
                                stateDirectory: String) throws -> Ports.Attempt<(SSHHost, Int)> {
        let host = try SSHHost(arguments: arguments, environment: environment, logDirectory: logDirectory)
        // Its own league server's log says when that server lost its port (host-ssh only points at it).
        let outcome = Ports.outcome((host, port), within: .seconds(90), ready: { host.log.contains("Server listening on") },
                                    running: { host.isRunning },
                                    said: { host.log + ((try? String(contentsOfFile: stateDirectory + "/server.log", encoding: .utf8)) ?? "") })
        if case .lostPort = outcome { host.cleanUp(stateDirectory: stateDirectory) }
        return outcome
    }

    static func run(_ argv: [String]) throws -> (status: Int32, output: String) { try Spawn.run(argv) }

    static func commandLine(_ pid: pid_t) -> String { Processes.commandLine(pid) }

    static func processes(matching text: String) -> [pid_t] {
        allProcesses().keys.filter { $0 != getpid() && commandLine($0).contains(text) && isAlive($0) }
    }

    static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    /// pid → parent pid, for every process.
    static func allProcesses() -> [pid_t: pid_t] { Processes.parents() }

    static func descendants(of root: pid_t) -> [pid_t] { Processes.descendants(of: root).filter(isAlive) }
}

/// Starts programs with posix_spawn (clean signal mask, only stdin/stdout/stderr inherited) and
/// reaps them with waitpid.
enum Spawn {
    static func start(_ argv: [String], environment: [String: String]? = nil, stdout: String, stderr: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        // Nothing else of this process leaks into the child (glibc ≥ 2.34; looked up at run time).
        if let sym = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            _ = unsafeBitCast(sym, to: AddCloseFrom.self)(&actions, 3)
        }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attr, &none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attr, &all)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let args: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let env: [UnsafeMutablePointer<CChar>?] = (environment ?? ProcessInfo.processInfo.environment)
            .map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (args + env).forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, &attr, args, env)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
        return pid
    }

    /// Runs to completion; returns the exit status and stdout+stderr.
    static func run(_ argv: [String]) throws -> (status: Int32, output: String) {
        let out = NSTemporaryDirectory() + "ssh-e2e-\(UUID().uuidString).out"
        defer { unlink(out) }
        let pid = try start(argv, stdout: out, stderr: out)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (decode(status), (try? String(contentsOfFile: out, encoding: .utf8)) ?? "")
    }

    static func decode(_ status: Int32) -> Int32 { (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f) }
}
