import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// What the end-to-end stories over SSH share: people with a key each, linked to their accounts, and an `ssh -tt`
/// client per person in its own tmux (120×40) that signs in with the key (K) and opens a league from Home.
enum SSHLeague {
    /// One manager: the account, the key, the team.
    struct Manager {
        var name: String
        var team: String
        var keyPath: String
        var user: UserID
    }

    /// A new account for `name` (`<name>@ssh.example`), with a fresh ed25519 key in `dir` linked to it.
    static func manager(_ name: String, team: String, in dir: String, service: LeagueService) throws -> Manager {
        let key = "\(dir)/\(name.lowercased())"
        let made = try SSHHost.run(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", key])
        try #require(made.status == 0, "ssh-keygen: \(made.output)")
        let publicKey = try SSHPublicKey(line: try String(contentsOfFile: key + ".pub", encoding: .utf8))
        let session = try service.createAccount(email: "\(name.lowercased())@ssh.example", password: "ssh league \(name)", displayName: name)
        try service.linkSSHKey(fingerprint: publicKey.fingerprint, publicKey: publicKey.openSSHLine, caller: .user(session.user.id))
        return Manager(name: name, team: team, keyPath: key, user: session.user.id)
    }

    /// An `ssh -tt` client of the host on `port` with `m`'s key, in its own 120×40 tmux.
    static func connect(_ m: Manager, port: Int) throws -> Tmux {
        let account = String(cString: getpwuid(geteuid())!.pointee.pw_name)
        let ssh = ["ssh", "-tt", "-F", "/dev/null", "-i", m.keyPath, "-p", "\(port)",
                   "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "IdentitiesOnly=yes",
                   "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "\(account)@127.0.0.1"]
        return try Tmux(command: ssh.map(Tmux.shellQuote).joined(separator: " ") + "; echo ssh-exit=$?; sleep 30",
                        width: 120, height: 40)
    }

    /// Home → signed in with the key (K, unless the device's session is still signed in) → the league's page.
    static func openLeague(_ name: String, as m: Manager, on tmux: Tmux, hostLog: () -> String) throws {
        let landed = try tmux.waitFor(timeout: 30) { $0.contains(name) && ($0.contains("K: sign in as \(m.name)") || $0.contains("\(m.name) · ? help")) }
        try #require(landed.matched, "\(m.name) never reached Home:\n\(landed.screen)\nhost log:\n\(hostLog())")
        if landed.screen.contains("K: sign in as \(m.name)") {
            #expect(landed.screen.split(separator: "\n").first?.contains("signed out · K: sign in as \(m.name)") == true,
                    "the top bar offers the key:\n\(landed.screen)")
            try tmux.send("K")
        }
        let signedIn = try tmux.waitFor(timeout: 10) { $0.split(separator: "\n").first?.contains("\(m.name) · ? help") == true }
        try #require(signedIn.matched, "\(m.name)'s key did not sign in:\n\(signedIn.screen)")
        // Home reloads its lists once signed in: Enter opens the league when its row is there (again if the
        // first press landed while the list was reloading).
        var page = (matched: false, screen: "")
        let leaguePage = "\(name)  ·  "
        for _ in 0..<3 where !page.matched {
            let ready = try tmux.waitFor(timeout: 5) { $0.contains(leaguePage) || !$0.contains("Loading") && $0.contains("Public leagues") }
            if ready.screen.contains(leaguePage) { page = ready; break }
            try tmux.send("Enter")
            page = try tmux.waitFor(leaguePage, timeout: 3)
        }
        try #require(page.matched, "\(m.name): no league page:\n\(page.screen)")
    }
}
