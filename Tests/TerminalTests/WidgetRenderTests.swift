import Testing
@testable import Terminal

/// Renders `widget` into a fresh buffer of `width`×`height` and returns trimmed lines.
func rendered(_ widget: some Widget, width: Int, height: Int) -> [String] {
    var b = Buffer(size: Size(width: width, height: height))
    b.render(widget, in: b.area)
    return b.text().components()
}

extension String {
    /// Lines of a multi-line string.
    func components() -> [String] { split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
}

@Suite struct WidgetRenderTests {
    @Test func blockDrawsBoxAndTitle() {
        #expect(rendered(Block(title: "Standings", trailingTitle: "12"), width: 20, height: 3) == [
            "┌ Standings ── 12 ─┐",
            "│                  │",
            "└──────────────────┘",
        ])
        #expect(Block().inner(Rect(x: 0, y: 0, width: 20, height: 3)) == Rect(x: 1, y: 1, width: 18, height: 1))
    }

    @Test func blockTitleTruncatesInNarrowBoxes() {
        #expect(rendered(Block(title: "A very long title"), width: 12, height: 2) == ["┌ A very… ─┐", "└──────────┘"])
    }

    @Test func paragraphWrapsAndAligns() {
        #expect(rendered(Paragraph("No public leagues yet — n to create one"), width: 16, height: 4) == [
            "No public", "leagues yet — n", "to create one", "",
        ])
        #expect(rendered(Paragraph("hi", alignment: .center), width: 6, height: 1) == ["  hi"])
        #expect(rendered(Paragraph("hi", alignment: .right), width: 6, height: 1) == ["    hi"])
    }

    @Test func listShowsSelectionAndScrollsToKeepItVisible() {
        let items = (1...10).map { "Team \($0)" }
        var state = ListState()
        state.move(by: 6, count: 10, viewport: 3)
        #expect(state.selected == 6)
        #expect(state.offset == 4)
        var b = Buffer(size: Size(width: 10, height: 3))
        b.render(ListView(items: items, state: state, highlightSymbol: "› "), in: b.area)
        #expect(b.text().components() == ["  Team 5", "  Team 6", "› Team 7"])
        #expect(b[2, 2].style == .reverse)
        #expect(b[9, 2].style == .reverse) // the whole row is highlighted
        state.move(by: -5, count: 10, viewport: 3)
        #expect(state.offset == 1)
        #expect(state.selected == 1)
    }

    @Test func listRenderKeepsStaleSelectionVisible() {
        // Even when the state's offset is stale, render shows the selected row.
        let state = ListState(selected: 9, offset: 0)
        let lines = rendered(ListView(items: (0..<10).map { "r\($0)" }, state: state), width: 4, height: 2)
        #expect(lines == ["r8", "r9"])
    }

    @Test func listFiltersBySubstringCaseInsensitively() {
        var state = ListState()
        state.setFilter("gr")
        let items = ["Gridiron Greats", "Bits vs Bytes", "Green Machine"]
        #expect(state.visibleIndices(of: items) == [0, 2])
        #expect(rendered(ListView(items: items, state: state), width: 20, height: 3) == ["Gridiron Greats", "Green Machine", ""])
        state.setFilter("zzz")
        #expect(rendered(ListView(items: items, state: state, emptyText: "No matches"), width: 20, height: 1) == ["No matches"])
    }

    @Test func listPagingAndWheelScrolling() {
        var state = ListState()
        state.page(1, count: 50, viewport: 10)
        #expect(state.selected == 9)
        state.scroll(by: 5, count: 50, viewport: 10)
        #expect(state.offset == 5)
        #expect(state.selected == 9)
        state.scroll(by: 20, count: 50, viewport: 10)
        #expect(state.offset == 25)
        #expect(state.selected == 25) // dragged along to stay visible
        state.move(by: 100, count: 50, viewport: 10)
        #expect(state.selected == 49 && state.offset == 40)
    }

    @Test func tableLaysOutColumnsWithHeader() {
        let table = TableView(
            columns: [TableColumn("Team", width: .fill(1)), TableColumn("W-L", width: .length(5), alignment: .right),
                      TableColumn("PF", width: .length(6), alignment: .right)],
            rows: [["Gridiron Greats", "7-1", "1021.4"], ["Bits vs Bytes", "5-3", "980.0"], ["東京ドラゴンズ", "4-4", "950.2"]],
            state: ListState(selected: 1))
        let lines = rendered(table, width: 30, height: 4)
        #expect(lines == [
            "Team                W-L     PF",
            "Gridiron Greats     7-1 1021.4",
            "Bits vs Bytes       5-3  980.0",
            "東京ドラゴンズ      4-4  950.2",
        ])
        #expect(table.columnRects(in: Rect(x: 0, y: 0, width: 30, height: 1)).map(\.width) == [17, 5, 6])
    }

    @Test func tableScrollsAndTruncatesCells() {
        let rows = (1...20).map { ["Player number \($0)", "\($0)"] }
        let table = TableView(columns: [TableColumn("Name", width: .length(8)), TableColumn("#", width: .length(2), alignment: .right)],
                              rows: rows, state: ListState(selected: 15))
        let lines = rendered(table, width: 11, height: 4)
        #expect(lines == ["Name      #", "Player…  14", "Player…  15", "Player…  16"])
    }

    @Test func tableMarksARowStylesCellsAndCanDropTheHeader() {
        let rows = (1...6).map { ["Team \($0)", "\($0)"] }
        let cellStyles: [[Style?]] = rows.indices.map { $0 == 3 ? [nil, .dim] : [nil, nil] }
        let table = TableView(columns: [TableColumn("Team", width: .length(6)), TableColumn("#", width: .length(1))], rows: rows,
                              state: ListState(selected: nil), showHeader: false, markedRow: 5, markedStyle: .bold,
                              cellStyles: cellStyles)
        var b = Buffer(size: Size(width: 8, height: 3))
        b.render(table, in: b.area)
        #expect(b.lines() == ["Team 4 4", "Team 5 5", "Team 6 6"], "no header; scrolled so the marked row shows")
        #expect(b[0, 2].style.attributes.contains(.bold), "the marked row")
        #expect(b[7, 0].style.attributes.contains(.dim) && !b[0, 0].style.attributes.contains(.dim), "one styled cell")
        #expect(table.row(at: Point(x: 0, y: 0), in: b.area) == 3)

        let unfocused = TableView(columns: [TableColumn("Team", width: .length(6))], rows: [["A"], ["B"]],
                                  state: ListState(selected: 1), selectionOverlay: .dim)
        var u = Buffer(size: Size(width: 6, height: 3))
        u.render(unfocused, in: u.area)
        #expect(u[0, 2].style.attributes.contains(.dim), "the overlay lies on the selected row")
        #expect(unfocused.row(at: Point(x: 0, y: 0), in: u.area) == nil, "the header is not a row")
    }

    @Test func tabsHighlightSelectedAndHitTest() {
        let tabs = Tabs(["Standings", "Scoreboard"], selected: 1)
        var b = Buffer(size: Size(width: 30, height: 1))
        b.render(tabs, in: b.area)
        #expect(b.text() == " Standings │ Scoreboard")
        #expect(b[13, 0].style.attributes.contains(.reverse))
        #expect(!b[1, 0].style.attributes.contains(.reverse))
        #expect(tabs.tab(atColumn: 3, in: b.area) == 0)
        #expect(tabs.tab(atColumn: 15, in: b.area) == 1)
        #expect(tabs.tab(atColumn: 29, in: b.area) == nil)
    }

    @Test func spinnerFrameFollowsTime() {
        #expect(Spinner.frameIndex(at: .zero) == 0)
        #expect(Spinner.frameIndex(at: .milliseconds(85)) == 1)
        #expect(Spinner.frameIndex(at: .milliseconds(800)) == 0)
        #expect(Spinner.nextFrame(after: .milliseconds(85)) == .milliseconds(75))
        #expect(rendered(Spinner("Loading standings…", now: .milliseconds(170)), width: 24, height: 1) == ["⠹ Loading standings…"])
    }

    @Test func toastsExpireAfterTheirDuration() {
        var q = ToastQueue()
        q.post("Saved lineup", now: .seconds(10))
        q.post("Pick failed", level: .error, now: .seconds(11))
        #expect(q.nextDeadline == .seconds(13))
        #expect(q.visible(at: .seconds(12)).count == 2)
        let pruned = q.prune(now: .seconds(13))
        #expect(pruned)
        #expect(q.toasts.map(\.message) == ["Pick failed"])
        let prunedAgain = q.prune(now: .seconds(14))
        #expect(!prunedAgain)
        #expect(q.nextDeadline == .seconds(19))
        q.prune(now: .seconds(19))
        #expect(q.toasts.isEmpty && q.nextDeadline == nil)
    }

    @Test func toastQueueKeepsOnlyTheNewest() {
        var q = ToastQueue(limit: 2)
        for i in 1...4 { q.post("t\(i)", now: .zero) }
        #expect(q.toasts.map(\.message) == ["t3", "t4"])
    }

    @Test func toastStackDrawsBottomRight() {
        let toasts = [Toast(id: 1, message: "Saved", level: .info, postedAt: .zero),
                      Toast(id: 2, message: "Offline", level: .warning, postedAt: .zero)]
        #expect(rendered(ToastStack(toasts), width: 20, height: 3) == ["", "            i Saved", "          ! Offline"])
    }

    @Test func footerDropsHintsThatDoNotFit() {
        let bar = KeyHintsBar([KeyHint(keys: "j/k", label: "move"), KeyHint(keys: "enter", label: "open"),
                               KeyHint(keys: "esc", label: "back")])
        #expect(bar.text(width: 80) == "j/k move · enter open · esc back")
        #expect(bar.text(width: 25) == "j/k move · enter open")
        #expect(rendered(bar, width: 40, height: 1) == ["j/k move · enter open · esc back"])
    }

    @Test func tooSmallScreenIsCentred() {
        let lines = rendered(TooSmallScreen(), width: 50, height: 5)
        #expect(lines[2] == "      Terminal too small: 50×5, needs 60×16")
        #expect(TooSmallScreen().message(for: Size(width: 59, height: 16)) == "Terminal too small: 59×16, needs 60×16")
        #expect(!Size(width: 59, height: 16).fits(TooSmallScreen.defaultMinimum))
        #expect(Size(width: 60, height: 16).fits(TooSmallScreen.defaultMinimum))
        // Very narrow terminals wrap rather than lose the message.
        #expect(rendered(TooSmallScreen(), width: 20, height: 4).joined(separator: " ").contains("needs 60×16"))
    }

    @Test func confirmDialogRendersCentredWithSafeDefault() {
        let dialog = ConfirmDialog(title: "Leave league?", message: "You will lose your roster.", confirmLabel: "Leave", cancelLabel: "Stay")
        #expect(rendered(dialog, width: 40, height: 8) == [
            "",
            "     ┌ Leave league? ─────────────┐",
            "     │ You will lose your roster. │",
            "     │                            │",
            "     │       Leave    Stay        │",
            "     └────────────────────────────┘",
            "",
            "",
        ])
        var b = Buffer(size: Size(width: 40, height: 8))
        b.render(dialog, in: b.area)
        #expect(b[22, 4].style.attributes.contains(.reverse)) // "Stay" is focused
        #expect(!b[13, 4].style.attributes.contains(.reverse))
    }

    @Test func confirmDialogKeys() {
        var d = ConfirmDialog(title: "t", message: "m")
        let keys: [Key] = [.enter, .right, .enter, .char("n"), .char("y"), .escape, .char("x")]
        let outcomes = keys.map { d.handle($0) }
        #expect(outcomes == [.cancelled, nil, .confirmed, .cancelled, .confirmed, .cancelled, nil])
    }
}

