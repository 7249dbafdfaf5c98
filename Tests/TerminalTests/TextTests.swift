import Testing
@testable import Terminal

@Suite struct TextTests {
    @Test func widthCountsWideCharactersAsTwo() {
        #expect("abc".displayWidth == 3)
        #expect("日本語".displayWidth == 6)
        #expect("😀".displayWidth == 2)
        #expect("👍🏽".displayWidth == 2)        // the skin tone is left out: 👍
        #expect("é".displayWidth == 1)           // precomposed
        #expect("e\u{301}".displayWidth == 1)    // combining accent
        #expect("Ωmega".displayWidth == 5)
    }

    /// Clusters terminals disagree on are measured as they are drawn (`Glyphs`): what `wcwidth` says of each
    /// code point that ncurses and the terminal receive.
    @Test func widthIsWhatTheTerminalWillDraw() {
        #expect("\u{2764}\u{FE0F}".displayWidth == 1)                        // ❤️ drawn as ❤: VS16 left out
        #expect("1\u{FE0F}\u{20E3}".displayWidth == 1)                       // keycap: 1 and its enclosing mark
        #expect("\u{1F1FA}\u{1F1F8}".displayWidth == 2)                      // a flag as its letters, "US"
        #expect("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}".displayWidth == 6)   // a ZWJ family as its three emoji
        #expect("\u{7}".displayWidth == 1)                                   // a control shows as "�"
        #expect("\u{200B}".displayWidth == 1)                                // so does a zero-width space
        #expect("\u{FE0F}".displayWidth == 0)                                // a lone selector draws nothing
    }

    @Test func truncationAddsEllipsisWithinWidth() {
        #expect("Gridiron Greats".truncated(toWidth: 8) == "Gridiro…")
        #expect("short".truncated(toWidth: 8) == "short")
        #expect("日本語テキスト".truncated(toWidth: 7) == "日本語…")
        #expect("Dalvin Cook RB".truncated(toWidth: 13) == "Dalvin Cook…", "no space is left before the ellipsis")
        #expect("日本語テキスト".truncated(toWidth: 6) == "日本…")  // never splits a wide char
        #expect("abc".truncated(toWidth: 0) == "")
        #expect("😀😀😀".truncated(toWidth: 4).displayWidth <= 4)
    }

    @Test func leadingTruncationKeepsTheEnd() {
        #expect("Home › League › Week 9".truncatedLeading(toWidth: 10) == "… › Week 9")
        #expect("abc".truncatedLeading(toWidth: 5) == "abc")
    }

    @Test func paddingReachesExactWidth() {
        #expect("日本".padded(toWidth: 6) == "日本  ")
        #expect("abcdef".padded(toWidth: 4) == "abc…")
    }

    @Test func wrapBreaksAtSpaces() {
        #expect("the quick brown fox jumps".wrapped(toWidth: 10) == ["the quick", "brown fox", "jumps"])
    }

    @Test func wrapHardBreaksLongWordsAndKeepsNewlines() {
        #expect("abcdefghij".wrapped(toWidth: 4) == ["abcd", "efgh", "ij"])
        #expect("one\n\ntwo".wrapped(toWidth: 10) == ["one", "", "two"])
    }

    @Test func wrapRespectsWideCharacters() {
        let lines = "日本語のテキスト です".wrapped(toWidth: 5)
        #expect(lines.allSatisfy { $0.displayWidth <= 5 })
        #expect(lines.joined() == "日本語のテキストです")
        #expect("😀😀😀 ok".wrapped(toWidth: 3) == ["😀", "😀", "😀", "ok"])
    }
}
