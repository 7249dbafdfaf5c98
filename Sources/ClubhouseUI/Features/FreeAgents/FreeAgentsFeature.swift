import Foundation
import ClubhouseDomain
import Terminal

/// Free agents and players on waivers: sortable (o), position filter (p or 0–6), name filter (/). `a` adds a free agent
/// or claims a player on waivers: with no room on my roster it first asks whom to drop, in a FAAB league a claim asks
/// for the bid; `W` opens my waiver claims.
public enum FreeAgentsFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case players(LeagueID), league(LeagueID), myRoster(LeagueID) }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var position: Position?
        public var sort: PlayerSort = .seasonPoints
        public var players = Loadable<[AvailablePlayer]>()
        public var filter = FilterField()
        public var list = ListState()
        /// The league: waiver type, budget, slots, and whether I have a team here.
        public var detail = Loadable<LeagueDetail>()
        /// My team's roster in this league (loaded when I have one).
        public var myRoster = Loadable<TeamRoster>()
        /// The drop chooser or the bid field, while open.
        public var flow: AddFlow?
        /// An add refused before my roster was known (signed out): once it loads, ask whom to drop if that was why.
        public var retryAfterLoad: AvailablePlayer?
        /// The player of the last add or claim sent.
        public var lastRequested: AvailablePlayer?
        public init(id: LeagueID) { self.id = id }

        var selected: AvailablePlayer? { visible[safe: list.selected ?? -1] }
        var myTeam: MyTeamFacts? {
            guard let r = myRoster.value, let d = detail.value, d.capabilities.myTeam == r.team.id else { return nil }
            return MyTeamFacts(roster: r, settings: d.league.settings)
        }
        var isFAAB: Bool { detail.value?.league.settings.waiverType == .faab }
        /// What I can bid: my budget left, or (signed out) the league's starting budget.
        var budget: Int { myRoster.value?.faabRemaining ?? detail.value?.league.settings.faabBudget ?? 100 }

        public var visible: [AvailablePlayer] {
            guard let all = players.value else { return [] }
            let q = filter.text.lowercased()
            return q.isEmpty ? all : all.filter { $0.player.name.lowercased().contains(q) }
        }
    }

    public enum Action: PageActionCases {
        case onAppear, retry
        /// A league event (a drop, a claim run, a pick): reload in place, keeping the selected player and any open question.
        case liveRefreshed
        case playersLoaded(RequestToken, Result<[AvailablePlayer], PresentableError>)
        case sortCycled
        case positionCycled
        case positionChosen(Position?)
        case filter(FilterField.Edit)
        case list(ListMove)
        case rowActivated
        /// `a`: add the selected free agent, or claim a player on waivers (signed out: through Sign in first).
        case addRequested
        case detailLoaded(RequestToken, Result<LeagueDetail, PresentableError>)
        case myRosterLoaded(RequestToken, Result<TeamRoster, PresentableError>)
        /// A key while the drop chooser or the bid field is open.
        case flowKey(Key)
        /// Text pasted into the search or the bid (one insertion; nothing else takes a paste).
        case pasted(String)
        case claimsOpened
        /// How a write this page asked for ended (the shell tells the page on top).
        case writeFinished(GatedWrite, GateOutcome)
    }

    public static func title(_ state: State) -> String { "Free agents" }
    public static func page(_ state: State) -> Page { .freeAgents(state.id) }
    public static func board(_ state: State) -> BoardContext { .league(state.id, week: nil, highlight: nil) }
    /// Keys go to the open flow first, else to the filter being typed.
    public static func textEntry(_ state: State) -> TextEntry<Action> {
        TextEntry(isFilterActive: state.filter.isActive, isEditingText: state.filter.editing || state.flow != nil,
                  clearFilter: .filter(.clear), typed: { .flowKey($0) }, pasted: { .pasted($0) })
    }
    public static func live(_ state: State) -> Live<Action> { Live(refresh: .liveRefreshed) }
    public static func writes(_ state: State) -> Writes<Action> {
        Writes(finished: { .writeFinished($0, $1) }, success: { successMessage($0, state) })
    }

    /// "Derrius Guice added to your team — Jordan Howard dropped": the toast names whom the add (or claim) was for.
    static func successMessage(_ write: GatedWrite, _ state: State) -> String? {
        guard let p = state.lastRequested else { return nil }
        let dropName = { (id: PlayerID?) in id.flatMap { d in state.myRoster.value?.rows.first { $0.player.id == d }?.player.name } }
        if let add = write.of(Endpoints.Rosters.addFreeAgent)?.body, add.player == p.player.id {
            return "\(p.player.name) added to your team" + (dropName(add.dropping).map { " — \($0) dropped" } ?? "")
        }
        if let claim = write.of(Endpoints.Waivers.placeClaim)?.body, claim.player == p.player.id {
            return "Waiver claim placed for \(p.player.name)" + (dropName(claim.dropping).map { ", dropping \($0)" } ?? "")
        }
        return nil
    }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry:
            state.flow = nil
            let d = state.detail.value == nil ? state.detail.begin() : state.detail.beginRefresh(), api = context.env.api, id = state.id
            // Shown again (after an add, say): reload in place, so the list and the person's place in it stay meanwhile.
            return .merge(load(&state, context, inPlace: state.players.value != nil),
                          .load(d, id: EffectID.league(id), { try await api.league(id) }, answer: Action.detailLoaded))
        case .liveRefreshed:
            let d = state.detail.beginRefresh(), p = state.players.beginRefresh(), api = context.env.api, id = state.id
            let pos = state.position, sort = state.sort
            return .merge(.load(p, id: EffectID.players(id), { try await api.availablePlayers(id, position: pos, sort: sort) }, answer: Action.playersLoaded),
                          .load(d, id: EffectID.league(id), { try await api.league(id) }, answer: Action.detailLoaded))
        case .detailLoaded(let t, let r):
            state.detail.finish(t, r)
            guard let team = state.detail.value?.capabilities.myTeam else { state.myRoster = Loadable(); return .none }
            let rt = state.myRoster.value == nil ? state.myRoster.begin() : state.myRoster.beginRefresh(), api = context.env.api, id = state.id
            return .load(rt, id: EffectID.myRoster(id), { try await api.roster(id, team: team) }, answer: Action.myRosterLoaded)
        case .myRosterLoaded(let t, let r):
            state.myRoster.finish(t, r)
            guard let p = state.retryAfterLoad, let mine = state.myTeam else { return .none }
            state.retryAfterLoad = nil
            return mine.dropNeeded(for: p.player) == nil ? .none : begin(p, &state)
        case .playersLoaded(let t, let r):
            let kept = state.visible[safe: state.list.selected ?? -1]?.player.id
            if state.players.finish(t, r, isEmpty: \.isEmpty) {
                // The same player stays selected across a reload (a live refresh mustn't move the person's place); when he
                // has left the list (just added, or taken by another team) the cursor stays on the same row, on the next
                // player, so the next `a` is for the player the person sees there — never a jump to the top.
                if let kept, let i = state.visible.firstIndex(where: { $0.player.id == kept }) {
                    state.list.selected = i
                } else if let row = state.list.selected, kept != nil, !state.visible.isEmpty {
                    state.list.select(row, count: state.visible.count, viewport: context.viewport)
                } else { state.list = ListState() }
            }
            return .none
        case .sortCycled:
            let all = PlayerSort.allCases
            state.sort = all[(all.firstIndex(of: state.sort)! + 1) % all.count]
            return load(&state, context)
        case .positionCycled:
            state.list = ListState()
            let order: [Position?] = [nil] + Position.allCases
            state.position = order[((order.firstIndex(of: state.position) ?? 0) + 1) % order.count]
            return load(&state, context)
        case .positionChosen(let p):
            guard p != state.position else { return .none }
            state.position = p
            state.list = ListState()
            return load(&state, context)
        case .filter(let edit):
            state.filter.apply(edit)
            if edit != .begin && edit != .commit { state.list = ListState() }
            return state.filter.limitJustReached ? .delegate(.toast(FilterField.limitMessage)) : .none
        case .pasted(let text):
            switch state.flow {
            case nil:
                guard state.filter.editing else { return .none }
                return reduce(into: &state, action: .filter(.pasted(text)), context: context)
            case .bid(let p, let drop, var field, _)?:
                field.insert(text)
                state.flow = .bid(p, dropping: drop, field: field, error: field.limitJustReached ? bidLimitMessage(field) : nil)
                return .none
            case .chooseDrop?:
                return .none
            }
        case .list(let m):
            state.list.apply(m, count: state.visible.count, viewport: context.viewport); return .none
        case .rowActivated:
            guard let p = state.visible[safe: state.list.selected ?? -1] else { return .none }
            return .delegate(.open(.player(p.player.id, league: state.id)))
        case .addRequested:
            guard let p = state.selected, addReason(state) == nil else { return .none }
            return begin(p, &state)
        case .flowKey(let key):
            guard let flow = state.flow else { return FilterField.edit(for: key).map { .send(.filter($0)) } ?? .none }
            return flowKey(key, flow, &state)
        case .claimsOpened:
            return .delegate(.open(.claims(state.id)))
        case .writeFinished(let write, let outcome):
            // Refused without a drop (e.g. asked while signed out, before my roster was known): once my roster has
            // loaded again, ask whom to drop if a full roster was why.
            guard case .refused = outcome, let asked = state.lastRequested else { return .none }
            let add = write.of(Endpoints.Rosters.addFreeAgent)?.body, claim = write.of(Endpoints.Waivers.placeClaim)?.body
            if add.map({ $0.player == asked.player.id && $0.dropping == nil }) ?? claim.map({ $0.player == asked.player.id && $0.dropping == nil }) ?? false {
                state.retryAfterLoad = asked
            }
            return .none
        }
    }

    /// The first step after `a`: whom to drop when my roster has no room, else the bid (FAAB claims), else the write.
    static func begin(_ p: AvailablePlayer, _ state: inout State) -> Effect<Action> {
        if let mine = state.myTeam, let why = mine.dropNeeded(for: p.player) {
            let verb = p.availability == .freeAgent ? "add" : "claim"
            state.flow = .chooseDrop(p, Chooser(title: "Make room", prompt: "\(why) — drop whom to \(verb) \(p.player.name)?",
                                                options: mine.dropOptions(for: p.player)))
            return .none
        }
        return afterDrop(p, dropping: nil, &state)
    }

    static func afterDrop(_ p: AvailablePlayer, dropping: PlayerID?, _ state: inout State) -> Effect<Action> {
        if case .onWaivers = p.availability, state.isFAAB {
            state.flow = .bid(p, dropping: dropping, field: TextFieldState(maxLength: 5), error: nil)
            return .none
        }
        return perform(p, dropping: dropping, bid: 0, &state)
    }

    static func perform(_ p: AvailablePlayer, dropping: PlayerID?, bid: Int, _ state: inout State) -> Effect<Action> {
        state.flow = nil
        state.lastRequested = p
        switch p.availability {
        case .freeAgent:
            return .delegate(.perform(.addFreeAgent(league: state.id, team: GatedWrite.myTeam, player: p.player.id, dropping: dropping)))
        case .onWaivers:
            return .delegate(.perform(.placeClaim(league: state.id, team: GatedWrite.myTeam, player: p.player.id, dropping: dropping, bid: bid)))
        }
    }

    /// Said once when a bid is cut at its field's limit.
    static func bidLimitMessage(_ field: TextFieldState) -> String {
        "A bid is at most \(field.maxLength ?? 0) digits"
    }

    static func flowKey(_ key: Key, _ flow: AddFlow, _ state: inout State) -> Effect<Action> {
        switch flow {
        case .chooseDrop(let p, var chooser):
            switch chooser.handle(key) {
            case .picked(let drop)?: return afterDrop(p, dropping: drop, &state)
            case .cancelled?: state.flow = nil
            case nil: state.flow = .chooseDrop(p, chooser)
            }
        case .bid(let p, let drop, var field, let error):
            switch key {
            case .escape: state.flow = nil
            case .enter:
                switch BidRule.parse(field.text, budget: state.budget) {
                case .success(let bid): return perform(p, dropping: drop, bid: bid, &state)
                case .failure(let e): state.flow = .bid(p, dropping: drop, field: field, error: e.message)
                }
            default:
                let changed = field.handle(.key(key))
                state.flow = .bid(p, dropping: drop, field: field,
                                  error: field.limitJustReached ? bidLimitMessage(field) : changed ? nil : error)
            }
        }
        return .none
    }

    /// Why `a` can't be used here, or nil. Signed out it is enabled: it starts the sign-in gate.
    static func addReason(_ state: State) -> String? {
        guard let p = state.selected else { return "no player selected" }
        // A claim's bid depends on the league's waivers (FAAB asks for one): not sent before they are known.
        if case .onWaivers = p.availability, state.detail.value == nil { return "the league's waiver rules are still loading" }
        guard let d = state.detail.value, d.capabilities.signedIn else { return nil }
        if d.capabilities.myTeam == nil { return "You don't have a team in \(d.league.name) — ask to join it first (J on its page)" }
        switch d.league.state {
        case .predraft, .drafting: return "adds open once the draft is done"
        case .complete: return "the season is over"
        // A player on my IR who is no longer eligible blocks adds and claims until he leaves IR (the server's words).
        case .inSeason, .playoffs: return state.myTeam.flatMap { $0.roster.injuredReserveBlock($0.settings) }
        }
    }

    /// A new sort or position supersedes the request in flight.
    static func load(_ state: inout State, _ context: PageContext, inPlace: Bool = false) -> Effect<Action> {
        let api = context.env.api, id = state.id, pos = state.position, sort = state.sort
        return state.players.load(inPlace: inPlace, id: EffectID.players(id), { try await api.availablePlayers(id, position: pos, sort: sort) }, answer: Action.playersLoaded)
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        switch state.flow {
        case .chooseDrop?:
            return Keymap([KeyBinding([.down, .up], .flowKey(.down), label: "choose", group: "Make room", footer: true, footerKeys: "↑↓"),
                           KeyBinding([.enter], .flowKey(.enter), label: "drop this one", group: "Make room", footer: true)])
        case .bid?:
            return Keymap([KeyBinding([.enter], .flowKey(.enter), label: "place claim", group: "Waiver bid", footer: true)])
        case nil: break
        }
        var b: [KeyBinding<Action>] = [
            KeyBinding([.enter], .rowActivated, label: "open player", group: "Free agents", footer: true,
                       enabledWhen: !state.visible.isEmpty, disabledReason: "no player selected"),
            KeyBinding([.char("a")], .addRequested, label: addLabel(state), group: "Free agents", footer: true,
                       enabledWhen: addReason(state) == nil, disabledReason: addReason(state)),
            KeyBinding([.char("W")], .claimsOpened, label: "claims", group: "Free agents", footer: state.myTeam != nil,
                       enabledWhen: state.detail.value?.capabilities.myTeam != nil,
                       disabledReason: state.detail.value?.capabilities.signedIn == true ? "you have no team here, so no claims" : "sign in to see your claims (i)",
                       operation: Endpoints.Waivers.myClaims.name),
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
                    DataColumn("Inj", .length(3)), DataColumn("Status", .length(wide ? 20 : 8))]
        cols += [DataColumn("Season", .length(6), .right), DataColumn("Last", .length(5), .right),
                 DataColumn(state.detail.value.map { String($0.league.season - 1) } ?? "Prior", .length(6), .right)]
        let cells = rows.map { a -> [String] in
            let status: String
            switch a.availability {
            case .freeAgent: status = "FA"
            case .onWaivers(let until): status = wide ? "waivers → \(Format.day(until))" : "W \(Format.day(until).suffix(6))"
            }
            return [a.player.name, a.player.position.rawValue, a.player.nflTeam, a.player.byeWeek.map(String.init) ?? "–", Format.injury(a.player.injury),
                    status, a.seasonPoints.shown(context.decimals), a.lastWeekPoints.shown(context.decimals), a.priorSeasonPoints.shown(context.decimals)]
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
        var pairs: [(String, String)] = [("Position", state.position?.rawValue ?? "all"), ("Sort", Format.sort(state.sort, season: state.detail.value?.league.season))]
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
        switch state.flow {
        case .chooseDrop(_, let chooser)?:
            ChooserView(chooser: chooser, context: context, footer: "enter drops him · esc cancels").render(in: area, buffer: &buffer)
        case .bid(let p, let drop, let field, let error)?:
            let dropName = drop.flatMap { id in state.myRoster.value?.rows.first { $0.player.id == id }?.player.name }
            BidView(player: p, field: field, error: error, budget: state.budget, budgetKnown: state.myRoster.value?.faabRemaining != nil,
                    dropName: dropName, context: context).render(in: area, buffer: &buffer)
        case nil: break
        }
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        guard state.flow == nil else { return nil }
        let body = Rect(x: area.x + 1, y: area.y + 1, width: area.width - 2, height: max(0, area.height - 1))
        guard let i = table(state, width: body.width, context: context).row(atY: point.y, in: body) else { return nil }
        return clicked(row: i, in: state.list, activate: .rowActivated)
    }
}

extension FreeAgentsFeature.State: LoadingReporting {
    public var isLoading: Bool { players.isLoading || detail.isLoading || myRoster.isLoading }
}
