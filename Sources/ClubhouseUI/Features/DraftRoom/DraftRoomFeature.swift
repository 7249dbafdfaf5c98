import Foundation
import ClubhouseDomain
import Terminal

/// The live draft room (SPEC 3.3): a header with who is on the clock and a ticking countdown, and tabs —
/// available players (pick with Enter, queue with a), my queue, my roster, recent picks and the chat.
/// Commissioner controls (start, pause/resume, undo, pick for a team, autopick) are listed for everyone
/// and enabled only for the commissioner. Every pick carries the pick number the person saw.
/// The board shows the grid.
public enum DraftRoomFeature: PageFeature {
    public enum Tab: Int, CaseIterable, Sendable {
        case available, queue, roster, recent, chat
        public var title: String {
            switch self { case .available: "Available"; case .queue: "My queue"; case .roster: "My roster"; case .recent: "Recent picks"; case .chat: "Chat" }
        }
    }

    /// A write waiting for y/n.
    public enum Confirm: Equatable, Sendable {
        /// Draft `player` with pick `expected` (for the team on the clock when `forTeam`).
        case pick(PlayerSummary, expected: Int, forTeam: Bool)
        case undo(lastPick: Int)
    }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var room = Loadable<DraftBoard>()
        public var players = Loadable<[DraftablePlayer]>()
        public var queue = Loadable<[PlayerSummary]>()
        public var chat = Loadable<[ChatMessage]>()
        public var tab: Tab = .available
        public var lists: [Tab: ListState] = [:]
        public var filter = FilterField()
        public var position: Position?
        public var chatField = TextFieldState(maxLength: DraftRoomFeature.chatLimit)
        public var chatEditing = false
        public var confirm: Confirm?
        /// Rings the terminal bell when my team comes on the clock (Settings).
        public var bell: Bool
        public init(id: LeagueID, bell: Bool = true) { self.id = id; self.bell = bell }

