import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// How live events reach the screen: in a draft room a pick refreshes at once (within 100 ms, README.md “Performance”), a burst
/// is coalesced into one more refresh; everything else waits for the burst to settle.
@Suite struct BoardLiveRefreshTests {
    static func event(_ id: Int64, _ league: LeagueID, _ kind: LeagueEvent.Kind) -> LeagueEvent {
        LeagueEvent(id: id, leagueID: league, kind: kind, payload: "{}", at: Demo.now)
    }

    @Test func aPickInTheDraftRoomRefreshesAtOnceAndABurstAsksForOneMoreRefresh() async {
        let fake = FakeLeague()
        var h = await Harness.started(fake: fake)
        h.followEvents = false
        h.send(.open(.draftRoom(Demo.couch)))
        await h.settle()
        let loads = await fake.calls[.draftRoom] ?? 0
        #expect(!h.state.board.liveRefreshInFlight)

        h.send(.board(.eventReceived(Self.event(3, Demo.couch, .pickMade))))
        #expect(h.state.board.liveRefreshInFlight)
        #expect(h.pendingIDs.contains(TaskID(BoardFeature.EffectID.draft)), "the grid reloads now")
        #expect(h.pendingIDs.contains(TaskID(DraftRoomFeature.EffectID.room(Demo.couch))), "and so does the room")
        #expect(!h.pendingIDs.contains(TaskID(BoardFeature.EffectID.refresh)), "no debounce")

        h.send(.board(.eventReceived(Self.event(4, Demo.couch, .chat))))
        h.send(.board(.eventReceived(Self.event(5, Demo.couch, .pickMade))))
        #expect(h.state.board.liveRefreshQueued)
        #expect(h.pendingIDs.filter { $0 == TaskID(BoardFeature.EffectID.draft) }.count == 1, "nothing more loads while the refresh is in flight")
        #expect(h.state.board.lastEventID == 5)

        await h.settle()
        #expect(await fake.calls[.draftRoom] == loads + 4, "two refreshes of board and room: the first event's, then one for the burst")
        #expect(!h.state.board.liveRefreshInFlight && !h.state.board.liveRefreshQueued)
    }

    @Test func otherEventsAndOtherPagesStillWaitForTheBurstToSettle() async {
        var h = await Harness.started()
        h.followEvents = false
        h.send(.open(.draftRoom(Demo.couch)))
        await h.settle()
        h.send(.board(.eventReceived(Self.event(3, Demo.couch, .memberJoined))))
        #expect(h.pendingIDs.contains(TaskID(BoardFeature.EffectID.refresh)), "not a draft event: debounced")
        #expect(!h.pendingIDs.contains(TaskID(BoardFeature.EffectID.draft)))
        await h.settle()

        h.send(.escape)
        h.send(.open(.league(Demo.greats)))
        await h.settle()
        #expect(h.state.board.context.leagueID == Demo.greats)
        h.send(.board(.eventReceived(Self.event(9, Demo.greats, .pickMade))))
        #expect(h.pendingIDs.contains(TaskID(BoardFeature.EffectID.refresh)), "a draft event outside the draft room: debounced")
        #expect(!h.state.board.liveRefreshInFlight)
    }

    @Test func leavingTheRoomMidRefreshForgetsIt() async {
        var h = await Harness.started()
        h.followEvents = false
        h.send(.open(.draftRoom(Demo.couch)))
        await h.settle()
        h.send(.board(.eventReceived(Self.event(3, Demo.couch, .pickMade))))
        h.send(.board(.eventReceived(Self.event(4, Demo.couch, .pickMade))))
        #expect(h.state.board.liveRefreshInFlight && h.state.board.liveRefreshQueued)
        h.send(.escape)
        #expect(!h.state.board.liveRefreshInFlight && !h.state.board.liveRefreshQueued,
                "a refresh superseded by the new context never answers; the next room starts clean")
    }
}
