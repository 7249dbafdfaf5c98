import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// `clubhouse serve` on a loopback port and two `clubhouse --server URL` apps in tmux: Ann signs in through the
/// gate to make the first pick and Bob's draft room shows it; the server stops — Bob keeps the cached pages, marked
/// offline, and his pick says the server can't be reached; the server comes back and both apps catch up by themselves.
@Suite(.serialized) struct RemoteDraftTests {
    static let leagueName = "Remote Draft Night"

    /// A running `clubhouse serve`, its log on a file.
    final class Server {
        let process = Process()
        let log: URL
        let port: Int
        private let database: String, home: TemporaryHome, arguments: [String], environment: [String: String]
        /// The port, held from `stop()` on (see `Ports`), for `startAgain()`.
        private var held: Ports.Hold?

        init(database: String, port: Int, home: TemporaryHome, arguments: [String] = [], environment: [String: String] = [:]) throws {
            (self.port, self.database, self.home, self.arguments, self.environment) = (port, database, home, arguments, environment)
            log = home.url.appendingPathComponent("serve-\(UUID().uuidString.prefix(4)).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.executableURL = URL(fileURLWithPath: Binary.path)
            process.arguments = ["serve", "--listen", "127.0.0.1:\(port)", "--database", database] + arguments
            process.environment = home.environment.merging(environment) { $1 }
            let file = try FileHandle(forWritingTo: log)
            process.standardOutput = file
            process.standardError = file
            try process.run()
        }

        /// `serve` on a fresh loopback port (`port`), once it listens (a debug build seeds the demo world first) or has
        /// ended; started again on a new port when another process took the port before it could listen (`Ports`).
        static func start(database: String, home: TemporaryHome, arguments: [String] = [], environment: [String: String] = [:]) throws -> Server {
            try Ports.start { port in
                try Server(database: database, port: port, home: home, arguments: arguments, environment: environment).listening()
            }
        }

        /// `serve` again on this stopped server's port, database and options, once it listens: its clients find it where
        /// they left it. The port is held from `stop()` on; if it was taken all the same, it is tried until it frees.
        func startAgain() throws -> Server {
            let held = self.held
            self.held = nil
            return try Ports.restart(on: port, holding: held) { port in
                try Server(database: database, port: port, home: home, arguments: arguments, environment: environment).listening()
            }
        }

        private func listening() -> Ports.Attempt<Server> {
            Ports.outcome(self, within: .seconds(180), ready: { self.output.contains("Clubhouse league server on") },
                          running: { self.process.isRunning }, said: { self.output })
        }

        var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        func stop() -> Int32 {
            process.terminate()   // SIGTERM
            process.waitUntilExit()
            held = Ports.Hold(port: port)
            return process.terminationStatus
        }
        deinit { if process.isRunning { process.terminate(); process.waitUntilExit() } }
    }

    /// True when the draft room's Available tab shows a player row under its header.
    static func availableListShows(_ screen: String) -> Bool {
        let lines = screen.split(separator: "\n")
        guard let header = lines.firstIndex(where: { $0.contains("Rk Player") }), header + 1 < lines.count else { return false }
        return lines[header + 1].dropFirst().drop(while: { $0 == " " }).first?.isNumber == true
    }

    static func openLeague(_ t: Tmux, named name: String = leagueName) throws { try SharedLeague.open(t, league: name) }

    /// On a SQLite file the server holds the file's clock lease, so an app opened on the same file leaves the draft
    /// and season clocks to it instead of ticking beside it; once the server stops, the lease is free again.
    @Test(.timeLimit(.minutes(10))) func theServerHoldsTheDatabaseClockLease() throws {
        let home = try TemporaryHome()
        let dbPath = home.url.appendingPathComponent("league.sqlite").path
        let server = try Server.start(database: dbPath, home: home)
        // A debug build seeds the demo world first.
        #expect(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { server.output.contains("Clubhouse league server on") }, "\(server.output)")
        #expect(Wait.blockingUntil(.seconds(30), every: .milliseconds(100)) { ClockLease.tryAcquire(database: dbPath) == nil }, "the server took the clock lease")
        #expect(server.stop() == 0)
        #expect(ClockLease.tryAcquire(database: dbPath)?.isExclusive == true, "free once the server is gone")
    }

