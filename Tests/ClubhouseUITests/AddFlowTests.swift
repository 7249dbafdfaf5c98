import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

extension PageState {
    var freeAgentsState: FreeAgentsFeature.State? { if let s = self[FreeAgentsFeature.self] { s } else { nil } }
}

/// Adding and claiming with a full roster (the drop chooser) and FAAB bids.
@Suite struct AddFlowTests {
    static let ingram = Demo.available[1], waller = Demo.available[0]
    static var faab: LeagueSettings { var s = Demo.settings(4); s.waiverType = .faab; return s }

    static func select(_ p: AvailablePlayer, _ h: inout Harness) {
        guard let i = h.state.top.freeAgentsVisible?.firstIndex(where: { $0.player.id == p.player.id }) else { Issue.record("not listed"); return }
        h.send(.page(id: h.state.sheet.top.id, FreeAgentsFeature.pageAction(.list(.select(i)))))
    }
    var dropChooser: (Harness) -> Chooser<PlayerID>? = { h in
        if case .chooseDrop(_, let c)? = h.state.top.freeAgentsState?.flow { c } else { nil }
    }
    var bidError: (Harness) -> String?? = { h in
        if case .bid(_, _, _, let e)? = h.state.top.freeAgentsState?.flow { e } else { nil }
    }

    @Test func aFullRosterAsksWhomToDropThenAdds() async throws {
        var h = await TeamWorld.signedIn(on: .freeAgents(Demo.greats), roster: TeamWorld.fullBits)
        Self.select(Self.waller, &h)
        h.key(.char("a"))
        let c = try #require(dropChooser(h))
        #expect(c.prompt == "Your roster is full (15 of 15) — drop whom to add Darren Waller?")
        #expect(c.options.first { $0.label == "Julio Jones" }?.reason == "his game has kicked off — he can't be dropped until next week")
        #expect(c.options.first { $0.label == "Kenny Golladay" }?.value == nil, "locked players can't be dropped")
        #expect(c.chosen == Demo.lamar.id)
        while dropChooser(h)?.chosen != Demo.ekeler.id && dropChooser(h) != nil { h.key(.down) }
        h.key(.enter)
        await h.settle()
        #expect(h.state.top.freeAgentsState?.flow == nil)
        #expect(await h.fake.teamWrites == [.addFreeAgent(league: Demo.greats, team: Demo.bits, player: Self.waller.player.id, dropping: Demo.ekeler.id)])
        #expect(h.toast == "Darren Waller added to your team — Austin Ekeler dropped")
    }

    /// After an add the toast names the player, and the cursor stays on the same row (now the next player): it
    /// doesn't jump to the top, where the next `a` would add someone the person wasn't looking at.
    @Test func anAddNamesThePlayerAndTheCursorStaysOnItsRow() async throws {
        var h = await TeamWorld.signedIn(on: .freeAgents(Demo.greats))
        #expect(h.state.top.freeAgentsVisible?.map(\.player.name) == ["Mark Ingram", "Darren Waller", "Terry McLaurin", "Matt Prater"])
        Self.select(Self.waller, &h)
        h.key(.char("a"))
        await h.settle()
        #expect(await h.fake.teamWrites == [.addFreeAgent(league: Demo.greats, team: Demo.bits, player: Self.waller.player.id, dropping: nil)])
        #expect(h.toast == "Darren Waller added to your team")
        #expect(h.state.top.freeAgentsVisible?.map(\.player.name) == ["Mark Ingram", "Terry McLaurin", "Matt Prater"])
        let fa = try #require(h.state.top.freeAgentsState)
        #expect(fa.selected?.player.name == "Terry McLaurin", "the row the person was on, not the top")
    }

    @Test func escCancelsTheDropChooserAndNothingIsAdded() async {
        var h = await TeamWorld.signedIn(on: .freeAgents(Demo.greats), roster: TeamWorld.fullBits)
        Self.select(Self.waller, &h)
        h.key(.char("a"))
        #expect(dropChooser(h) != nil)
        h.key(.escape)
        await h.settle()
        #expect(h.state.top.freeAgentsState?.flow == nil)
        #expect(h.state.top.page == .freeAgents(Demo.greats))
        #expect(await h.fake.teamWrites.isEmpty)
    }

    @Test func withRoomAFreeAgentIsAddedAtOnceAndARollingClaimPlacedAtOnce() async {
        var h = await TeamWorld.signedIn(on: .freeAgents(Demo.greats))
        Self.select(Self.ingram, &h)
        h.key(.char("a"))
        await h.settle()
        #expect(await h.fake.teamWrites == [.placeClaim(league: Demo.greats, team: Demo.bits, player: Self.ingram.player.id, dropping: nil, bid: 0)])
        #expect(h.toast == "Waiver claim placed for Mark Ingram")
    }

