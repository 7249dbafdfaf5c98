import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// A room whose league server can't be reached (remote mode: the transport's connection went offline) shows its clock
/// paused — the server gives the time back when it returns — instead of counting down a deadline nobody runs; when the
/// server answers again the room reloads and counts down what it says.
@Suite struct DraftRoomReachabilityTests {
    static let paused = DraftRoomFeature.unreachableClock

    @Test func theRoomShowsItsClockPausedWhileTheServerIsUnreachableAndReloadsWhenItAnswers() async {
        var h = await DraftRoomTests.opened(DraftRoomTests.liveRoom(deadlineIn: 42))
        #expect(Screen(h.state).inSheet("0:42"))
        #expect(h.state.top.live.nextTick(Demo.now) != nil, "counting down")

        h.send(.serverStatusChanged(reachable: false))
        await h.settle()
        #expect(DraftRoomTests.room(h)?.serverUnreachable == true)
        let screen = Screen(h.state)
        #expect(screen.inSheet(Self.paused), "\(screen.text)")
        #expect(!screen.inSheet("0:42"), "no countdown of a deadline the server may give back")
        #expect(h.state.top.live.nextTick(Demo.now) == nil, "nothing ticks while paused")

        let loads = await h.fake.calls[.draftRoom] ?? 0
        await h.fake.setRoom(DraftRoomTests.liveRoom(deadlineIn: 30))   // the server gave the time back
        h.send(.serverStatusChanged(reachable: true))
        await h.settle()
        #expect(DraftRoomTests.room(h)?.serverUnreachable == false)
        #expect(await (h.fake.calls[.draftRoom] ?? 0) > loads, "the room is read again when the server answers")
        #expect(Screen(h.state).inSheet("0:30") && !Screen(h.state).inSheet(Self.paused))
    }

    /// A reload already in flight when the server stops fails as "couldn't reach": the room stays on screen, marked
    /// paused, in either order of the failed answer and the connection's news — not an error page in place of the room.
    @Test(arguments: [true, false]) func aReloadThatFailsDuringTheOutageKeepsTheRoom(failureFirst: Bool) async {
        var h = await DraftRoomTests.opened(DraftRoomTests.liveRoom(deadlineIn: 42))
        let page = h.state.sheet.stack.last!.id
        await h.fake.fail(.draftRoom)
        if !failureFirst { h.send(.serverStatusChanged(reachable: false)); await h.settle() }
        h.send(.page(id: page, DraftRoomFeature.pageAction(.liveRefreshed)))
        await h.settle()
        if failureFirst { h.send(.serverStatusChanged(reachable: false)); await h.settle() }
        let room = DraftRoomTests.room(h)
        #expect(room?.room.value != nil && room?.room.staleBecause?.unreachable == true)
        let screen = Screen(h.state)
        #expect(screen.inSheet(Self.paused) && !screen.text.contains("press r to retry"), "\(screen.text)")

        await h.fake.succeed(.draftRoom)
        await h.fake.setRoom(DraftRoomTests.liveRoom(deadlineIn: 30))
        h.send(.serverStatusChanged(reachable: true))
        await h.settle()
        #expect(DraftRoomTests.room(h)?.room.staleBecause == nil)
        #expect(Screen(h.state).inSheet("0:30"))
    }

    @Test func aRoomOpenedWhileTheServerIsUnreachableStartsPaused() async {
        var h = await Harness.started(fake: FakeLeague(), size: Size(width: 80, height: 24))
        h.send(.serverStatusChanged(reachable: false))
        await h.fake.setRoom(DraftRoomTests.liveRoom())
        h.send(.open(.draftRoom(Demo.couch)))
        await h.settle()
        #expect(DraftRoomTests.room(h)?.serverUnreachable == true)
        #expect(Screen(h.state).inSheet(Self.paused), "first in the header, so an 80-column screen keeps it:\n\(Screen(h.state).text)")
    }

    @Test func theAuctionsBiddingClockShowsPausedToo() async {
        var h = await AuctionRoomTests.opened(AuctionRoomTests.auctionRoom(deadlineIn: 15))
        h.send(.serverStatusChanged(reachable: false))
        await h.settle()
        let screen = Screen(h.state)
        #expect(screen.inSheet(Self.paused) && !screen.inSheet("0:15"), "\(screen.text)")
        let clock = AuctionRoomFeature.auctionClock(AuctionRoomTests.auctionRoom(deadlineIn: 5), now: Demo.now, reset: nil, unreachable: true)
        #expect(clock?.0 == Self.paused, "not \"closing\": nothing closes while the server is away")
    }

    @Test func aPausedDraftStillSaysPausedAndTheEmbeddedAppIsNeverUnreachable() {
        var d = DraftRoomTests.liveRoom(status: .paused, deadlineIn: nil).draft
        #expect(DraftRoomFeature.countdown(d, now: Demo.now, unreachable: true)?.text == "paused")
        d.status = .running
        d.deadline = Demo.now.addingTimeInterval(42)
        #expect(DraftRoomFeature.countdown(d, now: Demo.now)?.text == "0:42")
        #expect(AppState().serverReachable, "no transport says otherwise on the embedded database")
    }
}
