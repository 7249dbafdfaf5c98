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

/// A table with a header row (optional), constraint-sized columns, a selected row, an optional marked row,
/// per-cell styles, scrolling (the selected row, or else the marked one, stays in view) and filtering.
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
    /// Whether the first line is the header row.
    public var showHeader: Bool
    /// A second row to set apart (e.g. the person's own team), drawn in `markedStyle` when not selected.
    public var markedRow: Int?
    public var markedStyle: Style
    /// Per-cell styles (same shape as `rows`; nil cells use `style`), used on rows neither selected nor marked.
    public var cellStyles: [[Style?]]?
    /// Laid over the selected row after drawing (e.g. a quieter selection in an unfocused pane).
    public var selectionOverlay: Style?

    /// Creates a table.
    public init(columns: [TableColumn], rows: [[String]], state: ListState = ListState(),
                headerStyle: Style = .bold.adding(.underline), style: Style = .plain,
                highlightStyle: Style = .reverse, columnSpacing: Int = 1, emptyText: String = "",
                showHeader: Bool = true, markedRow: Int? = nil, markedStyle: Style = .bold,
                cellStyles: [[Style?]]? = nil, selectionOverlay: Style? = nil) {
        self.columns = columns; self.rows = rows; self.state = state; self.headerStyle = headerStyle
        self.style = style; self.highlightStyle = highlightStyle; self.columnSpacing = columnSpacing
        self.emptyText = emptyText; self.showHeader = showHeader; self.markedRow = markedRow
        self.markedStyle = markedStyle; self.cellStyles = cellStyles; self.selectionOverlay = selectionOverlay
    }

    /// Data rows shown in an area of `height` rows.
    public func viewport(height: Int) -> Int { max(0, height - (showHeader ? 1 : 0)) }

    /// Indices of rows matching the filter (any cell contains it, case-insensitive).
    public func visibleRows() -> [Int] {
        // Without a filter every row shows: no need to join every row's cells (a 600-row table is drawn on every frame).
        guard !state.filter.isEmpty else { return Array(rows.indices) }
        return state.visibleIndices(of: rows.map { $0.joined(separator: " ") })
    }

    /// The column rectangles for a table drawn in `area`.
    public func columnRects(in area: Rect) -> [Rect] {
        Layout.horizontal(columns.map(\.width), spacing: columnSpacing).split(area)
    }

    /// The area under the header.
    private func body(_ area: Rect) -> Rect {
        let top = showHeader ? 1 : 0
        return Rect(x: area.x, y: area.y + top, width: area.width, height: max(0, area.height - top))
    }

    /// The first visible row drawn in an area of `height` rows.
    public func firstRow(height: Int) -> Int {
        ListState.offset(keeping: state.selected ?? markedRow, current: state.offset, viewport: viewport(height: height), count: visibleRows().count)
    }

    /// The visible (filtered) row under `point` when drawn in `area` (the header row gives nil).
    public func row(at point: Point, in area: Rect) -> Int? {
        guard area.contains(point) else { return nil }
        let b = body(area)
        guard point.y >= b.y, point.y < b.bottom else { return nil }
        let i = firstRow(height: area.height) + (point.y - b.y)
        return i < visibleRows().count ? i : nil
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let cols = columnRects(in: area.row(0))
        if showHeader {
            for (c, rect) in zip(columns, cols) {
                TableView.draw(c.title, in: rect, alignment: c.alignment, style: headerStyle, buffer: &buffer)
            }
        }
        let body = body(area)
        let visible = visibleRows()
        if visible.isEmpty {
            buffer.set(string: emptyText, at: Point(x: body.x, y: body.y), style: .dim, maxWidth: body.width)
            return
        }
        let offset = firstRow(height: area.height)
        for r in 0..<body.height {
            let i = offset + r
            guard i < visible.count else { break }
            let selected = i == state.selected, marked = i == markedRow
            let rowStyle: Style? = selected ? highlightStyle : marked ? markedStyle : nil
            if let rowStyle { buffer.fill(body.row(r), with: .blank(rowStyle)) }
            let cells = rows[visible[i]]
            for (k, (c, rect)) in zip(columns, cols).enumerated() {
                let text = k < cells.count ? cells[k] : ""
                let cellStyle = rowStyle ?? cellStyles.flatMap { k < $0[visible[i]].count ? $0[visible[i]][k] : nil } ?? style
                TableView.draw(text, in: Rect(x: rect.x, y: body.y + r, width: rect.width, height: 1),
                               alignment: c.alignment, style: cellStyle, buffer: &buffer)
            }
            if selected, let selectionOverlay { buffer.setStyle(selectionOverlay, in: body.row(r)) }
        }
    }

    /// Draws one cell's text on row `y` of the column `rect`, cut to its width and aligned.
    public static func put(_ text: String, in rect: Rect, y: Int, alignment: Alignment, style: Style, buffer: inout Buffer) {
        draw(text, in: Rect(x: rect.x, y: y, width: rect.width, height: 1), alignment: alignment, style: style, buffer: &buffer)
    }

    static func draw(_ text: String, in rect: Rect, alignment: Alignment, style: Style, buffer: inout Buffer) {
        guard rect.width > 0 else { return }
        let t = text.truncated(toWidth: rect.width)
        let w = t.displayWidth
        let dx = alignment == .right ? rect.width - w : alignment == .center ? (rect.width - w) / 2 : 0
        buffer.set(string: t, at: Point(x: rect.x + dx, y: rect.y), style: style, maxWidth: rect.width - dx)
    }
}
