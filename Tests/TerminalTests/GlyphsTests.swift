import Testing
import CNcurses
@testable import Terminal

/// The app's idea of a cluster's width must be the terminal's. Clusters are drawn as glyphs that
/// ncurses (and tmux, and most terminals) measure the same way: `wcwidth` per code point, marks on their character.
@Suite struct GlyphsTests {
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"          // 👨‍👩‍👧
    static let flag = "\u{1F1FA}\u{1F1F8}"                                        // 🇺🇸
    static let heart = "\u{2764}\u{FE0F}"                                          // ❤️
    static let keycap = "1\u{FE0F}\u{20E3}"                                        // 1️⃣
    static let zalgo = "Z\u{335}\u{321}\u{31B}\u{322}\u{327}\u{300}\u{301}"        // seven marks on one letter
    static let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
    /// Names people give teams, and what an older version may have stored.
    static let hardNames = [
        "\(family) Family", "\(flag) Eagles", "Cafe\u{301} \(heart) Club", "中文 联赛 \(keycap)", "\(zalgo)algo \u{1F44D}\u{1F3FD}",
        "\(scotland) Scots", "\u{1F9D1}\u{1F3FD}\u{200D}\u{1F4BB} Coders", "Bell\u{7} \u{1B}[31mRed\u{1B}[0m \u{202E}live",
        "zero\u{200B}width\u{AD}soft", "new \u{1FAE8} emoji", "\u{301}lone mark", "two\r\nlines\u{85}",
    ]

    func symbols(_ s: String) -> [String] { s.flatMap { Glyphs.of($0) }.map(\.symbol) }

    @Test func sequencesTerminalsDisagreeOnAreSplitIntoWhatEveryoneDrawsAlike() {
        #expect(symbols(Self.family) == ["\u{1F468}", "\u{1F469}", "\u{1F467}"])
        #expect(symbols(Self.flag) == ["U", "S"])
        #expect(symbols(Self.heart) == ["\u{2764}"])
        #expect(symbols(Self.keycap) == ["1\u{20E3}"])
        #expect(symbols("\u{1F44D}\u{1F3FD}") == ["\u{1F44D}"])
        #expect(symbols(Self.scotland) == ["\u{1F3F4}"])
        #expect(symbols("e\u{301}") == ["e\u{301}"])
        #expect(symbols(Self.zalgo) == ["Z\u{335}\u{321}\u{31B}\u{322}"], "four marks stay, the rest are more than a cell holds")
        #expect(symbols("中") == ["中"] && Glyphs.of("中").first?.width == 2)
    }

    @Test func controlAndFormatCharactersShowAsTheReplacementCharacter() {
        #expect(symbols("a\u{1B}[31mb") == ["a", "\u{FFFD}", "[", "3", "1", "m", "b"])
        for bad in ["\u{7}", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}", "\u{202E}", "\u{200B}", "\u{AD}", "\u{FEFF}"] {
            #expect(symbols(bad) == ["\u{FFFD}"], "\(bad.unicodeScalars.first!.value)")
        }
        #expect(symbols("\u{1FAE8}") == ["\u{FFFD}"] || DisplayWidth.scalarWidth("\u{1FAE8}") > 0,
                "a code point wcwidth can't measure is shown as �")
        #expect(symbols("\u{301}") == [], "a mark with nothing to sit on draws nothing")
    }

    /// What ncurses will do with a glyph: keep its first character with `wcwidth` columns, and the zero-width ones after
    /// it (at most four) in the same cell. Every glyph of every hard name must be exactly that, so ncurses' columns,
    /// the terminal's and the app's are the same.
    @Test func everyGlyphIsOneCharacterOfItsOwnWidthAndZeroWidthMarks() {
        _ = DisplayWidth.localeReady
        for name in Self.hardNames {
            var total = 0
            for glyph in name.flatMap({ Glyphs.of($0) }) {
                let scalars = Array(glyph.symbol.unicodeScalars)
                #expect(Int(cn_wcwidth(scalars[0].value)) == glyph.width, "\(name): \(glyph.symbol)")
                #expect(scalars.dropFirst().allSatisfy { cn_wcwidth($0.value) == 0 }, "\(name): \(glyph.symbol)")
                #expect(scalars.count <= 1 + Glyphs.marksPerCell)
                #expect(!scalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format })
                total += glyph.width
            }
            #expect(name.displayWidth == total, "\(name)")
        }
    }

    @Test func aBufferNeverHoldsAControlCharacter() {
        var b = Buffer(size: Size(width: 40, height: 1))
        let written = b.set(string: "Bell\u{7} \u{1B}[31mRed", at: Point(x: 0, y: 0))
        #expect(b.text() == "Bell\u{FFFD} \u{FFFD}[31mRed")
        #expect(written == 14)
        #expect(b.cells.allSatisfy { !$0.symbol.unicodeScalars.contains { $0.properties.generalCategory == .control } })
        #expect(Cell("\u{1B}").symbol == "\u{FFFD}")
    }

    /// The remembered kinds of the Basic Multilingual Plane are what `kind(of:)` says: every code point, asked twice
    /// (the second answer from the memo), draws as the first time.
    @Test func everyBMPCodePointDrawsTheSameFromTheMemo() {
        for v in UInt32(0)...0xFFFF {
            guard let s = Unicode.Scalar(v) else { continue }
            let first = Glyphs.single(s), again = Glyphs.single(s)
            let fresh: Glyph = switch Glyphs.kind(of: s, afterGlyph: false) {
            case .ignored, .mark: Glyph("", width: 0)
            case .starts(let shown, let width): Glyph(String(Character(shown)), width: width)
            }
            guard first == fresh, again == fresh else {
                Issue.record("U+\(String(v, radix: 16)): \(first) then \(again), not \(fresh)"); return
            }
        }
    }

    /// Printable ASCII is measured and written a byte a column without finding graphemes; anything else in the string
    /// (a tab, DEL, an accent) takes the whole string the long way.
    @Test func asciiTextAndTextWithControlsOrMarksAreMeasuredAndWrittenAlike() {
        #expect(DisplayWidth.of("Dalvin Cook") == 11)
        #expect(DisplayWidth.of("a\tb") == 3, "a tab shows as one replacement column")
        #expect(DisplayWidth.of("e\u{301}x") == 2)
        #expect(DisplayWidth.of("\u{7F}") == 1)
        var b = Buffer(size: Size(width: 6, height: 1))
        #expect(b.set(string: "abcdefgh", at: Point(x: 0, y: 0)) == 6)
        #expect(b.lines()[0] == "abcdef")
        var c = Buffer(size: Size(width: 6, height: 1))
        #expect(c.set(string: "a\tb", at: Point(x: 1, y: 0), maxWidth: 2) == 2)
        #expect(c.lines()[0] == " a\u{FFFD}   ")
    }
}
