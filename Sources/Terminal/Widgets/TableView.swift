/// A column of a `TableView`.
public struct TableColumn: Hashable, Sendable {
    /// Header text.
    public var title: String
    /// How wide the column is.
    public var width: Constraint
    /// Cell placement.
    public var alignment: Alignment

    /// Creates a column sized by `width`.
    public init(_ title: String, width: Constraint, alignment: Alignment = .left) {
        self.title = title; self.width = width; self.alignment = alignment
    }
}

/// A table with a header row, constraint-sized columns, a highlighted selected row, scrolling and filtering.
public struct TableView: Widget, Sendable {
    /// Column definitions.
    public var columns: [TableColumn]
    /// Cell texts, one array per row (missing cells render empty).
    public var rows: [[String]]
    /// Selection, offset, filter.
    public var state: ListState
    /// Header row style.
    public var headerStyle: Style
    /// Unselected rows.
    public var style: Style
    /// The selected row.
    public var highlightStyle: Style
    /// Empty cells between columns.
    public var columnSpacing: Int
    /// Shown under the header when no row is visible.
    public var emptyText: String

    /// Creates a table.
    public init(columns: [TableColumn], rows: [[String]], state: ListState = ListState(),
                headerStyle: Style = .bold.adding(.underline), style: Style = .plain,
                highlightStyle: Style = .reverse, columnSpacing: Int = 1, emptyText: String = "") {
        self.columns = columns; self.rows = rows; self.state = state; self.headerStyle = headerStyle
        self.style = style; self.highlightStyle = highlightStyle; self.columnSpacing = columnSpacing
        self.emptyText = emptyText
    }

    /// Rows shown below the header in an area of `height` rows.
    public static func viewport(height: Int) -> Int { max(0, height - 1) }

    /// Indices of rows matching the filter (any cell contains it, case-insensitive).
    public func visibleRows() -> [Int] { state.visibleIndices(of: rows.map { $0.joined(separator: " ") }) }

    /// The column rectangles for a table drawn in `area`.
    public func columnRects(in area: Rect) -> [Rect] {
        Layout.horizontal(columns.map(\.width), spacing: columnSpacing).split(area)
    }

    /// The visible (filtered) row under `point` when drawn in `area` (the header row gives nil).
    public func row(at point: Point, in area: Rect) -> Int? {
        guard area.contains(point) else { return nil }
        let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
        return state.index(atScreenRow: point.y, in: body, count: visibleRows().count)
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let cols = columnRects(in: area.row(0))
        for (c, rect) in zip(columns, cols) {
            TableView.draw(c.title, in: rect, alignment: c.alignment, style: headerStyle, buffer: &buffer)
        }
        let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
        let visible = visibleRows()
        if visible.isEmpty {
            buffer.set(string: emptyText, at: Point(x: body.x, y: body.y), style: .dim, maxWidth: body.width)
            return
        }
        let offset = ListState.offset(keeping: state.selected, current: state.offset, viewport: body.height, count: visible.count)
        for r in 0..<body.height {
            let i = offset + r
            guard i < visible.count else { break }
            let selected = i == state.selected
            let rowStyle = selected ? highlightStyle : style
            if selected { buffer.fill(body.row(r), with: .blank(rowStyle)) }
            let cells = rows[visible[i]]
            for (k, (c, rect)) in zip(columns, cols).enumerated() {
                let text = k < cells.count ? cells[k] : ""
                TableView.draw(text, in: Rect(x: rect.x, y: body.y + r, width: rect.width, height: 1),
                               alignment: c.alignment, style: rowStyle, buffer: &buffer)
            }
        }
    }

    static func draw(_ text: String, in rect: Rect, alignment: Alignment, style: Style, buffer: inout Buffer) {
        guard rect.width > 0 else { return }
        let t = text.truncated(toWidth: rect.width)
        let w = t.displayWidth
        let dx = alignment == .right ? rect.width - w : alignment == .center ? (rect.width - w) / 2 : 0
        buffer.set(string: t, at: Point(x: rect.x + dx, y: rect.y), style: style, maxWidth: rect.width - dx)
    }
}
