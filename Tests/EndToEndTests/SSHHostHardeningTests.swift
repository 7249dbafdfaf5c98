import ClubhouseData
import Foundation
import Testing

/// `clubhouse host-ssh` against hostile paths, a taken port, and being stopped or killed.
@Suite(.serialized) struct SSHHostHardeningTests {
    static let user = String(cString: getpwuid(geteuid())!.pointee.pw_name)

    /// A client in tmux: `ssh` into the host with its own key; the pane stays after ssh exits.
    static func client(_ dir: String, key name: String, port: Int) throws -> Tmux {
        if !FileManager.default.fileExists(atPath: "\(dir)/\(name)") {
            let made = try SSHHost.run(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", "\(dir)/\(name)"])
            try #require(made.status == 0, "ssh-keygen: \(made.output)")
        }
        let ssh = ["ssh", "-tt", "-F", "/dev/null", "-i", "\(dir)/\(name)", "-p", "\(port)",
                   "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "IdentitiesOnly=yes",
                   "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "\(user)@127.0.0.1"]
        return try Tmux(command: ssh.map(Tmux.shellQuote).joined(separator: " ") + "; echo ssh-exit=$?; sleep 60", width: 120, height: 40)
    }

    /// host-ssh on a fresh loopback port, or on `port` again when given, once it says how to connect.
    static func startHost(_ dir: String, database: String, state: String, on port: Int? = nil, env: [String: String]) throws -> (SSHHost, Int) {
        let arguments = { (port: Int) in ["host-ssh", "--listen", "127.0.0.1", "--port", "\(port)", "--database", database, "--state-dir", state] }
        let (host, port) = try port.map { try SSHHost.restart(on: $0, arguments, environment: env, logDirectory: dir, stateDirectory: state) }
            ?? SSHHost.start(arguments, environment: env, logDirectory: dir, stateDirectory: state)
        let up = Wait.blockingUntil(.seconds(90), every: .milliseconds(100)) { host.output.contains("Connect with") || !host.isRunning }
        try #require(up && host.isRunning, "host-ssh did not come up:\n\(host.output)\n\(host.log)")
        return (host, port)
    }

    static func reachesHome(_ tmux: Tmux) throws -> (matched: Bool, screen: String) {
        try tmux.waitFor(timeout: 45) { ["Public leagues", "Gridiron Greats"].allSatisfy($0.contains) }
    }

    // MARK: Paths

    @Test func aNewlineInTheDatabasePathIsRefusedBeforeAnythingIsCreated() throws {
        let home = try TemporaryHome()
        let dir = home.url.path
        let r = try Binary.run(["host-ssh", "--port", "\(try Ports.free())", "--listen", "127.0.0.1",
                                "--database", dir + "/sub/league\nx.sqlite", "--state-dir", dir + "/state"], environment: home.environment)
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains("--database") && r.err.contains("control character"), "\(r.err)")
        #expect(!r.out.contains("Connect with"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/sub"), "nothing is seeded at a broken path")
        #expect(!FileManager.default.fileExists(atPath: dir + "/state"), "no state folder either")
    }

    @Test(.enabled(if: SSHHostingTests.canRun, "needs root and OpenSSH"), .timeLimit(.minutes(10)))
    func aPercentAndQuotesInTheDatabasePathStillLetClientsIn() throws {
        let home = try TemporaryHome()
        let dir = home.url.path
        let weird = dir + "/100% it's \"the\" #1 %h"
        try FileManager.default.createDirectory(atPath: weird, withIntermediateDirectories: true)
        let (host, port) = try Self.startHost(dir, database: weird + "/league %u.sqlite", state: dir + "/state", env: home.environment)
        defer { host.cleanUp(stateDirectory: dir + "/state") }
        let alice = try Self.client(dir, key: "alice", port: port)
        let landed = try Self.reachesHome(alice)
        #expect(landed.matched, "the client never reached Home:\n\(landed.screen)\nhost log:\n\(host.log)")
        #expect(FileManager.default.fileExists(atPath: weird + "/league %u.sqlite"), "the database is where it was asked to be")
        #expect(!host.log.contains("percent_expand"), "\(host.log)")
    }

    // MARK: Ports

    @Test(.enabled(if: SSHHostingTests.canRun, "needs root and OpenSSH"), .timeLimit(.minutes(10)))
    func aSecondHostOnATakenPortIsRefusedBeforeItsBanner() throws {
        let home = try TemporaryHome()
        let dir = home.url.path
        let (first, port) = try Self.startHost(dir, database: dir + "/league.sqlite", state: dir + "/state-a", env: home.environment)
        defer { first.cleanUp(stateDirectory: dir + "/state-a") }
        // Another state folder, the same port: refused before the banner, before a database is made.
        let second = try Binary.run(["host-ssh", "--listen", "127.0.0.1", "--port", "\(port)", "--database", dir + "/other.sqlite",
                                     "--state-dir", dir + "/state-b"], environment: home.environment)
        #expect(second.status == 1, "\(second.err)")
        #expect(second.err.contains("port \(port) on 127.0.0.1 is already in use"), "\(second.err)")
        #expect(!second.out.contains("Connect with"), "\(second.out)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/other.sqlite"))
        #expect(first.isRunning, "the first host is untouched")
    }

    // MARK: Stopping

    @Test(.enabled(if: SSHHostingTests.canRun, "needs root and OpenSSH"), .timeLimit(.minutes(10)))
    func sigtermEndsTheAppsFirstSoClientsGetTheirTerminalBack() throws {
        let home = try TemporaryHome()
        let dir = home.url.path
        let (host, port) = try Self.startHost(dir, database: dir + "/league.sqlite", state: dir + "/state", env: home.environment)
        defer { host.cleanUp(stateDirectory: dir + "/state") }
        let alice = try Self.client(dir, key: "alice", port: port)
        try #require(try Self.reachesHome(alice).matched, "no session:\n\(host.log)")
        #expect(try alice.format("#{alternate_on} #{mouse_any_flag}") == "1 1", "the app is full-screen with the mouse on")

        #expect(host.stop(timeout: 30) == 0, "\(host.log)")
        let closed = try alice.waitFor("ssh-exit=", timeout: 15)
        #expect(closed.matched, "the client was not disconnected:\n\(closed.screen)")
        #expect(try alice.format("#{alternate_on} #{mouse_any_flag} #{cursor_flag}") == "0 0 1",
                "the client's terminal is left as it was: alternate screen off, mouse tracking off, cursor shown")
    }

