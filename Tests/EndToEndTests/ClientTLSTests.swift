import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// `clubhouse --server URL`: plain http:// only to this machine unless --allow-plain-http; an https:// server whose
/// certificate isn't trusted is refused with a sentence before the app starts (never retried over http://).
@Suite struct ClientTLSTests {
    @Test func plainHTTPToAnotherMachineIsRefusedUnlessAllowed() throws {
        for url in ["http://10.0.0.5:8787", "http://league.example.org", "http://[2001:db8::1]:8787"] {
            let r = try Binary.run(["--server", url])
            #expect(r.status == 2, "\(url): \(r.err)")
            #expect(r.err.contains("is plain HTTP to another machine: passwords and session tokens would cross the network unencrypted"), "\(url): \(r.err)")
            let env = try Binary.run([], environment: ["CLUBHOUSE_SERVER": url])
            #expect(env.status == 2 && env.err.contains("is plain HTTP to another machine"), "\(url): \(env.err)")
            // Allowed: past the check (here to the terminal check, since the test has no terminal).
            let allowed = try Binary.run(["--server", url, "--allow-plain-http"])
            #expect(!allowed.err.contains("plain HTTP"), "\(url): \(allowed.err)")
        }
        // This machine: accepted as it is.
        for url in ["http://127.0.0.1:1", "http://127.8.0.1:1", "http://localhost:1", "http://[::1]:1"] {
            let r = try Binary.run(["--server", url])
            #expect(!r.err.contains("plain HTTP"), "\(url): \(r.err)")
        }
        // host-ssh's sessions would send every password over it too.
        let host = try Binary.run(["host-ssh", "--server", "http://10.0.0.5:8787", "--ssh-host-secret-file", "/nonexistent"])
        #expect(host.status == 2 && host.err.contains("is plain HTTP to another machine"), "\(host.err)")
    }

