/// An off-screen grid of cells that widgets render into and backends draw from. Each cell holds one glyph as the
/// terminal will draw it (`Glyphs`), so the buffer's columns are the terminal's.
public struct Buffer: Hashable, Sendable {
    /// The screen area this buffer covers (normally origin 0,0).
    public private(set) var area: Rect
    /// Cells in row-major order.
    public private(set) var cells: [Cell]
    /// Where the terminal cursor should be shown after drawing, or nil to hide it.
    public var cursor: Point?

    /// A blank buffer covering `area`.
    public init(area: Rect) {
        self.area = area
        self.cells = Array(repeating: .blank(), count: area.area)
    }

    /// A blank buffer of `size` at the origin.
    public init(size: Size) { self.init(area: Rect(size: size)) }

    /// The buffer's size.
    public var size: Size { area.size }

    private func index(_ x: Int, _ y: Int) -> Int? {
        guard area.contains(Point(x: x, y: y)) else { return nil }
        return (y - area.y) * area.width + (x - area.x)
    }

    /// The cell at column `x`, row `y` (a blank cell when outside the buffer).
    public subscript(x: Int, y: Int) -> Cell {
        get { index(x, y).map { cells[$0] } ?? .blank() }
    }

    /// Writes one cell, repairing any wide glyph it cuts in half.
    public mutating func put(_ cell: Cell, x: Int, y: Int) {
        guard let i = index(x, y) else { return }
        if cell.width == 1, cells[i].width == 1 { cells[i] = cell; return }   // common case: nothing wide involved
        // Overwriting a continuation: the wide head to its left loses its right half.
        if cells[i].isContinuation, let left = index(x - 1, y), cells[left].width == 2 {
            cells[left] = .blank(cells[left].style)
        }
        // Overwriting a wide head: its continuation becomes a plain blank.
        if cells[i].width == 2, let right = index(x + 1, y), cells[right].isContinuation {
            cells[right] = .blank(cells[right].style)
        }
        if cell.width == 2 {
            guard let right = index(x + 1, y) else { cells[i] = .blank(cell.style); return }
            if cells[right].width == 2, let r2 = index(x + 2, y), cells[r2].isContinuation {
                cells[r2] = .blank(cells[r2].style)
            }
            cells[i] = cell
            cells[right] = .continuation(cell.style)
        } else {
            cells[i] = cell
        }
    }

    /// Writes `string` starting at `point`, clipped to `maxWidth` columns and to the buffer's right edge.
    /// Each grapheme goes in as the glyphs the terminal will draw (`Glyphs`: a control character shows as "�", a
    /// ZWJ sequence as its emoji side by side); a wide glyph that would straddle the limit is replaced by a space.
    /// Returns the number of columns written.
    @discardableResult
    public mutating func set(string: String, at point: Point, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard point.y >= area.y, point.y < area.bottom else { return 0 }
        let limit = min(area.right, point.x + (maxWidth ?? Int.max / 2))
        var x = point.x
        /// Puts one glyph at `x`; false when it doesn't fit before the limit (a space fills what is left of it).
        func place(_ glyph: Glyph) -> Bool {
            if x + glyph.width > limit {
                if x < limit, x >= area.x { put(.blank(style), x: x, y: point.y); x += 1 }
                return false
            }
            if x >= area.x { put(Cell(glyph, style: style), x: x, y: point.y) }
            x += glyph.width
            return true
        }
        // The common case, printable ASCII: a cell a byte, and no graphemes to find.
        if string.isPrintableASCII {
            for byte in string.utf8 {
                guard x < limit else { break }
                if x >= area.x { put(Cell(ascii: byte, style: style), x: x, y: point.y) }
                x += 1
            }
            return max(0, x - point.x)
        }
        text: for ch in string {
            if let a = ch.asciiValue, a >= 0x20, a < 0x7F {   // the common case: one printable ASCII column
                guard x < limit else { break }
                if x >= area.x { put(Cell(ascii: ch, style: style), x: x, y: point.y) }
                x += 1
                continue
            }
            let scalars = ch.unicodeScalars
            if scalars.index(after: scalars.startIndex) == scalars.endIndex {   // one code point: no glyph list to build
                let glyph = Glyphs.single(scalars.first!)
                if glyph.width > 0, !place(glyph) { break }
                continue
            }
            for glyph in Glyphs.of(ch) where !place(glyph) { break text }
        }
        return max(0, x - point.x)
    }

    /// Fills every cell of `rect` (clipped to the buffer) with `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank()) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.y..<r.bottom {
            for x in r.x..<r.right { put(cell, x: x, y: y) }
        }
    }

    /// Replaces the style of every cell in `rect`, keeping the symbols.
    public mutating func setStyle(_ style: Style, in rect: Rect) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.y..<r.bottom { for x in r.x..<r.right { cells[index(x, y)!].style = style } }
    }

    /// Adds `attributes` to the style of every cell in `rect` (e.g. reverse for a selected row).
    public mutating func addAttributes(_ attributes: TextAttributes, in rect: Rect) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.y..<r.bottom { for x in r.x..<r.right { cells[index(x, y)!].style.attributes.formUnion(attributes) } }
    }

    /// Copies `other` into this buffer at its own area (cells outside are clipped).
    public mutating func merge(_ other: Buffer) {
        for y in other.area.y..<other.area.bottom {
            for x in other.area.x..<other.area.right {
                let c = other[x, y]
                if !c.isContinuation { put(c, x: x, y: y) }
            }
        }
    }

    /// Every cell restyled as representable under `support`.
    public func degraded(to support: ColorSupport) -> Buffer {
        guard support != .palette256 else { return self }
        var copy = self
        for i in copy.cells.indices { copy.cells[i].style = copy.cells[i].style.degraded(to: support) }
        return copy
    }

    /// The plain text of each row; continuation cells are omitted so wide text reads naturally.
    public func lines() -> [String] {
        (0..<area.height).map { row in
            var s = ""
            let start = row * area.width
            for c in cells[start..<start + area.width] where !c.isContinuation { s += c.symbol }
            return s
        }
    }

    /// Rows joined with newlines, trailing spaces trimmed — handy for snapshot comparisons.
    public func text() -> String {
        lines().map { line in
            var l = Substring(line)
            while l.last == " " { l = l.dropLast() }
            return String(l)
        }.joined(separator: "\n")
    }

    /// One changed cell found by `changes(from:)`.
    public struct Change: Hashable, Sendable {
        /// Column of the changed cell.
        public var x: Int
        /// Row of the changed cell.
        public var y: Int
        /// The new content.
        public var cell: Cell
    }

    /// The cells that differ from `previous` (all non-continuation cells when the areas differ).
    public func changes(from previous: Buffer?) -> [Change] {
        var out: [Change] = []
        let sameArea = previous?.area == area
        for y in area.y..<area.bottom {
            for x in area.x..<area.right {
                let i = index(x, y)!
                let c = cells[i]
                if c.isContinuation {
                    // A continuation that changed means its head changed too; that head is reported already.
                    continue
                }
                if sameArea, let p = previous, p.cells[i] == c,
                   c.width != 2 || p.cells[i + 1] == cells[i + 1] { continue }
                out.append(Change(x: x, y: y, cell: c))
            }
        }
        return out
    }
}
