/// A key press, as decoded from the terminal's byte stream.
public enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, punctuation, any Unicode text).
    case char(Character)
    /// Ctrl plus a lowercase letter (Ctrl-A … Ctrl-Z, except those that are Tab/Enter/Backspace).
    case ctrl(Character)
    /// Alt (Meta) plus a printable character: Esc followed by the character within the Esc timeout.
    case alt(Character)
    case enter, tab, backTab, backspace, delete, insert, escape
    case up, down, left, right, home, end, pageUp, pageDown
    /// A function key F1…F12.
    case function(Int)

    /// A short human label for footers and the help overlay ("enter", "esc", "↑", "ctrl-c", "F1").
    public var label: String {
        switch self {
        case .char(" "): return "space"
        case .char(let c): return String(c)
        case .ctrl(let c): return "ctrl-\(c)"
        case .alt(let c): return "alt-\(c)"
        case .enter: return "enter"
        case .tab: return "tab"
        case .backTab: return "shift-tab"
        case .backspace: return "backspace"
        case .delete: return "del"
        case .insert: return "ins"
        case .escape: return "esc"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "home"
        case .end: return "end"
        case .pageUp: return "pgup"
        case .pageDown: return "pgdn"
        case .function(let n): return "F\(n)"
        }
    }
}
