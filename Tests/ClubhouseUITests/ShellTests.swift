import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

@Suite struct ShellTests {
    @Test func theBoardFollowsThePageOnTop() async {
        var h = await Harness.started()
        #expect(h.state.board.context == .featured)
        h.send(.open(.league(Demo.greats)))
        await h.settle()
        #expect(h.state.board.context.leagueID == Demo.greats)
        #expect(h.state.board.standings.value?.count == 4)
        h.send(.open(.draftRoom(Demo.greats)))
        await h.settle()
        #expect(h.state.board.context == .draft(Demo.greats))
        h.key(.escape)
        #expect(h.state.board.context.leagueID == Demo.greats)
        h.key(.escape)
        #expect(h.state.board.context == .featured)
    }

    /// At 60 columns the board's standings keep rank, team and record, so the names can be read; from 80 they show
    /// the points too.
    @Test func narrowStandingsOnTheBoardKeepTheTeamNamesReadable() async {
        var narrow = await Harness.started(size: Size(width: 60, height: 16))
        narrow.send(.open(.league(Demo.greats)))
        await narrow.settle()
        let n = Screen(narrow.state)
        let names = n.inBoard("Hail Marys") && n.inBoard("Tailgaters"), points = n.inBoard(" PF")
        #expect(names, "\(n.text)")
        #expect(!points, "\(n.text)")
        var wide = await Harness.started(size: Size(width: 80, height: 24))
        wide.send(.open(.league(Demo.greats)))
        await wide.settle()
        let w = Screen(wide.state)
        let widePoints = w.inBoard(" PF") && w.inBoard("Hail Marys")
        #expect(widePoints, "\(w.text)")
    }

    @Test func theBoardKeepsWhatItLoadedAndReloadsOnlyANewWeek() async {
        let fake = FakeLeague()
        var h = await Harness.started(fake: fake)
        h.send(.open(.league(Demo.greats)))
        await h.settle()
        h.send(.open(.scoreboard(Demo.greats, week: nil)))
        await h.settle()
        let standingsCalls = await fake.calls[.standings]
        h.key(.char("l"))                       // week 10 on the page and on the board
        await h.settle()
        #expect(h.state.board.scoreboard.value?.week == 10)
        #expect(await fake.calls[.standings] == standingsCalls, "standings are kept, not reloaded")
    }

    @Test func liveEventsRefreshTheBoardWithoutASpinner() async {
        let fake = FakeLeague()
        fake.eventLog.append(LeagueEvent(id: 7, leagueID: Demo.greats, kind: .matchupsFinalized, payload: "{}", at: Demo.now))
        fake.eventLog.append(LeagueEvent(id: 8, leagueID: Demo.nerds, kind: .memberJoined, payload: "{}", at: Demo.now))
        var h = await Harness.started(fake: fake)
        h.send(.open(.league(Demo.greats)))
        #expect(h.state.board.following == Demo.greats)
        await h.settle()
        #expect(h.state.board.lastEventID == 7, "only the followed league's events count")
        #expect(await fake.calls[.standings] == 2, "loaded once, refreshed once after the event")
        #expect(h.state.board.standings.value?.count == 4)
        // A refresh keeps what is shown: no spinner.
        _ = AppReducer.send(.board(.refreshDue), into: &h.state, env: h.env)
        #expect(!h.state.board.standings.isLoading && h.state.board.standings.value != nil)
    }

    @Test func liveEventsRefreshTheDraftRoomPageInPlace() async {
        let fake = FakeLeague()
        fake.eventLog.append(LeagueEvent(id: 3, leagueID: Demo.couch, kind: .pickMade, payload: "{}", at: Demo.now))
        var h = await Harness.started(fake: fake)
        h.send(.open(.draftRoom(Demo.couch)))
        await h.settle()
        #expect(await fake.calls[.draftRoom] == 4, "board and page loaded, then both refreshed after the pick")
        _ = AppReducer.send(.board(.refreshDue), into: &h.state, env: h.env)
        guard let room = h.state.top[DraftRoomFeature.self] else { Issue.record("not the draft room"); return }
        #expect(!room.room.isLoading && room.room.value != nil, "the room stays on screen while it refreshes")
        #expect(Screen(h.state).inSheet("on the clock: Bytes"))
    }

