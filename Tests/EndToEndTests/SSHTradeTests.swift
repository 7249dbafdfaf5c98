import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// A trade over SSH, end to end: `clubhouse host-ssh` on a loopback port and three `ssh -tt` clients in
/// tmux, one key each, in a drafted 6-team league whose trades are reviewed by a league vote for 1 hour (six managers,
/// so a third of the four outside a trade — two votes — vetoes). Ann offers Bob her quarterback for his; Bob counters
/// asking for her first running back instead; Ann accepts the counter, and it goes into review; Cat votes against it
/// (1 of 2); Ann, the commissioner, moves the season clock an hour on, and the trade executes. Every screen then shows
/// it: the history says executed, both rosters hold what they got, and the league's transactions log has the trade.
///
/// Root only, like `SSHHostingTests`; skipped elsewhere with the reason.
@Suite(.serialized) struct SSHTradeTests {
    static let leagueName = "SSH Trade Club"

    @Test(.enabled(if: SSHHostingTests.canRun, "needs root and OpenSSH (make test installs openssh-server and openssh-client)"),
          .timeLimit(.minutes(10)))
    func anOfferIsCounteredAcceptedVotedOnAndExecutedOnEveryScreen() throws {
        let home = try TemporaryHome()
        let dir = home.url.path
        let dbPath = dir + "/league.sqlite"

        // The league, with the real use cases: six accounts (three with keys), a 6-team league with 7-player rosters,
        // drafted by autopick on a manual clock, then its season clock on the Wednesday that opens week 3 (no game kicks
        // off before Thursday, so no player is locked for the hour the review lasts).
        let db = try Database.open(at: DatabaseLocation(path: dbPath)).database
        try DemoWorld.seedSeasonIfNeeded(db)
        try db.execute("INSERT INTO meta (key, value) VALUES ('\(DemoWorld.seededKey)', 'skipped by SSHTradeTests')")
        let clock = ManualClock(ISO8601.parse("2019-08-22T12:00:00Z")!)
        let store = SQLiteLeagueStore(database: db)
        let service = LeagueService(store: store, clock: clock, accounts: .sodium)
        let people = [("Ann", "Ann's Aces"), ("Bob", "Bob's Bombers"), ("Cat", "Cat's Claws"),
                      ("Dan", "Dan's Darts"), ("Eve", "Eve's Eagles"), ("Fay", "Fay's Falcons")]
        let managers = try people.prefix(3).map { try SSHLeague.manager($0.0, team: $0.1, in: dir, service: service) }
        var others: [UserID] = []
        for (name, _) in people.dropFirst(3) {
            others.append(try service.accounts.createAccount(email: "\(name.lowercased())@ssh.example", password: "ssh league \(name)", displayName: name).user.id)
        }
        var settings = LeagueSettings()
        settings.teamCount = 6
        settings.playoffTeams = 2
        settings.rosterSlots = [.qb: 1, .rb: 2, .wr: 2, .bench: 2]
        settings.pickClockSeconds = 5
        settings.tradeReview = .vote
        settings.tradeReviewHours = 1
        let ann = Caller.user(managers[0].user)
        let league = try service.leagues.createLeague(name: Self.leagueName, settings: settings, isPublic: true, teamName: managers[0].team,
                                              season: DemoWorld.season, seasonClock: clock.now(), replay: true, caller: ann)
        var rng = SystemRandomNumberGenerator()
        let invite = try service.leagues.createInvite(league, uses: 5, expiresAt: nil, caller: ann, using: &rng)
        var teams = [try service.draft.draftBoard(league, caller: ann).capabilities.myTeam!]
        for (i, user) in (managers.dropFirst().map(\.user) + others).enumerated() {
            teams.append(try service.leagues.redeemInvite(code: invite.code, teamName: people[i + 1].1, caller: .user(user)))
        }
        _ = try service.commissioner.setDraftOrder(league, order: teams, caller: ann)
        for team in teams { _ = try service.draft.setAutopick(league, team: team, on: true, caller: ann) }
        clock.set(ISO8601.parse("2019-09-01T19:00:00Z")!)
        _ = try service.draft.startDraft(league, caller: ann)
        while try service.draft.draftBoard(league, caller: ann).picks.count < 42 {
            clock.advance(by: 6)
            _ = try service.draft.tickDraft(league)
        }
        try store.write { w in
            for var t in try w.teams(in: league) { t.autopick = false; try w.updateTeam(t) }
        }
        _ = try service.season.advanceClock(league, to: ISO8601.parse("2019-09-18T12:00:00Z")!, caller: ann)
        func roster(_ team: TeamID) throws -> [RosterRow] { try service.roster.roster(league, team: team, caller: ann).rows }
        let annBefore = try roster(teams[0]), bobBefore = try roster(teams[1])
        let annQB = try #require(annBefore.firstIndex { $0.player.position == .qb }), bobQB = try #require(bobBefore.firstIndex { $0.player.position == .qb })
        let annRB = try #require(annBefore.firstIndex { $0.player.position == .rb })
        // Ann's offer: her QB for Bob's. Bob's counter: his QB for her first RB.
        let annQBName = annBefore[annQB].player.name, bobQBName = bobBefore[bobQB].player.name, annRBName = annBefore[annRB].player.name

        // The host, and the three clients on the league's page.
        let (host, port) = try SSHHost.start({ ["host-ssh", "--listen", "127.0.0.1", "--port", "\($0)",
                                                "--database", dbPath, "--state-dir", dir + "/state"] },
                                             environment: home.environment, logDirectory: dir, stateDirectory: dir + "/state")
        defer { host.cleanUp(stateDirectory: dir + "/state") }
        try #require(host.waitForLog("Server listening on 127.0.0.1 port \(port)", timeout: 60), "sshd never listened:\n\(host.log)")
        let clients = try managers.map { try SSHLeague.connect($0, port: port) }
        for (m, t) in zip(managers, clients) { try SSHLeague.openLeague(Self.leagueName, as: m, on: t, hostLog: { host.log }) }
        let (a, b, c) = (clients[0], clients[1], clients[2])

        // Ann: the builder, Bob's team, his QB and hers.
        try a.send("t")
        #expect(try a.waitForLoaded("› Trades").matched)
        try a.send("n")
        let partners = try a.waitForLoaded("Trade with which team?")
        try #require(partners.matched, "\(partners.screen)")
        try a.send("Enter")   // the first other team: Bob's (the draft order)
        #expect(try a.waitFor(timeout: 20) { $0.contains("You get — Bob's Bombers") && $0.contains(bobQBName) && !$0.contains("Loading") }.matched)
        for _ in 0..<bobQB { try a.send("j") }
        try a.send("Space")
        try a.send("Left")
        for _ in 0..<annQB { try a.send("j") }
        try a.send("Space")
        try a.send("s")
        let confirm = try a.waitFor("Send this offer to Bob's Bombers?")
        #expect(confirm.matched && confirm.screen.contains("You give \(annQBName); you get \(bobQBName)"), "\(confirm.screen)")
        try a.send("y")
        #expect(try a.waitFor("Trade offer sent").matched)

        // Bob: the offer came to his Trades page; his counter asks for Ann's running back instead of her quarterback.
        try b.send("t")
        let offer = try b.waitForLoaded("Offers to me (1)", timeout: 20)
        #expect(offer.matched && offer.screen.contains(annQBName) && offer.screen.contains(bobQBName), "\(offer.screen)")
        try b.send("c")
        #expect(try b.waitFor(timeout: 20) { $0.contains("You get — Ann's Aces") && $0.contains(annRBName) && !$0.contains("Loading") }.matched)
        for _ in 0..<annQB { try b.send("j") }
        try b.send("Space")   // not her QB…
        for _ in annQB..<annRB { try b.send("j") }
        if annRB < annQB { for _ in annRB..<annQB { try b.send("k") } }
        try b.send("Space")   // …her RB
        try b.send("s")
        let counter = try b.waitFor("Send this counter-offer?")
        #expect(counter.matched && counter.screen.contains("You give \(bobQBName); you get \(annRBName)"), "\(counter.screen)")
        try b.send("y")
        #expect(try b.waitFor("Counter-offer sent").matched)

        // Ann: the counter arrives live; she accepts it and it goes into review (0 of 2 votes).
        let countered = try a.waitFor(timeout: 30) { $0.contains("Offers to me (1)") && $0.contains(annRBName) }
        #expect(countered.matched, "\(countered.screen)")
        try a.send("a")
        let accept = try a.waitFor("Accept this trade?")
        #expect(accept.matched && accept.screen.contains("The league may vote it down for 1 h"), "\(accept.screen)")
        try a.send("y")
        #expect(try a.waitFor(timeout: 20) { $0.contains("In review (1)") && $0.contains("review 0/2") }.matched)

        // Cat: the trade in review is on her Trades page; she votes against it — one vote of the two that veto.
        try c.send("t")
        let review = try c.waitFor(timeout: 20) { $0.contains("In review (1)") && $0.contains("v votes against it") }
        #expect(review.matched && review.screen.contains("0 of 2 votes to veto"), "\(review.screen)")
        try c.send("v")
        #expect(try c.waitFor("Vote against this trade?").matched)
        try c.send("y")
        let voted = try c.waitFor(timeout: 20) { $0.contains("1 of 2 votes to veto") }
        #expect(voted.matched, "\(voted.screen)")
        #expect(try a.waitFor(timeout: 20) { $0.contains("review 1/2") }.matched, "Ann sees the vote count")

        // Ann, the commissioner: the season clock one hour on — the review ends and the trade executes.
        try SharedLeague.escape(a)
        #expect(try a.waitFor("C commissioner tools").matched)
        try a.send("C")
        #expect(try a.waitForLoaded("4 Season clock").matched)
        try a.send("4")
        #expect(try a.waitFor("Advance 1 hour").matched)
        try a.send("Enter")
        #expect(try a.waitFor("y confirm").matched)
        try a.send("y")
        #expect(try a.waitFor("✓ Clock now", timeout: 30).matched)
        let executed = Wait.blockingUntil(.seconds(10), every: .milliseconds(100)) {
            (try? service.trades.trades(league, caller: ann).first?.state) == .executed
        }
        #expect(executed, "the trade executed when its review ended: \(String(describing: try? service.trades.trades(league, caller: ann).map(\.state)))")
        #expect(try roster(teams[0]).contains { $0.player.name == bobQBName } && roster(teams[1]).contains { $0.player.name == annRBName })
        try SharedLeague.escape(a)

        // Every screen: the trade's history says executed; both rosters hold what they got; the transactions log has it.
        let names = people.map(\.1)
        for (m, t) in zip(managers, clients) {
            // Back to the league page.
            for _ in 0..<4 {
                if try t.screen().contains("\(Self.leagueName)  ·  ") && !(try t.screen().contains("› Trades")) { break }
                try SharedLeague.escape(t)
            }
            let page = try t.waitForLoaded("\(Self.leagueName)  ·  ")
            try #require(page.matched, "\(m.name): not on the league page:\n\(page.screen)")
            try t.send("t")
            let history = try t.waitFor(timeout: 20) { $0.contains("History") && $0.contains("executed") }
            #expect(history.matched, "\(m.name)'s Trades page:\n\(history.screen)")
            try SharedLeague.escape(t)
            for (team, gained, gone) in [(0, bobQBName, annRBName), (1, annRBName, bobQBName)] {
                let list = try t.waitForLoaded("\(Self.leagueName)  ·  ")
                // The league page's members, below its table's header (the board above lists the standings too).
                let lines = list.screen.split(separator: "\n")
                let header = lines.lastIndex { $0.contains("Manager") && $0.contains("Record") } ?? 0
                let order = lines[header...].compactMap { line in names.firstIndex { line.contains($0) } }
                let row = try #require(order.firstIndex(of: team), "\(m.name): no row for \(names[team]):\n\(list.screen)")
                for _ in 0..<row { try t.send("j") }
                try t.send("Enter")
                let shown = try t.waitFor(timeout: 20) { $0.contains(names[team]) && $0.contains(gained) && !$0.contains("Loading") }
                #expect(shown.matched && !Tmux.sheet(of: shown.screen).contains(gone), "\(m.name) sees \(names[team])'s roster:\n\(shown.screen)")
                try SharedLeague.escape(t)
                for _ in 0..<row { try t.send("k") }
            }
            // The transactions log: from my roster (m), claims (W), transactions (t).
            try t.send("m")
            #expect(try t.waitForLoaded("Your team").matched)
            var claims = (matched: false, screen: "")
            for _ in 0..<3 where !claims.matched {   // W is offered once the roster says it is mine
                try t.send("W")
                claims = try t.waitForLoaded("League transactions", timeout: 5)
            }
            #expect(claims.matched, "\(m.name): no claims page:\n\(claims.screen)")
            try t.send("t")
            let log = try t.waitFor(timeout: 20) { s in
                s.contains("trade") && [annRBName, bobQBName].allSatisfy { s.contains($0) }
            }
            #expect(log.matched, "\(m.name)'s transactions log shows the trade:\n\(log.screen)")
            try SharedLeague.escape(t); try SharedLeague.escape(t)
        }
    }
}
