import Terminal

/// Where everything goes on screen for a state: top bar, board, sheet (animated detent, drag), footer — the
/// toolkit's standard screen (`BoardSheetLayout`: `board`, `boardContent`, `sheet`, `sheetContent` — the page's area
/// inside the sheet's chrome —, `footer`, `sheetAtTop`, read through) laid out for the app's state.
@dynamicMemberLookup
public struct ShellLayout: Hashable, Sendable {
    public var screen: BoardSheetLayout
    /// Between the top bar and the footer.
    public var body: Rect
    public var topBar: Rect { screen.titleBar }

    public init(_ state: AppState) {
        let area = Rect(size: state.size)
        screen = BoardSheetLayout(screen: area, sheet: state.sheet, now: state.clock)
        body = BoardSheetLayout.body(of: area)
    }

    public subscript<T>(dynamicMember path: KeyPath<BoardSheetLayout, T>) -> T { screen[keyPath: path] }
}