    @Test func anOpenMatchupIsHighlightedOnTheBoardInsideTheVisibleBand() async {
        for detent in [SheetDetent.peek, .half] {
            var h = await Harness.started()
            h.send(.deepLink(.matchup(Demo.greats, week: 9, team: Demo.tailgaters)))
            await h.settle()
            h.setDetent(detent)
            #expect(h.state.board.highlight == .matchup(Demo.tailgaters))
            let s = Screen(h.state)
            let row = try! #require(s.lines.firstIndex { $0.contains("Tailgaters") && $0.contains("Hail Marys") })
            #expect(s.layout.boardContent.y <= row && row < s.layout.boardContent.bottom, "highlight visible at \(detent)")
            let cellX = s.lines[row].distance(of: "Tailgaters")!
            #expect(s.buffer[cellX, row].style == Theme.dark.style(.highlight))
        }
    }

    @Test func aPlayerHighlightsTheTeamThatRostersHim() async {
        var h = await Harness.started()
        h.send(.deepLink(.player(Demo.cmc.id, league: Demo.greats)))
        await h.settle()
        #expect(h.state.board.highlight == .team(Demo.bits))
    }

    @Test func tabMovesFocusToTheBoardAndEnterOpensItsRow() async {
        var h = await Harness.started()
        h.key(.tab) { $0.sheet.focus = .board; $0.board.selection = ListState(selected: 0) }   // the board's first row selected
        h.key(.char("j"))
        h.key(.enter)
        await h.settle()
        #expect(h.state.pages.last == .league(Demo.nerds))
        #expect(h.state.sheet.focus == .sheet)
    }

    @Test func theFocusedDraftBoardSelectsAPickAndOpensItsPlayer() async {
        var h = await Harness.started()
        h.send(.open(.draftRoom(Demo.couch)))
        await h.settle()
        h.key(.tab)
        h.key(.char("j"))
        let s = Screen(h.state)
        let row = try! #require(s.lines.firstIndex { $0.contains("D. Cook") })
        let x = s.lines[row].distance(of: "D. Cook")!
        #expect(s.buffer[x, row].style == Theme.dark.style(.selection))
        h.key(.enter)
        await h.settle()
        #expect(h.state.pages.last == .player(Demo.cook.id, league: Demo.couch))
    }

    @Test func disabledKeysExplainThemselves() async {
        var h = await Harness.started()
        h.send(.open(.league(Demo.nerds)))      // pre-draft: no free agents yet
        await h.settle()
        h.key(.char("f"))
        #expect(h.state.pages.last == .league(Demo.nerds))
        #expect(h.toast == "the draft hasn't happened yet")
        h.send(.tick(clock: .seconds(10), date: Demo.now))
        #expect(h.toast == nil)
        #expect(h.state.toasts.toasts.isEmpty, "expired toasts are pruned on tick")
    }

    @Test func helpListsEveryBindingAndSearches() async {
        var h = await Harness.started()
        h.key(.char("?"))
        var s = Screen(h.state)
        #expect(s.text.contains("filter by state"))
        h.key(.char("/"))
        h.keys("sheet")
        s = Screen(h.state)
        #expect(s.text.contains("bigger sheet"))
        #expect(!s.text.contains("filter by state"))
        h.key(.escape)                  // clears the search
        h.key(.escape)                  // leaves the search field
        #expect(h.state.help != nil)
        h.key(.escape)                  // closes
        #expect(h.state.help == nil)
        #expect(h.state.pages == [.home], "esc in help never pops a page")
    }

    @Test func mouseClickSelectsThenOpensAndWheelScrolls() async {
        var h = await Harness.started()
        let s = Screen(h.state)
        let row = try! #require(s.lines.indices.first { s.layout.sheetContent.y <= $0 && s.lines[$0].contains("Sunday Nerds") && s.lines[$0].contains("Pre-draft") })
        h.mouse(.press(.left), x: 5, y: row)
        guard let home = h.state.top[HomeFeature.self] else { Issue.record("not home"); return }
        #expect(home.list.selected == 1)
        h.mouse(.press(.left), x: 5, y: row)
        await h.settle()
        #expect(h.state.pages.last == .league(Demo.nerds))
    }