    @Test func aFAABClaimAsksTheBidAndValidatesItInWords() async {
        var h = await TeamWorld.signedIn(on: .freeAgents(Demo.greats), settings: Self.faab)
        Self.select(Self.ingram, &h)
        h.key(.char("a"))
        #expect(bidError(h) == .some(nil), "the bid field is open")
        h.key(.enter)
        #expect(bidError(h) == "Type a bid in whole dollars, from $0 to $73")
        h.keys("1.5")
        #expect(bidError(h) == .some(nil), "typing clears the message")
        h.key(.enter)
        #expect(bidError(h) == "A bid is a whole number of dollars, like 12 — from $0 to $73")
        h.key(.ctrl("u")); h.keys("80"); h.key(.enter)
        #expect(bidError(h) == "You have $73 left — bid $73 or less")
        #expect(await h.fake.teamWrites.isEmpty, "nothing placed while the bid is wrong")
        h.key(.ctrl("u")); h.keys("12"); h.key(.enter)
        await h.settle()
        #expect(await h.fake.teamWrites == [.placeClaim(league: Demo.greats, team: Demo.bits, player: Self.ingram.player.id, dropping: nil, bid: 12)])
        #expect(h.toast == "Waiver claim placed for Mark Ingram")
    }

    @Test func aFullRosterFAABClaimAsksTheDropThenTheBid() async {
        var h = await TeamWorld.signedIn(on: .freeAgents(Demo.greats), roster: TeamWorld.fullBits, settings: Self.faab)
        Self.select(Self.ingram, &h)
        h.key(.char("a"))
        #expect(dropChooser(h)?.prompt == "Your roster is full (15 of 15) — drop whom to claim Mark Ingram?")
        while dropChooser(h)?.chosen != Demo.ekeler.id && dropChooser(h) != nil { h.key(.down) }
        h.key(.enter)
        h.keys("0")
        let s = Screen(h.state)
        #expect(s.inSheet("Claim Mark Ingram (RB BAL)"))
        #expect(s.inSheet("Budget left: $73 — the highest bid wins."))
        #expect(s.inSheet("Dropping Austin Ekeler if it wins."))
        #expect(s.inSheet("Bid $ 0"))
        #expect(s.inSheet("enter places the claim · esc cancels"))
        h.key(.enter)
        await h.settle()
        #expect(await h.fake.teamWrites == [.placeClaim(league: Demo.greats, team: Demo.bits, player: Self.ingram.player.id, dropping: Demo.ekeler.id, bid: 0)])
    }

    @Test func signedOutAddRefusedForAFullRosterOpensTheDropChooserAfterSignIn() async {
        let fake = FakeLeague()
        _ = await fake.addAccount(email: "alice@example.com", password: "correct horse", displayName: "alice")
        await fake.setMyTeam(Demo.bits, in: Demo.greats)
        await fake.setRoster(TeamWorld.fullBits)
        await fake.setTeamRefusal(.validation(field: "drop", message: "Your roster is full — name a player to drop"))
        var h = await Harness.started(fake: fake)
        h.send(.open(.freeAgents(Demo.greats)))
        await h.settle()
        Self.select(Self.waller, &h)
        h.key(.char("a"))
        await h.settle()
        #expect(h.state.top.page == .account(.signIn))
        h.keys("alice@example.com"); h.key(.tab); h.keys("correct horse"); h.key(.enter)
        await h.settle()
        #expect(h.state.top.page == .freeAgents(Demo.greats))
        #expect(h.toast == "Your roster is full — name a player to drop")
        #expect(dropChooser(h)?.prompt == "Your roster is full (15 of 15) — drop whom to add Darren Waller?", "asks instead of leaving the person stuck")
        await fake.setTeamRefusal(nil)
        while dropChooser(h)?.chosen != Demo.ekeler.id && dropChooser(h) != nil { h.key(.down) }
        h.key(.enter)
        await h.settle()
        #expect(await fake.teamWrites == [.addFreeAgent(league: Demo.greats, team: Demo.bits, player: Self.waller.player.id, dropping: Demo.ekeler.id)])
    }

    @Test func aRefusalForAnotherReasonDoesNotOpenTheChooser() async {
        var h = await TeamWorld.signedIn(on: .freeAgents(Demo.greats))
        await h.fake.setTeamRefusal(.conflict("Darren Waller was just added by Bytes"))
        Self.select(Self.waller, &h)
        h.key(.char("a"))
        await h.settle()
        #expect(h.toast == "Darren Waller was just added by Bytes")
        #expect(h.state.top.freeAgentsState?.flow == nil, "room on the roster: nothing to ask")
    }

