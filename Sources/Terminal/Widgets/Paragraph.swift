/// Horizontal placement of text inside its area.
public enum Alignment: Hashable, Sendable {
    case left, center, right
}

/// Text that wraps (or truncates) to its area, with optional vertical scroll.
public struct Paragraph: Widget, Sendable {
    /// The text; newlines start new lines.
    public var text: String
    /// Text style.
    public var style: Style
    /// Horizontal placement.
    public var alignment: Alignment
    /// Wrap words to the width (true) or truncate each line with "…" (false).
    public var wrap: Bool
    /// Wrapped lines skipped from the top.
    public var scroll: Int

    /// Creates a paragraph.
    public init(_ text: String, style: Style = .plain, alignment: Alignment = .left, wrap: Bool = true, scroll: Int = 0) {
        self.text = text; self.style = style; self.alignment = alignment; self.wrap = wrap; self.scroll = scroll
    }

    /// The lines this paragraph shows at `width`.
    public func lines(width: Int) -> [String] {
        wrap ? text.wrapped(toWidth: width)
             : text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).truncated(toWidth: width) }
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        for (row, line) in lines(width: area.width).dropFirst(max(0, scroll)).prefix(area.height).enumerated() {
            let w = line.displayWidth
            let dx: Int
            switch alignment {
            case .left: dx = 0
            case .center: dx = max(0, (area.width - w) / 2)
            case .right: dx = max(0, area.width - w)
            }
            buffer.set(string: line, at: Point(x: area.x + dx, y: area.y + row), style: style, maxWidth: area.width - dx)
        }
    }
}
