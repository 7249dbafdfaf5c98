import Foundation
import ClubhouseDomain
import Terminal

/// The draft room, read-only while signed out: status, who is on the clock, recent picks (newest first).
/// The board shows the grid.
public enum DraftRoomFeature: PageFeature {
    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var room = Loadable<DraftBoard>()
        public var list = ListState()
        public init(id: LeagueID) { self.id = id }
        /// Picks newest first.
        public var recent: [DraftPickView] { (room.value?.picks ?? []).sorted { $0.pick.number > $1.pick.number } }
    }

    public enum Action: Sendable {
        case onAppear, retry
        /// The league changed (a pick was made): reload, keeping the room on screen.
        case liveRefreshed
        case roomLoaded(RequestToken, Result<DraftBoard, PresentableError>)
        case list(ListMove)
        case rowActivated
        case delegate(PageDelegate)
    }

    public static var onAppear: Action { .onAppear }
    public static var liveRefresh: Action? { .liveRefreshed }
    public static func list(_ move: ListMove) -> Action { .list(move) }
    public static func delegate(of action: Action) -> PageDelegate? { if case .delegate(let d) = action { d } else { nil } }
    public static func title(_ state: State) -> String { "Draft room" }
    public static func page(_ state: State) -> Page { .draftRoom(state.id) }
    public static func board(_ state: State) -> BoardContext { .draft(state.id) }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry:
            let t = state.room.begin(), api = context.env.api, id = state.id
            return .load(t, id: "draftRoom.\(id)", { try await api.draftBoard(id) }, answer: Action.roomLoaded)
        case .liveRefreshed:
            let t = state.room.beginRefresh(), api = context.env.api, id = state.id
            return .load(t, id: "draftRoom.\(id)", { try await api.draftBoard(id) }, answer: Action.roomLoaded)
        case .roomLoaded(let t, let r):
            state.room.finish(t, r); return .none
        case .list(let m):
            state.list.apply(m, count: state.recent.count, viewport: context.viewport); return .none
        case .rowActivated:
            guard let p = state.recent[safe: state.list.selected ?? -1] else { return .none }
            return .send(.delegate(.open(.player(p.player.id, league: state.id))))
        case .delegate: return .none
        }
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        Keymap([KeyBinding([.enter], .rowActivated, label: "open player", group: "Draft room", footer: true,
                           enabledWhen: !state.recent.isEmpty, disabledReason: "no picks yet")]
               + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
    }

    static func status(_ room: DraftBoard, now: Date) -> String {
        let d = room.draft
        var s = "\(d.type.rawValue) draft · \(d.rounds) rounds · "
        switch d.status {
        case .scheduled: s += "scheduled" + (d.scheduledAt.map { " for \(Format.day($0)) (\(Format.relative($0, now: now)))" } ?? "")
        case .running: s += "running"
        case .paused: s += "paused"
        case .complete: s += "complete"
        }
        if !d.isComplete, d.status != .scheduled {
            let n = max(1, d.order.count)
            let round = (d.currentPick - 1) / n + 1
            s += " · pick \(d.currentPick) (round \(round))"
            if let team = onTheClock(room) { s += " · on the clock: \(team.name)" }
        }
        return s
    }

    /// The team whose pick is on the clock.
    static func onTheClock(_ room: DraftBoard) -> TeamSummary? {
        let n = room.teams.count
        guard n > 0, !room.draft.isComplete else { return nil }
        let round = (room.draft.currentPick - 1) / n + 1, index = (room.draft.currentPick - 1) % n
        let reversed: Bool
        switch room.draft.type {
        case .linear: reversed = false
        case .snake: reversed = round % 2 == 0
        case .thirdRoundReversal: reversed = round == 2 || (round >= 3 && round % 2 == 1)
        }
        return room.teams[reversed ? n - 1 - index : index]
    }

    static func table(_ state: State, _ room: DraftBoard, context: RenderContext) -> DataTable {
        let names = Dictionary(room.teams.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let rows = state.recent.map { p in
            ["#\(p.pick.number)", "R\(p.pick.round)", names[p.pick.teamID] ?? "—", p.player.name, p.player.position.rawValue, p.player.nflTeam,
             p.pick.source == .manager ? "" : p.pick.source.rawValue]
        }
        let cols = [DataColumn("Pick", .length(4), .right), DataColumn("Rd", .length(3)), DataColumn("Team", .fill(1)), DataColumn("Player", .fill(2)),
                    DataColumn("Pos", .length(3)), DataColumn("NFL", .length(3)), DataColumn("", .length(10))]
        return DataTable(columns: cols, rows: rows, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let room = LoadView.render(state.room.load, what: "the draft room", empty: "No draft room for this league.",
                                         in: area, buffer: &buffer, context: context) else { return }
        TextRow.put(status(room, now: context.now), in: area, row: 0, style: context.style(room.draft.status == .running ? .warning : .text), buffer: &buffer)
        let body = Rect(x: area.x + 1, y: area.y + 1, width: area.width - 2, height: max(0, area.height - 1))
        if room.picks.isEmpty {
            TextRow.put("No picks yet — the grid above fills in as teams pick. Sign in to draft.", in: body, row: 0, style: context.style(.dim), indent: 0, buffer: &buffer)
            return
        }
        table(state, room, context: context).render(in: body, buffer: &buffer)
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        let body = Rect(x: area.x + 1, y: area.y + 1, width: area.width - 2, height: max(0, area.height - 1))
        guard let room = state.room.value, let i = table(state, room, context: context).row(atY: point.y, in: body) else { return nil }
        return i == state.list.selected ? .rowActivated : .list(.select(i))
    }
}
