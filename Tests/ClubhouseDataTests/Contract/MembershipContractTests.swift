import ClubhouseDomain
import Foundation
import Testing

/// Joining and leaving leagues through the contract: requests, the commissioner's decision, invite codes.
/// Sunday Funday is open (10 teams, 6 managed, commissioner Hiro); Full House is full; Office League is private.
@Suite("Contract: membership", .bothTransports) struct MembershipContractTests {
    @Test func aSignedOutRequestToJoinAsksForSignIn() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday")
        #expect(await failure { try await world.api().requestToJoin(open.id, teamName: "Newcomers") } == .unauthenticated)
    }

    @Test func aRequestWaitsForTheCommissionerWhoApprovesItIntoAnOpenTeam() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday")
        let zed = try world.signUp("Zed")
        let request = try await world.api(zed).requestToJoin(open.id, teamName: "  Zed's Zebras ")
        #expect(request.status == .pending && request.teamName == "Zed's Zebras")
        #expect(try await world.api(zed).league(open.id).capabilities.hasPendingJoinRequest)

        let hiro = try world.person("hiro")
        let pending = try await world.api(hiro).joinRequests(open.id)
        #expect(pending.map(\.displayName) == ["Zed"])
        let decided = try await world.api(hiro).decideJoinRequest(open.id, user: zed.userID!, approve: true)
        #expect(decided.status == .approved)

        let detail = try await world.api(zed).league(open.id)
        let mine = try #require(detail.capabilities.myTeam)
        #expect(detail.teams.first { $0.id == mine }?.name == "Zed's Zebras")
        #expect(detail.teams.first { $0.id == mine }?.managerName == "Zed")
        #expect(try await world.api(zed).myLeagues().map(\.id) == [open.id])
        #expect(try await world.api().publicLeagues(filter: LeagueFilter(nameContains: "Sunday")).first?.managedTeams == 7)
    }

    /// A person sees their own join requests (for Home's Needs attention) and may withdraw one: it is gone, the
    /// commissioner hears it (an event), and they may ask again.
    @Test func aPersonSeesAndWithdrawsTheirOwnJoinRequest() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday")
        let zed = try world.signUp("Zed")
        #expect(try await world.api(zed).myJoinRequests() == [])
        _ = try await world.api(zed).requestToJoin(open.id, teamName: "Zebras")
        let mine = try await world.api(zed).myJoinRequests()
        #expect(mine.map(\.leagueName) == ["Sunday Funday"] && mine.first?.status == .pending && mine.first?.teamName == "Zebras")
        #expect(mine.first?.answeredByItself == true, "Hiro's team is on autopick: Sunday Funday's commissioner answers by itself")
        #expect(try await world.api().myJoinRequests() == [], "signed out: none")

        let before = try world.events.lastEventID()
        try await world.api(zed).withdrawJoinRequest(open.id)
        #expect(try await world.api(zed).myJoinRequests() == [])
        #expect(try await !world.api(zed).league(open.id).capabilities.hasPendingJoinRequest)
        #expect(try await world.api(try world.person("hiro")).joinRequests(open.id).isEmpty)
        let kinds = try world.events.events(after: before, league: open.id, limit: 100).map(\.kind)
        #expect(kinds == [.joinWithdrawn])
        #expect(await failure { try await world.api(zed).withdrawJoinRequest(open.id) } == .notFound("A join request of yours in Sunday Funday"))
        #expect(await failure { try await world.api().withdrawJoinRequest(open.id) } == .unauthenticated)
        _ = try await world.api(zed).requestToJoin(open.id, teamName: "Zebras")
        #expect(try await world.api(zed).myJoinRequests().count == 1, "asked again")
    }

    /// A demo league's commissioner (its team on autopick) answers a join request within a minute: approved while the
    /// league has an open team; declined with why once it is full.
    @Test func aCommissionerOnAutopickAnswersJoinRequestsWithinAMinute() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday")
        let zed = try world.signUp("Zed"), yan = try world.signUp("Yan")
        _ = try await world.api(zed).requestToJoin(open.id, teamName: "Zebras")
        _ = try await world.api(yan).requestToJoin(open.id, teamName: "Yaks")
        #expect(try world.service.leagues.leaguesWithJoinRequestsDue() == [], "not at once")
        // Three of the four open teams taken by invite meanwhile, then Zed is answered (approved: the last team)…
        let invite = try await world.api(try world.person("hiro")).createInvite(open.id, uses: 3, expiresAt: nil)
        for name in ["Xu", "Wes", "Vic"] { _ = try await world.api(try world.signUp(name)).redeemInvite(code: invite.code, teamName: "\(name)'s team") }
        world.clock.advance(by: 60)
        #expect(try world.service.leagues.leaguesWithJoinRequestsDue() == [open.id])
        let answered = try world.service.leagues.answerJoinRequests(open.id)
        #expect(answered.map(\.status) == [.approved, .denied])
        #expect(try await world.api(zed).myLeagues().map(\.id) == [open.id])
        #expect(try await world.api(zed).myJoinRequests() == [])
        // …and Yan is declined, with why.
        let yans = try await world.api(yan).myJoinRequests()
        #expect(yans.first?.status == .denied && yans.first?.reason == "Sunday Funday is full")
        #expect(try world.service.leagues.leaguesWithJoinRequestsDue() == [])
    }

    /// A commissioner at the keyboard (team not on autopick) answers by hand: nothing answers for them.
    @Test func aCommissionerAtTheKeyboardIsNotAnsweredFor() async throws {
        let world = try ContractWorld()
        let league = try await world.api(try world.person("alice")).createLeague(
            NewLeague(name: "Alice's Own", settings: LeagueSettings(), isPublic: true, teamName: "Alice's team"))
        let zed = try world.signUp("Zed")
        _ = try await world.api(zed).requestToJoin(league, teamName: "Zebras")
        world.clock.advance(by: 3600)
        #expect(try world.service.leagues.leaguesWithJoinRequestsDue() == [])
        #expect(try world.service.leagues.answerJoinRequests(league) == [])
        #expect(try await world.api(zed).myJoinRequests().first?.answeredByItself == false)
    }

    @Test func aDeniedRequestLeavesThePersonOutside() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday")
        let zed = try world.signUp("Zed")
        _ = try await world.api(zed).requestToJoin(open.id, teamName: "Zebras")
        let denied = try await world.api(try world.person("hiro")).decideJoinRequest(open.id, user: zed.userID!, approve: false)
        #expect(denied.status == .denied)
        #expect(try await world.api(zed).league(open.id).capabilities.myTeam == nil)
        #expect(await failure { try await world.api(try world.person("hiro")).decideJoinRequest(open.id, user: zed.userID!, approve: true) }
                == .conflict("That request was already denied"))
    }

    @Test func onlyTheCommissionerDecidesAndSeesRequests() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday")
        let zed = try world.signUp("Zed")
        _ = try await world.api(zed).requestToJoin(open.id, teamName: "Zebras")
        let isla = try world.person("isla")   // a manager in the league, not its commissioner
        #expect(await failure { try await world.api(isla).decideJoinRequest(open.id, user: zed.userID!, approve: true) }
                == .forbidden("Only the commissioner can approve join requests"))
        #expect(await failure { try await world.api(isla).joinRequests(open.id) } == .forbidden("Only the commissioner can see join requests"))
        #expect(await failure { try await world.api().joinRequests(open.id) } == .unauthenticated)
    }

    @Test func requestsAreRefusedWithAReasonForEveryKindOfLeague() async throws {
        let world = try ContractWorld()
        let zed = try world.signUp("Zed")
        let api = world.api(zed)
        let open = try await world.league("Sunday Funday")
        let full = try await world.league("Full House")
        let drafted = try await world.league("Gridiron Greats")
        let office = try await world.league("Office League")
        #expect(await failure { try await api.requestToJoin(full.id, teamName: "Zebras") } == .conflict("Full House is full"))
        #expect(await failure { try await api.requestToJoin(drafted.id, teamName: "Zebras") }
                == .conflict("Gridiron Greats has already drafted — joining is closed"))
        #expect(await failure { try await api.requestToJoin(office.id, teamName: "Zebras") }
                == .forbidden("Office League is a private league — join it with an invite code"))
        #expect(await failure { try await api.requestToJoin(LeagueID(9_999), teamName: "Zebras") } == .notFound("League 9999"))

        _ = try await api.requestToJoin(open.id, teamName: "Zebras")
        #expect(await failure { try await api.requestToJoin(open.id, teamName: "Zebras") }
                == .conflict("You already asked to join Sunday Funday — the commissioner hasn't answered yet"))
        let member = world.api(try world.person("isla"))
        #expect(await failure { try await member.requestToJoin(open.id, teamName: "Again") } == .conflict("You already have a team in Sunday Funday"))
    }

    @Test func teamNamesAreOneToFortyCharactersWithoutControlCharacters() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday")
        let api = world.api(try world.signUp("Zed"))
        #expect(await failure { try await api.requestToJoin(open.id, teamName: "   ") }?.code == "validation")
        #expect(await failure { try await api.requestToJoin(open.id, teamName: String(repeating: "x", count: 41)) }
                == .validation(field: "teamName", message: "A team name must be 1–40 characters (it has 41)"))
        #expect(await failure { try await api.requestToJoin(open.id, teamName: "Bell\u{7}s") }
                == .validation(field: "teamName", message: "A team name can't contain control characters (U+0007 at character 5)"))
        let taken = try await world.api().league(open.id).teams.first { $0.managerName != nil }!.name
        #expect(await failure { try await api.requestToJoin(open.id, teamName: taken.uppercased()) }?.code == "validation")
        // Any Unicode is fine.
        #expect(try await api.requestToJoin(open.id, teamName: "山田の🏈チーム").status == .pending)
    }

    @Test func anInviteCodeLetsPeopleInUntilItIsUsedUp() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday")
        let hiro = world.api(try world.person("hiro"))
        let invite = try await hiro.createInvite(open.id, uses: 2, expiresAt: world.clock.now().addingTimeInterval(86_400))
        #expect(invite.code.count == 8 && invite.usesLeft == 2)
        #expect(try await hiro.invites(open.id) == [invite])

        let first = try world.signUp("First"), second = try world.signUp("Second"), third = try world.signUp("Third")
        let team = try await world.api(first).redeemInvite(code: invite.code.lowercased(), teamName: "First Down")
        #expect(try await world.api(first).league(open.id).capabilities.myTeam == team)
        _ = try await world.api(second).redeemInvite(code: invite.code, teamName: "Second Wind")
        #expect(await failure { try await world.api(third).redeemInvite(code: invite.code, teamName: "Third Time") }
                == .conflict("Invite code \(invite.code) has been used up"))
        #expect(await failure { try await world.api(first).redeemInvite(code: invite.code, teamName: "Again") }
                == .conflict("Invite code \(invite.code) has been used up"))
        #expect(try await hiro.invites(open.id).first?.usesLeft == 0)
    }

    @Test func anExpiredOrUnknownInviteIsRefused() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday")
        let hiro = world.api(try world.person("hiro"))
        let invite = try await hiro.createInvite(open.id, uses: 5, expiresAt: world.clock.now().addingTimeInterval(60))
        world.clock.advance(by: 61)
        let zed = world.api(try world.signUp("Zed"))
        #expect(await failure { try await zed.redeemInvite(code: invite.code, teamName: "Zebras") } == .conflict("Invite code \(invite.code) has expired"))
        #expect(await failure { try await zed.redeemInvite(code: "NOPE2345", teamName: "Zebras") } == .notFound("Invite code NOPE2345"))
    }

    @Test func invitesAreRefusedIntoFullLeaguesAndForMembers() async throws {
        let world = try ContractWorld()
        let full = try await world.league("Full House")
        let farid = world.api(try world.person("farid"))
        let invite = try await farid.createInvite(full.id, uses: 3, expiresAt: nil)
        #expect(await failure { try await world.api(try world.signUp("Zed")).redeemInvite(code: invite.code, teamName: "Zebras") }
                == .conflict("Full House is full"))
        #expect(await failure { try await farid.redeemInvite(code: invite.code, teamName: "Again") } == .conflict("You already have a team in Full House"))
    }

    @Test func invitesAreTheCommissionersAndCheckTheirUsesAndExpiry() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday")
        let hiro = world.api(try world.person("hiro"))
        #expect(await failure { try await hiro.createInvite(open.id, uses: 0, expiresAt: nil) }
                == .validation(field: "uses", message: "An invite is good for 1–100 uses (not 0)"))
        #expect(await failure { try await hiro.createInvite(open.id, uses: 101, expiresAt: nil) }?.code == "validation")
        #expect(await failure { try await hiro.createInvite(open.id, uses: 1, expiresAt: world.clock.now().addingTimeInterval(-1)) }
                == .validation(field: "expiresAt", message: "An invite's expiry must be in the future"))
        let isla = world.api(try world.person("isla"))
        #expect(await failure { try await isla.createInvite(open.id, uses: 1, expiresAt: nil) } == .forbidden("Only the commissioner can create invite codes"))
        #expect(await failure { try await isla.invites(open.id) } == .forbidden("Only the commissioner can see invite codes"))
        #expect(await failure { try await world.api().createInvite(open.id, uses: 1, expiresAt: nil) } == .unauthenticated)

        let invite = try await hiro.createInvite(open.id, uses: 1, expiresAt: nil)
        try await hiro.revokeInvite(open.id, code: invite.code)
        #expect(try await hiro.invites(open.id).isEmpty)
        #expect(await failure { try await world.api(try world.signUp("Zed")).redeemInvite(code: invite.code, teamName: "Z") }
                == .notFound("Invite code \(invite.code)"))
    }

    @Test func aPrivateLeagueInviteMakesTheLeagueVisibleToItsNewMember() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(isPublic: false)
        let zed = try world.signUp("Zed")
        #expect(await failure { try await world.api(zed).league(league.id) }?.code == "forbidden")
        let invite = try await world.api(league.commissioner).createInvite(league.id, uses: 1, expiresAt: nil)
        _ = try await world.api(zed).redeemInvite(code: invite.code, teamName: "Zebras")
        #expect(try await world.api(zed).league(league.id).capabilities.myTeam != nil)
    }

    @Test func aManagerLeavesBeforeTheDraftAndTheTeamBecomesABot() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday")
        let isla = try world.person("isla")
        let team = try await world.team(of: isla, in: open.id)
        try await world.api(isla).leaveLeague(open.id)
        let detail = try await world.api().league(open.id)
        #expect(detail.teams.first { $0.id == team }?.managerName == nil)
        #expect(try await world.api(isla).league(open.id).capabilities.myTeam == nil)
        #expect(await failure { try await world.api(isla).leaveLeague(open.id) } == .forbidden("You don't have a team in Sunday Funday"))
    }

    @Test func theCommissionerCantLeaveAndNobodyLeavesAfterTheDraft() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday")
        #expect(await failure { try await world.api(try world.person("hiro")).leaveLeague(open.id) }
                == .forbidden("The commissioner can't leave Sunday Funday"))
        let drafted = try await world.league("Gridiron Greats")
        #expect(await failure { try await world.api(try world.person("ben")).leaveLeague(drafted.id) }
                == .conflict("Gridiron Greats has drafted — you can leave a league only before its draft"))
        #expect(await failure { try await world.api().leaveLeague(open.id) } == .unauthenticated)
    }

    @Test func anApprovalIsRefusedWhenInvitesFilledTheLeagueMeanwhile() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday")
        let hiro = world.api(try world.person("hiro"))
        let zed = try world.signUp("Zed")
        _ = try await world.api(zed).requestToJoin(open.id, teamName: "Zebras")
        let invite = try await hiro.createInvite(open.id, uses: 4, expiresAt: nil)
        for name in ["Ann", "Bo", "Cy", "Di"] {
            _ = try await world.api(try world.signUp(name)).redeemInvite(code: invite.code, teamName: "\(name) FC")
        }
        #expect(await failure { try await hiro.decideJoinRequest(open.id, user: zed.userID!, approve: true) } == .conflict("Sunday Funday is full"))
        #expect(try await hiro.joinRequests(open.id).first?.request.status == .pending, "the request waits for a free team")
        #expect(try await hiro.decideJoinRequest(open.id, user: zed.userID!, approve: false).status == .denied)
    }

    @Test func aDeniedPersonMayAskAgain() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday")
        let zed = try world.signUp("Zed")
        _ = try await world.api(zed).requestToJoin(open.id, teamName: "Zebras")
        _ = try await world.api(try world.person("hiro")).decideJoinRequest(open.id, user: zed.userID!, approve: false)
        let again = try await world.api(zed).requestToJoin(open.id, teamName: "Zebras Two")
        #expect(again.status == .pending && again.teamName == "Zebras Two")
    }

    /// A manager renames their team at any time of the season (the names rule; no other team's name, case aside); the
    /// commissioner may rename any team, another manager may not; everyone reads the new name, told by a league event.
    @Test func aManagerRenamesTheirTeamAndTheCommissionerAnyTeam() async throws {
        let world = try ContractWorld()
        let greats = try await world.league("Gridiron Greats")
        let ben = try world.person("ben")
        let bens = try await world.team(of: ben, in: greats.id)
        func rename(_ caller: Caller, _ team: TeamID, _ name: String) async throws -> Team {
            try await world.api(caller).call(Endpoints.Leagues.renameTeam, At.Team(greats.id, team), Wire.TeamName(teamName: name))
        }
        let before = try world.events.lastEventID()
        #expect(try await rename(ben, bens, "  Ben's   Bombers ").name == "Ben's Bombers")
        #expect(try await world.api().league(greats.id).teams.first { $0.id == bens }?.name == "Ben's Bombers", "anyone reads it")
        #expect(try world.events.events(after: before, league: greats.id, limit: 100).map(\.kind) == [.leagueUpdated])
        #expect(try await rename(ben, bens, "Ben's Bombers").name == "Ben's Bombers", "the same name again changes nothing")
        #expect(try world.events.events(after: before, league: greats.id, limit: 100).count == 1)

        let teams = try await world.api().league(greats.id).teams
        let other = try #require(teams.first { $0.id != bens })
        #expect(await failure { try await rename(ben, bens, other.name.uppercased()) }
                == .validation(field: "teamName", message: "Gridiron Greats already has a team called \(other.name)"))
        #expect(await failure { try await rename(ben, bens, "") }?.code == "validation")
        #expect(await failure { try await rename(ben, bens, String(repeating: "x", count: 41)) }?.code == "validation")
        #expect(await failure { try await rename(ben, other.id, "Stolen") } == .forbidden("Only the commissioner can rename another manager's team"))
        #expect(await failure { try await rename(.anonymous, bens, "Nobody's") } == .unauthenticated)
        #expect(await failure { try await rename(ben, TeamID(999_999), "Ghosts") }?.code == "not_found")

        let commissioner = try #require(try await world.api(ben).league(greats.id).league.commissioner)
        #expect(try await rename(.user(commissioner), bens, "Renamed By The Commish").name == "Renamed By The Commish")
        #expect(try await world.api(ben).roster(greats.id, team: bens).team.name == "Renamed By The Commish")
    }
}
