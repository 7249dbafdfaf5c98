import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// A keeper league's renewal night as a club lives it, on the real binaries: a league server (`clubhouse serve`), the
/// SSH host in front of it, and three friends each in their own `ssh -tt` session. "Keeper Club" (keep 1 at a round's
/// cost, next season's picks tradeable) drafted and played its 2019 to the end; 2020 came in with `season import`.
/// Ann, the commissioner, renews it from the Commissioner page; Bob declares his keeper from his own session; the
/// league server stops and starts again in the middle, and Cat declares hers once it is back; Ann offers Bob her 2021
/// first-rounder for his 2021 second, and the offer reaches Bob as a notification while he is on another page. The
/// database holds exactly what the screens said: two keepers at their costs, the offer with its seasons.
///
/// Root only, like the other SSH stories.
@Suite(.serialized) struct RenewalNightEndToEndTests {
    static let leagueName = "Keeper Club"

    @Test(.enabled(if: SSHHostingTests.canRun, "needs root and OpenSSH (make test installs openssh-server and openssh-client)"),
          .timeLimit(.minutes(10)))
    func theClubRenewsDeclaresKeepersThroughAServerRestartAndTradesNextYearsPicks() throws {
        let home = try TemporaryHome()
        let dir = home.url.path
        let dbPath = dir + "/league.sqlite"

        // The club's 2019: three people and a bot, four rounds drafted (the top player each team may take), played to
        // its end on the league's clock.
        let (_, service) = try SSHLeague.service(dbPath)
        let managers = try SSHLeague.managers([("Ann", "Ann's Aces"), ("Bob", "Bob's Bombers"), ("Cat", "Cat's Claws")], dir: dir, service: service)
        var settings = LeagueSettings()
        settings.teamCount = 4
        settings.playoffTeams = 2
        settings.rosterSlots = [.qb: 1, .rb: 1, .wr: 1, .te: 1]
        settings.leagueType = .keeper
        settings.keeperCount = 1
        settings.undraftedKeeperRound = 4
        settings.futurePickSeasons = 1
        settings.tradeReview = .noReview
        let (old, teams) = try SSHLeague.league(Self.leagueName, settings: settings, managers: managers, service: service)
        let ann = Caller.user(managers[0].user)
        _ = try service.draft.startDraft(old, caller: ann)
        for number in 1...16 {
            let team = try #require(try service.draft.draftBoard(old, caller: ann).owner(ofPick: number))
            var taken: Pick?
            for p in try service.draft.draftablePlayers(old, caller: ann) where taken == nil {
                taken = try? service.draft.pickForTeam(old, expectedPick: number, expectedTeam: team, player: p.player.id, caller: ann)
            }
            try #require(taken != nil, "nobody could be picked at \(number)")
        }
        _ = try service.season.advanceClock(old, to: ISO8601.parse("2020-01-05T12:00:00Z")!, caller: ann)
        #expect(try service.leagues.league(old, caller: ann).champion != nil, "2019 was played to its champion")
        let seasonDir = URL(fileURLWithPath: dir).appendingPathComponent("2020")
        try FileManager.default.createDirectory(at: seasonDir, withIntermediateDirectories: true)
        try HistoryEndToEndTests.season2020(in: seasonDir)
        // Every 2019 player is in 2020's file too (a draft needs a pool); only the schedule and one stat line are new.
        try ShippedSeason.text("players.csv").write(to: seasonDir.appendingPathComponent("players.csv"), atomically: true, encoding: .utf8)
        let imported = try Binary.run(["season", "import", seasonDir.path, "--database", dbPath], environment: home.environment)
        try #require(imported.status == 0, "\(imported.out)\(imported.err)")

        // The league server and the SSH host in front of it; everyone in their own session on the 2019 league's page.
        let (served, first) = try SSHLeague.servedHost(dir, database: dbPath, home: home)
        let host = served.host, port = served.port
        defer { host.cleanUp(stateDirectory: dir + "/state") }
        var server = first
        let clients = try managers.map { try SSHLeague.connect($0, port: port) }
        for (m, client) in zip(managers, clients) { try SSHLeague.openLeague(Self.leagueName, as: m, on: client, hostLog: { host.log }) }
        let (annT, bobT, catT) = (clients[0], clients[1], clients[2])

        // Ann renews the league from the Commissioner page's season tab.
        try annT.send("C")
        #expect(try annT.waitForLoaded("1 Requests").matched)
        try annT.send("4")
        let offer = try annT.waitForLoaded("R renews \(Self.leagueName) into 2020")
        try #require(offer.matched, "\(offer.screen)")
        try annT.send("R")
        #expect(try annT.waitFor("y confirm").matched)
        try annT.send("y")
        let renewed = try annT.waitFor(timeout: 30) { $0.contains("renewed from 2019 (< opens it)") }
        try #require(renewed.matched, "Ann's 2020 page:\n\(renewed.screen)")
        let next = try #require(try service.leagues.league(old, caller: ann).league.nextLeague, "the 2019 league points at 2020")

        /// From a friend's 2019 page (which says it was renewed, a moment after Ann did it) to 2020's, then the
        /// keepers page (`m`), where `space` keeps the first player of last season's roster.
        func declareKeeper(_ t: Tmux, _ m: SSHLeague.Manager) throws {
            let told = try t.waitFor(timeout: 30) { $0.contains("renewed as 2020 (> opens it)") }
            try #require(told.matched, "\(m.name)'s 2019 page never said it was renewed:\n\(told.screen)")
            try t.send(">")
            try #require(try t.waitFor("renewed from 2019 (< opens it)").matched, "\(m.name) never reached 2020")
            try t.send("m")
            let page = try t.waitForLoaded("0 of 1 from 2019")
            try #require(page.matched && page.screen.contains("round "), "\(m.name)'s keepers page, with costs:\n\(page.screen)")
            try t.send("Space")
            let kept = try t.waitFor { $0.contains("1 of 1 from 2019") && $0.contains("★") }
            try #require(kept.matched, "\(m.name)'s keeper, starred:\n\(kept.screen)")
        }
        try declareKeeper(bobT, managers[1])

        // The league server stops for a while; Cat's session says so, and comes back with it.
        #expect(server.stop() == 0, "serve exits 0 on SIGTERM:\n\(server.output)")
        let offline = "league server offline"
        let down = try catT.waitFor(timeout: 30) { $0.contains(offline) }
        #expect(down.matched, "Cat's screen doesn't say the server is away:\n\(down.screen)")
        server = try served.startServer()
        let back = try catT.waitFor(timeout: 60) { !$0.contains(offline) }
        #expect(back.matched, "Cat's screen never saw the server back:\n\(back.screen)")
        try declareKeeper(catT, managers[2])

        // Ann offers her 2021 first-rounder for Bob's 2021 second; Bob, on his keepers page, is told at once.
        try annT.send("t")
        #expect(try annT.waitForLoaded("› Trades").matched)
        try annT.send("n")
        let choices = try annT.waitForLoaded("Trade with which team?")
        let rows = choices.screen.split(separator: "\n").map(String.init).drop { !$0.contains("Trade with which team?") }
        let listed = rows.filter { line in ["Bob's Bombers", "Cat's Claws", "Team 4"].contains { line.contains($0) } }
        let below = try #require(listed.firstIndex { $0.contains("Bob's Bombers") }, "Bob's team isn't offered:\n\(choices.screen)")
        for _ in 0..<below { try annT.send("j") }
        try annT.send("Enter")
        let builder = try annT.waitFor(timeout: 20) { $0.contains("You get — Bob's Bombers") && $0.contains("2021 round 2 (Bob's Bombers)") }
        try #require(builder.matched, "the builder lists 2021's picks:\n\(builder.screen)")
        let theirs = try #require(TradeEndToEndTests.firstRow(builder.screen, right: true) { $0.contains("2021 round 2") }, "\(builder.screen)")
        let mine = try #require(TradeEndToEndTests.firstRow(builder.screen, right: false) { $0.contains("2021 round 1") }, "\(builder.screen)")
        for _ in 0..<theirs.index { try annT.send("j") }
        try annT.send("Space")
        try annT.send("Left")
        for _ in 0..<mine.index { try annT.send("j") }
        try annT.send("Space")
        try annT.send("s")
        let confirm = try annT.waitFor("Send this offer to Bob's Bombers?")
        #expect(confirm.matched && confirm.screen.contains("2021 round 1 (Ann's Aces)"), "\(confirm.screen)")
        try annT.send("y")
        #expect(try annT.waitFor("Trade offer sent").matched)
        let told = try bobT.waitFor(timeout: 30) { $0.contains("Ann's Aces sent you a trade offer in \(Self.leagueName)") }
        #expect(told.matched, "Bob was not told of Ann's offer:\n\(told.screen)")

        // What the database holds: the two keepers at their costs, nobody else's; the offer's picks with their seasons.
        let keepers = try service.keepers.keepers(next, caller: ann)
        let declared = keepers.teams.filter { !$0.keepers.isEmpty }
        #expect(declared.count == 2 && declared.allSatisfy { $0.keepers.count == 1 && $0.keepers[0].cost.round != nil },
                "\(declared)")
        let trade = try #require(try service.trades.trades(next, caller: ann).first)
        #expect(trade.state == .proposed)
        #expect(trade.proposal.give.picks.map(\.season) == [2021] && trade.proposal.get.picks.map(\.season) == [2021])
        #expect(Set(teams).count == 3)

