import Testing
@testable import Terminal

@Suite struct TextFieldTests {
    func typed(_ s: String, into f: inout TextFieldState) { for c in s { f.handle(.key(.char(c))) } }

    @Test func typingInsertsAtCursor() {
        var f = TextFieldState()
        typed("helo", into: &f)
        f.handle(.key(.left))
        typed("l", into: &f)
        #expect(f.text == "hello" && f.cursor == 4)
    }

    @Test func backspaceAndDelete() {
        var f = TextFieldState(text: "abcd")
        f.handle(.key(.backspace))
        #expect(f.text == "abc" && f.cursor == 3)
        f.handle(.key(.home))
        f.handle(.key(.delete))
        #expect(f.text == "bc" && f.cursor == 0)
        f.handle(.key(.backspace)) // nothing before the cursor
        #expect(f.text == "bc")
    }

    @Test func ctrlAAndCtrlEMoveToEnds() {
        var f = TextFieldState(text: "alice")
        f.handle(.key(.ctrl("a")))
        #expect(f.cursor == 0)
        f.handle(.key(.ctrl("e")))
        #expect(f.cursor == 5)
    }

    @Test func ctrlUKillsToStart() {
        var f = TextFieldState(text: "alice@example.com")
        for _ in 0..<4 { f.handle(.key(.left)) }
        f.handle(.key(.ctrl("u")))
        #expect(f.text == ".com" && f.cursor == 0)
        f.handle(.key(.ctrl("e")))
        f.handle(.key(.ctrl("k")))
        #expect(f.text == ".com")
    }

    @Test func ctrlWDeletesPreviousWord() {
        var f = TextFieldState(text: "Gridiron Greats  ")
        f.handle(.key(.ctrl("w")))
        #expect(f.text == "Gridiron " && f.cursor == 9)
        f.handle(.key(.ctrl("w")))
        #expect(f.text == "" && f.cursor == 0)
    }

    @Test func pasteInsertsAndFlattensNewlines() {
        var f = TextFieldState(text: "ab")
        f.handle(.key(.left))
        f.handle(.paste("x\ny\u{7}z"))
        #expect(f.text == "ax yzb")
        #expect(f.cursor == 5)
    }

    @Test func rejectsControlCharacters() {
        var f = TextFieldState()
        f.insert("a\u{1B}[Ab\u{0}")
        #expect(f.text == "a[Ab")
        let usedEnter = f.handle(.key(.enter)), usedEscape = f.handle(.key(.escape))
        #expect(!usedEnter && !usedEscape)
        #expect(f.text == "a[Ab")
    }

    @Test func maxLengthIsEnforced() {
        var f = TextFieldState(maxLength: 3)
        f.insert("abcdef")
        #expect(f.text == "abc")
    }

    @Test func wideCharactersCountAsOneCharacterForTheCursor() {
        var f = TextFieldState(text: "日本")
        f.handle(.key(.left))
        f.insert("😀")
        #expect(f.text == "日😀本" && f.cursor == 2)
    }

    @Test func maskedFieldRendersBullets() {
        let f = TextFieldState(text: "hunter2", masked: true)
        #expect(f.displayText == "•••••••")
        var b = Buffer(size: Size(width: 10, height: 1))
        b.render(TextField(f), in: b.area)
        #expect(b.text() == "•••••••")
        #expect(b.cursor == Point(x: 7, y: 0))
    }

    @Test func longTextScrollsToKeepCursorVisible() {
        let f = TextFieldState(text: "abcdefghijklmnop")
        var b = Buffer(size: Size(width: 6, height: 1))
        b.render(TextField(f), in: b.area)
        #expect(b.text() == "lmnop")
        #expect(b.cursor == Point(x: 5, y: 0))
    }

    @Test func placeholderShowsWhenEmpty() {
        var b = Buffer(size: Size(width: 12, height: 1))
        b.render(TextField(TextFieldState(), placeholder: "email"), in: b.area)
        #expect(b.text() == "email")
        #expect(b[0, 0].style.attributes.contains(.dim))
        #expect(b.cursor == Point(x: 0, y: 0))
    }
}

@Suite struct TextFieldWordMotionTests {
    @Test func altBAndAltFMoveByWords() {
        var f = TextFieldState(text: "join Gridiron Greats")
        f.handle(.key(.alt("b")))
        #expect(f.cursor == 14)
        f.handle(.key(.alt("b")))
        #expect(f.cursor == 5)
        f.handle(.key(.alt("f")))
        #expect(f.cursor == 13)
    }
}

/// A program that shows a focused text field, to check the cursor reaches the backend.
struct FieldProgram: Program {
    typealias Message = Never
    var field = TextFieldState()
    mutating func update(_ event: ProgramEvent<Never>, context: ProgramContext) -> Command<Never, Never> {
        if case .input(let e) = event { field.handle(e) }
        return .none
    }
    func render(into buffer: inout Buffer, context: ProgramContext) {
        buffer.render(TextField(field), in: Rect(x: 2, y: 1, width: 10, height: 1))
    }
}