@Suite struct HitTestingAndThemeTests {
    @Test func clickingAListRowFindsItsIndex() {
        let list = ListView(items: (0..<20).map { "item \($0)" }, state: ListState(selected: 12, offset: 0))
        let area = Rect(x: 2, y: 5, width: 10, height: 4)
        // Selection 12 in a 4-row viewport → rows 9…12 are visible.
        #expect(list.row(at: Point(x: 3, y: 5), in: area) == 9)
        #expect(list.row(at: Point(x: 3, y: 8), in: area) == 12)
        #expect(list.row(at: Point(x: 3, y: 9), in: area) == nil)
        #expect(list.row(at: Point(x: 0, y: 6), in: area) == nil)
    }

    @Test func clickingATableHeaderSelectsNothing() {
        let table = TableView(columns: [TableColumn("A", width: .fill(1))], rows: [["x"], ["y"]])
        let area = Rect(x: 0, y: 0, width: 5, height: 4)
        #expect(table.row(at: Point(x: 1, y: 0), in: area) == nil)
        #expect(table.row(at: Point(x: 1, y: 2), in: area) == 1)
        #expect(table.row(at: Point(x: 1, y: 3), in: area) == nil)
    }

    @Test func themeFollowsAppearanceAndColourSupport() {
        #expect(Theme.resolve(.dark, support: .none, environment: [:]) == .monochrome)
        #expect(Theme.resolve(.light, support: .palette256, environment: [:]) == .light)
        #expect(Theme.resolve(.system, support: .palette256, environment: ["COLORFGBG": "0;15"]) == .light)
        #expect(Theme.resolve(.system, support: .palette256, environment: ["COLORFGBG": "15;0"]) == .dark)
        #expect(Theme.resolve(.system, support: .basic8, environment: [:]) == .dark)
        // Every themed selection stays visible in monochrome.
        for theme in [Theme.dark, .light, .monochrome] {
            #expect(theme.selection.degraded(to: .none).attributes.contains(.reverse))
        }
    }
}

