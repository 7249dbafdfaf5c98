import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// An unsaved draft order (J/K on the Commissioner's Draft tab) survives the page reloading under it — someone joins,
/// leaves, or the order changes elsewhere — and the selection stays on the same team; when the edit can't apply any
/// more (the draft started) the page says so.
@Suite struct CommissionerOrderEditTests {
    static let newbies = TeamSummary(id: TeamID(5), name: "Newbies", managerName: "zed")

    /// Sunday Nerds before its draft, with these teams in the saved order.
    static func room(_ teams: [TeamSummary], status: DraftStatus = .scheduled) -> DraftBoard {
        var r = Demo.draftRoom(Demo.nerds)
        r.picks = []; r.draft.status = status; r.draft.currentPick = 1
        r.teams = teams; r.draft.order = teams.map(\.id)
        return r
    }

    /// On the Draft tab with Bits moved one place down (unsaved): Bytes, Bits, Tailgaters, Hail Marys; Bits selected.
    static func edited() async -> Harness {
        var h = await CommissionerTests.onPage()
        h.key(.char("3")); h.key(.char("J"))
        #expect(CommissionerTests.page(h)?.editedOrder?.map(\.id) == [Demo.bytes, Demo.bits, Demo.tailgaters, Demo.hailMarys])
        return h
    }

    static func selectedTeam(_ h: Harness) -> TeamID? {
        guard let p = CommissionerTests.page(h) else { return nil }
        return p.order[safe: p.lists[.draft]?.selected ?? -1]?.id
    }

    /// The page reloads as a league event makes it (a join, a leave, an order change elsewhere).
    static func reloadWith(_ room: DraftBoard, _ h: inout Harness) async {
        await h.fake.setRoom(room)
        h.send(.board(.refreshDue))
        await h.settle()
    }

    @Test func someoneJoiningKeepsTheEditAddsTheirTeamAtTheEndAndKeepsTheSelection() async {
        var h = await Self.edited()
        var renamed = Demo.teams
        renamed[2].name = "Jo's Jets"              // Tailgaters' bot team taken over by Jo
        await Self.reloadWith(Self.room(renamed + [Self.newbies]), &h)
        let page = CommissionerTests.page(h)
        #expect(page?.editedOrder?.map(\.id) == [Demo.bytes, Demo.bits, Demo.tailgaters, Demo.hailMarys, Self.newbies.id])
        #expect(page?.editedOrder?[2].name == "Jo's Jets", "names are the fresh ones")
        #expect(Self.selectedTeam(h) == Demo.bits, "still on Bits")
        #expect(h.toast == "Newbies joined — added at the end of your unsaved order.")
        // The next J and s move Bits and save the order the person sees.
        h.key(.char("J")); h.key(.char("s"))
        await h.settle()
        #expect(await CommissionerTests.calls(h) == ["order 2,3,1,4,5"])
    }

    @Test func someoneLeavingTakesTheirTeamOutOfTheEdit() async {
        var h = await Self.edited()
        await Self.reloadWith(Self.room(Demo.teams.filter { $0.id != Demo.tailgaters }), &h)
        #expect(CommissionerTests.page(h)?.editedOrder?.map(\.id) == [Demo.bytes, Demo.bits, Demo.hailMarys])
        #expect(Self.selectedTeam(h) == Demo.bits)
        #expect(h.toast == "Tailgaters left — taken out of your unsaved order.")
    }

    @Test func anOrderChangedElsewhereLeavesTheUnsavedEditAndTheSelectionAlone() async {
        var h = await Self.edited()
        await Self.reloadWith(Self.room(Demo.teams.reversed()), &h)
        #expect(CommissionerTests.page(h)?.editedOrder?.map(\.id) == [Demo.bytes, Demo.bits, Demo.tailgaters, Demo.hailMarys])
        #expect(Self.selectedTeam(h) == Demo.bits)
    }

    @Test func withoutAnEditTheSelectionFollowsItsTeamToItsNewPlace() async {
        var h = await CommissionerTests.onPage()
        h.key(.char("3"))
        #expect(Self.selectedTeam(h) == Demo.bits)
        await Self.reloadWith(Self.room(Demo.teams.reversed()), &h)
        #expect(CommissionerTests.page(h)?.editedOrder == nil)
        #expect(Self.selectedTeam(h) == Demo.bits)
        #expect(CommissionerTests.page(h)?.lists[.draft]?.selected == 3)
    }

    @Test func anEditThatCanNoLongerApplyIsDroppedAndSaysSo() async {
        var h = await Self.edited()
        await Self.reloadWith(Self.room(Demo.teams, status: .running), &h)
        #expect(CommissionerTests.page(h)?.editedOrder == nil)
        #expect(h.toast == "The draft has started — your unsaved draft order was not saved; the order is fixed now.")
    }

