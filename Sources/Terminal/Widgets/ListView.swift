/// A scrolling list of one-line items with a highlighted selection and optional filter.
public struct ListView: Widget, Sendable {
    /// Item texts; filtering matches against them.
    public var items: [String]
    /// Selection, offset, filter.
    public var state: ListState
    /// Unselected rows.
    public var style: Style
    /// The selected row's style (reverse video reads in every colour mode).
    public var highlightStyle: Style
    /// Drawn before the selected row ("› "); other rows get the same width of spaces.
    public var highlightSymbol: String
    /// Shown when no item is visible (e.g. "No matches").
    public var emptyText: String

    /// Creates a list.
    public init(items: [String], state: ListState, style: Style = .plain, highlightStyle: Style = .reverse,
                highlightSymbol: String = "", emptyText: String = "") {
        self.items = items; self.state = state; self.style = style
        self.highlightStyle = highlightStyle; self.highlightSymbol = highlightSymbol; self.emptyText = emptyText
    }

    /// The visible (filtered) row under `point` when drawn in `area`, for click-to-select.
    public func row(at point: Point, in area: Rect) -> Int? {
        guard area.contains(point) else { return nil }
        return state.index(atScreenRow: point.y, in: area, count: state.visibleIndices(of: items).count)
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let visible = state.visibleIndices(of: items)
        if visible.isEmpty {
            buffer.set(string: emptyText, at: Point(x: area.x, y: area.y), style: .dim, maxWidth: area.width)
            return
        }
        let offset = ListState.offset(keeping: state.selected, current: state.offset, viewport: area.height, count: visible.count)
        let gutter = highlightSymbol.displayWidth
        for row in 0..<area.height {
            let i = offset + row
            guard i < visible.count else { break }
            let selected = i == state.selected
            let y = area.y + row
            let rowStyle = selected ? highlightStyle : style
            if selected { buffer.fill(area.row(row), with: .blank(rowStyle)) }
            let prefix = selected ? highlightSymbol : String(repeating: " ", count: gutter)
            let text = items[visible[i]].truncated(toWidth: area.width - gutter)
            buffer.set(string: prefix + text, at: Point(x: area.x, y: y), style: rowStyle, maxWidth: area.width)
        }
    }
}
