/// The sheet's chrome: a header line "├─ Home › League ─── half ┤" (┌┐ when the sheet reaches the top
/// of the body), side borders, and a bottom border.
public struct SheetFrame: Widget, Sendable {
    /// Page titles from root to top.
    public var titles: [String]
    /// Text at the right of the header (e.g. "half", a count).
    public var trailing: String?
    /// True when the sheet has focus (the header is emphasised).
    public var focused: Bool
    /// True when the sheet starts at the top of the body, so corners replace tees.
    public var atTop: Bool
    /// Style of the frame lines.
    public var borderStyle: Style

    /// Creates sheet chrome.
    public init(titles: [String], trailing: String? = nil, focused: Bool = true, atTop: Bool = false, borderStyle: Style = .plain) {
        self.titles = titles; self.trailing = trailing; self.focused = focused; self.atTop = atTop; self.borderStyle = borderStyle
    }

    /// The content area inside the chrome.
    public func inner(_ area: Rect) -> Rect { Block().inner(area) }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        var symbols = BorderSymbols.plain
        if !atTop { symbols.topLeft = symbols.teeLeft; symbols.topRight = symbols.teeRight }
        Block(borders: .all, symbols: symbols, borderStyle: borderStyle).render(in: area, buffer: &buffer)
        let room = area.width - 4
        var trailingWidth = 0
        if let trailing, !trailing.isEmpty, room > trailing.displayWidth + 8 {
            let t = " \(trailing) "
            trailingWidth = t.displayWidth + 1
            buffer.set(string: t, at: Point(x: area.right - 2 - t.displayWidth, y: area.y), style: .dim)
        }
        let crumbRoom = room - trailingWidth - 2
        guard crumbRoom > 0 else { return }
        let crumb = " " + Breadcrumb.text(titles, width: crumbRoom) + " "
        buffer.set(string: crumb, at: Point(x: area.x + 2, y: area.y), style: focused ? .bold : .plain)
    }
}
