import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// A draft evening as a club lives it, end to end on the real binaries: a league server (`clubhouse serve`), the SSH
/// host in front of it (`clubhouse host-ssh --server`), three friends each in their own `ssh -tt` session and a bot,
/// everyone on the default clocks (the 90 s pick clock, the bot's 2–5 s think time). They draft a 4-team, 4-round
/// snake from the keyboard; after the bot's back-to-back picks the league server is stopped while Cat is on the
/// clock, and every screen says the room is paused because the server is unreachable; the server starts again, Cat
/// picks with her time back, and the draft runs to the end. Then the evening goes on: every screen shows the full
/// board, each friend's lineup holds the players the database gave them, and Ann offers Bob a trade that reaches his
/// Trades page while he is on it.
///
/// Root only, like the other SSH stories; about two minutes on its own.
@Suite(.serialized) struct DraftEveningEndToEndTests {
    static let leagueName = "Evening League"
    typealias Manager = SSHLeague.Manager

    /// The first player at `position` on one side of the trade builder.
    static func row(_ screen: String, position: String, right: Bool) -> (index: Int, name: String)? {
        TradeEndToEndTests.firstRow(screen, right: right) { $0.contains(" \(position) ") }
    }

    @Test(.enabled(if: SSHHostingTests.canRun, "needs root and OpenSSH (make test installs openssh-server and openssh-client)"),
          .timeLimit(.minutes(10)))
    func threeFriendsAndABotDraftThroughAServerRestartThenTrade() throws {
        let home = try TemporaryHome()
        let dir = home.url.path
        let dbPath = dir + "/league.sqlite"

        // The club: three accounts with a key each, a public 4-team league (one bot team), one of each position a round.
        let (_, service) = try SSHLeague.service(dbPath)
        let managers = try SSHLeague.managers([("Ann", "Ann's Aces"), ("Bob", "Bob's Bombers"), ("Cat", "Cat's Claws")], dir: dir, service: service)
        var settings = LeagueSettings()
        settings.teamCount = 4
        settings.playoffTeams = 2
        settings.rosterSlots = [.qb: 1, .rb: 1, .wr: 1, .te: 1]
        #expect(settings.pickClockSeconds == 90, "the default pick clock")
        let (league, teams) = try SSHLeague.league(Self.leagueName, settings: settings, managers: managers, service: service)
        let bot = try #require(try service.draft.draftBoard(league, caller: .anonymous).teams.map(\.id).first { !teams.contains($0) })
        let order = teams + [bot]
        func board() throws -> DraftBoard { try service.draft.draftBoard(league, caller: .anonymous) }
        func picks() -> [DraftPickView] { (try? board().picks) ?? [] }
        /// Snake order: who picks `number` (1-based) — a manager's index, or nil for the bot.
        func picker(_ number: Int) -> Int? {
            let round = (number - 1) / order.count, slot = (number - 1) % order.count
            let team = order[round % 2 == 0 ? slot : order.count - 1 - slot]
            return teams.firstIndex(of: team)
        }

        // The league server, and the SSH host in front of it sharing its secret.
        let (served, first) = try SSHLeague.servedHost(dir, database: dbPath, home: home)
        let host = served.host, port = served.port
        defer { host.cleanUp(stateDirectory: dir + "/state") }
        var server = first

        // Everyone in their own session, in the room.
        let clients = try managers.map { try SSHLeague.connect($0, port: port) }
        for (m, client) in zip(managers, clients) {
            try SSHLeague.enterRoom(m, client, league: Self.leagueName, host: host) { $0.contains("snake · 4 rounds · 4 teams") && $0.contains("R4") }
        }
        /// Waits for `number` to be `m`'s turn on their screen, then drafts the top available player (Enter, y).
        func pick(_ number: Int, by i: Int) throws {
            let m = managers[i], tmux = clients[i]
            let turn = try tmux.waitFor(timeout: 30) { $0.contains("pick \(number) · on the clock: \(m.team) (you)") && RemoteDraftTests.availableListShows($0) }
            try #require(turn.matched, "pick \(number) never showed as \(m.name)'s turn:\n\(turn.screen)")
            try tmux.send("Enter")
            let asked = try tmux.waitFor(timeout: 10) { $0.contains("y confirm") }
            try #require(asked.matched, "\(m.name)'s Enter asked nothing:\n\(asked.screen)")
            try tmux.send("y")
            let landed = Wait.blockingUntil(.seconds(20), every: .milliseconds(100)) { picks().count >= number }
            let screen = (try? tmux.screen()) ?? ""
            try #require(landed, "pick \(number) by \(m.name) did not land:\n\(screen)\n\(server.output)")
        }
        /// Picks `numbers` in turn: a friend's from their keyboard, the bot's by itself on its own clock.
        func draft(_ numbers: ClosedRange<Int>) throws {
            for n in numbers {
                if let i = picker(n) {
                    try pick(n, by: i)
                } else {
                    let botPicked = Wait.blockingUntil(.seconds(30), every: .milliseconds(100)) { picks().count >= n }
                    try #require(botPicked, "the bot never made pick \(n):\n\(server.output)")
                }
            }
        }

        // Ann, the commissioner, starts the draft from the room. Round 1, and the bot's pair at the turn (picks 4 and 5).
        try clients[0].send("S")
        try draft(1...5)
        #expect(picker(6) == 2, "pick 6 is Cat's")
        #expect(picks().filter { $0.pick.source == .autopick }.isEmpty, "nobody's clock ran out")

        // The league server stops while Cat is on the clock: every screen says why the room stands still.
        let downAt = Date()
        #expect(server.stop() == 0, "serve exits 0 on SIGTERM:\n\(server.output)")
        for (m, client) in zip(managers, clients) {
            let paused = try client.waitFor(timeout: 30) { $0.contains(DraftRoomUIText.unreachable) }
            // A reload on its way when the server stopped keeps the room it had (marked paused), not an error page.
            #expect(paused.matched, "\(m.name)'s room doesn't say the server is unreachable:\n\(paused.screen)")
        }
        // Down for a while (people notice), then back on the same address.
        _ = Wait.blockingUntil(.seconds(8), every: .milliseconds(200)) { Date().timeIntervalSince(downAt) > 6 }
        server = try served.startServer()
        for (m, client) in zip(managers, clients) {
            let back = try client.waitFor(timeout: 30) { !$0.contains(DraftRoomUIText.unreachable) && $0.contains("pick 6 · on the clock: Cat's Claws") }
            #expect(back.matched, "\(m.name)'s room never came back to Cat's pick:\n\(back.screen)")
        }
        #expect(picks().count == 5, "nothing was picked for Cat while the server was away")

        // The rest of the evening's draft.
        try draft(6...16)
        let made = picks()
        #expect(made.map(\.pick.number).sorted() == Array(1...16))
        #expect(Set(made.map(\.player.id)).count == 16, "no player drafted twice")
        #expect(made.filter { $0.pick.source == .autopick }.isEmpty, "every friend's pick was their own, the outage included")
        for (m, client) in zip(managers, clients) {
            let done = try client.waitFor(timeout: 20) { screen in
                screen.contains("All 16 picks made") && made.allSatisfy { screen.contains(Player.shortName($0.player.name)) }
            }
            #expect(done.matched, "\(m.name)'s screen does not show the complete board:\n\(done.screen)")
        }

        // After the draft: each friend's lineup holds what the database gave their team.
        for (i, (m, client)) in zip(managers, clients).enumerated() {
            try SharedLeague.escape(client)
            let page = try client.waitFor(timeout: 10) { $0.contains("\(Self.leagueName)  ·  ") }
            try #require(page.matched, "\(m.name) never got back to the league page:\n\(page.screen)")
            try client.send("m")
            let mine = made.filter { $0.pick.teamID == teams[i] }.map { $0.player.name }
            let lineup = try client.waitFor(timeout: 20) { screen in screen.contains("Your team lineup") && mine.allSatisfy { screen.contains($0) || screen.contains(Player.shortName($0)) } }
            #expect(lineup.matched, "\(m.name)'s lineup lacks \(mine):\n\(lineup.screen)")
            try SharedLeague.escape(client)
        }

        // Bob waits on his Trades page; Ann offers one of her players for his at the same position.
        let (ann, bob) = (clients[0], clients[1])
        try bob.send("t")
        #expect(try bob.waitForLoaded("› Trades").matched)
        try ann.send("t")
        #expect(try ann.waitForLoaded("› Trades").matched)
        try ann.send("n")
        let choices = try ann.waitForLoaded("Trade with which team?")
        // The chooser's rows (below its question; the board above it names the teams too).
        let rows = choices.screen.split(separator: "\n").map(String.init).drop { !$0.contains("Trade with which team?") }
        let listed = rows.filter { line in ["Bob's Bombers", "Cat's Claws", "Team 4"].contains { line.contains($0) } }
        let below = try #require(listed.firstIndex { $0.contains("Bob's Bombers") }, "Bob's team isn't offered:\n\(choices.screen)")
        for _ in 0..<below { try ann.send("j") }
        try ann.send("Enter")
        // A position both rosters hold (the top available isn't always the position a team lacks).
        func common(_ screen: String) -> String? {
            ["RB", "WR", "TE", "QB"].first { Self.row(screen, position: $0, right: true) != nil && Self.row(screen, position: $0, right: false) != nil }
        }
        let builder = try ann.waitFor(timeout: 20) { $0.contains("You get — Bob's Bombers") && !$0.contains("Loading") && common($0) != nil }
        try #require(builder.matched, "no builder with a position on both sides:\n\(builder.screen)")
        let position = try #require(common(builder.screen))
        let theirs = try #require(Self.row(builder.screen, position: position, right: true))
        let giving = try #require(Self.row(builder.screen, position: position, right: false))
        for _ in 0..<theirs.index { try ann.send("j") }
        try ann.send("Space")
        try ann.send("Left")
        for _ in 0..<giving.index { try ann.send("j") }
        try ann.send("Space")
        try ann.send("s")
        let confirm = try ann.waitFor("Send this offer to Bob's Bombers?")
        #expect(confirm.matched && confirm.screen.contains(theirs.name) && confirm.screen.contains(giving.name), "\(confirm.screen)")
        try ann.send("y")
        #expect(try ann.waitFor("Trade offer sent").matched)
        let offer = try bob.waitFor(timeout: 30) { $0.contains("Offers to me (1)") && $0.contains(giving.name) }
        #expect(offer.matched, "Ann's offer never reached Bob's Trades page:\n\(offer.screen)")
        _ = server.stop()
    }
}
