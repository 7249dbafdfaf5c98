import Foundation
import Terminal

/// A browsed form (the league form): a long list of text, value and button rows in sections, moved through with j/k.
/// Typing on a text row starts editing it; the owner applies value steps and rebuilds the rows (`replaceFields`).
extension FormFields {
    /// The focused field, if any.
    public var focused: Field? { fields.indices.contains(focus) ? fields[focus] : nil }

    /// The refusal about field `i`, if any.
    public func error(about i: Int) -> String? { errorField == i ? error : nil }

    /// Moves the focus `delta` rows, stopping at the first and last (a browsed form doesn't wrap); ends editing.
    public mutating func move(by delta: Int) { moveFocus(to: focus + delta) }

    /// Puts the focus on row `i` (kept within the rows); ends editing.
    public mutating func moveFocus(to i: Int) {
        editing = false
        focus = max(0, min(fields.count - 1, i))
    }

    /// Applies a list movement (the list keys, the wheel, a click) to the focus.
    public mutating func apply(_ move: ListMove) {
        switch move {
        case .up: self.move(by: -1)
        case .down: self.move(by: 1)
        case .pageUp: self.move(by: -10)
        case .pageDown: self.move(by: 10)
        case .scroll(let n): self.move(by: n)
        case .top: moveFocus(to: 0)
        case .bottom: moveFocus(to: fields.count - 1)
        case .select(let i): moveFocus(to: i)
        }
    }

    /// What Enter does on a browsed row: starts editing a text row, submits on a button, else moves on.
    public mutating func activate() -> Outcome {
        switch focused?.kind {
        case .text?: editing = true
        case .button?: return .submit
        default: move(by: 1)
        }
        return .edited
    }

    /// Starts editing the focused text row with `text` typed or pasted into it (one insertion). False when the row
    /// isn't text.
    @discardableResult
    public mutating func startEditing(with text: String) -> Bool {
        guard focused?.isText == true else { return false }
        editing = true
        paste(text)
        return true
    }

    /// A key while editing a browsed text row: Enter, Tab or ↓ keep the text and go to the next row, shift-Tab or ↑ to
    /// the one before, Esc just stops editing, ctrl-s stops and submits; anything else edits the text.
    public mutating func editKey(_ key: Key) -> Outcome {
        switch key {
        case .enter, .tab, .down: move(by: 1)
        case .backTab, .up: move(by: -1)
        case .escape: editing = false
        case .ctrl("s"): editing = false; return .submit
        default: edit(key)
        }
        return .edited
    }

    /// Replaces the rows (a browsed form's owner rebuilds them after a change), keeping the focus and a refusal on the
    /// rows with the same `id` when they are still there (a row before them may have come or gone).
    public mutating func replaceFields(_ new: [Field]) {
        let was = focused?.id
        let errorWas = errorField.flatMap { fields.indices.contains($0) ? fields[$0].id : nil }
        func index(of id: String?) -> Int? { id.flatMap { id in new.firstIndex { $0.id == id } } }
        fields = new
        focus = index(of: was) ?? max(0, min(new.count - 1, focus))
        if errorField != nil { errorField = index(of: errorWas); if errorField == nil { error = nil } }
    }

    /// The lines a browsed form shows: a heading before each section's first row, a blank before a button.
    enum Line: Equatable { case section(String), field(Int), blank }

    func lines() -> [Line] {
        var out: [Line] = [], last = ""
        for (i, f) in fields.enumerated() {
            if f.kind == .button { out.append(.blank) } else if f.section != last { out.append(.section(f.section)); last = f.section }
            out.append(.field(i))
        }
        return out
    }

    /// True when each row's help fits beside it (else the focused row's help takes the last line).
    public static func helpBeside(width: Int) -> Bool { width >= 70 }

    /// The rows of `area` that show lines (all but the help line when help doesn't fit beside the rows), and the
    /// first line shown: the focused row stays in view, mid-area when it can.
    private func window(_ area: Rect) -> (body: Rect, offset: Int, lines: [Line]) {
        let body = Rect(x: area.x, y: area.y, width: area.width, height: max(0, area.height - (Self.helpBeside(width: area.width) ? 0 : 1)))
        let all = lines()
        let focusLine = all.firstIndex(of: .field(focus)) ?? 0
        return (body, max(0, min(max(0, all.count - body.height), focusLine - body.height / 2)), all)
    }

