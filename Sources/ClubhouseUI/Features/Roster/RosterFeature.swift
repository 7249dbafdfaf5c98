import Foundation
import ClubhouseDomain
import Terminal

/// A team's roster: slot, player, position, NFL team, bye, injury, acquisition, week and season points.
public enum RosterFeature: PageFeature {
    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var team: TeamID
        public var roster = Loadable<TeamRoster>()
        public var list = ListState()
        public init(id: LeagueID, team: TeamID) { self.id = id; self.team = team }
    }

    public enum Action: Sendable {
        case onAppear, retry
        case rosterLoaded(RequestToken, Result<TeamRoster, PresentableError>)
        case list(ListMove)
        case rowActivated
        case delegate(PageDelegate)
    }

    public static var onAppear: Action { .onAppear }
    public static func list(_ move: ListMove) -> Action { .list(move) }
    public static func delegate(of action: Action) -> PageDelegate? { if case .delegate(let d) = action { d } else { nil } }
    public static func title(_ state: State) -> String { state.roster.value?.team.name ?? "Team" }
    public static func page(_ state: State) -> Page { .roster(state.id, team: state.team) }
    public static func board(_ state: State) -> BoardContext { .league(state.id, week: nil, highlight: .team(state.team)) }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry:
            let t = state.roster.begin(), api = context.env.api, id = state.id, team = state.team
            return .load(t, id: "roster.\(id).\(team)", { try await api.roster(id, team: team) }, answer: Action.rosterLoaded)
        case .rosterLoaded(let t, let r):
            state.roster.finish(t, r, isEmpty: { $0.rows.isEmpty }); return .none
        case .list(let m):
            state.list.apply(m, count: state.roster.value?.rows.count ?? 0, viewport: context.viewport); return .none
        case .rowActivated:
            guard let row = state.roster.value?.rows[safe: state.list.selected ?? -1] else { return .none }
            return .send(.delegate(.open(.player(row.player.id, league: state.id))))
        case .delegate: return .none
        }
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        Keymap([KeyBinding([.enter], .rowActivated, label: "open player", group: "Roster", footer: true,
                           enabledWhen: state.roster.value != nil, disabledReason: "nothing loaded yet")]
               + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
    }

    static func table(_ state: State, _ r: TeamRoster, width: Int, context: RenderContext) -> DataTable {
        let wide = width >= 70
        var cols = [DataColumn("Slot", .length(4)), DataColumn("Player", .fill(2)), DataColumn("Pos", .length(3)), DataColumn("NFL", .length(3)),
                    DataColumn("Bye", .length(3), .right), DataColumn("Inj", .length(3))]
        if wide { cols.append(DataColumn("Acquired", .length(10))) }
        cols += [DataColumn("Wk \(r.week)", .length(6), .right), DataColumn("Season", .length(6), .right)]
        let rows = r.rows.map { row -> [String] in
            var cells = [row.slot.rawValue, row.player.name + (row.locked ? " 🔒" : ""), row.player.position.rawValue, row.player.nflTeam,
                         row.player.byeWeek.map(String.init) ?? "–", Format.injury(row.player.injury)]
            if wide { cells.append(Format.acquisition(row.acquisition)) }
            return cells + [row.weekPoints.oneDecimal, row.seasonPoints.oneDecimal]
        }
        let roles: [[StyleRole?]] = r.rows.map { row in
            var roles: [StyleRole?] = [row.slot.isStarter ? .accent : .dim, nil, .dim, .dim, .dim, row.player.injury == .healthy ? nil : .negative]
            if wide { roles.append(.dim) }
            return roles + [nil, nil]
        }
        return DataTable(columns: cols, rows: rows, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let r = LoadView.render(state.roster.load, what: "the roster", empty: "This team has no players yet — they arrive with the draft (d in the league).",
                                      in: area, buffer: &buffer, context: context) else { return }
        var pairs: [(String, String)] = [("Manager", Format.manager(r.team)), ("Record", r.team.record), ("Waiver priority", "#\(r.waiverPriority)")]
        if let faab = r.faabRemaining { pairs.append(("FAAB", "$\(faab)")) }
        TextRow.pairs(pairs, in: area, row: 0, context: context, buffer: &buffer)
        let body = Rect(x: area.x + 1, y: area.y + 1, width: area.width - 2, height: max(0, area.height - 1))
        table(state, r, width: body.width, context: context).render(in: body, buffer: &buffer)
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        let body = Rect(x: area.x + 1, y: area.y + 1, width: area.width - 2, height: max(0, area.height - 1))
        guard let r = state.roster.value, let i = table(state, r, width: body.width, context: context).row(atY: point.y, in: body) else { return nil }
        return i == state.list.selected ? .rowActivated : .list(.select(i))
    }
}
