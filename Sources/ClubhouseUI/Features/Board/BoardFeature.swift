import Foundation
import ClubhouseDomain
import Terminal

/// The persistent pane above the sheet. It never unloads: it keeps what it loaded and follows the page
/// on top (featured leagues at Home, standings + a week's scoreboard in a league, the draft grid in a
/// draft room) and highlights that page's item.
public enum BoardFeature: Reducer {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case refresh, events, league, standings, scoreboard, draft, chart, featured, history, activity }

    public struct State: Equatable, Sendable {
        public var context: BoardContext = .featured
        public var featured = Loadable<[LeagueSummary]>()
        public var leagueID: LeagueID?
        public var league = Loadable<LeagueDetail>()
        public var standings = Loadable<[StandingsEntry]>()
        public var scoreboard = Loadable<Scoreboard>()
        /// The week the scoreboard was asked for (nil: current).
        public var requestedWeek: Int?
        public var draftLeague: LeagueID?
        public var draft = Loadable<DraftBoard>()
        /// The matchup the page on top shows, for the score-over-time chart in a live week (nil: none asked).
        public var chartMatchup: ChartKey?
        public var chart = Loadable<MatchupDetail>()
        /// "Champions: 2019 Bytes (ann)": the final seasons of the league's renewal chain, read once the league says it has
        /// any (`LeagueFeature.hasHistory`); nil otherwise.
        public var champions: String?
        /// The league `champions` was read for: another league's row never shows while this one's loads.
        public var championsOf: LeagueID?
        /// The league strip's newest activity line ("Pick 25: Bits took …"), and the league it was read for (the
        /// activity feed's newest line, read with the league; `BoardFeature+Activity.swift`).
        public var newestActivity: String?
        public var newestActivityOf: LeagueID?
        /// The board's own selection when it has focus.
        public var selection = ListState(selected: nil)
        /// The league whose live events the board follows, and the last event seen.
        public var following: LeagueID?
        public var lastEventID: Int64?
        /// The kinds of the followed league's events since the last refresh, and those the last refresh answered (the
        /// page on top reloads only what they change).
        public var pendingKinds: Set<LeagueEvent.Kind> = []
        public var refreshKinds: Set<LeagueEvent.Kind> = []
        /// A live refresh of the draft grid is loading; `liveRefreshQueued`: events came meanwhile, refresh once more after it.
        public var liveRefreshInFlight = false
        public var liveRefreshQueued = false
        /// What the board holds but doesn't show (the grid under a league page, standings under a draft room, either under
        /// Sign in) and may have changed since: a followed event named its league, or its league stopped being followed.
        /// It reloads in place when it shows again (`sync`).
        public var missed: Set<Held> = []
        public init() {}

        public var highlight: BoardHighlight? {
            if case .league(_, _, let h) = context { h } else { nil }
        }

        /// The week the top bar shows: the league's current week on its clock (not the scoreboard's, which may be a
        /// week the person looks back at, or one loaded before the clock moved on).
        public var week: Int? { league.value?.currentWeek ?? scoreboard.value?.week }
    }

    /// The two kinds of league data the board keeps across contexts.
    public enum Held: Hashable, Sendable { case league, draft }

    /// Which matchup the chart shows.
    public struct ChartKey: Hashable, Sendable { public var league: LeagueID; public var week: Int; public var team: TeamID }

    public enum Action: Sendable {
        case chartLoaded(RequestToken, Result<MatchupDetail, PresentableError>)
        case contextChanged(BoardContext)
        case featuredLoaded(RequestToken, Result<[LeagueSummary], PresentableError>)
        case leagueLoaded(RequestToken, Result<LeagueDetail, PresentableError>)
        case historyLoaded(LeagueID, Result<LeagueHistory, PresentableError>)
        case activityLoaded(LeagueID, Result<ActivityFeed, PresentableError>)
        case standingsLoaded(RequestToken, Result<[StandingsEntry], PresentableError>)
        case scoreboardLoaded(RequestToken, Result<Scoreboard, PresentableError>)
        case draftLoaded(RequestToken, Result<DraftBoard, PresentableError>)
        case list(ListMove)
        case activated
        case retry
        /// Something happened in the followed league (a pick, a lineup change, a finalized week).
        case eventReceived(LeagueEvent)
        /// A burst of events has settled: refresh what the board shows, keeping it on screen meanwhile.
        case refreshDue
        /// Who is signed in changed: the followed league's events are watched again as this person may see them,
        /// from the last one seen.
        case watcherChanged
    }

    /// How long the board waits for a burst of events (e.g. a replay of the log) to settle. Draft events in
    /// a draft room skip it (a pick shows within 100 ms: README.md, “Performance”); see `isLive`.
    public static let refreshDebounce: Duration = .milliseconds(250)

    /// Whether `event` refreshes the board at once: a pick, pause, undo or chat — or an auction's nomination, bid or
    /// sale — while the board shows that league's draft. A burst is still coalesced: one refresh loads at a time, and events that come while
    /// it loads ask for one more when it lands (`liveRefreshInFlight` / `liveRefreshQueued`).
    static func isLive(_ event: LeagueEvent, _ state: State) -> Bool {
        guard case .draft(let id) = state.context, id == event.leagueID else { return false }
        return event.kind.rawValue.hasPrefix("draft.") || event.kind.rawValue.hasPrefix("auction.")
    }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        let api = context.env.api
        switch action {
        case .contextChanged(let new):
            let old = state.context
            state.context = new
            if kind(old) != kind(new) { state.selection = ListState(selected: nil) }
            state.liveRefreshInFlight = false; state.liveRefreshQueued = false
            // Follow first: switching leagues marks what was held for the old one as missed, and `sync` then reloads what shows.
            let following = follow(&state, api: api)
            return .merge(sync(&state, api: api, force: false), following)
        case .eventReceived(let event):
            guard event.leagueID == state.following else { return .none }
            state.lastEventID = event.id
            state.pendingKinds.insert(event.kind)
            // Whatever the board holds for this league may change; what shows refreshes below, the rest when it shows again.
            if state.draftLeague == event.leagueID { state.missed.insert(.draft) }
            if state.leagueID == event.leagueID { state.missed.insert(.league) }
            let bell = tradeBell(event, state, context: context)
            if isLive(event, state) {
                if state.liveRefreshInFlight { state.liveRefreshQueued = true; return bell }
                return .merge(bell, .cancel(id: EffectID.refresh), .send(.refreshDue))
            }
            let sleep = context.env.sleep
            return .merge(bell, .run(id: EffectID.refresh) { try? await sleep(refreshDebounce); return .refreshDue })
        case .watcherChanged:
            guard let id = state.following else { return .none }
            return watch(id, after: state.lastEventID, api: api)
        case .refreshDue:
            state.refreshKinds = state.pendingKinds
            state.pendingKinds = []
            if case .draft = state.context { state.liveRefreshInFlight = true; state.liveRefreshQueued = false }
            return refresh(&state, api: api)
        case .retry:
            return sync(&state, api: api, force: true)
        case .chartLoaded(let t, let r):
            state.chart.finish(t, r); return .none
        case .featuredLoaded(let t, let r):
            state.featured.finish(t, r, isEmpty: \.isEmpty); return .none
        case .leagueLoaded(let t, let r):
            state.league.finish(t, r)
            guard case .success(let d) = r, d.league.id == state.leagueID else { return .none }
            let id = d.league.id
            let activity = newestActivityLoad(id, api: api)
            if state.championsOf != id { state.champions = nil; state.championsOf = nil }
            guard LeagueFeature.hasHistory(d) else { state.champions = nil; return activity }
            return .merge(activity, .run(id: EffectID.history) {
                do { return .historyLoaded(id, .success(try await api.history(id))) } catch { return .historyLoaded(id, .failure(PresentableError(error))) }
            })
        case .activityLoaded(let id, let r):
            activityLoaded(&state, id, r)
            return .none
        case .historyLoaded(let id, let r):
            guard id == state.leagueID else { return .none }
            // The row is a nicety: a failed read leaves it as it was.
            if case .success(let h) = r { state.champions = championsRow(h); state.championsOf = id }
            return .none
        case .standingsLoaded(let t, let r):
            state.standings.finish(t, r, isEmpty: \.isEmpty); return .none
        case .scoreboardLoaded(let t, let r):
            state.scoreboard.finish(t, r, isEmpty: { $0.matchups.isEmpty }); return .none
        case .draftLoaded(let t, let r):
            state.draft.finish(t, r)
            guard state.liveRefreshInFlight else { return .none }
            state.liveRefreshInFlight = false
            guard state.liveRefreshQueued else { return .none }
            return .send(.refreshDue)
        case .list(let move):
            state.selection.apply(move, count: items(state).count, viewport: context.viewport)
            return .none
        case .activated:
            guard let i = state.selection.selected, let page = items(state)[safe: i] else { return .none }
            return .delegate(.open(page))
        }
    }

    /// Rings the terminal bell for a trade event that asks for me (`TradeBell`), unless Settings turned the trade bell off.
    static func tradeBell(_ event: LeagueEvent, _ state: State, context: PageContext) -> Effect<Action> {
        guard let d = state.league.value, d.league.id == event.leagueID,
              TradeBell.rings(for: event, myTeam: d.capabilities.myTeam, review: d.league.settings.tradeReview) else { return .none }
        let bell = context.env.bell, settings = context.env.settings
        return .run {
            if ((try? settings.load()) ?? nil)?.tradeBell ?? true { bell() }
            return nil
        }
    }

    /// Follows the live events of the context's league: one stream, open for as long as the board follows that league
    /// (a new league replaces it; the transport reconnects it).
    static func follow(_ state: inout State, api: any LeagueAPI) -> Effect<Action> {
        guard let id = state.context.leagueID else { return .none }
        guard id != state.following else { return .none }
        // Nothing held was followed until now (or it belongs to the league we stop following).
        if state.draftLeague != nil { state.missed.insert(.draft) }
        if state.leagueID != nil { state.missed.insert(.league) }
        state.following = id
        state.lastEventID = nil
        return watch(id, after: nil, api: api)
    }

    /// The one long-lived effect that watches league `id`'s events (after `after`; only new ones when nil) and sends
    /// each as `eventReceived`, until the stream ends or the board watches something else.
    static func watch(_ id: LeagueID, after: Int64?, api: any LeagueAPI) -> Effect<Action> {
        .run(id: EffectID.events) { send in
            for await event in api.events(league: id, after: after) { send(.eventReceived(event)) }
        }
    }

    /// Reloads what the board shows without spinners (live updates).
    static func refresh(_ state: inout State, api: any LeagueAPI) -> Effect<Action> {
        switch state.context {
        case .featured: return .none
        case .league(let id, _, _):
            state.missed.remove(.league)
            // The week asked for, or (nil) the current one: a scoreboard that follows the clock moves on with it.
            let week = state.requestedWeek
            let t1 = state.league.beginRefresh(), t2 = state.standings.beginRefresh(), t3 = state.scoreboard.beginRefresh()
            return .merge(chartLoad(&state, api: api, refresh: true),
                .load(t1, id: EffectID.league, { try await api.league(id) }, answer: Action.leagueLoaded),
                .load(t2, id: EffectID.standings, { try await api.standings(id) }, answer: Action.standingsLoaded),
                .load(t3, id: EffectID.scoreboard, { try await api.scoreboard(id, week: week) }, answer: Action.scoreboardLoaded))
        case .draft(let id):
            state.missed.remove(.draft)
            let t = state.draft.beginRefresh()
            return .load(t, id: EffectID.draft, { try await api.draftBoard(id) }, answer: Action.draftLoaded)
        }
    }

    /// Loads the matchup the page on top shows (the chart draws it only in a live week).
    static func chartLoad(_ state: inout State, api: any LeagueAPI, refresh: Bool) -> Effect<Action> {
        guard case .league(let id, let week?, .matchup(let team)?) = state.context else {
            state.chartMatchup = nil; return .none
        }
        let key = ChartKey(league: id, week: week, team: team)
        guard refresh || key != state.chartMatchup else { return .none }
        let t = refresh && key == state.chartMatchup ? state.chart.beginRefresh() : state.chart.begin()
        state.chartMatchup = key
        return .load(t, id: EffectID.chart, { try await api.matchup(id, week: week, team: team) }, answer: Action.chartLoaded)
    }

    static func kind(_ c: BoardContext) -> Int {
        switch c { case .featured: 0; case .league: 1; case .draft: 2 }
    }

    /// Starts the loads the current context needs (only what changed, unless `force`).
    static func sync(_ state: inout State, api: any LeagueAPI, force: Bool) -> Effect<Action> {
        switch state.context {
        case .featured:
            guard force || state.featured.isIdle || state.featured.error != nil else { return .none }
            let t = state.featured.begin()
            return .load(t, id: EffectID.featured, { try await api.publicLeagues(filter: LeagueFilter()) }, answer: Action.featuredLoaded)
        case .league(let id, let week, _):
            var effects: [Effect<Action>] = []
            if !force, state.leagueID == id, state.missed.contains(.league), week == nil || week == state.scoreboard.value?.week {
                // Back on a league whose standings and scoreboard changed while hidden: reload them in place.
                effects.append(refresh(&state, api: api))
            } else if force || state.leagueID != id || state.missed.contains(.league) {
                state.missed.remove(.league)
                state.leagueID = id
                let t1 = state.league.begin(), t2 = state.standings.begin()
                effects.append(.load(t1, id: EffectID.league, { try await api.league(id) }, answer: Action.leagueLoaded))
                effects.append(.load(t2, id: EffectID.standings, { try await api.standings(id) }, answer: Action.standingsLoaded))
                state.requestedWeek = week
                let t3 = state.scoreboard.begin()
                effects.append(.load(t3, id: EffectID.scoreboard, { try await api.scoreboard(id, week: week) }, answer: Action.scoreboardLoaded))
            } else if let week, week != state.requestedWeek, week != state.scoreboard.value?.week || state.scoreboard.isLoading {
                state.requestedWeek = week
                let t3 = state.scoreboard.begin()
                effects.append(.load(t3, id: EffectID.scoreboard, { try await api.scoreboard(id, week: week) }, answer: Action.scoreboardLoaded))
            }
            effects.append(chartLoad(&state, api: api, refresh: false))
            return .merge(effects)
        case .draft(let id):
            if !force, state.draftLeague == id, state.missed.contains(.draft) { return refresh(&state, api: api) }
            guard force || state.draftLeague != id else { return .none }
            state.missed.remove(.draft)
            state.draftLeague = id
            let t = state.draft.begin()
            return .load(t, id: EffectID.draft, { try await api.draftBoard(id) }, answer: Action.draftLoaded)
        }
    }

    /// What Enter opens for each selectable board row, in display order.
    static func items(_ state: State) -> [Page] {
        switch state.context {
        case .featured:
            return (state.featured.value ?? []).prefix(featuredLimit).map { .league($0.id) }
        case .league(let id, _, _):
            let teams = (state.standings.value ?? []).map { Page.roster(id, team: $0.team.id) }
            let games = state.scoreboard.value.map { sb in sb.matchups.map { Page.matchup(id, week: sb.week, team: $0.home.team.id) } } ?? []
            return teams + games
        case .draft(let id):
            return (state.draft.value?.picks ?? []).map { .player($0.player.id, league: id) }
        }
    }

    static let featuredLimit = 12

    /// "Champions: 2019 Bytes (ann) · 2020 Bits (bob)" — the chain's final seasons' champions (nil: none yet).
    public static func championsRow(_ h: LeagueHistory) -> String? {
        let champions = h.champions
        guard !champions.isEmpty else { return nil }
        return "Champions: " + champions.map { c in "\(c.season) \(c.member.teamName)" + (c.member.managerName.map { " (\($0))" } ?? "") }
            .joined(separator: " · ")
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        Keymap([
            KeyBinding([.enter], .activated, label: "open", group: "Board", footer: true),
        ] + ListKeys.bindings(Action.list) + [
            KeyBinding([.char("r")], .retry, label: "reload board", group: "Board"),
        ])
    }

    public static func title(_ state: State) -> String {
        switch state.context {
        case .featured: return "Featured leagues"
        case .league:
            let name = state.league.value?.league.name ?? "League"
            let week = state.scoreboard.value.map { " · Week \($0.week)" } ?? ""
            return "\(name) · Standings\(week)"
        case .draft:
            let auto = state.draft.value?.onAutopick.isEmpty == false ? " · \(DraftGrid.autopickMark) autopick" : ""
            return "Draft board\(auto)"
        }
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}
