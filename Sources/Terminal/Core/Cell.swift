/// One screen cell: a grapheme, its display width and its style.
///
/// A wide grapheme (CJK, most emoji) occupies its own cell with `width == 2` and the cell to its
/// right holds a continuation (`width == 0`, empty symbol).
public struct Cell: Hashable, Sendable {
    /// The grapheme shown (a single `Character`), or "" for a wide grapheme's continuation cell.
    public var symbol: String
    /// Display width: 1, 2 for a wide grapheme, 0 for a continuation cell.
    public var width: Int
    /// How the cell looks.
    public var style: Style

    /// Creates a cell holding `symbol` (width is measured).
    public init(_ symbol: Character, style: Style = .plain) {
        self.symbol = String(symbol)
        self.width = max(1, DisplayWidth.of(symbol))
        self.style = style
    }

    /// A cell whose width the caller already measured (hot path of `Buffer.set`).
    init(_ symbol: Character, width: Int, style: Style) {
        self.symbol = String(symbol); self.width = width; self.style = style
    }

    /// A blank (space) cell with `style`.
    public static func blank(_ style: Style = .plain) -> Cell { Cell(" ", style: style) }

    /// The continuation half of a wide grapheme.
    static func continuation(_ style: Style) -> Cell {
        var c = Cell(" ", style: style); c.symbol = ""; c.width = 0; return c
    }

    /// True for the right half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }
}
