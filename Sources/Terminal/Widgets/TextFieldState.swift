/// The editing state of a one-line text field: text, cursor and masking. Edits follow readline:
/// Ctrl-A/E home/end, Ctrl-B/F left/right, Ctrl-D delete, Ctrl-U kill to start, Ctrl-K kill to end,
/// Ctrl-W delete previous word, Alt-B/F word left/right. Control characters are rejected.
public struct TextFieldState: Hashable, Sendable {
    /// The text entered.
    public private(set) var text: String
    /// The cursor as a character offset into `text` (0…count).
    public private(set) var cursor: Int
    /// Show "•" for every character (passwords).
    public var masked: Bool
    /// The most characters accepted, if limited.
    public var maxLength: Int?

    /// Creates a field with `text` and the cursor at its end.
    public init(text: String = "", masked: Bool = false, maxLength: Int? = nil) {
        self.text = ""; self.cursor = 0; self.masked = masked; self.maxLength = maxLength
        insert(text)
    }

    private var chars: [Character] { Array(text) }

    /// Inserts `string` at the cursor; control characters are dropped, newlines and tabs become spaces.
    public mutating func insert(_ string: String) {
        var clean = ""
        for ch in string {
            if ch == "\n" || ch == "\r\n" || ch == "\t" || ch == "\r" { clean.append(" "); continue }
            if ch.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { continue }
            clean.append(ch)
        }
        var c = chars
        if let maxLength { clean = String(clean.prefix(max(0, maxLength - c.count))) }
        guard !clean.isEmpty else { return }
        c.insert(contentsOf: clean, at: cursor)
        let before = c.count
        text = String(c)
        // Re-count in case the insert merged graphemes (e.g. a combining mark).
        cursor = min(text.count, cursor + clean.count - (before - text.count))
    }

    /// Removes the character before the cursor (Backspace).
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        var c = chars; c.remove(at: cursor - 1); text = String(c); cursor -= 1
    }

    /// Removes the character under the cursor (Delete).
    public mutating func deleteForward() {
        var c = chars
        guard cursor < c.count else { return }
        c.remove(at: cursor); text = String(c)
    }

    /// Removes the word before the cursor and the spaces after it (Ctrl-W).
    public mutating func deleteWordBackward() {
        var c = chars, i = cursor
        while i > 0, c[i - 1] == " " { i -= 1 }
        while i > 0, c[i - 1] != " " { i -= 1 }
        c.removeSubrange(i..<cursor); text = String(c); cursor = i
    }

    /// Removes everything before the cursor (Ctrl-U).
    public mutating func killToStart() {
        var c = chars; c.removeSubrange(0..<cursor); text = String(c); cursor = 0
    }

    /// Removes everything from the cursor on (Ctrl-K).
    public mutating func killToEnd() {
        var c = chars; c.removeSubrange(cursor...); text = String(c)
    }

    /// Moves the cursor by `delta` characters, clamped.
    public mutating func moveCursor(by delta: Int) { cursor = max(0, min(text.count, cursor + delta)) }
    /// Moves the cursor to the start of the previous word (Alt-B).
    public mutating func moveWordBackward() {
        let c = chars
        while cursor > 0, c[cursor - 1] == " " { cursor -= 1 }
        while cursor > 0, c[cursor - 1] != " " { cursor -= 1 }
    }

    /// Moves the cursor past the end of the next word (Alt-F).
    public mutating func moveWordForward() {
        let c = chars
        while cursor < c.count, c[cursor] == " " { cursor += 1 }
        while cursor < c.count, c[cursor] != " " { cursor += 1 }
    }

    /// Moves the cursor to the start.
    public mutating func moveToStart() { cursor = 0 }
    /// Moves the cursor to the end.
    public mutating func moveToEnd() { cursor = text.count }

    /// Replaces all text, cursor at the end.
    public mutating func setText(_ newText: String) { text = ""; cursor = 0; insert(newText) }

    /// Applies an editing key or paste; returns false for events the field does not use (Enter, Esc, Tab, arrows up/down…).
    @discardableResult
    public mutating func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .paste(let s): insert(s); return true
        case .key(let key):
            switch key {
            case .char(let c): insert(String(c))
            case .backspace, .ctrl("h"): deleteBackward()
            case .delete, .ctrl("d"): deleteForward()
            case .left, .ctrl("b"): moveCursor(by: -1)
            case .right, .ctrl("f"): moveCursor(by: 1)
            case .home, .ctrl("a"): moveToStart()
            case .end, .ctrl("e"): moveToEnd()
            case .ctrl("u"): killToStart()
            case .ctrl("k"): killToEnd()
            case .ctrl("w"): deleteWordBackward()
            case .alt("b"): moveWordBackward()
            case .alt("f"): moveWordForward()
            default: return false
            }
            return true
        default: return false
        }
    }

    /// The text as shown: bullets when masked.
    public var displayText: String { masked ? String(repeating: "•", count: text.count) : text }
}
