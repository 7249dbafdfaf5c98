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
            ("createLeague", { _ = try s.createLeague(name: "X", settings: LeagueSettings(), isPublic: true, seasonClock: Date(), caller: .anonymous) }),
            ("requestToJoin", { _ = try s.requestToJoin(l, teamName: "X", caller: .anonymous) }),
            ("decideJoinRequest", { try s.decideJoinRequest(l, user: UserID(1), approve: true, caller: .anonymous) }),
            ("createInvite", { _ = try s.createInvite(l, uses: 1, expiresAt: nil, caller: .anonymous, using: &rng) }),
            ("revokeInvite", { try s.revokeInvite(l, code: "X", caller: .anonymous) }),
            ("redeemInvite", { _ = try s.redeemInvite(code: "X", teamName: "X", caller: .anonymous) }),
            ("leaveLeague", { try s.leaveLeague(l, caller: .anonymous) }),
            ("moveInLineup", { try s.moveInLineup(l, team: t, move: LineupMove(p, to: .rb), caller: .anonymous) }),
            ("addFreeAgent", { try s.addFreeAgent(l, team: t, player: p, dropping: nil, caller: .anonymous) }),
            ("dropPlayer", { try s.dropPlayer(l, team: t, player: p, caller: .anonymous) }),
            ("placeClaim", { try s.placeClaim(l, team: t, player: p, dropping: nil, caller: .anonymous) }),
            ("cancelClaim", { try s.cancelClaim(l, claim: 1, caller: .anonymous) }),
            ("reorderClaims", { try s.reorderClaims(l, team: t, order: [], caller: .anonymous) }),
            ("updateSettings", { try s.updateSettings(l, settings: LeagueSettings(), caller: .anonymous) }),
            ("setDraftOrder", { try s.setDraftOrder(l, order: [], caller: .anonymous) }),
            ("randomizeDraftOrder", { try s.randomizeDraftOrder(l, caller: .anonymous, using: &rng) }),
            ("scheduleDraft", { try s.scheduleDraft(l, at: nil, caller: .anonymous) }),
            ("startDraft", { _ = try s.startDraft(l, caller: .anonymous) }),
            ("pauseDraft", { try s.pauseDraft(l, caller: .anonymous) }),
            ("resumeDraft", { try s.resumeDraft(l, caller: .anonymous) }),
            ("undoLastPick", { try s.undoLastPick(l, caller: .anonymous) }),
            ("makePick", { _ = try s.makePick(l, expectedPick: 1, player: p, caller: .anonymous) }),
            ("pickForTeam", { _ = try s.pickForTeam(l, expectedPick: 1, expectedTeam: nil, player: p, caller: .anonymous) }),
            ("setAutopick", { try s.setAutopick(l, team: t, on: true, caller: .anonymous) }),
            ("editQueue", { try s.editQueue(l, .add(p), caller: .anonymous) }),
            ("sendChat", { try s.sendChat(l, text: "hi", caller: .anonymous) }),
            ("advanceClock", { _ = try s.advanceClock(l, to: Date(), caller: .anonymous) }),
            ("joinRequests", { _ = try s.joinRequests(l, caller: .anonymous) }),
            ("invites", { _ = try s.invites(l, caller: .anonymous) }),
        ]
        for (name, write) in writes {
            #expect(throws: DomainError.unauthenticated, "\(name)") { try write() }
        }
    }

    @Test func everyCommissionerActionRefusesAManagerWithASentence() throws {
        let world = try ContractWorld()
        let s = world.service
        let league = try #require(try s.publicLeagues(filter: LeagueFilter(nameContains: "Sunday Funday"), caller: .anonymous).first).id
        let isla = try world.person("isla")
        var rng = SeededRandom(seed: 1)
        let actions: [(String, () throws -> Void)] = [
            ("approve join requests", { try s.decideJoinRequest(league, user: UserID(1), approve: true, caller: isla) }),
            ("deny join requests", { try s.decideJoinRequest(league, user: UserID(1), approve: false, caller: isla) }),
            ("see join requests", { _ = try s.joinRequests(league, caller: isla) }),
            ("create invite codes", { _ = try s.createInvite(league, uses: 1, expiresAt: nil, caller: isla, using: &rng) }),
            ("revoke invite codes", { try s.revokeInvite(league, code: "X", caller: isla) }),
            ("see invite codes", { _ = try s.invites(league, caller: isla) }),
            ("change the league settings", { try s.updateSettings(league, settings: LeagueSettings(), caller: isla) }),
            ("set the draft order", { try s.setDraftOrder(league, order: [], caller: isla) }),
            ("set the draft order", { try s.randomizeDraftOrder(league, caller: isla, using: &rng) }),
            ("schedule the draft", { try s.scheduleDraft(league, at: nil, caller: isla) }),
            ("start the draft", { _ = try s.startDraft(league, caller: isla) }),
            ("pause the draft", { try s.pauseDraft(league, caller: isla) }),
            ("resume the draft", { try s.resumeDraft(league, caller: isla) }),
            ("undo picks", { try s.undoLastPick(league, caller: isla) }),
            ("pick for a team", { _ = try s.pickForTeam(league, expectedPick: 1, expectedTeam: nil, player: "00-0033280", caller: isla) }),
            ("move the season clock", { _ = try s.advanceClock(league, to: Date(), caller: isla) }),
        ]
        for (action, call) in actions {
            #expect(throws: DomainError.forbidden("Only the commissioner can \(action)"), "\(action)") { try call() }
        }
    }

    @Test func inviteCodesComeFromTheInjectedGenerator() throws {
        func code(seed: UInt64) throws -> String {
            let world = try ContractWorld()
            let league = try #require(try world.service.publicLeagues(filter: LeagueFilter(nameContains: "Sunday"), caller: .anonymous).first).id
            var rng = SeededRandom(seed: seed)
            return try world.service.createInvite(league, uses: 1, expiresAt: nil, caller: try world.person("hiro"), using: &rng).code
        }
        let a = try code(seed: 7), b = try code(seed: 7), c = try code(seed: 8)
        #expect(a == b && a != c)
        #expect(a.count == InviteCode.length && a.allSatisfy { InviteCode.alphabet.contains($0) })
    }

    @Test func aRandomDraftOrderComesFromTheInjectedGenerator() throws {
        let world = try ContractWorld()
        let league = try #require(try world.service.publicLeagues(filter: LeagueFilter(nameContains: "Sunday"), caller: .anonymous).first).id
        let hiro = try world.person("hiro")
        var first = SeededRandom(seed: 11), again = SeededRandom(seed: 11)
        let a = try world.service.randomizeDraftOrder(league, caller: hiro, using: &first).order
        let b = try world.service.randomizeDraftOrder(league, caller: hiro, using: &again).order
        #expect(a == b && a.count == 10)
    }

    @Test func everyWriteAppendsAnEventForOtherClients() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday").id
        let before = try world.service.store.read { try $0.lastEventID() }
        let zed = try world.signUp("Zed")
        _ = try world.service.requestToJoin(open, teamName: "Zebras", caller: zed)
        try world.service.decideJoinRequest(open, user: zed.userID!, approve: true, caller: try world.person("hiro"))
        _ = try world.service.sendChat(open, text: "hi", caller: zed)
        let kinds = try world.events.events(after: before, league: nil, limit: 100).map(\.kind.rawValue)
        #expect(kinds == ["join.requested", "member.joined", "join.decided", "draft.chat"])
    }
}