    @Test(.enabled(if: SSHHostingTests.canRun, "needs root and OpenSSH"), .timeLimit(.minutes(10)))
    func sigkillOfTheHostTakesSshdAndItsSessionsWithIt() throws {
        let home = try TemporaryHome()
        let dir = home.url.path
        let (host, port) = try Self.startHost(dir, database: dir + "/league.sqlite", state: dir + "/state", env: home.environment)
        defer { host.cleanUp(stateDirectory: dir + "/state") }
        let alice = try Self.client(dir, key: "alice", port: port)
        try #require(try Self.reachesHome(alice).matched, "no session:\n\(host.log)")
        let tracked = host.descendants()
        #expect(tracked.contains { SSHHost.commandLine($0).contains("ssh-session") })

        kill(host.pid, SIGKILL)
        let gone = Wait.blockingUntil(.seconds(30), every: .milliseconds(100)) {
            tracked.allSatisfy { !SSHHost.isAlive($0) } && SSHHost.processes(matching: dir + "/state/sshd_config").isEmpty
        }
        #expect(gone, "left running: \(tracked.filter(SSHHost.isAlive).map(SSHHost.commandLine))")
        #expect(try alice.waitFor("ssh-exit=", timeout: 15).matched)
        #expect(try alice.format("#{alternate_on} #{mouse_any_flag} #{cursor_flag}") == "0 0 1")
        // The port is free again: a new host on another state folder starts.
        let (again, _) = try Self.startHost(dir, database: dir + "/league.sqlite", state: dir + "/state-2", on: port, env: home.environment)
        defer { again.cleanUp(stateDirectory: dir + "/state-2") }
        #expect(again.isRunning)
    }
}
