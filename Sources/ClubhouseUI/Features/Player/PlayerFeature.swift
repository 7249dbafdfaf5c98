import Foundation
import ClubhouseDomain
import Terminal

/// A player: team, position, bye, weekly game log under the league's scoring, season total, 2018 points,
/// and the team that rosters him.
public enum PlayerFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case player(PlayerID) }

    public struct State: Equatable, Sendable {
        public var id: PlayerID
        public var league: LeagueID?
        public var detail = Loadable<PlayerDetail>()
        public var list = ListState()
        public init(id: PlayerID, league: LeagueID?) { self.id = id; self.league = league }
    }

    public enum Action: PageActionCases {
        case onAppear, retry
        case playerLoaded(RequestToken, Result<PlayerDetail, PresentableError>)
        case list(ListMove)
        case rosteringTeamOpened
    }

    public static func title(_ state: State) -> String { state.detail.value?.player.name ?? "Player" }
    public static func page(_ state: State) -> Page { .player(state.id, league: state.league) }
    public static func board(_ state: State) -> BoardContext {
        guard let league = state.league else { return .featured }
        return .league(league, week: nil, highlight: state.detail.value?.rosteredBy.map { .team($0.id) })
    }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry:
            let t = state.detail.begin(), api = context.env.api, id = state.id, league = state.league
            return .load(t, id: EffectID.player(id), { try await api.player(id, league: league) }, answer: Action.playerLoaded)
        case .playerLoaded(let t, let r):
            state.detail.finish(t, r); return .none
        case .list(let m):
            state.list.apply(m, count: state.detail.value?.gameLog.count ?? 0, viewport: context.viewport); return .none
        case .rosteringTeamOpened:
            guard let league = state.league, let team = state.detail.value?.rosteredBy else { return .none }
            return .delegate(.open(.roster(league, team: team.id)))
        }
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        let rostered = state.league != nil && state.detail.value?.rosteredBy != nil
        return Keymap([
            KeyBinding([.char("t"), .enter], .rosteringTeamOpened, label: "his fantasy team", group: "Player", footer: true,
                       enabledWhen: rostered, disabledReason: state.league == nil ? "open him from a league to see who rosters him" : "nobody rosters him"),
        ] + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
    }

    static let headerRows = 3

    static func table(_ state: State, _ d: PlayerDetail, context: RenderContext) -> DataTable {
        let cols = [DataColumn("Wk", .length(3), .right), DataColumn("Opp", .length(7)), DataColumn("Stat line", .fill(1)), DataColumn("Pts", .length(6), .right)]
        let rows = d.gameLog.map { g in ["\(g.week)", (g.isHome ? "vs " : "@ ") + g.opponent, g.statLine, g.points.shown(context.decimals)] }
        let roles: [[StyleRole?]] = d.gameLog.map { g in [.dim, .dim, nil, g.points.hundredths >= 2000 ? .positive : g.points.hundredths < 500 ? .negative : nil] }
        return DataTable(columns: cols, rows: rows, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let d = LoadView.render(state.detail.load, what: "the player", empty: "No data for this player.",
                                      in: area, buffer: &buffer, context: context) else { return }
        let p = d.player
        var head = "\(p.name) · \(p.position.rawValue) · \(d.nflTeamName) (\(p.nflTeam))"
        if let bye = p.byeWeek { head += " · bye \(bye)" }
        if p.injury != .healthy { head += " · \(p.injury.tag)" }
        TextRow.put(head, in: area, row: 0, style: context.style(.title), buffer: &buffer)
        var pairs: [(String, String)] = [("Season", "\(d.seasonPoints.shown(context.decimals)) pts (\(d.scoring.rawValue))"),
                                         (d.season.map { String($0 - 1) } ?? "Last season", d.priorSeasonPoints.map { "\($0.oneDecimal) pts" } ?? "—")]
        if let report = d.injuryReport { pairs.insert(("Injury", report), at: 0) }
        if state.league != nil {
            pairs.append(("Rostered by", d.rosteredBy.map { "\($0.name) (\(Format.manager($0)))" } ?? "nobody — free agent"))
        }
        TextRow.pairs(pairs, in: area, row: 1, context: context, buffer: &buffer)
        let body = Rect(x: area.x + 1, y: area.y + headerRows, width: area.width - 2, height: max(0, area.height - headerRows))
        if d.gameLog.isEmpty {
            TextRow.put("No games final yet on this league's clock.", in: body, row: 0, style: context.style(.dim), indent: 0, buffer: &buffer)
            return
        }
        TextRow.put("Game log", in: area, row: 2, style: context.style(.header), buffer: &buffer)
        table(state, d, context: context).render(in: body, buffer: &buffer)
    }
}

extension PlayerFeature.State: LoadingReporting {
    public var isLoading: Bool { detail.isLoading }
}
