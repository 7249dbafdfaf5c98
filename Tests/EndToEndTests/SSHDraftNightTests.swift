import ClubhouseData
import Foundation
import Testing

/// Draft night arrives at once: a league's worth of people — and more — `ssh` into the host in the same
/// second, and every one of them lands on Home. sshd's default `MaxStartups 10:30:100` drops connections still in key
/// exchange beyond ten, so the host's sshd is configured for a crowd, and the key check each login runs is cheap.
@Suite(.serialized) struct SSHDraftNightTests {
    /// Many terminals in one tmux server: one window per client.
    final class Windows {
        let socket = "clubhouse-e2e-fleet-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        private(set) var count = 0

        init(width: Int, height: Int) throws {
            _ = try tmux(["new-session", "-d", "-s", "fleet", "-x", "\(width)", "-y", "\(height)", "sleep 600"])
            _ = try tmux(["set-option", "-wg", "remain-on-exit", "on"])
        }
        deinit { _ = try? tmux(["kill-server"]) }

        /// Opens a window running `command`; returns its index.
        func open(_ command: String) throws -> Int {
            count += 1
            _ = try tmux(["new-window", "-d", "-t", "fleet:\(count)", command])
            return count
        }

        func screen(_ window: Int) -> String { (try? tmux(["capture-pane", "-p", "-t", "fleet:\(window)"])) ?? "" }

        private func tmux(_ args: [String]) throws -> String {
            let r = try Spawn.run(["/usr/bin/tmux", "-L", socket] + args)
            return r.output
        }
    }

    @Test(.enabled(if: SSHHostingTests.canRun, "needs root and OpenSSH"), .timeLimit(.minutes(10)))
    func sixtyPeopleConnectingTogetherAllReachHome() throws {
        let clients = Int(ProcessInfo.processInfo.environment["CLUBHOUSE_E2E_SSH_CLIENTS"] ?? "") ?? 60
        let home = try TemporaryHome()
        let dir = home.url.path
        let (host, port) = try SSHHostHardeningTests.startHost(dir, database: dir + "/league.sqlite", state: dir + "/state",
                                                              env: home.environment)
        defer { host.cleanUp(stateDirectory: dir + "/state") }

        // One key per person, made before anyone connects.
        for i in 0..<clients {
            let made = try SSHHost.run(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "p\(i)", "-f", "\(dir)/p\(i)"])
            try #require(made.status == 0, "ssh-keygen: \(made.output)")
        }
        let windows = try Windows(width: 100, height: 30)
        let started = Date()
        var opened: [Int] = []
        for i in 0..<clients {
            let ssh = ["ssh", "-tt", "-F", "/dev/null", "-i", "\(dir)/p\(i)", "-p", "\(port)",
                       "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "IdentitiesOnly=yes",
                       "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "\(SSHHostHardeningTests.user)@127.0.0.1"]
            opened.append(try windows.open(ssh.map(Tmux.shellQuote).joined(separator: " ") + "; echo ssh-exit=$?; sleep 600"))
        }

        func atHome(_ screen: String) -> Bool { ["Public leagues", "Gridiron Greats"].allSatisfy(screen.contains) }
        var landed = Set<Int>(), dropped = Set<Int>()
        Wait.blockingUntil(.seconds(240), every: .milliseconds(250)) {
            for w in opened where !landed.contains(w) && !dropped.contains(w) {
                let screen = windows.screen(w)
                if atHome(screen) { landed.insert(w) } else if screen.contains("ssh-exit=") { dropped.insert(w) }
            }
            return landed.count + dropped.count >= clients
        }
        let seconds = Date().timeIntervalSince(started)
        let refused = opened.filter { !landed.contains($0) }
        let sample = refused.first.map { windows.screen($0) } ?? ""
        #expect(refused.isEmpty, "\(refused.count) of \(clients) never reached Home (\(dropped.count) dropped by the host); one of them:\n\(sample)\nhost log:\n\(host.log.suffix(3000))")
        print("draft night: \(landed.count) of \(clients) SSH logins reached Home in \(String(format: "%.1f", seconds)) s")
    }
}
