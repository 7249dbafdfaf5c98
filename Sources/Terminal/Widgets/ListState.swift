/// Selection, scroll offset and filter of a `ListView` or `TableView`; indices refer to the visible
/// (filtered) rows.
public struct ListState: Hashable, Sendable {
    /// The selected visible row, or nil when nothing is selected (or there are no rows).
    public var selected: Int?
    /// The first visible row shown at the top of the viewport.
    public var offset: Int
    /// Case-insensitive substring filter; empty shows everything.
    public var filter: String

    /// Creates a state selecting the first row.
    public init(selected: Int? = 0, offset: Int = 0, filter: String = "") {
        self.selected = selected; self.offset = offset; self.filter = filter
    }

    /// True when a filter is active (Esc clears it first).
    public var isFiltering: Bool { !filter.isEmpty }

    /// Indices of `items` whose text contains the filter (case-insensitive).
    public func visibleIndices(of items: [String]) -> [Int] {
        guard !filter.isEmpty else { return Array(items.indices) }
        let needle = filter.lowercased()
        return items.indices.filter { items[$0].lowercased().contains(needle) }
    }

    /// Moves the selection by `delta` rows among `count`, clamped, then scrolls it into a `viewport` of rows.
    public mutating func move(by delta: Int, count: Int, viewport: Int) {
        guard count > 0 else { selected = nil; offset = 0; return }
        selected = min(count - 1, max(0, (selected ?? 0) + delta))
        scrollToSelection(viewport: viewport, count: count)
    }

    /// Selects row `index` (clamped) and scrolls it into view.
    public mutating func select(_ index: Int, count: Int, viewport: Int) {
        guard count > 0 else { selected = nil; offset = 0; return }
        selected = min(count - 1, max(0, index))
        scrollToSelection(viewport: viewport, count: count)
    }

    /// Moves one page down (positive) or up (negative).
    public mutating func page(_ direction: Int, count: Int, viewport: Int) {
        move(by: direction * max(1, viewport - 1), count: count, viewport: viewport)
    }

    /// Scrolls the viewport by `delta` rows (mouse wheel) keeping the selection inside it.
    public mutating func scroll(by delta: Int, count: Int, viewport: Int) {
        offset = max(0, min(max(0, count - viewport), offset + delta))
        if let s = selected {
            selected = min(max(s, offset), offset + max(0, viewport - 1), max(0, count - 1))
        }
    }

    /// Replaces the filter, resetting selection to the first match.
    public mutating func setFilter(_ text: String) {
        filter = text; selected = 0; offset = 0
    }

    /// The visible row shown at screen row `y` of a list drawn in `area` (mouse clicks), if any.
    public func index(atScreenRow y: Int, in area: Rect, count: Int) -> Int? {
        guard y >= area.y, y < area.bottom else { return nil }
        let o = ListState.offset(keeping: selected, current: offset, viewport: area.height, count: count)
        let i = o + (y - area.y)
        return i < count ? i : nil
    }

    /// Adjusts `offset` so the selection lies within `viewport` rows.
    public mutating func scrollToSelection(viewport: Int, count: Int) {
        offset = ListState.offset(keeping: selected, current: offset, viewport: viewport, count: count)
    }

    /// The scroll offset that keeps `selected` visible, moving as little as possible from `current`.
    public static func offset(keeping selected: Int?, current: Int, viewport: Int, count: Int) -> Int {
        guard viewport > 0, count > viewport else { return 0 }
        var o = min(max(0, current), count - viewport)
        if let s = selected {
            if s < o { o = s }
            if s >= o + viewport { o = s - viewport + 1 }
        }
        return o
    }
}
