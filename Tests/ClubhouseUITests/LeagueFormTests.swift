import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The league form's reducer: moving between fields, stepping values at their limits, editing the name, asking before
/// discarding, submitting the gated write, and a refusal that keeps every value and points at the field.
@Suite struct LeagueFormTests {
    typealias State = LeagueFormFeature.State
    typealias Action = LeagueFormFeature.Action
    let ctx = PageContext(env: AppEnvironment(api: FakeLeague(), settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)

    /// An exhaustive store on a new create form, its focus on `field`.
    func store(on field: LeagueFormField = .name, _ state: State = State(mode: .create)) -> TestStore<LeagueFormFeature> {
        var s = state
        s.focus = s.fields.firstIndex(of: field)!
        return TestStore(LeagueFormFeature.self, s, context: ctx)
    }

    /// Moves the focus to `field` by a click on its row.
    func select(_ store: TestStore<LeagueFormFeature>, _ field: LeagueFormField) async {
        let i = store.state.fields.firstIndex(of: field)!
        await store.send(.list(.select(i))) { $0.focus = i }
    }

    /// Matches `.moved(delta)` (what j/k on a name row send).
    func moved(_ delta: Int) -> (Action) -> Bool { { if case .moved(let d) = $0 { d == delta } else { false } } }

    /// A name as the form holds it after typing `text` (the cursor at its end).
    func name(_ text: String) -> TextFieldState { TextFieldState(text: text, maxLength: LeagueForm.nameLength.upperBound) }

    /// Types `text` on the focused name row: the first key starts editing, the rest type while editing.
    func type(_ store: TestStore<LeagueFormFeature>, _ text: String, into field: WritableKeyPath<LeagueForm, TextFieldState>) async {
        for c in text {
            if store.state.editing {
                await store.send(.key(.char(c))) { $0.form[keyPath: field].insert(String(c)) }
            } else {
                await store.send(.key(.char(c)))
                await store.receive({ if case .typedToStart(c) = $0 { true } else { false } }) {
                    $0.editing = true
                    $0.form[keyPath: field].insert(String(c))
                }
            }
        }
    }

    @Test func createStartsFromTheSpecDefaultsOnTheNameRow() {
        let s = State(mode: .create)
        #expect(s.focused == .name)
        #expect(s.form.settings == LeagueSettings())
        #expect(s.form.settings.teamCount == 10 && s.form.settings.pickClockSeconds == 90 && s.form.settings.scoring.preset == .halfPPR)
        #expect(s.fields.first == .name && s.fields.last == .submit)
        #expect(!s.fields.contains(.faabBudget), "the budget row only shows with FAAB")
        #expect(LeagueFormFeature.textEntry(s).isEditingText, "typing on the name row edits it")
        #expect(!s.isDirty)
    }

    @Test func jkAndArrowsMoveAndStopAtTheEnds() async {
        let store = store()
        await store.send(.moved(-1))                                   // already on the first row: nothing changes
        await store.send(.key(.char("j")))
        await store.receive(moved(1)) { $0.focus = 1 }
        #expect(store.state.focused == .teamName, "j moves off the name row without typing")
        await store.send(.key(.down))
        await store.receive(moved(1)) { $0.focus = 2 }
        #expect(store.state.focused == .season)
        await store.send(.moved(1)) { $0.focus = 3 }
        #expect(store.state.focused == .visibility)
        await store.send(.moved(1)) { $0.focus = 4 }
        #expect(store.state.focused == .teams)
        #expect(!LeagueFormFeature.textEntry(store.state).isEditingText)
        #expect(LeagueFormFeature.keymap(store.state).action(for: .char("k")).map { if case .moved(-1) = $0 { true } else { false } } == true)
        let last = store.state.fields.count - 1
        for i in 5...last { await store.send(.moved(1)) { $0.focus = i } }
        await store.send(.moved(1))                                    // on the last row: nothing changes
        #expect(store.state.focused == .submit)
        await store.send(.list(.top)) { $0.focus = 0 }
        await store.send(.list(.bottom)) { $0.focus = last }
        store.finish()
    }

    @Test func valuesStepOneAtATimeAndStopAtTheirLimits() async {
        let store = store(on: .teams)
        for n in 11...16 { await store.send(.stepped(1)) { $0.form.settings.teamCount = n } }
        await store.send(.stepped(1))                                  // 16 is the most
        for n in (3...15).reversed() {
            await store.send(.stepped(-1)) {
                $0.form.settings.teamCount = n
                if n == 3 { $0.form.setPlayoffTeams(2) }              // playoff teams follow the league size down
            }
        }
        await store.send(.stepped(-1))                                 // 3 is the fewest
        #expect(store.state.form.settings.playoffWeeks == 15...15)

        await select(store, .pickClock)
        await store.send(.stepped(1)) { $0.form.settings.pickClockSeconds = 120 }
        await store.send(.stepped(1)) { $0.form.settings.pickClockSeconds = 300 }
        await store.send(.stepped(1)) { $0.form.settings.pickClockSeconds = nil }
        await store.send(.stepped(1))                                  // none is the last choice
        #expect(store.state.form.value(.pickClock) == "none")

        await select(store, .slot(.bench))
        await store.send(.stepped(-1)) { $0.form.settings.rosterSlots[.bench] = 5 }
        #expect(store.state.form.settings.draftRounds == 14)

        await select(store, .scoring)
        await store.send(.stepped(1)) { $0.form.settings.scoring = .preset(.ppr) }
        await store.send(.stepped(1))                                  // PPR is the last preset

        await select(store, .draftType)
        await store.send(.stepped(1)) { $0.form.settings.draftType = .linear }
        await store.send(.stepped(1)) { $0.form.settings.draftType = .thirdRoundReversal }
        #expect(store.state.isDirty)

        await select(store, .visibility)
        await store.send(.stepped(1)) { $0.form.isPublic = false }
        await select(store, .submit)
        await store.send(.stepped(1))                                  // nothing to step on the button
        store.finish()
    }

    @Test func playoffTeamsSetTheirWeeksAndNeverExceedTheLeague() async {
        let store = store(on: .playoffTeams)
        await store.send(.stepped(1)) { $0.form.settings.playoffTeams = 6; $0.form.settings.playoffWeeks = 15...17 }
        #expect(store.state.form.help(.playoffTeams).contains("weeks 15–17"))
        await store.send(.stepped(-1)) { $0.form.settings.playoffTeams = 4; $0.form.settings.playoffWeeks = 15...16 }
        await store.send(.stepped(-1)) { $0.form.settings.playoffTeams = 2; $0.form.settings.playoffWeeks = 15...15 }
        await store.send(.stepped(1)) { $0.form.settings.playoffTeams = 4; $0.form.settings.playoffWeeks = 15...16 }
        await store.send(.stepped(1)) { $0.form.settings.playoffTeams = 6; $0.form.settings.playoffWeeks = 15...17 }
        await select(store, .teams)
        for n in 6...9 { await store.send(.stepped(-1)) { $0.form.settings.teamCount = 9 - (n - 6) } }
        // Five teams: six playoff teams don't fit, four do.
        await store.send(.stepped(-1)) {
            $0.form.settings.teamCount = 5
            $0.form.settings.playoffTeams = 4; $0.form.settings.playoffWeeks = 15...16
        }
        await store.send(.stepped(-1)) { $0.form.settings.teamCount = 4 }
        store.finish()
    }

    @Test func faabAddsTheBudgetRowAndTheCursorStaysPut() async {
        let store = store(on: .waiverType)
        let row = store.state.focus
        await store.send(.stepped(1)) { $0.form.settings.waiverType = .faab }
        #expect(store.state.focus == row && store.state.focused == .waiverType)
        await store.send(.moved(1)) { $0.focus = row + 1 }
        #expect(store.state.focused == .faabBudget)
        await store.send(.stepped(1)) { $0.form.settings.faabBudget = 110 }
        for budget in stride(from: 120, through: 1_000, by: 10) { await store.send(.stepped(1)) { $0.form.settings.faabBudget = budget } }
        await store.send(.stepped(1))                                  // $1,000 is the most
        await store.send(.moved(-1)) { $0.focus = row }
        await store.send(.stepped(-1)) { $0.form.settings.waiverType = .rolling }
        #expect(!store.state.fields.contains(.faabBudget), "back to rolling: the budget row goes")
        store.finish()
    }

    @Test func typingOnTheNameRowEditsWithReadlineKeys() async {
        let store = store()
        await type(store, "Sunday junk", into: \.name)
        #expect(store.state.form.name.text == "Sunday junk", "j types while editing")
        await store.send(.key(.ctrl("w"))) { $0.form.name = self.name("Sunday ") }
        await type(store, "Funday", into: \.name)
        await store.send(.key(.ctrl("a"))) { $0.form.name.moveToStart() }
        await type(store, "The ", into: \.name)
        #expect(store.state.form.name.text == "The Sunday Funday")
        await store.send(.key(.enter)) { $0.editing = false; $0.focus = 1 }
        #expect(store.state.focused == .teamName, "Enter keeps the name and moves on")
        await type(store, "Lights Out", into: \.teamName)
        #expect(store.state.form.teamName.text == "Lights Out" && store.state.form.name.text == "The Sunday Funday")
        await store.send(.key(.up)) { $0.editing = false; $0.focus = 0 }
        await store.send(.key(.enter))
        await store.receive({ if case .activated = $0 { true } else { false } }) { $0.editing = true }
        await store.send(.key(.escape)) { $0.editing = false }
        #expect(store.state.form.name.text == "The Sunday Funday", "Esc stops editing and keeps the text")
        store.finish()
    }

    @Test func aNameCutAtItsLimitSaysSoBesideItAndKeepsTheFirst40() async {
        let store = store()
        await store.send(.pasted(String(repeating: "x", count: 50))) {
            $0.editing = true
            $0.form.name.insert(String(repeating: "x", count: 50))
            $0.rows.error = "Name takes at most 40 characters"; $0.rows.errorField = 0
        }
        #expect(store.state.form.name.text.count == 40)
        #expect(store.state.error?.field == .name && store.state.error?.message == "Name takes at most 40 characters")
        await store.send(.key(.backspace)) { $0.form.name.deleteBackward(); $0.rows.clearError() }
        #expect(store.state.error == nil && store.state.form.name.text.count == 39)
        store.finish()
    }

    @Test func theRowsOnScreenFollowTheValues() {
        var s = State(mode: .create)
        s.focus = s.fields.firstIndex(of: .slot(.bench))!
        _ = LeagueFormFeature.reduce(into: &s, action: .stepped(1), context: ctx)
        let bench = try! #require(s.rows.focused)
        #expect(bench.kind == .choice("7") && bench.section == "Roster · 17 players, 16 draft rounds")
        s.focus = s.fields.count - 1
        #expect(s.rows.focused?.kind == .button && s.rows.focused?.help == "Enter or ctrl-s")
        s.form.name.setText("Typed elsewhere")
        #expect(s.rows.fields[0].value.text == "Typed elsewhere", "a change to the values shows in the rows")
    }

    @Test func escWithoutChangesLeavesAndWithChangesAsksFirst() async {
        let store = store(on: .teams)
        await store.send(.escape)
        store.delegated(.back)

        await store.send(.stepped(1)) { $0.form.settings.teamCount = 11 }
        await store.send(.escape) {
            $0.confirmDiscard = ConfirmDialog(title: "Discard changes?", message: "Leave without creating the league? What you entered is lost.",
                                              confirmLabel: "Discard", cancelLabel: "Keep editing")
        }
        #expect(LeagueFormFeature.textEntry(store.state).isEditingText, "the question takes the keys")
        await store.send(.key(.char("n"))) { $0.confirmDiscard = nil }
        #expect(store.state.form.settings.teamCount == 11, "keep editing: nothing lost")

        let question = ConfirmDialog(title: "Discard changes?", message: "Leave without creating the league? What you entered is lost.",
                                     confirmLabel: "Discard", cancelLabel: "Keep editing")
        await store.send(.escape) { $0.confirmDiscard = question }
        await store.send(.key(.char("y"))) { $0.confirmDiscard = nil; $0.form = LeagueForm() }
        store.delegated(.back)
        store.finish()
    }

    @Test func submitChecksTheNameThenSendsTheCreateWrite() async {
        let store = store(on: .teams)
        await store.send(.stepped(1)) { $0.form.settings.teamCount = 11 }
        await store.send(.stepped(1)) { $0.form.settings.teamCount = 12 }
        await store.send(.submit) { $0.refuse("Give the league a name (1–40 characters)", at: .name) }
        #expect(store.state.focused == .name, "no name: nothing is sent, the cursor goes to the name")

        await store.send(.key(.char(" ")))
        await store.receive({ if case .typedToStart(" ") = $0 { true } else { false } }) {
            $0.editing = true; $0.form.name = self.name(" "); $0.rows.clearError()
        }
        await type(store, " Sunday Funday ", into: \.name)
        var expected = LeagueSettings(); expected.teamCount = 12
        let write = GatedWrite.createLeague(NewLeague(name: "Sunday Funday", settings: expected, isPublic: true, teamName: nil, season: nil))
        await store.send(.key(.ctrl("s"))) { $0.editing = false }
        store.delegated(.perform(write))                               // ctrl-s submits from the name field, trimmed

        let last = store.state.fields.count - 1
        await store.send(.list(.select(last))) { $0.focus = last }
        await store.send(.activated)
        store.delegated(.perform(write))                               // Enter on the last row submits
        store.finish()
    }

    @Test func aRefusalKeepsEveryValueAndPointsAtTheField() async {
        var start = State(mode: .create)
        start.form.name = name("Sunday Funday")
        start.form.settings.teamCount = 6
        let store = store(on: .submit, start)
        await store.send(.refused(field: "teamCount", message: "3 teams have managers — the league can't have fewer teams")) {
            $0.refuse("3 teams have managers — the league can't have fewer teams", at: .teams)
        }
        #expect(store.state.focused == .teams)
        #expect(store.state.error?.field == .teams)
        await store.send(.stepped(1)) { $0.form.settings.teamCount = 7; $0.rows.clearError() }
        #expect(store.state.error == nil, "changing the field clears its error")

        await store.send(.refused(field: "somethingElse", message: "No")) { $0.refuse("No", at: .submit) }
        #expect(store.state.focused == .submit && store.state.error?.field == .submit, "an unknown field shows at the submit row")
        store.finish()
    }

    @Test func editLoadsTheLeagueOnceAndSendsUpdateSettings() async {
        let store = TestStore(LeagueFormFeature.self, State(mode: .edit(Demo.nerds)), context: ctx)
        #expect(!store.state.isReady)
        var token = RequestToken(0)
        await store.send(.onAppear) { token = $0.detail.begin() }
        #expect(store.waitingIDs == [TaskID(LeagueFormFeature.EffectID.league(Demo.nerds))])
        let league = Demo.detail(Demo.nerds).league
        await store.receive({ if case .leagueLoaded = $0 { true } else { false } }) {
            $0.detail.finish(token, .success(Demo.detail(Demo.nerds)))
            $0.form = LeagueForm(settings: league.settings)
            $0.form.name.setText(league.name)
            $0.form.isPublic = league.isPublic
            $0.initial = $0.form
        }
        #expect(store.state.isReady)
        #expect(!store.state.fields.contains(.name), "the name isn't a setting")
        #expect(store.state.focused == .teams)
        await store.send(.stepped(-1)) { $0.form.settings.teamCount = 9 }
        await store.send(.onAppear)                                    // a reload after a refusal keeps the edits: no load
        var expected = league.settings; expected.teamCount = 9
        await store.send(.submit)
        store.delegated(.perform(.commissioner(.updateSettings(league: Demo.nerds, settings: expected))))
        store.finish()
    }

    @Test func settingsPageOffersEditOnlyToTheCommissionerBeforeTheDraft() {
        func lookup(_ id: LeagueID, _ caps: Capabilities) -> KeyLookup<LeagueSettingsFeature.Action> {
            var s = LeagueSettingsFeature.State(id: id)
            var d = Demo.detail(id); d.capabilities = caps
            s.detail = Loadable(d)
            return LeagueSettingsFeature.keymap(s).lookup(.char("E"))
        }
        guard case .action(.opened(.leagueForm(.edit(Demo.nerds)))) = lookup(Demo.nerds, Capabilities(signedIn: true, isCommissioner: true)) else { Issue.record("commissioner"); return }
        guard case .action(.opened(.leagueForm(.edit(Demo.nerds)))) = lookup(Demo.nerds, .signedOut) else { Issue.record("signed out goes through the gate"); return }
        func reason(_ l: KeyLookup<LeagueSettingsFeature.Action>) -> String? { if case .disabled(let r) = l { r } else { nil } }
        #expect(reason(lookup(Demo.nerds, Capabilities(signedIn: true))) == "Only the commissioner can change settings")
        // After the draft the commissioner edits the trade settings (the form shows only those).
        guard case .action(.opened(.leagueForm(.edit(Demo.greats)))) = lookup(Demo.greats, Capabilities(signedIn: true, isCommissioner: true)) else { Issue.record("in season"); return }
    }
}
