import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// Authorization at the use-case level: every gated write refuses a signed-out caller before anything else,
/// and the people without the role get `.forbidden` with one sentence.
@Suite("Use cases: authorization", .bothBackends) struct UseCaseAuthorizationTests {
    @Test func everyGatedWriteAsksASignedOutCallerToSignIn() throws {
        let world = try ContractWorld()
        let s = world.service
        let l = LeagueID(1), t = TeamID(1), p: PlayerID = "00-0033280"
        var rng = SeededRandom(seed: 1)
        let writes: [(String, () throws -> Void)] = [
            ("createLeague", { _ = try s.leagues.createLeague(name: "X", settings: LeagueSettings(), isPublic: true, seasonClock: Date(), caller: .anonymous) }),
            ("requestToJoin", { _ = try s.leagues.requestToJoin(l, teamName: "X", caller: .anonymous) }),
            ("decideJoinRequest", { try s.leagues.decideJoinRequest(l, user: UserID(1), approve: true, caller: .anonymous) }),
            ("createInvite", { _ = try s.leagues.createInvite(l, uses: 1, expiresAt: nil, caller: .anonymous, using: &rng) }),
            ("revokeInvite", { try s.leagues.revokeInvite(l, code: "X", caller: .anonymous) }),
            ("redeemInvite", { _ = try s.leagues.redeemInvite(code: "X", teamName: "X", caller: .anonymous) }),
            ("leaveLeague", { try s.leagues.leaveLeague(l, caller: .anonymous) }),
            ("moveInLineup", { try s.roster.moveInLineup(l, team: t, move: LineupMove(p, to: .rb), caller: .anonymous) }),
            ("addFreeAgent", { try s.waivers.addFreeAgent(l, team: t, player: p, dropping: nil, caller: .anonymous) }),
            ("dropPlayer", { try s.waivers.dropPlayer(l, team: t, player: p, caller: .anonymous) }),
            ("placeClaim", { try s.waivers.placeClaim(l, team: t, player: p, dropping: nil, caller: .anonymous) }),
            ("cancelClaim", { try s.waivers.cancelClaim(l, claim: 1, caller: .anonymous) }),
            ("reorderClaims", { try s.waivers.reorderClaims(l, team: t, order: [], caller: .anonymous) }),
            ("updateSettings", { try s.commissioner.updateSettings(l, settings: LeagueSettings(), caller: .anonymous) }),
            ("setDraftOrder", { try s.commissioner.setDraftOrder(l, order: [], caller: .anonymous) }),
            ("randomizeDraftOrder", { try s.commissioner.randomizeDraftOrder(l, caller: .anonymous, using: &rng) }),
            ("scheduleDraft", { try s.commissioner.scheduleDraft(l, at: nil, caller: .anonymous) }),
            ("startDraft", { _ = try s.draft.startDraft(l, caller: .anonymous) }),
            ("pauseDraft", { try s.draft.pauseDraft(l, caller: .anonymous) }),
            ("resumeDraft", { try s.draft.resumeDraft(l, caller: .anonymous) }),
            ("undoLastPick", { try s.draft.undoLastPick(l, caller: .anonymous) }),
            ("makePick", { _ = try s.draft.makePick(l, expectedPick: 1, player: p, caller: .anonymous) }),
            ("pickForTeam", { _ = try s.draft.pickForTeam(l, expectedPick: 1, expectedTeam: nil, player: p, caller: .anonymous) }),
            ("setAutopick", { try s.draft.setAutopick(l, team: t, on: true, caller: .anonymous) }),
            ("editQueue", { try s.draft.editQueue(l, .add(p), caller: .anonymous) }),
            ("sendChat", { try s.chat.sendChat(l, text: "hi", caller: .anonymous) }),
            ("advanceClock", { _ = try s.season.advanceClock(l, to: Date(), caller: .anonymous) }),
            ("joinRequests", { _ = try s.leagues.joinRequests(l, caller: .anonymous) }),
            ("invites", { _ = try s.leagues.invites(l, caller: .anonymous) }),
        ]
        for (name, write) in writes {
            #expect(throws: DomainError.unauthenticated, "\(name)") { try write() }
        }
    }

