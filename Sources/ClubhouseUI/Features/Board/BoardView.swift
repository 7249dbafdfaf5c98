import Foundation
import ClubhouseDomain
import Terminal

extension BoardFeature {
    /// Draws the board's content into `area` (inside its border). The selected row (focused) or the
    /// highlighted item is always scrolled into `area`, the band the sheet leaves visible.
    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        switch state.context {
        case .featured: renderFeatured(state, in: area, buffer: &buffer, context: context)
        case .league: renderLeague(state, in: area, buffer: &buffer, context: context)
        case .draft: renderDraft(state, in: area, buffer: &buffer, context: context)
        }
    }

    /// The selection to show, in `items` indices, only while the board has focus.
    static func focusedSelection(_ state: State, _ context: RenderContext) -> Int? { context.focused ? state.selection.selected : nil }

    static func featuredTable(_ state: State, _ leagues: [LeagueSummary], context: RenderContext) -> DataTable {
        let rows = leagues.prefix(featuredLimit).map { l in
            [l.name, Format.state(l.state), "\(l.managedTeams)/\(l.teamCount) teams", l.state == .predraft ? (l.draftScheduledAt.map { "draft \(Format.day($0))" } ?? "draft TBD") : "week \(l.currentWeek)"]
        }
        return DataTable(columns: [DataColumn("League", .fill(2)), DataColumn("State", .length(10)), DataColumn("Members", .length(11)), DataColumn("", .fill(1))],
                         rows: Array(rows), selected: focusedSelection(state, context), context: context)
    }

    static func renderFeatured(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let leagues = LoadView.render(state.featured.load, what: "featured leagues", empty: "No public leagues to feature yet.",
                                            in: area, buffer: &buffer, context: context) else { return }
        featuredTable(state, leagues, context: context).render(in: area.inset(horizontal: 1), buffer: &buffer)
    }

    /// Standings on the left, the week's scoreboard on the right.
    static func leagueAreas(_ area: Rect) -> (standings: Rect, scoreboard: Rect) {
        let cols = area.inset(horizontal: 1).columns([.percentage(48), .percentage(52)], spacing: 2)
        return (cols[0], cols[1])
    }

    /// Narrower than this, the standings keep rank, team and record (the points are on the pages, and the week's
    /// scores beside them), so a team's name keeps room to be read.
    static let standingsPointsWidth = 30

    static func standingsTable(_ state: State, _ entries: [StandingsEntry], width: Int, context: RenderContext) -> DataTable {
        // While the week is live: each team's points so far this week, beside the season's.
        let sb = state.scoreboard.value
        let points = width >= standingsPointsWidth
        let live = points && (sb.map { s in s.matchups.contains { $0.status == .live } } ?? false)
        func weekPoints(_ t: TeamID) -> String {
            guard let m = sb?.matchups.first(where: { $0.involves(t) }) else { return "" }
            return (m.home.team.id == t ? m.home.points : m.away?.points ?? .zero).shown(context.decimals)
        }
        let rows = entries.map { e in ["\(e.rank)", e.team.name, e.row.record] + (points ? [e.row.pointsFor.shown(context.decimals)] : []) + (live ? [weekPoints(e.team.id)] : []) }
        var highlighted: Int?
        if let h = state.highlight {
            switch h {
            case .team(let t): highlighted = entries.firstIndex { $0.team.id == t }
            case .matchup: highlighted = nil
            }
        }
        let sel = focusedSelection(state, context).flatMap { $0 < entries.count ? $0 : nil }
        return DataTable(columns: [DataColumn("#", .length(2), .right), DataColumn("Team", .fill(1)), DataColumn("W-L", .length(5), .right)]
                            + (points ? [DataColumn("PF", .length(6), .right)] : []) + (live ? [DataColumn("Live", .length(6), .right)] : []),
                         rows: rows, selected: sel, highlighted: sel == nil ? highlighted : nil, context: context)
    }

    static func scoreboardTable(_ state: State, _ sb: Scoreboard, context: RenderContext) -> DataTable {
        let rows = sb.matchups.map { m -> [String] in
            [m.home.team.name, m.home.points.shown(context.decimals), m.away?.points.shown(context.decimals) ?? "", m.away?.team.name ?? "(bye)", m.status == .live ? "●" : m.status == .final ? "F" : ""]
        }
        let roles: [[StyleRole?]] = sb.matchups.map { m in
            guard let a = m.away, m.status != .upcoming else { return [nil, nil, nil, nil, .dim] }
            let homeWins = m.home.points > a.points, awayWins = a.points > m.home.points
            return [homeWins ? .positive : nil, homeWins ? .positive : .dim, awayWins ? .positive : .dim, awayWins ? .positive : nil, m.status == .live ? .warning : .dim]
        }
        var highlighted: Int?
        if let h = state.highlight {
            switch h { case .team(let t), .matchup(let t): highlighted = sb.matchups.firstIndex { $0.involves(t) } }
        }
        let standingsCount = state.standings.value?.count ?? 0
        let sel = focusedSelection(state, context).flatMap { $0 >= standingsCount ? $0 - standingsCount : nil }
        return DataTable(columns: [DataColumn("Week \(sb.week)", .fill(1)), DataColumn("", .length(6), .right), DataColumn("", .length(6), .right),
                                   DataColumn("", .fill(1)), DataColumn("", .length(1))],
                         rows: rows, roles: roles, selected: sel, highlighted: sel == nil ? highlighted : nil, context: context)
    }

    /// The live matchup's timeline, when the page on top is a matchup of a live week.
    static func liveTimeline(_ state: State) -> (ScoreTimeline, MatchupDetail)? {
        guard state.chartMatchup != nil, let d = state.chart.value, let t = d.timeline else { return nil }
        return (t, d)
    }

    /// The board's league area below the champions' row, when the league's chain has a champion (and the board a row to
    /// spare for it beside a standings line).
    static func leagueBody(_ state: State, _ area: Rect) -> Rect {
        var body = area
        if state.champions != nil, body.height >= 3 { body = Rect(x: body.x, y: body.y + 1, width: body.width, height: body.height - 1) }
        // The newest line of the league's activity takes the strip's last row when there are rows to spare.
        if newestActivityLine(state) != nil, body.height >= 5 { body.height -= 1 }
        return body
    }

    static func renderLeague(_ state: State, in whole: Rect, buffer: inout Buffer, context: RenderContext) {
        let area = leagueBody(state, whole)
        if area != whole, let line = state.champions {
            TextRow.put("🏆 " + line, in: whole, row: 0, style: context.style(.accent).adding(.bold), buffer: &buffer)
        }
        if area.bottom < whole.bottom, let line = newestActivityLine(state) {
            TextRow.put("Latest: " + line, in: whole, row: whole.height - 1, style: context.style(.dim), buffer: &buffer)
        }
        var (left, right) = leagueAreas(area)
        if let (timeline, d) = liveTimeline(state) {
            // A live matchup on top: its score over time takes the standings' place (beside them when wide).
            let chartArea: Rect
            if area.width >= 150 {
                let cols = area.inset(horizontal: 1).columns([.percentage(30), .percentage(30), .percentage(40)], spacing: 2)
                left = cols[0]; right = cols[1]; chartArea = cols[2]
            } else {
                chartArea = left; left = Rect(x: left.x, y: left.y, width: 0, height: 0)
            }
            ScoreChart(timeline: timeline, homeName: d.home.team.name, awayName: d.away?.team.name, context: context)
                .render(in: chartArea, buffer: &buffer)
        }
        if !left.isEmpty, let entries = LoadView.render(state.standings.load, what: "standings", empty: "No standings yet — the season hasn't started.",
                                         in: left, buffer: &buffer, context: context) {
            standingsTable(state, entries, width: left.width, context: context).render(in: left, buffer: &buffer)
        }
        if let sb = LoadView.render(state.scoreboard.load, what: "scoreboard", empty: "No matchups this week.",
                                    in: right, buffer: &buffer, context: context) {
            scoreboardTable(state, sb, context: context).render(in: right, buffer: &buffer)
        }
    }

    static func renderDraft(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let room = LoadView.render(state.draft.load, what: "the draft board", empty: "No draft yet.",
                                         in: area, buffer: &buffer, context: context) else { return }
        let selected = focusedSelection(state, context).flatMap { room.picks[safe: $0]?.pick.number }
        var grid = area.inset(horizontal: 1)
        let tiers = area.height >= 8 ? DraftTierView.height(room) : 0
        grid.height = max(0, grid.height - tiers)
        DraftGrid(room: room, selectedPick: selected, context: context).render(in: grid, buffer: &buffer)
        if tiers > 0 {
            DraftTierView(room: room, context: context).render(in: Rect(x: grid.x, y: grid.bottom, width: grid.width, height: tiers), buffer: &buffer)
        }
    }

    /// The board item at `point`, for clicks (an index into `items`).
    public static func item(at point: Point, in area: Rect, state: State, context: RenderContext) -> Int? {
        switch state.context {
        case .featured:
            guard let l = state.featured.value else { return nil }
            return featuredTable(state, l, context: context).row(atY: point.y, in: area.inset(horizontal: 1))
        case .league:
            let (left, right) = leagueAreas(leagueBody(state, area))
            if left.contains(point), let e = state.standings.value { return standingsTable(state, e, width: left.width, context: context).row(atY: point.y, in: left) }
            if right.contains(point), let sb = state.scoreboard.value {
                return scoreboardTable(state, sb, context: context).row(atY: point.y, in: right).map { $0 + (state.standings.value?.count ?? 0) }
            }
            return nil
        case .draft:
            return nil
        }
    }
}

