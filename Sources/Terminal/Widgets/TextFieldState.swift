/// The editing state of a one-line text field: text, cursor and masking. Edits follow readline:
/// Ctrl-A/E home/end, Ctrl-B/F left/right, Ctrl-D delete, Ctrl-U kill to start, Ctrl-K kill to end,
/// Ctrl-W delete previous word, Alt-B/F word left/right. Control characters are rejected.
///
/// Every edit costs time in proportion to the field's length at most (the characters are kept as an
/// array, never re-split per key), and input past `maxLength` is cut as it arrives: a paste is one
/// insertion that stops reading at the limit. `limitJustReached` says when an edit was cut short for the
/// first time, so the page can say so once (not once per key).
public struct TextFieldState: Hashable, Sendable {
    /// The characters entered, in order (the cursor indexes into them).
    public private(set) var characters: [Character]
    /// The cursor as a character offset into `characters` (0…count).
    public private(set) var cursor: Int
    /// Show "•" for every character (passwords).
    public var masked: Bool
    /// The most characters accepted, if limited.
    public var maxLength: Int?
    /// True right after the edit that first cut input at `maxLength`; false after any other edit.
    public private(set) var limitJustReached = false
    /// True once input was cut at the limit, until an edit makes room again (so the notice is said once).
    private var limitNoticed = false
    /// The cursor right after input was last cut at the limit: a mark typed there next belonged to what was cut.
    private var cutAtCursor: Int?

    /// The whole text is selected: the next character typed or pasted replaces it, and Backspace or Delete clears it
    /// (a pre-filled amount: typing 10 on "1" gives "10", not "110"). Moving the cursor keeps the text and ends it.
    public private(set) var selected = false

    /// Creates a field with `text` and the cursor at its end; `selected`: the text is replaced by the first thing typed.
    public init(text: String = "", masked: Bool = false, maxLength: Int? = nil, selected: Bool = false) {
        self.characters = []; self.cursor = 0; self.masked = masked; self.maxLength = maxLength
        insert(text)
        limitJustReached = false; limitNoticed = false
        self.selected = selected && !text.isEmpty
    }

    /// Selects the whole text (the next thing typed replaces it), cursor at the end.
    public mutating func selectAll() { cursor = characters.count; selected = !characters.isEmpty }

    /// Clears a selection's text before an edit that replaces or deletes it; true when there was one.
    @discardableResult
    private mutating func replaceSelection() -> Bool {
        guard selected else { return false }
        selected = false
        characters = []; cursor = 0; limitNoticed = false; cutAtCursor = nil
        return true
    }

    /// The text entered.
    public var text: String { String(characters) }
    /// How many characters are entered.
    public var count: Int { characters.count }

    /// Inserts `string` at the cursor; control characters are dropped, newlines and tabs become spaces.
    /// Reads `string` only as far as the room left; returns false when some of it was cut.
    @discardableResult
    public mutating func insert(_ string: String) -> Bool {
        if !string.isEmpty { replaceSelection() }
        let room = maxLength.map { max(0, $0 - characters.count) } ?? Int.max
        var clean: [Character] = []
        var cut = false
        for ch in string {
            let kept: Character
            if ch == "\n" || ch == "\r\n" || ch == "\t" || ch == "\r" { kept = " " }
            else if ch.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { continue }
            else { kept = ch }
            // A mark, joiner or the rest of an emoji typed after a character is part of it: one character, as the
            // text counts once joined (and as the league's rules count it), not two.
            if let last = clean.last ?? (cursor > 0 ? characters[cursor - 1] : nil), let joined = Self.joined(last, kept) {
                if clean.isEmpty, cutAtCursor == cursor { cut = true; continue }   // its character was cut off
                if clean.isEmpty { characters[cursor - 1] = joined } else { clean[clean.count - 1] = joined }
                continue
            }
            if clean.count == room { cut = true; break }
            clean.append(kept)
        }
        limitJustReached = cut && !limitNoticed
        if cut { limitNoticed = true }
        characters.insert(contentsOf: clean, at: cursor)
        cursor += clean.count
        cutAtCursor = cut ? cursor : nil
        return !cut
    }

    /// `first` and `second` as the one character they make together, or nil when they stay two (or the character
    /// would grow past 32 code points: a paste of marks alone is not read without end).
    static func joined(_ first: Character, _ second: Character) -> Character? {
        guard !second.isASCII, first.unicodeScalars.count < 32 else { return nil }
        let both = String(first) + String(second)
        return both.count == 1 ? both.first : nil
    }

    /// After an edit that shortened the text: the limit may be reached again, and said again.
    private mutating func shortened() {
        limitJustReached = false
        if let maxLength, characters.count < maxLength { limitNoticed = false }
    }

    /// Removes the character before the cursor (Backspace).
    public mutating func deleteBackward() {
        if replaceSelection() { return }
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1); cursor -= 1; shortened()
    }

    /// Removes the character under the cursor (Delete).
    public mutating func deleteForward() {
        if replaceSelection() { return }
        guard cursor < characters.count else { return }
        characters.remove(at: cursor); shortened()
    }

    /// Removes the word before the cursor and the spaces after it (Ctrl-W).
    public mutating func deleteWordBackward() {
        if replaceSelection() { return }
        var i = cursor
        while i > 0, characters[i - 1] == " " { i -= 1 }
        while i > 0, characters[i - 1] != " " { i -= 1 }
        characters.removeSubrange(i..<cursor); cursor = i; shortened()
    }

    /// Removes everything before the cursor (Ctrl-U).
    public mutating func killToStart() {
        if replaceSelection() { return }
        characters.removeSubrange(0..<cursor); cursor = 0; shortened()
    }

    /// Removes everything from the cursor on (Ctrl-K).
    public mutating func killToEnd() {
        if replaceSelection() { return }
        characters.removeSubrange(cursor...); shortened()
    }

    /// Moves the cursor by `delta` characters, clamped.
    public mutating func moveCursor(by delta: Int) {
        selected = false
        cursor = max(0, min(characters.count, cursor + delta)); limitJustReached = false
    }
    /// Moves the cursor to the start of the previous word (Alt-B).
    public mutating func moveWordBackward() {
        selected = false
        while cursor > 0, characters[cursor - 1] == " " { cursor -= 1 }
        while cursor > 0, characters[cursor - 1] != " " { cursor -= 1 }
        limitJustReached = false
    }

    /// Moves the cursor past the end of the next word (Alt-F).
    public mutating func moveWordForward() {
        selected = false
        while cursor < characters.count, characters[cursor] == " " { cursor += 1 }
        while cursor < characters.count, characters[cursor] != " " { cursor += 1 }
        limitJustReached = false
    }

    /// Moves the cursor to the start.
    public mutating func moveToStart() { cursor = 0; selected = false; limitJustReached = false }
    /// Moves the cursor to the end.
    public mutating func moveToEnd() { cursor = characters.count; selected = false; limitJustReached = false }

    /// Replaces all text, cursor at the end.
    public mutating func setText(_ newText: String) {
        characters = []; cursor = 0; limitNoticed = false; selected = false; insert(newText)
    }

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

    /// The characters as shown: bullets when masked.
    public var displayCharacters: [Character] {
        masked ? Array(repeating: "•", count: characters.count) : characters
    }
    /// The text as shown: bullets when masked.
    public var displayText: String { String(displayCharacters) }
}
