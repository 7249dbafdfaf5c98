import Foundation
import ClubhouseDomain
import Terminal

extension TradeBuilderFeature {
    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let body = Rect(x: area.x + 1, y: area.y, width: area.width - 2, height: area.height)
        defer { if let c = state.confirm { c.dialog.render(in: area, buffer: &buffer) } }
        guard let detail = LoadView.render(state.detail.load, what: "the league", empty: "", in: body, buffer: &buffer, context: context) else { return }
        guard detail.capabilities.myTeam != nil else {
            let text = detail.capabilities.signedIn ? "You don't have a team in \(detail.league.name), so you can't trade in it."
                                                    : "Sign in (i) to build a trade in \(detail.league.name): an offer needs your team."
            Paragraph(text, style: context.style(.dim)).render(in: Rect(x: body.x, y: body.y + 1, width: body.width, height: body.height - 1), buffer: &buffer)
            return
        }
        guard state.partner != nil else {
            TextRow.put("Trade with which team?", in: body, row: 0, style: context.style(.header), buffer: &buffer)
            teamsTable(state, context: context).render(in: Rect(x: body.x, y: body.y + 1, width: body.width, height: body.height - 1), buffer: &buffer)
            return
        }
        // Summary line, then the two rosters side by side (stacked when narrow), then the problem if any.
        let summary = "You give \(state.give.count + state.givePicks.count) · you get \(state.get.count + state.getPicks.count)"
            + (state.drops.isEmpty ? "" : " · you drop \(state.drops.count)")
            + " · your roster after: \(state.mySizeAfter)/\(state.capacity) outside IR\(state.thisSeason(state.myPicks.map(\.pick) + state.getPicks) == 0 ? "" : " with picks")"
            + " (\(state.myPositionsAfter))"
        TextRow.put(summary, in: body, row: 0, style: context.style(state.limitSentence != nil ? .negative : .dim), buffer: &buffer)
        var rosters = Rect(x: body.x, y: body.y + 1, width: body.width, height: body.height - 1)
        if let problem = state.problem, rosters.height > 3 {
            TextRow.put(problem, in: body, row: body.height - 1, style: context.style(.negative), buffer: &buffer)
            rosters = Rect(x: rosters.x, y: rosters.y, width: rosters.width, height: rosters.height - 1)
        }
        let halves: [Rect]
        if rosters.width >= 70 {
            let w = (rosters.width - 1) / 2
            halves = [Rect(x: rosters.x, y: rosters.y, width: w, height: rosters.height), Rect(x: rosters.x + w + 1, y: rosters.y, width: w, height: rosters.height)]
        } else if rosters.height / 2 >= 4 {
            let h = rosters.height / 2
            halves = [Rect(x: rosters.x, y: rosters.y, width: rosters.width, height: h),
                      Rect(x: rosters.x, y: rosters.y + h, width: rosters.width, height: rosters.height - h)]
        } else {
            // Too short for two lists with rows (a 60×16 terminal with the board open): the side being built gets the
            // rows, the other keeps its title line, and ←/→ swaps them.
            let rest = max(0, rosters.height - 1)
            let top = state.side == .mine ? rest : 1
            halves = [Rect(x: rosters.x, y: rosters.y, width: rosters.width, height: top),
                      Rect(x: rosters.x, y: rosters.y + top, width: rosters.width, height: rosters.height - top)]
        }
        for (side, half) in zip([Side.mine, .theirs], halves) {
            let focused = state.side == side
            let title = side == .mine ? "You give — \(state.mine.value?.team.name ?? "your team")"
                : "You get — \(state.partnerName)" + (state.blockOnly ? " · on the block" : "")
            TextRow.put((focused ? "▸ " : "  ") + title, in: half, row: 0, style: context.style(focused ? .header : .dim), indent: 0, buffer: &buffer)
            let load = side == .mine ? state.mine.load : state.theirs.load
            let inner = Rect(x: half.x, y: half.y + 1, width: half.width, height: max(0, half.height - 1))
            guard LoadView.render(load, what: "the roster", empty: "No players.", in: inner, buffer: &buffer, context: context) != nil else { continue }
            if state.items(side).isEmpty {
                let text = side == .theirs && state.blockOnly ? "\(state.partnerName) has nobody on the trading block — b shows the whole roster."
                    : "No players and no picks to trade."
                Paragraph(text, style: context.style(.dim)).render(in: Rect(x: inner.x + 1, y: inner.y, width: inner.width - 1, height: inner.height), buffer: &buffer)
                continue
            }
            rosterTable(state, side, width: inner.width, context: context).render(in: inner, buffer: &buffer)
        }
    }

    static func teamsTable(_ state: State, context: RenderContext) -> DataTable {
        let cols = [DataColumn("Team", .fill(2)), DataColumn("Manager", .fill(1)), DataColumn("Record", .length(7))]
        let rows = state.others.map { [$0.name, $0.managerName ?? "bot — answers by itself", $0.record] }
        let roles: [[StyleRole?]] = state.others.map { t in [nil, t.managerName == nil ? .dim : nil, .dim] }
        return DataTable(columns: cols, rows: rows, roles: roles, selected: state.teamList.selected, offset: state.teamList.offset, context: context)
    }

    /// One side with its marks: `+` in the trade, `×` dropped if it goes through; each player's season points and his
    /// rest-of-season trade value; a player whose game has kicked off this week says "locked" (a trade can't move him
    /// until next week); then the draft picks the team owns, "2019 round 3 (Bytes)", with their values.
    /// Narrower than 56 columns the season points give way to the name (the value is what a trade weighs).
    static func rosterTable(_ state: State, _ side: Side, width: Int = 80, context: RenderContext) -> DataTable {
        let withPoints = width >= 56
        let items = state.items(side)
        let marked = side == .mine ? state.give : state.get
        let markedPicks = side == .mine ? state.givePicks : state.getPicks
        var cols = [DataColumn("", .length(1)), DataColumn("Player or pick", .fill(3)), DataColumn("Pos", .length(3)), DataColumn("Pts", .length(6), .right),
                    DataColumn("Value", .length(6), .right), DataColumn("", .length(6))]
        if !withPoints { cols.remove(at: 3) }
        func v(_ x: Double?) -> String { x.map { String(format: "%.1f", $0) } ?? "–" }
        func cell(_ item: Item) -> [String] {
            switch item {
            case .player(let r):
                let mark = marked.contains(r.player.id) ? "+" : state.drops.contains(r.player.id) ? "×" : " "
                return [mark, r.player.name + (r.onTradingBlock ? " [block]" : ""), r.player.position.rawValue, r.seasonPoints.description,
                        v(state.value(r.player.id)), r.locked ? "locked" : ""]
            case .pick(let p):
                return [markedPicks.contains(p.pick) ? "+" : " ", p.label, "", "", v(p.value), ""]
            }
        }
        let cells = items.map { item -> [String] in
            var row = cell(item)
            if !withPoints { row.remove(at: 3) }
            return row
        }
        func roleRow(_ r: [StyleRole?]) -> [StyleRole?] { var r = r; if !withPoints { r.remove(at: 3) }; return r }
        let roles: [[StyleRole?]] = items.map { item in
            switch item {
            case .player(let r):
                let role: StyleRole? = marked.contains(r.player.id) ? .accent : state.drops.contains(r.player.id) ? .negative : nil
                return roleRow([role, role, .dim, .dim, .dim, .warning])
            case .pick(let p):
                let role: StyleRole? = markedPicks.contains(p.pick) ? .accent : nil
                return roleRow([role, role, .dim, .dim, .dim, .dim])
            }
        }
        let list = side == .mine ? state.mineList : state.theirsList
        return DataTable(columns: cols, rows: cells, roles: roles, selected: state.side == side ? list.selected : nil, offset: list.offset, context: context)
    }
}
