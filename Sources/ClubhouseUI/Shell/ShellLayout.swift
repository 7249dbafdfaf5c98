import Terminal

/// Where everything goes on screen for a state: top bar, board, sheet (animated detent, drag), footer.
public struct ShellLayout: Hashable, Sendable {
    public var topBar: Rect
    public var body: Rect
    public var board: Rect
    public var boardContent: Rect
    public var sheet: Rect
    /// The page's area inside the sheet's chrome.
    public var sheetContent: Rect
    public var footer: Rect
    public var sheetAtTop: Bool

    public init(_ state: AppState) {
        let screen = Rect(size: state.size)
        let l = BoardSheetLayout(screen: screen, sheet: state.sheet, now: state.clock)
        topBar = l.titleBar; footer = l.footer; board = l.board; boardContent = l.boardContent
        sheet = l.sheet; sheetContent = l.sheetContent; sheetAtTop = l.sheetAtTop
        body = BoardSheetLayout.body(of: screen)
    }
}
