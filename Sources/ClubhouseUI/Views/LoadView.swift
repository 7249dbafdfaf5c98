import Terminal

/// How a page shows a `Load` that is not (yet) its content: spinner, empty message, error with `r`.
public enum LoadView {
    /// Renders the non-loaded states of `load` into `area`; returns the loaded value when there is one.
    /// `what` names the data ("standings"), `empty` says what's empty and what to do.
    public static func render<V>(_ load: Load<V>, what: String, empty: String, in area: Rect, buffer: inout Buffer,
                                 context: RenderContext) -> V? {
        switch load {
        case .loaded(let v): return v
        case .idle, .loading:
            guard area.height > 0 else { return nil }
            Spinner("Loading \(what)…", now: context.clock, style: context.style(.accent))
                .render(in: Rect(x: area.x + 1, y: area.y, width: max(0, area.width - 1), height: 1), buffer: &buffer)
        case .empty:
            for (i, l) in empty.wrapped(toWidth: max(1, area.width - 1)).enumerated() {
                line(l, in: area, row: i, style: context.style(.dim), buffer: &buffer)
            }
        case .failed(let e):
            var row = 0
            for l in ("✖ " + e.message).wrapped(toWidth: max(1, area.width - 1)) {
                line(l, in: area, row: row, style: context.style(.error), buffer: &buffer); row += 1
            }
            if e.canRetry { line("r retry", in: area, row: row, style: context.style(.key), buffer: &buffer) }
        }
        return nil
    }

    static func line(_ text: String, in area: Rect, row: Int, style: Style, buffer: inout Buffer) {
        guard row < area.height else { return }
        buffer.set(string: text, at: Point(x: area.x + 1, y: area.y + row), style: style, maxWidth: area.width - 1)
    }
}

/// Small text helpers for views.
public enum TextRow {
    /// Writes `text` at row `row` of `area` (1 cell indent), returning the next row.
    @discardableResult
    public static func put(_ text: String, in area: Rect, row: Int, style: Style = .plain, indent: Int = 1, buffer: inout Buffer) -> Int {
        guard row >= 0, row < area.height else { return row + 1 }
        let room = max(0, area.width - indent)
        buffer.set(string: text.truncated(toWidth: room), at: Point(x: area.x + indent, y: area.y + row), style: style, maxWidth: room)
        return row + 1
    }

    /// Writes label/value pairs "Label  value" on one row; a pair after the first that would be cut is left off.
    @discardableResult
    public static func pairs(_ pairs: [(String, String)], in area: Rect, row: Int, context: RenderContext, buffer: inout Buffer) -> Int {
        guard row < area.height else { return row + 1 }
        var x = area.x + 1
        for (i, (label, value)) in pairs.enumerated() {
            guard x < area.right else { break }
            // A pair after the first shows whole or not at all (never "Offers last" without its value).
            if i > 0, x + (label + " " + value).displayWidth > area.right { break }
            x += buffer.set(string: label + " ", at: Point(x: x, y: area.y + row), style: context.style(.dim), maxWidth: area.right - x)
            x += buffer.set(string: value.truncated(toWidth: max(0, area.right - x)), at: Point(x: x, y: area.y + row), style: context.style(.text), maxWidth: area.right - x)
            x += buffer.set(string: "   ", at: Point(x: x, y: area.y + row), maxWidth: area.right - x)
        }
        return row + 1
    }
}