        /// The list of the current tab.
        public var list: ListState {
            get { lists[tab] ?? ListState() }
            set { lists[tab] = newValue }
        }
        /// Picks newest first.
        public var recent: [DraftPickView] { (room.value?.picks ?? []).sorted { $0.pick.number > $1.pick.number } }
        /// Undrafted players matching the position and name filters, by rank.
        public var available: [DraftablePlayer] {
            let taken = Set((room.value?.picks ?? []).map(\.player.id))
            let q = filter.text.lowercased()
            return (players.value ?? []).filter { p in
                !taken.contains(p.player.id) && (position.map { p.player.position == $0 } ?? true)
                    && (q.isEmpty || p.player.name.lowercased().contains(q))
            }.sorted { $0.rank < $1.rank }
        }
        /// My picks in pick order.
        public var myPicks: [DraftPickView] {
            guard let room = room.value, let me = room.capabilities.myTeam else { return [] }
            return room.picks.filter { $0.pick.teamID == me }.sorted { $0.pick.number < $1.pick.number }
        }
        public var myQueue: [PlayerSummary] { queue.value ?? [] }
        /// The last messages, oldest first.
        public var messages: [ChatMessage] { chat.value ?? [] }
        public var isMyTurn: Bool { room.value.map(DraftRoomFeature.isMyTurn) ?? false }
        public var isLive: Bool { room.value.map { $0.draft.status == .running && !$0.draft.isComplete } ?? false }
        var rowCount: Int {
            switch tab {
            case .available: available.count
            case .queue: myQueue.count
            case .roster: myPicks.count
            case .recent: recent.count
            case .chat: messages.count
            }
        }
    }

    public enum Action: Sendable {
        case onAppear, retry
        /// The league changed (a pick, pause, undo, chat): reload, keeping the room on screen.
        case liveRefreshed
        case roomLoaded(RequestToken, Result<DraftBoard, PresentableError>)
        case playersLoaded(RequestToken, Result<[DraftablePlayer], PresentableError>)
        case queueLoaded(RequestToken, Result<[PlayerSummary], PresentableError>)
        case chatLoaded(RequestToken, Result<[ChatMessage], PresentableError>)
        case list(ListMove)
        case tabSelected(Tab)
        case positionCycled
        case searchBegan
        case chatBegan
        /// A key while typing into the search or the chat line.
        case typed(Key)
        /// Text pasted into the search or the chat line (one insertion).
        case pasted(String)
        /// Esc: cancel a confirmation, else clear the search.
        case escaped
        case rowActivated
        case pickRequested
        case pickForTeamRequested
        case confirmed, cancelled
        case queueAdded, queueRemoved
        /// Moves the selected queued player up (-1) or down (+1).
        case queueMoved(Int)
        case startPressed, pausePressed, undoPressed, autopickPressed
        case pickAnswered(Result<Pick, PresentableError>)
        case queueAnswered(Result<[PlayerSummary], PresentableError>)
        case chatAnswered(Result<ChatMessage, PresentableError>)
        /// A commissioner command finished: a toast on success, the server's sentence otherwise.
        case commandAnswered(Result<String, PresentableError>)
        case autopickAnswered(TeamID, Result<Bool, PresentableError>)
        /// A write answered "not signed in" (the session ended): carries the error so the shell's gate wipes the session.
        case signInNeeded(DomainError)
        case delegate(PageDelegate)
    }

    public static let signInMessage = "Sign in to draft — press i"
    public static let chatLimit = 200
    /// Said once when a chat line is cut at its limit.
    public static let chatLimitMessage = "Chat lines are at most \(chatLimit) characters"

    public static var onAppear: Action { .onAppear }
    public static var liveRefresh: Action? { .liveRefreshed }
    public static func list(_ move: ListMove) -> Action { .list(move) }
    public static func delegate(of action: Action) -> PageDelegate? { if case .delegate(let d) = action { d } else { nil } }
    public static func title(_ state: State) -> String { "Draft room" }
    public static func page(_ state: State) -> Page { .draftRoom(state.id) }
    public static func board(_ state: State) -> BoardContext { .draft(state.id) }
    public static func isFilterActive(_ state: State) -> Bool { state.filter.isActive || state.position != nil || state.confirm != nil }
    public static func isEditingText(_ state: State) -> Bool { state.filter.editing || state.chatEditing }
    public static var clearFilter: Action? { .escaped }
    public static func typed(_ key: Key) -> Action? { .typed(key) }
    public static func pasted(_ text: String) -> Action? { .pasted(text) }

    // MARK: - Rules the view and reducer share

    /// True when the room is running and my team is on the clock.
    static func isMyTurn(_ room: DraftBoard) -> Bool {
        guard room.draft.status == .running, let me = room.capabilities.myTeam else { return false }
        return onTheClock(room)?.id == me
    }

    /// Why a chat line can't be sent, or nil when it can.
    public static func chatProblem(_ text: String) -> String? {
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return "Type a message first." }
        if text.count > chatLimit { return "Messages are at most \(chatLimit) characters (this one has \(text.count))." }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return "Messages can't contain control characters." }
        return nil
    }

    /// The countdown segment of the header: time left (red under 10 s), or paused / soft timer / complete.
    public static func countdown(_ draft: Draft, now: Date) -> (text: String, role: StyleRole)? {
        if draft.isComplete || draft.status == .complete { return ("complete", .dim) }
        switch draft.status {
        case .scheduled: return nil
        case .paused: return ("paused", .warning)
        case .complete: return ("complete", .dim)
        case .running:
            guard let deadline = draft.deadline else { return ("soft timer", .dim) }
            let left = max(0, Int(deadline.timeIntervalSince(now).rounded(.up)))
            return (String(format: "%d:%02d", left / 60, left % 60), left < 10 ? .error : .accent)
        }
    }

    /// How long until the countdown shows a new second (nil when nothing ticks).
    public static func nextTick(_ state: State, now: Date) -> Duration? {
        guard let d = state.room.value?.draft, d.status == .running, !d.isComplete, let deadline = d.deadline else { return nil }
        let left = deadline.timeIntervalSince(now)
        guard left > -1 else { return nil }
        var frac = left.truncatingRemainder(dividingBy: 1)
        if frac <= 0.001 { frac += 1 }
        return .milliseconds(Int(frac * 1000) + 5)
    }

    // MARK: - Reducer

    static func loadAll(_ state: inout State, api: any LeagueAPI, refresh: Bool) -> Effect<Action> {
        let id = state.id
        let tr = refresh ? state.room.beginRefresh() : state.room.begin()
        let tp = refresh ? state.players.beginRefresh() : state.players.begin()
        let tq = state.queue.beginRefresh(), tc = state.chat.beginRefresh()
        return .merge(
            .load(tr, id: "draftRoom.\(id)", { try await api.draftBoard(id) }, answer: Action.roomLoaded),
            .load(tp, id: "draftRoom.players.\(id)", { try await api.draftablePlayers(id) }, answer: Action.playersLoaded),
            .load(tq, id: "draftRoom.queue.\(id)", { try await api.myQueue(id) }, answer: Action.queueLoaded),
            .load(tc, id: "draftRoom.chat.\(id)", { try await api.chatMessages(id, after: nil) }, answer: Action.chatLoaded))
    }

    static func reloadRoom(_ state: inout State, api: any LeagueAPI) -> Effect<Action> {
        let id = state.id, t = state.room.beginRefresh()
        return .load(t, id: "draftRoom.\(id)", { try await api.draftBoard(id) }, answer: Action.roomLoaded)
    }

    /// Runs a write; a signed-out answer becomes the sign-in message.
    static func write<T: Sendable>(_ work: @escaping @Sendable () async throws -> T, answer: @escaping @Sendable (Result<T, PresentableError>) -> Action) -> Effect<Action> {
        .answer {
            do { return .init(answer(.success(try await work()))) }
            catch DomainError.unauthenticated { return .init(.signInNeeded(.unauthenticated), endedSession: true) }
            catch {
                let e = PresentableError(error)
                return .init(answer(.failure(e)), endedSession: e.sessionEnded)
            }
        }
    }

    /// Keeps a list's selection on a row: the first one when nothing is selected, the last one when rows went away.
    static func selectFirstRow(_ state: inout State, tab: Tab, context: PageContext) {
        guard tab != .chat else { return }
        let saved = state.tab
        state.tab = tab
        let n = state.rowCount
        if n > 0 {
            let sel = state.list.selected ?? 0
            state.list.apply(.select(min(sel, n - 1)), count: n, viewport: max(1, context.viewport - 2))
        }
        state.tab = saved
    }

    /// The player selected in Available, if any.
    static func selectedAvailable(_ state: State) -> PlayerID? {
        state.available[safe: state.lists[.available]?.selected ?? -1]?.player.id
    }

    /// After a live refresh, keeps the same player selected in Available (rows above him may have been drafted).
    static func reselect(_ state: inout State, _ player: PlayerID?, context: PageContext) {
        let rows = state.available
        if let player, let i = rows.firstIndex(where: { $0.player.id == player }) {
            var list = state.lists[.available] ?? ListState()
            list.apply(.select(i), count: rows.count, viewport: max(1, context.viewport - 2))
            state.lists[.available] = list
        } else {
            selectFirstRow(&state, tab: .available, context: context)
        }
    }

    static func toast(_ m: String) -> Effect<Action> { .send(.delegate(.toast(m))) }

    /// Applies a search edit and selects the first match; says once when the search is cut at its limit.
    static func applyFilter(_ edit: FilterField.Edit, _ state: inout State) -> Effect<Action> {
        state.filter.apply(edit)
        state.list = ListState(selected: state.available.isEmpty ? nil : 0)
        return state.filter.limitJustReached ? toast(FilterField.limitMessage) : .none
    }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        let api = context.env.api, id = state.id
        switch action {
        case .onAppear, .retry:
            return loadAll(&state, api: api, refresh: false)
        case .liveRefreshed:
            return loadAll(&state, api: api, refresh: true)
        case .roomLoaded(let t, let r):
            let wasMyTurn = state.isMyTurn, selected = selectedAvailable(state)
            guard state.room.finish(t, r) else { return .none }
            reselect(&state, selected, context: context)
            var fx: [Effect<Action>] = []
            // A confirmation for a pick that is no longer on the clock can only fail: drop it and say why.
            if case .pick(_, let expected, _)? = state.confirm, let now = state.room.value?.draft, now.currentPick != expected || now.status != .running {
                state.confirm = nil
                fx.append(toast(now.currentPick != expected ? "Pick \(expected) was made while you were deciding." : "The draft was paused — pick again when it resumes."))
            }
            if !wasMyTurn, state.isMyTurn {
                // The saved setting wins (it may have changed since the room opened).
                let bell = context.env.bell, settings = context.env.settings, fallback = state.bell
                fx.append(.run {
                    if ((try? settings.load()) ?? nil)?.draftBell ?? fallback { bell() }
                    return nil
                })
            }
            return .merge(fx)
        case .playersLoaded(let t, let r):
            let selected = selectedAvailable(state)
            state.players.finish(t, r)
            reselect(&state, selected, context: context)
            return .none
        case .queueLoaded(let t, let r):
            state.queue.finish(t, r)
            selectFirstRow(&state, tab: .queue, context: context)
            return .none
        case .chatLoaded(let t, let r):
            state.chat.finish(t, r)
            if state.tab == .chat { state.list.apply(.bottom, count: state.rowCount, viewport: context.viewport) }
            return .none
        case .list(let m):
            let n = state.rowCount
            state.list.apply(m, count: n, viewport: max(1, context.viewport - 2)); return .none
        case .tabSelected(let t):
            state.tab = t; state.confirm = nil
            selectFirstRow(&state, tab: t, context: context)
            if t == .chat { state.list.apply(.bottom, count: state.rowCount, viewport: context.viewport) }
            return .none
        case .positionCycled:
            let all: [Position?] = [nil] + Position.allCases
            state.position = all[((all.firstIndex(of: state.position) ?? 0) + 1) % all.count]
            state.tab = .available; state.list = ListState(selected: state.available.isEmpty ? nil : 0)
            return .none
        case .searchBegan:
            state.tab = .available; state.filter.apply(.begin); return .none
        case .chatBegan:
            state.tab = .chat; state.chatEditing = true; return .none
        case .typed(let key):
            if state.chatEditing {
                switch key {
                case .escape: state.chatEditing = false; return .none
                case .enter:
                    let text = state.chatField.text
                    if let problem = chatProblem(text) { return toast(problem) }
                    guard state.room.value?.capabilities.signedIn == true else {
                        state.chatEditing = false
                        state.chatField.setText("")
                        return .send(.delegate(.perform(.sendChat(league: id, text: text))))
                    }
                    return write({ try await api.sendChat(id, text: text) }, answer: Action.chatAnswered)
                default:
                    _ = state.chatField.handle(.key(key))
                    return state.chatField.limitJustReached ? toast(chatLimitMessage) : .none
                }
            }
            guard let edit = FilterField.edit(for: key) else { return .none }
            return applyFilter(edit, &state)
        case .pasted(let text):
            if state.chatEditing {
                state.chatField.insert(text)
                return state.chatField.limitJustReached ? toast(chatLimitMessage) : .none
            }
            guard state.filter.editing else { return .none }
            return applyFilter(.pasted(text), &state)
        case .escaped:
            if state.confirm != nil { state.confirm = nil; return .none }
            state.filter.apply(.clear); state.position = nil
            selectFirstRow(&state, tab: .available, context: context)
            return .none
        case .rowActivated:
            switch state.tab {
            case .available: return .send(.pickRequested)
            case .queue:
                guard let p = state.myQueue[safe: state.list.selected ?? -1] else { return .none }
                return .send(.delegate(.open(.player(p.id, league: id))))
            case .roster:
                guard let p = state.myPicks[safe: state.list.selected ?? -1] else { return .none }
                return .send(.delegate(.open(.player(p.player.id, league: id))))
            case .recent:
                guard let p = state.recent[safe: state.list.selected ?? -1] else { return .none }
                return .send(.delegate(.open(.player(p.player.id, league: id))))
            case .chat:
                return .send(.chatBegan)
            }
        case .pickRequested, .pickForTeamRequested:
            guard let room = state.room.value else { return .none }
            let forTeam: Bool
            if case .pickForTeamRequested = action { forTeam = true } else { forTeam = false }
            if !forTeam, let reason = pickBlocked(room) { return toast(reason) }
            if forTeam, let reason = commissionerBlocked(room, needsRunning: true) { return toast(reason) }
            let player: PlayerSummary?
            switch state.tab {
            case .queue: player = state.myQueue[safe: state.list.selected ?? -1]
            default: player = state.available[safe: state.list.selected ?? -1]?.player
            }
            guard let player else { return toast("Select a player first (j/k).") }
            if !room.capabilities.signedIn {
                // Signed out: the gate records the pick as seen, opens Sign in, then makes it (SPEC 4.4).
                return .send(.delegate(.perform(.makePick(league: id, expectedPick: room.draft.currentPick, player: player.id))))
            }
            state.confirm = .pick(player, expected: room.draft.currentPick, forTeam: forTeam)
            return .none
        case .undoPressed:
            guard let room = state.room.value else { return .none }
            if let reason = commissionerBlocked(room, needsRunning: false) { return toast(reason) }
            guard let last = room.picks.map(\.pick.number).max() else { return toast("No picks to undo.") }
            state.confirm = .undo(lastPick: last); return .none
        case .cancelled:
            state.confirm = nil; return .none
        case .confirmed:
            guard let c = state.confirm else { return .none }
            state.confirm = nil
            switch c {
            case .pick(let p, let expected, let forTeam):
                if forTeam { return write({ try await api.pickForTeam(id, expectedPick: expected, player: p.id) }, answer: Action.pickAnswered) }
                return write({ try await api.makePick(id, expectedPick: expected, player: p.id) }, answer: Action.pickAnswered)
            case .undo:
                return write({ _ = try await api.undoLastPick(id); return "Last pick undone." }, answer: Action.commandAnswered)
            }
        case .queueAdded:
            guard let p = state.available[safe: state.list.selected ?? -1]?.player else { return toast("Select a player first (j/k).") }
            guard state.room.value?.capabilities.signedIn == true else { return .send(.delegate(.perform(.editQueue(league: id, edit: .add(p.id))))) }
            if state.myQueue.contains(where: { $0.id == p.id }) { return toast("\(p.name) is already in your queue.") }
            return write({ try await api.editQueue(id, .add(p.id)) }, answer: Action.queueAnswered)
        case .queueRemoved:
            guard let p = state.myQueue[safe: state.list.selected ?? -1] else { return .none }
            return write({ try await api.editQueue(id, .remove(p.id)) }, answer: Action.queueAnswered)
        case .queueMoved(let delta):
            guard let i = state.list.selected, let p = state.myQueue[safe: i] else { return .none }
            let to = i + delta
            guard to >= 0, to < state.myQueue.count else { return .none }
            state.list.apply(.select(to), count: state.myQueue.count, viewport: context.viewport)
            return write({ try await api.editQueue(id, .move(p.id, to: to)) }, answer: Action.queueAnswered)
        case .startPressed:
            guard let room = state.room.value else { return .none }
            if let reason = commissionerBlocked(room, needsRunning: false) { return toast(reason) }
            return write({ _ = try await api.startDraft(id); return "The draft has started." }, answer: Action.commandAnswered)
        case .pausePressed:
            guard let room = state.room.value else { return .none }
            if let reason = commissionerBlocked(room, needsRunning: false) { return toast(reason) }
            if room.draft.status == .paused {
                return write({ _ = try await api.resumeDraft(id); return "Draft resumed." }, answer: Action.commandAnswered)
            }
            return write({ _ = try await api.pauseDraft(id); return "Draft paused." }, answer: Action.commandAnswered)
        case .autopickPressed:
            guard let room = state.room.value else { return .none }
            // The commissioner toggles the team on the clock (an absent manager); a manager toggles their own team.
            guard let team = autopickTarget(room) else {
                return toast(room.capabilities.isCommissioner ? "No team is on the clock." : room.capabilities.signedIn ? "You have no team in this league." : signInMessage)
            }
            if room.draft.isComplete || room.draft.status == .complete { return toast("The draft is complete.") }
            // From the team's real flag (the read model carries it), not from what this screen last asked for.
            let on = !room.onAutopick.contains(team.id)
            return write({ try await api.setAutopick(id, team: team.id, on: on).autopick }, answer: { Action.autopickAnswered(team.id, $0) })
        case .pickAnswered(let r):
            switch r {
            case .success(let p):
                let name = state.players.value?.first { $0.player.id == p.playerID }?.player.name ?? "Player"
                return .merge(toast("Pick \(p.number): \(name)."), loadAll(&state, api: api, refresh: true))
            case .failure(let e):
                return .merge(toast(e.message), loadAll(&state, api: api, refresh: true))
            }
        case .queueAnswered(let r):
            switch r {
            case .success(let q): state.queue.set(q); return .none
            case .failure(let e): return toast(e.message)
            }
        case .chatAnswered(let r):
            switch r {
            case .success(let m):
                state.chatField.setText("")
                var msgs = state.messages
                if !msgs.contains(where: { $0.id == m.id }) { msgs.append(m) }
                state.chat.set(msgs)
                state.list.apply(.bottom, count: state.rowCount, viewport: context.viewport)
                return .none
            case .failure(let e): return toast(e.message)
            }
        case .commandAnswered(let r):
            switch r {
            case .success(let m): return .merge(toast(m), reloadRoom(&state, api: api))
            case .failure(let e): return .merge(toast(e.message), reloadRoom(&state, api: api))
            }
        case .autopickAnswered(let team, let r):
            switch r {
            case .success(let on):
                if var room = state.room.value {
                    if on { room.onAutopick.insert(team) } else { room.onAutopick.remove(team) }
                    state.room.set(room)
                }
                let name = state.room.value?.teams.first { $0.id == team }?.name ?? "The team"
                return .merge(toast("Autopick \(on ? "on" : "off") for \(name)."), reloadRoom(&state, api: api))
            case .failure(let e): return .merge(toast(e.message), reloadRoom(&state, api: api))
            }
        case .signInNeeded:
            return .merge(toast(signInMessage), reloadRoom(&state, api: api))
        case .delegate: return .none
        }
    }

    /// Why I can't pick now, or nil.
    static func pickBlocked(_ room: DraftBoard) -> String? {
        guard room.capabilities.myTeam != nil || !room.capabilities.signedIn else { return "You have no team in this league." }
        switch room.draft.status {
        case .scheduled: return "The draft hasn't started yet."
        case .paused: return "The draft is paused."
        case .complete: return "The draft is complete."
        case .running: break
        }
        if room.draft.isComplete { return "The draft is complete." }
        // Signed out, Enter goes through Sign in; the server then checks whose pick it is.
        if room.capabilities.signedIn, !isMyTurn(room) { return "It's not your pick — \(onTheClock(room)?.name ?? "another team") is on the clock." }
        return nil
    }

    /// Why a commissioner action is refused, or nil.
    static func commissionerBlocked(_ room: DraftBoard, needsRunning: Bool) -> String? {
        if !room.capabilities.signedIn { return signInMessage }
        if !room.capabilities.isCommissioner { return "Only the commissioner can do that." }
        if needsRunning, room.draft.status != .running || room.draft.isComplete { return "The draft isn't running." }
        return nil
    }

    // MARK: - Keys

    public static func keymap(_ state: State) -> Keymap<Action> {
        let g = "Draft room", c = "Commissioner"
        if state.confirm != nil {
            return Keymap([KeyBinding([.char("y"), .enter], .confirmed, label: "confirm", group: g, footer: true, footerKeys: "y"),
                           KeyBinding([.char("n")], .cancelled, label: "cancel", group: g, footer: true, footerKeys: "n/esc")])
        }
        if state.chatEditing {
            // Every key types; these rows only tell the footer and help what Enter and Esc do.
            return Keymap([KeyBinding([.enter], .typed(.enter), label: "send", group: g, footer: true),
                           KeyBinding([.escape], .typed(.escape), label: "stop typing", group: g, footer: true)])
        }
        let room = state.room.value
        let isComm = room?.capabilities.isCommissioner == true
        let notComm = room?.capabilities.signedIn == true ? "Only the commissioner can do that." : signInMessage
        let status = room?.draft.status
        var b: [KeyBinding<Action>] = []
        for t in Tab.allCases {
            b.append(KeyBinding([.char(Character("\(t.rawValue + 1)"))], .tabSelected(t), label: t.title, group: "Tabs",
                                footer: t == .available, footerKeys: "1-5"))
            if t == .available { b[b.count - 1].hint?.label = "tabs" }
        }
        switch state.tab {
        case .available:
            let blocked = room.flatMap(pickBlocked)
            b.append(KeyBinding([.enter], .pickRequested, label: "draft", group: g, footer: true, enabledWhen: blocked == nil, disabledReason: blocked))
            b.append(KeyBinding([.char("a")], .queueAdded, label: "queue", group: g, footer: true))
            b.append(KeyBinding([.char("/")], .searchBegan, label: "search", group: g, footer: true))
            b.append(KeyBinding([.char("p")], .positionCycled, label: "position", group: g, footer: true))
        case .queue:
            let blocked = room.flatMap(pickBlocked)
            b.append(KeyBinding([.enter], .rowActivated, label: "open player", group: g, footer: true, enabledWhen: !state.myQueue.isEmpty, disabledReason: "your queue is empty — a adds from Available"))
            b.append(KeyBinding([.char("d")], .pickRequested, label: "draft", group: g, enabledWhen: blocked == nil, disabledReason: blocked))
            b.append(KeyBinding([.char("x")], .queueRemoved, label: "remove", group: g, footer: true))
            b.append(KeyBinding([.char("K")], .queueMoved(-1), label: "move up", group: g, footer: true, footerKeys: "J/K"))
            b[b.count - 1].hint?.label = "reorder"
            b.append(KeyBinding([.char("J")], .queueMoved(1), label: "move down", group: g))
        case .roster, .recent:
            b.append(KeyBinding([.enter], .rowActivated, label: "open player", group: g, footer: true, enabledWhen: state.rowCount > 0, disabledReason: "no picks yet"))
        case .chat:
            b.append(KeyBinding([.enter, .char("c")], .chatBegan, label: "type a message", group: g, footer: true))
        }
        var comm: [KeyBinding<Action>] = []
        comm.append(KeyBinding([.char("S")], .startPressed, label: "start draft", group: c, footer: isComm && status == .scheduled,
                            enabledWhen: isComm && status == .scheduled, disabledReason: isComm ? "The draft has already started." : notComm))
        comm.append(KeyBinding([.char("P")], .pausePressed, label: status == .paused ? "resume" : "pause", group: c, footer: isComm && (status == .running || status == .paused),
                            enabledWhen: isComm && (status == .running || status == .paused), disabledReason: isComm ? "The draft isn't running." : notComm))
        comm.append(KeyBinding([.char("U")], .undoPressed, label: "undo last pick", group: c,
                            enabledWhen: isComm && !(room?.picks.isEmpty ?? true), disabledReason: isComm ? "No picks to undo." : notComm))
        comm.append(KeyBinding([.char("F")], .pickForTeamRequested, label: "pick for the team on the clock", group: c,
                            enabledWhen: isComm && status == .running, disabledReason: isComm ? "The draft isn't running." : notComm))
        let manages = room?.capabilities.myTeam != nil
        comm.append(KeyBinding([.char("A")], .autopickPressed, label: autopickLabel(room), group: isComm ? c : g,
                            enabledWhen: (isComm || manages) && status != .complete,
                            disabledReason: isComm || manages ? "The draft is complete." : notComm))
        // What the commissioner must do next (start, resume) comes right after the tabs in the footer.
        let urgent: Key? = !isComm ? nil : status == .scheduled ? .char("S") : status == .paused ? .char("P") : nil
        let first = comm.filter { $0.keys.first == urgent }, rest = comm.filter { $0.keys.first != urgent }
        b.insert(contentsOf: first, at: Tab.allCases.count)
        return Keymap(b + rest + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
    }

    /// The team `A` switches autopick for: the team on the clock for the commissioner, else my own team.
    static func autopickTarget(_ room: DraftBoard) -> TeamSummary? {
        room.capabilities.isCommissioner ? onTheClock(room) : room.teams.first { $0.id == room.capabilities.myTeam }
    }

    /// "autopick on for Bits" / "autopick off for Bits": what `A` will do, from the team's real flag.
    static func autopickLabel(_ room: DraftBoard?) -> String {
        guard let room, let team = autopickTarget(room) else {
            return room?.capabilities.isCommissioner == true ? "toggle autopick (team on the clock)" : "toggle autopick for my team"
        }
        return "autopick \(room.onAutopick.contains(team.id) ? "off" : "on") for \(team.name)"
    }

    // MARK: - View

    /// The header as styled segments: where the draft is, the countdown, then its shape (dropped first when narrow).
    static func header(_ room: DraftBoard, now: Date) -> [(String, StyleRole)] {
        let d = room.draft
        let shape = "\(d.type.rawValue) · \(d.rounds) rounds · \(room.teams.count) teams"
        var out: [(String, StyleRole)] = []
        switch d.status {
        case .scheduled:
            // The date is on the league's season clock; the countdown below is real time (picks happen now).
            out.append(("Not started" + (d.scheduledAt.map { at in " · planned for \(Format.day(at))" + (room.seasonClock.map { " (\(Format.relative(at, leagueClock: $0)))" } ?? "") } ?? "")
                        + (room.capabilities.isCommissioner ? " · S starts it" : " · the commissioner starts it"), .text))
        case .running, .paused, .complete:
            if d.isComplete || d.status == .complete {
                out.append(("All \(room.picks.count) picks made", .text))
            } else {
                let n = max(1, d.order.count), round = (d.currentPick - 1) / n + 1
                var s = "Round \(round) · pick \(d.currentPick)"
                if let team = onTheClock(room) { s += " · on the clock: \(team.name)" + (team.id == room.capabilities.myTeam ? " (you)" : "") }
                out.append((s, isMyTurn(room) ? .warning : .text))
            }
        }
        if let cd = countdown(d, now: now) { out.append((cd.text, cd.role)) }
        out.append((shape, .dim))
        return out
    }

    /// The header as one line (tests, narrow fallbacks).
    static func status(_ room: DraftBoard, now: Date) -> String { header(room, now: now).map(\.0).joined(separator: " · ") }

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

    static func body(_ area: Rect) -> Rect {
        Rect(x: area.x + 1, y: area.y + 2, width: max(0, area.width - 2), height: max(0, area.height - 2))
    }

    static func table(_ state: State, _ room: DraftBoard, in body: Rect, context: RenderContext) -> DataTable {
        let names = Dictionary(room.teams.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let sel = state.list.selected, off = state.list.offset
        switch state.tab {
        case .available:
            return availableTable(state, selected: sel, offset: off, context: context)
        case .queue:
            let rows = state.myQueue.enumerated().map { i, p in ["\(i + 1)", p.name, p.position.rawValue, p.nflTeam, p.byeWeek.map(String.init) ?? "—"] }
            return DataTable(columns: [DataColumn("#", .length(3), .right), DataColumn("Player", .fill(1)), DataColumn("Pos", .length(3)),
                                       DataColumn("NFL", .length(3)), DataColumn("Bye", .length(3), .right)],
                             rows: rows, selected: sel, offset: off, context: context)
        case .roster:
            let rows = rosterSlots(state.myPicks).map { slot, p in [slot, p.player.name, p.player.position.rawValue, p.player.nflTeam, "R\(p.pick.round) #\(p.pick.number)"] }
            return DataTable(columns: [DataColumn("Slot", .length(4)), DataColumn("Player", .fill(1)), DataColumn("Pos", .length(3)),
                                       DataColumn("NFL", .length(3)), DataColumn("Pick", .length(8))],
                             rows: rows, selected: sel, offset: off, context: context)
        case .recent:
            let rows = state.recent.map { p in
                ["#\(p.pick.number)", "R\(p.pick.round)", names[p.pick.teamID] ?? "—", p.player.name, p.player.position.rawValue, p.player.nflTeam,
                 p.pick.source == .manager ? "" : p.pick.source.rawValue]
            }
            return DataTable(columns: [DataColumn("Pick", .length(4), .right), DataColumn("Rd", .length(3)), DataColumn("Team", .fill(1)), DataColumn("Player", .fill(2)),
                                       DataColumn("Pos", .length(3)), DataColumn("NFL", .length(3)), DataColumn("", .length(10))],
                             rows: rows, selected: sel, offset: off, context: context)
        case .chat:
            let rows = state.messages.map { m in [clockTime(m.at), m.authorName.isEmpty ? "·" : m.authorName, m.body] }
            let roles: [[StyleRole?]] = state.messages.map { m in m.userID == nil ? [.dim, .dim, .dim] : [.dim, .accent, nil] }
            return DataTable(columns: [DataColumn("Time", .length(5)), DataColumn("Who", .length(14)), DataColumn("Message", .fill(1))],
                             rows: rows, roles: roles, selected: sel, offset: off, context: context)
        }
    }

    /// "14:05" (UTC, like the rest of the app's dates).
    static func clockTime(_ date: Date) -> String {
        let c = UTC.calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
    }

    /// My picks placed in starter slots (QB, 2 RB, 2 WR, TE, FLEX, K, DEF), the rest on the bench.
    static func rosterSlots(_ picks: [DraftPickView]) -> [(String, DraftPickView)] {
        var open: [(String, Set<Position>)] = [("QB", [.qb]), ("RB", [.rb]), ("RB", [.rb]), ("WR", [.wr]), ("WR", [.wr]), ("TE", [.te]),
                                               ("FLEX", [.rb, .wr, .te]), ("K", [.k]), ("DEF", [.def])]
        var starters: [(Int, DraftPickView)] = [], bench: [(String, DraftPickView)] = []
        let order = open.map(\.0)
        var used = Array(repeating: false, count: open.count)
        for p in picks {
            if let i = open.indices.first(where: { !used[$0] && open[$0].1.contains(p.player.position) }) { used[i] = true; starters.append((i, p)) }
            else { bench.append(("BN", p)) }
        }
        open = []
        return starters.sorted { $0.0 < $1.0 }.map { (order[$0.0], $0.1) } + bench
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let room = LoadView.render(state.room.load, what: "the draft room", empty: "No draft room for this league.",
                                         in: area, buffer: &buffer, context: context) else { return }
        // Header: where the draft is, the countdown in its own colour, the draft's shape.
        var x = area.x + 1
        for (i, seg) in header(room, now: context.now).enumerated() {
            let room = area.right - x - 1
            guard room > 0 else { break }
            // Later segments show whole or not at all; the first one truncates.
            if i > 0, seg.0.displayWidth + 3 > room { break }
            if i > 0 { x += buffer.set(string: " · ", at: Point(x: x, y: area.y), style: context.style(.dim), maxWidth: room) }
            let style = seg.1 == .error || seg.1 == .accent || seg.1 == .warning ? context.style(seg.1).adding(.bold) : context.style(seg.1)
            x += buffer.set(string: seg.0.truncated(toWidth: max(0, area.right - x - 1)), at: Point(x: x, y: area.y), style: style, maxWidth: max(0, area.right - x - 1))
        }
        guard area.height > 1 else { return }
        // Row 1: a confirmation, or the tabs.
        if let c = state.confirm {
            let text: String
            switch c {
            case .pick(let p, let n, let forTeam):
                text = "Draft \(p.name) (\(p.position.rawValue), \(p.nflTeam)) with pick \(n)" + (forTeam ? " for \(onTheClock(room)?.name ?? "the team on the clock")" : "") + "?  y confirm · n/esc cancel"
            case .undo(let n): text = "Undo pick \(n)? (later picks go back too)  y confirm · n/esc cancel"
            }
            TextRow.put(text, in: area, row: 1, style: context.style(.warning).adding(.bold), buffer: &buffer)
        } else {
            let tabs = Tabs(Tab.allCases.map { "\($0.rawValue + 1) \($0.title)" }, selected: state.tab.rawValue,
                            style: context.style(.dim), highlightStyle: context.style(.selection))
            tabs.render(in: Rect(x: area.x + 1, y: area.y + 1, width: max(0, area.width - 2), height: 1), buffer: &buffer)
            var extra: [String] = []
            if state.tab == .available {
                if let p = state.position { extra.append(p.rawValue) }
                if state.filter.isActive { extra.append(state.filter.display) }
            }
            if !extra.isEmpty {
                let s = extra.joined(separator: " ")
                let x = area.right - s.displayWidth - 1
                let tabsEnd = tabs.spans(startingAt: area.x + 1).last?.upperBound ?? area.x
                if x > tabsEnd { buffer.set(string: s, at: Point(x: x, y: area.y + 1), style: context.style(.accent), maxWidth: s.displayWidth) }
            }
        }
        var b = body(area)
        if state.tab == .chat {
            // The input line at the bottom.
            guard b.height > 0 else { return }
            let input = Rect(x: b.x, y: b.bottom - 1, width: b.width, height: 1)
            let counter = "\(state.chatField.text.count)/\(chatLimit)"
            let field = Rect(x: input.x + 2, y: input.y, width: max(0, input.width - counter.count - 3), height: 1)
            buffer.set(string: "›", at: Point(x: input.x, y: input.y), style: context.style(.key), maxWidth: 1)
            TextField(state.chatField, placeholder: state.chatEditing ? "type, enter sends, esc stops" : "press c to chat",
                      focused: state.chatEditing && context.focused, style: context.style(.text).adding(.underline)).render(in: field, buffer: &buffer)
            buffer.set(string: counter, at: Point(x: input.right - counter.count, y: input.y),
                       style: context.style(state.chatField.text.count > chatLimit ? .error : .dim), maxWidth: counter.count)
            b.height = max(0, b.height - 1)
        }
        if state.rowCount == 0 {
            let msg: String
            switch state.tab {
            case .available:
                if state.players.isLoading { msg = "Loading players…" }
                else if let e = state.players.error { msg = e.message }
                else if state.filter.isActive || state.position != nil { msg = "No available player matches — esc clears the search, p changes position." }
                else { msg = "No players available." }
            case .queue: msg = room.capabilities.myTeam == nil ? "Queues are for managers — sign in and join to queue players." : "Your queue is empty — a adds the selected player from Available."
            case .roster: msg = room.capabilities.myTeam == nil ? "You have no team in this league." : "No picks yet for your team."
            case .recent: msg = "No picks yet — the grid above fills in as teams pick."
            case .chat: msg = "No messages yet."
            }
            TextRow.put(msg, in: b, row: 0, style: context.style(.dim), indent: 0, buffer: &buffer)
            return
        }
        table(state, room, in: b, context: context).render(in: b, buffer: &buffer)
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        if point.y == area.y + 1, state.confirm == nil {
            let tabs = Tabs(Tab.allCases.map { "\($0.rawValue + 1) \($0.title)" }, selected: state.tab.rawValue)
            return tabs.tab(atColumn: point.x, in: Rect(x: area.x + 1, y: area.y + 1, width: area.width - 2, height: 1)).flatMap(Tab.init).map(Action.tabSelected)
        }
        var b = body(area)
        if state.tab == .chat { b.height = max(0, b.height - 1) }
        guard let room = state.room.value, let i = table(state, room, in: b, context: context).row(atY: point.y, in: b) else { return nil }
        return i == state.list.selected ? .rowActivated : .list(.select(i))
    }
}

extension DraftRoomFeature.State: LoadingReporting {
    public var isLoading: Bool { room.isLoading || players.isLoading || queue.isLoading || chat.isLoading }
}
