import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// `A` in the draft room toggles the team's real autopick flag (from the read model), and the room shows it.
@Suite struct AutopickStateTests {
    /// Couch Coaches before the start, Bits (the commissioner's team) first in the order and already on autopick.
    static func scheduledRoom(autopick: Set<TeamID>) -> DraftBoard {
        var r = Demo.draftRoom(Demo.couch)
        r.picks = []
        r.draft.status = .scheduled
        r.draft.currentPick = 1
        r.capabilities = Capabilities(signedIn: true, myTeam: Demo.bits, isCommissioner: true)
        r.onAutopick = autopick
        return r
    }

    @Test func aTeamAlreadyOnAutopickIsSwitchedOffByTheFirstPress() async {
        var h = await DraftRoomTests.opened(Self.scheduledRoom(autopick: [Demo.bits]))
        guard case .action = AppReducer.activeKeymap(h.state).lookup(.char("A")) else { Issue.record("A disabled"); return }
        #expect(AppReducer.activeKeymap(h.state).bindings.contains { $0.label == "autopick off for Bits" }, "help says what A will do")
        h.key(.char("A"))
        await h.settle()
        #expect(await h.fake.commands == ["autopick \(Demo.bits.rawValue) off"])
        #expect(h.toast == "Autopick off for Bits.")
        #expect(DraftRoomTests.room(h)?.room.value?.onAutopick == [])
        h.key(.char("A"))
        await h.settle()
        #expect(await h.fake.commands.last == "autopick \(Demo.bits.rawValue) on")
        #expect(h.toast == "Autopick on for Bits.")
    }

    @Test func aFlagSwitchedElsewhereIsWhatTheNextPressToggles() async {
        var h = await DraftRoomTests.opened(DraftRoomTests.liveRoom(myTeam: Demo.bits))
        // Bits' manager switched autopick on from another terminal; the room hears of it.
        var next = DraftRoomTests.liveRoom(myTeam: Demo.bits)
        next.onAutopick = [Demo.bits]
        await h.fake.setRoom(next)
        h.send(.board(.refreshDue))
        await h.settle()
        h.key(.char("A"))
        await h.settle()
        #expect(await h.fake.commands == ["autopick \(Demo.bits.rawValue) off"])
        #expect(h.toast == "Autopick off for Bits.")
    }

    @Test func theGridMarksTeamsOnAutopick() async {
        var h = await DraftRoomTests.opened(Self.scheduledRoom(autopick: [Demo.tailgaters]), size: Size(width: 100, height: 30))
        h.setDetent(.half)
        let screen = Screen(h.state)
        #expect(screen.inBoard("↻Tailgaters"))
        #expect(!screen.inBoard("↻Bytes"))
        #expect(screen.text.contains("Draft board · ↻ autopick"))
    }

    /// A through the room's reducer, exhaustively (TestStore): each press asks for the opposite of the team's flag as the
    /// room shows it, shows the answer at once, says it, and reloads the room.
    @Test func eachPressTogglesTheFlagTheRoomShowsStepByStep() async {
        let fake = FakeLeague()
        let room = Self.scheduledRoom(autopick: [Demo.bits])
        await fake.setRoom(room)
        await fake.setDraftSignedIn(true)
        var s = DraftRoomFeature.State(id: Demo.couch)
        s.room = Loadable(room)
        let store = TestStore(DraftRoomFeature.self, s, context: PageStoreTests.context(fake))
        for on in [false, true] {
            var shown = store.state.room.value!
            if on { shown.onAutopick.insert(Demo.bits) } else { shown.onAutopick.remove(Demo.bits) }
            var t = RequestToken(0)
            await store.send(.autopickPressed)
            await store.receive({ if case .autopickAnswered(Demo.bits, .success(on)) = $0 { true } else { false } }) {
                $0.room.set(shown); t = $0.room.beginRefresh()
            }
            store.delegated(.toast("Autopick \(on ? "on" : "off") for Bits."))
            #expect(await fake.commands.last == "autopick \(Demo.bits.rawValue) \(on ? "on" : "off")")
            var reloaded: DraftBoard?
            await store.receive({ if case .roomLoaded(_, .success(let r)) = $0 { reloaded = r; return true } else { return false } }) {
                if let reloaded { $0.room.finish(t, .success(reloaded)) }
            }
            #expect(reloaded?.onAutopick == (on ? [Demo.bits] : []))
        }
        #expect(await fake.commands.count == 2)
        store.finish()
    }
}
