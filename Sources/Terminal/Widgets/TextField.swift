/// Draws a `TextFieldState` on one row, scrolled so the cursor stays visible; places the terminal
/// cursor when focused.
public struct TextField: Widget, Sendable {
    /// Text and cursor.
    public var state: TextFieldState
    /// Shown dimmed while the field is empty.
    public var placeholder: String
    /// Shows the terminal cursor when true.
    public var focused: Bool
    /// Field style.
    public var style: Style

    /// Creates a field view.
    public init(_ state: TextFieldState, placeholder: String = "", focused: Bool = true, style: Style = .underline) {
        self.state = state; self.placeholder = placeholder; self.focused = focused; self.style = style
    }

    /// The first character shown so the cursor fits in `width` cells: walks back from the cursor only
    /// as far as the field is wide (linear in the width, whatever the text's length).
    public static func scrollStart(chars: [Character], cursor: Int, width: Int) -> Int {
        var start = cursor, used = 0
        while start > 0 {
            let w = DisplayWidth.of(chars[start - 1])
            if used + w > width - 1 { break }
            used += w; start -= 1
        }
        return start
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let row = area.row(0)
        buffer.fill(row, with: .blank(style))
        if state.characters.isEmpty {
            buffer.set(string: placeholder, at: Point(x: row.x, y: row.y), style: style.adding(.dim), maxWidth: row.width)
            if focused { buffer.cursor = Point(x: row.x, y: row.y) }
            return
        }
        let chars = state.displayCharacters
        let start = TextField.scrollStart(chars: chars, cursor: state.cursor, width: row.width)
        // Only what can fit is turned into a string (each character is at least one cell wide).
        let shown = String(chars[start..<min(chars.count, start + max(0, row.width))])
        // Selected text (replaced by the first key typed) shows in reverse, as a selection does.
        buffer.set(string: shown, at: Point(x: row.x, y: row.y), style: state.selected ? style.adding(.reverse) : style, maxWidth: row.width)
        if focused {
            let cx = chars[start..<state.cursor].reduce(0) { $0 + DisplayWidth.of($1) }
            buffer.cursor = Point(x: row.x + min(cx, row.width - 1), y: row.y)
        }
    }
}
