import Terminal

/// A column of a `DataTable`.
public struct DataColumn: Hashable, Sendable {
    public var title: String
    public var width: Constraint
    public var alignment: Alignment
    public init(_ title: String, _ width: Constraint, _ alignment: Alignment = .left) {
        self.title = title; self.width = width; self.alignment = alignment
    }
}

/// A table with a header row, a selected row (reverse video when colourless), an optional highlighted
/// row and per-cell roles; scrolls so the selected (or else the highlighted) row stays visible.
/// (Local to the app until the toolkit's TableView lands.)
public struct DataTable: Widget {
    public var columns: [DataColumn]
    public var rows: [[String]]
    /// Optional per-cell style roles (same shape as `rows`).
    public var roles: [[StyleRole?]]?
    public var selected: Int?
    public var highlighted: Int?
    public var offset: Int
    public var showHeader: Bool
    public var context: RenderContext

    public init(columns: [DataColumn], rows: [[String]], roles: [[StyleRole?]]? = nil, selected: Int? = nil, highlighted: Int? = nil,
                offset: Int = 0, showHeader: Bool = true, context: RenderContext) {
        self.columns = columns; self.rows = rows; self.roles = roles; self.selected = selected; self.highlighted = highlighted
        self.offset = offset; self.showHeader = showHeader; self.context = context
    }

    /// Rows of data shown in an area of `height`.
    public func viewport(height: Int) -> Int { max(0, height - (showHeader ? 1 : 0)) }

    /// The first data row shown in an area of `height`.
    public func firstRow(height: Int) -> Int {
        ListState.offset(keeping: selected ?? highlighted, current: offset, viewport: viewport(height: height), count: rows.count)
    }

    /// The data row at screen row `y` of `area`, if any (mouse).
    public func row(atY y: Int, in area: Rect) -> Int? {
        let dataTop = area.y + (showHeader ? 1 : 0)
        guard y >= dataTop, y < area.bottom else { return nil }
        let i = firstRow(height: area.height) + (y - dataTop)
        return i < rows.count ? i : nil
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let rects = area.columns(columns.map(\.width), spacing: 1)
        var y = area.y
        if showHeader {
            for (c, col) in columns.enumerated() {
                Self.put(col.title, in: rects[c], y: y, alignment: col.alignment, style: context.style(.header), buffer: &buffer)
            }
            y += 1
        }
        let first = firstRow(height: area.height)
        for i in first..<rows.count {
            guard y < area.bottom else { break }
            let rowRect = Rect(x: area.x, y: y, width: area.width, height: 1)
            let isSelected = i == selected, isHighlighted = i == highlighted
            let rowStyle: Style? = isSelected ? context.style(.selection) : isHighlighted ? context.style(.highlight) : nil
            if let rowStyle { buffer.fill(rowRect, with: .blank(rowStyle)) }
            for (c, col) in columns.enumerated() where c < rows[i].count {
                let role = roles?[i][c] ?? .text
                let style = rowStyle ?? context.style(role)
                Self.put(rows[i][c], in: rects[c], y: y, alignment: col.alignment, style: style, buffer: &buffer)
            }
            if isSelected && !context.focused {
                // An unfocused pane keeps its selection visible but quieter.
                buffer.setStyle(context.style(.highlight), in: rowRect)
            }
            y += 1
        }
    }

    static func put(_ text: String, in rect: Rect, y: Int, alignment: Alignment, style: Style, buffer: inout Buffer) {
        guard rect.width > 0 else { return }
        let t = text.truncated(toWidth: rect.width)
        let w = t.displayWidth
        let dx = alignment == .right ? rect.width - w : alignment == .center ? (rect.width - w) / 2 : 0
        buffer.set(string: t, at: Point(x: rect.x + dx, y: y), style: style, maxWidth: rect.width - dx)
    }
}
