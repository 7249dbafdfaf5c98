import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The league form in the shell: `n` on Home opens it, it reads at 80×24, 60×16 and without colour, Esc asks before
/// discarding, and a refusal from the server lands next to its field.
@Suite struct LeagueFormRenderTests {
    var topForm: (Harness) -> LeagueFormFeature.State? = { h in if let s = h.state.top[LeagueFormFeature.self] { s } else { nil } }

    static func onForm(size: Size = Size(width: 80, height: 24), colorAllowed: Bool = true) async -> Harness {
        var h = await Harness.started(size: size, colorAllowed: colorAllowed)
        h.key(.char("n"))
        await h.settle()
        return h
    }

    @Test func nOnHomeOpensTheCreateForm() async {
        let h = await Self.onForm()
        #expect(h.state.top.page == .leagueForm(.create))
        #expect(h.state.pages == [.home, .leagueForm(.create)])
        #expect(Screen(h.state).sheetHeader.contains("New league"))
        #expect(h.state.sheet.detent == .full, "a form opens full: its name row takes every key, + included")
    }

    @Test func at80x24TheFieldsShowWithTheirHelp() async {
        var h = await Self.onForm()
        h.keys("Sunday Funday")
        h.key(.enter)                       // on to "Your team"
        h.key(.char("j")); h.key(.char("j")); h.key(.char("j"))
        let screen = Screen(h.state)
        #expect(screen.inSheet("Create a league — you'll be its commissioner"), "\(screen.text)")
        #expect(screen.inSheet("Name"))
        #expect(screen.inSheet("Sunday Funday"))
        #expect(screen.inSheet("Season"))
        #expect(screen.inSheet("2019 · live"), "the demo's clock is in the 2019 season: a league on it follows real time")
        #expect(screen.inSheet("public"))
        #expect(screen.inSheet("‹ 10 ›"), "the focused value shows its arrows")
        #expect(screen.inSheet("3–16 · odd counts give one bye a week"))
        #expect(screen.inSheet("Roster"))
        #expect(screen.footer.contains("h/l"), "\(screen.footer)")
        #expect(screen.footer.contains("ctrl-s"), "\(screen.footer)")
    }

    /// While the name is being typed, j and k are letters of it: the footer offers the arrows to move, not "j/k move".
    @Test func theFooterDoesNotOfferJKWhileTheyAreTyped() async {
        var h = await Self.onForm(size: Size(width: 120, height: 40))
        #expect(Screen(h.state).footer.contains("j/k move"), "on the name row, not editing: j moves")
        h.keys("Jake")
        #expect(topForm(h)?.editing == true)
        let footer = Screen(h.state).footer
        #expect(!footer.contains("j/k move") && footer.contains("↑/↓ move"), "\(footer)")
        h.key(.char("k"))
        #expect(Screen(h.state).inSheet("Jakek"), "k was typed")
    }

    /// A long choice keeps its arrows and a gap before its help, focused or not: the value column fits the widest one.
    @Test func aLongChoiceDoesNotRunIntoItsHelp() async {
        for size in [Size(width: 120, height: 40), Size(width: 200, height: 60), Size(width: 80, height: 24)] {
            var h = await Self.onForm(size: size)
            for _ in 0..<40 where topForm(h)?.focused != .draftType { h.key(.down) }
            h.key(.char("l")); h.key(.char("l"))
            #expect(topForm(h)?.form.settings.draftType == .thirdRoundReversal)
            let focused = Screen(h.state).lines.first { $0.contains("3rd-round") } ?? ""
            #expect(focused.contains("‹ 3rd-round reversal ›  "), "\(size): \(focused)")
            h.key(.down)
            let unfocused = Screen(h.state).lines.first { $0.contains("3rd-round") } ?? ""
            #expect(unfocused.contains("3rd-round reversal    "), "\(size): \(unfocused)")
        }
    }