    @Test func rStillGoesBackToTheSavedOrder() async {
        var h = await Self.edited()
        h.key(.char("r"))
        await h.settle()
        #expect(CommissionerTests.page(h)?.editedOrder == nil)
    }

    // MARK: - The page's reducer, exhaustively (TestStore)

    /// Loaded on the Draft tab of Sunday Nerds (Bits selected, first in the saved order), a reload just asked for;
    /// `edit`: Bits moved one place down first (unsaved). The reload's answers are the test's to give.
    static func reloading(edit: Bool) async -> (TestStore<CommissionerFeature>, RequestToken) {
        var s = CommissionerFeature.State(id: Demo.nerds)
        s.detail = Loadable(Demo.detail(Demo.nerds))
        s.requests = Loadable([CommissionerTests.jo])
        s.invites = Loadable([CommissionerTests.invite])
        s.room = Loadable(room(Demo.teams))
        s.tab = .draft
        s.lists = [.requests: ListState(), .invites: ListState(), .draft: ListState(), .clock: ListState()]
        let ctx = PageContext(env: AppEnvironment(api: FakeLeague(), settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)
        let store = TestStore(CommissionerFeature.self, s, context: ctx)
        let t = Demo.teams
        if edit { await store.send(.orderMoved(1)) { $0.editedOrder = [t[1], t[0], t[2], t[3]]; $0.list.selected = 1 } }
        var room = RequestToken(0)
        await store.send(.liveRefreshed) {
            _ = $0.detail.beginRefresh(); _ = $0.requests.beginRefresh(); _ = $0.invites.beginRefresh(); room = $0.room.beginRefresh()
        }
        store.skipWaitingEffects()
        return (store, room)
    }

    @Test func aJoinDuringAnEditStepByStep() async {
        let (store, t) = await Self.reloading(edit: true)
        var renamed = Demo.teams
        renamed[2].name = "Jo's Jets"
        let next = Self.room(renamed + [Self.newbies])
        await store.send(.roomLoaded(t, .success(next))) {
            $0.room.finish(t, .success(next))
            $0.editedOrder = [renamed[1], renamed[0], renamed[2], renamed[3], Self.newbies]   // fresh names, the newcomer last
        }
        store.delegated(.toast("Newbies joined — added at the end of your unsaved order."))
        #expect(store.state.order[store.state.list.selected ?? -1].id == Demo.bits, "still on Bits")
        await store.send(.orderMoved(1)) { $0.editedOrder = [renamed[1], renamed[2], renamed[0], renamed[3], Self.newbies]; $0.list.selected = 2 }
        await store.send(.orderSaved)
        store.delegated(.perform(.commissioner(.setDraftOrder(league: Demo.nerds, order: [Demo.bytes, Demo.tailgaters, Demo.bits, Demo.hailMarys, Self.newbies.id]))))
        store.finish()
    }

    @Test func anEditTheDraftOvertookIsDroppedStepByStep() async {
        let (store, t) = await Self.reloading(edit: true)
        let next = Self.room(Demo.teams, status: .running)
        await store.send(.roomLoaded(t, .success(next))) {
            $0.room.finish(t, .success(next))
            $0.editedOrder = nil
            $0.list.selected = 0                                       // Bits, back in its saved place
        }
        store.delegated(.toast("The draft has started — your unsaved draft order was not saved; the order is fixed now."))
        store.finish()
    }

    @Test func withoutAnEditTheSelectionFollowsItsTeamStepByStep() async {
        let (store, t) = await Self.reloading(edit: false)
        let next = Self.room(Demo.teams.reversed())
        await store.send(.roomLoaded(t, .success(next))) { $0.room.finish(t, .success(next)); $0.list.selected = 3 }
        #expect(store.state.order[3].id == Demo.bits)
        store.finish()
    }
}

/// The new invite's panel follows the invite as the page reloads: once someone used it up, it says so.
@Suite struct InvitePanelTests {
    @Test func aUsedUpInviteSaysSoInsteadOfInvitingMorePeople() async {
        var h = await CommissionerTests.onPage()
        h.setDetent(.full)
        h.key(.char("2")); h.key(.char("n")); h.key(.enter)
        await h.settle()
        #expect(Screen(h.state).inSheet("Share it — it joins 1 person until"))
        await h.fake.editCommish { c in
            if let i = c.invites.firstIndex(where: { $0.code == "NEWCODE1" }) { c.invites[i].usesLeft = 0 }
        }
        h.send(.board(.refreshDue))      // the join's event reloads the page
        await h.settle()
        #expect(CommissionerTests.page(h)?.newInvite?.usesLeft == 0)
        #expect(Screen(h.state).inSheet("Used up — nobody else can join with it; n makes another."))
        #expect(CommissionerRenderTests.sheet(h).contains { $0.contains("NEWCODE1") && $0.contains("used up") })
    }
}
