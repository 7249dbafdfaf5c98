import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// One page's render expectations.
struct PageCase: Sendable, CustomStringConvertible {
    var page: Page
    var endpoint: FakeLeague.Read?
    var crumb: String
    var loaded: [String]
    var footer: String
    /// The empty message, and whether the fake can produce it (else the state is set directly).
    var empty: String?
    var fakeEmpty = false
    var description: String { "\(page)" }
}

let pageCases: [PageCase] = [
    PageCase(page: .home, endpoint: .publicLeagues, crumb: "Home", loaded: ["Gridiron Greats", "Public leagues (3)"],
             footer: "enter open league", empty: "No public leagues yet", fakeEmpty: true),
    PageCase(page: .league(Demo.greats), endpoint: .league, crumb: "Home › Gridiron Greats", loaded: ["Gridiron Greats  ·  In season  ·  Week 9", "Tailgaters", "bot"],
             footer: "s standings", empty: "This league has nothing to show yet."),
    PageCase(page: .standings(Demo.greats), endpoint: .standings, crumb: "Gridiron Greats › Standings", loaded: ["Hail Marys", "6-2-0", "W3"],
             footer: "enter team roster", empty: "No standings yet", fakeEmpty: true),
    PageCase(page: .scoreboard(Demo.greats, week: 9), endpoint: .scoreboard, crumb: "Gridiron Greats › Week 9", loaded: ["Bits (6-2)", "Hail Marys (5-3)", "weeks 1–16"],
             footer: "enter open matchup", empty: "No matchups this week", fakeEmpty: true),
    PageCase(page: .matchup(Demo.greats, week: 9, team: Demo.bits), endpoint: .matchup, crumb: "Week 9 › Bits vs Bytes", loaded: ["Lamar Jackson", "Dalvin Cook", "112.4", "98.2"],
             footer: "enter open player", empty: "No matchup for this team this week."),
    PageCase(page: .roster(Demo.greats, team: Demo.bits), endpoint: .roster, crumb: "Gridiron Greats › Bits", loaded: ["Christian McCaffrey", "Waiver priority #4"],
             footer: "enter open player", empty: "This team has no players yet", fakeEmpty: true),
    PageCase(page: .player(Demo.cmc.id, league: Demo.greats), endpoint: .player, crumb: "Gridiron Greats › Christian McCaffrey",
             loaded: ["Christian McCaffrey · RB · Carolina Panthers (CAR) · bye 7", "Bits (alice)", "Game log"],
             footer: "t/enter his fantasy team", empty: "No data for this player."),
    PageCase(page: .freeAgents(Demo.greats), endpoint: .availablePlayers, crumb: "Gridiron Greats › Free agents", loaded: ["Darren Waller", "Sort season pts"],
             footer: "o sort", empty: "No available players", fakeEmpty: true),
    PageCase(page: .draftRoom(Demo.couch), endpoint: .draftRoom, crumb: "Couch Coaches › Draft room", loaded: ["Round 2 · pick 7 · on the clock: Bytes", "Cooper Kupp"],
             footer: "enter draft", empty: "Not started", fakeEmpty: true),
    PageCase(page: .scoringRules(Demo.greats), endpoint: .league, crumb: "Gridiron Greats › Scoring", loaded: ["Half-PPR scoring", "per passing yard"],
             footer: "e league settings", empty: "No scoring rules."),
    PageCase(page: .leagueSettings(Demo.greats), endpoint: .league, crumb: "Gridiron Greats › League settings", loaded: ["Half-PPR", "snake, 15 rounds"],
             footer: "c scoring rules", empty: "No settings."),
    PageCase(page: .settings, endpoint: nil, crumb: "Home › Settings", loaded: ["Theme", "system", "Mouse"], footer: "enter/space change"),
]

let sizes = [Size(width: 80, height: 24), Size(width: 160, height: 48)]

extension PageState {
    /// The page's data set to "loaded, nothing there" (for pages whose API never answers empty).
    mutating func forceEmpty() {
        self[LeagueFeature.self]?.detail = Loadable(load: .empty)
        self[MatchupFeature.self]?.detail = Loadable(load: .empty)
        self[PlayerFeature.self]?.detail = Loadable(load: .empty)
        self[ScoringRulesFeature.self]?.detail = Loadable(load: .empty)
        self[LeagueSettingsFeature.self]?.detail = Loadable(load: .empty)
    }
}

