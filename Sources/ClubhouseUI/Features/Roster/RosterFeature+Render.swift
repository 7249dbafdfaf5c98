import Foundation
import ClubhouseDomain
import Terminal

/// One line of the roster table: a player, an empty starting slot, or a section rule ("Bench").
enum RosterLine: Equatable {
    case player(Int)
    case empty(Slot)
    case section(String)
}

extension RosterFeature {
    /// Starters in slot order with their empty places, then "Bench" and its players, then "IR", then "Taxi squad".
    static func lines(_ state: State) -> [RosterLine] {
        let players = state.players
        var out: [RosterLine] = []
        var lastSection: String?
        for slot in Slot.allCases {
            let indices = players.indices.filter { players[$0].slot == slot }
            let section = slot.isStarter ? "Starters" : slot == .bench ? "Bench" : slot == .taxi ? "Taxi squad" : "IR"
            let empty = slot.isStarter ? max(0, (state.slots[slot] ?? 0) - indices.count) : 0
            guard !indices.isEmpty || empty > 0 else { continue }
            if section != "Starters", section != lastSection { out.append(.section(section)) }
            lastSection = section
            out += indices.map(RosterLine.player) + Array(repeating: .empty(slot), count: empty)
        }
        return out
    }

    static func table(_ state: State, _ r: TeamRoster, width: Int, context: RenderContext) -> (DataTable, [RosterLine]) {
        let wide = width >= 70
        let lines = lines(state), players = state.players
        // IR players the week's report no longer lets sit there (they block the team's adds): marked once the league's
        // IR rule (does it take Doubtful?) is known.
        let notEligible = Set(state.detail.value.map { r.ineligibleOnIR($0.league.settings).map(\.player.id) } ?? [])
        var cols = [DataColumn("Slot", .length(4)), DataColumn("Player", .fill(2)), DataColumn("Pos", .length(3)), DataColumn("NFL", .length(3)),
                    DataColumn("Bye", .length(3), .right), DataColumn("Inj", .length(3))]
        if wide { cols.append(DataColumn("Acquired", .length(10))) }
        cols += [DataColumn("Wk \(r.week)", .length(6), .right), DataColumn("Season", .length(6), .right)]
        var rows: [[String]] = [], roles: [[StyleRole?]] = []
        for line in lines {
            switch line {
            case .player(let i):
                let row = players[i]
                let irMark = notEligible.contains(row.player.id) ? " — no longer eligible, move him" : ""
                var cells = [row.slot.rawValue, row.player.name + (row.locked ? " 🔒" : "") + (row.onTradingBlock ? " [block]" : "") + irMark,
                             row.player.position.rawValue, row.player.nflTeam,
                             row.player.byeWeek.map(String.init) ?? "–", Format.injury(row.player.injury)]
                if wide { cells.append(Format.acquisition(row.acquisition)) }
                rows.append(cells + [row.weekPoints.shown(context.decimals), row.seasonPoints.shown(context.decimals)])
                var rr: [StyleRole?] = [row.slot.isStarter ? .accent : .dim, !irMark.isEmpty ? .warning : row.slot.isStarter ? nil : .dim, .dim, .dim, .dim,
                                        row.player.injury == .healthy ? nil : .negative]
                if wide { rr.append(.dim) }
                roles.append(rr + [row.slot.isStarter ? nil : .dim, nil])
            case .empty(let slot):
                rows.append([slot.rawValue, "— empty —"])
                roles.append([.accent, .warning])
            case .section(let title):
                rows.append(["", "── \(title) ──"])
                roles.append([nil, .header])
            }
        }
        let selected = state.list.selected.flatMap { s in lines.firstIndex(of: .player(s)) }
        return (DataTable(columns: cols, rows: rows, roles: roles, selected: selected, offset: state.list.offset, context: context), lines)
    }

    static func body(_ area: Rect) -> Rect { Rect(x: area.x + 1, y: area.y + 1, width: area.width - 2, height: max(0, area.height - 1)) }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        if keeperMode(state), let k = state.keepers.value {
            renderKeepers(state, k, in: area, buffer: &buffer, context: context)
            return
        }
        guard let r = LoadView.render(state.roster.load, what: "the roster", empty: "This team has no players yet — they arrive with the draft (d in the league).",
                                      in: area, buffer: &buffer, context: context) else { return }
        var pairs: [(String, String)] = []
        if isMine(state) { pairs.append(("Your team", "lineup for week \(r.week)")) } else { pairs.append(("Manager", Format.manager(r.team))) }
        pairs += [("Record", r.team.record), ("Waiver priority", "#\(r.waiverPriority)")]
        if let faab = r.faabRemaining { pairs.append(("FAAB", "$\(faab)")) }
        TextRow.pairs(pairs, in: area, row: 0, context: context, buffer: &buffer)
        table(state, r, width: body(area).width, context: context).0.render(in: body(area), buffer: &buffer)
        switch state.modal {
        case .move(_, let chooser)?: ChooserView(chooser: chooser, context: context, footer: "enter moves · esc cancels").render(in: area, buffer: &buffer)
        case .drop(_, let confirm)?: confirm.dialog.render(in: area, buffer: &buffer)
        case .rename(let prompt)?: prompt.render(in: area, buffer: &buffer, context: context)
        case nil: break
        }
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        guard state.modal == nil, !keeperMode(state), let r = state.roster.value else { return nil }
        let (table, lines) = table(state, r, width: body(area).width, context: context)
        guard let i = table.row(atY: point.y, in: body(area)), case .player(let p) = lines[i] else { return nil }
        return clicked(row: p, in: state.list, activate: .rowActivated)
    }
}
