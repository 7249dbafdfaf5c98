import Foundation
import ClubhouseDomain
import Terminal

/// The league form on screen: a heading, then sections of one-line fields (label, value, dim help), scrolled so the
/// focused field shows; "Discard changes?" over it when asked.
extension LeagueFormFeature {
    /// The title and the line under it (a warning when saving can't work: the draft started, or not the commissioner).
    static func heading(_ state: State) -> (String, String, StyleRole) {
        switch state.mode {
        case .create:
            return ("Create a league — you'll be its commissioner", "Defaults from the league rules · plays the season you choose", .dim)
        case .edit:
            guard let d = state.detail.value else { return ("League settings", "", .dim) }
            let title = "\(d.league.name): settings"
            if let repair = d.league.needsCommissioner, repair.part == .settings {
                return (title, repair.sentence + (d.league.state == .predraft ? "" : " — save valid settings (same team count)"), .warning)
            }
            if d.league.state == .complete { return (title, "The season is over: its settings stay as they were", .warning) }
            if d.capabilities.signedIn, !d.capabilities.isCommissioner { return (title, "Only the commissioner can change settings", .warning) }
            if d.league.state != .predraft { return (title, "The draft has started: only the trade and next-season settings can change now", .dim) }
            return (title, "Changes apply to the whole league; they lock once the draft starts.", .dim)
        }
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let (title, sub, role) = heading(state)
        TextRow.put(title, in: area, row: 0, style: context.style(.title), buffer: &buffer)
        TextRow.put(sub, in: area, row: 1, style: context.style(role), buffer: &buffer)
        let body = rowsArea(area)
        if case .edit = state.mode {
            guard LoadView.render(state.detail.load, what: "league settings", empty: "No settings.", in: body, buffer: &buffer, context: context) != nil else { return }
        }
        state.rows.renderRows(in: body, context: context, buffer: &buffer)
        if let dialog = state.confirmDiscard { dialog.render(in: area, buffer: &buffer) }
    }

    /// Where the rows go: under the title and its line.
    static func rowsArea(_ area: Rect) -> Rect {
        Rect(x: area.x, y: area.y + 2, width: area.width, height: max(0, area.height - 2))
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        guard state.isReady, state.confirmDiscard == nil, let i = state.rows.row(at: point, in: rowsArea(area)) else { return nil }
        return i == state.focus ? .activated : .list(.select(i))
    }
}
