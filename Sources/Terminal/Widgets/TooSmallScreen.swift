/// The friendly screen shown when the terminal is below the app's minimum size.
public struct TooSmallScreen: Widget, Sendable {
    /// The smallest size the app can lay out.
    public var minimum: Size
    /// Message style.
    public var style: Style

    /// The app's minimum: 60×16.
    public static let defaultMinimum = Size(width: 60, height: 16)

    /// Creates the screen for `minimum`.
    public init(minimum: Size = TooSmallScreen.defaultMinimum, style: Style = .bold) {
        self.minimum = minimum; self.style = style
    }

    /// "Terminal too small: W×H, needs 60×16".
    public func message(for size: Size) -> String {
        "Terminal too small: \(size), needs \(minimum)"
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        buffer.fill(area)
        let text = message(for: area.size)
        let lines = text.wrapped(toWidth: max(1, area.width))
        let top = area.y + max(0, (area.height - lines.count) / 2)
        for (i, line) in lines.prefix(area.height).enumerated() {
            let w = line.displayWidth
            buffer.set(string: line, at: Point(x: area.x + max(0, (area.width - w) / 2), y: top + i), style: style, maxWidth: area.width)
        }
    }
}