    @Test func theLastRowsScrollIntoViewAndTheSubmitRowReads() async {
        var h = await Self.onForm()
        h.key(.char("j")); h.key(.char("j"))   // off the name rows (where G would type)
        h.key(.char("G"))
        let screen = Screen(h.state)
        #expect(screen.inSheet("[ Create league ]"), "\(screen.text)")
        #expect(screen.inSheet("Playoffs"))
        #expect(screen.inSheet("2, 4 or 6 · weeks 15–16"))
    }

    @Test func at60x16HelpMovesToTheLastLine() async {
        var h = await Self.onForm(size: Size(width: 60, height: 16))
        h.key(.char("j")); h.key(.char("j")); h.key(.char("j")); h.key(.char("j"))
        let screen = Screen(h.state)
        let c = screen.layout.sheetContent
        #expect(screen.inSheet("‹ 10 ›"), "\(screen.text)")
        #expect(screen.lines[c.bottom - 1].contains("3–16 · odd counts give one bye a week"), "\(screen.text)")
        #expect(screen.brokenFrameRows.isEmpty, "\(screen.text)")
    }

    @Test func withoutColourTheFocusStillShows() async {
        var h = await Self.onForm(colorAllowed: false)
        h.key(.char("j")); h.key(.char("j")); h.key(.char("j"))
        let screen = Screen(h.state)
        #expect(screen.inSheet("› Visibility"), "\(screen.text)")
        #expect(screen.inSheet("‹ public ›"))
    }

    @Test func escWithChangesAsksAndYesLeaves() async {
        var h = await Self.onForm()
        h.key(.char("j")); h.key(.char("j")); h.key(.char("j")); h.key(.char("j")); h.key(.char("l"))
        h.key(.escape)
        #expect(Screen(h.state).text.contains("Discard changes?"))
        #expect(h.state.top.page == .leagueForm(.create))
        h.key(.char("n"))
        #expect(topForm(h)?.form.settings.teamCount == 11, "kept")
        h.key(.escape); h.key(.char("y"))
        #expect(h.state.top.page == .home)
    }

    @Test func aValidationRefusalLandsNextToItsField() async {
        var h = await Self.onForm()
        h.keys("Sunday Funday")
        h.key(.ctrl("s"))
        await h.settle()
        #expect(h.state.top.page == .account(.signIn), "signed out: the gate asks first")
        let write = try! #require(h.state.pendingAction?.write)
        h.key(.escape)
        h.send(.gate(.performed(write, .invalid(field: "teamCount", message: "3 teams have managers — the league can't have fewer teams"))))
        await h.settle()
        #expect(h.state.top.page == .leagueForm(.create))
        #expect(topForm(h)?.focused == .teams)
        #expect(topForm(h)?.form.name.text == "Sunday Funday", "nothing typed is lost")
        #expect(h.toast == "3 teams have managers — the league can't have fewer teams")
        #expect(Screen(h.state).inSheet("✗ 3 teams have managers"), "\(Screen(h.state).text)")
    }

    @Test func eOnLeagueSettingsOpensTheEditFormFilledFromTheLeague() async {
        var h = await Harness.started()
        h.send(.open(.leagueSettings(Demo.nerds)))
        await h.settle()
        h.key(.char("E"))
        await h.settle()
        #expect(h.state.top.page == .leagueForm(.edit(Demo.nerds)))
        #expect(h.state.pages == [.home, .leagueSettings(Demo.nerds), .leagueForm(.edit(Demo.nerds))])
        let screen = Screen(h.state)
        let text = screen.text
        #expect(screen.inSheet("Sunday Nerds: settings"), "\(text)")
        #expect(screen.inSheet("› Teams"), "edit starts on the first setting: the name isn't one")
        #expect(screen.inSheet("‹ 10 ›"))
        #expect(screen.inSheet("PPR"))
        #expect(!screen.inSheet("Visibility"))
    }

