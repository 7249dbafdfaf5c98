import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

@Suite struct PageReducerTests {
    func context(_ fake: FakeLeague) -> PageContext {
        PageContext(env: AppEnvironment(api: fake, settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)
    }

    static func isLeaguesLoaded(_ a: HomeFeature.Action) -> Bool { if case .leaguesLoaded = a { true } else { false } }

    @Test func homeGoesIdleLoadingLoaded() async {
        let fake = FakeLeague()
        let store = TestStore(HomeFeature.self, HomeFeature.State(), context: context(fake))
        #expect(store.state.publicLeagues.isIdle)
        var token = RequestToken(0)
        await store.send(.onAppear) { token = $0.publicLeagues.begin() }
        #expect(store.waitingIDs == [TaskID(HomeFeature.EffectID.publicLeagues)])
        await store.receive(Self.isLeaguesLoaded) {
            $0.publicLeagues.finish(token, .success(Demo.summaries))
            $0.list = ListState()
        }
        #expect(store.state.publicLeagues.value?.map(\.name) == ["Gridiron Greats", "Sunday Nerds", "Couch Coaches"])
        store.finish()
    }

    @Test func homeEmptyAndErrorStates() async {
        let fake = FakeLeague()
        await fake.answerEmpty(.publicLeagues)
        let store = TestStore(HomeFeature.self, HomeFeature.State(), context: context(fake))
        var token = RequestToken(0)
        await store.send(.onAppear) { token = $0.publicLeagues.begin() }
        await store.receive(Self.isLeaguesLoaded) { $0.publicLeagues.finish(token, .success([]), isEmpty: \.isEmpty) }
        #expect(store.state.publicLeagues.load == .empty)
        await fake.fail(.publicLeagues)
        await store.send(.retry) { token = $0.publicLeagues.begin() }
        var failure: PresentableError?
        await store.receive({ if case .leaguesLoaded(_, .failure(let e)) = $0 { failure = e; return true } else { return false } }) {
            if let failure { $0.publicLeagues.finish(token, .failure(failure)) }
        }
        #expect(store.state.publicLeagues.error?.canRetry == true)
        store.finish()
    }

    @Test func homeNameFilterNarrowsAndEnterOpensTheSelectedLeague() async {
        var s = HomeFeature.State()
        s.publicLeagues = Loadable(Demo.summaries)
        let store = TestStore(HomeFeature.self, s, context: context(FakeLeague()))
        await store.send(.filter(.begin)) { $0.filter.apply(.begin) }
        for c: Character in ["c", "o", "u"] { await store.send(.filter(.typed(c))) { $0.filter.apply(.typed(c)); $0.list = ListState() } }
        #expect(store.state.visible.map(\.name) == ["Couch Coaches"])
        await store.send(.rowActivated)
        store.delegated(.open(.league(Demo.couch)))
        store.finish()
    }

    /// Shown again (back from a league, after a sign-in): the list stays while it reloads, so Enter still opens the
    /// league the person has selected, and the selection is still on it when the answer comes.
    @Test func homeShownAgainKeepsItsListAndSelectionWhileItReloads() async {
        let fake = FakeLeague()
        var s = HomeFeature.State()
        s.publicLeagues = Loadable(Demo.summaries)
        s.list = ListState(selected: 2)
        let store = TestStore(HomeFeature.self, s, context: context(fake))
        await fake.hold(.publicLeagues)
        var token = RequestToken(0)
        await store.send(.onAppear) { token = $0.publicLeagues.beginRefresh() }
        #expect(store.state.rows.map(\.name) == ["Gridiron Greats", "Sunday Nerds", "Couch Coaches"] && !store.state.publicLeagues.isLoading)
        await store.send(.rowActivated)
        store.delegated(.open(.league(Demo.couch)))
        await fake.releaseAll()   // ends the hold too, whether or not the read has reached it yet
        await store.receive(Self.isLeaguesLoaded) {
            $0.publicLeagues.finish(token, .success(Demo.summaries))
            $0.list.select(2, count: 3, viewport: 10)
        }
        #expect(store.state.list.selected == 2)
        // Retry starts over: the spinner, and the selection back at the top when the answer comes.
        await store.send(.retry) { token = $0.publicLeagues.begin() }
        #expect(store.state.publicLeagues.isLoading && store.state.rows.isEmpty)
        await store.receive(Self.isLeaguesLoaded) {
            $0.publicLeagues.finish(token, .success(Demo.summaries))
            $0.list = ListState()
        }
        store.finish()
    }

    // The store itself: each way an exhaustive test must fail, fails.
    @Test func theTestStoreFailsOnAnUnexpectedStateChange() async {
        let store = TestStore(HomeFeature.self, HomeFeature.State(), context: context(FakeLeague()))
        await withKnownIssue { await store.send(.onAppear) }   // the load began, and the test did not say so
        store.skipWaitingEffects()
        store.finish()
    }

    @Test func theTestStoreFailsOnAnUnreceivedActionAndOnWaitingWork() async {
        var s = HomeFeature.State()
        s.publicLeagues = Loadable(Demo.summaries)
        let sent = TestStore(HomeFeature.self, s, context: context(FakeLeague()))
        await sent.send(.rowActivated)
        withKnownIssue { sent.finish() }                          // the request to open the league was never stated
        let started = TestStore(HomeFeature.self, HomeFeature.State(), context: context(FakeLeague()))
        await started.send(.onAppear) { _ = $0.publicLeagues.begin() }
        withKnownIssue { started.finish() }                       // the load is still waiting
    }

    @Test func theTestStoreFailsOnARequestToTheShellThatIsNotTheOneStated() async {
        var s = HomeFeature.State()
        s.publicLeagues = Loadable(Demo.summaries)
        let store = TestStore(HomeFeature.self, s, context: context(FakeLeague()))
        await store.send(.rowActivated)
        withKnownIssue { store.delegated(.open(.home)) }                  // it asked to open the selected league
        withKnownIssue { store.delegated(.back) }                         // and for nothing more
        store.finish()
    }

    @Test func theTestStoreFailsWhenAnotherActionArrivesFirst() async {
        let store = TestStore(HomeFeature.self, HomeFeature.State(), context: context(FakeLeague()))
        await store.send(.onAppear) { _ = $0.publicLeagues.begin() }
        await withKnownIssue { await store.receive({ if case .myLeaguesLoaded = $0 { true } else { false } }) }
        store.finish()
    }

    @Test func aSlowOlderWeekNeverOverwritesANewerWeek() async {
        let fake = FakeLeague()
        let ctx = context(fake)
        var s = ScoreboardFeature.State(id: Demo.greats, week: 9)
        await fake.hold(.scoreboard)
        let first = ScoreboardFeature.reduce(into: &s, action: .onAppear, context: ctx)
        let slow = Task { await first.awaitActions() }
        await eventually { await fake.suspended(.scoreboard) == 1 }

        await fake.unhold(.scoreboard)
        let second = ScoreboardFeature.reduce(into: &s, action: .weekStepped(1), context: ctx)
        #expect(second.runIDs == first.runIDs, "same id: the runner cancels the superseded request")
        for a in await second.awaitActions() { _ = ScoreboardFeature.reduce(into: &s, action: a, context: ctx) }
        #expect(s.scoreboard.value?.week == 10)

        await fake.release(.scoreboard)
        for a in await slow.value { _ = ScoreboardFeature.reduce(into: &s, action: a, context: ctx) }
        #expect(s.scoreboard.value?.week == 10, "the late week-9 answer was ignored")
        #expect(s.week == 10)
    }

    @Test func weekSteppingStaysInsideTheSeason() async {
        let store = TestStore(ScoreboardFeature.self, ScoreboardFeature.State(id: Demo.greats, week: 1), context: context(FakeLeague()))
        var token = RequestToken(0)
        await store.send(.onAppear) { token = $0.scoreboard.begin() }
        var answer: Result<Scoreboard, PresentableError>?
        await store.receive({ if case .scoreboardLoaded(_, let r) = $0 { answer = r; return true } else { return false } }) {
            if let answer { $0.scoreboard.finish(token, answer) }
            $0.weeks = 1...16; $0.week = 1   // what the answer says the season spans
        }
        #expect(store.state.scoreboard.value?.week == 1)
        await store.send(.weekStepped(-1))   // no change, no load: week 1 is the first
        if case .disabled(let reason) = ScoreboardFeature.keymap(store.state).lookup(.char("h")) { #expect(reason == "this is the first week") } else { Issue.record("h should be disabled") }
        store.finish()
    }

    @Test func freeAgentSortAndPositionReload() async {
        let store = TestStore(FreeAgentsFeature.self, FreeAgentsFeature.State(id: Demo.greats), context: context(FakeLeague()))
        var players = RequestToken(0)
        await store.send(.onAppear) { players = $0.players.begin(); _ = $0.detail.begin() }
        store.skipWaitingEffects()   // the first load is superseded below
        await store.send(.positionChosen(.rb)) { $0.position = .rb; players = $0.players.begin() }
        var answer: Result<[AvailablePlayer], PresentableError>?
        await store.receive({ if case .playersLoaded(_, let r) = $0 { answer = r; return true } else { return false } }) {
            if let answer { $0.players.finish(players, answer, isEmpty: \.isEmpty); $0.list = ListState() }
        }
        #expect(store.state.players.value?.map(\.player.name) == ["Mark Ingram"])
        await store.send(.positionChosen(nil)) { $0.position = nil; players = $0.players.begin() }
        store.skipWaitingEffects()
        await store.send(.sortCycled) { $0.sort = .lastWeek; players = $0.players.begin() }
        await store.receive({ if case .playersLoaded(_, let r) = $0 { answer = r; return true } else { return false } }) {
            if let answer { $0.players.finish(players, answer, isEmpty: \.isEmpty); $0.list = ListState() }
        }
        #expect(store.state.players.value?.first?.player.name == "Mark Ingram")
        #expect(FreeAgentsFeature.keymap(store.state).action(for: .char("3")).map { if case .positionChosen(.wr) = $0 { true } else { false } } == true)
        store.finish()
    }

    @Test func matchupOpensThePlayerOnTheChosenSide() async {
        let store = TestStore(MatchupFeature.self, MatchupFeature.State(id: Demo.greats, week: 9, team: Demo.bits), context: context(FakeLeague()))
        var token = RequestToken(0)
        await store.send(.onAppear) { token = $0.detail.begin() }
        var answer: Result<MatchupDetail, PresentableError>?
        await store.receive({ if case .matchupLoaded(_, let r) = $0 { answer = r; return true } else { return false } }) {
            if let answer { $0.detail.finish(token, answer) }
            $0.side = .home   // Bits are the home side of this matchup
        }
        await store.send(.list(.down)) { $0.list.apply(.down, count: MatchupFeature.rows($0.detail.value!).count, viewport: 10) }
        await store.send(.sideChosen(.away)) { $0.side = .away }
        await store.send(.rowActivated)
        store.delegated(.open(.player(Demo.cook.id, league: Demo.greats)))
        store.finish()
    }

    @Test func settingsToggleAppliesAndSaves() async throws {
        var h = await Harness.started()
        h.key(.char(","))
        #expect(h.state.pages.last == .settings)
        h.key(.char("j"))                 // Colour
        h.key(.enter)
        #expect(h.state.settings.color == false)
        #expect(h.state.theme == .monochrome)
        await h.settle()
        #expect(try h.store.load()?.color == false)
    }

    @Test func colourCannotBeTurnedOnUnderNoColor() async {
        var h = await Harness.started(colorAllowed: false)
        h.key(.char(","))
        h.key(.char("j"))
        h.key(.enter)
        #expect(h.toast == "Colour is off because NO_COLOR is set")
    }
}
