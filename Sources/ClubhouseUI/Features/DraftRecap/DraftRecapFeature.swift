import Foundation
import ClubhouseDomain
import Terminal

/// After the draft (`R` on a league): each team's draft grade — its drafted value against the room's, and by
/// position — then the draft's best and worst picks by how they actually scored (weeks final on the league's clock).
/// Enter on a team opens its roster.
public enum DraftRecapFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case recap(LeagueID) }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var recap = Loadable<DraftRecap>()
        public var list = ListState()
        public init(id: LeagueID) { self.id = id }
    }

    public enum Action: PageActionCases {
        case onAppear, retry, liveRefreshed
        case recapLoaded(RequestToken, Result<DraftRecap, PresentableError>)
        case list(ListMove)
        case rowActivated
    }

    public static func live(_ state: State) -> Live<Action> { Live(refresh: .liveRefreshed) }
    public static func title(_ state: State) -> String { "Draft recap" }
    public static func page(_ state: State) -> Page { .draftRecap(state.id) }
    public static func board(_ state: State) -> BoardContext { .draft(state.id) }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry, .liveRefreshed:
            let inPlace = if case .liveRefreshed = action { true } else { false }
            let api = context.env.api, id = state.id
            return state.recap.load(inPlace: inPlace, id: EffectID.recap(id), { try await api.draftRecap(id) }, answer: Action.recapLoaded)
        case .recapLoaded(let t, let r):
            state.recap.finish(t, r, isEmpty: { $0.teams.isEmpty })
            if state.list.selected == nil, let n = state.recap.value?.teams.count, n > 0 { state.list.apply(.select(0), count: n, viewport: context.viewport) }
            return .none
        case .list(let m):
            state.list.apply(m, count: state.recap.value?.teams.count ?? 0, viewport: context.viewport); return .none
        case .rowActivated:
            guard let t = state.recap.value?.teams[safe: state.list.selected ?? -1] else { return .none }
            return .delegate(.open(.roster(state.id, team: t.team.id)))
        }
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        Keymap([KeyBinding([.enter], .rowActivated, label: "team roster", group: "Draft recap", footer: true,
                           enabledWhen: state.recap.value != nil, disabledReason: "nothing loaded yet")]
               + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
    }

    /// The positions shown in the by-position columns.
    static let positions: [Position] = [.qb, .rb, .wr, .te, .k, .def]

    static func signed(_ p: Points, _ d: Int? = nil) -> String { p.hundredths > 0 ? "+" + p.shown(d) : p.shown(d) }

    static func gradeTable(_ state: State, _ recap: DraftRecap, context: RenderContext) -> DataTable {
        let cols = [DataColumn("Gr", .length(2)), DataColumn("Team", .fill(1)), DataColumn("Value", .length(7), .right),
                    DataColumn("vs room", .length(7), .right)] + positions.map { DataColumn($0.rawValue, .length(6), .right) }
        let rows = recap.teams.map { t in
            [t.grade, t.team.name, t.value.shown(context.decimals), signed(t.value - t.roomAverage, context.decimals)]
                + positions.map { signed(t.byPosition[$0] ?? .zero, context.decimals) }
        }
        let roles: [[StyleRole?]] = recap.teams.map { t in
            [t.grade == "A" || t.grade == "B" ? .positive : t.grade == "C" ? nil : .negative, nil, nil, nil]
                + positions.map { p in (t.byPosition[p] ?? .zero).hundredths < 0 ? .dim : nil }
        }
        return DataTable(columns: cols, rows: rows, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    /// "4.04": round and place in the round.
    static func pickLabel(_ pick: Pick, teams: Int) -> String {
        String(format: "%d.%02d", pick.round, pick.number - (pick.round - 1) * max(1, teams))
    }

    static func pickTable(_ picks: [DraftRecap.PickLine], teams: Int, context: RenderContext) -> DataTable {
        let cols = [DataColumn("Pick", .length(5), .right), DataColumn("Team", .fill(1)), DataColumn("Player", .fill(1)), DataColumn("Pos", .length(3)),
                    DataColumn("Pts", .length(6), .right), DataColumn("Fin", .length(4), .right), DataColumn("+/-", .length(5), .right)]
        let rows = picks.map { p in
            [pickLabel(p.pick, teams: teams), p.teamName, p.player.name, p.player.position.rawValue, p.seasonPoints.shown(context.decimals), "#\(p.seasonRank)",
             p.surplus > 0 ? "+\(p.surplus)" : "\(p.surplus)"]
        }
        let roles: [[StyleRole?]] = picks.map { p in [.dim, nil, nil, .dim, nil, .dim, p.surplus > 0 ? .positive : p.surplus < 0 ? .negative : nil] }
        return DataTable(columns: cols, rows: rows, roles: roles, context: context)
    }

    /// Where each part goes: the heading, the grades, then best and worst picks side by side when wide, stacked when not.
    static func layout(_ recap: DraftRecap, in area: Rect) -> (grades: Rect, best: Rect, worst: Rect) {
        let inner = area.inset(horizontal: 1)
        let picksHeight = recap.best.count + 2
        let wide = inner.width >= 110
        let picksRows = wide ? picksHeight : picksHeight * 2
        // The grades are the page's list: they keep a header and four teams (all of them when fewer) however little room
        // there is, and give rows to the picks below only beyond that.
        let allGrades = recap.teams.count + 1
        let gradesHeight = max(2, min(allGrades, inner.height - 1 - picksRows), min(allGrades, 5))
        let grades = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: max(0, min(gradesHeight, inner.height - 1)))
        let top = grades.bottom + 1
        if wide {
            let w = (inner.width - 2) / 2
            return (grades, Rect(x: inner.x, y: top, width: w, height: max(0, inner.bottom - top)),
                    Rect(x: inner.x + w + 2, y: top, width: inner.width - w - 2, height: max(0, inner.bottom - top)))
        }
        let best = Rect(x: inner.x, y: top, width: inner.width, height: max(0, min(picksHeight, inner.bottom - top)))
        return (grades, best, Rect(x: inner.x, y: best.bottom, width: inner.width, height: max(0, inner.bottom - best.bottom)))
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let recap = LoadView.render(state.recap.load, what: "the draft recap", empty: "No picks yet — the recap fills in as the draft goes.",
                                          in: area, buffer: &buffer, context: context) else { return }
        let heading = (recap.complete ? "Draft grades" : "Draft grades so far (the draft is running)")
            + " · value drafted vs the room · "
            + (recap.throughWeek > 0 ? "scored through week \(recap.throughWeek)" : "the season hasn't started")
        TextRow.put(heading, in: area, row: 0, style: context.style(.title), buffer: &buffer)
        let l = layout(recap, in: area)
        gradeTable(state, recap, context: context).render(in: l.grades, buffer: &buffer)
        // A picks table shows only with room for its title, its header and a pick.
        for (title, picks, rect) in [("Best picks", recap.best, l.best), ("Worst picks", recap.worst, l.worst)] where rect.height > 2 {
            TextRow.put(title, in: rect, row: 0, style: context.style(.header).adding(.bold), indent: 0, buffer: &buffer)
            let body = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 1)
            pickTable(picks, teams: recap.teams.count, context: context).render(in: body, buffer: &buffer)
        }
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        guard let recap = state.recap.value else { return nil }
        let l = layout(recap, in: area)
        guard let i = gradeTable(state, recap, context: context).row(atY: point.y, in: l.grades) else { return nil }
        return clicked(row: i, in: state.list, activate: .rowActivated)
    }
}

extension DraftRecapFeature.State: LoadingReporting {
    public var isLoading: Bool { recap.isLoading }
}