    @Test func everyCommissionerActionRefusesAManagerWithASentence() throws {
        let world = try ContractWorld()
        let s = world.service
        let league = try #require(try s.leagues.publicLeagues(filter: LeagueFilter(nameContains: "Sunday Funday"), caller: .anonymous).first).id
        let isla = try world.person("isla")
        var rng = SeededRandom(seed: 1)
        let actions: [(String, () throws -> Void)] = [
            ("approve join requests", { try s.leagues.decideJoinRequest(league, user: UserID(1), approve: true, caller: isla) }),
            ("deny join requests", { try s.leagues.decideJoinRequest(league, user: UserID(1), approve: false, caller: isla) }),
            ("see join requests", { _ = try s.leagues.joinRequests(league, caller: isla) }),
            ("create invite codes", { _ = try s.leagues.createInvite(league, uses: 1, expiresAt: nil, caller: isla, using: &rng) }),
            ("revoke invite codes", { try s.leagues.revokeInvite(league, code: "X", caller: isla) }),
            ("see invite codes", { _ = try s.leagues.invites(league, caller: isla) }),
            ("change the league settings", { try s.commissioner.updateSettings(league, settings: LeagueSettings(), caller: isla) }),
            ("set the draft order", { try s.commissioner.setDraftOrder(league, order: [], caller: isla) }),
            ("set the draft order", { try s.commissioner.randomizeDraftOrder(league, caller: isla, using: &rng) }),
            ("schedule the draft", { try s.commissioner.scheduleDraft(league, at: nil, caller: isla) }),
            ("start the draft", { _ = try s.draft.startDraft(league, caller: isla) }),
            ("pause the draft", { try s.draft.pauseDraft(league, caller: isla) }),
            ("resume the draft", { try s.draft.resumeDraft(league, caller: isla) }),
            ("undo picks", { try s.draft.undoLastPick(league, caller: isla) }),
            ("pick for a team", { _ = try s.draft.pickForTeam(league, expectedPick: 1, expectedTeam: nil, player: "00-0033280", caller: isla) }),
            ("move the season clock", { _ = try s.season.advanceClock(league, to: Date(), caller: isla) }),
        ]
        for (action, call) in actions {
            #expect(throws: DomainError.forbidden("Only the commissioner can \(action)"), "\(action)") { try call() }
        }
    }

    @Test func inviteCodesComeFromTheInjectedGenerator() throws {
        func code(seed: UInt64) throws -> String {
            let world = try ContractWorld()
            let league = try #require(try world.service.leagues.publicLeagues(filter: LeagueFilter(nameContains: "Sunday"), caller: .anonymous).first).id
            var rng = SeededRandom(seed: seed)
            return try world.service.leagues.createInvite(league, uses: 1, expiresAt: nil, caller: try world.person("hiro"), using: &rng).code
        }
        let a = try code(seed: 7), b = try code(seed: 7), c = try code(seed: 8)
        #expect(a == b && a != c)
        #expect(a.count == InviteCode.length && a.allSatisfy { InviteCode.alphabet.contains($0) })
    }

    @Test func aRandomDraftOrderComesFromTheInjectedGenerator() throws {
        let world = try ContractWorld()
        let league = try #require(try world.service.leagues.publicLeagues(filter: LeagueFilter(nameContains: "Sunday"), caller: .anonymous).first).id
        let hiro = try world.person("hiro")
        var first = SeededRandom(seed: 11), again = SeededRandom(seed: 11)
        let a = try world.service.commissioner.randomizeDraftOrder(league, caller: hiro, using: &first).order
        let b = try world.service.commissioner.randomizeDraftOrder(league, caller: hiro, using: &again).order
        #expect(a == b && a.count == 10)
    }

    @Test func everyWriteAppendsAnEventForOtherClients() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday").id
        let before = try world.service.store.read { try $0.lastEventID() }
        let zed = try world.signUp("Zed")
        _ = try world.service.leagues.requestToJoin(open, teamName: "Zebras", caller: zed)
        try world.service.leagues.decideJoinRequest(open, user: zed.userID!, approve: true, caller: try world.person("hiro"))
        _ = try world.service.chat.sendChat(open, text: "hi", caller: zed)
        let kinds = try world.events.events(after: before, league: nil, limit: 100).map(\.kind.rawValue)
        #expect(kinds == ["join.requested", "member.joined", "join.decided", "draft.chat"])
    }
}
