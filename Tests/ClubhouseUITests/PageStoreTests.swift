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
        let rules = ScoringRulesFeature.rows(Demo.detail(Demo.greats).league.settings).count
        await store.send(.list(.bottom)) { $0.list.selected = rules - 1; $0.list.offset = rules - 10 }
        await store.send(.opened(.leagueSettings(Demo.greats)))
        store.delegated(.open(.leagueSettings(Demo.greats)))
        store.finish()
    }

    @Test func leagueSettingsLoadOpenScoringAndTheEditForm() async {
        let store = TestStore(LeagueSettingsFeature.self, LeagueDetailPageState(id: Demo.nerds), context: Self.context())
        var t = RequestToken(0)
        await store.send(.onAppear) { t = $0.detail.begin() }
        await store.receive({ if case .leagueLoaded(_, .success) = $0 { true } else { false } }) { $0.detail.finish(t, .success(Demo.detail(Demo.nerds))) }
        await store.send(.list(.down)) { $0.list.selected = 1 }
        await store.send(.opened(.scoringRules(Demo.nerds)))
        store.delegated(.open(.scoringRules(Demo.nerds)))
        #expect(LeagueSettingsFeature.editBlocked(store.state) == nil, "Sunday Nerds hasn't drafted: E is open")
        await store.send(.opened(.leagueForm(.edit(Demo.nerds))))
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
        #expect(LeagueFeature.textEntry(store.state).isFilterActive, "Esc answers the question before it leaves the page")
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
        #expect(RosterFeature.textEntry(store.state).isEditingText, "the question takes every key")
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

    /// `R` on my team: the question, pre-filled with the name and selected; a name the names rule refuses is explained
    /// before anything is sent; Enter sends the write by its endpoint with the name as it will be kept; Esc sends nothing.
    @Test func renameAsksForTheNameExplainsARefusalAndSendsTheWrite() async {
        let store = await Self.loadedRoster(await Self.aliceFake())
        func prompt(_ text: String, selected: Bool = false, error: String? = nil) -> RosterFeature.Modal {
            var p = TextPrompt(title: "Rename team", prompt: "New name for Bits:", maxLength: 40,
                               hint: "1–40 characters · enter saves · esc cancels", check: { .success($0) })
            p.field = TextFieldState(text: text, maxLength: 40, selected: selected)
            p.error = error
            return .rename(p)
        }
        await store.send(.renameRequested) { $0.modal = prompt("Bits", selected: true) }
        #expect(RosterFeature.textEntry(store.state).isEditingText, "the question takes every key")
        await store.send(.modalKey(.backspace)) { $0.modal = prompt("") }
        await store.send(.modalKey(.enter)) { $0.modal = prompt("", error: "A team name must be 1–40 characters (it has 0)") }
        await store.send(.modalPasted("  Bits   Reloaded ")) { $0.modal = prompt("  Bits   Reloaded ") }
        await store.send(.modalKey(.enter)) { $0.modal = nil }
        store.delegated(.perform(GatedWrite(Endpoints.Leagues.renameTeam, At.Team(Demo.greats, Demo.bits), Wire.TeamName(teamName: "Bits Reloaded"))))
        await store.send(.renameRequested) { $0.modal = prompt("Bits", selected: true) }
        await store.send(.modalKey(.escape)) { $0.modal = nil }
        store.finish()
    }

    /// Another manager's team: `R` does nothing and says why; the commissioner may rename any team.
    @Test func renameIsTheManagersOrTheCommissioners() async {
        let store = TestStore(RosterFeature.self, Self.bytesRoster(), context: Self.context())
        await store.send(.renameRequested)
        #expect(RosterFeature.renameReason(store.state) == "not your team — only its manager or the commissioner renames it")
        #expect(RosterFeature.renameReason(Self.bytesRoster(Capabilities(signedIn: true, myTeam: Demo.bits, isCommissioner: true))) == nil)
        store.finish()
    }

    /// Bytes' roster, loaded, as someone with `capabilities` sees it (by default alice, Bits' manager).
    static func bytesRoster(_ capabilities: Capabilities = Capabilities(signedIn: true, myTeam: Demo.bits)) -> RosterFeature.State {
        var s = RosterFeature.State(id: Demo.greats, team: Demo.bytes)
        s.roster = Loadable(Demo.roster(Demo.bytes))
        var d = Demo.detail(Demo.greats)
        d.capabilities = capabilities
        s.detail = Loadable(d)
        return s
    }

    @Test func someoneElsesRosterIsReadOnly() async {
        let store = TestStore(RosterFeature.self, Self.bytesRoster(), context: Self.context())
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
        await store.send(.list(.bottom)) { $0.list.selected = 5 }
        await store.send(.rowToggled) { $0.settings.desktopNotifications = .off }
        s.desktopNotifications = .off
        store.delegated(.applySettings(s))
        await store.send(.list(.up)) { $0.list.selected = 4 }
        await store.send(.rowToggled) { $0.settings.tradeBell.toggle() }
        s.tradeBell.toggle()
        store.delegated(.applySettings(s))
        await store.send(.list(.up)) { $0.list.selected = 3 }
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

    // MARK: Draft room

    static func isRoomLoaded(_ a: DraftRoomFeature.Action) -> Bool { if case .roomLoaded(_, .success) = a { true } else { false } }
    static func isPlayersLoaded(_ a: DraftRoomFeature.Action) -> Bool { if case .playersLoaded(_, .success) = a { true } else { false } }
    static func isQueueLoaded(_ a: DraftRoomFeature.Action) -> Bool { if case .queueLoaded(_, .success) = a { true } else { false } }
    static func isChatLoaded(_ a: DraftRoomFeature.Action) -> Bool { if case .chatLoaded(_, .success) = a { true } else { false } }

    /// Couch Coaches, pick 7 on the clock for Bytes — mine, signed in: the room loads its four parts, rings the bell
    /// (it became my pick), Enter asks to draft the top player, y drafts him with the pick number seen, and the room
    /// reloads around the new pick.
    @Test func draftRoomLoadsRingsAndPicksWithThePickNumberSeen() async {
        let fake = FakeLeague()
        await fake.setRoom(DraftRoomTests.liveRoom())
        await fake.setDraftSignedIn(true)
        let bells = BellRecorder()
        let context = PageContext(env: AppEnvironment(api: fake, settings: InMemorySettingsStore(), now: { Demo.now }, bell: { bells.ring() }), viewport: 10)
        let store = TestStore(DraftRoomFeature.self, DraftRoomFeature.State(id: Demo.couch), context: context)
        var room = RequestToken(0), players = RequestToken(0), queue = RequestToken(0), chat = RequestToken(0)
        await store.send(.onAppear) { room = $0.room.begin(); players = $0.players.begin(); queue = $0.queue.beginRefresh(); chat = $0.chat.beginRefresh() }
        #expect(store.waitingIDs == [DraftRoomFeature.EffectID.room(Demo.couch), .players(Demo.couch), .queue(Demo.couch), .chat(Demo.couch)].map { TaskID($0) })
        await store.receive(Self.isRoomLoaded) { $0.room.finish(room, .success(DraftRoomTests.liveRoom())) }
        #expect(store.state.isMyTurn)
        await store.receive(Self.isPlayersLoaded) { $0.players.finish(players, .success(Demo.draftable)); $0.lists[.available] = ListState() }
        await store.receive(Self.isQueueLoaded) { $0.queue.finish(queue, .success([])) }
        await store.receive(Self.isChatLoaded) { $0.chat.finish(chat, .success([])) }
        await store.runSilentWork()
        #expect(bells.count == 1, "it became my pick")

        await store.send(.rounds(.pickRequested)) { $0.rounds?.confirm = .pick(Demo.kupp, expected: 7, team: Demo.bytes, forTeam: false) }
        await store.send(.rounds(.cancelled)) { $0.rounds?.confirm = nil }
        await store.send(.rowActivated)                  // on Available, Enter is the pick
        await store.receive({ if case .rounds(.pickRequested) = $0 { true } else { false } }) { $0.rounds?.confirm = .pick(Demo.kupp, expected: 7, team: Demo.bytes, forTeam: false) }
        await store.send(.rounds(.confirmed)) { $0.rounds?.confirm = nil }
        await store.receive({ if case .rounds(.pickAnswered(.success(let p))) = $0 { p.number == 7 && p.playerID == Demo.kupp.id } else { false } }) {
            room = $0.room.beginRefresh(); players = $0.players.beginRefresh(); queue = $0.queue.beginRefresh(); chat = $0.chat.beginRefresh()
        }
        store.delegated(.toast("Pick 7: Cooper Kupp."))
        #expect(await fake.pickCalls == [7])
        var after: DraftBoard?
        await store.receive({ if case .roomLoaded(_, .success(let r)) = $0 { after = r; return true } else { return false } }) {
            if let after { $0.room.finish(room, .success(after)) }
        }
        #expect(after?.draft.currentPick == 8)
        #expect(store.state.available.first?.player == Demo.julio, "Kupp is off the Available list")
        await store.receive(Self.isPlayersLoaded) { $0.players.finish(players, .success(Demo.draftable)) }
        await store.receive(Self.isQueueLoaded) { $0.queue.finish(queue, .success([])) }
        await store.receive(Self.isChatLoaded) { $0.chat.finish(chat, .success([])) }
        store.finish()
    }

    /// The room's views: tabs, the position filter, search, Esc; and signed out, Enter hands the pick to the gate.
    @Test func draftRoomTabsFiltersAndASignedOutPick() async {
        var s = DraftRoomFeature.State(id: Demo.couch)
        s.room = Loadable(DraftRoomTests.liveRoom(myTeam: nil, signedIn: false))
        s.players = Loadable(Demo.draftable)
        let store = TestStore(DraftRoomFeature.self, s, context: Self.context())
        let newest = DraftRoomTests.liveRoom().picks.max { $0.pick.number < $1.pick.number }!

        await store.send(.tabSelected(.recent)) { $0.tab = .recent; $0.lists[.recent] = ListState() }
        await store.send(.rowActivated)
        store.delegated(.open(.player(newest.player.id, league: Demo.couch)))
        await store.send(.positionCycled) { $0.position = .qb; $0.tab = .available; $0.list = ListState(selected: $0.available.isEmpty ? nil : 0) }
        await store.send(.escaped) { $0.filter.apply(.clear); $0.position = nil; $0.lists[.available] = ListState() }
        await store.send(.searchBegan) { $0.filter.apply(.begin) }
        await store.send(.typed(.char("w"))) { $0.filter.apply(.typed("w")); $0.list = ListState(selected: 0) }
        #expect(store.state.available.map(\.player.name).allSatisfy { $0.lowercased().contains("w") })
        await store.send(.escaped) { $0.filter.apply(.clear); $0.lists[.available] = ListState() }

        await store.send(.rounds(.pickRequested))
        store.delegated(.perform(.makePick(league: Demo.couch, expectedPick: 7, expectedTeam: Demo.bytes, player: Demo.kupp.id)))
        await store.send(.undoPressed)                   // not the commissioner (signed out): said, nothing asked
        store.delegated(.toast(DraftRoomFeature.signInMessage))
        store.finish()
    }

    /// The draft by rounds on its own (TestStore): Enter asks to draft the selected player with the pick seen, n drops
    /// the question, F is the commissioner's, y sends the pick, and its answer comes back for the room to say.
    @Test func theRoundsChildAsksThenPicks() async {
        let fake = FakeLeague()
        await fake.setRoom(DraftRoomTests.liveRoom())
        await fake.setDraftSignedIn(true)
        let start = RoundsDraftFeature.State(id: Demo.couch, room: DraftRoomTests.liveRoom(), selected: Demo.kupp, own: .init())
        let store = TestStore(RoundsDraftFeature.self, start, context: Self.context(fake))
        await store.send(.pickRequested) { $0.confirm = .pick(Demo.kupp, expected: 7, team: Demo.bytes, forTeam: false) }
        await store.send(.cancelled) { $0.confirm = nil }
        await store.send(.pickForTeamRequested)
        store.delegated(.toast("Only the commissioner can do that."))
        await store.send(.pickRequested) { $0.confirm = .pick(Demo.kupp, expected: 7, team: Demo.bytes, forTeam: false) }
        await store.send(.confirmed) { $0.confirm = nil }
        await store.receive({ if case .pickAnswered(.success(let p)) = $0 { p.number == 7 && p.playerID == Demo.kupp.id } else { false } })
        #expect(await fake.pickCalls == [7])
        await store.send(.roomRead)                      // still pick 7 on the clock: nothing to drop
        store.finish()
    }

    @Test func theCommissionersUndoAsksFirst() async {
        var s = DraftRoomFeature.State(id: Demo.couch)
        s.room = Loadable(DraftRoomTests.liveRoom(myTeam: nil, commissioner: true))
        let store = TestStore(DraftRoomFeature.self, s, context: Self.context())
        await store.send(.undoPressed) { $0.confirm = .undo(lastPick: 6) }
        await store.send(.escaped) { $0.confirm = nil }
        await store.send(.rounds(.pickRequested))        // no team here
        store.delegated(.toast("You have no team in this league."))
        store.finish()
    }

    // MARK: Commissioner

    static func commissionerFake() async -> FakeLeague {
        let fake = FakeLeague()
        let casey = await fake.addAccount(email: "casey@example.com", password: "long enough pw", displayName: "Casey")
        await fake.setSignedIn(casey)
        var room = Demo.draftRoom(Demo.nerds)
        room.picks = []; room.draft.status = .scheduled; room.draft.currentPick = 1
        await fake.setRoom(room)
        await fake.editCommish { $0.commissionerOf = [Demo.nerds]; $0.requests = [CommissionerTests.jo]; $0.invites = [CommissionerTests.invite] }
        return fake
    }

    @Test func commissionerLoadsItsFourPartsAndApprovesOrDeniesARequest() async {
        let fake = await Self.commissionerFake()
        let store = TestStore(CommissionerFeature.self, CommissionerFeature.State(id: Demo.nerds), context: Self.context(fake))
        var detail = RequestToken(0), requests = RequestToken(0), invites = RequestToken(0), room = RequestToken(0)
        await store.send(.onAppear) { detail = $0.detail.begin(); requests = $0.requests.begin(); invites = $0.invites.begin(); room = $0.room.begin() }
        let all: [CommissionerFeature.Tab: ListState] = [.requests: ListState(), .invites: ListState(), .draft: ListState(), .clock: ListState()]
        var league: LeagueDetail?, board: DraftBoard?
        await store.receive({ if case .detailLoaded(_, .success(let d)) = $0 { league = d; return true } else { return false } }) {
            if let league { $0.detail.finish(detail, .success(league)) }
            $0.lists = all
        }
        #expect(league?.capabilities.isCommissioner == true)
        await store.receive({ if case .requestsLoaded(_, .success) = $0 { true } else { false } }) { $0.requests.finish(requests, .success([CommissionerTests.jo])) }
        await store.receive({ if case .invitesLoaded(_, .success) = $0 { true } else { false } }) { $0.invites.finish(invites, .success([CommissionerTests.invite])) }
        await store.receive({ if case .roomLoaded(_, .success(let r)) = $0 { board = r; return true } else { return false } }) {
            if let board { $0.room.finish(room, .success(board)) }
        }
        #expect(store.state.pending == [CommissionerTests.jo])

        await store.send(.approvePressed)
        store.delegated(.perform(.commissioner(.decideJoinRequest(league: Demo.nerds, user: UserID(7), approve: true))))
        await store.send(.denyPressed) { $0.confirm = .deny(CommissionerTests.jo) }
        #expect(CommissionerFeature.textEntry(store.state).isFilterActive, "Esc answers the question first")
        await store.send(.escaped) { $0.confirm = nil }
        await store.send(.denyPressed) { $0.confirm = .deny(CommissionerTests.jo) }
        await store.send(.confirmed) { $0.confirm = nil }
        store.delegated(.perform(.commissioner(.decideJoinRequest(league: Demo.nerds, user: UserID(7), approve: false))))
        store.finish()
    }

    @Test func commissionerInvitesAndTheDraftOrder() async {
        var room = Demo.draftRoom(Demo.nerds)
        room.picks = []; room.draft.status = .scheduled; room.draft.currentPick = 1
        var s = CommissionerFeature.State(id: Demo.nerds)
        s.detail = Loadable(Demo.detail(Demo.nerds))
        s.invites = Loadable([CommissionerTests.invite])
        s.requests = Loadable([])
        s.room = Loadable(room)
        let store = TestStore(CommissionerFeature.self, s, context: Self.context())

        await store.send(.tabSelected(.invites)) { $0.tab = .invites }
        await store.send(.revokePressed) { $0.confirm = .revoke(CommissionerTests.invite) }
        await store.send(.confirmed) { $0.confirm = nil }
        store.delegated(.perform(.commissioner(.revokeInvite(league: Demo.nerds, code: "ABCD2345"))))
        await store.send(.newInvitePressed) { $0.form = CommissionerInputs.inviteForm(); $0.formKind = .invite }
        #expect(CommissionerFeature.textEntry(store.state).isEditingText)
        await store.send(.escaped) { $0.form = nil; $0.formKind = nil }

        await store.send(.tabSelected(.draft)) { $0.tab = .draft }
        await store.send(.orderSaved)                    // nothing moved yet
        store.delegated(.toast("The order hasn't changed — J/K move the selected team."))
        let teams = room.teams
        await store.send(.orderMoved(1)) { $0.editedOrder = [teams[1], teams[0]] + teams.dropFirst(2); $0.lists[.draft] = ListState(selected: 1) }
        await store.send(.orderSaved)
        store.delegated(.perform(.commissioner(.setDraftOrder(league: Demo.nerds, order: ([teams[1], teams[0]] + teams.dropFirst(2)).map(\.id)))))
        await store.send(.randomizePressed) { $0.confirm = .randomize }
        await store.send(.confirmed) { $0.confirm = nil; $0.editedOrder = nil }
        store.delegated(.perform(.commissioner(.randomizeDraftOrder(Demo.nerds))))
        await store.send(.receipt(.invite(CommissionerTests.invite))) { $0.newInvite = CommissionerTests.invite; $0.tab = .invites }
        store.finish()
    }

    // MARK: Sign in and Create account

    @Test func signInTypesTabsAndSubmitsThenHandsTheAccountToTheShell() async {
        let fake = FakeLeague()
        let alex = await fake.addAccount(email: "alex@example.com", password: "hunter22", displayName: "Alex")
        let store = TestStore(AuthFeature.self, AuthFeature.State(mode: .signIn), context: Self.context(fake))
        await store.send(.submit) { $0.form.refuse("Enter your email", field: 0) }
        for c in "alex@example.com" { await store.send(.key(.char(c))) { $0.form.edit(.char(c)) } }
        await store.send(.nextField) { $0.focus = 1 }
        for c in "hunter2" { await store.send(.key(.char(c))) { $0.form.edit(.char(c)) } }
        // Wrong password: said in words under the fields, nothing else changes.
        await store.send(.submit) { $0.submitting = true }
        #expect(store.waitingIDs == [TaskID(AuthFeature.EffectID.submit)])
        await store.receive({ if case .answered(.failure) = $0 { true } else { false } }) { $0.submitting = false; $0.error = "Email or password is wrong" }
        await store.send(.key(.char("2"))) { $0.form.edit(.char("2")) }
        await store.send(.submit) { $0.submitting = true; $0.error = nil }
        await store.receive({ if case .answered(.success) = $0 { true } else { false } }) { $0.submitting = false; $0.clear(.password) }
        store.delegated(.signedIn(alex))
        store.finish()
    }

    @Test func ctrlNSwitchesToCreateAccountKeepingTheEmailAndEscLeaves() async {
        var s = AuthFeature.State(mode: .signIn)
        s.form.paste("sam@example.com")
        let store = TestStore(AuthFeature.self, s, context: Self.context())
        await store.send(.modeToggled) { $0.mode = .createAccount; $0.focus = 0 }
        #expect(store.state.value(.email).text == "sam@example.com", "what was typed stays")
        #expect(store.state.fields == [.email, .password, .displayName])
        await store.send(.previousField) { $0.focus = 2 }
        await store.send(.escape)
        store.delegated(.back)
        store.finish()
    }
}