/// The draft board: teams across, rounds down; the pick on the clock is highlighted. In an auction, each team's
/// purchases down its column in the order it bought them, each with its price, and the team's budget left beside its
/// name (nothing is "on the clock": the block is in the room).
public struct DraftGrid: Widget {
    public var room: DraftBoard
    /// The pick the focused board has selected (Enter opens its player).
    public var selectedPick: Int?
    public var context: RenderContext

    /// Marks a team on autopick in the header row.
    public static let autopickMark = "↻"

    public init(room: DraftBoard, selectedPick: Int? = nil, context: RenderContext) {
        self.room = room; self.selectedPick = selectedPick; self.context = context
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty, !room.teams.isEmpty else { return }
        let label = 4
        let cols = Rect(x: area.x + label, y: area.y, width: area.width - label, height: area.height)
            .columns(Array(repeating: .fill(1), count: room.teams.count), spacing: 1)
        let mine = room.capabilities.myTeam
        // A team on autopick is marked "↻" (the board's title says what it means).
        let budgets = Dictionary((room.auction?.teams ?? []).map { ($0.team, $0.budgetLeft) }, uniquingKeysWith: { a, _ in a })
        let headers = room.teams.map { t in
            (t.id == mine ? "▸" : "") + (room.onAutopick.contains(t.id) ? DraftGrid.autopickMark : "") + t.name + (budgets[t.id].map { " $\($0)" } ?? "")
        }
        // Names that don't fit their column wrap onto a second header row (when the board has rows to spare).
        let wraps = area.height >= 6 && zip(headers, cols).contains { $0.displayWidth > $1.width }
        let headerRows = wraps ? 2 : 1
        for (i, t) in room.teams.enumerated() {
            // My team's column: its header in the accent colour, marked "▸".
            let isMine = t.id == mine
            let style = isMine ? context.style(.accent).adding(.bold).adding(.underline) : context.style(.header)
            var lines = wraps ? headers[i].wrapped(toWidth: cols[i].width) : [headers[i]]
            if lines.count > headerRows { lines = Array(lines[0..<(headerRows - 1)]) + [lines[(headerRows - 1)...].joined(separator: " ")] }
            for (row, line) in lines.enumerated() {
                TableView.put(line, in: cols[i], y: area.y + row, alignment: .left, style: style, buffer: &buffer)
            }
        }
        let newest = room.picks.map(\.pick.number).max()
        let n = room.teams.count
        let live = room.draft.status == .running || room.draft.status == .paused
        let auction = room.draft.type == .auction
        let rowOf = DraftGrid.rows(room)
        let byCell = Dictionary(room.picks.map { ("\(rowOf[$0.pick.number] ?? $0.pick.round)-\($0.pick.teamID.rawValue)", $0) }, uniquingKeysWith: { a, _ in a })
        let current = live && !room.draft.isComplete && !auction ? room.draft.currentPick : nil
        let focusRound = selectedPick.flatMap { s in rowOf[s] ?? room.picks.first { $0.pick.number == s }?.pick.round }
        let currentRound = focusRound ?? current.map { ($0 - 1) / max(1, n) + 1 } ?? 1
        let visibleRounds = max(0, area.height - headerRows)
        let firstRound = max(1, min(currentRound - visibleRounds + 1, room.draft.rounds - visibleRounds + 1))
        for (r, round) in (firstRound...max(firstRound, room.draft.rounds)).enumerated() {
            let y = area.y + headerRows + r
            guard y < area.bottom else { break }
            // An auction has no rounds: the row is a team's nth purchase.
            buffer.set(string: auction ? "\(round)" : "R\(round)", at: Point(x: area.x, y: y), style: context.style(.dim), maxWidth: label)
            for (i, t) in room.teams.enumerated() {
                if let p = byCell["\(round)-\(t.id.rawValue)"] {
                    let isSelected = p.pick.number == selectedPick, isNewest = p.pick.number == newest
                    var style = context.style(isSelected ? .selection : t.id == mine ? .accent : .text)
                    if isNewest, !isSelected { style = style.adding(.bold) }
                    if isSelected { buffer.fill(Rect(x: cols[i].x, y: y, width: cols[i].width, height: 1), with: .blank(style)) }
                    // The newest pick is marked "•" so a fresh pick catches the eye.
                    var nameCell = cols[i]
                    if let price = p.pick.price, cols[i].width >= 8 {
                        // The price at the cell's right edge; the name takes what is left.
                        let tag = "$\(price)"
                        TableView.put(tag, in: cols[i], y: y, alignment: .right, style: isSelected ? style : style.adding(.dim), buffer: &buffer)
                        nameCell.width = max(0, cols[i].width - tag.count - 1)
                    }
                    TableView.put((isNewest ? "•" : "") + Player.shortName(p.player.name), in: nameCell, y: y, alignment: .left, style: style, buffer: &buffer)
                } else if let current, pickNumber(round: round, column: i, teams: n) == current {
                    let cell = Rect(x: cols[i].x, y: y, width: cols[i].width, height: 1)
                    buffer.fill(cell, with: .blank(context.style(.highlight)))
                    TableView.put(cell.width >= 12 ? "on the clock" : "on clock", in: cols[i], y: y, alignment: .left, style: context.style(.highlight), buffer: &buffer)
                } else if let traded = room.tradedPicks?.first(where: { $0.pick == DraftPickRef(round: round, team: t.id) && $0.owner != t.id }) {
                    // A traded pick not yet made: "→ its owner" (the draft order shows the trade).
                    let owner = room.teams.first { $0.id == traded.owner }?.name ?? "Team \(traded.owner.rawValue)"
                    TableView.put("→ " + owner, in: cols[i], y: y, alignment: .left, style: context.style(traded.owner == mine ? .accent : .dim), buffer: &buffer)
                } else {
                    TableView.put("·", in: cols[i], y: y, alignment: .left, style: context.style(.dim), buffer: &buffer)
                }
            }
        }
    }