    @Test func anEditFormForALeagueWhoseDraftStartedOffersOnlyTheTradeAndNextSeasonSettings() async {
        var h = await Harness.started()
        h.send(.open(.leagueForm(.edit(Demo.greats))))
        await h.settle()
        let screen = Screen(h.state)
        let text = screen.text
        #expect(screen.inSheet("The draft has started: only the trade and next-season settings can change now"), "\(text)")
        #expect(h.state.top[LeagueFormFeature.self]?.fields == [.tradeReview, .tradeReviewHours, .tradeDeadline, .tradePicks, .tradeExpiry, .leagueType, .submit])
        #expect(screen.inSheet("League type") && screen.inSheet("redraft"), "\(text)")
        #expect(screen.inSheet("league vote") && screen.inSheet("week 11") && !screen.inSheet("Waiver period"), "\(text)")
    }

    /// A keeper league's rules show under "Next season" once the league type is keeper, stepped with ←/→.
    @Test func theKeeperRulesAreInTheFormOfAKeeperLeague() {
        var form = LeagueForm()
        #expect(!form.fields(.create).contains(.keeperCount))
        #expect(form.step(.leagueType, by: 1) && form.settings.leagueType == .keeper)
        #expect(form.step(.leagueType, by: 1) && form.settings.leagueType == .dynasty, "dynasty follows keeper")
        #expect(form.step(.leagueType, by: 1) == false, "the last type")
        #expect(Array(form.fields(.create).suffix(5)) == [.leagueType, .rookieRounds, .futurePicks, .taxiSlots, .submit])
        #expect(form.value(.rookieRounds) == "4 rounds" && form.value(.futurePicks) == "the next 2 seasons'" && form.value(.taxiSlots) == "none")
        form.step(.taxiSlots, by: 1)
        #expect(form.value(.taxiSlots) == "1 place" && form.value(.taxiYears) == "first season")
        #expect(Array(form.fields(.create).suffix(3)) == [.taxiSlots, .taxiYears, .submit], "the years once there are places")
        #expect(form.problem(.create)?.field == .name, "the dynasty rules are valid; only the name is missing")
        form.step(.taxiSlots, by: -1)
        #expect(form.step(.leagueType, by: -1) && form.settings.leagueType == .keeper)
        let keeperRows: [LeagueFormField] = [.leagueType, .keeperCount, .keeperPenalty, .undraftedKeeperRound, .maxKeeperYears, .keeperDeadline,
                                             .futurePicks]
        #expect(Array(form.fields(.create).suffix(8)) == keeperRows + [.submit])
        #expect(form.value(.keeperCount) == "2 a team" && form.value(.keeperPenalty) == "1 round earlier" && form.value(.undraftedKeeperRound) == "round 10")
        #expect(form.value(.maxKeeperYears) == "no limit" && form.value(.keeperDeadline) == "24 h before the draft")
        form.step(.keeperDeadline, by: 1)
        form.step(.maxKeeperYears, by: 1)
        #expect(form.settings.keeperDeadlineHours == 48 && form.value(.maxKeeperYears) == "1 season")
        #expect(form.problem(.create)?.field == .name, "the keeper rules are valid; only the name is missing")
        #expect(LeagueFormField.named("keeperCount") == .keeperCount && LeagueFormField.named("keeperCost") == .leagueType)
        // Future picks: 0–3 seasons ahead, none in a redraft league or with an auction draft.
        #expect(form.value(.futurePicks) == "none")
        form.step(.futurePicks, by: 2)
        #expect(form.settings.futurePickSeasons == 2 && form.value(.futurePicks) == "the next 2 seasons'" && form.problem(.create)?.field == .name)
        form.step(.futurePicks, by: 5)
        #expect(form.settings.futurePickSeasons == 3 && LeagueFormField.named("futurePickSeasons") == .futurePicks)
        form.step(.leagueType, by: -1)
        #expect(form.settings.leagueType == .redraft && form.settings.futurePickSeasons == 0 && !form.fields(.create).contains(.futurePicks))
    }
}
