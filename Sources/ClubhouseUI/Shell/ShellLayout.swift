import Terminal

/// Where everything goes on screen: top bar, board, sheet, footer.
public struct ShellLayout: Hashable, Sendable {
    public var topBar: Rect
    public var body: Rect
    public var board: Rect
    public var sheet: Rect
    /// The page's area inside the sheet's chrome.
    public var sheetContent: Rect
    public var footer: Rect

    public init(size: Size, detent: Detent) {
        let screen = Rect(size: size)
        topBar = screen.row(0)
        footer = screen.row(size.height - 1)
        body = Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2))
        let h = Self.sheetHeight(detent, body: body.height)
        board = Rect(x: body.x, y: body.y, width: body.width, height: body.height - h)
        sheet = Rect(x: body.x, y: body.bottom - h, width: body.width, height: h)
        sheetContent = Rect(x: sheet.x + 1, y: sheet.y + 1, width: max(0, sheet.width - 2), height: max(0, sheet.height - 2))
    }

    /// Sheet height (chrome included): peek = header + one row + bottom edge, half ≈ half, full = all.
    public static func sheetHeight(_ detent: Detent, body: Int) -> Int {
        let peek = min(body, 3)
        switch detent {
        case .peek: return peek
        case .half: return max(peek, (body + 1) / 2)
        case .full: return body
        }
    }

    /// The detent whose top edge is nearest row `y` (dragging the sheet's edge).
    public static func detent(forTopEdge y: Int, body: Rect) -> Detent {
        let h = body.bottom - y
        return Detent.allCases.min { abs(sheetHeight($0, body: body.height) - h) < abs(sheetHeight($1, body: body.height) - h) }!
    }

    /// The board's content inside its border (top, left and right edges; the sheet's header closes it).
    public var boardContent: Rect {
        Rect(x: board.x + 1, y: board.y + 1, width: max(0, board.width - 2), height: max(0, board.height - 1))
    }
}