    @Test func draggingTheSheetEdgeSnapsToADetent() async {
        var h = await Harness.started(size: Size(width: 80, height: 24))
        let edge = h.layout.sheet.y
        h.mouse(.press(.left), x: 10, y: edge)
        h.mouse(.drag(.left), x: 10, y: 2)
        #expect(h.layout.sheet.y == 2, "the edge follows the drag")
        h.mouse(.release(.left), x: 10, y: 2)
        #expect(h.state.sheet.detent == .full)
        h.mouse(.press(.left), x: 10, y: h.layout.sheet.y)
        h.mouse(.drag(.left), x: 10, y: 21)
        h.mouse(.release(.left), x: 10, y: 21)
        #expect(h.state.sheet.detent == .peek)
        h.mouse(.drag(.left), x: 10, y: 2)
        #expect(h.state.sheet.detent == .peek, "no drag after release")
    }

    @Test func mouseOffInSettingsIgnoresClicks() async {
        var h = await Harness.started()
        h.state.settings.mouse = false
        h.mouse(.press(.left), x: 5, y: h.layout.sheetContent.y + 3)
        guard let home = h.state.top[HomeFeature.self] else { Issue.record("Home is not on top: \(h.state.top.page)"); return }
        #expect(home.list.selected == 0)
    }

    @Test func plusAndMinusChangeTheDetent() async {
        var h = await Harness.started()
        #expect(h.state.sheet.detent == .half)
        let now = h.state.clock
        h.key(.char("+")) { $0.sheet.setDetent(.full, now: now, animated: false) }
        h.key(.char("-")) { $0.sheet.setDetent(.half, now: now, animated: false) }
        h.key(.char("-")) { $0.sheet.setDetent(.peek, now: now, animated: false) }
        h.key(.char("-")) { _ in }                             // peek is the smallest: nothing changes
    }

    @Test func anAppStateChangeTheTestDidNotStateFails() async {
        var h = await Harness.started()
        withKnownIssue { h.key(.char("+")) { _ in } }          // the sheet grew, and the test said nothing changes
        withKnownIssue { h.key(.tab) { $0.sheet.focus = .board } }   // the board's selection was set too
    }

    @Test func aKeyThatDoesNothingFailsUnlessTheTestSaysItIsIgnored() async {
        var h = await Harness.started()
        h.key(.char("+"))                                       // half → full
        let full = h.state
        withKnownIssue { h.key(.char("+")) }                    // full is the largest: a dead key where it was pressed
        h.keyIgnored(.char("+"))                                // said so: passes
        withKnownIssue { h.keyIgnored(.char("-")) }             // the sheet shrank: not ignored
        #expect(h.state != full)
    }

    @Test func homeStateFilterReloadsFromTheServer() async {
        let fake = FakeLeague()
        var h = await Harness.started(fake: fake)
        h.key(.char("t"))          // predraft
        await h.settle()
        guard let home = h.state.top[HomeFeature.self] else { Issue.record("Home is not on top: \(h.state.top.page)"); return }
        #expect(home.stateFilter == .predraft)
        #expect(home.publicLeagues.value?.map(\.name) == ["Sunday Nerds"])
    }

    @Test func theTopBarEndsInAnEllipsisRatherThanCuttingWordsAtSixtyColumns() async {
        let fake = FakeLeague()
        let long = await fake.addAccount(email: "max@example.com", password: "correct horse", displayName: "Maximiliana Featherstonehaugh")
        await fake.setSignedIn(long)
        var h = await Harness.started(fake: fake, size: Size(width: 60, height: 16))
        h.send(.deepLink(.matchup(Demo.greats, week: 9, team: Demo.tailgaters)))
        await h.settle()
        let bar = Screen(h.state).topBar
        // The name gives way to 16 cells first, then the league line ends in "…"; the help hint keeps its place.
        #expect(bar == " Clubhouse League · Gridiron Gre… Maximiliana Fea… · ? help ")

        h.send(.event(.resize(Size(width: 120, height: 40))))
        let wide = Screen(h.state).topBar
        #expect(wide.contains("Clubhouse League · Gridiron Greats · Week 9") && wide.contains("Maximiliana Featherstonehaugh · ? help"), "\(wide)")
    }

    @Test func tooSmallScreenRecoversWhenEnlarged() async {
        var h = await Harness.started()
        h.send(.event(.resize(Size(width: 59, height: 16))))
        #expect(Screen(h.state).text.contains("Terminal too small: 59×16, needs 60×16"))
        for k: Key in [.enter, .char("j"), .tab, .char("+"), .char("?")] { h.key(k) { _ in } }   // keys do nothing while too small
        #expect(h.state.pages == [.home])
        h.send(.event(.resize(Size(width: 60, height: 16))))
        #expect(Screen(h.state).sheetHeader.contains("Home"))
    }

