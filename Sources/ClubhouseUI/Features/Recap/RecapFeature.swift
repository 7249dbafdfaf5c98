import Foundation
import ClubhouseDomain
import Terminal

/// A final week's recap (`R` on a final week's scoreboard): the high and low scores, the biggest blowout, the closest
/// game, the most points left on a bench, then the power rankings as the page's list. ←/→ (h/l) step through the
/// final weeks; Enter on a team opens its matchup of the week.
public enum RecapFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case recap(LeagueID) }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var week: Int
        public var recap = Loadable<LeagueRecap>()
        /// The weeks with a recap, remembered across week changes.
        public var finalWeeks: [Int] = []
        public var list = ListState()
        public init(id: LeagueID, week: Int) { self.id = id; self.week = week }
    }

    public enum Action: PageActionCases {
        case onAppear, retry, liveRefreshed
        case recapLoaded(RequestToken, Result<LeagueRecap, PresentableError>)
        case weekStepped(Int)
        case list(ListMove)
        case rowActivated
    }

    public static func live(_ state: State) -> Live<Action> { Live(refresh: .liveRefreshed) }
    public static func title(_ state: State) -> String { "Week \(state.week) recap" }
    public static func page(_ state: State) -> Page { .recap(state.id, week: state.week) }
    public static func board(_ state: State) -> BoardContext {
        let team = state.recap.value.flatMap { r in state.list.selected.flatMap { r.recap.powerRankings[safe: $0]?.team } }
        return .league(state.id, week: state.week, highlight: team.map(BoardHighlight.matchup))
    }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry:
            return load(&state, context)
        case .liveRefreshed:
            return load(&state, context, inPlace: true)
        case .recapLoaded(let t, let r):
            if state.recap.finish(t, r, isEmpty: { $0.recap.powerRankings.isEmpty }), case .success(let recap) = r {
                state.finalWeeks = recap.finalWeeks
                if state.list.selected == nil, !recap.recap.powerRankings.isEmpty {
                    state.list.apply(.select(0), count: recap.recap.powerRankings.count, viewport: context.viewport)
                }
            }
            return .none
        case .weekStepped(let delta):
            guard let next = step(state, delta) else { return .none }
            state.week = next
            state.list = ListState()
            return load(&state, context)
        case .list(let m):
            state.list.apply(m, count: state.recap.value?.recap.powerRankings.count ?? 0, viewport: context.viewport); return .none
        case .rowActivated:
            guard let p = state.recap.value?.recap.powerRankings[safe: state.list.selected ?? -1] else { return .none }
            return .delegate(.open(.matchup(state.id, week: state.week, team: p.team)))
        }
    }

    /// The final week `delta` steps from the one shown (nil past either end).
    static func step(_ state: State, _ delta: Int) -> Int? {
        let weeks = state.finalWeeks
        if delta > 0 { return weeks.first { $0 > state.week } }
        return weeks.last { $0 < state.week }
    }

    /// Loads the week asked for; a newer week supersedes a slower older one.
    static func load(_ state: inout State, _ context: PageContext, inPlace: Bool = false) -> Effect<Action> {
        let api = context.env.api, id = state.id, week = state.week
        return state.recap.load(inPlace: inPlace, id: EffectID.recap(id), { try await api.recap(id, week: week) }, answer: Action.recapLoaded)
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        Keymap([
            KeyBinding([.enter], .rowActivated, label: "open matchup", group: "Recap", footer: true,
                       enabledWhen: state.recap.value != nil, disabledReason: "nothing loaded yet"),
            KeyBinding([.char("l"), .right], .weekStepped(1), label: "next final week", group: "Recap", footer: true, footerKeys: "h/l",
                       enabledWhen: step(state, 1) != nil, disabledReason: "no later week is final"),
            KeyBinding([.char("h"), .left], .weekStepped(-1), label: "previous final week", group: "Recap",
                       enabledWhen: step(state, -1) != nil, disabledReason: "this is the first final week"),
        ] + ListKeys.bindings(Action.list, footer: false) + [PageKeys.retry(.retry)])
    }

    // MARK: - View

    /// "Bits" or "Bits, Bytes (tied)".
    static func names(_ teams: [TeamID], _ r: LeagueRecap) -> String {
        teams.map(r.name).joined(separator: ", ") + (teams.count > 1 ? " (tied)" : "")
    }

    static func game(_ g: WeeklyRecap.GameMargin, _ r: LeagueRecap, _ d: Int? = nil) -> String {
        "\(r.name(g.winner)) \(g.winnerPoints.shown(d)) – \(g.loserPoints.shown(d)) \(r.name(g.loser))"
            + (g.isTie ? " (a tie)" : " (by \(g.margin.shown(d)))")
    }

    static func games(_ gs: [WeeklyRecap.GameMargin]?, _ r: LeagueRecap, _ d: Int? = nil) -> String {
        guard let gs, !gs.isEmpty else { return "no head-to-head games" }
        return gs.map { game($0, r, d) }.joined(separator: "; ")
    }

    /// The award lines, label and text.
    static func awards(_ r: LeagueRecap, _ d: Int? = nil) -> [(String, String)] {
        let w = r.recap
        let bench = w.mostLeftOnBench.isEmpty ? "every team started its best lineup"
            : w.mostLeftOnBench.map { "\(r.name($0.team)) left \($0.left.shown(d)) (best \($0.optimal.shown(d)), started \($0.started.shown(d)))" }
                .joined(separator: "; ")
        return [("High", "\(names(w.highScore.teams, r)) \(w.highScore.points.shown(d))"),
                ("Low", "\(names(w.lowScore.teams, r)) \(w.lowScore.points.shown(d))"),
                ("Blowout", games(w.biggestBlowout, r, d)),
                ("Closest", games(w.closestGame, r, d)),
                ("Bench", bench)]
    }

    static func table(_ state: State, _ r: LeagueRecap, context: RenderContext) -> DataTable {
        let cols = [DataColumn("#", .length(3), .right), DataColumn("Team", .fill(1)), DataColumn("Week", .length(7), .right),
                    DataColumn("All-play", .length(8), .right), DataColumn("Season", .length(8), .right), DataColumn("PF", .length(8), .right)]
        let rows = r.recap.powerRankings.map { p in
            ["\(p.rank)", r.name(p.team), p.weekPoints?.shown(context.decimals) ?? "–", p.weekAllPlay?.text ?? "–", p.seasonAllPlay.text, p.pointsFor.shown(context.decimals)]
        }
        let high = Set(r.recap.highScore.teams), low = Set(r.recap.lowScore.teams)
        let roles: [[StyleRole?]] = r.recap.powerRankings.map { p in
            [.dim, nil, high.contains(p.team) ? .positive : low.contains(p.team) ? .negative : nil, .dim, nil, .dim]
        }
        return DataTable(columns: cols, rows: rows, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    /// The award lines' rows and the rankings' rect below them.
    static func rankingsRect(_ area: Rect, awards: Int) -> Rect {
        let top = area.y + 2 + awards
        return Rect(x: area.x + 1, y: top, width: max(0, area.width - 2), height: max(0, area.bottom - top))
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        var header = "Week \(state.week) recap"
        if let name = state.recap.value?.leagueName { header += " · \(name)" }
        if state.finalWeeks.count > 1 { header += "   ‹ h · l ›" }
        TextRow.put(header, in: area, row: 0, style: context.style(.title), buffer: &buffer)
        let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, area.height - 1))
        guard let r = LoadView.render(state.recap.load, what: "the week \(state.week) recap", empty: "No final games in week \(state.week).",
                                      in: body, buffer: &buffer, context: context) else { return }
        let lines = awards(r, context.decimals)
        for (i, (label, text)) in lines.enumerated() {
            let row = 1 + i
            guard row < area.height else { break }
            let padded = label.padding(toLength: 8, withPad: " ", startingAt: 0)
            TextRow.put(padded, in: area, row: row, style: context.style(.header).adding(.bold), buffer: &buffer)
            TextRow.put(text, in: Rect(x: area.x + 9, y: area.y, width: max(0, area.width - 9), height: area.height), row: row, indent: 0, buffer: &buffer)
        }
        if 1 + lines.count < area.height {
            TextRow.put("Power rankings · season all-play record, then points for", in: area, row: 1 + lines.count,
                        style: context.style(.header).adding(.bold), buffer: &buffer)
        }
        table(state, r, context: context).render(in: rankingsRect(area, awards: lines.count), buffer: &buffer)
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        guard let r = state.recap.value, let i = table(state, r, context: context).row(atY: point.y, in: rankingsRect(area, awards: awards(r).count))
        else { return nil }
        return clicked(row: i, in: state.list, activate: .rowActivated)
    }
}

extension RecapFeature.State: LoadingReporting {
    public var isLoading: Bool { recap.isLoading }
}
