import Foundation
import ClubhouseDomain
import Terminal

/// The league form on screen: a heading, then sections of one-line fields (label, value, dim help), scrolled so the
/// focused field shows; "Discard changes?" over it when asked.
extension LeagueFormFeature {
    enum Line: Equatable { case section(String), field(Int), blank }

    /// The form's lines: a title before each section's first field, a blank before the submit row.
    static func lines(_ state: State) -> [Line] {
        var out: [Line] = [], last = ""
        for (i, f) in state.fields.enumerated() {
            if f == .submit { out.append(.blank) } else if f.section != last { out.append(.section(f.section)); last = f.section }
            out.append(.field(i))
        }
        return out
    }

    static let labelWidth = 15
    static let valueWidth = 20

    /// Help goes on the field's own row when there is room, else on the last row for the focused field only.
    static func inlineHelp(_ width: Int) -> Bool { width >= 70 }

    /// The title and the line under it (a warning when saving can't work: the draft started, or not the commissioner).
    static func heading(_ state: State) -> (String, String, StyleRole) {
        switch state.mode {
        case .create:
            return ("Create a league — you'll be its commissioner", "Defaults from the league rules · replays the 2019 season", .dim)
        case .edit:
            guard let d = state.detail.value else { return ("League settings", "", .dim) }
            let title = "\(d.league.name): settings"
            if d.league.state != .predraft { return (title, "Settings are locked once the draft has started", .warning) }
            if d.capabilities.signedIn, !d.capabilities.isCommissioner { return (title, "Only the commissioner can change settings", .warning) }
            return (title, "Changes apply to the whole league; they lock once the draft starts.", .dim)
        }
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let (title, sub, role) = heading(state)
        TextRow.put(title, in: area, row: 0, style: context.style(.title), buffer: &buffer)
        TextRow.put(sub, in: area, row: 1, style: context.style(role), buffer: &buffer)
        let inline = inlineHelp(area.width)
        let body = Rect(x: area.x, y: area.y + 2, width: area.width, height: max(0, area.height - 2 - (inline ? 0 : 1)))
        if case .edit = state.mode {
            guard LoadView.render(state.detail.load, what: "league settings", empty: "No settings.", in: body, buffer: &buffer, context: context) != nil else { return }
        }
        let all = lines(state)
        let focusLine = all.firstIndex(of: .field(state.focus)) ?? 0
        // Keep the focused field in view, with its section title when it is the first of one.
        let offset = max(0, min(max(0, all.count - body.height), focusLine - body.height / 2))
        for (row, line) in all.dropFirst(offset).prefix(body.height).enumerated() {
            let y = body.y + row
            switch line {
            case .blank: break
            case .section(let name):
                let s = state.form.settings
                let title = name == "Roster" ? "Roster · \(s.rosterSize) players, \(s.draftRounds) draft rounds" : name
                buffer.set(string: title, at: Point(x: body.x + 1, y: y), style: context.style(.header), maxWidth: body.width - 1)
            case .field(let i): renderField(state, i, y: y, in: body, inline: inline, buffer: &buffer, context: context)
            }
        }
        if !inline {
            let f = state.focused
            let y = area.bottom - 1
            if let e = state.error, e.field == f {
                buffer.set(string: ("✗ " + e.message).truncated(toWidth: area.width - 1), at: Point(x: area.x + 1, y: y), style: context.style(.error), maxWidth: area.width - 1)
            } else {
                buffer.set(string: state.form.help(f).truncated(toWidth: area.width - 1), at: Point(x: area.x + 1, y: y), style: context.style(.dim), maxWidth: area.width - 1)
            }
        }
        if let dialog = state.confirmDiscard { dialog.render(in: area, buffer: &buffer) }
    }

    static func renderField(_ state: State, _ i: Int, y: Int, in body: Rect, inline: Bool, buffer: inout Buffer, context: RenderContext) {
        let f = state.fields[i]
        let focused = i == state.focus && context.focused
        let right = body.x + body.width
        var x = body.x + 1
        buffer.set(string: focused ? "›" : " ", at: Point(x: x, y: y), style: context.style(.accent))
        x += 2
        if f == .submit {
            let label = state.mode == .create ? "[ Create league ]" : "[ Save settings ]"
            buffer.set(string: label, at: Point(x: x, y: y), style: context.style(focused ? .selection : .accent), maxWidth: right - x)
            var after = x + label.displayWidth + 2
            if let e = state.error, e.field == .submit, inline {
                buffer.set(string: "✗ " + e.message, at: Point(x: after, y: y), style: context.style(.error), maxWidth: max(0, right - after))
            } else if inline {
                let hint = state.isDirty || state.mode == .create ? "Enter or ctrl-s" : "nothing changed yet"
                after += buffer.set(string: hint, at: Point(x: after, y: y), style: context.style(.dim), maxWidth: max(0, right - after))
            }
            return
        }
        let labelW = min(labelWidth, max(6, body.width / 4))
        buffer.set(string: f.label, at: Point(x: x, y: y), style: context.style(focused ? .accent : .text), maxWidth: labelW - 1)
        x += labelW
        let valueW = min(valueWidth, max(8, right - x - 1))
        if f.isText {
            let editing = state.editing && focused
            TextField(state.form.text(f), placeholder: f == .name ? "type a name" : "Team 1", focused: editing,
                      style: context.style(focused ? .selection : .text).adding(.underline))
                .render(in: Rect(x: x + 2, y: y, width: max(1, valueW - 2), height: 1), buffer: &buffer)
        } else {
            let v = state.form.value(f)
            let shown = focused ? "‹ \(v) ›" : "  \(v)  "
            buffer.set(string: shown, at: Point(x: x, y: y), style: context.style(focused ? .selection : .text), maxWidth: valueW)
        }
        x += valueW + 1
        guard inline, x < right else { return }
        if let e = state.error, e.field == f {
            buffer.set(string: ("✗ " + e.message).truncated(toWidth: right - x), at: Point(x: x, y: y), style: context.style(.error), maxWidth: right - x)
        } else {
            buffer.set(string: state.form.help(f).truncated(toWidth: right - x), at: Point(x: x, y: y), style: context.style(.dim), maxWidth: right - x)
        }
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        guard state.isReady, state.confirmDiscard == nil else { return nil }
        let inline = inlineHelp(area.width)
        let height = max(0, area.height - 2 - (inline ? 0 : 1))
        let all = lines(state)
        let focusLine = all.firstIndex(of: .field(state.focus)) ?? 0
        let offset = max(0, min(max(0, all.count - height), focusLine - height / 2))
        let row = point.y - area.y - 2
        guard row >= 0, row < height, case .field(let i)? = all[safe: offset + row] else { return nil }
        return i == state.focus ? .activated : .list(.select(i))
    }
}