    @Test func programRunsOnTheToolkitDriver() async {
        let program = ClubhouseProgram(api: FakeLeague(), settingsStore: InMemorySettingsStore(UserSettings(theme: .light)),
                                       monochrome: true, environment: [:], now: { Demo.now })
        #expect(program.state.settings.theme == .light)
        #expect(program.state.theme == .monochrome)
        let backend = HeadlessBackend(size: Size(width: 80, height: 24))
        let driver = ProgramDriver(program: program, backend: backend)
        driver.start(now: .zero)
        var t = Duration.zero
        for _ in 0..<20 {
            await eventually { driver.hasPendingMessages || driver.runningTaskCount == 0 }
            t += .milliseconds(10)
            _ = driver.deliverMessages(now: t)
            if driver.runningTaskCount == 0 && !driver.hasPendingMessages { break }
        }
        driver.renderIfNeeded(now: t, force: true)
        #expect(backend.lines().joined(separator: "\n").contains("Gridiron Greats"))
        #expect(driver.program.nextWakeUp(context: driver.context(now: t)) == nil, "idle: no wake-ups")
        driver.send([.key(.tab), .key(.char("q"))], now: t)
        #expect(driver.finished)
    }

    @Test func monochromeIsRequestedByNoColorOrFlag() {
        #expect(ClubhouseProgram.monochromeRequested(environment: ["NO_COLOR": "1"], arguments: []))
        #expect(ClubhouseProgram.monochromeRequested(environment: [:], arguments: ["clubhouse", "--no-color"]))
        #expect(!ClubhouseProgram.monochromeRequested(environment: ["NO_COLOR": ""], arguments: []))
    }

    @Test func aSpinnerAsksForWakeUps() async {
        var program = ClubhouseProgram(api: FakeLeague(), settingsStore: InMemorySettingsStore(), environment: [:], now: { Demo.now })
        let context = ProgramContext(now: .milliseconds(5), size: Size(width: 80, height: 24))
        let start = program.start(context: context)
        #expect(!start.quits)
        #expect(program.state.isLoading)
        #expect(program.nextWakeUp(context: context) == .milliseconds(80))
    }

    /// What reaches the run loop: the shell answers a page's requests with its own actions — requests made at once
    /// where they stand, and requests running work sends later (a load that found the session ended) as they come —
    /// while work keeps its id and cancels stay.
    @Test func theShellAnswersRequestsWhereTheyStandAndWorkKeepsItsID() async {
        let fx = Effect<Int>.merge(.run(id: ShellTestID.a) { 1 }, .cancel(id: ShellTestID.b), .send(3), .delegate(.back),
                                   .run { send in send(4); send(request: .sessionEnded) })
        let answered: Command<Int, Never> = fx.answeringRequests { $0 == .back ? 99 : 100 }
        let kinds = answered.operations.map { op -> String in
            switch op {
            case .run(let id, _): id == TaskID(ShellTestID.a) ? "run a" : id == nil ? "run" : "run ?"
            case .cancel(let id): id == TaskID(ShellTestID.b) ? "cancel b" : "cancel ?"
            case .send(let m): "send \(m)"
            case .quit: "quit"
            }
        }
        #expect(kinds == ["run a", "cancel b", "send 3", "send 99", "run"])
        #expect(await answered.awaitActions() == [1, 4, 100], "the later request arrives as the shell's action, after what came before it")
    }

    /// Effect ids are typed per feature: two features' ids that look alike are still different tasks.
    @Test func idsOfTwoFeaturesNeverMeet() {
        #expect(TaskID(ShellTestID.a) == TaskID(ShellTestID.a))
        #expect(TaskID(ShellTestID.a) != TaskID(OtherTestID.a))
        #expect(TaskID(RosterFeature.EffectID.league(Demo.nerds)) != TaskID(ClaimsFeature.EffectID.league(Demo.nerds)))
    }
}

final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ s: String) { lock.withLock { items.append(s) } }
    var values: [String] { lock.withLock { items } }
}

extension String {
    /// Column (in characters) where `s` starts.
    func distance(of s: String) -> Int? { range(of: s).map { self[..<$0.lowerBound].count } }
}

private enum ShellTestID: EffectIdentifier { case a, b }
private enum OtherTestID: EffectIdentifier { case a }
