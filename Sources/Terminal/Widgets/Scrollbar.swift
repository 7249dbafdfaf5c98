/// A one-column vertical scrollbar: a dim track "│" with a thumb "┃" sized to the visible share.
/// Draws nothing when everything fits.
public struct Scrollbar: Widget, Sendable {
    /// Rows of content in total.
    public var total: Int
    /// First visible row.
    public var offset: Int
    /// Rows visible at once.
    public var viewport: Int
    /// Style of the thumb.
    public var thumbStyle: Style

    /// Creates a scrollbar for content of `total` rows showing `viewport` rows from `offset`.
    public init(total: Int, offset: Int, viewport: Int, thumbStyle: Style = .plain) {
        self.total = total; self.offset = offset; self.viewport = viewport; self.thumbStyle = thumbStyle
    }

    /// The thumb's first row and length within a track of `height` rows.
    public func thumb(height: Int) -> (start: Int, length: Int) {
        guard total > viewport, height > 0 else { return (0, height) }
        let length = max(1, height * viewport / total)
        let maxOffset = total - viewport
        let start = (height - length) * min(max(0, offset), maxOffset) / maxOffset
        return (start, length)
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty, total > viewport else { return }
        let x = area.right - 1
        let (start, length) = thumb(height: area.height)
        for r in 0..<area.height {
            let onThumb = r >= start && r < start + length
            buffer.put(Cell(onThumb ? "┃" : "│", style: onThumb ? thumbStyle : .dim), x: x, y: area.y + r)
        }
    }
}
