import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// The auction room as a person lives it, end to end: `clubhouse serve` and Bob's app
/// (`--server`, tmux 120×40) in a 3-team auction with Ann (the commissioner) and Cat bidding through the service.
/// Bob types a bid on the pre-filled next bid and the first digit replaces it; a bid over his max bid is refused in
/// words, nothing sent; his maximum is passed by Cat and the room says so (toast, header); the server stops and his room's clock
/// shows paused, then counts again; the sale is announced and shows on the board with its price; his nomination's
/// opening price is replaced by what he types; he puts his own team on autopick and takes it back.
@Suite(.serialized) struct AuctionRoomEndToEndTests {
    static let leagueName = "Auction Lived Night"

    @Test(.timeLimit(.minutes(10))) func bobLivesThroughABidAMaximumPassedAnOutageAndASale() throws {
        let home = try TemporaryHome()
        let dbPath = home.url.appendingPathComponent("league.sqlite").path
        let db = try Database.open(at: DatabaseLocation(path: dbPath)).database
        try DemoWorld.seedSeasonIfNeeded(db)
        try db.execute("INSERT INTO meta (key, value) VALUES ('\(DemoWorld.seededKey)', 'skipped by the auction room test')")
        let service = LeagueService(store: SQLiteLeagueStore(database: db), accounts: .sodium)
        let people = try [("Ann", "ann"), ("Bob", "bob"), ("Cat", "cat")].map { name, login in
            try service.accounts.createAccount(email: "\(login)@auction.example", password: "\(login) auction night", displayName: name).user.id
        }
        let ann = Caller.user(people[0]), cat = Caller.user(people[2])
        var settings = LeagueSettings()
        settings.teamCount = 3
        settings.playoffTeams = 2
        settings.rosterSlots = [.qb: 1, .rb: 1, .wr: 1]
        settings.draftType = .auction
        settings.auctionBudget = 60
        settings.nominationSeconds = 300
        settings.bidSeconds = 40
        settings.bidResetSeconds = 10
        let league = try service.leagues.createLeague(name: Self.leagueName, settings: settings, isPublic: true, teamName: "Ann's Aces",
                                              seasonClock: Date(timeIntervalSince1970: 1_567_000_000), caller: ann)
        var rng = SystemRandomNumberGenerator()
        let invite = try service.leagues.createInvite(league, uses: 2, expiresAt: nil, caller: ann, using: &rng)
        let annTeam = try service.draft.draftBoard(league, caller: ann).capabilities.myTeam!
        let bobTeam = try service.leagues.redeemInvite(code: invite.code, teamName: "Bob's Bombers", caller: .user(people[1]))
        let catTeam = try service.leagues.redeemInvite(code: invite.code, teamName: "Cat's Claws", caller: cat)
        _ = try service.commissioner.setDraftOrder(league, order: [annTeam, bobTeam, catTeam], caller: ann)
        func board() throws -> DraftBoard { try service.draft.draftBoard(league, caller: .user(people[1])) }

        var server = try RemoteDraftTests.Server.start(database: dbPath, home: home)
        let port = server.port
        try #require(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { server.output.contains("Clubhouse league server on") }, "\(server.output)")
        let bobHome = try TemporaryHome()
        let app = try Tmux(command: "\(Binary.path) --server http://127.0.0.1:\(port); echo exit=$?; sleep 60", width: 120, height: 40,
                           environment: bobHome.environment)
        try #require(try app.waitFor("Public leagues (", timeout: 60).matched)
        try app.send("i")
        try #require(try app.waitFor("Sign in to your Clubhouse account").matched)
        try app.type("bob@auction.example"); try app.send("Tab"); try app.type("bob auction night"); try app.send("Enter")
        try #require(try app.waitFor("Bob · ? help", timeout: 30).matched)
        try RemoteDraftTests.openLeague(app, named: Self.leagueName)
        try app.send("d")
        try #require(try app.waitFor("Auction room", timeout: 20).matched)

        // Ann starts and puts the top player up at $1.
        _ = try service.draft.startDraft(league, caller: ann)
        let player = try #require(try service.draft.draftablePlayers(league, caller: ann).first?.player)
        let nominated = try service.auction.nominate(league, player: player.id, bid: 1, caller: ann)
        let nomination = try #require(nominated.nomination)
        let onBlock = try app.waitFor(timeout: 20) { $0.contains("On the block: \(player.name)") && $0.contains("left to bid") }
        try #require(onBlock.matched, "Bob's room shows the block and a clock in words:\n\(onBlock.screen)")

        // `$` pre-fills the next bid ($2). Over his max bid ($60 − $1 × 2 spots to keep = $58): refused in the field,
        // in words, nothing sent or clamped.
        try app.send("$")
        let line = try app.waitFor("Bid on \(player.name): $")
        try #require(line.matched, "\(line.screen)")
        try app.type("630")
        try app.send("Enter")
        let refused = try app.waitFor(timeout: 10) { $0.contains("✗ $630 is more than your max bid of $58") }
        #expect(refused.matched, "the refusal is in the field:\n\(refused.screen)")
        #expect(try board().auction?.nomination?.highBid == 1, "nothing was sent")
        try app.send("BSpace", "BSpace", "BSpace")
        try SharedLeague.escape(app)
        // Again: typing 5 on the pre-filled $2 bids $5, not $25.
        try app.send("$")
        try #require(try app.waitFor("Bid on \(player.name): $").matched)
        try app.type("5")
        try app.send("Enter")
        let bid = Wait.blockingUntil(.seconds(10), every: .milliseconds(100)) { (try? board().auction?.nomination?.highBid) == 5 }
        try #require(bid, "Bob's $5 did not land (\((try? board().auction?.nomination?.highBid) ?? -1)):\n\((try? app.screen()) ?? "")")

        // His room shows the bid as his before he goes on (under load the server has it before his screen does).
        let mine = try app.waitFor(timeout: 20) { $0.contains("High bid $5") && $0.contains("(you)") }
        try #require(mine.matched, "Bob's room shows his $5 as the high bid:\n\(mine.screen)")

        // Bob's maximum $20; Cat bids $23 over it: the room says he was outbid and that his maximum is passed.
        try app.send("m")
        let maxField = try app.waitFor("Your maximum for \(player.name): $")
        try #require(maxField.matched, "\(maxField.screen)")
        try app.type("20")
        try app.send("Enter")
        #expect(try app.waitFor("your maximum $20", timeout: 10).matched)
        _ = try service.auction.bid(league, nomination: nomination.id, amount: 23, caller: cat)
        let outbid = try app.waitFor(timeout: 20) {
            $0.contains("Outbid on \(player.name) — Cat's Claws bid $23; your maximum $20 is passed") && $0.contains("your maximum $20 was passed")
        }
        #expect(outbid.matched, "Bob's room says he was outbid, and his maximum passed:\n\(outbid.screen)")

        // The server stops: the clock shows paused, not counting; back, it counts again.
        #expect(server.stop() == 0)
        let paused = try app.waitFor(timeout: 30) { $0.contains(DraftRoomUIText.unreachable) && !$0.contains("left to bid") && !$0.contains("unless someone bids") }
        #expect(paused.matched, "the auction's clock shows paused while the server is away:\n\(paused.screen)")
        server = try server.startAgain()
        let again = try app.waitFor(timeout: 60) { !$0.contains(DraftRoomUIText.unreachable) && ($0.contains("left to bid") || $0.contains("unless someone bids")) }
        #expect(again.matched, "the clock counts again once the server answers:\n\(again.screen)")

        // The sale is announced, and the board shows it with its price.
        let sold = try app.waitFor(timeout: 120) { $0.contains("Sold: \(player.name) to Cat's Claws for $23") }
        #expect(sold.matched, "the sale is announced:\n\(sold.screen)")
        // The board above reads the room on its own (a debounced refresh after the event): on a loaded machine it may
        // show the sale a moment after the room's toast.
        let boarded = try app.waitFor(timeout: 30) { $0.split(separator: "\n").contains { $0.contains(Player.shortName(player.name)) && $0.contains("$23") } }
        #expect(boarded.matched, "the board shows the purchase and its price:\n\(boarded.screen)")

        // Bob's nomination: the opening price $1 is replaced by the 10 he types.
        try #require(try app.waitFor(timeout: 30) { $0.contains("your nomination") }.matched, "Bob's turn to nominate:\n\((try? app.screen()) ?? "")")
        try app.send("1")   // the Available tab
        try #require(try app.waitFor(timeout: 10) { RemoteDraftTests.availableListShows($0) }.matched)
        try app.send("Enter")
        let asked = try app.waitFor(timeout: 10) { $0.contains("up for $") }
        try #require(asked.matched, "\(asked.screen)")
        try app.type("10")
        try app.send("Enter")
        let opened = Wait.blockingUntil(.seconds(10), every: .milliseconds(100)) { (try? board().auction?.nomination?.highBid) == 10 }
        #expect(opened, "typing 10 on $1 opens at $10 (\((try? board().auction?.nomination?.highBid) ?? -1)):\n\((try? app.screen()) ?? "")")
        // Autopick for his own team, and back (now that he holds the high bid, so nothing bids for him meanwhile).
        try app.send("A")
        #expect(Wait.blockingUntil(.seconds(10), every: .milliseconds(100)) { (try? board().onAutopick.contains(bobTeam)) == true },
                "A puts Bob's own team on autopick:\n\((try? app.screen()) ?? "")")
        #expect(try app.waitFor("Autopick on for Bob's Bombers", timeout: 10).matched)
        try app.send("A")
        #expect(Wait.blockingUntil(.seconds(10), every: .milliseconds(100)) { (try? board().onAutopick.contains(bobTeam)) == false })
        let others = try board().onAutopick
        #expect(!others.contains(annTeam) && !others.contains(catTeam), "no one else's team")

        _ = server.stop()
    }
}