@Suite struct RenderTests {
    func opened(_ c: PageCase, size: Size, prepare: (FakeLeague) async -> Void = { _ in }, settle: Bool = true) async -> Harness {
        let fake = FakeLeague()
        var h = await Harness.started(fake: fake, size: size)
        await prepare(fake)
        h.send(.deepLink(c.page))
        if settle { await h.settle() }
        return h
    }

    /// Layout facts: breadcrumb (exact once loaded, else its shape), top bar, sheet edges.
    func checkChrome(_ s: Screen, _ c: PageCase, _ size: Size, exactCrumb: Bool = true) {
        if exactCrumb {
            #expect(s.sheetHeader.contains(c.crumb), "breadcrumb of \(c) at \(size): \(s.sheetHeader)")
        } else {
            #expect(s.sheetHeader.contains("Home"), "breadcrumb of \(c) at \(size): \(s.sheetHeader)")
            #expect(s.sheetHeader.components(separatedBy: " › ").count == c.page.path.count)
        }
        #expect(s.sheetHeader.hasPrefix("├─ ") || s.sheetHeader.hasPrefix("┌─ "))
        #expect(s.sheetHeader.contains(" half "))
        #expect(s.topBar.contains("Clubhouse League"))
        #expect(s.topBar.hasSuffix("signed out · ? help "))
        #expect(s.lines[s.layout.sheet.bottom - 1].hasPrefix("└"))
    }

