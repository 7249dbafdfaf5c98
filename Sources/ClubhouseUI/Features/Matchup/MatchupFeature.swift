import Foundation
import ClubhouseDomain
import Terminal

/// A matchup: both lineups side by side (slot, player, points, stat line), bench below, totals, status.
public enum MatchupFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case matchup(LeagueID) }

    public enum Side: Hashable, Sendable { case home, away }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var week: Int
        public var team: TeamID
        public var detail = Loadable<MatchupDetail>()
        public var list = ListState()
        /// Which lineup Enter opens a player from (h/l switch).
        public var side: Side = .home
        public init(id: LeagueID, week: Int, team: TeamID) { self.id = id; self.week = week; self.team = team }
    }

    public enum Action: PageActionCases {
        case onAppear, retry
        case liveRefreshed
        case matchupLoaded(RequestToken, Result<MatchupDetail, PresentableError>)
        case list(ListMove)
        case sideChosen(Side)
        case rowActivated
    }

    public static func live(_ state: State) -> Live<Action> { Live(refresh: .liveRefreshed) }
    public static func title(_ state: State) -> String {
        guard let d = state.detail.value else { return "Matchup" }
        return "\(d.home.team.name) vs \(d.away?.team.name ?? "bye")"
    }
    public static func page(_ state: State) -> Page { .matchup(state.id, week: state.week, team: state.team) }
    public static func board(_ state: State) -> BoardContext { .league(state.id, week: state.week, highlight: .matchup(state.team)) }

    /// Rows shown: starters, a "Bench" divider (nil pair), bench.
    static func rows(_ d: MatchupDetail) -> [(LineupRow?, LineupRow?)] {
        let away = d.away
        var out: [(LineupRow?, LineupRow?)] = []
        for i in 0..<max(d.home.starters.count, away?.starters.count ?? 0) {
            out.append((d.home.starters[safe: i], away?.starters[safe: i]))
        }
        let benchCount = max(d.home.bench.count, away?.bench.count ?? 0)
        if benchCount > 0 {
            out.append((nil, nil))
            for i in 0..<benchCount { out.append((d.home.bench[safe: i], away?.bench[safe: i])) }
        }
        return out
    }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry, .liveRefreshed:
            let inPlace = if case .liveRefreshed = action { true } else { false }
            let api = context.env.api, id = state.id, week = state.week, team = state.team
            return state.detail.load(inPlace: inPlace, id: EffectID.matchup(id), { try await api.matchup(id, week: week, team: team) }, answer: Action.matchupLoaded)
        case .matchupLoaded(let t, let r):
            if state.detail.finish(t, r), let d = state.detail.value {
                state.side = d.away?.team.id == state.team ? .away : .home
            }
            return .none
        case .list(let m):
            let count = state.detail.value.map { rows($0).count } ?? 0
            state.list.apply(m, count: count, viewport: context.viewport)
            return .none
        case .sideChosen(let side):
            state.side = side; return .none
        case .rowActivated:
            guard let d = state.detail.value, let pair = rows(d)[safe: state.list.selected ?? -1] else { return .none }
            let row = state.side == .home ? pair.0 : pair.1
            guard let p = row?.player else { return .none }
            return .delegate(.open(.player(p.id, league: state.id)))
        }
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        Keymap([
            KeyBinding([.enter], .rowActivated, label: "open player", group: "Matchup", footer: true,
                       enabledWhen: state.detail.value != nil, disabledReason: "still loading"),
            KeyBinding([.char("h"), .left], .sideChosen(.home), label: "left lineup", group: "Matchup", footer: true, footerKeys: "h/l"),
            KeyBinding([.char("l"), .right], .sideChosen(.away), label: "right lineup", group: "Matchup"),
        ] + ListKeys.bindings(Action.list, footer: false) + [PageKeys.retry(.retry)])
    }

    // MARK: - View

    static let headerRows = 3

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let d = LoadView.render(state.detail.load, what: "the matchup", empty: "No matchup for this team this week.",
                                      in: area, buffer: &buffer, context: context) else { return }
        let status = Format.status(d.status) + (d.isPlayoff ? " · playoffs" : "")
        TextRow.put("Week \(d.week) · \(status)", in: area, row: 0, style: context.style(d.status == .live ? .warning : .dim), buffer: &buffer)
        let halves = area.inset(horizontal: 1).columns([.fill(1), .fill(1)], spacing: 3)
        totals(d.home, vs: d.away, in: halves[0], y: area.y + 1, context: context, buffer: &buffer)
        if let away = d.away { totals(away, vs: d.home, in: halves[1], y: area.y + 1, context: context, buffer: &buffer) }
        else { TableView.put("bye week", in: halves[1], y: area.y + 1, alignment: .left, style: context.style(.dim), buffer: &buffer) }

        let pairs = rows(d)
        let narrow = area.width / 2 < 62
        // Narrow screens have no stat-line column: the selected player's line shows under the lineups.
        let detailRows = narrow && area.height >= 8 ? 1 : 0
        // A live week: the scoring plays, newest first, under the lineups — in the room the starters and the bench
        // divider leave (up to 8 lines, at least 3 to show at all; a taller sheet shows them).
        let feed = d.feed ?? []
        let starterRows = max(d.home.starters.count, d.away?.starters.count ?? 0) + 1 + 1   // header, starters, divider
        let room = area.height - 2 - detailRows - starterRows
        let feedRows = d.status == .live && room >= 3 ? min(room, 8) : 0
        if feedRows > 0 {
            let top = area.height - detailRows - feedRows
            _ = TextRow.put("Scoring plays" + (feed.isEmpty ? " — none yet" : ""), in: area, row: top, style: context.style(.header), buffer: &buffer)
            for (i, play) in feed.prefix(feedRows - 1).enumerated() {
                let side = play.side == .home ? "◀ " : "▶ "
                _ = TextRow.put(side + play.text, in: area, row: top + 1 + i,
                                style: context.style(play.points.hundredths >= 0 ? .text : .negative), buffer: &buffer)
            }
        }
        // Stat corrections of this week: what changed, and why (taken before the week's lock, or not after it).
        let notes = d.corrections ?? []
        let noteRows = min(notes.count, 2, max(0, room - feedRows))
        for (i, note) in notes.suffix(noteRows).enumerated() {
            TextRow.put(note, in: area, row: area.height - detailRows - feedRows - noteRows + i, style: context.style(.warning), buffer: &buffer)
        }
        let body = Rect(x: area.x, y: area.y + 2, width: area.width, height: max(0, area.height - 2 - detailRows - feedRows - noteRows))
        if detailRows == 1, let pair = pairs[safe: state.list.selected ?? -1],
           let row = state.side == .home ? pair.0 : pair.1, let p = row.player {
            let line = "\(p.name): " + statText(row) + (row.opponent.flatMap { $0.isEmpty ? nil : $0 }.map { $0.hasPrefix("@") ? " at \($0.dropFirst())" : " vs \($0)" } ?? "")
            TextRow.put(line, in: area, row: area.height - 1, style: context.style(.dim), buffer: &buffer)
        }
        let bodyHalves = body.inset(horizontal: 1).columns([.fill(1), .fill(1)], spacing: 3)
        let home = lineupTable(pairs.map(\.0), divider: true, state: state, side: .home, width: bodyHalves[0].width, context: context)
        let away = lineupTable(pairs.map(\.1), divider: true, state: state, side: .away, width: bodyHalves[1].width, context: context)
        home.render(in: bodyHalves[0], buffer: &buffer)
        away.render(in: bodyHalves[1], buffer: &buffer)
        // The column divider between the lineups.
        let x = bodyHalves[0].right + 1
        for y in body.y..<body.bottom { buffer.put(Cell("│", style: context.style(.border)), x: x, y: y) }
    }

    /// Where a player's game stands: "Q3 4:12", "final", "bye", "not started".
    static func gameText(_ row: LineupRow) -> String {
        switch row.game {
        case .bye?: return "bye"
        case .notStarted?: return "not started"
        case .inProgress?: return row.gameClock ?? "playing"
        case .final?: return "final"
        case nil: return ""
        }
    }

    /// The stat line, or where the game stands when there are no stats yet.
    static func statText(_ row: LineupRow) -> String {
        if !row.statLine.isEmpty { return row.statLine }
        switch row.game {
        case .bye?: return "bye week"
        case .notStarted(let kickoff)?: return "kicks off \(Format.day(kickoff))"
        case .inProgress?: return "playing now"
        case .final?, nil: return "no stats"
        }
    }

    static func totals(_ lineup: TeamLineup, vs other: TeamLineup?, in rect: Rect, y: Int, context: RenderContext, buffer: inout Buffer) {
        let winning = other.map { lineup.total > $0.total } ?? false
        let name = "\(lineup.team.name) (\(lineup.team.record))"
        let pts = (lineup.projected.map { "proj \($0.shown(context.decimals))  " } ?? "") + lineup.total.shown(context.decimals)
        TableView.put(name, in: Rect(x: rect.x, y: y, width: max(0, rect.width - pts.count - 1), height: 1), y: y, alignment: .left, style: context.style(.title), buffer: &buffer)
        TableView.put(pts, in: rect, y: y, alignment: .right, style: context.style(winning ? .positive : .text).adding(.bold), buffer: &buffer)
    }

    static func lineupTable(_ rows: [LineupRow?], divider: Bool, state: State, side: Side, width: Int, context: RenderContext) -> DataTable {
        let wide = width >= 60
        var cols = [DataColumn("Slot", .length(4)), DataColumn("Player", .fill(2))]
        if wide { cols.append(DataColumn("Opp", .length(4))); cols.append(DataColumn("Stats", .fill(3))) }
        cols.append(DataColumn("Game", .length(width >= 36 ? 11 : 7)))
        cols.append(DataColumn("Pts", .length(5), .right))
        var benchSeen = false
        let cells: [[String]] = rows.map { r in
            guard let r else {
                if !benchSeen { benchSeen = true; return ["", "── Bench"] + (wide ? ["", ""] : []) + ["", ""] }
                return ["", ""] + (wide ? ["", ""] : []) + ["", ""]
            }
            let name = r.player.map { "\($0.name) \($0.position.rawValue)" + ($0.injury == .healthy ? "" : " \($0.injury.tag)") } ?? "(empty)"
            var row = [r.slot.rawValue, name]
            if wide { row += [r.opponent ?? (r.game == .bye ? "BYE" : ""), statText(r)] }
            row.append(r.player == nil ? "" : gameText(r))
            row.append(r.player == nil ? "" : r.points.shown(context.decimals))
            return row
        }
        let roles: [[StyleRole?]] = rows.map { r in
            guard let r else { return Array(repeating: .dim, count: cols.count) }
            var roles: [StyleRole?] = [.dim, r.player == nil ? .dim : nil]
            if wide { roles += [.dim, .dim] }
            roles.append(r.game == .inProgress ? .warning : .dim)
            roles.append(r.slot.isStarter ? .accent : .dim)
            return roles
        }
        let selected = state.side == side ? state.list.selected : nil
        let highlighted = state.side != side ? state.list.selected : nil
        return DataTable(columns: cols, rows: cells, roles: roles, selected: selected, highlighted: highlighted == nil ? nil : nil, offset: state.list.offset, context: context)
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        guard let d = state.detail.value else { return nil }
        let body = Rect(x: area.x, y: area.y + 2, width: area.width, height: max(0, area.height - 2))
        let halves = body.inset(horizontal: 1).columns([.fill(1), .fill(1)], spacing: 3)
        let side: Side = point.x < halves[1].x ? .home : .away
        let table = lineupTable(rows(d).map(\.0), divider: true, state: state, side: side, width: halves[0].width, context: context)
        guard let i = table.row(atY: point.y, in: halves[0]) else { return nil }
        if side != state.side { return .sideChosen(side) }
        return clicked(row: i, in: state.list, activate: .rowActivated)
    }
}

extension MatchupFeature.State: LoadingReporting {
    public var isLoading: Bool { detail.isLoading }
}
