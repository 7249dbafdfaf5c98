import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

@Suite struct PageReducerTests {
    func context(_ fake: FakeLeague) -> PageContext {
        PageContext(env: AppEnvironment(api: fake, settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)
    }

    @Test func homeGoesIdleLoadingLoaded() async {
        let fake = FakeLeague()
        var s = HomeFeature.State()
        #expect(s.publicLeagues.isIdle)
        let fx = HomeFeature.reduce(into: &s, action: .onAppear, context: context(fake))
        #expect(s.publicLeagues.isLoading)
        #expect(fx.runIDs == ["home.publicLeagues"])
        for a in await fx.awaitActions() { _ = HomeFeature.reduce(into: &s, action: a, context: context(fake)) }
        #expect(s.publicLeagues.value?.map(\.name) == ["Gridiron Greats", "Sunday Nerds", "Couch Coaches"])
    }

    @Test func homeEmptyAndErrorStates() async {
        let fake = FakeLeague()
        await fake.answerEmpty(.publicLeagues)
        var s = HomeFeature.State()
        for a in await HomeFeature.reduce(into: &s, action: .onAppear, context: context(fake)).awaitActions() {
            _ = HomeFeature.reduce(into: &s, action: a, context: context(fake))
        }
        #expect(s.publicLeagues.load == .empty)
        await fake.fail(.publicLeagues)
        for a in await HomeFeature.reduce(into: &s, action: .retry, context: context(fake)).awaitActions() {
            _ = HomeFeature.reduce(into: &s, action: a, context: context(fake))
        }
        #expect(s.publicLeagues.error?.canRetry == true)
    }

    @Test func homeNameFilterNarrowsAndEnterOpensTheSelectedLeague() {
        var s = HomeFeature.State()
        s.publicLeagues = Loadable(Demo.summaries)
        let ctx = context(FakeLeague())
        for e: FilterField.Edit in [.begin, .typed("c"), .typed("o"), .typed("u")] { _ = HomeFeature.reduce(into: &s, action: .filter(e), context: ctx) }
        #expect(s.visible.map(\.name) == ["Couch Coaches"])
        let fx = HomeFeature.reduce(into: &s, action: .rowActivated, context: ctx)
        #expect(fx.sentActions.compactMap(HomeFeature.delegate(of:)) == [.open(.league(Demo.couch))])
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
        let fake = FakeLeague()
        let ctx = context(fake)
        var s = ScoreboardFeature.State(id: Demo.greats, week: 1)
        for a in await ScoreboardFeature.reduce(into: &s, action: .onAppear, context: ctx).awaitActions() { _ = ScoreboardFeature.reduce(into: &s, action: a, context: ctx) }
        #expect(ScoreboardFeature.reduce(into: &s, action: .weekStepped(-1), context: ctx).isNone)
        #expect(s.week == 1)
        if case .disabled(let reason) = ScoreboardFeature.keymap(s).lookup(.char("h")) { #expect(reason == "this is the first week") } else { Issue.record("h should be disabled") }
    }

    @Test func freeAgentSortAndPositionReload() async {
        let fake = FakeLeague()
        let ctx = context(fake)
        var s = FreeAgentsFeature.State(id: Demo.greats)
        _ = FreeAgentsFeature.reduce(into: &s, action: .onAppear, context: ctx)
        let fx = FreeAgentsFeature.reduce(into: &s, action: .positionChosen(.rb), context: ctx)
        for a in await fx.awaitActions() { _ = FreeAgentsFeature.reduce(into: &s, action: a, context: ctx) }
        #expect(s.players.value?.map(\.player.name) == ["Mark Ingram"])
        _ = FreeAgentsFeature.reduce(into: &s, action: .positionChosen(nil), context: ctx)
        let sorted = FreeAgentsFeature.reduce(into: &s, action: .sortCycled, context: ctx)
        #expect(s.sort == .lastWeek)
        for a in await sorted.awaitActions() { _ = FreeAgentsFeature.reduce(into: &s, action: a, context: ctx) }
        #expect(s.players.value?.first?.player.name == "Mark Ingram")
        #expect(FreeAgentsFeature.keymap(s).action(for: .char("3")).map { if case .positionChosen(.wr) = $0 { true } else { false } } == true)
    }

    @Test func matchupOpensThePlayerOnTheChosenSide() async {
        let fake = FakeLeague()
        let ctx = context(fake)
        var s = MatchupFeature.State(id: Demo.greats, week: 9, team: Demo.bits)
        for a in await MatchupFeature.reduce(into: &s, action: .onAppear, context: ctx).awaitActions() { _ = MatchupFeature.reduce(into: &s, action: a, context: ctx) }
        _ = MatchupFeature.reduce(into: &s, action: .list(.down), context: ctx)
        _ = MatchupFeature.reduce(into: &s, action: .sideChosen(.away), context: ctx)
        let fx = MatchupFeature.reduce(into: &s, action: .rowActivated, context: ctx)
        #expect(fx.sentActions.compactMap(MatchupFeature.delegate(of:)) == [.open(.player(Demo.cook.id, league: Demo.greats))])
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
