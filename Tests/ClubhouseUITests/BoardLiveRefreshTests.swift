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

    /// A pick's event draws no frame of its own (nothing it changes shows until the reloads answer); their answers do.
    /// Every SSH session drew one frame more per pick before.
    @Test func aPicksEventDrawsNoFrameUntilTheReloadsAnswer() async {
        let fake = FakeLeague()
        let backend = HeadlessBackend(size: Size(width: 120, height: 40))
        let driver = ProgramDriver(program: ClubhouseProgram(api: fake, settingsStore: InMemorySettingsStore(), environment: [:], now: { Demo.now }),
                                   backend: backend)
        var t = Duration.zero
        func settle() async {
            for _ in 0..<50 {
                await eventually { driver.hasPendingMessages || driver.runningTaskCount <= 1 }
                t += .milliseconds(10)
                _ = driver.deliverMessages(now: t)
                driver.renderIfNeeded(now: t)
                if driver.runningTaskCount <= 1 && !driver.hasPendingMessages { break }
            }
        }
        driver.start(now: t)
        await settle()
        driver.mailbox.post(.open(.draftRoom(Demo.couch)))
        await settle()
        let loads = await fake.calls[.draftRoom] ?? 0
        let frames = backend.flushCount

        driver.mailbox.post(.board(.eventReceived(Self.event(3, Demo.couch, .pickMade))))
        #expect(driver.deliverMessages(now: t) >= 1)
        driver.renderIfNeeded(now: t)
        #expect(backend.flushCount == frames, "the event itself draws nothing")
        #expect(driver.program.state.board.liveRefreshInFlight, "the grid reloads")

        await settle()
        #expect(await fake.calls[.draftRoom] == loads + 2, "the board and the room were read again")
        #expect(backend.flushCount > frames, "their answers are drawn")
        #expect(!driver.program.state.board.liveRefreshInFlight)
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

    @Test func oneStreamCarriesEveryEventOfTheFollowedLeague() async {
        let fake = FakeLeague()
        for id in Int64(3)...7 { fake.eventLog.append(Self.event(id, Demo.couch, .pickMade)) }
        fake.eventLog.append(Self.event(8, Demo.greats, .memberJoined))
        var h = await Harness.started(fake: fake)
        h.send(.open(.draftRoom(Demo.couch)))
        await h.settle()
        #expect(h.state.board.lastEventID == 7)
        #expect(fake.eventLog.opens == 1, "five events, one stream (it was opened again after every event: six)")
    }

    @Test func theBoardWatchesALeagueWithOneLongLivedEffectUntilItFollowsAnother() async throws {
        let fake = FakeLeague()
        fake.eventLog.keepsOpen = true
        let context = PageContext(env: AppEnvironment(api: fake, settings: InMemorySettingsStore(), sleep: { _ in }), viewport: 10)
        let board = try await fake.draftBoard(Demo.couch)
        let store = TestStore(BoardFeature.self, BoardFeature.State(), context: context)
        await store.send(.contextChanged(.draft(Demo.couch))) {
            $0.context = .draft(Demo.couch); $0.following = Demo.couch; $0.draftLeague = Demo.couch; _ = $0.draft.begin()
        }
        #expect(store.waitingIDs == [TaskID(BoardFeature.EffectID.draft), TaskID(BoardFeature.EffectID.events)])
        await store.receive({ if case .draftLoaded = $0 { true } else { false } }) { $0.draft.finish(RequestToken(1), .success(board)) }

        // Three events, one after another, through the one stream: each refreshes the grid.
        for id in Int64(3)...5 {
            fake.eventLog.append(Self.event(id, Demo.couch, .pickMade))
            await store.receive({ if case .eventReceived(let e) = $0 { e.id == id } else { false } }) {
                $0.lastEventID = id; $0.pendingKinds = [.pickMade]; $0.missed = [.draft]
            }
            await store.receive({ if case .refreshDue = $0 { true } else { false } }) {
                $0.refreshKinds = [.pickMade]; $0.pendingKinds = []; $0.liveRefreshInFlight = true; $0.missed = []
                _ = $0.draft.beginRefresh()
            }
            let token = RequestToken(Int(id) - 1)
            await store.receive({ if case .draftLoaded = $0 { true } else { false } }) {
                $0.draft.finish(token, .success(board)); $0.liveRefreshInFlight = false
            }
        }
        #expect(fake.eventLog.opens == 1 && fake.eventLog.openNow == 1)
        #expect(store.runningIDs == [TaskID(BoardFeature.EffectID.events)], "still watching")

        // Who is signed in changed: the same league again, from the last event seen.
        await store.send(.watcherChanged)
        #expect(store.waitingIDs == [TaskID(BoardFeature.EffectID.events)] && store.runningIDs.isEmpty, "the old stream was cancelled")
        fake.eventLog.append(Self.event(6, Demo.couch, .chat))
        await store.receive({ if case .eventReceived(let e) = $0 { e.id == 6 } else { false } }) {
            $0.lastEventID = 6; $0.pendingKinds = [.chat]; $0.missed = [.draft]
        }
        #expect(fake.eventLog.opens == 2)
        await store.receive({ if case .refreshDue = $0 { true } else { false } }) {
            $0.refreshKinds = [.chat]; $0.pendingKinds = []; $0.liveRefreshInFlight = true; $0.missed = []
            _ = $0.draft.beginRefresh()
        }
        await store.receive({ if case .draftLoaded = $0 { true } else { false } }) {
            $0.draft.finish(RequestToken(5), .success(board)); $0.liveRefreshInFlight = false
        }

        // Another league: its stream replaces this one, which closes.
        await store.send(.contextChanged(.league(Demo.greats, week: nil, highlight: nil))) {
            $0.context = .league(Demo.greats, week: nil, highlight: nil); $0.following = Demo.greats; $0.lastEventID = nil
            $0.missed = [.draft]; $0.leagueID = Demo.greats; $0.requestedWeek = nil
            _ = $0.league.begin(); _ = $0.standings.begin(); _ = $0.scoreboard.begin()
        }
        await eventually { fake.eventLog.openNow == 0 }
        #expect(fake.eventLog.openNow == 0, "the draft's stream closed")
        store.skipWaitingEffects()
        store.finish()
    }

    @Test func signingInOrOutWatchesTheFollowedLeagueAgainAsThePersonNowIs() async {
        let fake = FakeLeague()
        fake.eventLog.append(Self.event(4, Demo.greats, .memberJoined))
        var h = await Harness.started(fake: fake)
        h.send(.open(.league(Demo.greats)))
        await h.settle()
        #expect(fake.eventLog.opens == 1 && h.state.board.lastEventID == 4)
        h.send(.gate(.accountReady(User(id: UserID(7), email: "ann@example.com", displayName: "Ann"))))
        #expect(h.pendingIDs.contains(TaskID(BoardFeature.EffectID.events)), "signed in: watched again")
        await h.settle()
        #expect(fake.eventLog.opens == 2)
        h.send(.gate(.signedOut))
        #expect(h.pendingIDs.contains(TaskID(BoardFeature.EffectID.events)), "signed out: watched again")
        await h.settle()
        #expect(fake.eventLog.opens == 3)
        h.send(.gate(.signedOut))
        #expect(!h.pendingIDs.contains(TaskID(BoardFeature.EffectID.events)), "still signed out: the stream stays")
        await h.settle()
    }

    /// The top bar's week follows the league's clock: after the clock moves on to week 10 (an event), the bar and the
    /// scoreboard that followed the current week say week 10, not the week 9 they loaded first.
    @Test func theTopBarsWeekFollowsTheClock() async {
        let fake = FakeLeague()
        var h = await Harness.started(fake: fake)
        h.followEvents = false
        h.send(.open(.league(Demo.greats)))
        await h.settle()
        #expect(Screen(h.state).topBar.contains("Gridiron Greats · Week 9"))
        await fake.setCurrentWeek(10)
        h.send(.board(.eventReceived(Self.event(7, Demo.greats, .clockAdvanced))))
        await h.settle()
        #expect(Screen(h.state).topBar.contains("Gridiron Greats · Week 10"), "\(Screen(h.state).topBar)")
        #expect(h.state.board.scoreboard.value?.week == 10)
    }
}
