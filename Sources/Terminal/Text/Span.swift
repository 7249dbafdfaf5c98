/// A run of text in one style; a line of spans mixes styles ("Bits vs Bytes" plain, "112.4" bold).
public struct Span: Hashable, Sendable {
    public var text: String
    public var style: Style
    /// Creates a span.
    public init(_ text: String, style: Style = .plain) { self.text = text; self.style = style }
}

extension Buffer {
    /// Writes `spans` one after another from `point`, clipped to `maxWidth`; a span cut short ends in "…".
    /// Returns the columns written.
    @discardableResult
    public mutating func set(spans: [Span], at point: Point, maxWidth: Int? = nil) -> Int {
        let limit = maxWidth ?? (area.right - point.x)
        var used = 0
        for span in spans {
            let room = limit - used
            guard room > 0 else { break }
            let text = span.text.displayWidth > room ? span.text.truncated(toWidth: room) : span.text
            used += set(string: text, at: Point(x: point.x + used, y: point.y), style: span.style, maxWidth: room)
        }
        return used
    }
}

extension Array where Element == Span {
    /// Total display width of the spans.
    public var displayWidth: Int { reduce(0) { $0 + $1.text.displayWidth } }
}
