import Synchronization
/// What one screen cell draws: a character that takes one or two columns, with the zero-width marks that sit on it.
public struct Glyph: Hashable, Sendable {
    /// The character and its marks, as sent to the terminal.
    public var symbol: String
    /// Columns it takes: 1, or 2 for a wide character.
    public var width: Int

    public init(_ symbol: String, width: Int) { self.symbol = symbol; self.width = width }
}

/// How a grapheme cluster is drawn so that the app, ncurses and the terminal agree on every column.
///
/// ncurses keeps per cell one character with a width of its own and up to four zero-width characters after it, and
/// measures every code point with `wcwidth` — as tmux and most terminals do. Clusters made of several wide code
/// points are where they part ways: a ZWJ family (👨‍👩‍👧) is one cell to the app's grapheme view, three emoji to
/// `wcwidth` and to a terminal that doesn't join them; a flag (🇺🇸) is two code points of width 1 that a terminal may
/// draw as one wide flag; VS16 (❤️) asks for a wide emoji that `wcwidth` says is narrow. Any of those leaves stale
/// text on screen and pushes a line's right border. So a cluster is turned into glyphs that every party measures
/// the same way, before it reaches a cell:
/// - each code point with a width of its own starts a glyph of its `wcwidth` (a ZWJ sequence shows as its emoji side
///   by side: 👨👩👧, six columns);
/// - zero-width marks stay on their glyph (é, Zalgo text), at most four (what ncurses keeps; the rest are dropped);
/// - joiners (ZWJ, ZWNJ), variation selectors (VS16, VS15, the rest), tag characters and a skin tone after an emoji
///   draw nothing and are left out — ❤️ shows as ❤, 👍🏽 as 👍;
/// - a regional indicator shows as its letter: 🇺🇸 is "US";
/// - control characters (C0, DEL, C1, line and paragraph separators), other format characters (direction controls,
///   zero-width space, soft hyphen…) and code points `wcwidth` can't measure show as "�": whatever a stored name
///   holds, nothing reaches the terminal that moves its cursor or changes its state.
public enum Glyphs {
    /// Zero-width marks one cell keeps after its character (ncurses' CCHARW_MAX is 5).
    public static let marksPerCell = 4
    /// What a control, format or unmeasurable character shows as.
    public static let replacement = Glyph("\u{FFFD}", width: 1)

    /// The glyphs `character` is drawn as, left to right (none for a cluster of zero-width characters only).
    public static func of(_ character: Character) -> [Glyph] {
        let scalars = character.unicodeScalars
        if scalars.count == 1 {
            let one = single(scalars.first!)
            return one.width == 0 ? [] : [one]
        }
        var out: [Glyph] = []
        var symbol = String.UnicodeScalarView(), width = 0, marks = 0
        func finish() {
            if width > 0 { out.append(Glyph(String(symbol), width: width)) }
            symbol = String.UnicodeScalarView(); width = 0; marks = 0
        }
        for s in scalars {
            switch kind(of: s, afterGlyph: width > 0) {
            case .ignored: continue
            case .mark:
                guard width > 0, marks < marksPerCell else { continue }   // nothing to sit on, or a full cell
                symbol.append(s); marks += 1
            case .starts(let shown, let w):
                finish()
                symbol.append(shown); width = w
            }
        }
        finish()
        return out
    }

    /// Columns `character` takes: the sum of its glyphs' widths.
    public static func width(of character: Character) -> Int {
        if let a = character.asciiValue, a >= 0x20, a < 0x7F { return 1 }
        let scalars = character.unicodeScalars
        if scalars.count == 1 { return single(scalars.first!).width }
        return of(character).reduce(0) { $0 + $1.width }
    }

    // MARK: - One code point

    enum Kind: Equatable {
        /// Draws nothing and is left out.
        case ignored
        /// Zero width: sits on the glyph before it.
        case mark
        /// Starts a glyph showing `shown` (the code point itself, or what stands for it), `width` columns.
        case starts(Unicode.Scalar, width: Int)
    }

    /// The glyph of a cluster of one code point (width 0: it draws nothing).
    static func single(_ s: Unicode.Scalar) -> Glyph {
        if s.value >= 0x20, s.value < 0x7F { return Glyph(String(Character(s)), width: 1) }
        switch singleKind(s) {
        case .ignored, .mark: return Glyph("", width: 0)
        case .starts(let shown, let width): return Glyph(String(Character(shown)), width: width)
        }
    }

    /// `kind(of: s, afterGlyph: false)`, remembered for the Basic Multilingual Plane: frames, dots and dashes are
    /// drawn on every frame, and each asked the C library's `wcwidth` and the Unicode tables anew.
    static func singleKind(_ s: Unicode.Scalar) -> Kind {
        guard s.value <= 0xFFFF else { return kind(of: s, afterGlyph: false) }
        let i = Int(s.value)
        // 0: not known yet; 1: ignored; 2: a mark; 3: starts itself, 1 column; 4: itself, 2 columns; 5: the replacement.
        switch singleKinds.withLock({ $0[i] }) {
        case 1: return .ignored
        case 2: return .mark
        case 3: return .starts(s, width: 1)
        case 4: return .starts(s, width: 2)
        case 5: return .starts(replacementScalar, width: 1)
        default:
            let k = kind(of: s, afterGlyph: false)
            let code: UInt8 = switch k {
            case .ignored: 1
            case .mark: 2
            case .starts(let shown, let w) where shown == s && w == 1: 3
            case .starts(let shown, let w) where shown == s && w == 2: 4
            case .starts(let shown, let w) where shown == replacementScalar && w == 1: 5
            case .starts: 0
            }
            if code != 0 { singleKinds.withLock { $0[i] = code } }
            return k
        }
    }
    private static let singleKinds = Mutex([UInt8](repeating: 0, count: 0x10000))

    /// What `s` does in a cluster; `afterGlyph`: a glyph is open for it to attach to.
    static func kind(of s: Unicode.Scalar, afterGlyph: Bool) -> Kind {
        let v = s.value
        switch v {
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029: return .starts(replacementScalar, width: 1)
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0xE0001, 0xE0020...0xE007F, 0xE0100...0xE01EF: return .ignored
        case 0x1F3FB...0x1F3FF where afterGlyph: return .ignored   // a skin tone on the emoji before it
        case 0x1F1E6...0x1F1FF: return .starts(Unicode.Scalar(v - 0x1F1E6 + 0x41)!, width: 1)   // its letter
        default: break
        }
        if s.properties.generalCategory == .format { return .starts(replacementScalar, width: 1) }
        let w = DisplayWidth.scalarWidth(s)
        if w < 0 { return .starts(replacementScalar, width: 1) }
        if w == 0 { return .mark }
        return .starts(s, width: min(w, 2))
    }

    static let replacementScalar: Unicode.Scalar = "\u{FFFD}"
}
