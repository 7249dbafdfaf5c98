/// Which sides of a `Block` get a border.
public struct Borders: OptionSet, Hashable, Sendable {
    /// The side bits.
    public let rawValue: UInt8
    /// Creates borders from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Top and bottom edges.
    public static let top = Borders(rawValue: 1), bottom = Borders(rawValue: 2)
    /// Left and right edges.
    public static let left = Borders(rawValue: 4), right = Borders(rawValue: 8)
    /// All four sides.
    public static let all: Borders = [.top, .bottom, .left, .right]
}

/// A bordered box with an optional title in its top edge: "┌ Title ─────┐".
public struct Block: Widget, Sendable {
    /// Text in the top edge, after the corner.
    public var title: String?
    /// Text at the right end of the top edge (e.g. a count or a hint).
    public var trailingTitle: String?
    /// Sides drawn.
    public var borders: Borders
    /// Line characters.
    public var symbols: BorderSymbols
    /// Style of the lines.
    public var borderStyle: Style
    /// Style of the title.
    public var titleStyle: Style

    /// Creates a block; by default all four borders in plain lines.
    public init(title: String? = nil, trailingTitle: String? = nil, borders: Borders = .all,
                symbols: BorderSymbols = .plain, borderStyle: Style = .plain, titleStyle: Style = .bold) {
        self.title = title; self.trailingTitle = trailingTitle; self.borders = borders
        self.symbols = symbols; self.borderStyle = borderStyle; self.titleStyle = titleStyle
    }

    /// The area left inside the borders.
    public func inner(_ area: Rect) -> Rect {
        var r = area
        if borders.contains(.left) { r.x += 1; r.width = max(0, r.width - 1) }
        if borders.contains(.right) { r.width = max(0, r.width - 1) }
        if borders.contains(.top) { r.y += 1; r.height = max(0, r.height - 1) }
        if borders.contains(.bottom) { r.height = max(0, r.height - 1) }
        return r
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let s = symbols
        if borders.contains(.top) {
            for x in area.x..<area.right { buffer.put(Cell(s.horizontal, style: borderStyle), x: x, y: area.y) }
        }
        if borders.contains(.bottom), area.height > 1 || !borders.contains(.top) {
            for x in area.x..<area.right { buffer.put(Cell(s.horizontal, style: borderStyle), x: x, y: area.bottom - 1) }
        }
        for y in area.y..<area.bottom {
            if borders.contains(.left) { buffer.put(Cell(s.vertical, style: borderStyle), x: area.x, y: y) }
            if borders.contains(.right) { buffer.put(Cell(s.vertical, style: borderStyle), x: area.right - 1, y: y) }
        }
        func corner(_ c: Character, _ x: Int, _ y: Int) { buffer.put(Cell(c, style: borderStyle), x: x, y: y) }
        if borders.contains([.top, .left]) { corner(s.topLeft, area.x, area.y) }
        if borders.contains([.top, .right]) { corner(s.topRight, area.right - 1, area.y) }
        let bottomShown = area.height > 1 || !borders.contains(.top)
        if bottomShown, borders.contains([.bottom, .left]) { corner(s.bottomLeft, area.x, area.bottom - 1) }
        if bottomShown, borders.contains([.bottom, .right]) { corner(s.bottomRight, area.right - 1, area.bottom - 1) }
        if borders.contains(.top) {
            Block.drawTitles(title, trailingTitle, row: area.row(0), buffer: &buffer, style: titleStyle, borderStyle: borderStyle)
        }
    }

    /// Writes " title " after the corner and " trailing " before the far corner of a border row,
    /// keeping at least one line segment before each corner and between the two.
    static func drawTitles(_ title: String?, _ trailing: String?, row: Rect, buffer: inout Buffer, style: Style, borderStyle: Style) {
        // Usable span: from row.x + 1 up to row.right - 2 (one segment before the right corner).
        var end = row.right - 2
        if let trailing, !trailing.isEmpty, row.width >= 12 {
            let t = " " + trailing.truncated(toWidth: max(1, (row.width - 5) / 3)) + " "
            let w = t.displayWidth
            buffer.set(string: t, at: Point(x: end - w, y: row.y), style: borderStyle)
            end -= w + 1
        }
        let room = end - (row.x + 1)
        if let title, !title.isEmpty, room >= 3 {
            let t = " " + title.truncated(toWidth: room - 2) + " "
            buffer.set(string: t, at: Point(x: row.x + 1, y: row.y), style: style, maxWidth: room)
        }
    }
}