    @Test(arguments: pageCases, sizes) func loaded(_ c: PageCase, size: Size) async {
        let h = await opened(c, size: size)
        let s = Screen(h.state)
        checkChrome(s, c, size)
        for text in c.loaded { #expect(s.inSheet(text), "\(text) inside the sheet for \(c) at \(size)\n\(s.text)") }
        #expect(s.footer.contains(c.footer), "footer of \(c): \(s.footer)")
        #expect(s.footer.contains("? help"))
        #expect(!s.text.contains("Loading"))
    }

    @Test(arguments: pageCases.filter { $0.endpoint != nil }, sizes) func loading(_ c: PageCase, size: Size) async {
        let h = await opened(c, size: size, settle: false)
        let s = Screen(h.state)
        checkChrome(s, c, size, exactCrumb: false)
        #expect(s.inSheet("Loading"), "spinner for \(c) at \(size)\n\(s.text)")
        #expect(s.footer.contains("? help"), "the rest stays usable")
        #expect(s.inBoard("Gridiron Greats") || c.page.leagueID != nil, "the board keeps what it had")
    }

    @Test(arguments: pageCases.filter { $0.endpoint != nil }, sizes) func failed(_ c: PageCase, size: Size) async {
        let h = await opened(c, size: size, prepare: { await $0.fail(c.endpoint!) })
        let s = Screen(h.state)
        #expect(s.inSheet("✖ Couldn't reach the league"), "error for \(c) at \(size)\n\(s.text)")
        #expect(s.inSheet("r retry"))
        // r retries and recovers.
        var again = h
        await again.fake.succeed(c.endpoint!)
        again.key(.char("r"))
        await again.settle()
        let t = Screen(again.state)
        #expect(t.inSheet(c.loaded[0]), "retry recovered \(c)\n\(t.text)")
    }

    @Test(arguments: pageCases.filter { $0.empty != nil }, sizes) func empty(_ c: PageCase, size: Size) async {
        var h = await opened(c, size: size, prepare: { if c.fakeEmpty { await $0.answerEmpty(c.endpoint!) } })
        if !c.fakeEmpty { h.state.sheet.top.state.forceEmpty() }
        let s = Screen(h.state)
        // A page with nothing loaded borrows names the board knows; only a player's name has no other source.
        let knowsName: Bool = if case .player = c.page { false } else { true }
        checkChrome(s, c, size, exactCrumb: knowsName)
        #expect(s.inSheet(c.empty!), "empty message for \(c) at \(size)\n\(s.text)")
    }

    @Test(arguments: SheetDetent.allCases, sizes) func sheetDetents(_ detent: SheetDetent, size: Size) async {
        var h = await Harness.started(size: size)
        h.setDetent(detent)
        let s = Screen(h.state)
        let l = s.layout
        #expect(s.sheetHeader.contains("Home"))
        #expect(s.sheetHeader.contains(" \(detent.name) "))
        #expect(l.sheet.bottom == size.height - 1, "sheet ends right above the footer")
        switch detent {
        case .peek:
            #expect(l.sheet.height == 3)
            #expect(s.inBoard("Couch Coaches"), "the board fills the rest")
        case .half:
            #expect(abs(l.sheet.height - l.board.height) <= 1)
            #expect(s.inBoard("Gridiron Greats") && s.inSheet("Gridiron Greats"))
        case .full:
            #expect(l.board.height == 0)
            #expect(s.sheetHeader.hasPrefix("┌"), "the sheet reaches the top")
            #expect(!s.lines[1].contains("board ·"))
            #expect(s.inSheet("Couch Coaches"))
        }
        if detent != .full { #expect(s.lines[1].hasPrefix("┌ board · Featured leagues")) }
    }

    @Test func boardShowsStandingsAndTheWeekSideBySide() async {
        var h = await Harness.started(size: Size(width: 160, height: 48))
        h.send(.open(.league(Demo.greats)))
        await h.settle()
        let s = Screen(h.state)
        #expect(s.lines[1].contains("board · Gridiron Greats · Standings · Week 9"))
        #expect(s.topBar.contains("Clubhouse League · Gridiron Greats · Week 9"))
        let row = try! #require(s.lines.firstIndex { $0.contains("Hail Marys") && $0.contains("5-3") })
        #expect(s.inBoard("Week 9"))
        #expect(row < s.layout.sheet.y)
    }

    @Test func draftBoardShowsTheGridAndWhoIsOnTheClock() async {
        var h = await Harness.started(size: Size(width: 160, height: 48))
        h.send(.open(.draftRoom(Demo.couch)))
        await h.settle()
        let s = Screen(h.state)
        #expect(s.inBoard("C. McCaffrey"))
        #expect(s.inBoard("on the clock"))
        #expect(s.inBoard("R1") && s.inBoard("R2"))
        #expect(s.inSheet("Round 2 · pick 7 · on the clock: Bytes"), "snake: round 2 runs backwards")
    }

    @Test func noColorIsMonochromeWithReverseVideoSelection() async {
        let h = await Harness.started(colorAllowed: false)
        let s = Screen(h.state)
        #expect(s.firstColouredCell == nil, "colour at \(String(describing: s.firstColouredCell))")
        let row = try! #require(s.lines.indices.first { $0 >= s.layout.sheetContent.y && s.lines[$0].contains("Gridiron Greats") })
        #expect(s.buffer[3, row].style.attributes.contains(.reverse), "selected row is reverse video")
        #expect(s.text.contains("Gridiron Greats"))
    }

    @Test func colourThemeUsesColourForSelection() async {
        let h = await Harness.started()
        let s = Screen(h.state)
        let row = try! #require(s.lines.indices.first { $0 >= s.layout.sheetContent.y && s.lines[$0].contains("Gridiron Greats") })
        #expect(s.buffer[3, row].style.background != .default)
    }

    @Test func aNarrowMatchupShowsTheSelectedPlayersStatLine() async {
        var h = await Harness.started()
        h.send(.deepLink(.matchup(Demo.greats, week: 9, team: Demo.bits)))
        await h.settle()
        var s = Screen(h.state)
        #expect(s.lines[s.layout.sheetContent.bottom - 1].contains("Lamar Jackson: 17/24 163 yd 1 TD · 16 car 103 yd vs NE"))
        for _ in 0..<4 { h.key(.char("j")) }
        h.key(.char("l"))
        s = Screen(h.state)
        #expect(s.lines[s.layout.sheetContent.bottom - 1].contains("Julio Jones: 6 rec 152 yd vs NO"))
        h.send(.event(.resize(Size(width: 160, height: 48))))
        s = Screen(h.state)
        #expect(s.inSheet("Opp") && s.inSheet("Stats"), "wide screens show stat lines in the table")
    }

    @Test func breadcrumbShortensFromTheLeft() {
        let crumb = Breadcrumb.text(["Home", "Gridiron Greats", "Week 9", "Bits vs Bytes"], width: 30)
        #expect(crumb == "… › Week 9 › Bits vs Bytes")
        #expect(crumb.count <= 30)
    }

    @Test func aWideCharacterNameKeepsTheLayout() async {
        var h = await Harness.started()
        if var home = h.state.top[HomeFeature.self] {
            var l = Demo.summaries
            l[0].name = "日本 Fantasy 🏈"
            home.publicLeagues = Loadable(l)
            h.state.sheet.top.state[HomeFeature.self] = home
        }
        let s = Screen(h.state)
        let row = try! #require(s.lines.firstIndex { $0.contains("日本 Fantasy") && $0.hasPrefix("│") })
        #expect(s.lines[row].hasSuffix("│"))
    }
}
