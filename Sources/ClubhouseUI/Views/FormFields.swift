import Foundation
import Terminal

/// The app's one form component: labelled one-line fields, with focus, per-field limits said once, refusals in words
/// that keep what was typed and put the cursor in the field they are about, and drawing. Two ways to use it:
///
/// - **Modal** (the account pages, the commissioner's small forms, Home's invite code): every field is text and every
///   key types into the form while it is open — Tab/↓ and shift-Tab/↑ move (wrapping), Enter submits, Esc cancels
///   (`handle(_:)`); drawn as a title, the fields and an error or help line (`render(in:row:help:context:buffer:)`).
/// - **Browsed** (the league form): a long list of rows in sections — text, values changed a step at a time (←/→) and a
///   button — moved through with j/k; typing on a text row starts editing it (`editing`), Enter/Tab/↑/↓ end it
///   (`editKey(_:)`). Each row's help goes beside it when there is room, else on the last line for the focused row; the
///   list scrolls to keep the focus in view (`renderRows(in:context:buffer:)`, `row(at:in:)`).
public struct FormFields: Equatable, Sendable {
    public struct Field: Equatable, Sendable {
        /// What a row holds.
        public enum Kind: Equatable, Sendable {
            /// Typed text (`value`).
            case text
            /// A value changed a step at a time, as shown ("10", "Half-PPR"); the form's owner applies the steps.
            case choice(String)
            /// A button ("[ Create league ]"): Enter on it submits.
            case button
        }
        public var label: String
        /// Names the row across rebuilds of a browsed form (`replaceFields`); the label unless set.
        public var id: String
        /// Shown while the field is empty ("never", "2019-09-01 19:00").
        public var placeholder: String
        public var value: TextFieldState
        public var kind: Kind = .text
        /// The heading a browsed form lists it under ("" for none); a heading shows before the first row of each.
        public var section = ""
        /// One line of help for a browsed form: beside the row when there is room, else on the last line while focused.
        public var help = ""
        public init(_ label: String, placeholder: String = "", text: String = "", maxLength: Int = 40, masked: Bool = false) {
            self.label = label; id = label; self.placeholder = placeholder
            value = TextFieldState(text: text, masked: masked, maxLength: maxLength)
        }
        /// A text row holding `value` as it is (its cursor and limit included).
        public init(_ label: String, id: String? = nil, value: TextFieldState, placeholder: String = "", section: String = "", help: String = "") {
            self.label = label; self.id = id ?? label; self.placeholder = placeholder; self.value = value; self.section = section; self.help = help
        }
        /// A row whose value changes a step at a time, showing `shown`.
        public init(choice label: String, id: String? = nil, shown: String, section: String = "", help: String = "") {
            self.label = label; self.id = id ?? label; placeholder = ""; value = TextFieldState(); kind = .choice(shown); self.section = section; self.help = help
        }
        /// A button row.
        public init(button label: String, id: String? = nil, help: String = "") {
            self.label = label; self.id = id ?? label; placeholder = ""; value = TextFieldState(); kind = .button; self.help = help
        }
        public var text: String { value.text.trimmingCharacters(in: .whitespaces) }
        public var isText: Bool { kind == .text }
    }

    public var title: String
    public var fields: [Field]
    public var focus = 0
    /// The last refusal, in words.
    public var error: String?
    /// The field `error` is about (nil: the form as a whole).
    public var errorField: Int?
    /// A browsed form: true while typing into the focused text row.
    public var editing = false

    public init(title: String, fields: [Field]) { self.title = title; self.fields = fields }

    /// The trimmed text of field `i`.
    public func text(_ i: Int) -> String { fields.indices.contains(i) ? fields[i].text : "" }

    /// The first field left empty (only spaces), if any.
    public var firstEmpty: Int? { fields.indices.first { fields[$0].isText && fields[$0].text.isEmpty } }

    /// What a key did to the form.
    public enum Outcome: Equatable, Sendable { case edited, submit, cancel }

