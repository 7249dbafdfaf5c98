import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// A keeper league's next season in the real app, two people at their own terminals on one database: the commissioner
/// of Playoff Push (a demo league, drafted and played into its playoffs) makes it a keeper league in the league form,
/// plays the season to its end on the Commissioner page's Season clock tab and renews it into a crafted 2020 (brought
/// in with `clubhouse season import`), then schedules the new draft; a member and the commissioner each open their
/// team's page, see last season's roster with each player's round cost and the keeper deadline, and keep a player
/// with `k`; the commissioner starts the draft, and both draft rooms list the kept players as keeper picks of their cost rounds.
@Suite(.serialized) struct KeeperEndToEndTests {
    static let league = "Playoff Push"

    /// One person of the league: their demo account, their 2019 team and the player they will keep.
    struct Keeper {
        var email: String
        var name: String
        var team: String
        /// The player (by the candidates' order on the team's page) and the round he costs.
        var row: Int
        var player: PlayerSummary
        var round: Int
    }

    /// The team's candidate to keep: a player drafted in 2019 and kept a first year, so he costs the round before the
    /// one he was drafted in — the cheapest such (an early round, on the board's first rows).
    static func choose(_ team: TeamKeepers, drafted: [PlayerID: Int]) -> (row: Int, candidate: KeeperCandidate)? {
        team.candidates.enumerated()
            .filter { _, c in c.refusal == nil && drafted[c.player].map { $0 - 1 == c.cost.round } == true }
            .min { $0.element.cost.round < $1.element.cost.round }
            .map { ($0.offset, $0.element) }
    }

    /// Whether the room's Recent picks list `k`'s player as a keeper pick of round `k.round` for `k.team`.
    static func recent(_ screen: String, shows k: Keeper) -> Bool {
        // The crafted 2020 holds no line of the kept player, so the room may name him by his id (reported, not yet fixed).
        screen.split(separator: "\n").contains { ($0.contains(k.player.name) || $0.contains(k.player.id.rawValue)) && $0.contains(" R\(k.round) ")
            && $0.contains("keeper") && $0.contains(String(k.team.prefix(12))) }
    }