    @Test(.timeLimit(.minutes(10))) func aPickCrossesTheServerAndAnAppRidesOutAnOutage() throws {
        let home = try TemporaryHome()
        let dbPath = home.url.appendingPathComponent("league.sqlite").path
        let db = try Database.open(at: DatabaseLocation(path: dbPath)).database
        try DemoWorld.seedIfNeeded(db)
        let service = LeagueService(store: SQLiteLeagueStore(database: db), accounts: .sodium)
        let ann = try service.accounts.createAccount(email: "ann@remote.example", password: "ann draft night", displayName: "Ann")
        let bob = try service.accounts.createAccount(email: "bob@remote.example", password: "bob draft night", displayName: "Bob")
        var settings = LeagueSettings()
        settings.teamCount = 3
        settings.playoffTeams = 2
        settings.rosterSlots = [.qb: 1, .rb: 1, .wr: 1]
        settings.pickClockSeconds = nil
        let league = try service.leagues.createLeague(name: Self.leagueName, settings: settings, isPublic: true, teamName: "Ann's Aces",
                                              seasonClock: Date(timeIntervalSince1970: 1_567_000_000), caller: .user(ann.user.id))
        var rng = SystemRandomNumberGenerator()
        let invite = try service.leagues.createInvite(league, uses: 1, expiresAt: nil, caller: .user(ann.user.id), using: &rng)
        let annTeam = try service.draft.draftBoard(league, caller: .user(ann.user.id)).capabilities.myTeam!
        let bobTeam = try service.leagues.redeemInvite(code: invite.code, teamName: "Bob's Bombers", caller: .user(bob.user.id))
        let bot = try service.leagues.league(league, caller: .anonymous).teams.map(\.id).first { $0 != annTeam && $0 != bobTeam }!
        _ = try service.commissioner.setDraftOrder(league, order: [annTeam, bobTeam, bot], caller: .user(ann.user.id))
        _ = try service.draft.startDraft(league, caller: .user(ann.user.id))
        func picks() -> [DraftPickView] { (try? service.draft.draftBoard(league, caller: .anonymous).picks) ?? [] }

        var server = try Server.start(database: dbPath, home: home)
        let port = server.port
        try #require(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { server.output.contains("Clubhouse league server on http://127.0.0.1:\(port)") }, "\(server.output)")

        let homeA = try TemporaryHome(), homeB = try TemporaryHome()
        let command = "\(Binary.path) --server http://127.0.0.1:\(port); echo exit=$?; sleep 60"
        let a = try Tmux(command: command, width: 120, height: 40, environment: homeA.environment)
        let b = try Tmux(command: command, width: 120, height: 40, environment: homeB.environment)
        let landedA = try a.waitFor("Public leagues (", timeout: 60)
        try #require(landedA.matched, "\(landedA.screen)\n\(server.output)")
        #expect(landedA.screen.split(separator: "\n").first?.contains("on 127.0.0.1:\(port)") == true, "the top bar names the server:\n\(landedA.screen)")
        #expect(try b.waitFor("Public leagues (", timeout: 60).matched)

        // Bob signs in from Home and opens the draft room.
        try b.send("i")
        #expect(try b.waitFor("Sign in to your Clubhouse account").matched)
        try b.type("bob@remote.example"); try b.send("Tab"); try b.type("bob draft night"); try b.send("Enter")
        #expect(try b.waitFor("Bob · ? help", timeout: 30).matched)
        try Self.openLeague(b)
        try b.send("d")
        #expect(try b.waitFor("pick 1 · on the clock: Ann's Aces", timeout: 20).matched)

        // Ann, signed out, picks: the gate asks her to sign in, then makes the pick.
        try Self.openLeague(a)
        try a.send("d")
        // Enter drafts the highlighted player: wait for the Available list itself, not only the room's header.
        #expect(try a.waitFor(timeout: 30) { $0.contains("pick 1 · on the clock: Ann's Aces") && $0.contains("│    1 ") }.matched)
        try a.send("Enter")
        let gate = try a.waitFor("Sign in to your Clubhouse account")
        try #require(gate.matched, "\(gate.screen)")
        try a.type("ann@remote.example"); try a.send("Tab"); try a.type("ann draft night"); try a.send("Enter")
        let annScreen = try a.screen()
        try #require(Wait.blockingUntil(.seconds(30), every: .milliseconds(100)) { picks().count >= 1 }, "Ann's pick never landed:\n\(annScreen)\n\(server.output)")
        let first = Player.shortName(picks()[0].player.name)

        // Bob's room shows it, live.
        let shown = try b.waitFor(timeout: 20) { $0.contains(first) && $0.contains("pick 2 · on the clock: Bob's Bombers (you)") }
        #expect(shown.matched, "Bob's room never showed \(first):\n\(shown.screen)")

        // The server stops (SIGTERM, exit 0). Bob's pages come from the cache, marked offline; his pick is refused at once.
        #expect(server.stop() == 0, "serve exits 0 on SIGTERM:\n\(server.output)")
        try TwoManagerSeasonTests.escape(b)
        let offline = try b.waitFor(timeout: 20) { $0.contains("offline · as of") && $0.contains(Self.leagueName) }
        #expect(offline.matched, "no offline mark on the cached league page:\n\(offline.screen)")
        try b.send("d")
        // Enter drafts the highlighted player: wait for the cached Available list itself (its first row under the header).
        let cachedRoom = try b.waitFor(timeout: 20) { $0.contains("offline · as of") && Self.availableListShows($0) }
        #expect(cachedRoom.matched, "the cached draft room:\n\(cachedRoom.screen)")
        try b.send("Enter")
        let asked = try b.waitFor("y confirm")
        #expect(asked.matched, "Enter on the cached room asks to confirm the pick:\n\(asked.screen)")
        try b.send("y")
        let refused = try b.waitFor("Couldn't reach the league server", timeout: 20)
        #expect(refused.matched, "the pick says the server can't be reached:\n\(refused.screen)")
        #expect(picks().count == 1)

        // The server comes back on the same port: Bob picks, both apps follow without a restart.
        server = try server.startAgain()
        #expect(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { server.output.contains("Clubhouse league server on") }, "\(server.output)")
        var second = false
        for _ in 0..<10 where !second {
            try b.send("Enter")
            if try b.waitFor("y confirm", timeout: 3).matched { try b.send("y") }
            second = Wait.blockingUntil(.seconds(3), every: .milliseconds(100)) { picks().count >= 2 }
        }
        let bobScreen = try b.screen()
        try #require(second, "Bob's pick never landed after the restart:\n\(bobScreen)\n\(server.output)")
        let secondName = Player.shortName(picks()[1].player.name)
        let caughtUp = try a.waitFor(timeout: 40) { $0.contains(secondName) }
        #expect(caughtUp.matched, "Ann's room never caught up with pick 2 (\(secondName)):\n\(caughtUp.screen)")
        let online = try b.waitFor(timeout: 20) { !$0.contains("offline") && $0.contains("on 127.0.0.1:\(port)") }
        #expect(online.matched, "Bob's top bar is back online:\n\(online.screen)")

        // The server's log: one line per request, no email, password or token.
        let log = server.output
        #expect(log.contains("\"route\":\"/v1/leagues/{league}/draft/picks\""))
        for secret in ["ann@remote.example", "bob@remote.example", "ann draft night", "bob draft night", ann.token, bob.token] {
            #expect(!log.contains(secret))
        }
    }
}
