import Foundation
import ClubhouseDomain
import Terminal

/// A league's history (`H` on a league): every season it was renewed through with its champion, standings and draft
/// (`1`), the all-time table of managers (`2`) and the head-to-head between two managers, chosen from that table (`3`).
public enum HistoryFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case history(LeagueID) }

    public enum Tab: Int, CaseIterable, Sendable { case seasons, allTime, headToHead }
    /// Which side of the head-to-head a key sets.
    public enum Side: Sendable { case a, b }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var history = Loadable<LeagueHistory>()
        public var tab: Tab = .seasons
        /// The season the Seasons tab shows (an index into `seasons`; nil: the newest).
        public var season: Int?
        /// The Seasons tab shows the season's draft instead of its standings.
        public var showsDraft = false
        /// The two managers the head-to-head compares (their identities; nil: the all-time table's first two).
        public var a: String?, b: String?
        public var list = ListState()
        public init(id: LeagueID) { self.id = id }

        var seasonIndex: Int? {
            guard let n = history.value?.seasons.count, n > 0 else { return nil }
            return min(max(season ?? n - 1, 0), n - 1)
        }
        var shownSeason: LeagueHistory.Season? { seasonIndex.flatMap { history.value?.seasons[$0] } }
        var sideA: String? { a ?? history.value?.allTime.first?.manager }
        var sideB: String? { b ?? history.value?.allTime.dropFirst().first?.manager }
        /// Rows of the tab's list.
        var rowCount: Int {
            switch tab {
            case .seasons: showsDraft ? (shownSeason?.draft.count ?? 0) : (shownSeason?.standings.count ?? 0)
            case .allTime, .headToHead: history.value?.allTime.count ?? 0
            }
        }
    }

    public enum Action: PageActionCases {
        case onAppear, retry, liveRefreshed
        case historyLoaded(RequestToken, Result<LeagueHistory, PresentableError>)
        case list(ListMove)
        case tabChosen(Tab)
        /// `h`/`l`: the season before or after.
        case seasonStepped(Int)
        /// `d`: the shown season's draft, or back to its standings.
        case draftToggled
        /// `a`/`b`: the selected manager becomes that side of the head-to-head.
        case sideSet(Side)
        /// Enter on a season's team: its roster in that season.
        case rowActivated
    }

    public static func live(_ state: State) -> Live<Action> { Live(refresh: .liveRefreshed) }
    public static func title(_ state: State) -> String { "History" }
    public static func page(_ state: State) -> Page { .history(state.id) }
    public static func board(_ state: State) -> BoardContext { .league(state.id, week: nil, highlight: nil) }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry, .liveRefreshed:
            let inPlace = if case .liveRefreshed = action { true } else { false }
            let api = context.env.api, id = state.id
            return state.history.load(inPlace: inPlace, id: EffectID.history(id), { try await api.history(id) }, answer: Action.historyLoaded)
        case .historyLoaded(let t, let r):
            state.history.finish(t, r, isEmpty: { $0.seasons.isEmpty })
            return .none
        case .list(let m):
            state.list.apply(m, count: state.rowCount, viewport: context.viewport); return .none
        case .tabChosen(let tab):
            guard tab != state.tab else { return .none }
            state.tab = tab
            state.list = ListState()
            return .none
        case .seasonStepped(let delta):
            guard let i = state.seasonIndex, let n = state.history.value?.seasons.count else { return .none }
            let next = min(max(i + delta, 0), n - 1)
            guard next != i else { return .none }
            state.season = next
            state.list = ListState()
            return .none
        case .draftToggled:
            state.showsDraft.toggle()
            state.list = ListState()
            return .none
        case .sideSet(let side):
            guard state.tab == .headToHead, let m = state.history.value?.allTime[safe: state.list.selected ?? -1]?.manager else { return .none }
            switch side { case .a: state.a = m; case .b: state.b = m }
            return .none
        case .rowActivated:
            guard state.tab == .seasons, let s = state.shownSeason, let i = state.list.selected else { return .none }
            let team = state.showsDraft ? s.draft[safe: i]?.member.team : s.standings[safe: i]?.member.team
            return team.map { .delegate(.open(.roster(s.league, team: $0))) } ?? .none
        }
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        let loaded = state.history.value != nil
        let onSeasons = state.tab == .seasons, onPair = state.tab == .headToHead
        let n = state.history.value?.seasons.count ?? 0, i = state.seasonIndex ?? 0
        // The footer leads with what this tab does, then the other tabs (at 60 columns it has room for little more).
        let tabs: [KeyBinding<Action>] = [
            KeyBinding([.char("1")], .tabChosen(.seasons), label: "seasons", group: "History", footer: !onSeasons),
            KeyBinding([.char("2")], .tabChosen(.allTime), label: "all-time", group: "History", footer: state.tab != .allTime),
            KeyBinding([.char("3")], .tabChosen(.headToHead), label: "head-to-head", group: "History", footer: !onPair),
        ]
        return Keymap([
            KeyBinding([.char("h"), .left], .seasonStepped(-1), label: "season", group: "History", footer: onSeasons, footerKeys: "h/l",
                       enabledWhen: onSeasons && i > 0, disabledReason: onSeasons ? "this is the first season" : "seasons are on 1"),
            KeyBinding([.char("l"), .right], .seasonStepped(1), label: "season after", group: "History",
                       enabledWhen: onSeasons && i < n - 1, disabledReason: onSeasons ? "this is the latest season" : "seasons are on 1"),
            KeyBinding([.char("d")], .draftToggled, label: state.showsDraft ? "standings" : "draft", group: "History", footer: onSeasons,
                       enabledWhen: onSeasons && loaded, disabledReason: "seasons are on 1"),
            KeyBinding([.char("a")], .sideSet(.a), label: "set A", group: "History", footer: onPair, enabledWhen: onPair && loaded,
                       disabledReason: "the head-to-head is on 3"),
            KeyBinding([.char("b")], .sideSet(.b), label: "set B", group: "History", footer: onPair, enabledWhen: onPair && loaded,
                       disabledReason: "the head-to-head is on 3"),
        ] + tabs + [
            KeyBinding([.enter], .rowActivated, label: "team roster", group: "History", footer: onSeasons,
                       enabledWhen: onSeasons && loaded, disabledReason: "rosters open from a season's standings (1)"),
        ] + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
    }

    // MARK: - Words

    /// "Bytes (ann)", a bot's "Team 3".
    static func name(_ m: LeagueHistory.Member) -> String { m.managerName.map { "\(m.teamName) (\($0))" } ?? m.teamName }

    /// "Champions: 2019 Bytes (ann) · 2020 running — no champion yet"; with no champion in any season, "No champion
    /// yet — 2019 is still running" (nil: no season yet).
    public static func championsLine(_ h: LeagueHistory) -> String? {
        guard !h.seasons.isEmpty else { return nil }
        if h.seasons.allSatisfy({ $0.champion == nil }) {
            let running = h.seasons.filter { !$0.isFinal }.map { String($0.season) }
            return "No champion yet" + (running.isEmpty ? "" : " — \(running.joined(separator: ", ")) \(running.count == 1 ? "is" : "are") still running")
        }
        let parts = h.seasons.map { s in s.champion.map { "\(s.season) \(name($0))" } ?? "\(s.season) \(s.isFinal ? "no champion" : "running — no champion yet")" }
        return "Champions: " + parts.joined(separator: " · ")
    }

    /// "2019 · final · 🏆 Bytes (ann), runner-up Bits (bob)", "2020 · in season · running — no champion yet".
    static func seasonLine(_ s: LeagueHistory.Season, index: Int, of count: Int) -> String {
        let arrows = (index > 0 ? "◂ " : "") + "\(s.season)" + (index < count - 1 ? " ▸" : "")
        guard let c = s.champion else { return arrows + " · " + (s.isFinal ? "final · no champion" : "\(Format.state(s.state).lowercased()) · running — no champion yet") }
        return arrows + " · final · 🏆 " + name(c) + (s.runnerUp.map { ", runner-up " + name($0) } ?? "")
    }

    /// The two managers' head-to-head in one line.
    static func pairLine(_ h: LeagueHistory, a: String?, b: String?, decimals: Int? = nil) -> String {
        guard let a, let b, let ra = h.allTime.first(where: { $0.manager == a }), let rb = h.allTime.first(where: { $0.manager == b }) else {
            return "Head-to-head needs two managers"
        }
        if a == b { return "A and B are both \(ra.label) — pick another with a or b" }
        guard let p = h.headToHead(a, b) else { return "\(ra.label) and \(rb.label) have never met" }
        return "\(ra.label) \(p.aWins)-\(p.bWins)-\(p.ties) vs \(rb.label) · points \(p.aPoints.shown(decimals))–\(p.bPoints.shown(decimals))"
    }

    // MARK: - View

    static let tabTitles = ["1 Seasons", "2 All-time", "3 Head-to-head"]

    /// Below the tab bar, the champions line and the tab's own line.
    static func body(_ area: Rect) -> Rect { Rect(x: area.x + 1, y: area.y + 3, width: max(0, area.width - 2), height: max(0, area.height - 3)) }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        Tabs(tabTitles, selected: state.tab.rawValue, style: context.style(.dim), highlightStyle: context.style(.selection))
            .render(in: Rect(x: area.x + 1, y: area.y, width: max(0, area.width - 2), height: 1), buffer: &buffer)
        let rest = Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, area.height - 1))
        guard let h = LoadView.render(state.history.load, what: "the league's history", empty: "This league has no seasons to show yet.",
                                      in: rest, buffer: &buffer, context: context) else { return }
        TextRow.put(championsLine(h) ?? "", in: area, row: 1, style: context.style(.accent).adding(.bold), buffer: &buffer)
        let body = body(area)
        switch state.tab {
        case .seasons:
            guard let s = state.shownSeason, let i = state.seasonIndex else { return }
            TextRow.put(seasonLine(s, index: i, of: h.seasons.count), in: area, row: 2, style: context.style(.title), buffer: &buffer)
            if state.showsDraft {
                if s.draft.isEmpty { TextRow.put("No picks in \(s.season) yet.", in: body, row: 0, style: context.style(.dim), indent: 0, buffer: &buffer); return }
                draftTable(state, s, context: context).render(in: body, buffer: &buffer)
            } else {
                standingsTable(state, s, context: context).render(in: body, buffer: &buffer)
            }
        case .allTime:
            let note = "All-time, \(h.seasons.count) season\(h.seasons.count == 1 ? "" : "s"): regular-season games final so far"
                + (h.privateSeasons.isEmpty ? "" : " · private: " + h.privateSeasons.map(String.init).joined(separator: ", "))
            TextRow.put(note, in: area, row: 2, style: context.style(.title), buffer: &buffer)
            allTimeTable(state, h, selected: state.list.selected, context: context).render(in: body, buffer: &buffer)
        case .headToHead:
            TextRow.put(pairLine(h, a: state.sideA, b: state.sideB, decimals: context.decimals), in: area, row: 2, style: context.style(.title), buffer: &buffer)
            let cols = body.columns([.percentage(40), .percentage(60)], spacing: 2)
            chooserTable(state, h, context: context).render(in: cols[0], buffer: &buffer)
            meetingsTable(h, a: state.sideA, b: state.sideB, context: context).render(in: cols[1], buffer: &buffer)
        }
    }

    static func standingsTable(_ state: State, _ s: LeagueHistory.Season, context: RenderContext) -> DataTable {
        let cols = [DataColumn("#", .length(2), .right), DataColumn("Team", .fill(2)), DataColumn("Manager", .fill(1)),
                    DataColumn("W-L-T", .length(8), .right), DataColumn("PF", .length(7), .right), DataColumn("PA", .length(7), .right)]
        let rows = s.standings.map { r in
            ["\(r.rank)", (r.member.team == s.champion?.team ? "🏆" : "") + r.member.teamName, r.member.managerName ?? "bot", r.record,
             r.pointsFor.shown(context.decimals), r.pointsAgainst.shown(context.decimals)]
        }
        let roles: [[StyleRole?]] = s.standings.map { r in [.dim, r.member.team == s.champion?.team ? .positive : nil, .dim, nil, nil, .dim] }
        return DataTable(columns: cols, rows: rows, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    static func draftTable(_ state: State, _ s: LeagueHistory.Season, context: RenderContext) -> DataTable {
        let auction = s.draft.contains { $0.price != nil }
        let cols = [DataColumn("Rd", .length(3), .right), DataColumn("Pick", .length(4), .right), DataColumn("Team", .fill(1)),
                    DataColumn("Player", .fill(2)), DataColumn("Pos", .length(3))] + (auction ? [DataColumn("$", .length(4), .right)] : [])
        let rows = s.draft.map { p in
            ["\(p.round)", "\(p.pick)", p.member.teamName, p.player.name, p.player.position.rawValue] + (auction ? [p.price.map { "$\($0)" } ?? ""] : [])
        }
        return DataTable(columns: cols, rows: rows, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    static func allTimeTable(_ state: State, _ h: LeagueHistory, selected: Int?, context: RenderContext) -> DataTable {
        let cols = [DataColumn("Manager", .fill(1)), DataColumn("Team", .fill(1)), DataColumn("Yrs", .length(3), .right),
                    DataColumn("Titles", .length(6), .right), DataColumn("W-L-T", .length(8), .right), DataColumn("PF", .length(8), .right),
                    DataColumn("PA", .length(8), .right)]
        let rows = h.allTime.map { r in
            [r.managerName ?? "bot", r.teamName, "\(r.seasons)", r.titles.isEmpty ? "–" : "\(r.titles.count)", r.record, r.pointsFor.shown(context.decimals),
             r.pointsAgainst.shown(context.decimals)]
        }
        let roles: [[StyleRole?]] = h.allTime.map { r in [nil, .dim, .dim, r.titles.isEmpty ? .dim : .positive, nil, nil, .dim] }
        return DataTable(columns: cols, rows: rows, roles: roles, selected: selected, offset: state.list.offset, context: context)
    }

    /// The managers to choose from, each marked A or B when chosen.
    static func chooserTable(_ state: State, _ h: LeagueHistory, context: RenderContext) -> DataTable {
        let cols = [DataColumn("", .length(1)), DataColumn("Manager", .fill(1)), DataColumn("Titles", .length(6), .right)]
        let rows = h.allTime.map { r in
            [r.manager == state.sideA ? "A" : r.manager == state.sideB ? "B" : "", r.label, r.titles.isEmpty ? "–" : "\(r.titles.count)"]
        }
        let roles: [[StyleRole?]] = h.allTime.map { _ in [.accent, nil, .dim] }
        return DataTable(columns: cols, rows: rows, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    /// The games between A and B, newest first, A's points first.
    static func meetingsTable(_ h: LeagueHistory, a: String?, b: String?, context: RenderContext) -> DataTable {
        let games = (a.flatMap { a in b.flatMap { h.headToHead(a, $0) } }?.games ?? []).reversed()
        let cols = [DataColumn("Year", .length(4)), DataColumn("Wk", .length(2), .right), DataColumn("A", .length(5), .right),
                    DataColumn("B", .length(5), .right), DataColumn("Won", .length(3)), DataColumn("", .fill(1))]
        let rows = games.map { g in
            ["\(g.season)", "\(g.week)", g.aPoints.shown(context.decimals), g.bPoints.shown(context.decimals), g.aPoints > g.bPoints ? "A" : g.bPoints > g.aPoints ? "B" : "tie",
             g.isPlayoff ? "playoff" : ""]
        }
        return DataTable(columns: cols, rows: Array(rows), context: context)
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        guard let h = state.history.value else { return nil }
        let body = body(area)
        let table: DataTable, rect: Rect
        switch state.tab {
        case .seasons:
            guard let s = state.shownSeason else { return nil }
            table = state.showsDraft ? draftTable(state, s, context: context) : standingsTable(state, s, context: context); rect = body
        case .allTime: table = allTimeTable(state, h, selected: state.list.selected, context: context); rect = body
        case .headToHead: table = chooserTable(state, h, context: context); rect = body.columns([.percentage(40), .percentage(60)], spacing: 2)[0]
        }
        guard let i = table.row(atY: point.y, in: rect) else { return nil }
        return clicked(row: i, in: state.list, activate: .rowActivated)
    }
}

extension HistoryFeature.State: LoadingReporting {
    public var isLoading: Bool { history.isLoading }
}