    /// The team's page of the new season (`m` from the league page): the keepers, the deadline; `k` on the chosen row.
    static func declare(_ k: Keeper, on t: Tmux) throws {
        try t.send("m")
        let page = try t.waitForLoaded("0 of 2 from 2019")
        #expect(page.matched && page.screen.contains("Due") && page.screen.contains("Sat Sep 5"),
                "\(k.name): last season's roster and the deadline (24 h before the draft):\n\(page.screen)")
        let line = page.screen.split(separator: "\n").first { $0.contains(k.player.name) }.map(String.init) ?? ""
        #expect(line.contains("round \(k.round)") && !line.contains("★"), "\(k.player.name) costs round \(k.round):\n\(page.screen)")
        try t.send("g")
        for _ in 0..<k.row { try t.send("j") }
        let offered = try t.waitFor("keep · round \(k.round)")
        #expect(offered.matched, "\(k.name): the footer offers \(k.player.name) at his cost:\n\(offered.screen)")
        try t.send("k")
        let kept = try t.waitFor { s in
            s.contains("1 of 2 from 2019") && s.split(separator: "\n").contains { $0.contains(k.player.name) && $0.contains("★") && $0.contains("round \(k.round)") }
        }
        #expect(kept.matched, "\(k.name) keeps \(k.player.name) in round \(k.round):\n\(kept.screen)")
        try SharedLeague.escape(t)
    }

    @Test(.timeLimit(.minutes(10))) func theCommissionerRenewsAKeeperLeagueAndBothManagersKeepersFillTheirRoundsPicks() throws {
        var shared = try SharedLeague()
        let a = try shared.terminal()          // seeds the demo world (and the 2019 season) in the shared file
        let db = try Database.open(at: DatabaseLocation(path: shared.database)).database
        let service = LeagueService(store: SQLiteLeagueStore(database: db), accounts: .sodium)
        let old = try #require(try service.store.read { try $0.leagues() }.first { $0.name == Self.league && $0.season == 2019 })
        let commissioner = try #require(old.commissioner)
        let teams2019 = try service.store.read { try $0.teams(in: old.id) }.sorted { $0.id < $1.id }
        let memberTeam = try #require(teams2019.first { $0.manager != nil && $0.manager != commissioner })
        func account(_ user: UserID) throws -> (email: String, name: String) {
            let u = try #require(try service.store.read { try $0.user(user) })
            return (u.email, u.displayName)
        }
        let (commEmail, commName) = try account(commissioner)
        let (memberEmail, memberName) = try account(try #require(memberTeam.manager))
        // 2020 comes in as an operator brings a season in: every player of 2019's file plays it (kept ones among them).
        try NextSeason.import2020(into: shared, alsoPlaying: { _ in true })

        // The commissioner makes Playoff Push a keeper league in the league form (the keeper rules may change after the
        // draft, until the league is renewed): League type is the form's last choice before Save.
        try SharedLeague.signIn(a, demo: commEmail, name: commName)
        try SharedLeague.open(a, league: Self.league)
        try a.send("e")
        #expect(try a.waitForLoaded("E edit").matched)
        try a.send("E")
        #expect(try a.waitFor("League type").matched)
        try a.send("G"); try a.send("k"); try a.send("l")
        let rules = try a.waitFor { $0.contains("Keepers due") && $0.contains("24 h before the draft") }
        #expect(rules.matched, "a keeper league's rules appear below League type:\n\(rules.screen)")
        try a.send("C-s")
        #expect(try a.waitFor("Settings saved").matched)
        #expect(try service.league(old.id, caller: .anonymous).league.settings.leagueType == .keeper)
        try SharedLeague.escape(a)
        #expect(try a.waitFor { !$0.contains("› League settings") && $0.contains("Home › \(Self.league)") }.matched)

        // Played to its end and renewed from the Commissioner page; then the new draft's date (keepers are due 24 h before).
        try NextSeason.playToTheEndAndRenew(a, league: Self.league, season: 2019)
        let renewed = try #require(try service.league(old.id, caller: .anonymous).nextLeague)
        try a.send("C")
        #expect(try a.waitForLoaded("1 Requests").matched)
        try a.send("3")
        #expect(try a.waitForLoaded("Draft: no date set").matched)
        try a.send("S")
        #expect(try a.waitFor("Schedule the draft (UTC)").matched)
        try a.type("2020-09-06 19:00"); try a.send("Enter")
        let scheduled = try a.waitFor("Draft: planned for Sun Sep 6 19:00 UTC")
        #expect(scheduled.matched, "\(scheduled.screen)")
        try SharedLeague.escape(a)
        #expect(try a.waitFor { !$0.contains("› Commissioner") && $0.contains("renewed from 2019 (< opens it)") }.matched)

        // What each team may keep, and at what cost, as the server says; the draft rounds of 2019 they come from.
        let offered = try service.keepers(renewed, caller: .anonymous)
        #expect(offered.fromSeason == 2019 && offered.open && offered.deadline == ISO8601.parse("2020-09-05T19:00:00Z"))
        let drafted = Dictionary(try service.draftBoard(old.id, caller: .anonymous).picks.map { ($0.pick.playerID, $0.pick.round) },
                                 uniquingKeysWith: { a, _ in a })
        let teams2020 = try service.league(renewed, caller: .anonymous).teams
        func keeper(_ email: String, _ name: String, team2019: Team) throws -> (Keeper, TeamID) {
            let team = try #require(teams2020.first { $0.name == team2019.name }).id
            let mine = try #require(offered.teams.first { $0.team == team })
            let (row, c) = try #require(Self.choose(mine, drafted: drafted), "\(team2019.name) has a drafted player to keep: \(mine.candidates)")
            return (Keeper(email: email, name: name, team: team2019.name, row: row, player: c.summary, round: c.cost.round), team)
        }
        let (commKeeper, commTeam) = try keeper(commEmail, commName, team2019: try #require(teams2019.first { $0.manager == commissioner }))
        let (memberKeeper, memberTeam2020) = try keeper(memberEmail, memberName, team2019: memberTeam)

        // The member, at their own terminal, opens the new season (the 2019 league has the same name: > leads on).
        let b = try shared.terminal()
        try SharedLeague.signIn(b, demo: memberEmail, name: memberName)
        try SharedLeague.open(b, league: Self.league)
        let landed = try b.waitFor { $0.contains("renewed as 2020 (> opens it)") || $0.contains("renewed from 2019 (< opens it)") }
        if landed.screen.contains("renewed as 2020 (> opens it)") { try b.send(">") }
        #expect(try b.waitForLoaded("renewed from 2019 (< opens it)").matched)

        // Each keeps a player from their team's page.
        try Self.declare(memberKeeper, on: b)
        try Self.declare(commKeeper, on: a)
        let declared = try service.keepers(renewed, caller: .anonymous).teams
        #expect(declared.first { $0.team == memberTeam2020 }?.keepers.map(\.player) == [memberKeeper.player.id])
        #expect(declared.first { $0.team == commTeam }?.keepers.map(\.player) == [commKeeper.player.id])

        // Both in the draft room; the commissioner starts the draft and both boards show the kept players in their rounds.
        try b.send("d")
        #expect(try b.waitForLoaded("Draft board").matched)
        try a.send("d")
        #expect(try a.waitForLoaded("S start draft").matched)
        try a.send("S")
        #expect(try a.waitFor("The draft has started").matched)
        // The room's Recent picks tab (4) lists the picks made: the keepers, in their cost rounds, marked "keeper".
        for (who, t) in [(commName, a), (memberName, b)] {
            try t.send("4")
            let shown = try t.waitFor(timeout: 30) { s in
                s.contains("on the clock") && [commKeeper, memberKeeper].allSatisfy { Self.recent(s, shows: $0) }
            }
            #expect(shown.matched, "\(who)'s room shows \(commKeeper.player.name) in R\(commKeeper.round) and \(memberKeeper.player.name) in R\(memberKeeper.round):\n\(shown.screen)")
        }
        let picks = try service.draftBoard(renewed, caller: .anonymous).picks.filter { $0.pick.source == .keeper }
        #expect(Set(picks.map { "\($0.pick.teamID.rawValue) \($0.pick.playerID.rawValue) R\($0.pick.round)" })
                == ["\(commTeam.rawValue) \(commKeeper.player.id.rawValue) R\(commKeeper.round)",
                    "\(memberTeam2020.rawValue) \(memberKeeper.player.id.rawValue) R\(memberKeeper.round)"],
                "the keepers are made picks of their teams in their cost rounds")
    }
}
