import Foundation
import ClubhouseDomain
import Terminal

/// Free agents and players on waivers: sortable (o), position filter (p or 0–6), name filter (/).
public enum FreeAgentsFeature: PageFeature {
    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var position: Position?
        public var sort: PlayerSort = .seasonPoints
        public var players = Loadable<[AvailablePlayer]>()
        public var filter = FilterField()
        public var list = ListState()
        public init(id: LeagueID) { self.id = id }

        public var visible: [AvailablePlayer] {
            guard let all = players.value else { return [] }
            let q = filter.text.lowercased()
            return q.isEmpty ? all : all.filter { $0.player.name.lowercased().contains(q) }
        }
    }

    public enum Action: Sendable {
        case onAppear, retry
        case playersLoaded(RequestToken, Result<[AvailablePlayer], PresentableError>)
        case sortCycled
        case positionCycled
        case positionChosen(Position?)
        case filter(FilterField.Edit)
        case list(ListMove)
        case rowActivated
        /// `a`: add the selected free agent, or claim a player on waivers (signed out: through Sign in first).
        case addRequested
        case delegate(PageDelegate)
    }

    public static var onAppear: Action { .onAppear }
    public static func list(_ move: ListMove) -> Action { .list(move) }
    public static func delegate(of action: Action) -> PageDelegate? { if case .delegate(let d) = action { d } else { nil } }
    public static func title(_ state: State) -> String { "Free agents" }
    public static func page(_ state: State) -> Page { .freeAgents(state.id) }
    public static func board(_ state: State) -> BoardContext { .league(state.id, week: nil, highlight: nil) }
    public static func isFilterActive(_ state: State) -> Bool { state.filter.isActive }
    public static func isEditingText(_ state: State) -> Bool { state.filter.editing }
    public static var clearFilter: Action? { .filter(.clear) }
    public static func typed(_ key: Key) -> Action? { FilterField.edit(for: key).map(Action.filter) }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry:
            return load(&state, context)
        case .playersLoaded(let t, let r):
            if state.players.finish(t, r, isEmpty: \.isEmpty) { state.list = ListState() }
            return .none
        case .sortCycled:
            let all = PlayerSort.allCases
            state.sort = all[(all.firstIndex(of: state.sort)! + 1) % all.count]
            return load(&state, context)
        case .positionCycled:
            let order: [Position?] = [nil] + Position.allCases
            state.position = order[((order.firstIndex(of: state.position) ?? 0) + 1) % order.count]
            return load(&state, context)
        case .positionChosen(let p):
            guard p != state.position else { return .none }
            state.position = p
            return load(&state, context)
        case .filter(let edit):
            state.filter.apply(edit)
            if edit != .begin && edit != .commit { state.list = ListState() }
            return .none
        case .list(let m):
            state.list.apply(m, count: state.visible.count, viewport: context.viewport); return .none
        case .rowActivated:
            guard let p = state.visible[safe: state.list.selected ?? -1] else { return .none }
            return .send(.delegate(.open(.player(p.player.id, league: state.id))))
        case .addRequested:
            guard let p = state.visible[safe: state.list.selected ?? -1] else { return .none }
            switch p.availability {
            case .freeAgent:
                return .send(.delegate(.perform(.addFreeAgent(league: state.id, team: GatedWrite.myTeam, player: p.player.id, dropping: nil))))
            case .onWaivers:
                return .send(.delegate(.perform(.placeClaim(league: state.id, team: GatedWrite.myTeam, player: p.player.id, dropping: nil, bid: 0))))
            }
        case .delegate: return .none
        }
    }

    /// A new sort or position supersedes the request in flight.
    static func load(_ state: inout State, _ context: PageContext) -> Effect<Action> {
        let t = state.players.begin(), api = context.env.api, id = state.id, pos = state.position, sort = state.sort
        return .load(t, id: "freeAgents.\(id)", { try await api.availablePlayers(id, position: pos, sort: sort) }, answer: Action.playersLoaded)
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        var b: [KeyBinding<Action>] = [
            KeyBinding([.enter], .rowActivated, label: "open player", group: "Free agents", footer: true,
                       enabledWhen: !state.visible.isEmpty, disabledReason: "no player selected"),
            KeyBinding([.char("a")], .addRequested, label: addLabel(state), group: "Free agents", footer: true,
                       enabledWhen: state.visible[safe: state.list.selected ?? -1] != nil, disabledReason: "no player selected"),
            KeyBinding([.char("o")], .sortCycled, label: "sort", group: "Free agents", footer: true),
            KeyBinding([.char("p")], .positionCycled, label: "position", group: "Free agents", footer: true),
            KeyBinding([.char("/")], .filter(.begin), label: "filter by name", group: "Free agents", footer: true),
            KeyBinding([.char("0")], .positionChosen(nil), label: "all positions", group: "Positions"),
        ]
        for (i, p) in Position.allCases.enumerated() {
            b.append(KeyBinding([.char(Character("\(i + 1)"))], .positionChosen(p), label: "only \(p.rawValue)", group: "Positions"))
        }
        return Keymap(b + ListKeys.bindings(Action.list, footer: false) + [PageKeys.retry(.retry)])
    }

    /// "add" for a free agent, "claim" for a player on waivers.
    static func addLabel(_ state: State) -> String {
        guard let p = state.visible[safe: state.list.selected ?? -1], case .onWaivers = p.availability else { return "add player" }
        return "claim player"
    }

    static func table(_ state: State, width: Int, context: RenderContext) -> DataTable {
        let rows = state.visible
        let wide = width >= 100
        var cols = [DataColumn("Player", .fill(2)), DataColumn("Pos", .length(3)), DataColumn("NFL", .length(3)), DataColumn("Bye", .length(3), .right),
                    DataColumn("Inj", .length(3)), DataColumn("Status", .length(wide ? 16 : 8))]
        cols += [DataColumn("Season", .length(6), .right), DataColumn("Last", .length(5), .right), DataColumn("2018", .length(6), .right)]
        let cells = rows.map { a -> [String] in
            let status: String
            switch a.availability {
            case .freeAgent: status = "FA"
            case .onWaivers(let until): status = wide ? "waivers → \(Format.day(until))" : "W \(Format.day(until).suffix(6))"
            }
            return [a.player.name, a.player.position.rawValue, a.player.nflTeam, a.player.byeWeek.map(String.init) ?? "–", Format.injury(a.player.injury),
                    status, a.seasonPoints.oneDecimal, a.lastWeekPoints.oneDecimal, a.priorSeasonPoints.oneDecimal]
        }
        let roles: [[StyleRole?]] = rows.map { a in
            var sortCol: Int { switch state.sort { case .seasonPoints: 6; case .lastWeek: 7; case .priorSeason: 8; case .name: 0 } }
            var r: [StyleRole?] = [nil, .dim, .dim, .dim, a.player.injury == .healthy ? nil : .negative, a.availability == .freeAgent ? .positive : .warning, .dim, .dim, .dim]
            r[sortCol] = .accent
            return r
        }
        return DataTable(columns: cols, rows: cells, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        var pairs: [(String, String)] = [("Position", state.position?.rawValue ?? "all"), ("Sort", Format.sort(state.sort))]
        if state.filter.isActive { pairs.append(("Name", state.filter.display)) }
        TextRow.pairs(pairs, in: area, row: 0, context: context, buffer: &buffer)
        let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, area.height - 1))
        let what = state.position.map { "available \($0.rawValue)s" } ?? "available players"
        guard LoadView.render(state.players.load, what: what, empty: "No \(what) — every one is rostered. 0 shows all positions.",
                              in: body, buffer: &buffer, context: context) != nil else { return }
        if state.visible.isEmpty {
            TextRow.put("No player matches “\(state.filter.text)” — esc clears the filter.", in: body, row: 0, style: context.style(.dim), buffer: &buffer)
            return
        }
        table(state, width: body.width - 2, context: context).render(in: body.inset(horizontal: 1), buffer: &buffer)
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        let body = Rect(x: area.x + 1, y: area.y + 1, width: area.width - 2, height: max(0, area.height - 1))
        guard let i = table(state, width: body.width, context: context).row(atY: point.y, in: body) else { return nil }
        return i == state.list.selected ? .rowActivated : .list(.select(i))
    }
}
