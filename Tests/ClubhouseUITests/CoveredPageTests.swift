import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// Pages and the board that are covered (by Sign in, or by another page) don't see the league change under them;
/// when they are uncovered — whichever way: Esc, an Esc that cancels a pending action, a sign-in that pops the gate —
/// they show the league as it is now, not as it was when they were covered.
@Suite struct CoveredPageTests {
    static func pickEvent(_ id: Int64) -> LeagueEvent {
        LeagueEvent(id: id, leagueID: Demo.couch, kind: .pickMade, payload: "{}", at: Demo.now)
    }

    /// The room after Bytes drafted Kupp elsewhere (pick 7): pick 8 (Bits, the snake's turn) on the clock.
    static func afterPick7(signedIn: Bool) -> DraftBoard {
        var next = DraftRoomTests.liveRoom(myTeam: nil, signedIn: signedIn)
        next.picks.append(DraftPickView(pick: Pick(number: 7, round: 2, teamID: Demo.bytes, playerID: Demo.kupp.id, source: .manager, madeAt: Demo.now),
                                        player: Demo.kupp))
        next.draft.currentPick = 8
        return next
    }

    static func room(_ h: Harness) -> DraftRoomFeature.State? {
        h.state.sheet.stack.lazy.compactMap { if let s = $0.state[DraftRoomFeature.self] { s } else { nil } }.first
    }

    @Test func theEscThatCancelsSignInShowsTheRoomAndTheGridAsTheyAreNow() async {
        var h = await DraftRoomTests.opened(DraftRoomTests.liveRoom(myTeam: nil, signedIn: false), signedIn: false)
        h.followEvents = false
        h.key(.enter)
        await h.settle()
        guard h.state.top.is(AuthFeature.self) else { Issue.record("Sign in did not open: \(h.state.pages)"); return }
        #expect(h.state.pendingAction != nil)

        // Another manager picks while Sign in covers the room.
        await h.fake.setRoom(Self.afterPick7(signedIn: false))
        h.send(.board(.eventReceived(Self.pickEvent(11))))
        await h.settle()

        h.key(.escape)
        await h.settle()
        #expect(h.state.pages.last == .draftRoom(Demo.couch))
        #expect(h.state.pendingAction == nil, "Esc cancelled the pending pick")
        #expect(h.state.sheet.detent == .half, "Sign in took the whole screen; leaving it gives the grid its room back")
        #expect(Self.room(h)?.room.value?.draft.currentPick == 8, "the room shows pick 8 on the clock, not the old pick 7")
        #expect(Self.room(h)?.available.contains { $0.player == Demo.kupp } == false, "Kupp is no longer listed as available")
        #expect(h.state.board.draft.value?.draft.currentPick == 8, "the grid shows the new pick")
        #expect(h.state.board.draft.value?.picks.count == 7)
        #expect(Screen(h.state).inSheet("Round 2 · pick 8 · on the clock: Bits"))
    }

    @Test func theGridCatchesUpWhenAPlayerPageOverTheRoomCloses() async {
        var h = await DraftRoomTests.opened(DraftRoomTests.liveRoom(myTeam: nil))
        h.followEvents = false
        h.key(.char("4")); h.key(.enter)          // Recent picks → a player's page (the board shows the league)
        await h.settle()
        guard h.state.top.is(PlayerFeature.self) else { Issue.record("no player page: \(h.state.pages)"); return }
        await h.fake.setRoom(Self.afterPick7(signedIn: true))
        h.send(.board(.eventReceived(Self.pickEvent(12))))
        await h.settle()
        h.key(.escape)
        await h.settle()
        #expect(h.state.board.draft.value?.draft.currentPick == 8, "the grid reloads: it missed pick 7 while the player page was up")
        #expect(Self.room(h)?.room.value?.draft.currentPick == 8)
    }

    @Test func aGridThatMissedNothingIsNotReloadedWhenUncovered() async {
        var h = await DraftRoomTests.opened(DraftRoomTests.liveRoom(myTeam: nil))
        h.followEvents = false
        h.key(.char("4")); h.key(.enter)
        await h.settle()
        let loads = await h.fake.calls[.draftRoom] ?? 0
        h.key(.escape)
        await h.settle()
        // The room reloads (it is uncovered); the grid, which missed no event, does not.
        #expect(await h.fake.calls[.draftRoom] == loads + 1)
    }

    @Test func signingInFromTheGateShowsTheRoomAsItIsNow() async {
        let fake = FakeLeague()
        await fake.setRoom(DraftRoomTests.liveRoom(myTeam: nil, signedIn: false))
        var h = await Harness.started(fake: fake)
        h.followEvents = false
        h.send(.open(.draftRoom(Demo.couch)))
        await h.settle()
        h.send(.gate(.signInOpened))
        await h.settle()
        await h.fake.setRoom(Self.afterPick7(signedIn: false))
        h.send(.board(.eventReceived(Self.pickEvent(13))))
        await h.settle()
        h.send(.gate(.accountReady(User(id: UserID(7), email: "ann@example.com", displayName: "Ann"))))
        await h.settle()
        #expect(h.state.pages.last == .draftRoom(Demo.couch))
        #expect(Self.room(h)?.room.value?.draft.currentPick == 8)
        #expect(h.state.board.draft.value?.draft.currentPick == 8)
    }
}