        // Ann starts 2020's draft from its room: both keepers sit in their cost rounds' picks, on every screen.
        let kept = declared.map { ($0.team, $0.keepers[0]) }
        /// Back to 2020's league page, one settled Escape at a time (an Escape with a key right behind it reads as Alt).
        func backToTheLeague(_ t: Tmux, _ name: String) throws {
            for _ in 0..<3 where !((try? t.screen()) ?? "").contains("renewed from 2019 (< opens it)") { try SharedLeague.escape(t) }
            try #require(try t.waitForLoaded("renewed from 2019 (< opens it)").matched, "\(name) is back on 2020's page")
        }
        try backToTheLeague(annT, "Ann")
        try annT.send("d")
        let room = try annT.waitForLoaded("snake · 4 rounds · 4 teams")
        try #require(room.matched, "Ann's draft room:\n\(room.screen)")
        try annT.send("S")
        let started = Wait.blockingUntil(.seconds(30), every: .milliseconds(100)) {
            (try? service.draft.draftBoard(next, caller: ann).draft.status) == .running
        }
        try #require(started, "the draft never started:\n\((try? annT.screen()) ?? "")")
        let board = try service.draft.draftBoard(next, caller: ann)
        for (team, keeper) in kept {
            let pick = try #require(board.picks.first { $0.player.id == keeper.player }, "\(keeper.summary.name) isn't on the board")
            #expect(pick.pick.teamID == team && pick.pick.round == keeper.cost.round, "\(pick.pick)")
        }
        try backToTheLeague(bobT, "Bob")
        try bobT.send("d")
        for (name, t) in [("Ann", annT), ("Bob", bobT)] {
            let shown = try t.waitFor(timeout: 30) { screen in kept.allSatisfy { screen.contains(Player.shortName($0.1.summary.name)) } }
            #expect(shown.matched, "\(name)'s room doesn't show both keepers:\n\(shown.screen)")
        }
        _ = server.stop()
    }
}