@Suite struct CursorTests {
    @Test func focusedFieldPlacesTheTerminalCursor() {
        let backend = HeadlessBackend(size: Size(width: 20, height: 3))
        let d = ProgramDriver(program: FieldProgram(), backend: backend)
        d.type("日本", now: .zero)
        #expect(backend.cursor == Point(x: 6, y: 1))
        #expect(trimmed(backend.lines()[1]) == "  日本")
    }
}

/// Input past a field's limit is cut as it arrives, said once, and a paste is one insertion.
@Suite struct TextFieldLimitTests {
    @Test func aHundredKilobytePasteIsOneInsertionCutAtTheLimit() {
        var f = TextFieldState(maxLength: 200)
        f.insert("ab")
        let used = f.handle(.paste(String(repeating: "x", count: 100_000)))
        #expect(used)
        #expect(f.count == 200 && f.text == "ab" + String(repeating: "x", count: 198))
        #expect(f.cursor == 200)
        #expect(f.limitJustReached)
    }

    @Test func typingPastTheLimitIsCutAndSaidOnce() {
        var f = TextFieldState(maxLength: 3)
        var notices = 0
        for c in "abcdefg" { f.handle(.key(.char(c))); if f.limitJustReached { notices += 1 } }
        #expect(f.text == "abc" && notices == 1)
        // Making room and filling it again says it again, once.
        f.handle(.key(.backspace))
        for c in "xyz" { f.handle(.key(.char(c))); if f.limitJustReached { notices += 1 } }
        #expect(f.text == "abx" && notices == 2)
    }

    /// A field counts characters as the league's rules do (grapheme clusters): a mark, a skin tone, a
    /// flag's second letter or the rest of a ZWJ sequence typed as a key of its own joins the character before it.
    @Test func aMarkOrTheRestOfAnEmojiTypedAloneJoinsTheCharacterBeforeIt() {
        var f = TextFieldState(maxLength: 3)
        for key in ["J", "o", "s", "e", "\u{301}"] { f.handle(.key(.char(Character(key)))) }
        #expect(f.text == "Jos", "e is the fourth character: past the limit")
        var g = TextFieldState(maxLength: 2)
        for scalar in ["e", "\u{301}", "\u{1F1FA}", "\u{1F1F8}", "\u{1F468}"] { g.handle(.key(.char(Character(scalar)))) }
        #expect(g.count == 2 && g.text == "e\u{301}\u{1F1FA}\u{1F1F8}")
        var h = TextFieldState(maxLength: 1)
        for scalar in ["\u{1F468}", "\u{200D}", "\u{1F469}", "\u{200D}", "\u{1F467}", "\u{1F3FD}"] { h.handle(.key(.char(Character(scalar)))) }
        #expect(h.count == 1 && h.text == "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F3FD}" && !h.limitJustReached)
        // Pasted, the same: one character each.
        var p = TextFieldState(maxLength: 40)
        p.insert(String(repeating: "e\u{301}", count: 40))
        #expect(p.count == 40 && p.cursor == 40)
    }

    @Test func anUnlimitedFieldTakesALongPasteAndRendersItsTail() {
        var f = TextFieldState()
        f.insert(String(repeating: "y", count: 50_000) + "END")
        #expect(f.count == 50_003)
        var b = Buffer(size: Size(width: 8, height: 1))
        b.render(TextField(f), in: b.area)
        #expect(b.text() == "yyyyEND")
        #expect(TextField.scrollStart(chars: f.characters, cursor: f.cursor, width: 8) == 50_003 - 7)
    }

    @Test func wideCharactersScrollByCells() {
        let f = TextFieldState(text: "日本語です")
        #expect(TextField.scrollStart(chars: f.characters, cursor: f.cursor, width: 6) == 3)
    }
}

/// A pre-filled amount is selected: the first key typed replaces it (typing 10 on `$1` gave $110).
@Suite struct SelectedTextFieldTests {
    @Test func theFirstCharacterTypedReplacesASelectedText() {
        var f = TextFieldState(text: "1", maxLength: 6, selected: true)
        #expect(f.selected)
        f.handle(.key(.char("1"))); f.handle(.key(.char("0")))
        #expect(f.text == "10" && f.cursor == 2 && !f.selected)
    }

    @Test func backspaceClearsASelectionAndAPasteReplacesIt() {
        var f = TextFieldState(text: "32", selected: true)
        f.handle(.key(.backspace))
        #expect(f.text == "" && !f.selected)
        var g = TextFieldState(text: "32", selected: true)
        g.insert("45")
        #expect(g.text == "45")
    }

    @Test func movingTheCursorKeepsTheTextAndEndsTheSelection() {
        var f = TextFieldState(text: "32", selected: true)
        f.handle(.key(.left))
        f.handle(.key(.char("1")))
        #expect(f.text == "312" && !f.selected)
    }

    @Test func aFieldIsNotSelectedUnlessAskedNorWhenEmpty() {
        var f = TextFieldState(text: "1")
        f.handle(.key(.char("0")))
        #expect(f.text == "10")
        #expect(!TextFieldState(text: "", selected: true).selected)
    }
}
