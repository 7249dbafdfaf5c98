import Foundation
import ClubhouseDomain
import Terminal

extension TradesFeature {
    static func body(_ area: Rect) -> Rect { Rect(x: area.x + 1, y: area.y + 2, width: area.width - 2, height: max(0, area.height - 2)) }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let titles = Tab.allCases.map { tab -> String in
            let n = state.trades.value == nil ? 0 : state.shown(tab).count
            return tab == .history || n == 0 ? tab.title : "\(tab.title) (\(n))"
        }
        Tabs(titles, selected: state.tab.rawValue, style: context.style(.dim), highlightStyle: context.style(.selection))
            .render(in: Rect(x: area.x + 1, y: area.y, width: area.width - 2, height: 1), buffer: &buffer)
        if let s = state.detail.value?.league.settings {
            TextRow.pairs([("Review", reviewText(s)), ("Deadline", "week \(s.tradeDeadlineWeek)"), ("Offers last", "\(s.tradeExpiryDays) days")],
                          in: area, row: 1, context: context, buffer: &buffer)
        }
        let body = body(area)
        defer { if let q = state.question { q.confirm.dialog.render(in: area, buffer: &buffer) } }
        guard LoadView.render(state.trades.load, what: "the league's trades", empty: "", in: body, buffer: &buffer, context: context) != nil else { return }
        let rows = state.rows
        if rows.isEmpty {
            Paragraph(empty(state), style: context.style(.dim)).render(in: Rect(x: body.x + 1, y: body.y + 1, width: body.width - 2, height: body.height - 1),
                                                                        buffer: &buffer)
            return
        }
        // The list on top (at most half the body when a trade is selected), the selected trade's sides below it.
        let listHeight = min(rows.count + 1, max(3, body.height / 2))
        let listArea = Rect(x: body.x, y: body.y, width: body.width, height: listHeight)
        table(state, rows, context: context).render(in: listArea, buffer: &buffer)
        if let c = state.dropChoice, let t = state.rows.first(where: { $0.id == c.trade }) {
            dropChoice(c, t, in: Rect(x: body.x, y: body.y + listHeight + 1, width: body.width, height: max(0, body.height - listHeight - 1)),
                       buffer: &buffer, context: context)
        } else if let t = state.selected, body.height - listHeight >= 4 {
            detail(t, state: state, in: Rect(x: body.x, y: body.y + listHeight + 1, width: body.width, height: body.height - listHeight - 1),
                   buffer: &buffer, context: context)
        }
    }

    static func reviewText(_ s: LeagueSettings) -> String {
        switch s.tradeReview {
        case .noReview: "none"
        case .commissioner: "commissioner, \(s.tradeReviewHours) h"
        case .vote: "league vote, \(s.tradeReviewHours) h"
        }
    }

    static func empty(_ state: State) -> String {
        let name = state.detail.value?.league.name ?? "this league"
        switch state.tab {
        case .toMe:
            if state.detail.value?.capabilities.signedIn == false { return "Sign in (i) to see offers to your team. n builds an offer." }
            if state.myTeam == nil { return "You don't have a team in \(name), so no offers come to you." }
            return "No offers to your team. n builds one of your own; a bot answers within a minute or two."
        case .mine: return state.myTeam == nil ? "No team, no offers." : "You have no open offers — n builds one."
        case .review: return "No trade is in review."
        case .history: return "No trade has been decided in \(name) yet."
        }
    }

    static func table(_ state: State, _ rows: [TradeView], context: RenderContext) -> DataTable {
        let cols = [DataColumn("#", .length(3), .right), DataColumn("From", .fill(2)), DataColumn("To", .fill(2)),
                    DataColumn("Gives", .fill(3)), DataColumn("For", .fill(3)), DataColumn("State", .length(11)), DataColumn("Until", .length(10))]
        let cells = rows.map { t in
            ["\(t.id.rawValue)", t.team.name, t.with.name, assets(t, t.trade.proposal.give), assets(t, t.trade.proposal.get), stateText(t), until(t)]
        }
        let roles: [[StyleRole?]] = rows.map { t in [.dim, t.team.id == state.myTeam ? .accent : nil, t.with.id == state.myTeam ? .accent : nil,
                                                     nil, nil, role(t.state), .dim] }
        return DataTable(columns: cols, rows: cells, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    static func stateText(_ t: TradeView) -> String {
        switch t.state {
        case .inReview: t.trade.vetoThreshold > 0 ? "review \(t.trade.votes)/\(t.trade.vetoThreshold)" : "in review"
        default: t.state.rawValue
        }
    }

    static func role(_ s: TradeState) -> StyleRole {
        switch s {
        case .executed: .positive
        case .proposed, .inReview: .accent
        case .rejected, .vetoed, .invalidated, .expired: .negative
        case .withdrawn, .countered, .reversed: .dim
        }
    }

    /// When the trade's open state ends: its offer's expiry or its review's end; else when it was decided.
    static func until(_ t: TradeView) -> String {
        switch t.state {
        case .proposed: Format.day(t.trade.expiresAt)
        case .inReview: t.trade.reviewEndsAt.map(Format.day) ?? "–"
        default: (t.trade.decidedAt ?? t.trade.answeredAt).map(Format.day) ?? "–"
        }
    }

    /// The selected trade: what each team gets, player by player with values, the drops, the note, and why it ended.
    static func detail(_ t: TradeView, state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let p = t.trade.proposal
        let half = (area.width - 1) / 2
        let columns = [(t.with, p.give), (t.team, p.get)]
        for (i, (team, assets)) in columns.enumerated() {
            let x = area.x + i * (half + 1)
            let value = i == 0 ? t.giveValue : t.getValue
            TextRow.put("\(team.name) gets · value \(valueText(value))", in: Rect(x: x, y: area.y, width: half, height: 1), row: 0,
                        style: context.style(.header), buffer: &buffer)
            var lines: [(String, String)] = assets.players.map { id in
                let pl = t.player(id)
                return (pl.map { "\($0.player.name) \($0.player.position.rawValue) \($0.player.nflTeam)" } ?? id.rawValue, pl.map { valueText($0.value) } ?? "")
            }
            lines += assets.picks.map { (t.pick($0)?.label ?? "R\($0.round)", t.pick($0).map { valueText($0.value) } ?? "") }
            if lines.isEmpty { lines = [("nothing", "")] }
            for (row, line) in lines.prefix(area.height - 1).enumerated() {
                let rowArea = Rect(x: x, y: area.y + 1 + row, width: half, height: 1)
                TextRow.put(" " + line.0, in: rowArea, row: 0, style: context.style(.text), buffer: &buffer)
                TextRow.put(line.1, in: Rect(x: rowArea.right - line.1.count, y: rowArea.y, width: line.1.count, height: 1), row: 0,
                            style: context.style(.dim), indent: 0, buffer: &buffer)
            }
        }
        var notes: [String] = []
        if !p.drops.isEmpty { notes.append(dropsLine(t)) }
        if let note = p.note, !note.isEmpty { notes.append("Note: “\(note)”") }
        if let reason = t.trade.invalidationReason { notes.append(reason) }
        if t.state == .inReview { notes.append(reviewLine(t, state: state)) }
        let used = 1 + max(p.give.players.count + p.give.picks.count, p.get.players.count + p.get.picks.count, 1)
        for (i, line) in notes.enumerated() where used + 1 + i < area.height {
            TextRow.put(line, in: area, row: used + 1 + i, style: context.style(i == notes.count - 1 && t.trade.invalidationReason == line ? .negative : .dim),
                        buffer: &buffer)
        }
        guard let after = t.myRosterAfter else { return }
        let top = used + 1 + notes.count + (notes.isEmpty ? 0 : 1)
        for (i, line) in rosterAfterLines(after, t).enumerated() where top + i < area.height {
            TextRow.put(line.text, in: area, row: top + i, style: context.style(line.role), buffer: &buffer)
        }
    }

    /// My roster if the trade went through: its value before → after, who leaves, is dropped and arrives, then one line
    /// per position with each player's value (`+` an arrival).
    static func rosterAfterLines(_ after: TradeView.RosterAfter, _ t: TradeView) -> [(text: String, role: StyleRole)] {
        let change = after.valueAfter - after.valueBefore
        var lines: [(String, StyleRole)] = [("Your roster after it · value \(valueText(after.valueBefore)) → \(valueText(after.valueAfter)) (\(change >= 0 ? "+" : "")\(valueText(change)))",
                                             .header)]
        func names(_ ids: [PlayerID]) -> String { ids.map { t.player($0)?.player.name ?? $0.rawValue }.joined(separator: ", ") }
        let moves = [("Leaves", after.leaving), ("Dropped", after.dropping), ("Arrives", after.arriving)].filter { !$0.1.isEmpty }
        if !moves.isEmpty { lines.append((moves.map { "\($0.0): \(names($0.1))" }.joined(separator: " · "), .dim)) }
        for position in Position.allCases {
            let players = after.players.filter { $0.player.position == position }
            guard !players.isEmpty else { continue }
            let list = players.map { (after.arriving.contains($0.player.id) ? "+" : "") + "\($0.player.name) \(valueText($0.value))" }
            lines.append((" " + position.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0) + list.joined(separator: " · "), .text))
        }
        return lines
    }

    /// A value in points, one decimal.
    static func valueText(_ v: Double) -> String { String(format: "%.1f", v) }

    static func reviewLine(_ t: TradeView, state: State) -> String {
        let ends = t.trade.reviewEndsAt.map { "Review ends \(Format.day($0))" } ?? "In review"
        guard state.detail.value?.league.settings.tradeReview == .vote else { return ends + " · the commissioner may cancel it" }
        let mine = t.hasVoted ? " · you voted against it (a vote can't be changed)" : t.canVote ? " · v votes against it" : ""
        return ends + " · \(t.trade.votes) of \(t.trade.vetoThreshold) votes to veto" + mine
    }

    /// The trade's drops in words that fit its state: still to happen, done, or not done.
    static func dropsLine(_ t: TradeView) -> String {
        let names = t.trade.proposal.drops.map { t.player($0)?.player.name ?? $0.rawValue }.joined(separator: ", ")
        switch t.state {
        case .proposed, .inReview: return "Drops if it goes through: " + names
        case .executed, .reversed: return "Dropped with it: " + names
        default: return "Drops it named (not made): " + names
        }
    }

    /// Choosing my own drops before accepting: the limit's sentence, how many to choose, and my players to mark.
    static func dropChoice(_ c: TradesFeature.DropChoice, _ t: TradeView, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard area.height >= 2 else { return }
        let need = c.need > 0 ? "choose \(c.need) to drop (\(c.chosen.count) chosen)" : "choose whom to drop"
        TextRow.put("Accepting: \(c.limit) — \(need). space marks · a accepts · esc goes back", in: area, row: 0, style: context.style(.header),
                    buffer: &buffer)
        let cols = [DataColumn("", .length(1)), DataColumn("Player", .fill(3)), DataColumn("Pos", .length(3)), DataColumn("Value", .length(6), .right)]
        let rows = c.candidates.map { id -> [String] in
            let p = t.myRosterAfter?.players.first { $0.player.id == id }
            return [c.chosen.contains(id) ? "×" : " ", p?.player.name ?? id.rawValue, p?.player.position.rawValue ?? "", p.map { valueText($0.value) } ?? ""]
        }
        let roles: [[StyleRole?]] = c.candidates.map { c.chosen.contains($0) ? [.negative, .negative, .dim, .dim] : [nil, nil, .dim, .dim] }
        let offset = max(0, c.selected - (area.height - 3))
        DataTable(columns: cols, rows: rows, roles: roles, selected: c.selected, offset: offset, context: context)
            .render(in: Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1), buffer: &buffer)
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        guard state.question == nil else { return nil }
        let body = body(area), rows = state.rows
        let listArea = Rect(x: body.x, y: body.y, width: body.width, height: min(rows.count + 1, max(3, body.height / 2)))
        guard let i = table(state, rows, context: context).row(atY: point.y, in: listArea) else { return nil }
        return clicked(row: i, in: state.list, activate: .rowActivated)
    }
}
