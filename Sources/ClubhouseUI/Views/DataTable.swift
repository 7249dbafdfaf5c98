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

/// The app's tables: the toolkit's `TableView` styled by the theme — a header row, a selected row (reverse
/// video when colourless; quieter when the pane is unfocused), an optional highlighted row and per-cell roles.
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

    /// The toolkit table this draws.
    public var table: TableView {
        TableView(columns: columns.map { TableColumn($0.title, width: $0.width, alignment: $0.alignment) }, rows: rows,
                  state: ListState(selected: selected, offset: offset),
                  headerStyle: context.style(.header), style: context.style(.text), highlightStyle: context.style(.selection),
                  showHeader: showHeader, markedRow: highlighted, markedStyle: context.style(.highlight),
                  cellStyles: roles.map { $0.map { $0.map { $0.map(context.style) } } },
                  selectionOverlay: context.focused ? nil : context.style(.highlight))
    }

    /// Rows of data shown in an area of `height`.
    public func viewport(height: Int) -> Int { table.viewport(height: height) }

    /// The first data row shown in an area of `height`.
    public func firstRow(height: Int) -> Int { table.firstRow(height: height) }

    /// The data row at screen row `y` of `area`, if any (mouse).
    public func row(atY y: Int, in area: Rect) -> Int? { table.row(at: Point(x: area.x, y: y), in: area) }

    public func render(in area: Rect, buffer: inout Buffer) { table.render(in: area, buffer: &buffer) }
}
