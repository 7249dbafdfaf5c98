import Foundation
import ClubhouseDomain
import Terminal

/// The steps between `a` and the write: which player to drop when the roster has no room, then (FAAB claims) the bid.
public enum AddFlow: Equatable, Sendable {
    /// "Drop whom to add Mark Ingram?" — a chooser over my roster.
    case chooseDrop(AvailablePlayer, Chooser<PlayerID>)
    /// The FAAB bid in whole dollars, with the drop already chosen.
    case bid(AvailablePlayer, dropping: PlayerID?, field: TextFieldState, error: String?)

    var player: AvailablePlayer {
        switch self { case .chooseDrop(let p, _), .bid(let p, _, _, _): p }
    }
}

/// What the free-agents page knows about my team: the rules that decide which step comes next.
struct MyTeamFacts {
    var roster: TeamRoster
    var settings: LeagueSettings

    /// Players outside IR against the roster size without IR.
    var rosterCount: Int { roster.rows.filter { !$0.slot.isReserve }.count }
    var rosterLimit: Int { settings.rosterSize - (settings.rosterSlots[.ir] ?? 0) }

    /// Why adding `player` needs a drop (roster full, or the most of his position), or nil when there is room.
    func dropNeeded(for player: PlayerSummary) -> String? {
        if rosterCount >= rosterLimit { return "Your roster is full (\(rosterCount) of \(rosterLimit))" }
        if let max = settings.positionMaxima[player.position], roster.rows.filter({ $0.player.position == player.position }).count >= max {
            return "You have the most \(player.position.rawValue)s allowed (\(max))"
        }
        return nil
    }

    /// My roster as drop choices; a player whose game kicked off, or one whose leaving wouldn't make room, is dimmed with why.
    func dropOptions(for player: PlayerSummary) -> [Chooser<PlayerID>.Option] {
        let positionFull = settings.positionMaxima[player.position].map { max in
            roster.rows.filter { $0.player.position == player.position }.count >= max } ?? false
        let sizeFull = rosterCount >= rosterLimit
        return roster.rows.sorted { $0.slot < $1.slot }.map { row in
            let label = row.player.name
            let detail = "\(row.player.position.rawValue) in \(row.slot.rawValue) · \(row.seasonPoints.shown(settings.decimals)) pts"
            if row.locked {
                return .init(label, detail: detail, value: nil, reason: LockWords.kickedOff(nil, defense: row.player.position == .def, cant: "can't be dropped"))
            }
            if positionFull, row.player.position != player.position {
                return .init(label, detail: detail, value: nil, reason: "a \(player.position.rawValue) has to go to make room")
            }
            if sizeFull, !positionFull, row.slot == .ir { return .init(label, detail: detail, value: nil, reason: "IR players don't count against the roster") }
            return .init(label, detail: detail, value: row.player.id)
        }
    }
}

/// The FAAB bid field's rule: whole dollars from $0 to what is left, explained in words.
enum BidRule {
    static func parse(_ text: String, budget: Int) -> Result<Int, BidError> {
        let t = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "$", with: "")
        guard !t.isEmpty else { return .failure(BidError("Type a bid in whole dollars, from $0 to $\(budget)")) }
        guard t.allSatisfy(\.isASCII), t.allSatisfy(\.isNumber), let n = Int(t) else {
            return .failure(BidError("A bid is a whole number of dollars, like 12 — from $0 to $\(budget)"))
        }
        guard n <= budget else { return .failure(BidError("You have $\(budget) left — bid $\(budget) or less")) }
        return .success(n)
    }

    struct BidError: Error, Equatable { var message: String; init(_ m: String) { message = m } }
}

/// Draws the bid question as a small box over the page.
struct BidView {
    var player: AvailablePlayer
    var field: TextFieldState
    var error: String?
    var budget: Int
    var budgetKnown: Bool
    var dropName: String?
    var context: RenderContext

    func render(in area: Rect, buffer: inout Buffer) {
        var lines = ["Claim \(player.player.name) (\(player.player.position.rawValue) \(player.player.nflTeam))"]
        lines.append(budgetKnown ? "Budget left: $\(budget) — the highest bid wins." : "Budget: up to $\(budget) — yours shows once you're signed in.")
        if let dropName { lines.append("Dropping \(dropName) if it wins.") }
        let width = min(area.width, max(44, (lines.map(\.displayWidth).max() ?? 0) + 4, (error?.displayWidth ?? 0) + 4))
        let box = area.centered(Size(width: width, height: min(area.height, lines.count + 4)))
        buffer.fill(box)
        Block(title: "Waiver bid", borderStyle: context.style(.focusedBorder), titleStyle: context.style(.title)).render(in: box, buffer: &buffer)
        let inner = Block().inner(box).inset(horizontal: 1)
        var y = inner.y
        for l in lines where y < inner.bottom {
            buffer.set(string: l.truncated(toWidth: inner.width), at: Point(x: inner.x, y: y), style: context.style(.text), maxWidth: inner.width); y += 1
        }
        if y < inner.bottom {
            let label = "Bid $ "
            buffer.set(string: label, at: Point(x: inner.x, y: y), style: context.style(.accent))
            TextField(field, placeholder: "0–\(budget)", focused: true)
                .render(in: Rect(x: inner.x + label.count, y: y, width: min(12, inner.width - label.count), height: 1), buffer: &buffer)
            y += 1
        }
        if y < inner.bottom {
            let text = error ?? "enter places the claim · esc cancels"
            buffer.set(string: text.truncated(toWidth: inner.width), at: Point(x: inner.x, y: y),
                       style: context.style(error == nil ? .dim : .error), maxWidth: inner.width)
        }
    }
}
