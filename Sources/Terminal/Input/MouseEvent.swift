/// A mouse button.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right
}

/// A mouse event decoded from an SGR (1006) report; coordinates are zero-based cells.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        case press(MouseButton)
        case release(MouseButton)
        /// Motion with a button held (needs mode 1002).
        case drag(MouseButton)
        /// Motion with no button held (needs mode 1003).
        case move
        case wheelUp
        case wheelDown
    }
    /// What happened.
    public var kind: Kind
    /// Column, zero-based.
    public var x: Int
    /// Row, zero-based.
    public var y: Int

    /// Creates a mouse event at column `x`, row `y`.
    public init(_ kind: Kind, x: Int, y: Int) { self.kind = kind; self.x = x; self.y = y }

    /// The cell the event happened at.
    public var position: Point { Point(x: x, y: y) }
}
