import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// A trade offering a player and a 2019 draft pick is made in the app (two real terminals on one
/// database), accepted on the other side with that side's own drop, and both rosters and the draft order show it.
/// The league is set up through the use cases on the same file: three teams (Ann, Bob, a bot), four rounds, a long
/// pick clock so the draft waits on Bob's second pick while the two trade; trade review off.
@Suite(.serialized) struct TradePickEndToEndTests {
    static let leagueName = "Pick Trade Night"

    /// The row (0-based, below the header) of the first line whose left (or right) half contains `text`, in the
    /// builder's side-by-side lists at 120 columns (mine from column 2, theirs from column 60).
    static func row(of text: String, in screen: String, right: Bool) -> Int? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard let header = lines.firstIndex(where: { String($0).contains("Player or pick") }) else { return nil }
        for (i, line) in lines[(header + 1)...].enumerated() {
            let start = right ? 60 : 2, end = right ? min(line.count, 118) : min(line.count, 59)
            guard start < end else { continue }
            if String(line[start..<end]).contains(text) { return i }
        }
        return nil
    }

    /// The words inside the dialog box titled `title`, its wrapped lines joined with spaces.
    static func dialogText(_ screen: String, title: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard let top = lines.firstIndex(where: { String($0).contains("┌ \(title)") }) else { return "" }
        let left = lines[top].firstIndex(of: "┌")!, right = lines[top].lastIndex(of: "┐") ?? lines[top].count - 1
        var words: [String] = []
        for line in lines[(top + 1)...] {
            guard line.count > right, line[left] == "│" else { break }
            words += String(line[(left + 1)..<right]).split(separator: " ").map(String.init)
        }
        return words.joined(separator: " ")
    }

    @Test(.timeLimit(.minutes(10))) func aPlayerAndAPickAreTradedInTheAppAndTheOtherSideDropsItsOwn() throws {
        var shared = try SharedLeague()
        let a = try shared.terminal()          // seeds the demo world (and the 2019 season) in the shared file
        let db = try Database.open(at: DatabaseLocation(path: shared.database)).database
        let service = LeagueService(store: SQLiteLeagueStore(database: db), accounts: .sodium)
        let ann = try service.accounts.createAccount(email: "ann@picktrade.example", password: "clubhouse-demo", displayName: "Ann")
        let bob = try service.accounts.createAccount(email: "bob@picktrade.example", password: "clubhouse-demo", displayName: "Bob")
        var settings = LeagueSettings()
        settings.teamCount = 3
        settings.playoffTeams = 2
        settings.rosterSlots = [.qb: 1, .rb: 1, .wr: 1, .bench: 1]
        settings.positionMaxima = [:]
        settings.pickClockSeconds = 300
        settings.tradeReview = .noReview
        let league = try service.leagues.createLeague(name: Self.leagueName, settings: settings, isPublic: true, teamName: "Ann's Aces",
                                              season: 2019, seasonClock: Date(timeIntervalSince1970: 1_566_000_000), caller: .user(ann.user.id))
        var rng = SystemRandomNumberGenerator()
        let code = try service.leagues.createInvite(league, uses: 1, expiresAt: nil, caller: .user(ann.user.id), using: &rng).code
        let bobTeam = try service.leagues.redeemInvite(code: code, teamName: "Bob's Blitz", caller: .user(bob.user.id))
        let annTeam = try #require(try service.draft.draftBoard(league, caller: .user(ann.user.id)).capabilities.myTeam)
        let bot = try #require(try service.leagues.league(league, caller: .anonymous).teams.map(\.id).first { $0 != annTeam && $0 != bobTeam })
        _ = try service.commissioner.setDraftOrder(league, order: [annTeam, bobTeam, bot], caller: .user(ann.user.id))
        _ = try service.draft.startDraft(league, caller: .user(ann.user.id))
        // Round 1: Ann and Bob pick the best left; the bot picks twice at the turn (the apps' clocks tick it); then the
        // draft waits on Bob's round-2 pick.
        func best() throws -> PlayerID {
            let taken = Set(try service.draft.draftBoard(league, caller: .anonymous).picks.map(\.pick.playerID))
            let facts = try service.facts(league: league)
            return try #require(facts.draftRankings(settings).players.first { !taken.contains($0.playerID) }).playerID
        }
        _ = try service.draft.makePick(league, expectedPick: 1, player: try best(), caller: .user(ann.user.id))
        _ = try service.draft.makePick(league, expectedPick: 2, player: try best(), caller: .user(bob.user.id))
        #expect(Wait.blockingUntil(.seconds(90), every: .milliseconds(200)) {
            ((try? service.draft.draftBoard(league, caller: .anonymous).picks.count) ?? 0) >= 4
        }, "the bot made its two picks")
        let facts = try service.facts(league: league)
        let board = try service.draft.draftBoard(league, caller: .anonymous)
        let annPlayer = try #require(board.picks.first { $0.pick.number == 1 }).pick.playerID
        let bobPlayer = try #require(board.picks.first { $0.pick.number == 2 }).pick.playerID
        let annName = try #require(facts.players[annPlayer]).fullName, bobName = try #require(facts.players[bobPlayer]).fullName

        // Ann, in the app: the builder offers Bob her round-1 player and her 2019 round 3 pick for his round 4 pick.
        try SharedLeague.signIn(a, demo: "ann@picktrade.example", name: "Ann")
        try SharedLeague.open(a, league: Self.leagueName)
        try a.send("t")
        #expect(try a.waitForLoaded("› Trades").matched)
        try a.send("n")
        let teams = try a.waitForLoaded("Trade with which team?")
        #expect(teams.matched && teams.screen.contains("Bob's Blitz"), "\(teams.screen)")
        let teamLines = teams.screen.split(separator: "\n").map(String.init)
        let firstTeam = try #require(teamLines.firstIndex { $0.contains("Bob's Blitz") || $0.contains("Team ") && $0.contains("bot") })
        if !teamLines[firstTeam].contains("Bob's Blitz") { try a.send("j") }
        try a.send("Enter")
        let lists = try a.waitFor(timeout: 20) { $0.contains("You get — Bob's Blitz") && $0.contains("2019 round 4 (Bob's Blitz)") && $0.contains("2019 round 3 (Ann's Aces)") }
        #expect(lists.matched, "both sides list their 2019 picks:\n\(lists.screen)")
        let theirPick = try #require(Self.row(of: "2019 round 4 (Bob's Blitz)", in: lists.screen, right: true), "\(lists.screen)")
        let myPlayer = try #require(Self.row(of: annName, in: lists.screen, right: false), "\(lists.screen)")
        let myPick = try #require(Self.row(of: "2019 round 3 (Ann's Aces)", in: lists.screen, right: false), "\(lists.screen)")
        for _ in 0..<theirPick { try a.send("j") }
        try a.send("Space")
        try a.send("Left")
        for _ in 0..<myPlayer { try a.send("j") }
        try a.send("Space")
        for _ in myPlayer..<myPick { try a.send("j") }
        try a.send("Space")
        try a.send("s")
        let confirm = try a.waitFor("Send this offer to Bob's Blitz?")
        #expect(confirm.matched && confirm.screen.contains(annName) && confirm.screen.contains("2019 round 3 (Ann's Aces)"), "\(confirm.screen)")
        try a.send("y")
        #expect(try a.waitFor("Trade offer sent").matched)

        // Bob, in his own terminal: the offer would put him over his roster limit, so he chooses his own drop.
        let b = try shared.terminal()
        try SharedLeague.signIn(b, demo: "bob@picktrade.example", name: "Bob")
        try SharedLeague.open(b, league: Self.leagueName)
        try b.send("t")
        let offer = try b.waitForLoaded("Offers to me (1)", timeout: 20)
        #expect(offer.matched && offer.screen.contains(annName), "\(offer.screen)")
        try b.send("a")
        let choose = try b.waitFor("choose 1 to drop")
        #expect(choose.matched && choose.screen.contains("Bob's Blitz would hold 5 players and picks to make outside IR — 4 is the most")
                && choose.screen.contains(bobName), "\(choose.screen)")
        try b.send("Space")
        try b.send("a")
        let accept = try b.waitFor("Accept this trade?")
        let dialog = Self.dialogText(accept.screen, title: "Accept this trade?")
        #expect(accept.matched && dialog.contains("You drop \(bobName). Drops happen only if it goes through."), "the confirm lists his drop:\n\(accept.screen)")
        try b.send("y")
        #expect(try b.waitFor("Trade accepted").matched)

        // Both rosters and the draft order show it.
        let rosters = Dictionary(uniqueKeysWithValues: try service.store.read { try $0.rosters(in: league) }.map { ($0.teamID, $0) })
        #expect(rosters[bobTeam]?.contains(annPlayer) == true && rosters[bobTeam]?.contains(bobPlayer) == false)
        #expect(rosters[annTeam]?.contains(annPlayer) == false)
        let after = try service.draft.draftBoard(league, caller: .anonymous)
        #expect(after.tradedPicks?.contains { $0.pick == DraftPickRef(round: 3, team: annTeam) && $0.owner == bobTeam } == true)
        #expect(after.tradedPicks?.contains { $0.pick == DraftPickRef(round: 4, team: bobTeam) && $0.owner == annTeam } == true)
        try b.send("t"); try b.send("t"); try b.send("t")
        let history = try b.waitFor(timeout: 20) { $0.contains("executed") && $0.contains("Dropped with it: \(bobName)") }
        #expect(history.matched, "\(history.screen)")
        // Bob's draft room: the board shows Ann's round-3 pick as his and his round-4 pick as hers.
        try SharedLeague.escape(b)
        try b.send("d")
        // (Waited for until the board has loaded: under load its rows come a while after the room's header.)
        func row(_ screen: String, _ round: String) -> String { screen.split(separator: "\n").first { $0.contains("│ \(round)") }.map(String.init) ?? "" }
        let room = try b.waitFor(timeout: 30) {
            $0.contains("Draft board") && !$0.contains("Loading the draft board") && !row($0, "R3").isEmpty && !row($0, "R4").isEmpty
        }
        let r3 = row(room.screen, "R3"), r4 = row(room.screen, "R4")
        #expect(room.matched && r3.contains("→ Bob's Blitz") && r4.contains("→ Ann's Aces"), "\(room.screen)")
    }
}