    /// Against openssl s_server (no `-www`: it prints what a client sends, so "sends nothing" is seen): a self-signed
    /// certificate and one signed by a CA this machine doesn't know are "not trusted"; an expired one and one for another
    /// host each get their own sentence, with the club's CA given (`--ca-file`) or not. Each is refused at start with
    /// status 1 and nothing sent; the good certificate with the CA given is spoken to (its GET /healthz arrives).
    @Test(.timeLimit(.minutes(10))) func eachRefusedCertificateGetsItsSentenceAndNothingIsSent() throws {
        let certs = try TestCertificates()
        let notTrusted = "the server's certificate is not trusted (self-signed, or signed by a CA this machine doesn't know: give your club's CA with --ca-file"
        let cases: [(cert: String, caFile: Bool, sentence: String?)] = [
            ("self-signed", false, notTrusted), ("good", false, notTrusted),
            ("expired", false, "the server's certificate has expired"), ("other-host", false, "the server's certificate is for another host name"),
            ("expired", true, "the server's certificate has expired"), ("other-host", true, "the server's certificate is for another host name"),
            ("self-signed", true, "the server's certificate is not trusted (signed neither by the CA in \(certs.ca) nor by one this machine knows)"),
            ("good", true, nil),
        ]
        for (name, caFile, sentence) in cases {
            let heard = certs.directory.appendingPathComponent("heard-\(name)-\(caFile).txt").path
            let errors = certs.directory.appendingPathComponent("s_server-\(name)-\(caFile).err").path
            // On a fresh port, once it answers; on a new one when another process took the port first (see Ports).
            let (server, port) = try Ports.start { port -> Ports.Attempt<(Process, Int)> in
                let server = Process()
                server.executableURL = URL(fileURLWithPath: "/bin/sh")
                server.arguments = ["-c", "exec openssl s_server -quiet -accept 127.0.0.1:$1 -cert \"$2\" -key \"$3\" > \"$4\" 2> \"$5\"",
                                    "sh", String(port), certs.cert(name), certs.key(name), heard, errors]
                // Its standard input stays open (at its end, s_server would close each connection at once).
                server.standardInput = Pipe()
                try server.run()
                let outcome = Ports.outcome((server, port), within: .seconds(10),
                                            ready: { (try? TestCertificates.shell("openssl s_client -connect 127.0.0.1:$1 </dev/null", String(port)).status) == 0 },
                                            running: { server.isRunning }, said: { (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "" })
                if case .lostPort = outcome { server.waitUntilExit() }
                return outcome
            }
            // SIGKILL: the test process's children inherit its blocked SIGTERM.
            defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
            #expect(Wait.blockingUntil(.seconds(10), every: .milliseconds(100)) { (try? TestCertificates.shell("openssl s_client -connect 127.0.0.1:$1 </dev/null", String(port)).status) == 0 })
            let r = try Binary.run(["--server", "https://127.0.0.1:\(port)"] + (caFile ? ["--ca-file", certs.ca] : []))
            let what = "\(name)\(caFile ? " with --ca-file" : "")"
            let said = (try? String(contentsOfFile: heard, encoding: .utf8)) ?? ""
            if let sentence {
                #expect(r.status == 1, "\(what): \(r.err)")
                #expect(r.err.contains("clubhouse: the server at https://127.0.0.1:\(port) is refused: \(sentence)"), "\(what): \(r.err)")
                #expect(!said.contains("GET") && !said.contains("HTTP/1.1"), "\(what): the refused server heard: \(said)")
            } else {
                // Trusted: past the certificate check to the terminal check (the test has no terminal); the request (GET /v1/meta) arrived.
                #expect(r.status == 2 && r.err.contains("needs an interactive terminal"), "\(what): \(r.err)")
                #expect(said.contains("GET /v1/meta HTTP/1.1"), "\(what): the trusted server heard: \(said)")
            }
        }
    }

    /// `clubhouse --server https://… --ca-file CA` against `clubhouse serve --tls-cert`: the app browses, signs in and
    /// follows a draft (a pick made elsewhere reaches its room over the event stream), all over TLS; `CLUBHOUSE_CA_FILE`
    /// does what `--ca-file` does.
    @Test(.timeLimit(.minutes(10))) func theAppBrowsesSignsInAndFollowsADraftOverHTTPSWithTheClubsCA() throws {
        let certs = try TestCertificates()
        let home = try TemporaryHome()
        let dbPath = home.url.appendingPathComponent("league.sqlite").path
        let db = try Database.open(at: DatabaseLocation(path: dbPath)).database
        try DemoWorld.seedIfNeeded(db)
        let service = LeagueService(store: SQLiteLeagueStore(database: db), accounts: .sodium)
        let ann = try service.accounts.createAccount(email: "ann@tls.example", password: "ann over tls", displayName: "Ann")
        _ = try service.accounts.createAccount(email: "bob@tls.example", password: "bob over tls", displayName: "Bob")
        var settings = LeagueSettings()
        settings.teamCount = 3
        settings.playoffTeams = 2
        settings.rosterSlots = [.qb: 1, .rb: 1]
        settings.pickClockSeconds = nil
        let name = "Encrypted Draft Night"
        let league = try service.leagues.createLeague(name: name, settings: settings, isPublic: true, teamName: "Ann's Aces",
                                              seasonClock: Date(timeIntervalSince1970: 1_567_000_000), caller: .user(ann.user.id))
        let annTeam = try service.draft.draftBoard(league, caller: .user(ann.user.id)).capabilities.myTeam!
        let bots = try service.leagues.league(league, caller: .anonymous).teams.map(\.id).filter { $0 != annTeam }
        _ = try service.commissioner.setDraftOrder(league, order: [annTeam] + bots, caller: .user(ann.user.id))
        _ = try service.draft.startDraft(league, caller: .user(ann.user.id))

        let server = try RemoteDraftTests.Server.start(database: dbPath, home: home,
                                                       arguments: ["--tls-cert", certs.cert("good"), "--tls-key", certs.key("good")])
        let port = server.port
        let url = "https://localhost:\(port)"
        try #require(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { server.output.contains("Clubhouse league server on https://") }, "\(server.output)")

        let appHome = try TemporaryHome()
        let command = "\(Binary.path) --server \(url); echo exit=$?; sleep 60"
        let t = try Tmux(command: command, width: 120, height: 40, environment: appHome.environment.merging(["CLUBHOUSE_CA_FILE": certs.ca]) { $1 })
        let landed = try t.waitFor("Public leagues (", timeout: 60)
        try #require(landed.matched, "\(landed.screen)\n\(server.output)")
        #expect(landed.screen.split(separator: "\n").first?.contains("on localhost:\(port)") == true, "the top bar names the server:\n\(landed.screen)")
        #expect(!landed.screen.contains("plain HTTP"))

        // Bob signs in over TLS, opens the league and its draft room.
        try t.send("i")
        #expect(try t.waitFor("Sign in to your Clubhouse account").matched)
        try t.type("bob@tls.example"); try t.send("Tab"); try t.type("bob over tls"); try t.send("Enter")
        #expect(try t.waitFor("Bob · ? help", timeout: 30).matched)
        try RemoteDraftTests.openLeague(t, named: name)
        try t.send("d")
        #expect(try t.waitFor("pick 1 · on the clock: Ann's Aces", timeout: 30).matched)

        // Ann picks elsewhere (on the server's database): Bob's room shows it, live, from the stream over TLS.
        let player = try service.waivers.availablePlayers(league, position: .qb, sort: .priorSeason, caller: .user(ann.user.id)).first!.player
        _ = try service.draft.makePick(league, expectedPick: 1, player: player.id, caller: .user(ann.user.id))
        let shown = try t.waitFor(timeout: 30) { !$0.contains("pick 1 ·") && $0.contains(Player.shortName(player.name)) }
        #expect(shown.matched, "Bob's room never showed Ann's pick over the TLS stream:\n\(shown.screen)\n\(server.output)")
        #expect(Wait.blockingUntil(.seconds(10), every: .milliseconds(50)) { server.output.contains("\"route\":\"/v1/sessions\"") },
                "the sign-in went to this server: \(server.output)")
    }
}
