import Foundation
import Testing
import Terminal
@testable import ClubhouseUI

/// The app's one form component, in both of its uses: modal (every key types; Tab wraps) and browsed (a long list of
/// text, value and button rows moved through with j/k, as the league form uses it).
@Suite struct FormFieldsTests {
    let context = RenderContext(theme: AppState().theme)

    /// A browsed form: a name, two values in a section, a button.
    static func browsed(extra: Bool = false) -> FormFields {
        FormFields(title: "", fields: rows(extra: extra))
    }

    static func rows(extra: Bool = false, teams: String = "10") -> [FormFields.Field] {
        var r = [FormFields.Field("Name", value: TextFieldState(maxLength: 5), placeholder: "type a name", section: "League", help: "1–5 characters"),
                 FormFields.Field(choice: "Teams", shown: teams, section: "League", help: "3–16")]
        if extra { r.append(FormFields.Field(choice: "Budget", shown: "$100", section: "Waivers", help: "bids")) }
        r.append(FormFields.Field(choice: "Type", id: "waiverType", shown: extra ? "FAAB" : "rolling", section: "Waivers", help: "how claims go"))
        r.append(FormFields.Field(button: "Create", help: "Enter or ctrl-s"))
        return r
    }

    @Test func modalFormsWrapAndBrowsedFormsStopAtTheEnds() {
        var modal = FormFields(title: "Invite", fields: [FormFields.Field("Code"), FormFields.Field("Team")])
        _ = modal.handle(.tab); _ = modal.handle(.tab)
        #expect(modal.focus == 0, "Tab from the last field of a modal form comes back to the first")
        var b = Self.browsed()
        b.move(by: -1)
        #expect(b.focus == 0)
        b.move(by: 10)
        #expect(b.focus == 3 && b.focused?.kind == .button)
        b.apply(.top)
        #expect(b.focus == 0)
        b.apply(.scroll(2))
        #expect(b.focus == 2, "the wheel moves the focus")
    }

    @Test func enterEditsTextStepsPastValuesAndSubmitsOnTheButton() {
        var b = Self.browsed()
        #expect(b.activate() == .edited && b.editing, "Enter on a text row starts editing it")
        _ = b.editKey(.char("A")); _ = b.editKey(.char("b"))
        #expect(b.editKey(.enter) == .edited)
        #expect(!b.editing && b.focus == 1 && b.fields[0].value.text == "Ab", "Enter keeps the text and moves on")
        #expect(b.activate() == .edited && b.focus == 2 && !b.editing, "Enter on a value moves on")
        b.apply(.bottom)
        #expect(b.activate() == .submit)
        b.apply(.top)
        b.startEditing(with: "x")
        #expect(b.editKey(.ctrl("s")) == .submit && !b.editing, "ctrl-s while typing submits")
        b.move(by: 1)
        #expect(!b.startEditing(with: "x") && !b.editing, "typing on a value row doesn't edit it")
    }

    @Test func aFullFieldSaysSoOnceBesideItselfAndTypingClearsIt() {
        var b = Self.browsed()
        b.startEditing(with: "abcdefgh")
        #expect(b.fields[0].value.text == "abcde")
        #expect(b.error == "Name takes at most 5 characters" && b.errorField == 0)
        _ = b.editKey(.backspace)
        #expect(b.error == nil && b.errorField == nil)
    }

    @Test func keysTypedPastTheLimitLeaveItsNoteUp() {
        var m = FormFields(title: "", fields: [FormFields.Field("Code", maxLength: 3)])
        for c in "abcdef" { _ = m.handle(.char(c)) }
        #expect(m.fields[0].value.text == "abc")
        #expect(m.error == "Code takes at most 3 characters", "the keys refused after the note don't take it away")
        _ = m.handle(.backspace)
        #expect(m.error == nil && m.fields[0].value.text == "ab")
    }

    @Test func rebuiltRowsKeepTheFocusAndTheRefusalOnTheirRows() {
        var b = Self.browsed()
        b.refuse("Pick a type", field: 2)
        #expect(b.focus == 2 && b.error(about: 2) == "Pick a type")
        b.replaceFields(Self.rows(extra: true))
        #expect(b.focused?.id == "waiverType" && b.focus == 3, "a row before it came: the focus stays on the same row")
        #expect(b.error(about: 3) == "Pick a type")
        b.refuse("Too many teams", field: 1)
        b.move(by: 2)
        b.replaceFields(Self.rows(extra: false, teams: "12"))
        #expect(b.focused?.id == "waiverType" && b.focus == 2)
        #expect(b.fields[1].kind == .choice("12"), "shown values follow the owner's")
        #expect(b.error(about: 1) == "Too many teams")
        b.replaceFields(Array(Self.rows().dropFirst(2)))
        #expect(b.error == nil, "a refusal about a row that went goes too")
    }

    @Test func wideTheHelpSitsBesideEachRowNarrowTheFocusedRowsHelpTakesTheLastLine() {
        var b = Self.browsed()
        b.move(by: 1)
        var wide = Buffer(size: Size(width: 80, height: 8))
        b.renderRows(in: Rect(x: 0, y: 0, width: 80, height: 8), context: context, buffer: &wide)
        let w = wide.lines()
        #expect(w[0].hasPrefix(" League"), "\(wide.text())")
        #expect(w[1].contains("Name") && w[1].contains("1–5 characters"))
        #expect(w[2].contains("› Teams") && w[2].contains("‹ 10 ›") && w[2].contains("3–16"))
        #expect(w[3].contains("Waivers") && w[4].contains("rolling") && w[4].contains("how claims go"))
        #expect(w[5].trimmingCharacters(in: .whitespaces).isEmpty, "a blank before the button")
        #expect(w[6].contains("[ Create ]") && w[6].contains("Enter or ctrl-s"))
        #expect(b.row(at: Point(x: 5, y: 4), in: Rect(x: 0, y: 0, width: 80, height: 8)) == 2)
        #expect(b.row(at: Point(x: 5, y: 3), in: Rect(x: 0, y: 0, width: 80, height: 8)) == nil, "a heading is no row")

        var narrow = Buffer(size: Size(width: 40, height: 4))
        b.renderRows(in: Rect(x: 0, y: 0, width: 40, height: 4), context: context, buffer: &narrow)
        let n = narrow.lines()
        #expect(n.contains { $0.contains("‹ 10 ›") }, "\(narrow.text())")
        #expect(!n[0..<3].contains { $0.contains("3–16") })
        #expect(n[3].contains("3–16"), "the focused row's help on the last line")
        b.refuse("Too many", field: 1)
        narrow = Buffer(size: Size(width: 40, height: 4))
        b.renderRows(in: Rect(x: 0, y: 0, width: 40, height: 4), context: context, buffer: &narrow)
        #expect(narrow.lines()[3].contains("✗ Too many"))
    }

    @Test func aLongFormScrollsToKeepTheFocusInView() {
        var b = FormFields(title: "", fields: (1...30).map { FormFields.Field(choice: "Row \($0)", shown: "\($0)") })
        b.apply(.bottom)
        var buf = Buffer(size: Size(width: 80, height: 6))
        b.renderRows(in: Rect(x: 0, y: 0, width: 80, height: 6), context: context, buffer: &buf)
        #expect(buf.lines().last?.contains("› Row 30") == true, "\(buf.text())")
        #expect(b.row(at: Point(x: 3, y: 5), in: Rect(x: 0, y: 0, width: 80, height: 6)) == 29)
    }
}
