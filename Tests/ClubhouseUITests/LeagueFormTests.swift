import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The league form's reducer: moving between fields, stepping values at their limits, editing the name, asking before
/// discarding, submitting the gated write, and a refusal that keeps every value and points at the field.
@Suite struct LeagueFormTests {
    let ctx = PageContext(env: AppEnvironment(api: FakeLeague(), settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)

    /// Reduces `action` and the actions it sends at once; returns the delegates that came out.
    @discardableResult
    func send(_ s: inout LeagueFormFeature.State, _ action: LeagueFormFeature.Action) -> [PageDelegate] {
        var queue = [action], out: [PageDelegate] = []
        while !queue.isEmpty {
            let effect = LeagueFormFeature.reduce(into: &s, action: queue.removeFirst(), context: ctx)
            out += effect.delegated
            queue += effect.sentActions
        }
        return out
    }

    func keys(_ s: inout LeagueFormFeature.State, _ text: String) { for c in text { send(&s, .key(.char(c))) } }

    func focus(_ s: inout LeagueFormFeature.State, on field: LeagueFormField) {
        s.focus = s.fields.firstIndex(of: field)!
    }

    @Test func createStartsFromTheSpecDefaultsOnTheNameRow() {
        let s = LeagueFormFeature.State(mode: .create)
        #expect(s.focused == .name)
        #expect(s.form.settings == LeagueSettings())
        #expect(s.form.settings.teamCount == 10 && s.form.settings.pickClockSeconds == 90 && s.form.settings.scoring.preset == .halfPPR)
        #expect(s.fields.first == .name && s.fields.last == .submit)
        #expect(!s.fields.contains(.faabBudget), "the budget row only shows with FAAB")
        #expect(LeagueFormFeature.isEditingText(s), "typing on the name row edits it")
        #expect(!s.isDirty)
    }

    @Test func jkAndArrowsMoveAndStopAtTheEnds() {
        var s = LeagueFormFeature.State(mode: .create)
        send(&s, .moved(-1))
        #expect(s.focus == 0)
        send(&s, .key(.char("j")))
        #expect(s.focused == .teamName, "j moves off the name row without typing")
        send(&s, .key(.char("j")))
        #expect(s.focused == .visibility)
        #expect(s.form.name.text.isEmpty && s.form.teamName.text.isEmpty)
        send(&s, .moved(1))
        #expect(s.focused == .teams)
        #expect(!LeagueFormFeature.isEditingText(s))
        #expect(LeagueFormFeature.keymap(s).action(for: .char("k")).map { if case .moved(-1) = $0 { true } else { false } } == true)
        for _ in 0..<40 { send(&s, .moved(1)) }
        #expect(s.focused == .submit)
        send(&s, .list(.top))
        #expect(s.focused == .name)
    }

    @Test func valuesStepOneAtATimeAndStopAtTheirLimits() {
        var s = LeagueFormFeature.State(mode: .create)
        focus(&s, on: .teams)
        for _ in 0..<10 { send(&s, .stepped(1)) }
        #expect(s.form.settings.teamCount == 16)
        for _ in 0..<20 { send(&s, .stepped(-1)) }
        #expect(s.form.settings.teamCount == LeagueSettings.allowedTeamCounts.lowerBound)
        #expect(s.form.settings.playoffTeams == 2, "playoff teams follow the league size down")

        focus(&s, on: .pickClock)
        send(&s, .stepped(1)); #expect(s.form.settings.pickClockSeconds == 120)
        send(&s, .stepped(1)); #expect(s.form.settings.pickClockSeconds == 300)
        send(&s, .stepped(1)); #expect(s.form.settings.pickClockSeconds == nil)
        send(&s, .stepped(1)); #expect(s.form.settings.pickClockSeconds == nil, "none is the last choice")
        #expect(s.form.value(.pickClock) == "none")

        focus(&s, on: .slot(.bench))
        send(&s, .stepped(-1))
        #expect(s.form.settings.rosterSlots[.bench] == 5)
        #expect(s.form.settings.draftRounds == 14)

        focus(&s, on: .scoring)
        send(&s, .stepped(1)); #expect(s.form.settings.scoring == .preset(.ppr))
        send(&s, .stepped(1)); #expect(s.form.settings.scoring == .preset(.ppr))

        focus(&s, on: .draftType)
        send(&s, .stepped(1)); send(&s, .stepped(1))
        #expect(s.form.settings.draftType == .thirdRoundReversal)
        #expect(s.isDirty)
    }

    @Test func playoffTeamsSetTheirWeeksAndNeverExceedTheLeague() {
        var s = LeagueFormFeature.State(mode: .create)
        focus(&s, on: .playoffTeams)
        send(&s, .stepped(1))
        #expect(s.form.settings.playoffTeams == 6 && s.form.settings.playoffWeeks == 15...17)
        #expect(s.form.help(.playoffTeams).contains("weeks 15–17"))
        send(&s, .stepped(-1)); send(&s, .stepped(-1))
        #expect(s.form.settings.playoffTeams == 2 && s.form.settings.playoffWeeks == 15...15)
        send(&s, .stepped(1)); send(&s, .stepped(1))
        focus(&s, on: .teams)
        for _ in 0..<6 { send(&s, .stepped(-1)) }
        #expect(s.form.settings.teamCount == 4)
        #expect(s.form.settings.playoffTeams == 4, "six playoff teams don't fit four")
        #expect(s.form.settings.playoffWeeks == 15...16)
    }

    @Test func faabAddsTheBudgetRowAndTheCursorStaysPut() {
        var s = LeagueFormFeature.State(mode: .create)
        focus(&s, on: .waiverType)
        send(&s, .stepped(1))
        #expect(s.form.settings.waiverType == .faab)
        #expect(s.focused == .waiverType)
        send(&s, .moved(1))
        #expect(s.focused == .faabBudget)
        send(&s, .stepped(1))
        #expect(s.form.settings.faabBudget == 110)
        for _ in 0..<200 { send(&s, .stepped(1)) }
        #expect(s.form.settings.faabBudget == 1_000)
    }

    @Test func typingOnTheNameRowEditsWithReadlineKeys() {
        var s = LeagueFormFeature.State(mode: .create)
        keys(&s, "Sunday junk")
        #expect(s.editing)
        #expect(s.form.name.text == "Sunday junk", "j types while editing")
        send(&s, .key(.ctrl("w")))
        keys(&s, "Funday")
        #expect(s.form.name.text == "Sunday Funday")
        send(&s, .key(.ctrl("a"))); keys(&s, "The ")
        #expect(s.form.name.text == "The Sunday Funday")
        send(&s, .key(.enter))
        #expect(!s.editing)
        #expect(s.focused == .teamName, "Enter keeps the name and moves on")
        keys(&s, "Lights Out")
        #expect(s.form.teamName.text == "Lights Out" && s.form.name.text == "The Sunday Funday")
        send(&s, .moved(-1))
        send(&s, .key(.enter))
        #expect(s.editing, "Enter on the name row starts editing")
        send(&s, .key(.escape))
        #expect(!s.editing && s.form.name.text == "The Sunday Funday", "Esc stops editing and keeps the text")
    }

    @Test func aNameCutAtItsLimitSaysSoBesideItAndKeepsTheFirst40() {
        var s = LeagueFormFeature.State(mode: .create)
        send(&s, .pasted(String(repeating: "x", count: 50)))
        #expect(s.form.name.text.count == 40)
        #expect(s.error?.field == .name && s.error?.message == "Name takes at most 40 characters")
        send(&s, .key(.backspace))
        #expect(s.error == nil && s.form.name.text.count == 39)
    }

    @Test func theRowsOnScreenFollowTheValues() {
        var s = LeagueFormFeature.State(mode: .create)
        focus(&s, on: .slot(.bench))
        send(&s, .stepped(1))
        let bench = try! #require(s.rows.focused)
        #expect(bench.kind == .choice("7") && bench.section == "Roster · 17 players, 16 draft rounds")
        focus(&s, on: .submit)
        #expect(s.rows.focused?.help == "Enter or ctrl-s")
        s.form.name.setText("Typed elsewhere")
        #expect(s.rows.fields[0].value.text == "Typed elsewhere", "a change to the values shows in the rows")
    }

    @Test func escWithoutChangesLeavesAndWithChangesAsksFirst() {
        var s = LeagueFormFeature.State(mode: .create)
        focus(&s, on: .teams)
        #expect(send(&s, .escape) == [.back])

        send(&s, .stepped(1))
        #expect(send(&s, .escape) == [])
        #expect(s.confirmDiscard?.title == "Discard changes?")
        #expect(LeagueFormFeature.isEditingText(s), "the question takes the keys")
        #expect(send(&s, .key(.char("n"))) == [])
        #expect(s.confirmDiscard == nil && s.form.settings.teamCount == 11, "keep editing: nothing lost")

        send(&s, .escape)
        #expect(send(&s, .key(.char("y"))) == [.back])
        #expect(s.confirmDiscard == nil)
    }

    @Test func submitChecksTheNameThenSendsTheCreateWrite() {
        var s = LeagueFormFeature.State(mode: .create)
        focus(&s, on: .teams)
        send(&s, .stepped(2))
        #expect(send(&s, .submit) == [], "no name: nothing is sent")
        #expect(s.error?.field == .name)
        #expect(s.focused == .name)
        #expect(s.form.settings.teamCount == 12, "nothing lost")

        keys(&s, "  Sunday Funday ")
        #expect(s.error == nil, "typing clears the name's error")
        var expected = LeagueSettings(); expected.teamCount = 12
        let write = GatedWrite.createLeague(NewLeague(name: "Sunday Funday", settings: expected, isPublic: true, teamName: nil, seasonClock: LeagueForm.replaySeasonStart))
        #expect(send(&s, .key(.ctrl("s"))) == [.perform(write)], "ctrl-s submits from the name field")
        #expect(!s.editing)

        s.focus = s.fields.count - 1
        #expect(send(&s, .activated) == [.perform(write)], "Enter on the last row submits")
    }

    @Test func aRefusalKeepsEveryValueAndPointsAtTheField() {
        var s = LeagueFormFeature.State(mode: .create)
        keys(&s, "Sunday Funday")
        s.form.settings.teamCount = 6
        s.focus = s.fields.count - 1
        let before = s.form
        send(&s, .refused(field: "teamCount", message: "3 teams have managers — the league can't have fewer teams"))
        #expect(s.form == before)
        #expect(s.focused == .teams)
        #expect(s.error?.field == .teams && s.error?.message.contains("can't have fewer teams") == true)
        send(&s, .stepped(1))
        #expect(s.error == nil, "changing the field clears its error")

        send(&s, .refused(field: "somethingElse", message: "No"))
        #expect(s.focused == .submit && s.error?.field == .submit, "an unknown field shows at the submit row")
    }

    @Test func editLoadsTheLeagueOnceAndSendsUpdateSettings() async {
        var s = LeagueFormFeature.State(mode: .edit(Demo.nerds))
        #expect(!s.isReady)
        let fx = LeagueFormFeature.reduce(into: &s, action: .onAppear, context: ctx)
        #expect(fx.runIDs == [TaskID(LeagueFormFeature.EffectID.league(Demo.nerds))])
        for a in await fx.awaitActions() { _ = LeagueFormFeature.reduce(into: &s, action: a, context: ctx) }
        #expect(s.isReady)
        #expect(s.form.settings == Demo.detail(Demo.nerds).league.settings)
        #expect(!s.fields.contains(.name), "the name isn't a setting")
        #expect(s.focused == .teams)
        send(&s, .stepped(-1))
        #expect(LeagueFormFeature.reduce(into: &s, action: .onAppear, context: ctx).runIDs.isEmpty, "a reload after a refusal keeps the edits")
        #expect(s.form.settings.teamCount == 9)
        var expected = Demo.detail(Demo.nerds).league.settings; expected.teamCount = 9
        #expect(send(&s, .submit) == [.perform(.commissioner(.updateSettings(league: Demo.nerds, settings: expected)))])
    }

    @Test func settingsPageOffersEditOnlyToTheCommissionerBeforeTheDraft() {
        func lookup(_ id: LeagueID, _ caps: Capabilities) -> KeyLookup<LeagueSettingsFeature.Action> {
            var s = LeagueSettingsFeature.State(id: id)
            var d = Demo.detail(id); d.capabilities = caps
            s.detail = Loadable(d)
            return LeagueSettingsFeature.keymap(s).lookup(.char("E"))
        }
        guard case .action(.editOpened) = lookup(Demo.nerds, Capabilities(signedIn: true, isCommissioner: true)) else { Issue.record("commissioner"); return }
        guard case .action(.editOpened) = lookup(Demo.nerds, .signedOut) else { Issue.record("signed out goes through the gate"); return }
        func reason(_ l: KeyLookup<LeagueSettingsFeature.Action>) -> String? { if case .disabled(let r) = l { r } else { nil } }
        #expect(reason(lookup(Demo.nerds, Capabilities(signedIn: true))) == "Only the commissioner can change settings")
        #expect(reason(lookup(Demo.greats, Capabilities(signedIn: true, isCommissioner: true))) == "Settings are locked once the draft has started")
    }
}
