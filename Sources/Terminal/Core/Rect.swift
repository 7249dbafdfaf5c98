/// An axis-aligned rectangle of cells; `x`/`y` is the top-left cell.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Columns covered.
    public var width: Int
    /// Rows covered.
    public var height: Int

    /// Creates a rectangle; negative sizes are clamped to zero.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y
        self.width = max(0, width); self.height = max(0, height)
    }

    /// A rectangle at the origin with the given size.
    public init(size: Size) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The first column to the right of the rectangle.
    public var right: Int { x + width }
    /// The first row below the rectangle.
    public var bottom: Int { y + height }
    /// The rectangle's size.
    public var size: Size { Size(width: width, height: height) }
    /// True when the rectangle has no cells.
    public var isEmpty: Bool { width == 0 || height == 0 }
    /// Number of cells covered.
    public var area: Int { width * height }

    /// True when `point` lies inside the rectangle.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < right && point.y >= y && point.y < bottom
    }

    /// The rectangle shrunk by `horizontal` columns on each side and `vertical` rows top and bottom.
    public func inset(horizontal: Int = 0, vertical: Int = 0) -> Rect {
        Rect(x: x + horizontal, y: y + vertical, width: width - 2 * horizontal, height: height - 2 * vertical)
    }

    /// The cells both rectangles cover (empty if they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let nx = max(x, other.x), ny = max(y, other.y)
        let nr = min(right, other.right), nb = min(bottom, other.bottom)
        return Rect(x: nx, y: ny, width: nr - nx, height: nb - ny)
    }

    /// A rectangle of `size` centred inside this one (clamped to fit).
    public func centered(_ size: Size) -> Rect {
        let w = min(size.width, width), h = min(size.height, height)
        return Rect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
    }

    /// The single row `row` (relative to the top) as a rectangle.
    public func row(_ row: Int) -> Rect { Rect(x: x, y: y + row, width: width, height: row < height ? 1 : 0) }

    /// "x,y WxH", for test failure messages.
    public var description: String { "\(x),\(y) \(width)x\(height)" }
}
