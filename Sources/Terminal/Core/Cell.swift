/// One screen cell: a glyph (a character and the marks on it, see `Glyphs`), its display width and its style.
///
/// A wide glyph (CJK, most emoji) occupies its own cell with `width == 2` and the cell to its
/// right holds a continuation (`width == 0`, empty symbol).
public struct Cell: Hashable, Sendable {
    /// The glyph shown, or "" for a wide glyph's continuation cell.
    public var symbol: String
    /// Display width: 1, 2 for a wide glyph, 0 for a continuation cell.
    public var width: Int
    /// How the cell looks.
    public var style: Style

    /// Creates a cell holding `symbol` as the terminal draws it (its first glyph, see `Glyphs`; a space when it
    /// draws nothing), width measured.
    public init(_ symbol: Character, style: Style = .plain) {
        let glyph = Glyphs.of(symbol).first ?? Glyph(" ", width: 1)
        self.symbol = glyph.symbol
        self.width = glyph.width
        self.style = style
    }

    /// A cell holding one glyph (hot path of `Buffer.set`).
    init(_ glyph: Glyph, style: Style) {
        self.symbol = glyph.symbol; self.width = glyph.width; self.style = style
    }

    /// A cell holding printable ASCII (hot path of `Buffer.set`).
    init(ascii symbol: Character, style: Style) {
        self.symbol = String(symbol); self.width = 1; self.style = style
    }

    /// A cell holding one printable ASCII byte (hot path of `Buffer.set`).
    init(ascii byte: UInt8, style: Style) {
        self.symbol = String(Character(Unicode.Scalar(byte))); self.width = 1; self.style = style
    }

    /// A blank (space) cell with `style`.
    public static func blank(_ style: Style = .plain) -> Cell { Cell(" ", style: style) }

    /// The continuation half of a wide glyph.
    static func continuation(_ style: Style) -> Cell {
        var c = Cell(" ", style: style); c.symbol = ""; c.width = 0; return c
    }

    /// True for the right half of a wide glyph.
    public var isContinuation: Bool { width == 0 }
}
