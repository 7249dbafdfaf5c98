import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// What the end-to-end stories over SSH share (`SSHDraftTests`, `SSHAuctionTests`, `SSHTradeTests`, the evenings): a league
/// database with the season's players, people with a key each linked to their accounts, `clubhouse host-ssh` on a
/// loopback port, an `ssh -tt` client per person in its own tmux that signs in with the key (K) and opens a league
/// from Home, and the way from there into the draft room.
enum SSHLeague {
    /// One manager: the account, the key, the team.
    struct Manager {
        var name: String
        var team: String
        var keyPath: String
        var user: UserID
    }

    /// The league database at `path` with the season's players only (the demo leagues would cost seconds), and its service.
    static func service(_ path: String) throws -> (Database, LeagueService) {
        let db = try Database.open(at: DatabaseLocation(path: path)).database
        try DemoWorld.seedSeasonIfNeeded(db)
        try db.execute("INSERT INTO meta (key, value) VALUES ('\(DemoWorld.seededKey)', 'skipped by the SSH tests')")
        return (db, LeagueService(store: SQLiteLeagueStore(database: db), accounts: .sodium))
    }

    /// A new account for `name` (`<name>@ssh.example`), with a fresh ed25519 key in `dir` linked to it.
    static func manager(_ name: String, team: String, in dir: String, service: LeagueService) throws -> Manager {
        let key = "\(dir)/\(name.lowercased())"
        let made = try SSHHost.run(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", key])
        try #require(made.status == 0, "ssh-keygen: \(made.output)")
        let publicKey = try SSHPublicKey(line: try String(contentsOfFile: key + ".pub", encoding: .utf8))
        let session = try service.accounts.createAccount(email: "\(name.lowercased())@ssh.example", password: "ssh league \(name)", displayName: name)
        try service.accounts.linkSSHKey(fingerprint: publicKey.fingerprint, publicKey: publicKey.openSSHLine, caller: .user(session.user.id))
        return Manager(name: name, team: team, keyPath: key, user: session.user.id)
    }

    /// A manager for each (name, team), as `manager(_:team:in:service:)`.
    static func managers(_ people: [(String, String)], dir: String, service: LeagueService) throws -> [Manager] {
        try people.map { name, team in try manager(name, team: team, in: dir, service: service) }
    }

    /// A public league made by the first manager, every other one in by invite, the draft order theirs in turn
    /// (then any bot teams). Returns the league and the managers' teams in order.
    static func league(_ name: String, settings: LeagueSettings, managers: [Manager], service: LeagueService) throws -> (LeagueID, [TeamID]) {
        let first = Caller.user(managers[0].user)
        let league = try service.leagues.createLeague(name: name, settings: settings, isPublic: true, teamName: managers[0].team,
                                              seasonClock: Date(timeIntervalSince1970: 1_567_000_000), caller: first)
        var rng = SystemRandomNumberGenerator()
        let invite = try service.leagues.createInvite(league, uses: managers.count - 1, expiresAt: nil, caller: first, using: &rng)
        var order = [try service.draft.draftBoard(league, caller: first).capabilities.myTeam!]
        for m in managers.dropFirst() {
            order.append(try service.leagues.redeemInvite(code: invite.code, teamName: m.team, caller: .user(m.user)))
        }
        let all = try service.draft.draftBoard(league, caller: first).teams.map(\.id)
        _ = try service.commissioner.setDraftOrder(league, order: order + all.filter { !order.contains($0) }, caller: first)
        return (league, order)
    }

    /// `clubhouse host-ssh` over the database on a free loopback port, once its sshd listens.
    static func host(_ dir: String, database: String, home: TemporaryHome) throws -> (SSHHost, Int) {
        let (host, port) = try SSHHost.start({ ["host-ssh", "--listen", "127.0.0.1", "--port", "\($0)", "--database", database, "--state-dir", dir + "/state"] },
                                             environment: home.environment, logDirectory: dir, stateDirectory: dir + "/state")
        guard host.waitForLog("Server listening on 127.0.0.1 port \(port)", timeout: 60) else {
            host.cleanUp(stateDirectory: dir + "/state")
            throw DomainError.transport("sshd never listened:\n\(host.log)")
        }
        return (host, port)
    }

    /// The league server (`serve`, which can be stopped and started again on its port) and `clubhouse host-ssh --server`
    /// in front of it sharing its secret, once both listen. The caller cleans the host up (`host.cleanUp(stateDirectory:)`).
    struct ServedHost {
        let host: SSHHost
        let port: Int
        /// Starts `serve` again on the host's server port (once the last one stopped) and waits until it listens.
        let startServer: () throws -> RemoteDraftTests.Server
    }

    static func servedHost(_ dir: String, database: String, home: TemporaryHome) throws -> (ServedHost, RemoteDraftTests.Server) {
        let secret = try SSHCommandLineTests.secretFile(home)
        func started(_ server: RemoteDraftTests.Server) throws -> RemoteDraftTests.Server {
            guard Wait.blockingUntil(.seconds(180), every: .milliseconds(100), { server.output.contains("Clubhouse league server on") }) else {
                throw DomainError.transport("the league server never started:\n\(server.output)")
            }
            return server
        }
        // The first on a fresh port; each later one on the same port, where the host's sessions look for it.
        var last = try started(try RemoteDraftTests.Server.start(database: database, home: home, arguments: ["--ssh-host-secret-file", secret]))
        let server = last, serverPort = last.port
        let startServer = { () throws -> RemoteDraftTests.Server in
            last = try started(try last.startAgain())
            return last
        }
        let (host, port) = try SSHHost.start({ ["host-ssh", "--listen", "127.0.0.1", "--port", "\($0)", "--server", "http://127.0.0.1:\(serverPort)",
                                                "--ssh-host-secret-file", secret, "--state-dir", dir + "/state"] },
                                             environment: home.environment, logDirectory: dir, stateDirectory: dir + "/state")
        guard host.waitForLog("Server listening on 127.0.0.1 port \(port)", timeout: 60) else {
            host.cleanUp(stateDirectory: dir + "/state")
            throw DomainError.transport("sshd never listened:\n\(host.log)")
        }
        return (ServedHost(host: host, port: port, startServer: startServer), server)
    }

    /// An `ssh -tt` client of the host on `port` with `m`'s key, in its own tmux (120×40 unless said).
    static func connect(_ m: Manager, port: Int, width: Int = 120, height: Int = 40) throws -> Tmux {
        let account = String(cString: getpwuid(geteuid())!.pointee.pw_name)
        let ssh = ["ssh", "-tt", "-F", "/dev/null", "-i", m.keyPath, "-p", "\(port)",
                   "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "IdentitiesOnly=yes",
                   "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "\(account)@127.0.0.1"]
        return try Tmux(command: ssh.map(Tmux.shellQuote).joined(separator: " ") + "; echo ssh-exit=$?; sleep 30", width: width, height: height)
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

    /// The league's page as `openLeague`, then its draft room (`d`), until `ready` holds on the screen.
    static func enterRoom(_ m: Manager, _ tmux: Tmux, league: String, host: SSHHost, ready: (String) -> Bool) throws {
        try openLeague(league, as: m, on: tmux, hostLog: { host.log })
        try tmux.send("d")
        let room = try tmux.waitFor(timeout: 10, ready)
        try #require(room.matched, "\(m.name): no draft room:\n\(room.screen)")
    }
}
