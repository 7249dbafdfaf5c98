import Foundation
import Testing
@testable import ClubhouseDomain

/// The endpoint table every transport, the server's router and the soft gate read.
@Suite struct EndpointTableTests {
    @Test func everyEndpointHasItsOwnNameAndItsOwnMethodAndPath() {
        let names = Endpoints.all.map(\.name)
        #expect(Set(names).count == names.count, "duplicate names: \(names.filter { n in names.filter { $0 == n }.count > 1 })")
        let routes = Endpoints.all.map { "\($0.method.rawValue) \($0.template)" }
        #expect(Set(routes).count == routes.count)
        #expect(Endpoints.all.allSatisfy { $0.template.hasPrefix("/v1/") })
    }

    @Test func readsAreGETAndEveryOtherMethodIsAWrite() {
        for e in Endpoints.all {
            #expect((e.method == .get) == (e.access == .anyone), "\(e.name): \(e.method) \(e.access)")
        }
    }

    @Test func theGateKnowsEveryGatedWriteByName() {
        let gated = Endpoints.all.filter { $0.access == .gated }.map(\.name).sorted()
        #expect(Endpoints.gated.keys.sorted() == gated)
        #expect(gated.contains("makePick") && gated.contains("createLeague") && gated.contains("setClockSpeed"))
    }

    @Test func aPathIsTheTemplateFilledFromTheAddressEscaped() {
        let player = At.Player(PlayerID("00-0033280"), league: LeagueID(4))
        #expect(Endpoints.Rosters.player.path(player.raw) + player.raw.queryString == "/v1/players/00-0033280?league=4")
        let invite = At.Invite(LeagueID(7), code: "AB CD/é")
        #expect(Endpoints.Commissioner.revokeInvite.path(invite.raw) == "/v1/leagues/7/invites/AB%20CD%2F%C3%A9")
        let players = At.Players(LeagueID(2), position: .wr, sort: .lastWeek)
        #expect(Endpoints.Rosters.availablePlayers.path(players.raw) + players.raw.queryString == "/v1/leagues/2/players?position=WR&sort=last-week")
    }

    @Test func everyAddressReadsBackWhatItWrites() throws {
        let l = LeagueID(3), t = TeamID(9)
        #expect(try At.League(At.League(l).raw) == At.League(l))
        #expect(try At.Team(At.Team(l, t).raw) == At.Team(l, t))
        #expect(try At.Matchup(At.Matchup(l, week: 5, team: t).raw) == At.Matchup(l, week: 5, team: t))
        #expect(try At.Scoreboard(At.Scoreboard(l, week: nil).raw) == At.Scoreboard(l, week: nil))
        #expect(try At.Scoreboard(At.Scoreboard(l, week: 12).raw) == At.Scoreboard(l, week: 12))
        #expect(try At.Players(At.Players(l, position: nil, sort: .name).raw) == At.Players(l, position: nil, sort: .name))
        #expect(try At.Chat(At.Chat(l, after: 41).raw) == At.Chat(l, after: 41))
        #expect(try At.Claim(At.Claim(l, claim: 8).raw) == At.Claim(l, claim: 8))
        #expect(try At.JoinRequest(At.JoinRequest(l, user: UserID(6)).raw) == At.JoinRequest(l, user: UserID(6)))
        #expect(try At.Invite(At.Invite(l, code: "K7QX").raw) == At.Invite(l, code: "K7QX"))
        #expect(try At.LeagueList(At.LeagueList(LeagueFilter(nameContains: "Fun", state: .drafting)).raw).filter
                == LeagueFilter(nameContains: "Fun", state: .drafting))
    }

    @Test func aBadParameterIsNamedWithWhatItShouldBe() {
        #expect(throws: RawAddress.Invalid(name: "league", expected: "a positive whole number")) { try At.League(RawAddress(path: ["league": "-1"])) }
        #expect(throws: RawAddress.Invalid(name: "week", expected: "a week number")) {
            try At.Matchup(RawAddress(path: ["league": "1", "week": "31", "team": "2"]))
        }
        #expect(throws: RawAddress.Invalid(name: "sort", expected: "one of season, last-week, 2018, name")) {
            try At.Players(RawAddress(path: ["league": "1"], query: ["sort": "random"]))
        }
    }
}

/// A gated write kept as data: what the soft gate stores through a sign-in and performs afterwards.
@Suite struct GatedWriteTests {
    @Test func aKeptWriteSurvivesTheDiskAndIsTheSameWrite() throws {
        let writes: [GatedWrite] = [
            .makePick(league: LeagueID(1), expectedPick: 14, player: PlayerID("00-0033280")),
            .addFreeAgent(league: LeagueID(2), team: GatedWrite.myTeam, player: PlayerID("00-0031234"), dropping: nil),
            .commissioner(.createInvite(league: LeagueID(3), uses: 5, expiresAt: Date(timeIntervalSinceReferenceDate: 812_345_678))),
            .createLeague(NewLeague(name: "Sunday Funday", settings: LeagueSettings(), isPublic: true, teamName: "Ann's team")),
        ]
        for w in writes {
            let back = try JSONDecoder().decode(PendingAction.self, from: JSONEncoder().encode(PendingAction(w, createdAt: Date())))
            #expect(back.write == w)
        }
    }

    @Test func theGateSaysWhatTheWriteIsAboutInTheLeaguesName() {
        let pick = GatedWrite.makePick(league: LeagueID(1), expectedPick: 14, player: PlayerID("00-0033280"))
        #expect(pick.gateReason(leagueName: "Couch Coaches") == "Sign in to draft in Couch Coaches — you'll come straight back to the room.")
        #expect(pick.resumeQuestion(leagueName: "Couch Coaches") == "Finish your pick 14 in Couch Coaches?")
        #expect(pick.successMessage == "Pick 14 made")
        #expect(pick.league == LeagueID(1))
        let join = GatedWrite.requestToJoin(league: LeagueID(2), teamName: "")
        #expect(join.gateReason(leagueName: nil) == "Sign in or create an account to join this league.")
        #expect(join.resumeQuestion(leagueName: nil) == "Finish joining the league?")
        let speed = GatedWrite.commissioner(.setClockSpeed(league: LeagueID(2), speed: .off))
        #expect(speed.successMessage == "Season clock stopped")
        #expect(speed.gateReason(leagueName: "Bits") == "Sign in as the commissioner of Bits to do that.")
    }

    @Test func aLeagueNameThatLooksLikeAPlaceholderIsShownAsItIs() {
        let w = GatedWrite.leaveLeague(LeagueID(5))
        #expect(w.gateReason(leagueName: "{league} club") == "Sign in to leave {league} club.")
    }

    @Test func myTeamIsFilledInOnlyWhereTheWriteNamesIt() throws {
        let add = GatedWrite.addFreeAgent(league: LeagueID(2), team: GatedWrite.myTeam, player: PlayerID("00-0031234"), dropping: nil)
        #expect(add.needsMyTeam)
        let mine = add.withTeam(TeamID(7))
        #expect(!mine.needsMyTeam)
        #expect(mine.of(Endpoints.Rosters.addFreeAgent)?.address == At.Team(LeagueID(2), TeamID(7)))
        #expect(mine.of(Endpoints.Rosters.dropPlayer) == nil)
        #expect(!GatedWrite.makePick(league: LeagueID(1), expectedPick: 1, player: PlayerID("x")).needsMyTeam)
    }
}
