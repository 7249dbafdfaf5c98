/// How far the sheet is pulled up over the board.
public enum SheetDetent: Int, CaseIterable, Comparable, Hashable, Sendable {
    /// Only the sheet's header and one row.
    case peek = 0
    /// About half the body.
    case half = 1
    /// The whole body; the board is hidden.
    case full = 2

    /// Orders peek < half < full.
    public static func < (a: SheetDetent, b: SheetDetent) -> Bool { a.rawValue < b.rawValue }

    /// The next bigger detent (`+`), staying at full.
    public var larger: SheetDetent { SheetDetent(rawValue: min(2, rawValue + 1))! }
    /// The next smaller detent (`-`), staying at peek.
    public var smaller: SheetDetent { SheetDetent(rawValue: max(0, rawValue - 1))! }
}

/// Which pane receives keys.
public enum PaneFocus: Hashable, Sendable {
    case board, sheet
}
