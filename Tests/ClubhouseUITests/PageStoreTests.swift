import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// Exhaustive reducer tests (`TestStore`) for the pages PageReducerTests, ClaimsTests and LeagueFormTests leave out:
/// each states exactly how the page's state changes on its load and its main keys, and what it asks of the shell.
@Suite struct PageStoreTests {
    static func context(_ fake: FakeLeague = FakeLeague()) -> PageContext {
        PageContext(env: AppEnvironment(api: fake, settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)
    }

    // MARK: Standings

    @Test func standingsLoadAndEnterOpensTheSelectedTeam() async {
        let store = TestStore(StandingsFeature.self, StandingsFeature.State(id: Demo.greats), context: Self.context())
        var t = RequestToken(0)
        await store.send(.onAppear) { t = $0.entries.begin() }
        #expect(store.state.entries.isLoading)
        #expect(store.waitingIDs == [TaskID(StandingsFeature.EffectID.standings(Demo.greats))])
        await store.receive({ if case .standingsLoaded(_, .success) = $0 { true } else { false } }) {
            $0.entries.finish(t, .success(Demo.standings))
        }
        await store.send(.list(.down)) { $0.list.selected = 1 }
        await store.send(.rowActivated)
        store.delegated(.open(.roster(Demo.greats, team: Demo.hailMarys)))
        // A live event reloads in place: the table stays while the answer comes.
        await store.send(.liveRefreshed) { t = $0.entries.beginRefresh() }
        #expect(store.state.entries.value == Demo.standings)
        await store.receive({ if case .standingsLoaded = $0 { true } else { false } }) { $0.entries.finish(t, .success(Demo.standings)) }
        store.finish()
    }

    @Test func standingsFailureThenRetry() async {
        let fake = FakeLeague()
        await fake.fail(.standings)
        let store = TestStore(StandingsFeature.self, StandingsFeature.State(id: Demo.greats), context: Self.context(fake))
        var t = RequestToken(0)
        await store.send(.onAppear) { t = $0.entries.begin() }
        var failure: PresentableError?
        await store.receive({ if case .standingsLoaded(_, .failure(let e)) = $0 { failure = e; return true } else { return false } }) {
            if let failure { $0.entries.finish(t, .failure(failure)) }
        }
        #expect(store.state.entries.error?.canRetry == true)
        await store.send(.rowActivated)     // nothing loaded: nothing asked
        await fake.succeed(.standings)
        await store.send(.retry) { t = $0.entries.begin() }
        await store.receive({ if case .standingsLoaded(_, .success) = $0 { true } else { false } }) { $0.entries.finish(t, .success(Demo.standings)) }
        store.finish()
    }

    // MARK: Player

    @Test func playerLoadsAndOpensTheTeamThatRostersHim() async {
        let store = TestStore(PlayerFeature.self, PlayerFeature.State(id: Demo.cmc.id, league: Demo.greats), context: Self.context())
        var t = RequestToken(0)
        await store.send(.onAppear) { t = $0.detail.begin() }
        #expect(store.waitingIDs == [TaskID(PlayerFeature.EffectID.player(Demo.cmc.id))])
        await store.receive({ if case .playerLoaded(_, .success) = $0 { true } else { false } }) {
            $0.detail.finish(t, .success(Demo.player(Demo.cmc.id, league: Demo.greats)))
        }
        await store.send(.list(.bottom)) { $0.list.selected = Demo.player(Demo.cmc.id, league: Demo.greats).gameLog.count - 1 }
        await store.send(.rosteringTeamOpened)
        store.delegated(.open(.roster(Demo.greats, team: Demo.bits)))
        store.finish()
    }

    @Test func aPlayerOpenedOutsideALeagueHasNoFantasyTeamToOpen() async {
        var s = PlayerFeature.State(id: Demo.cmc.id, league: nil)
        s.detail = Loadable(Demo.player(Demo.cmc.id, league: nil))
        let store = TestStore(PlayerFeature.self, s, context: Self.context())
        await store.send(.rosteringTeamOpened)   // no league: no request
        store.finish()
    }

    // MARK: Draft recap

    @Test func draftRecapLoadSelectsTheBestGradeAndOpensItsRoster() async {
        let store = TestStore(DraftRecapFeature.self, DraftRecapFeature.State(id: Demo.greats), context: Self.context())
        var t = RequestToken(0)
        await store.send(.onAppear) { t = $0.recap.begin() }
        await store.receive({ if case .recapLoaded(_, .success) = $0 { true } else { false } }) {
            $0.recap.finish(t, .success(Demo.draftRecap(Demo.greats)))
        }
        #expect(store.state.list.selected == 0)
        await store.send(.list(.down)) { $0.list.selected = 1 }
        await store.send(.list(.down)) { $0.list.selected = 2 }
        await store.send(.rowActivated)
        store.delegated(.open(.roster(Demo.greats, team: Demo.bytes)))   // A Bits, B Hail Marys, C Bytes
        store.finish()
    }

    @Test func anEmptyRecapSaysSoAndEnterDoesNothing() async {
        let fake = FakeLeague()
        await fake.answerEmpty(.draftRecap)
        let store = TestStore(DraftRecapFeature.self, DraftRecapFeature.State(id: Demo.greats), context: Self.context(fake))
        var t = RequestToken(0)
        await store.send(.onAppear) { t = $0.recap.begin() }
        await store.receive({ if case .recapLoaded = $0 { true } else { false } }) {
            $0.recap.finish(t, .success(DraftRecap(leagueID: Demo.greats, leagueName: "", complete: false, throughWeek: 0, teams: [], best: [], worst: [])),
                            isEmpty: { $0.teams.isEmpty })
        }
        #expect(store.state.recap.load == .empty)
        await store.send(.rowActivated)
        store.finish()
    }

    // MARK: Scoring rules and league settings

    @Test func scoringRulesLoadScrollAndOpenTheLeagueSettings() async {
        let store = TestStore(ScoringRulesFeature.self, LeagueDetailPageState(id: Demo.greats), context: Self.context())
        var t = RequestToken(0)
        await store.send(.onAppear) { t = $0.detail.begin() }
        #expect(store.waitingIDs == [TaskID(ScoringRulesFeature.EffectID.detail(Demo.greats))])
        await store.receive({ if case .leagueLoaded(_, .success) = $0 { true } else { false } }) { $0.detail.finish(t, .success(Demo.detail(Demo.greats))) }
        let rules = ScoringRulesFeature.rows(Demo.detail(Demo.greats).league.settings.scoring).count
        await store.send(.list(.bottom)) { $0.list.selected = rules - 1; $0.list.offset = rules - 10 }
        await store.send(.leagueSettingsOpened)
        store.delegated(.open(.leagueSettings(Demo.greats)))
        store.finish()
    }

    @Test func leagueSettingsLoadOpenScoringAndTheEditForm() async {
        let store = TestStore(LeagueSettingsFeature.self, LeagueDetailPageState(id: Demo.nerds), context: Self.context())
        var t = RequestToken(0)
        await store.send(.onAppear) { t = $0.detail.begin() }
        await store.receive({ if case .leagueLoaded(_, .success) = $0 { true } else { false } }) { $0.detail.finish(t, .success(Demo.detail(Demo.nerds))) }
        await store.send(.list(.down)) { $0.list.selected = 1 }
        await store.send(.scoringOpened)
        store.delegated(.open(.scoringRules(Demo.nerds)))
        #expect(LeagueSettingsFeature.editBlocked(store.state) == nil, "Sunday Nerds hasn't drafted: E is open")
        await store.send(.editOpened)
        store.delegated(.open(.leagueForm(.edit(Demo.nerds))))
        store.finish()
    }

    // MARK: League

    @Test func leagueLoadsAndItsKeysOpenItsPages() async {
        let store = TestStore(LeagueFeature.self, LeagueFeature.State(id: Demo.greats), context: Self.context())
        var t = RequestToken(0)
        await store.send(.onAppear) { t = $0.detail.begin() }
        #expect(store.waitingIDs == [TaskID(LeagueFeature.EffectID.detail(Demo.greats))])
        await store.receive({ if case .detailLoaded(_, .success) = $0 { true } else { false } }) { $0.detail.finish(t, .success(Demo.detail(Demo.greats))) }
        await store.send(.list(.down)) { $0.list.selected = 1 }
        await store.send(.rowActivated)
        store.delegated(.open(.roster(Demo.greats, team: Demo.bytes)))
        await store.send(.go(.standings(Demo.greats)))
        store.delegated(.open(.standings(Demo.greats)))
        // Signed out: J asks the shell for the join (the gate asks to sign in first); C opens Sign in.
        await store.send(.joinRequested)
        store.delegated(.perform(.requestToJoin(league: Demo.greats, teamName: "")))
        await store.send(.commissionerOpened)
        store.delegated(.open(.account(.signIn)))
        store.finish()
    }

    @Test func leavingALeagueAsksFirstAndNoKeepsTheTeam() async {
        var detail = Demo.detail(Demo.nerds)
        detail.capabilities = Capabilities(signedIn: true, myTeam: TeamID(7))
        var s = LeagueFeature.State(id: Demo.nerds)
        s.detail = Loadable(detail)
        let store = TestStore(LeagueFeature.self, s, context: Self.context())
        await store.send(.leaveRequested) { $0.confirmingLeave = true }
        #expect(LeagueFeature.isFilterActive(store.state), "Esc answers the question before it leaves the page")
        await store.send(.leaveCancelled) { $0.confirmingLeave = false }
        await store.send(.leaveConfirmed)                                  // no question open: nothing
        await store.send(.leaveRequested) { $0.confirmingLeave = true }
        await store.send(.leaveConfirmed) { $0.confirmingLeave = false }
        store.delegated(.perform(.leaveLeague(Demo.nerds)))
        store.finish()
    }

    @Test func leavingADraftedLeagueIsNotOffered() async {
        var detail = Demo.detail(Demo.greats)
        detail.capabilities = Capabilities(signedIn: true, myTeam: Demo.bits)
        var s = LeagueFeature.State(id: Demo.greats)
        s.detail = Loadable(detail)
        let store = TestStore(LeagueFeature.self, s, context: Self.context())
        await store.send(.leaveRequested)   // no question: Gridiron Greats has drafted
        #expect(LeagueFeature.leaveAvailability(detail) == "Gridiron Greats has drafted — leaving is closed")
        store.finish()
    }

    // MARK: Roster

    /// Signed in as alice, manager of Bits in Gridiron Greats.
    static func aliceFake() async -> FakeLeague {
        let fake = FakeLeague()
        let alice = await fake.addAccount(email: "alice@example.com", password: "correct horse", displayName: "alice")
        await fake.setSignedIn(alice)
        await fake.setMyTeam(Demo.bits, in: Demo.greats)
        await fake.setRoster(TeamWorld.bits)
        return fake
    }

    static func loadedRoster(_ fake: FakeLeague) async -> TestStore<RosterFeature> {
        let store = TestStore(RosterFeature.self, RosterFeature.State(id: Demo.greats, team: Demo.bits), context: context(fake))
        var roster = RequestToken(0), detail = RequestToken(0)
        await store.send(.onAppear) { roster = $0.roster.begin(); detail = $0.detail.begin() }
        #expect(store.waitingIDs == [TaskID(RosterFeature.EffectID.roster(Demo.greats, Demo.bits)), TaskID(RosterFeature.EffectID.league(Demo.greats))])
        var league: LeagueDetail?
        await store.receive({ if case .rosterLoaded(_, .success) = $0 { true } else { false } }) { $0.roster.finish(roster, .success(TeamWorld.bits), isEmpty: { $0.rows.isEmpty }) }
        await store.receive({ if case .detailLoaded(_, .success(let d)) = $0 { league = d; return true } else { return false } }) {
            if let league { $0.detail.finish(detail, .success(league)) }
        }
        #expect(league?.capabilities.myTeam == Demo.bits)
        return store
    }

    @Test func rosterLoadsBothAndEnterOpensThePlayer() async {
        let store = await Self.loadedRoster(await Self.aliceFake())
        #expect(store.state.players.first?.player == Demo.lamar, "starters first, in slot order")
        await store.send(.list(.down)) { $0.list.selected = 1 }
        await store.send(.rowActivated)
        store.delegated(.open(.player(Demo.cmc.id, league: Demo.greats)))
        await store.send(.claimsOpened)
        store.delegated(.open(.claims(Demo.greats)))
        store.finish()
    }

    @Test func dropAsksThenDropsOrKeeps() async {
        let store = await Self.loadedRoster(await Self.aliceFake())
        let confirm = PageConfirm(title: "Drop Lamar Jackson?",
                                  message: "He leaves Bits and goes on waivers for 2 days. This can't be undone.", confirmLabel: "Drop")
        await store.send(.dropRequested) { $0.modal = .drop(Demo.lamar.id, confirm) }
        #expect(RosterFeature.isEditingText(store.state), "the question takes every key")
        await store.send(.modalKey(.char("n"))) { $0.modal = nil }
        await store.send(.dropRequested) { $0.modal = .drop(Demo.lamar.id, confirm) }
        await store.send(.modalKey(.char("y"))) { $0.modal = nil }
        store.delegated(.perform(.dropPlayer(league: Demo.greats, team: Demo.bits, player: Demo.lamar.id)))
        store.finish()
    }

    @Test func aLockedStarterCanNeitherMoveNorBeDropped() async {
        let store = await Self.loadedRoster(await Self.aliceFake())
        let flex = try! #require(store.state.players.firstIndex { $0.player == Demo.golladay })
        await store.send(.list(.select(flex))) { $0.list.selected = flex }
        await store.send(.moveRequested)
        await store.send(.dropRequested)
        #expect(RosterFeature.dropReason(store.state) == "his game has kicked off — he can't be dropped until next week")
        store.finish()
    }

    @Test func someoneElsesRosterIsReadOnly() async {
        var s = RosterFeature.State(id: Demo.greats, team: Demo.bytes)
        s.roster = Loadable(Demo.roster(Demo.bytes))
        var d = Demo.detail(Demo.greats)
        d.capabilities = Capabilities(signedIn: true, myTeam: Demo.bits)
        s.detail = Loadable(d)
        let store = TestStore(RosterFeature.self, s, context: Self.context())
        await store.send(.moveRequested)
        await store.send(.dropRequested)
        #expect(RosterFeature.editReason(store.state) == "not your team — only its manager changes it")
        store.finish()
    }

    // MARK: Settings

    @Test func settingsToggleEachRowAndAskTheShellToApply() async {
        let store = TestStore(SettingsFeature.self, SettingsFeature.State(), context: Self.context())
        let start = UserSettings()
        var s = start
        await store.send(.rowToggled) { $0.settings.theme = start.theme.next }
        s.theme = start.theme.next
        store.delegated(.applySettings(s))
        await store.send(.list(.down)) { $0.list.selected = 1 }
        await store.send(.rowToggled) { $0.settings.color.toggle() }
        s.color.toggle()
        store.delegated(.applySettings(s))
        await store.send(.list(.bottom)) { $0.list.selected = 3 }
        await store.send(.rowToggled) { $0.settings.draftBell.toggle() }
        s.draftBell.toggle()
        store.delegated(.applySettings(s))
        store.finish()
    }

    @Test func colourStaysOffUnderNoColor() async {
        var start = SettingsFeature.State(colorAllowed: false)
        start.list.selected = 1
        let store = TestStore(SettingsFeature.self, start, context: Self.context())
        await store.send(.rowToggled)
        store.delegated(.toast("Colour is off because NO_COLOR is set"))
        store.finish()
    }
}
