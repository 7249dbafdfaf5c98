import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// An auction over SSH, end to end: `clubhouse host-ssh` on a loopback port, three people (`ssh -tt`
/// in tmux, a key each) and a bot in a 4-team, 2-round auction with short clocks (5 s to nominate, 10 s to bid, a bid
/// with under 8 s left resets it to 8 s). Ann nominates from the keyboard; Bob sets a private maximum and its proxy
/// bids for him; the bot enters its own maximum at once (one proxy per nomination near its value, here the
/// most it can bid); Ann pauses, Bob's connection dies and comes back to the block as it stands, Ann resumes; Cat bids
/// late, the bot's proxy answers at once and the clock moves on every screen; the sale goes to the bot, and Ann undoes
/// it. Then the room runs to the end (missed nominations go up at $1, the bot bids by value). At the end every screen's Teams tab shows the budgets
/// the database holds, and every screen says all 8 players are sold.
///
/// Root only, like `SSHDraftTests`; about two and a half minutes on its own (nine sales on real clocks, one undone).
@Suite(.serialized) struct SSHAuctionTests {
    static let leagueName = "SSH Auction Night"

    @Test(.enabled(if: SSHHostingTests.canRun, "needs root and OpenSSH (make test installs openssh-server and openssh-client)"),
          .timeLimit(.minutes(10)))
    func threePeopleAndABotAuctionWithAProxyALateBidAReconnectAndAnUndo() throws {
        let home = try TemporaryHome()
        let dir = home.url.path
        let dbPath = dir + "/league.sqlite"
        let (db, service) = try SSHLeague.service(dbPath)
        let managers = try SSHLeague.managers([("Ann", "Ann's Aces"), ("Bob", "Bob's Bombers"), ("Cat", "Cat's Claws")], dir: dir, service: service)
        var settings = LeagueSettings()
        settings.teamCount = 4
        settings.playoffTeams = 2
        settings.rosterSlots = [.qb: 1, .rb: 1]
        settings.draftType = .auction
        settings.nominationSeconds = 5
        settings.bidSeconds = 10
        settings.bidResetSeconds = 8
        let (league, teams) = try SSHLeague.league(Self.leagueName, settings: settings, managers: managers, service: service)
        let ann = Caller.user(managers[0].user)
        func board() throws -> DraftBoard { try service.draft.draftBoard(league, caller: ann) }
        func auction() throws -> AuctionBoard { try #require(try board().auction) }

        let (host, port) = try SSHLeague.host(dir, database: dbPath, home: home)
        defer { host.cleanUp(stateDirectory: dir + "/state") }
        var clients: [Tmux?] = try managers.map { try SSHLeague.connect($0, port: port) }
        func client(_ i: Int) -> Tmux { clients[i]! }
        func screen(_ i: Int) -> String { (try? client(i).screen()) ?? "" }
        func enterRoom(_ i: Int) throws {
            try SSHLeague.enterRoom(managers[i], client(i), league: Self.leagueName, host: host) { $0.contains("Auction room") && $0.contains("auction · ") }
        }
        for i in managers.indices { try enterRoom(i) }
        func onEveryScreen(_ what: String, timeout: TimeInterval = 5, _ check: (String) -> Bool) throws {
            for (i, m) in managers.enumerated() {
                let seen = try client(i).waitFor(timeout: timeout, check)
                try #require(seen.matched, "\(m.name)'s screen never showed \(what):\n\(seen.screen)")
            }
        }

        // Ann (the commissioner) starts; her nomination comes first: Enter puts the top of Available up, at $1.
        try client(0).send("S")
        let turn = try client(0).waitFor(timeout: 10) { $0.contains("your nomination") }
        try #require(turn.matched, "Ann's nomination never showed:\n\(turn.screen)")
        try client(0).send("Enter")
        let asked = try client(0).waitFor(timeout: 5) { $0.contains("up for $") }
        try #require(asked.matched, "no opening price asked:\n\(asked.screen)")
        try client(0).send("Enter")
        let opened = Wait.blockingUntil(.seconds(5), every: .milliseconds(100)) { (try? auction().nomination) != nil }
        try #require(opened, "the nomination did not land:\n\(screen(0))")
        let first = try #require(try auction().nomination)
        let player = try #require(try auction().player)
        try onEveryScreen("the player on the block") { $0.contains("On the block: \(player.name)") }

        // Bob sets a private maximum of $5: its proxy bids $2 for him at once (the minimum needed over Ann's $1).
        try client(1).send("m")
        try client(1).type("5")
        try client(1).send("Enter")
        let proxied = Wait.blockingUntil(.seconds(5), every: .milliseconds(100)) {
            let n = try? db.scalar("SELECT COUNT(*) FROM auction_bids WHERE nomination_id = ? AND team_id = ? AND proxy = 1",
                                   [first.id.rawValue, teams[1].rawValue], as: Int64.self)
            return (n ?? 0) > 0
        }
        try #require(proxied, "no proxy bid for Bob:\n\(screen(1))")
        // Ann pauses with the player on the block.
        try client(0).send("P")
        let paused = Wait.blockingUntil(.seconds(5), every: .milliseconds(100)) { (try? board().draft.status) == .paused }
        try #require(paused, "the pause did not land:\n\(screen(0))")

        // Bob's connection dies and comes back with the same key: he reads the room as it stands — the same player,
        // the same high bid, paused.
        clients[1] = nil
        clients[1] = try SSHLeague.connect(managers[1], port: port)
        try enterRoom(1)
        let standing = try #require(try auction().nomination)
        let high = "High bid $\(standing.highBid) — \(try board().teams.first { $0.id == standing.highBidder }!.name)"
        let back = try client(1).waitFor(timeout: 10) { $0.contains("On the block: \(player.name)") && $0.contains(high) && $0.contains("paused") }
        #expect(back.matched, "Bob's screen after reconnecting is not the room as it stands (\(high)):\n\(back.screen)")

        // The bot entered its maximum when the player went up: it holds the high bid.
        let bot = try #require(try board().teams.map(\.id).first { !teams.contains($0) })
        #expect(try auction().nomination?.highBidder == bot, "the bot's maximum holds the bid")
        // Ann resumes (a fresh 10 s clock); once under 8 s are left Cat bids $150: the clock resets, and the bot's
        // proxy answers with $151 at once.
        try client(0).send("P")
        let resumed = Wait.blockingUntil(.seconds(5), every: .milliseconds(100)) { (try? board().draft.status) == .running }
        try #require(resumed)
        let late = Wait.blockingUntil(.seconds(12), every: .milliseconds(50)) {
            guard let end = try? auction().deadline else { return false }
            return end.timeIntervalSinceNow < Double(settings.bidResetSeconds) - 0.5
        }
        try #require(late, "the clock never got late")
        let before = try #require(try auction().deadline)
        try client(2).send("$")
        let typing = try client(2).waitFor(timeout: 5) { $0.contains("Bid on \(player.name): $") }
        try #require(typing.matched, "Cat's bid line never opened:\n\(typing.screen)")
        try client(2).send("BSpace", "BSpace", "BSpace", "BSpace")
        try client(2).type("150")
        try client(2).send("Enter")
        let answered = Wait.blockingUntil(.seconds(5), every: .milliseconds(100)) { (try? auction().nomination?.highBid) == 151 }
        try #require(answered, "Cat's $150 was not answered by the bot's proxy:\n\(screen(2))")
        let after = try #require(try auction().deadline)
        #expect(after > before, "the late bid moved the clock's end")
        try onEveryScreen("the proxy's answer") { $0.contains("High bid $151 — Team 4") }

        // The clock runs out: the bot buys him for $151. Ann undoes the sale; the $151 goes back to it.
        let sold = Wait.blockingUntil(.seconds(15), every: .milliseconds(100)) { ((try? board().picks.count) ?? 0) >= 1 }
        try #require(sold, "the sale never happened:\n\(screen(0))")
        let sale = try #require(try board().picks.first)
        #expect(sale.player.id == player.id && sale.pick.teamID == bot && sale.pick.price == 151)
        let seen = try client(0).waitFor(timeout: 5) { !$0.contains("On the block: \(player.name)") }
        try #require(seen.matched, "Ann's screen never showed the sale:\n\(seen.screen)")
        try client(0).send("U")
        let confirm = try client(0).waitFor(timeout: 5) { $0.contains("Undo sale 1?") }
        try #require(confirm.matched, "no undo confirmation:\n\(confirm.screen)")
        try client(0).send("y")
        let undone = Wait.blockingUntil(.seconds(5), every: .milliseconds(100)) { (try? board().picks.isEmpty) == true }
        try #require(undone, "the undo did not land:\n\(screen(0))")
        #expect(try auction().teams.first { $0.team == bot }?.budgetLeft == 200, "the bot's $151 came back")

        // The rest of the auction runs by itself: missed nominations go up at $1, the bot bids by value.
        let done = Wait.blockingUntil(.seconds(240), every: .milliseconds(250)) { (try? board().draft.status) == .complete }
        try #require(done, "the auction never finished: \((try? board().picks.count) ?? 0) sold\n\(screen(0))")
        let finished = try board()
        #expect(finished.picks.count == 8)
        #expect(Set(finished.picks.map(\.player.id)).count == 8, "no player sold twice")
        #expect(try db.scalar("SELECT COUNT(*) FROM auction_sales WHERE league_id = ?", [league.rawValue], as: Int64.self) == 8)

        // Every screen: all 8 sold, and on the Teams tab each team's budget left as the database has it.
        let budgets = try #require(finished.auction).teams
        let names = Dictionary(uniqueKeysWithValues: finished.teams.map { ($0.id, $0.name) })
        try onEveryScreen("the finished auction", timeout: 10) { $0.contains("All 8 players sold") }
        for (i, m) in managers.enumerated() {
            try client(i).send("3")
            let shown = try client(i).waitFor(timeout: 5) { screen in
                budgets.allSatisfy { t in screen.split(separator: "\n").contains { $0.contains(names[t.team]!) && $0.contains("$\(t.budgetLeft)") } }
            }
            #expect(shown.matched, "\(m.name)'s Teams tab differs from the database \(budgets.map { "\(names[$0.team]!) $\($0.budgetLeft)" }):\n\(shown.screen)")
        }
        _ = clients
    }
}
