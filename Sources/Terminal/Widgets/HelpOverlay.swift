/// State of the `?` help overlay: search text and scroll.
public struct HelpOverlayState: Hashable, Sendable {
    /// The search typed after `/`.
    public var filter: TextFieldState
    /// True while the search field takes keystrokes.
    public var isSearching: Bool
    /// Lines scrolled from the top.
    public var scroll: Int

    /// Creates a closed-search state.
    public init() { filter = TextFieldState(maxLength: 40); isSearching = false; scroll = 0 }

    /// What a key did to the overlay.
    public enum Outcome: Hashable, Sendable { case handled, close }

    /// Applies an event: `/` searches, Esc clears the search then closes, j/k/arrows scroll, `?`/q close.
    /// Pass `maxScroll` (from `HelpOverlay.maxScroll(in:)`) to stop scrolling past the end.
    public mutating func handle(_ event: InputEvent, maxScroll: Int = .max) -> Outcome {
        defer { scroll = min(scroll, max(0, maxScroll)) }
        if isSearching {
            switch event {
            case .key(.escape):
                if filter.text.isEmpty { isSearching = false } else { filter.setText("") }
            case .key(.enter): isSearching = false
            default: if filter.handle(event) { scroll = 0 }
            }
            return .handled
        }
        switch event {
        case .key(.char("/")): isSearching = true
        case .key(.escape):
            if !filter.text.isEmpty { filter.setText(""); scroll = 0 } else { return .close }
        case .key(.char("?")), .key(.char("q")): return .close
        case .key(.down), .key(.char("j")): scroll += 1
        case .key(.up), .key(.char("k")): scroll = max(0, scroll - 1)
        case .mouse(let m) where m.kind == .wheelDown: scroll += 1
        case .mouse(let m) where m.kind == .wheelUp: scroll = max(0, scroll - 1)
        case .key(.pageDown): scroll += 10
        case .key(.pageUp): scroll = max(0, scroll - 10)
        case .key(.home), .key(.char("g")): scroll = 0
        default: break
        }
        return .handled
    }
}

/// The overlay listing every binding of the current keymap, grouped, searchable; disabled ones show why.
public struct HelpOverlay: Widget, Sendable {
    /// From `Keymap.helpGroups`.
    public var groups: [HelpGroup]
    /// Search and scroll.
    public var state: HelpOverlayState
    /// Box title.
    public var title: String

    /// Creates the overlay from a keymap's `helpGroups`.
    public init(groups: [HelpGroup], state: HelpOverlayState, title: String = "Keys") {
        self.groups = groups; self.state = state; self.title = title
    }

    /// Groups reduced to entries whose keys, label or group title contain `filter` (case-insensitive).
    public static func filtered(_ groups: [HelpGroup], by filter: String) -> [HelpGroup] {
        let needle = filter.lowercased()
        guard !needle.isEmpty else { return groups }
        return groups.compactMap { g in
            if g.title.lowercased().contains(needle) { return g }
            let e = g.entries.filter { ($0.keys + " " + $0.label).lowercased().contains(needle) }
            return e.isEmpty ? nil : HelpGroup(title: g.title, entries: e)
        }
    }

    /// The overlay's text lines and their styles for a content width. A line longer than the width (a long disabled
    /// reason) wraps under its label instead of being cut.
    public func contentLines(width: Int) -> [(String, Style)] {
        lines().flatMap { text, style, indent -> [(String, Style)] in
            guard text.displayWidth > width, width > indent + 10 else { return [(text.truncated(toWidth: width), style)] }
            let head = text.prefix(indent)
            let body = String(text.dropFirst(indent)).wrapped(toWidth: width - indent)
            return body.enumerated().map { i, part in ((i == 0 ? String(head) : String(repeating: " ", count: indent)) + part, style) }
        }
    }

    /// The widest line unwrapped: the overlay is as wide as its content needs, up to the terminal.
    public var naturalWidth: Int { lines().map(\.0.displayWidth).max() ?? 0 }

    /// Each line unwrapped, with its style and the indent its continuation lines take.
    func lines() -> [(String, Style, Int)] {
        let shown = HelpOverlay.filtered(groups, by: state.filter.text)
        if shown.isEmpty { return [("No bindings match “\(state.filter.text)”", .dim, 0)] }
        let keyWidth = min(14, shown.flatMap(\.entries).map { $0.keys.displayWidth }.max() ?? 0)
        var out: [(String, Style, Int)] = []
        for (i, g) in shown.enumerated() {
            if i > 0 { out.append(("", .plain, 0)) }
            out.append((g.title, .bold, 0))
            for e in g.entries {
                var line = "  " + e.keys.padded(toWidth: keyWidth) + "  " + e.label
                if let r = e.disabledReason { line += " — \(r)" }
                out.append((line, e.disabledReason == nil ? .plain : .dim, 4 + keyWidth))
            }
        }
        return out
    }

    /// The largest useful scroll offset when drawn in `area`.
    public func maxScroll(in area: Rect) -> Int {
        let listHeight = Block().inner(frame(in: area)).height - 1
        return max(0, contentLines(width: frame(in: area).width - 4).count - listHeight)
    }

    /// The box the overlay occupies in `area`.
    public func frame(in area: Rect) -> Rect {
        // As wide as the widest line (plus the border and margins), at least 40 and at most the terminal less a margin.
        let width = min(area.width, max(40, min(area.width - 4, naturalWidth + 4)))
        return area.centered(Size(width: width, height: max(6, area.height - 4)))
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        let box = frame(in: area)
        buffer.fill(box)
        let block = Block(title: title, trailingTitle: "esc close")
        block.render(in: box, buffer: &buffer)
        let inner = block.inner(box).inset(horizontal: 1)
        guard inner.height >= 2 else { return }
        let list = Rect(x: inner.x, y: inner.y, width: inner.width, height: inner.height - 1)
        let lines = contentLines(width: list.width)
        let scroll = min(state.scroll, max(0, lines.count - list.height))
        for (r, (text, style)) in lines.dropFirst(scroll).prefix(list.height).enumerated() {
            buffer.set(string: text, at: Point(x: list.x, y: list.y + r), style: style, maxWidth: list.width)
        }
        let searchRow = inner.row(inner.height - 1)
        if state.isSearching || !state.filter.text.isEmpty {
            buffer.set(string: "/", at: Point(x: searchRow.x, y: searchRow.y), style: .bold)
            let field = Rect(x: searchRow.x + 1, y: searchRow.y, width: searchRow.width - 1, height: 1)
            TextField(state.filter, focused: state.isSearching, style: .plain).render(in: field, buffer: &buffer)
        } else {
            buffer.set(string: "/ search · j/k scroll", at: Point(x: searchRow.x, y: searchRow.y), style: .dim, maxWidth: searchRow.width)
        }
    }
}
