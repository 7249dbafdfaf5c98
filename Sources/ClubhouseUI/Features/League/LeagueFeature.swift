import Foundation
import ClubhouseDomain
import Terminal

/// A league's page: header, state, settings summary and members; the hub to every league page.
public enum LeagueFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case detail(LeagueID) }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var detail = Loadable<LeagueDetail>()
        public var list = ListState()
        /// `L` asked "Leave …?" and waits for y/n.
        public var confirmingLeave = false
        public init(id: LeagueID) { self.id = id }
    }

    public enum Action: PageActionCases {
        case onAppear
        case retry
        /// A league event (someone joined, the draft started…): reload in place, no spinner.
        case liveRefreshed
        case detailLoaded(RequestToken, Result<LeagueDetail, PresentableError>)
        case list(ListMove)
        case rowActivated
        case go(Page)
        /// `j`: ask to join (signed out: through Sign in first).
        case joinRequested
        /// `W`: take back my pending join request.
        case joinWithdrawn
        /// `L`: leave the league (asks first).
        case leaveRequested, leaveConfirmed, leaveCancelled
        /// `C`: the commissioner's tools (signed out: Sign in first).
        case commissionerOpened
    }

    public static func live(_ state: State) -> Live<Action> { Live(refresh: .liveRefreshed) }
    /// Esc answers "Leave the league?" no.
    public static func textEntry(_ state: State) -> TextEntry<Action> { TextEntry(isFilterActive: state.confirmingLeave, clearFilter: .leaveCancelled) }
    public static func title(_ state: State) -> String { state.detail.value?.league.name ?? "League \(state.id.rawValue)" }
    public static func page(_ state: State) -> Page { .league(state.id) }
    public static func board(_ state: State) -> BoardContext {
        let hl = state.detail.value.flatMap { d in state.list.selected.flatMap { d.teams.indices.contains($0) ? BoardHighlight.team(d.teams[$0].id) : nil } }
        return .league(state.id, week: nil, highlight: hl)
    }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry, .liveRefreshed:
            let token = if case .liveRefreshed = action { state.detail.beginRefresh() } else { state.detail.begin() }
            let api = context.env.api, id = state.id
            return .load(token, id: EffectID.detail(id), { try await api.league(id) }, answer: Action.detailLoaded)
        case .detailLoaded(let token, let result):
            state.detail.finish(token, result)
            return .none
        case .list(let move):
            state.list.apply(move, count: state.detail.value?.teams.count ?? 0, viewport: context.viewport)
            return .none
        case .rowActivated:
            guard let teams = state.detail.value?.teams, let i = state.list.selected, teams.indices.contains(i) else { return .none }
            return .delegate(.open(.roster(state.id, team: teams[i].id)))
        case .go(let page):
            return .delegate(.open(page))
        case .joinRequested:
            // The team is named after the person once they are signed in ("Alex's team").
            return .delegate(.perform(.requestToJoin(league: state.id, teamName: "")))
        case .joinWithdrawn:
            guard state.detail.value?.capabilities.hasPendingJoinRequest == true else { return .none }
            return .delegate(.perform(.withdrawJoinRequest(state.id)))
        case .leaveRequested:
            guard leaveAvailability(state.detail.value) == nil else { return .none }
            state.confirmingLeave = true
            return .none
        case .leaveCancelled:
            state.confirmingLeave = false
            return .none
        case .leaveConfirmed:
            guard state.confirmingLeave else { return .none }
            state.confirmingLeave = false
            return .delegate(.perform(.leaveLeague(state.id)))
        case .commissionerOpened:
            guard let d = state.detail.value else { return .none }
            return .delegate(.open(d.capabilities.signedIn ? .commissioner(state.id) : .account(.signIn)))
        }
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        let id = state.id
        let loaded = state.detail.value != nil
        let drafted = state.detail.value.map { $0.league.state != .predraft } ?? true
        let join = joinAvailability(state.detail.value)
        if state.confirmingLeave {
            return Keymap([KeyBinding([.char("y"), .enter], .leaveConfirmed, label: "leave", group: "League", footer: true, footerKeys: "y"),
                           KeyBinding([.char("n"), .escape], .leaveCancelled, label: "stay", group: "League", footer: true, footerKeys: "n")])
        }
        let leave = leaveAvailability(state.detail.value), comm = commissionerAvailability(state.detail.value)
        let myTeam = state.detail.value?.capabilities.myTeam
        let live = state.detail.value.map { $0.league.state == .drafting } ?? false
        // The footer leads with what this person can do here; the rest stays in ? help (disabled ones with why).
        let room = KeyBinding<Action>([.char("d")], .go(.draftRoom(id)), label: "draft room", group: "League", footer: true)
        return Keymap([
            KeyBinding([.char("J")], .joinRequested, label: "request to join", group: "League", footer: join == nil,
                       enabledWhen: join == nil, disabledReason: join),
            KeyBinding([.char("W")], .joinWithdrawn, label: "withdraw join request", group: "League",
                       footer: state.detail.value?.capabilities.hasPendingJoinRequest == true,
                       enabledWhen: state.detail.value?.capabilities.hasPendingJoinRequest == true, disabledReason: "you have no join request waiting here"),
            KeyBinding([.char("C")], .commissionerOpened, label: "commissioner tools", group: "League", footer: state.detail.value?.capabilities.isCommissioner == true,
                       enabledWhen: comm == nil, disabledReason: comm),
            KeyBinding([.char("m")], .go(.roster(id, team: myTeam ?? TeamID(rawValue: 0))), label: "my team", group: "League", footer: myTeam != nil,
                       enabledWhen: myTeam != nil, disabledReason: "you don't have a team in this league"),
        ] + (live ? [room] : []) + [
            KeyBinding([.char("L")], .leaveRequested, label: "leave league", group: "League", footer: leave == nil && myTeam != nil,
                       enabledWhen: leave == nil, disabledReason: leave),
            // A league with seasons behind it, or a finished one, leads with its history.
            KeyBinding([.char("H")], .go(.history(id)), label: "history", group: "League", footer: hasHistory(state.detail.value),
                       operation: Endpoints.Leagues.history.name),
            KeyBinding([.char("s")], .go(.standings(id)), label: "standings", group: "League", footer: true),
            KeyBinding([.char("w")], .go(.scoreboard(id, week: nil)), label: "scoreboard", group: "League", footer: true),
            KeyBinding([.enter], .rowActivated, label: "team roster", group: "League", footer: true, enabledWhen: loaded, disabledReason: "still loading"),
        ] + ListKeys.bindings(Action.list, footer: false) + [
            KeyBinding([.char("f")], .go(.freeAgents(id)), label: "free agents", group: "League", footer: true,
                       enabledWhen: drafted, disabledReason: "the draft hasn't happened yet"),
            KeyBinding([.char("t")], .go(.trades(id)), label: "trades", group: "League", footer: true, operation: Endpoints.Trades.list.name),
            KeyBinding([.char("M")], .go(.chat(id)), label: "chat", group: "League", footer: true, operation: Endpoints.LeagueChat.chatMessages.name),
            KeyBinding([.char("a")], .go(.activity(id)), label: "activity", group: "League", footer: true, operation: Endpoints.Activity.activity.name),
        ] + (live ? [] : [room]) + [
            KeyBinding([.char("R")], .go(.draftRecap(id)), label: "draft recap", group: "League", footer: drafted && !live,
                       enabledWhen: drafted, disabledReason: "the draft hasn't started yet"),
            KeyBinding([.char("c")], .go(.scoringRules(id)), label: "scoring", group: "League", footer: true),
            KeyBinding([.char("e")], .go(.leagueSettings(id)), label: "settings", group: "League", footer: true),
            KeyBinding([.char(">")], .go(.league(state.detail.value?.nextLeague ?? id)), label: "next season", group: "League",
                       footer: state.detail.value?.nextLeague != nil, enabledWhen: state.detail.value?.nextLeague != nil,
                       disabledReason: "this league hasn't been renewed into a next season"),
            KeyBinding([.char("<")], .go(.league(state.detail.value?.previousLeague ?? id)), label: "previous season", group: "League",
                       footer: state.detail.value?.previousLeague != nil, enabledWhen: state.detail.value?.previousLeague != nil,
                       disabledReason: "this is the league's first season here"),
            PageKeys.retry(.retry),
        ])
    }

    /// Whether the league has a history worth leading the footer with: a season before or after it, or its own over.
    public static func hasHistory(_ d: LeagueDetail?) -> Bool {
        guard let d else { return false }
        return d.previousLeague != nil || d.nextLeague != nil || d.league.state == .complete
    }

    /// Why `j` can't ask to join right now (nil: it can). Signed out it is enabled — pressing it starts the gate.
    public static func joinAvailability(_ d: LeagueDetail?) -> String? {
        guard let d else { return "still loading" }
        let l = d.league, c = d.capabilities
        if c.myTeam != nil { return "you already have a team in \(l.name)" }
        if c.hasPendingJoinRequest { return "you already asked to join — waiting for the commissioner" }
        if !l.isPublic { return "\(l.name) is private — join it with an invite code" }
        if l.state != .predraft { return "\(l.name) has already drafted — joining is closed" }
        if !d.teams.isEmpty, !d.teams.contains(where: { $0.managerName == nil }) { return "\(l.name) is full" }
        return nil
    }

    /// Why `L` can't leave (nil: it can). Signed out it is enabled — pressing it starts the gate.
    public static func leaveAvailability(_ d: LeagueDetail?) -> String? {
        guard let d else { return "still loading" }
        let l = d.league, c = d.capabilities
        guard c.signedIn else { return nil }
        if c.isCommissioner { return "The commissioner can't leave \(l.name)" }
        if c.myTeam == nil { return "You don't have a team in \(l.name)" }
        if l.state != .predraft { return "\(l.name) has drafted — leaving is closed" }
        return nil
    }

    /// Why `C` can't open the commissioner's tools (nil: it can; signed out it opens Sign in).
    public static func commissionerAvailability(_ d: LeagueDetail?) -> String? {
        guard let d else { return "still loading" }
        if d.capabilities.signedIn && !d.capabilities.isCommissioner { return "Only the commissioner of \(d.league.name) can do this" }
        return nil
    }

    /// "2019 — renewed as 2020 (>)", "2020 · renewed from 2019 (<)": the league's season and its neighbours in the chain.
    public static func seasonLine(_ d: LeagueDetail) -> String {
        let l = d.league
        var line = "\(l.season)" + (l.followsRealTime ? " · live" : "")
        if d.nextLeague != nil { line += " season — renewed as \(l.season + 1) (> opens it)" }
        if d.previousLeague != nil { line += " · renewed from \(l.season - 1) (< opens it)" }
        return line
    }

    /// "Commissioner · Your team: Bits" — who the person is in this league (nil when signed out or just browsing).
    public static func membership(_ d: LeagueDetail) -> String? {
        let c = d.capabilities
        var parts: [String] = []
        if c.isCommissioner { parts.append("Commissioner — C opens your tools") }
        if let mine = c.myTeam { parts.append("Your team: " + (d.teams.first { $0.id == mine }?.name ?? "yours")) }
        if !parts.isEmpty { return parts.joined(separator: " · ") }
        if c.hasPendingJoinRequest { return "Join request sent — waiting for the commissioner" }
        return nil
    }

    // MARK: - View

    static let columns = [
        DataColumn("#", .length(2), .right), DataColumn("Team", .fill(2)), DataColumn("Manager", .fill(1)), DataColumn("Record", .length(7), .right),
    ]

    /// Title, who, settings, membership — and the repair line when the league's stored data needs the commissioner.
    static func headerLines(_ d: LeagueDetail) -> Int { d.league.needsCommissioner == nil ? 4 : 5 }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let d = LoadView.render(state.detail.load, what: "the league", empty: "This league has nothing to show yet.",
                                      in: area, buffer: &buffer, context: context) else { return }
        let l = d.league, s = l.settings
        var row = 0
        var head = "\(l.name)  ·  \(Format.state(l.state))"
        if l.state != .predraft { head += "  ·  Week \(d.currentWeek)" }
        row = TextRow.put(head, in: area, row: row, style: context.style(.title), buffer: &buffer)
        var who: [(String, String)] = [("Season", seasonLine(d)), ("Commissioner", d.commissionerName ?? "—"), ("League", l.isPublic ? "public" : "private")]
        if let champ = d.champion, let t = d.teams.first(where: { $0.id == champ }) { who.append(("Champion", "🏆 " + t.name)) }
        if l.state == .predraft, let at = l.draftScheduledAt { who.append(("Draft", "\(Format.day(at)) (\(Format.relative(at, leagueClock: l.clock)))")) }
        row = TextRow.pairs(who, in: area, row: row, context: context, buffer: &buffer)
        let summary = "\(s.teamCount) teams · \(s.scoring.preset.rawValue) · \(s.draftType.rawValue) draft · \(s.waiverType == .faab ? "FAAB $\(s.faabBudget)" : "rolling waivers") · \(s.playoffTeams)-team playoffs wk \(s.playoffWeeks.lowerBound)–\(s.playoffWeeks.upperBound)"
        row = TextRow.put(summary, in: area, row: row, style: context.style(.dim), buffer: &buffer)
        if let repair = l.needsCommissioner {
            // The clocks leave this league alone until its commissioner repairs it (settings: E on League settings).
            row = TextRow.put(repair.sentence, in: area, row: row, style: context.style(.warning).adding(.bold), buffer: &buffer)
        }
        if state.confirmingLeave {
            row = TextRow.put("Leave \(l.name)? Your team goes back to a bot.  y leave · n stay", in: area, row: row,
                              style: context.style(.warning).adding(.bold), buffer: &buffer)
        } else if let who = membership(d) {
            row = TextRow.put(who, in: area, row: row, style: context.style(d.capabilities.hasPendingJoinRequest && d.capabilities.myTeam == nil ? .warning : .accent), buffer: &buffer)
        } else if !d.capabilities.signedIn {
            let hint = joinAvailability(d) == nil ? "Browsing signed out — J asks to join; you'll sign in first." : "Browsing signed out — sign in to join or manage a team."
            row = TextRow.put(hint, in: area, row: row, style: context.style(.dim), buffer: &buffer)
        } else { row += 1 }
        let tableArea = Rect(x: area.x + 1, y: area.y + row, width: area.width - 2, height: max(0, area.height - row))
        table(state, d, context: context).render(in: tableArea, buffer: &buffer)
    }

    static func table(_ state: State, _ d: LeagueDetail, context: RenderContext) -> DataTable {
        let rows = d.teams.enumerated().map { i, t in ["\(i + 1)", t.name, Format.manager(t), t.record] }
        let roles: [[StyleRole?]] = d.teams.map { t in [.dim, .text, t.managerName == nil ? .dim : .text, .text] }
        return DataTable(columns: columns, rows: rows, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        guard let d = state.detail.value else { return nil }
        let top = headerLines(d)
        let tableArea = Rect(x: area.x + 1, y: area.y + top, width: area.width - 2, height: max(0, area.height - top))
        guard let i = table(state, d, context: context).row(atY: point.y, in: tableArea) else { return nil }
        return clicked(row: i, in: state.list, activate: .rowActivated)
    }
}

extension LeagueFeature.State: LoadingReporting {
    public var isLoading: Bool { detail.isLoading }
}
