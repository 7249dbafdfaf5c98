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
        /// `number`: a pre-filled amount or count, replaced by the first key typed ("10" on "1" is 10, not 110).
        public init(_ label: String, placeholder: String = "", text: String = "", maxLength: Int = 40, masked: Bool = false, number: Bool = false) {
            self.label = label; id = label; self.placeholder = placeholder
            value = TextFieldState(text: text, masked: masked, maxLength: maxLength, selected: number)
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
    /// The widest a modal form's field is drawn (a URL wants more than a name).
    public var fieldWidth = 30

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

    /// Rows the form takes when drawn (title, fields, the error or help line).
    public var height: Int { fields.count + 2 }

    /// Draws the form from `row` of `area` — title, fields, then the error or `help` — and returns the next free row.
    @discardableResult
    public func render(in area: Rect, row start: Int, help: String, context: RenderContext, buffer: inout Buffer) -> Int {
        var row = TextRow.put(title, in: area, row: start, style: context.style(.title), buffer: &buffer)
        let labelWidth = min(22, (fields.map(\.label.count).max() ?? 0) + 2)
        row = renderFields(in: area, row: row, labelWidth: labelWidth, maxFieldWidth: fieldWidth, highlight: true,
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
