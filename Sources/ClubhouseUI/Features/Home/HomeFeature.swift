import Foundation
import ClubhouseDomain
import Terminal

/// Home: what needs attention, my leagues (when signed in), public leagues with name and state filters.
public enum HomeFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case myLeagues, publicLeagues, joinRequests }

    public struct State: Equatable, Sendable {
        public var publicLeagues = Loadable<[LeagueSummary]>()
        public var myLeagues: [LeagueSummary] = []
        /// My pending and declined join requests (signed in).
        public var joinRequests: [MyJoinRequest] = []
        public var signedIn = false
        /// Server-side state filter (t cycles); nil shows every state.
        public var stateFilter: LeagueState?
        /// Client-side name filter (/).
        public var filter = FilterField()
        public var list = ListState()
        /// `I`: the "join with an invite code" form while it is open.
        public var redeem: FormFields?
        public init() {}

        /// Every selectable row, top to bottom: all my leagues (however many), then the public leagues shown.
        public var rows: [LeagueSummary] { mine + visible }

        /// My leagues matching the name filter (none when signed out).
        public var mine: [LeagueSummary] {
            guard signedIn else { return [] }
            let needle = filter.text.lowercased()
            return needle.isEmpty ? myLeagues : myLeagues.filter { $0.name.lowercased().contains(needle) }
        }

        /// Public leagues matching the name filter.
        public var visible: [LeagueSummary] {
            guard let all = publicLeagues.value else { return [] }
            let needle = filter.text.lowercased()
            return needle.isEmpty ? all : all.filter { $0.name.lowercased().contains(needle) }
        }
    }

    public enum Action: PageActionCases {
        case onAppear
        case retry
        case leaguesLoaded(RequestToken, Result<[LeagueSummary], PresentableError>)
        case list(ListMove)
        case rowActivated
        case filter(FilterField.Edit)
        case stateFilterCycled
        /// `n`: the form to create a league (signing in happens when it is submitted).
        case createLeagueOpened
        /// The shell says who is signed in (on launch, sign-in, sign-out): load "my leagues" or forget them.
        case sessionChanged(signedIn: Bool)
        case myLeaguesLoaded([LeagueSummary])
        case joinRequestsLoaded([MyJoinRequest])
        /// `x`: clear my oldest declined join request from Needs attention (the server forgets it).
        case declinedDismissed
        /// `I`: open the invite-code form.
        case redeemOpened
        /// A key while typing (the filter, or the invite-code form when it is open).
        case typed(Key)
        /// Text pasted into the filter or the invite-code form.
        case pasted(String)
    }

    public static func textEntry(_ state: State) -> TextEntry<Action> {
        TextEntry(isFilterActive: state.filter.isActive, isEditingText: state.filter.editing || state.redeem != nil,
                  clearFilter: .filter(.clear), typed: { .typed($0) }, pasted: { .pasted($0) })
    }
    public static func title(_ state: State) -> String { "Home" }
    public static func page(_ state: State) -> Page { .home }
    public static func board(_ state: State) -> BoardContext { .featured }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear:
            // Shown again (back from a league, after a sign-in, after a join request was answered): my leagues and
            // requests too, and the lists stay on screen until the answer replaces them: a blank list for the length
            // of a read would refuse Enter ("no league selected") to someone who had already found their league.
            return .merge(load(&state, context, inPlace: true), state.signedIn ? loadMine(context) : .none)
        case .retry:
            // From scratch, with the spinner.
            return .merge(load(&state, context), state.signedIn ? loadMine(context) : .none)
        case .leaguesLoaded(let token, let result):
            // The selection stays on the same league when it is still listed (back from it, say); else the top.
            let selected = state.list.selected.flatMap { state.rows[safe: $0]?.id }
            guard state.publicLeagues.finish(token, result, isEmpty: \.isEmpty) else { return .none }
            if let selected, let i = state.rows.firstIndex(where: { $0.id == selected }) {
                state.list.select(i, count: state.rows.count, viewport: context.viewport)
            } else {
                state.list = ListState()
            }
            return .none
        case .list(let move):
            state.list.apply(move, count: state.rows.count, viewport: context.viewport)
            return .none
        case .rowActivated:
            let rows = state.rows
            guard let i = state.list.selected, rows.indices.contains(i) else { return .none }
            return .delegate(.open(.league(rows[i].id)))
        case .filter(let edit):
            state.filter.apply(edit)
            switch edit {
            case .typed, .pasted, .backspace, .clear: state.list = ListState()
            case .begin, .commit: break
            }
            return state.filter.limitJustReached ? .delegate(.toast(FilterField.limitMessage)) : .none
        case .pasted(let text):
            if state.redeem != nil { state.redeem!.paste(text); return .none }
            guard state.filter.editing else { return .none }
            return reduce(into: &state, action: .filter(.pasted(text)), context: context)
        case .stateFilterCycled:
            let order: [LeagueState?] = [nil] + LeagueState.allCases
            let i = order.firstIndex(of: state.stateFilter) ?? 0
            state.stateFilter = order[(i + 1) % order.count]
            return load(&state, context)
        case .sessionChanged(let signedIn):
            state.signedIn = signedIn
            guard signedIn else {
                state.myLeagues = []; state.joinRequests = []
                return .merge(.cancel(id: EffectID.myLeagues), .cancel(id: EffectID.joinRequests))
            }
            return loadMine(context)
        case .joinRequestsLoaded(let requests):
            guard state.signedIn else { return .none }
            state.joinRequests = requests
            return .none
        case .myLeaguesLoaded(let leagues):
            guard state.signedIn else { return .none }
            // My leagues come first: the first time they come in, the selection starts at the top; when they reload
            // (after a sign-in, a join) it stays on the same league.
            let selected = state.myLeagues.isEmpty ? nil : state.list.selected.flatMap { state.rows[safe: $0]?.id }
            state.myLeagues = leagues
            if state.list.selected != nil, selected == nil { state.list = ListState() }
            if let selected, let i = state.rows.firstIndex(where: { $0.id == selected }) {
                state.list.apply(.select(i), count: state.rows.count, viewport: context.viewport)
            }
            return .none
        case .createLeagueOpened:
            return .delegate(.open(.leagueForm(.create)))
        case .declinedDismissed:
            guard let i = state.joinRequests.firstIndex(where: { $0.status == .denied }) else { return .none }
            // Gone from the list at once; the shell's answer to the write (and the reload after it) says if it wasn't.
            let league = state.joinRequests.remove(at: i).league
            return .delegate(.perform(.withdrawJoinRequest(league)))
        case .redeemOpened:
            state.redeem = RedeemInvite.form()
            return .none
        case .typed(let key):
            guard var form = state.redeem else {
                guard let edit = FilterField.edit(for: key) else { return .none }
                return reduce(into: &state, action: .filter(edit), context: context)
            }
            switch form.handle(key) {
            case .edited: state.redeem = form; return .none
            case .cancel: state.redeem = nil; return .none
            case .submit:
                switch RedeemInvite.write(form) {
                case .failure(let r): form.refuse(r.message, field: r.field); state.redeem = form; return .none
                case .success(let write): state.redeem = nil; return .delegate(.perform(write))
                }
            }
        }
    }

    /// My leagues and my join requests.
    static func loadMine(_ context: PageContext) -> Effect<Action> {
        let api = context.env.api
        return .merge(.run(id: EffectID.myLeagues) { .myLeaguesLoaded((try? await api.myLeagues()) ?? []) },
                      .run(id: EffectID.joinRequests) { .joinRequestsLoaded((try? await api.myJoinRequests()) ?? []) })
    }

    /// Public leagues: from scratch (a new state filter, Retry: the spinner shows) or `inPlace` (shown again).
    static func load(_ state: inout State, _ context: PageContext, inPlace: Bool = false) -> Effect<Action> {
        let api = context.env.api
        let filter = LeagueFilter(state: state.stateFilter)
        return state.publicLeagues.load(inPlace: inPlace, id: EffectID.publicLeagues, { try await api.publicLeagues(filter: filter) },
                                        answer: Action.leaguesLoaded)
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        let hasRows = !state.rows.isEmpty
        let declined = state.joinRequests.contains { $0.status == .denied }
        return Keymap([
            KeyBinding([.enter], .rowActivated, label: "open league", group: "Home", footer: true, enabledWhen: hasRows, disabledReason: "no league selected"),
        ] + ListKeys.bindings(Action.list) + [
            // Before the browsing keys: the footer keeps what waits for the person when it must cut.
            KeyBinding([.char("x")], .declinedDismissed, label: "dismiss declined request", group: "Home", footer: declined,
                       enabledWhen: declined, disabledReason: "no declined join request to dismiss"),
            KeyBinding([.char("/")], .filter(.begin), label: "filter by name", group: "Home", footer: true),
            KeyBinding([.char("t")], .stateFilterCycled, label: "filter by state", group: "Home", footer: true),
            KeyBinding([.char("n")], .createLeagueOpened, label: "new league", group: "Home", footer: true),
            KeyBinding([.char("I")], .redeemOpened, label: "join with an invite code", group: "Home", footer: true),
            PageKeys.retry(.retry),
        ])
    }

    // MARK: - View

    static let columns = [
        DataColumn("League", .fill(3)), DataColumn("State", .length(10)), DataColumn("Teams", .length(6), .right),
        DataColumn("Week", .length(4), .right), DataColumn("Scoring", .length(9)), DataColumn("Commissioner", .fill(1)),
    ]

    /// Rows above the league table: attention, my leagues, the section title.
    static func headerLines(_ state: State, now: Date = .distantPast) -> [(String, StyleRole)] {
        var lines: [(String, StyleRole)] = []
        let attention = attentionItems(state, now: now)
        if !attention.isEmpty {
            lines.append(("Needs attention", .title))
            lines += attention.prefix(3).map { ("  • " + $0, .warning) }
            if attention.count > 3 { lines.append(("  … and \(attention.count - 3) more in your leagues below", .dim)) }
        }
        if !state.signedIn {
            lines.append(("My leagues  sign in to see your leagues and join one", .dim))
        } else if state.myLeagues.isEmpty {
            lines.append(("My leagues  none yet — open a league and press J to ask to join", .dim))
        } else {
            // Every one of them, in a table of its own that scrolls (see `Sections`).
            let n = state.myLeagues.count
            lines.append(("My leagues (\(state.filter.text.isEmpty ? "\(n)" : "\(state.mine.count)/\(n)"))", .title))
        }
        return lines
    }

    /// The title row above the public leagues.
    static func publicTitle(_ state: State) -> String {
        var title = "Public leagues"
        if let n = state.publicLeagues.value?.count { title += " (\(state.filter.text.isEmpty ? "\(n)" : "\(state.visible.count)/\(n)"))" }
        if let s = state.stateFilter { title += "  state: \(Format.state(s))" }
        if state.filter.isActive { title += "  " + state.filter.display }
        return title
    }

    /// What waits for the person in their own leagues — never a league they aren't in: a draft of theirs running now or
    /// starting within a week of its season clock, their starters who are out this week (O or IR) and can still be
    /// benched, trade offers waiting for their answer, trades they may vote on, their waiver claims waiting for the
    /// next run — and their own join requests (pending: `W` on the league's page
    /// withdraws one; declined: why).
    static func attentionItems(_ state: State, now: Date) -> [String] {
        guard state.signedIn, now != .distantPast else { return [] }
        var items: [String] = []
        for l in state.mine {
            if l.state == .drafting { items.append("\(l.name): your draft is in progress — d in the league to join the room") }
            if let out = l.startersOut, !out.isEmpty {
                let who = out.count == 1 ? "\(out[0]) is out and starts" : "\(out.count) starters are out (\(out.joined(separator: ", ")))"
                items.append("\(l.name): \(who) in week \(l.currentWeek) — m in the league to set your lineup")
            }
            if let n = l.tradeOffersToMe { items.append("\(l.name): \(n == 1 ? "a trade offer waits" : "\(n) trade offers wait") for your answer — t in the league") }
            if let n = l.tradeVotesOpen { items.append("\(l.name): \(n == 1 ? "a trade is" : "\(n) trades are") in review — t in the league to vote") }
            if let n = l.pendingClaims {
                items.append("\(l.name): \(n == 1 ? "your waiver claim waits" : "\(n) waiver claims wait") for Wednesday's run — W in its free agents")
            }
            if l.state == .predraft, let at = l.draftScheduledAt, let clock = l.seasonClock, at > clock, at.timeIntervalSince(clock) < 7 * 86_400 {
                items.append("\(l.name): your draft \(Format.relative(at, leagueClock: clock))")
            }
        }
        for r in state.joinRequests {
            switch r.status {
            case .pending:
                let when = r.answeredByItself ? "its commissioner answers within a minute" : "waiting for the commissioner"
                items.append("\(r.leagueName): you asked to join as \(r.teamName) — \(when) · W on its page withdraws")
            case .denied:
                items.append("\(r.leagueName): your request to join was declined\(r.reason.map { " — \($0)" } ?? "") · x dismisses")
            case .approved:
                break
            }
        }
        return items
    }

    static func cells(_ l: LeagueSummary) -> [String] {
        [l.name, Format.state(l.state), "\(l.managedTeams)/\(l.teamCount)", l.state == .predraft ? "–" : "\(l.currentWeek)",
         l.scoring.rawValue, l.commissionerName ?? "—"]
    }

    /// Where my leagues and the public leagues go in the page: my leagues take the rows they need, up to two thirds of what is
    /// left once the public table has a few, and scroll within that; the shared selection runs through both tables.
    struct Sections {
        /// Rows above the tables (the invite form, attention, the "My leagues" title).
        var headerRows: Int
        /// My leagues' table (header row included), or nil when there is none to show.
        var mine: Rect?
        /// The "Public leagues" title row and the table below it.
        var publicTitleY: Int
        var publicTable: Rect

        init(_ state: State, in area: Rect, now: Date) {
            var row = state.redeem.map { $0.fields.count + 3 } ?? 0   // title, fields, help line, a blank row
            row += headerLines(state, now: now).count
            headerRows = row
            let n = state.mine.count
            if n > 0 {
                let left = max(0, area.height - row - 4)    // the public title, its table header and two of its rows
                let shown = max(1, min(n, max(3, left * 2 / 3)))
                mine = Rect(x: area.x + 1, y: area.y + row, width: max(0, area.width - 2), height: shown + 1)
                row += shown + 1
            }
            publicTitleY = area.y + row
            row += 1
            publicTable = Rect(x: area.x, y: area.y + row, width: area.width, height: max(0, area.height - row))
        }
    }

    static func myTable(_ state: State, context: RenderContext) -> DataTable {
        let n = state.mine.count, sel = state.list.selected.flatMap { $0 < n ? $0 : nil }
        return DataTable(columns: columns, rows: state.mine.map(cells), selected: sel, context: context)
    }

    static func table(_ state: State, context: RenderContext) -> DataTable {
        let n = state.mine.count
        let sel = state.list.selected.flatMap { $0 >= n ? $0 - n : nil }
        return DataTable(columns: columns, rows: state.visible.map(cells), selected: sel, offset: max(0, state.list.offset - n), context: context)
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        var row = 0
        if let form = state.redeem {
            row = form.render(in: area, row: 0, help: RedeemInvite.help, context: context, buffer: &buffer) + 1
        }
        for (text, role) in headerLines(state, now: context.now) {
            row = TextRow.put(text, in: area, row: row, style: context.style(role), buffer: &buffer)
        }
        let sections = Sections(state, in: area, now: context.now)
        if let mine = sections.mine { myTable(state, context: context).render(in: mine, buffer: &buffer) }
        TextRow.put(publicTitle(state), in: area, row: sections.publicTitleY - area.y, style: context.style(.title), buffer: &buffer)
        let content = sections.publicTable
        guard LoadView.render(state.publicLeagues.load, what: "public leagues",
                              empty: "No public leagues yet — n to create one (after signing in), or t to show other states.",
                              in: content, buffer: &buffer, context: context) != nil else { return }
        if state.visible.isEmpty {
            TextRow.put("No leagues match “\(state.filter.text)” — esc clears the filter.", in: content, row: 0, style: context.style(.dim), buffer: &buffer)
            return
        }
        table(state, context: context).render(in: content.inset(horizontal: 1), buffer: &buffer)
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        guard state.redeem == nil else { return nil }
        let sections = Sections(state, in: area, now: context.now)
        let index: Int
        if let mine = sections.mine, let i = myTable(state, context: context).row(atY: point.y, in: mine) {
            index = i
        } else if let i = table(state, context: context).row(atY: point.y, in: sections.publicTable.inset(horizontal: 1)) {
            index = i + state.mine.count
        } else { return nil }
        return clicked(row: index, in: state.list, activate: .rowActivated)
    }
}

extension HomeFeature.State: LoadingReporting {
    public var isLoading: Bool { publicLeagues.isLoading }
}
