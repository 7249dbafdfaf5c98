/// A column/row position on the screen, zero-based from the top-left corner.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Column, zero-based from the left.
    public var x: Int
    /// Row, zero-based from the top.
    public var y: Int
    /// Creates a point at column `x`, row `y`.
    public init(x: Int, y: Int) { self.x = x; self.y = y }
    /// "(x,y)", for test failure messages.
    public var description: String { "(\(x),\(y))" }
}

/// A width × height in cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int
    /// Creates a size of `width` columns by `height` rows.
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// True when both dimensions are at least those of `minimum`.
    public func fits(_ minimum: Size) -> Bool { width >= minimum.width && height >= minimum.height }
    /// "W×H", the notation the too-small screen uses.
    public var description: String { "\(width)×\(height)" }
}
