import Terminal

/// A modal list over a page: choices picked with Enter, and choices that can't be picked, listed dimmed with the
/// reason. ↑/↓ (j/k) move among the pickable ones, Enter picks, Esc cancels. The page owns it and feeds it keys.
public struct Chooser<Value: Hashable & Sendable>: Hashable, Sendable {
    public struct Option: Hashable, Sendable {
        public var label: String
        /// Quiet text after the label (points, slot…).
        public var detail: String
        /// What picking it means; nil when it can't be picked.
        public var value: Value?
        /// Why it can't be picked (shown dimmed).
        public var reason: String?
        public init(_ label: String, detail: String = "", value: Value?, reason: String? = nil) {
            self.label = label; self.detail = detail; self.value = value; self.reason = value == nil ? (reason ?? "not available") : nil
        }
    }

    public enum Outcome: Hashable, Sendable { case picked(Value), cancelled }

    public var title: String
    /// One line above the options ("Move Aaron Jones (RB) to:").
    public var prompt: String
    public var options: [Option]
    /// The highlighted option (always a pickable one; nil when none is).
    public private(set) var selected: Int?

    /// The options the person can pick come first (in the order given), then the dimmed ones with their reasons.
    public init(title: String, prompt: String, options: [Option]) {
        self.title = title; self.prompt = prompt
        self.options = options.filter { $0.value != nil } + options.filter { $0.value == nil }
        selected = self.options.firstIndex { $0.value != nil }
    }

    /// The value Enter would pick.
    public var chosen: Value? { selected.flatMap { options[$0].value } }

    /// Moves to the next pickable option `delta` steps away (stops at the ends).
    public mutating func move(_ delta: Int) {
        guard var i = selected, delta != 0 else { return }
        let step = delta > 0 ? 1 : -1
        for _ in 0..<abs(delta) {
            var j = i + step
            while options.indices.contains(j), options[j].value == nil { j += step }
            guard options.indices.contains(j) else { break }
            i = j
        }
        selected = i
    }

    /// Applies a key; returns the outcome once the person picked or cancelled.
    public mutating func handle(_ key: Key) -> Outcome? {
        switch key {
        case .up, .char("k"), .backTab: move(-1)
        case .down, .char("j"), .tab: move(1)
        case .home, .char("g"): move(-options.count)
        case .end, .char("G"): move(options.count)
        case .enter: return chosen.map(Outcome.picked)
        case .escape, .char("q"): return .cancelled
        default: break
        }
        return nil
    }
}

/// Draws a `Chooser` as a box centred over the page.
struct ChooserView<Value: Hashable & Sendable> {
    var chooser: Chooser<Value>
    var context: RenderContext
    var footer = "enter picks · esc cancels"

    func lines() -> [(String, StyleRole, Bool)] {
        chooser.options.enumerated().map { i, o in
            let mark = i == chooser.selected ? "› " : "  "
            let detail = o.detail.isEmpty ? "" : "  \(o.detail)"
            if let reason = o.reason { return (mark + o.label + detail + " — " + reason, .dim, false) }
            return (mark + o.label + detail, .text, i == chooser.selected)
        }
    }

    func render(in area: Rect, buffer: inout Buffer) {
        let rows = lines()
        let widest = max(chooser.prompt.displayWidth, footer.displayWidth + 2, rows.map(\.0.displayWidth).max() ?? 0, chooser.title.displayWidth + 4)
        let width = min(area.width, max(36, widest + 4))
        let height = min(area.height, rows.count + 4)
        let box = area.centered(Size(width: width, height: height))
        buffer.fill(box)
        Block(title: chooser.title, borderStyle: context.style(.focusedBorder), titleStyle: context.style(.title)).render(in: box, buffer: &buffer)
        let inner = Block().inner(box).inset(horizontal: 1)
        guard inner.height > 0 else { return }
        buffer.set(string: chooser.prompt.truncated(toWidth: inner.width), at: Point(x: inner.x, y: inner.y), style: context.style(.accent), maxWidth: inner.width)
        let listHeight = max(0, inner.height - 2)
        let first = ListState.offset(keeping: chooser.selected, current: 0, viewport: listHeight, count: rows.count)
        for (k, i) in (first..<rows.count).prefix(listHeight).enumerated() {
            let (text, role, selected) = rows[i]
            let y = inner.y + 1 + k
            let style = selected ? context.style(.selection) : context.style(role)
            if selected { buffer.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), with: .blank(style)) }
            buffer.set(string: text.truncated(toWidth: inner.width), at: Point(x: inner.x, y: y), style: style, maxWidth: inner.width)
        }
        buffer.set(string: footer.truncated(toWidth: inner.width), at: Point(x: inner.x, y: inner.bottom - 1), style: context.style(.dim), maxWidth: inner.width)
    }
}

/// A yes/no question a page shows over itself (drop a player, cancel a claim). Defaults to No.
public struct PageConfirm: Hashable, Sendable {
    public var title: String
    public var message: String
    public var confirmLabel: String
    public var confirmFocused = false
    public init(title: String, message: String, confirmLabel: String) { self.title = title; self.message = message; self.confirmLabel = confirmLabel }

    var dialog: ConfirmDialog {
        ConfirmDialog(title: title, message: message, confirmLabel: confirmLabel, cancelLabel: "Keep", confirmFocused: confirmFocused)
    }

    /// Applies a key; the outcome once answered.
    public mutating func handle(_ key: Key) -> ConfirmOutcome? {
        var d = dialog
        let outcome = d.handle(key)
        confirmFocused = d.confirmFocused
        return outcome
    }
}
