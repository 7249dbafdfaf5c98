import Testing
@testable import Terminal

enum TestAction: Hashable, Sendable { case up, down, open, back, join, help }

@Suite struct KeymapTests {
    func keymap(signedIn: Bool) -> Keymap<TestAction> {
        Keymap([
            KeyBinding([.char("j"), .down], .down, label: "move down", group: "Navigation", footer: true, footerKeys: "j/k"),
            KeyBinding([.char("k"), .up], .up, label: "move up", group: "Navigation"),
            KeyBinding([.enter], .open, label: "open", group: "Navigation", footer: true),
            KeyBinding([.escape], .back, label: "back", group: "Navigation", footer: true),
            KeyBinding([.char("J")], .join, label: "join league", group: "League", footer: true,
                       enabledWhen: signedIn, disabledReason: "sign in first"),
            KeyBinding([.char("?")], .help, label: "help", group: "General"),
        ])
    }

    @Test func dispatchFindsActionsByAnyKey() {
        let km = keymap(signedIn: true)
        #expect(km.action(for: .char("j")) == .down)
        #expect(km.action(for: .down) == .down)
        #expect(km.action(for: .enter) == .open)
        #expect(km.lookup(.char("x")) == .unbound)
    }

    @Test func disabledBindingsReportTheirReason() {
        let km = keymap(signedIn: false)
        #expect(km.lookup(.char("J")) == .disabled(reason: "sign in first"))
        #expect(km.action(for: .char("J")) == nil)
        #expect(keymap(signedIn: true).action(for: .char("J")) == .join)
    }

    @Test func footerHintsComeFromTheSameTable() {
        let hints = keymap(signedIn: false).footerHints
        #expect(hints.map(\.text) == ["j/k move down", "enter open", "esc back", "J join league"])
        #expect(hints.last?.enabled == false)
    }

    @Test func helpGroupsListEveryBindingIncludingDisabled() {
        let groups = keymap(signedIn: false).helpGroups
        #expect(groups.map(\.title) == ["Navigation", "League", "General"])
        #expect(groups[0].entries.map(\.keys) == ["j/↓", "k/↑", "enter", "esc"])
        #expect(groups[1].entries == [HelpEntry(keys: "J", label: "join league", disabledReason: "sign in first")])
    }

    @Test func helpOverlayFiltersAndRenders() {
        let groups = keymap(signedIn: false).helpGroups
        #expect(HelpOverlay.filtered(groups, by: "join").map(\.title) == ["League"])
        #expect(HelpOverlay.filtered(groups, by: "NAV").first?.entries.count == 4)
        var state = HelpOverlayState()
        _ = state.handle(.key(.char("/")))
        for c in "open" { _ = state.handle(.key(.char(c))) }
        #expect(state.filter.text == "open")
        var b = Buffer(size: Size(width: 60, height: 12))
        b.render(HelpOverlay(groups: groups, state: state), in: b.area)
        let text = b.text()
        #expect(text.contains("Navigation"))
        #expect(text.contains("enter  open"))
        #expect(!text.contains("move down"))
        #expect(text.contains("/open"))
    }

    @Test func helpOverlayEscClearsSearchThenCloses() {
        var state = HelpOverlayState()
        _ = state.handle(.key(.char("/")))
        _ = state.handle(.key(.char("x")))
        _ = state.handle(.key(.enter))
        #expect(!state.isSearching && state.filter.text == "x")
        let first = state.handle(.key(.escape))
        #expect(first == .handled && state.filter.text.isEmpty)
        let second = state.handle(.key(.escape))
        #expect(second == .close)
    }

    @Test func helpOverlayShowsDisabledReason() {
        var b = Buffer(size: Size(width: 70, height: 16))
        b.render(HelpOverlay(groups: keymap(signedIn: false).helpGroups, state: HelpOverlayState()), in: b.area)
        #expect(b.text().contains("J      join league — sign in first"))
    }

    @Test func keyLabelsReadWell() {
        #expect([Key.enter, .escape, .up, .ctrl("c"), .function(5), .char(" "), .backTab].map(\.label)
                == ["enter", "esc", "↑", "ctrl-c", "F5", "space", "shift-tab"])
    }
}

@Suite struct HelpOverlayScrollTests {
    @Test func scrollingStopsAtTheEnd() {
        let bindings = (0..<40).map { KeyBinding([.function($0 % 12 + 1)], $0, label: "action \($0)", group: "G\($0 / 10)") }
        let groups = Keymap(bindings).helpGroups
        let area = Rect(x: 0, y: 0, width: 60, height: 16)
        var state = HelpOverlayState()
        let maxScroll = HelpOverlay(groups: groups, state: state).maxScroll(in: area)
        #expect(maxScroll > 0)
        for _ in 0..<200 { _ = state.handle(.key(.char("j")), maxScroll: maxScroll) }
        #expect(state.scroll == maxScroll)
        _ = state.handle(.key(.char("k")), maxScroll: maxScroll)
        #expect(state.scroll == maxScroll - 1)
        var b = Buffer(size: area.size)
        b.render(HelpOverlay(groups: groups, state: HelpOverlayState()), in: area)
        #expect(b.text().contains("action 0"))
    }
}

/// `?` help is sized to the terminal: as wide as its lines need (not an 80-column box at 120 columns), and a reason too
/// long for the terminal wraps under its label instead of being cut.
@Suite struct HelpOverlaySizeTests {
    static let reason = "You don't have a team in Sunday Funday — ask to join it first (J on its page)"
    static var groups: [HelpGroup] {
        [HelpGroup(title: "Free agents", entries: [HelpEntry(keys: "a", label: "add or claim", disabledReason: reason),
                                                   HelpEntry(keys: "/", label: "filter by name", disabledReason: nil)])]
    }

    static func rendered(_ size: Size) -> (Buffer, Rect) {
        let area = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var b = Buffer(size: size)
        let overlay = HelpOverlay(groups: groups, state: HelpOverlayState())
        b.render(overlay, in: area)
        return (b, overlay.frame(in: area))
    }

    @Test func at120ColumnsTheBoxFitsItsLongestLineWhole() {
        let (b, frame) = Self.rendered(Size(width: 120, height: 40))
        #expect(frame.width > 80, "\(frame)")
        #expect(b.text().contains("a  add or claim — " + Self.reason), "\(b.text())")
    }

    @Test func at60ColumnsALongReasonWrapsAndNothingIsCut() {
        let (b, frame) = Self.rendered(Size(width: 60, height: 16))
        #expect(frame.width <= 60)
        let text = b.text()
        for word in ["Sunday", "Funday", "ask", "join", "first", "(J", "its", "page)"] { #expect(text.contains(word), "\(word) in\n\(text)") }
        #expect(!text.contains("…"))
    }

    @Test func at200ColumnsTheBoxIsNoWiderThanItNeeds() {
        let (_, frame) = Self.rendered(Size(width: 200, height: 60))
        #expect(frame.width < 140, "\(frame)")
    }
}
