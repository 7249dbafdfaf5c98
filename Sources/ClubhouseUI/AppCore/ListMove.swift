import Terminal

/// A movement in a list, shared by every page and the board.
public enum ListMove: Hashable, Sendable {
    case up, down, pageUp, pageDown, top, bottom
    /// Mouse wheel: rows to scroll (negative up).
    case scroll(Int)
    /// Mouse click on a visible row.
    case select(Int)
}

extension ListState {
    /// Applies `move` to a list of `count` rows shown `viewport` rows at a time.
    public mutating func apply(_ move: ListMove, count: Int, viewport: Int) {
        let v = max(1, viewport)
        switch move {
        case .up: self.move(by: -1, count: count, viewport: v)
        case .down: self.move(by: 1, count: count, viewport: v)
        case .pageUp: page(-1, count: count, viewport: v)
        case .pageDown: page(1, count: count, viewport: v)
        case .top: select(0, count: count, viewport: v)
        case .bottom: select(count - 1, count: count, viewport: v)
        case .scroll(let n): scroll(by: n, count: count, viewport: v)
        case .select(let i): select(i, count: count, viewport: v)
        }
    }
}

/// Keymap rows for list movement, reused by every page.
public enum ListKeys {
    /// The footer shows these as one generic "j/k move" hint after the page's own keys.
    public static func bindings<Action>(_ map: (ListMove) -> Action, footer: Bool = false) -> [KeyBinding<Action>] {
        [
            KeyBinding([.char("j"), .down], map(.down), label: "move down", group: "Navigation"),
            KeyBinding([.char("k"), .up], map(.up), label: "move up", group: "Navigation"),
            KeyBinding([.pageDown, .ctrl("d")], map(.pageDown), label: "page down", group: "Navigation"),
            KeyBinding([.pageUp, .ctrl("u")], map(.pageUp), label: "page up", group: "Navigation"),
            KeyBinding([.char("g"), .home], map(.top), label: "first row", group: "Navigation"),
            KeyBinding([.char("G"), .end], map(.bottom), label: "last row", group: "Navigation"),
        ]
    }
}