    @Test func theDropChooserRendersAt80x24() async {
        var h = await TeamWorld.signedIn(on: .freeAgents(Demo.greats), roster: TeamWorld.fullBits)
        Self.select(Self.waller, &h)
        h.key(.char("a"))
        let s = Screen(h.state)
        #expect(s.inSheet("Your roster is full (15 of 15) — drop whom to add Darren Waller?"))
        #expect(s.inSheet("› Lamar Jackson  QB in QB · 100.0 pts"))
        #expect(s.inSheet("enter drops him · esc cancels"))
        #expect(styleOf("Kenny Golladay  WR in FLEX", h) == h.state.theme.style(.dim))
        #expect(s.footer.contains("enter drop this one"))
    }

    @Test func wOpensMyClaimsFromFreeAgents() async {
        var h = await TeamWorld.signedIn(on: .freeAgents(Demo.greats))
        h.key(.char("W"))
        await h.settle()
        #expect(h.state.top.page == .claims(Demo.greats))
    }

    /// The FAAB bid through the free agents' reducer, exhaustively (TestStore): `a` opens the bid field, each refusal is
    /// said in words and answered by typing, and a good bid asks the shell for the claim and closes the field.
    @Test func theFAABBidStepByStep() async {
        var detail = Demo.detail(Demo.greats)
        detail.league.settings = Self.faab
        detail.capabilities = Capabilities(signedIn: true, myTeam: Demo.bits)
        var s = FreeAgentsFeature.State(id: Demo.greats)
        s.players = Loadable(Demo.available)
        s.detail = Loadable(detail)
        s.myRoster = Loadable(TeamWorld.bits)
        s.list = ListState(selected: Demo.available.firstIndex { $0.player.id == Self.ingram.player.id })
        let ctx = PageContext(env: AppEnvironment(api: FakeLeague(), settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)
        let store = TestStore(FreeAgentsFeature.self, s, context: ctx)
        let p = Self.ingram
        var field = TextFieldState(maxLength: 5)
        func type(_ text: String) async {
            for c in text {
                _ = field.handle(.key(.char(c)))
                await store.send(.flowKey(.char(c))) { $0.flow = .bid(p, dropping: nil, field: field, error: nil) }
            }
        }
        func enter(_ refusal: String) async {
            await store.send(.flowKey(.enter)) { $0.flow = .bid(p, dropping: nil, field: field, error: refusal) }
        }
        func clear() async {
            _ = field.handle(.key(.ctrl("u")))
            await store.send(.flowKey(.ctrl("u"))) { $0.flow = .bid(p, dropping: nil, field: field, error: nil) }
        }
        await store.send(.addRequested) { $0.flow = .bid(p, dropping: nil, field: field, error: nil) }
        await enter("Type a bid in whole dollars, from $0 to $73")
        await type("1.5")                                              // typing clears the message
        await enter("A bid is a whole number of dollars, like 12 — from $0 to $73")
        await clear(); await type("80")
        await enter("You have $73 left — bid $73 or less")
        await clear(); await type("12")
        await store.send(.flowKey(.enter)) { $0.flow = nil; $0.lastRequested = p }
        store.delegated(.perform(.placeClaim(league: Demo.greats, team: GatedWrite.myTeam, player: p.player.id, dropping: nil, bid: 12)))
        store.finish()
    }

    /// Players can come before the league: a claim sent then would skip FAAB's bid (and go in at $0), so `a` on a
    /// player on waivers waits for the league's waiver rules and says so; a free agent can be added at once.
    @Test func aClaimWaitsForTheLeaguesWaiverRules() async {
        var s = FreeAgentsFeature.State(id: Demo.greats)
        s.players = Loadable(Demo.available)
        s.list = ListState(selected: Demo.available.firstIndex { $0.player.id == Self.ingram.player.id })
        #expect(FreeAgentsFeature.addReason(s) == "the league's waiver rules are still loading")
        let ctx = PageContext(env: AppEnvironment(api: FakeLeague(), settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)
        let store = TestStore(FreeAgentsFeature.self, s, context: ctx)
        await store.send(.addRequested)   // no change, no write
        store.finish()
        let free = Demo.available.firstIndex { $0.availability == .freeAgent }
        s.list = ListState(selected: free)
        #expect(FreeAgentsFeature.addReason(s) == nil)
    }
}