    /// The row each pick sits on, by pick number: its round in a draft by rounds; in an auction the team's nth purchase.
    /// A sale's stored round counts sales across the room (sale 5 of 4 teams is "round 2"), so one team's two buys in
    /// the same stretch of sales share a round: keyed by it, the second hid the first (a McCaffrey $63 sale was lost
    /// between Kamara and Mahomes).
    static func rows(_ room: DraftBoard) -> [Int: Int] {
        guard room.draft.type == .auction else { return Dictionary(room.picks.map { ($0.pick.number, $0.pick.round) }, uniquingKeysWith: { a, _ in a }) }
        var out: [Int: Int] = [:], bought: [TeamID: Int] = [:]
        for p in room.picks.sorted(by: { $0.pick.number < $1.pick.number }) {
            bought[p.pick.teamID, default: 0] += 1
            out[p.pick.number] = bought[p.pick.teamID]
        }
        return out
    }

    /// Overall pick number of `column` (draft slot) in `round`, snake order by default.
    func pickNumber(round: Int, column: Int, teams n: Int) -> Int {
        let reversed: Bool
        switch room.draft.type {
        case .linear, .auction: reversed = false
        case .snake: reversed = round % 2 == 0
        case .thirdRoundReversal: reversed = round == 2 || (round >= 3 && round % 2 == 1)
        }
        return (round - 1) * n + (reversed ? n - column : column + 1)
    }
}