@Suite struct SpanAndHeaderBarTests {
    @Test func spansKeepTheirStylesAndClip() {
        var b = Buffer(size: Size(width: 12, height: 1))
        let n = b.set(spans: [Span("Bits "), Span("112.4", style: .bold), Span(" – 98.1")], at: Point(x: 0, y: 0))
        #expect(n == 11, "the cut leaves no space before the ellipsis")
        #expect(b.text() == "Bits 112.4…")
        #expect(b[5, 0].style == .bold && b[4, 0].style == .plain)
    }

    @Test func headerBarTruncatesTheLeftSideFirst() {
        let bar = HeaderBar(left: [Span(" Clubhouse League · Gridiron Greats · Week 9", style: .bold)],
                            right: [Span("alice · ? help ", style: .dim)])
        #expect(rendered(bar, width: 80, height: 1) == [" Clubhouse League · Gridiron Greats · Week 9                     alice · ? help"])
        #expect(rendered(bar, width: 40, height: 1) == [" Clubhouse League · Gri… alice · ? help"])
    }
}

@Suite struct ScrollbarTests {
    @Test func thumbTracksTheOffset() {
        #expect(Scrollbar(total: 100, offset: 0, viewport: 10).thumb(height: 10) == (0, 1))
        #expect(Scrollbar(total: 100, offset: 90, viewport: 10).thumb(height: 10) == (9, 1))
        #expect(Scrollbar(total: 20, offset: 5, viewport: 10).thumb(height: 10) == (2, 5))
        #expect(rendered(Scrollbar(total: 20, offset: 10, viewport: 10), width: 1, height: 4) == ["│", "│", "┃", "┃"])
        #expect(rendered(Scrollbar(total: 5, offset: 0, viewport: 10), width: 1, height: 4) == ["", "", "", ""])
    }
}
