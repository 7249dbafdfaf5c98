/// A row of tab titles with the selected one highlighted: " Standings │ Scoreboard ".
public struct Tabs: Widget, Sendable {
    /// Tab names.
    public var titles: [String]
    /// The active tab.
    public var selected: Int
    /// Inactive tabs.
    public var style: Style
    /// The active tab.
    public var highlightStyle: Style
    /// Between tabs.
    public var divider: String

    /// Creates a tab bar.
    public init(_ titles: [String], selected: Int, style: Style = .plain,
                highlightStyle: Style = .reverse.adding(.bold), divider: String = "│") {
        self.titles = titles; self.selected = selected; self.style = style
        self.highlightStyle = highlightStyle; self.divider = divider
    }

    /// The column ranges each tab occupies when drawn at `x` (for mouse hit-testing).
    public func spans(startingAt x: Int) -> [Range<Int>] {
        var pos = x, out: [Range<Int>] = []
        for t in titles {
            let w = t.displayWidth + 2
            out.append(pos..<pos + w)
            pos += w + divider.displayWidth
        }
        return out
    }

    /// The tab under column `x` when drawn in `area`, if any.
    public func tab(atColumn x: Int, in area: Rect) -> Int? {
        spans(startingAt: area.x).firstIndex { $0.contains(x) && $0.lowerBound < area.right }
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        var x = area.x
        for (i, t) in titles.enumerated() {
            if i > 0 { x += buffer.set(string: divider, at: Point(x: x, y: area.y), style: .dim, maxWidth: area.right - x) }
            guard x < area.right else { break }
            x += buffer.set(string: " \(t) ", at: Point(x: x, y: area.y), style: i == selected ? highlightStyle : style,
                            maxWidth: area.right - x)
        }
    }
}
