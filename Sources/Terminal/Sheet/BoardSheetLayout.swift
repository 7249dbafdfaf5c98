/// The standard screen (README.md, “Using it”): a title bar, the board, the sheet over it, and the footer.
///
/// ```
///  title bar                                   (1 row)
///  ┌ board ──────────────────────────────┐     board frame: top + sides
///  │ boardContent                         │
///  ├─ Home › League › Week 9 ────────────┤     sheet frame header (doubles as the board's bottom)
///  │ sheetContent                         │
///  └──────────────────────────────────────┘
///  footer                                      (1 row)
/// ```
public struct BoardSheetLayout: Hashable, Sendable {
    /// The top row.
    public var titleBar: Rect
    /// The board's frame (empty at the full detent).
    public var board: Rect
    /// Inside the board's frame.
    public var boardContent: Rect
    /// The sheet's frame, starting with its header line.
    public var sheet: Rect
    /// Inside the sheet's frame.
    public var sheetContent: Rect
    /// The bottom row (key hints).
    public var footer: Rect
    /// True when the sheet reaches the top of the body (no board visible).
    public var sheetAtTop: Bool

    /// The body between the title bar and the footer.
    public static func body(of screen: Rect) -> Rect {
        Rect(x: screen.x, y: screen.y + 1, width: screen.width, height: screen.height - 2)
    }

    /// Lays out `screen` for `sheet` at time `now` (animated detent, drags in progress).
    public init<Page>(screen: Rect, sheet: SheetState<Page>, now: Duration) {
        let rows = screen.rows([.length(1), .fill(1), .length(1)])
        titleBar = rows[0]; footer = rows[2]
        let split = sheet.layout(in: rows[1], now: now)
        board = split.board
        boardContent = Block(borders: [.top, .left, .right]).inner(split.board)
        self.sheet = split.sheet
        sheetContent = Block().inner(split.sheet)
        sheetAtTop = split.board.isEmpty
    }

    /// The board's frame widget: top and side borders with `title`; the sheet header closes it.
    public static func boardFrame(title: String, trailing: String? = nil, focused: Bool) -> Block {
        Block(title: title, trailingTitle: trailing, borders: [.top, .left, .right],
              symbols: .plain, borderStyle: .plain, titleStyle: focused ? .bold : .plain)
    }
}
