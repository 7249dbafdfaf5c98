import Testing
@testable import clubhouse_bench

/// The screen model the fan-out bench reads the apps' terminals with: what ncurses writes for
/// TERM=xterm-256color must leave the text a real terminal would show.
@Suite struct VTScreenTests {
    @Test func cursorAddressingPlacesTextAndColoursAreIgnored() {
        var s = VTScreen(rows: 3, cols: 20)
        s.feed("\u{1B}[?1049h\u{1B}[2;5H\u{1B}[1m\u{1B}[38;5;214mRound 1\u{1B}[39;49m\u{1B}[m · pick 4")
        #expect(s.lines[1] == "    Round 1 · pick 4")
        let shown = s.shows("Round 1 · pick 4"), notYet = s.shows("pick 5")
        #expect(shown && !notYet)
    }

    @Test func aPartialUpdateChangesOnlyTheCellsWrittenAsNcursesDoes() {
        var s = VTScreen(rows: 2, cols: 40)
        s.feed("\u{1B}[1;1HRound 1 · pick 4 · on the clock")
        // ncurses moves to the one cell that changed and writes it.
        let before = s.shows("pick 4")
        s.feed("\u{1B}[1;16H5")
        let now = s.shows("· pick 5 · on the clock"), old = s.shows("pick 4")
        #expect(before && now && !old, "the cached row text follows the change")
    }

    @Test func erasesClearToTheEndOfLineAndScreen() {
        var s = VTScreen(rows: 3, cols: 10)
        s.feed("aaaaaaaaaa\r\nbbbbbbbbbb\r\ncccccccccc")
        s.feed("\u{1B}[1;4H\u{1B}[K")
        #expect(s.lines[0] == "aaa       ")
        s.feed("\u{1B}[2;1H\u{1B}[3X")
        #expect(s.lines[1] == "   bbbbbbb")
        s.feed("\u{1B}[2;6H\u{1B}[J")
        #expect(s.lines[1] == "   bb     " && s.lines[2] == String(repeating: " ", count: 10))
        s.feed("\u{1B}[H\u{1B}[2J")
        #expect(s.text.allSatisfy { $0 == " " || $0 == "\n" })
    }

    @Test func insertAndDeleteLinesScrollInsideTheRegion() {
        var s = VTScreen(rows: 4, cols: 3)
        s.feed("\u{1B}[1;1H111\u{1B}[2;1H222\u{1B}[3;1H333\u{1B}[4;1H444")
        s.feed("\u{1B}[2;3r\u{1B}[2;1H\u{1B}[M")       // delete line 2 inside rows 2–3
        #expect(s.lines == ["111", "333", "   ", "444"])
        s.feed("\u{1B}[2;1H\u{1B}[L")                   // insert a blank line at 2
        #expect(s.lines == ["111", "   ", "333", "444"])
        s.feed("\u{1B}[r\u{1B}[4;1H\n")                 // a line feed on the last row scrolls the whole screen
        #expect(s.lines == ["   ", "333", "444", "   "])
    }

    @Test func repeatAndUTF8AndTheDeferredWrap() {
        var s = VTScreen(rows: 2, cols: 6)
        s.feed("•C\u{1B}[3b")                            // rep: "C" three more times
        #expect(s.lines[0] == "•CCCC ")
        s.feed("\u{1B}[1;6Hx")                           // the last column: the cursor waits there
        #expect(s.lines[0] == "•CCCCx" && s.lines[1] == "      ")
        s.feed("y")                                      // …and wraps only when more text comes
        #expect(s.lines[1] == "y     ")
    }

    @Test func insertAndDeleteCharactersShiftTheRestOfTheLine() {
        var s = VTScreen(rows: 1, cols: 6)
        s.feed("abcdef\u{1B}[1;2H\u{1B}[2P")
        #expect(s.lines[0] == "adef  ")
        s.feed("\u{1B}[1;1H\u{1B}[1@")
        #expect(s.lines[0] == " adef ")
    }

    @Test func titleAndCharsetSequencesLeaveNoText() {
        var s = VTScreen(rows: 1, cols: 10)
        s.feed("\u{1B}]0;clubhouse\u{07}\u{1B}(Bok\u{1B}]2;x\u{1B}\\!")
        #expect(s.lines[0] == "ok!       ")
    }
}
