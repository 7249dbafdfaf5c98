import Foundation
import ClubhouseDomain
import Terminal

/// A league's standings: rank, record, points for/against, streak, the all-play record; in a league with divisions
/// grouped by division (each in playoff order, its leader marked *).
public enum StandingsFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case standings(LeagueID) }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var entries = Loadable<[StandingsEntry]>()
        public var list = ListState()
        public init(id: LeagueID) { self.id = id }
    }

    public enum Action: PageActionCases {
        case onAppear, retry
        case liveRefreshed
        case standingsLoaded(RequestToken, Result<[StandingsEntry], PresentableError>)
        case list(ListMove)
        case rowActivated
    }

    public static func live(_ state: State) -> Live<Action> { Live(refresh: .liveRefreshed) }
    public static func title(_ state: State) -> String { "Standings" }
    public static func page(_ state: State) -> Page { .standings(state.id) }
    public static func board(_ state: State) -> BoardContext {
        let team = state.entries.value.flatMap { e in state.list.selected.flatMap { e[safe: $0]?.team.id } }
        return .league(state.id, week: nil, highlight: team.map(BoardHighlight.team))
    }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry, .liveRefreshed:
            let inPlace = if case .liveRefreshed = action { true } else { false }
            let api = context.env.api, id = state.id
            return state.entries.load(inPlace: inPlace, id: EffectID.standings(id), { try await api.standings(id) }, answer: Action.standingsLoaded)
        case .standingsLoaded(let t, let r):
            state.entries.finish(t, r.map(grouped), isEmpty: \.isEmpty); return .none
        case .list(let m):
            state.list.apply(m, count: state.entries.value?.count ?? 0, viewport: context.viewport); return .none
        case .rowActivated:
            guard let e = state.entries.value?[safe: state.list.selected ?? -1] else { return .none }
            return .delegate(.open(.roster(state.id, team: e.team.id)))
        }
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        Keymap([KeyBinding([.enter], .rowActivated, label: "team roster", group: "Standings", footer: true,
                           enabledWhen: state.entries.value != nil, disabledReason: "nothing loaded yet")]
               + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
    }

    /// Entries by division (then playoff place) when the league has divisions; as they came otherwise.
    static func grouped(_ entries: [StandingsEntry]) -> [StandingsEntry] {
        guard entries.contains(where: { $0.division != nil }) else { return entries }
        return entries.sorted { ($0.division ?? 0, $0.rank) < ($1.division ?? 0, $1.rank) }
    }

    static func table(_ state: State, _ entries: [StandingsEntry], context: RenderContext) -> DataTable {
        // An older server sends no all-play records and no divisions: their columns are left out.
        let allPlay = entries.contains { $0.allPlay != nil }, divisions = entries.contains { $0.division != nil }
        var cols = [DataColumn("#", .length(2), .right), DataColumn("Team", .fill(2)), DataColumn("Manager", .fill(1))]
        if divisions { cols.append(DataColumn("Div", .length(4), .right)) }
        cols += [DataColumn("W-L-T", .length(7), .right)] + (allPlay ? [DataColumn("All-play", .length(8), .right)] : [])
        cols += [DataColumn("PF", .length(7), .right), DataColumn("PA", .length(7), .right), DataColumn("Strk", .length(4), .right)]
        let rows = entries.map { e in
            ["\(e.rank)", e.team.name, Format.manager(e.team)] + (divisions ? [e.division.map { "\($0)" + (e.leadsDivision == true ? "*" : " ") } ?? ""] : [])
                + ["\(e.row.wins)-\(e.row.losses)-\(e.row.ties)"] + (allPlay ? [e.allPlay?.text ?? "–"] : [])
                + [e.row.pointsFor.shown(context.decimals), e.row.pointsAgainst.shown(context.decimals), e.streak]
        }
        let roles: [[StyleRole?]] = entries.map { e in
            [.dim, nil, .dim] + (divisions ? [.dim] : []) + [nil] + (allPlay ? [.dim] : [])
                + [nil, .dim, e.streak.hasPrefix("W") ? .positive : e.streak.hasPrefix("L") ? .negative : nil]
        }
        return DataTable(columns: cols, rows: rows, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let entries = LoadView.render(state.entries.load, what: "standings",
                                            empty: "No standings yet — they appear once week 1 is played. w shows the schedule.",
                                            in: area, buffer: &buffer, context: context) else { return }
        table(state, entries, context: context).render(in: area.inset(horizontal: 1), buffer: &buffer)
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        guard let e = state.entries.value, let i = table(state, e, context: context).row(atY: point.y, in: area.inset(horizontal: 1)) else { return nil }
        return clicked(row: i, in: state.list, activate: .rowActivated)
    }
}

extension StandingsFeature.State: LoadingReporting {
    public var isLoading: Bool { entries.isLoading }
}