    /// Applies a key: moves, edits, or says it submits or cancels.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .enter: return .submit
        case .escape: return .cancel
        case .tab, .down: focusNext(); return .edited
        case .backTab, .up: focusPrevious(); return .edited
        default: edit(key); return .edited
        }
    }

    public mutating func focusNext() { focus = (focus + 1) % max(1, fields.count) }
    public mutating func focusPrevious() { focus = (focus + fields.count - 1) % max(1, fields.count) }

    /// Types `key` into the focused field.
    public mutating func edit(_ key: Key) {
        guard fields.indices.contains(focus) else { return }
        let before = fields[focus].value.text
        // A key refused at the limit changes nothing and leaves the limit's note up.
        if fields[focus].value.handle(.key(key)), fields[focus].value.text != before { clearError() }
        noteLimit()
    }

    /// Pastes `text` into the focused field as one insertion (cut at the field's limit).
    public mutating func paste(_ text: String) {
        guard fields.indices.contains(focus) else { return }
        fields[focus].value.insert(text)
        clearError()
        noteLimit()
    }

    /// Says once, on the error line, that the focused field is full.
    private mutating func noteLimit() {
        let f = fields[focus]
        if f.value.limitJustReached, let max = f.value.maxLength {
            error = "\(f.label) takes at most \(max) characters"
            errorField = focus
        }
    }

    /// Clears a refusal (typing, or changing the row it is about, answers it).
    public mutating func clearError() { error = nil; errorField = nil }

    /// Clears the refusal if it is about field `i`.
    public mutating func clearError(about i: Int) { if errorField == i { clearError() } }

    /// Shows a refusal and puts the cursor in the field it is about.
    public mutating func refuse(_ message: String, field: Int) {
        error = message
        errorField = fields.indices.contains(field) ? field : nil
        if fields.indices.contains(field) { focus = field }
        editing = false
    }

    // MARK: - Browsing a long form

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

    /// Rows the form takes when drawn (title, fields, the error or help line).
    public var height: Int { fields.count + 2 }

    /// Draws the form from `row` of `area` — title, fields, then the error or `help` — and returns the next free row.
    @discardableResult
    public func render(in area: Rect, row start: Int, help: String, context: RenderContext, buffer: inout Buffer) -> Int {
        var row = TextRow.put(title, in: area, row: start, style: context.style(.title), buffer: &buffer)
        let labelWidth = min(22, (fields.map(\.label.count).max() ?? 0) + 2)
        row = renderFields(in: area, row: row, labelWidth: labelWidth, maxFieldWidth: 30, highlight: true,
                           cursor: context.focused, context: context, buffer: &buffer)
        if let e = error {
            row = TextRow.put("✗ " + e, in: area, row: row, style: context.style(.error), buffer: &buffer)
        } else {
            row = TextRow.put(help, in: area, row: row, style: context.style(.dim), buffer: &buffer)
        }
        return row
    }

    /// Draws the fields alone, one row each (the label, then the field), from `row` of `area`. `highlight`: the focused
    /// field's label is accented; `cursor`: it shows the cursor (not while another row of the page has the keyboard,
    /// or while the form is being sent). Returns the next free row.
    @discardableResult
    public func renderFields(in area: Rect, row start: Int, labelWidth: Int, maxFieldWidth: Int, minFieldWidth: Int = 6,
                             highlight: Bool, cursor: Bool, context: RenderContext, buffer: inout Buffer) -> Int {
        var row = start
        let fieldWidth = max(minFieldWidth, min(maxFieldWidth, area.width - labelWidth - 3))
        for (i, f) in fields.enumerated() where row < area.height {
            let isFocused = i == focus
            let y = area.y + row
            buffer.set(string: f.label, at: Point(x: area.x + 1, y: y), style: context.style(isFocused && highlight ? .accent : .text), maxWidth: labelWidth)
            TextField(f.value, placeholder: f.placeholder, focused: isFocused && cursor)
                .render(in: Rect(x: area.x + 1 + labelWidth, y: y, width: fieldWidth, height: 1), buffer: &buffer)
            row += 1
        }
        return row
    }
}