    /// The row shown at `point` of `area` as drawn by `renderRows`, if any.
    public func row(at point: Point, in area: Rect) -> Int? {
        let (body, offset, all) = window(area)
        let r = point.y - body.y
        guard r >= 0, r < body.height, case .field(let i)? = all[safe: offset + r] else { return nil }
        return i
    }

    /// Draws a browsed form in `area`: section headings, then per row a focus mark, the label, the value (text, "‹ value ›"
    /// or the button) and its help or refusal; the focused row scrolled into view.
    public func renderRows(in area: Rect, labelWidth: Int = 15, valueWidth: Int = 20, context: RenderContext, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let beside = Self.helpBeside(width: area.width)
        // The value column is as wide as its widest choice with its "‹ ›" and a gap ("‹ 3rd-round reversal ›" doesn't
        // run into its help), at least `valueWidth`, at most 30 cells.
        let widest = fields.map { f -> Int in if case .choice(let shown) = f.kind { shown.displayWidth + 5 } else { 0 } }.max() ?? 0
        let valueWidth = max(valueWidth, min(30, widest))
        let (body, offset, all) = window(area)
        for (r, line) in all.dropFirst(offset).prefix(body.height).enumerated() {
            let y = body.y + r
            switch line {
            case .blank: break
            case .section(let name):
                buffer.set(string: name, at: Point(x: body.x + 1, y: y), style: context.style(.header), maxWidth: body.width - 1)
            case .field(let i):
                renderRow(i, y: y, in: body, labelWidth: labelWidth, valueWidth: valueWidth, beside: beside, context: context, buffer: &buffer)
            }
        }
        guard !beside, let f = focused else { return }
        let (text, role): (String, StyleRole) = error(about: focus).map { ("✗ " + $0, .error) } ?? (f.help, .dim)
        buffer.set(string: text.truncated(toWidth: area.width - 1), at: Point(x: area.x + 1, y: area.bottom - 1),
                   style: context.style(role), maxWidth: area.width - 1)
    }

    private func renderRow(_ i: Int, y: Int, in body: Rect, labelWidth: Int, valueWidth: Int, beside: Bool,
                           context: RenderContext, buffer: inout Buffer) {
        let f = fields[i]
        let isFocused = i == focus && context.focused
        let right = body.x + body.width
        var x = body.x + 1
        buffer.set(string: isFocused ? "›" : " ", at: Point(x: x, y: y), style: context.style(.accent))
        x += 2
        if f.kind == .button {
            let label = "[ \(f.label) ]"
            buffer.set(string: label, at: Point(x: x, y: y), style: context.style(isFocused ? .selection : .accent), maxWidth: right - x)
            let after = x + label.displayWidth + 2
            guard beside else { return }
            let (text, role): (String, StyleRole) = error(about: i).map { ("✗ " + $0, .error) } ?? (f.help, .dim)
            buffer.set(string: text, at: Point(x: after, y: y), style: context.style(role), maxWidth: max(0, right - after))
            return
        }
        let labelW = min(labelWidth, max(6, body.width / 4))
        buffer.set(string: f.label, at: Point(x: x, y: y), style: context.style(isFocused ? .accent : .text), maxWidth: labelW - 1)
        x += labelW
        let valueW = min(valueWidth, max(8, right - x - 1))
        switch f.kind {
        case .text:
            TextField(f.value, placeholder: f.placeholder, focused: editing && isFocused,
                      style: context.style(isFocused ? .selection : .text).adding(.underline))
                .render(in: Rect(x: x + 2, y: y, width: max(1, valueW - 2), height: 1), buffer: &buffer)
        case .choice(let shown):
            buffer.set(string: isFocused ? "‹ \(shown) ›" : "  \(shown)  ", at: Point(x: x, y: y),
                       style: context.style(isFocused ? .selection : .text), maxWidth: valueW)
        case .button: break
        }
        x += valueW + 1
        guard beside, x < right else { return }
        let (text, role): (String, StyleRole) = error(about: i).map { ("✗ " + $0, .error) } ?? (f.help, .dim)
        buffer.set(string: text.truncated(toWidth: right - x), at: Point(x: x, y: y), style: context.style(role), maxWidth: right - x)
    }
}
