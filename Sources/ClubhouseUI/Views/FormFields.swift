import Foundation
import Terminal

/// The app's form of labelled one-line text fields: the account pages (sign in, create account, complete profile),
/// the commissioner's small forms (a new invite, the draft date) and Home's invite code. While it is open every key
/// types into it: Tab/↓ and shift-Tab/↑ move between fields, Enter submits, Esc cancels. A field that fills up says
/// so once, and a refusal (bad input) shows under the fields in words, keeping what was typed and putting the cursor
/// in the field it is about.
public struct FormFields: Equatable, Sendable {
    public struct Field: Equatable, Sendable {
        public var label: String
        /// Shown while the field is empty ("never", "2019-09-01 19:00").
        public var placeholder: String
        public var value: TextFieldState
        public init(_ label: String, placeholder: String = "", text: String = "", maxLength: Int = 40, masked: Bool = false) {
            self.label = label; self.placeholder = placeholder
            value = TextFieldState(text: text, masked: masked, maxLength: maxLength)
        }
        public var text: String { value.text.trimmingCharacters(in: .whitespaces) }
    }

    /// What a key did to the form.
    public enum Outcome: Equatable, Sendable { case edited, submit, cancel }

    public var title: String
    public var fields: [Field]
    public var focus = 0
    /// The last refusal, in words.
    public var error: String?

    public init(title: String, fields: [Field]) { self.title = title; self.fields = fields }

    /// The trimmed text of field `i`.
    public func text(_ i: Int) -> String { fields.indices.contains(i) ? fields[i].text : "" }

    /// The first field left empty (only spaces), if any.
    public var firstEmpty: Int? { fields.indices.first { fields[$0].text.isEmpty } }

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
        if fields[focus].value.handle(.key(key)) { error = nil }
        noteLimit()
    }

    /// Pastes `text` into the focused field as one insertion (cut at the field's limit).
    public mutating func paste(_ text: String) {
        guard fields.indices.contains(focus) else { return }
        fields[focus].value.insert(text)
        error = nil
        noteLimit()
    }

    /// Says once, on the error line, that the focused field is full.
    private mutating func noteLimit() {
        let f = fields[focus]
        if f.value.limitJustReached, let max = f.value.maxLength {
            error = "\(f.label) takes at most \(max) characters"
        }
    }

    /// Shows a refusal and puts the cursor in the field it is about.
    public mutating func refuse(_ message: String, field: Int) {
        error = message
        if fields.indices.contains(field) { focus = field }
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
