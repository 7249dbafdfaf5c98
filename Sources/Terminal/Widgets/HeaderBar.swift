/// A one-row bar with text on the left and on the right (the app's title bar); the left side is
/// truncated first so the right side (user, help hint) stays readable.
public struct HeaderBar: Widget, Sendable {
    /// Left-aligned spans (e.g. "Clubhouse League · Gridiron Greats · Week 9").
    public var left: [Span]
    /// Right-aligned spans (e.g. "alice · ? help").
    public var right: [Span]
    /// Fills the whole row first.
    public var background: Style

    /// Creates a bar.
    public init(left: [Span], right: [Span] = [], background: Style = .plain) {
        self.left = left; self.right = right; self.background = background
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let row = area.row(0)
        buffer.fill(row, with: .blank(background))
        let rightWidth = min(right.displayWidth, row.width)
        buffer.set(spans: right, at: Point(x: row.right - rightWidth, y: row.y), maxWidth: rightWidth)
        let room = row.width - rightWidth - (rightWidth > 0 ? 1 : 0)
        buffer.set(spans: left, at: Point(x: row.x, y: row.y), maxWidth: max(0, room))
    }
}
