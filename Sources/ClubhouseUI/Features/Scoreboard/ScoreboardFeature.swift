import Foundation
import ClubhouseDomain
import Terminal

/// A week's scoreboard: every matchup with its score; ←/→ (h/l) change the week.
public enum ScoreboardFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case scoreboard(LeagueID) }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        /// The week asked for; nil is the league's current week.
        public var week: Int?
        public var scoreboard = Loadable<Scoreboard>()
        /// Weeks with matchups, remembered across week changes.
        public var weeks: ClosedRange<Int>?
        public var list = ListState()
        public init(id: LeagueID, week: Int?) { self.id = id; self.week = week }
        /// The week shown (or being loaded).
        public var shownWeek: Int? { week ?? scoreboard.value?.week }
    }

    public enum Action: PageActionCases {
        case onAppear, retry
        case liveRefreshed
        case scoreboardLoaded(RequestToken, Result<Scoreboard, PresentableError>)
        case weekStepped(Int)
        case list(ListMove)
        case rowActivated
        case recapOpened
    }

    public static func live(_ state: State) -> Live<Action> { Live(refresh: .liveRefreshed) }
    public static func title(_ state: State) -> String { state.shownWeek.map { "Week \($0)" } ?? "Scoreboard" }
    public static func page(_ state: State) -> Page { .scoreboard(state.id, week: state.week) }
    public static func board(_ state: State) -> BoardContext {
        let team = state.scoreboard.value.flatMap { sb in state.list.selected.flatMap { sb.matchups[safe: $0]?.home.team.id } }
        return .league(state.id, week: state.shownWeek, highlight: team.map(BoardHighlight.matchup))
    }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry:
            return load(&state, context)
        case .liveRefreshed:
            return load(&state, context, inPlace: true)
        case .scoreboardLoaded(let t, let r):
            if state.scoreboard.finish(t, r, isEmpty: { $0.matchups.isEmpty }), case .success(let sb) = r {
                state.weeks = sb.weeks
                state.week = sb.week
            }
            return .none
        case .weekStepped(let delta):
            guard let current = state.shownWeek else { return .none }
            var next = current + delta
            if let weeks = state.weeks { next = min(max(next, weeks.lowerBound), weeks.upperBound) }
            guard next != current, next >= 1 else { return .none }
            state.week = next
            state.list = ListState()
            return load(&state, context)
        case .list(let m):
            state.list.apply(m, count: state.scoreboard.value?.matchups.count ?? 0, viewport: context.viewport); return .none
        case .rowActivated:
            guard let sb = state.scoreboard.value, let m = sb.matchups[safe: state.list.selected ?? -1] else { return .none }
            return .delegate(.open(.matchup(state.id, week: sb.week, team: m.home.team.id)))
        case .recapOpened:
            guard let sb = state.scoreboard.value, recapUnavailable(state) == nil else { return .none }
            return .delegate(.open(.recap(state.id, week: sb.week)))
        }
    }

    /// Loads the week asked for; a newer week supersedes a slower older one.
    static func load(_ state: inout State, _ context: PageContext, inPlace: Bool = false) -> Effect<Action> {
        let api = context.env.api, id = state.id, week = state.week
        return state.scoreboard.load(inPlace: inPlace, id: EffectID.scoreboard(id), { try await api.scoreboard(id, week: week) }, answer: Action.scoreboardLoaded)
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        let w = state.shownWeek ?? 0
        let canBack = state.weeks.map { w > $0.lowerBound } ?? (w > 1)
        let canForward = state.weeks.map { w < $0.upperBound } ?? true
        return Keymap([
            KeyBinding([.enter], .rowActivated, label: "open matchup", group: "Scoreboard", footer: true,
                       enabledWhen: state.scoreboard.value != nil, disabledReason: "no matchups shown"),
            KeyBinding([.char("l"), .right], .weekStepped(1), label: "next week", group: "Scoreboard", footer: true, footerKeys: "h/l",
                       enabledWhen: canForward, disabledReason: "this is the last week"),
            KeyBinding([.char("h"), .left], .weekStepped(-1), label: "previous week", group: "Scoreboard",
                       enabledWhen: canBack, disabledReason: "this is the first week"),
            KeyBinding([.char("R")], .recapOpened, label: "week recap", group: "Scoreboard", footer: recapUnavailable(state) == nil,
                       enabledWhen: recapUnavailable(state) == nil, disabledReason: recapUnavailable(state),
                       operation: Endpoints.Recap.recap.name),
        ] + ListKeys.bindings(Action.list, footer: false) + [PageKeys.retry(.retry)])
    }

    /// Why `R` can't open the week's recap (nil: it can): only a week whose games are all final has one.
    static func recapUnavailable(_ state: State) -> String? {
        guard let sb = state.scoreboard.value, !sb.matchups.isEmpty else { return "no matchups shown" }
        return sb.matchups.allSatisfy { $0.status == .final } ? nil : "week \(sb.week) isn't final yet"
    }

    static func table(_ state: State, _ sb: Scoreboard, context: RenderContext) -> DataTable {
        let cols = [DataColumn("Home", .fill(2)), DataColumn("", .length(7), .right), DataColumn("", .length(1), .center),
                    DataColumn("", .length(7), .right), DataColumn("Away", .fill(2)), DataColumn("Status", .length(9))]
        let rows = sb.matchups.map { m -> [String] in
            let home = "\(m.home.team.name) (\(m.home.team.record))"
            let away = m.away.map { "\($0.team.name) (\($0.team.record))" } ?? "bye"
            return [home, m.home.points.shown(context.decimals), "–", m.away?.points.shown(context.decimals) ?? "", away, Format.status(m.status) + (m.isPlayoff ? " P" : "")]
        }
        let roles: [[StyleRole?]] = sb.matchups.map { m in
            guard let a = m.away, m.status != .upcoming else { return [nil, .dim, .dim, .dim, nil, .dim] }
            let hw = m.home.points > a.points, aw = a.points > m.home.points
            return [hw ? .positive : nil, hw ? .positive : nil, .dim, aw ? .positive : nil, aw ? .positive : nil, m.status == .live ? .warning : .dim]
        }
        return DataTable(columns: cols, rows: rows, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        var header = "Week \(state.shownWeek.map(String.init) ?? "–")"
        if let w = state.weeks { header += "   ‹ h · l ›   weeks \(w.lowerBound)–\(w.upperBound)" }
        TextRow.put(header, in: area, row: 0, style: context.style(.title), buffer: &buffer)
        let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, area.height - 1))
        guard let sb = LoadView.render(state.scoreboard.load, what: "week \(state.shownWeek.map(String.init) ?? "")".trimmingCharacters(in: .whitespaces),
                                       empty: (state.weeks?.count ?? 0) > 1 ? "No matchups this week — h/l to another week."
                                                                              : "No matchups yet — the schedule is made when the draft is done.",
                                       in: body, buffer: &buffer, context: context) else { return }
        table(state, sb, context: context).render(in: body.inset(horizontal: 1), buffer: &buffer)
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        let body = Rect(x: area.x + 1, y: area.y + 1, width: area.width - 2, height: max(0, area.height - 1))
        guard let sb = state.scoreboard.value, let i = table(state, sb, context: context).row(atY: point.y, in: body) else { return nil }
        return clicked(row: i, in: state.list, activate: .rowActivated)
    }
}

extension ScoreboardFeature.State: LoadingReporting {
    public var isLoading: Bool { scoreboard.isLoading }
}
