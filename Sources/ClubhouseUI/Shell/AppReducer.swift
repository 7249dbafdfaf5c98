import Foundation
import ClubhouseDomain
import Terminal

/// Everything that can happen to the app.
public enum AppAction: Sendable {
    /// The app started: load Home and the board.
    case started
    /// A key, mouse, paste or resize from the terminal.
    case event(InputEvent)
    /// Time passed: run-loop `clock` (animations, spinner, toasts) and the injected wall-clock `date`.
    case tick(clock: Duration, date: Date)
    /// An action for the page with id `id` (dropped if that page was popped).
    case page(id: Int, PageAction)
    /// A page's answer that says the server ended the session: the page takes it, then the gate (`.sessionEnded`).
    case board(BoardFeature.Action)
    /// Push a page.
    case open(Page)
    /// Replace the stack with the natural path to a page (e.g. straight to a matchup).
    case deepLink(Page)
    case escape
    case focusToggled
    case sheetGrew, sheetShrank
    case helpToggled
    case settingsOpened
    case quit
    case settingsChanged(UserSettings)
    /// A page saw a league's activity up to a line (kept in the settings, never moved back).
    case activitySeen(LeagueID, Int64)
    /// The notifications (`NotificationsFeature`): mentions and chat in the person's leagues.
    case notifications(NotificationsFeature.Action)
    /// A league's muted notification categories changed (the League chat page).
    case mutesChanged(LeagueID, Set<NotificationCategory>)
    case settingsSaved(PresentableError?)
    case toastShown(String, isError: Bool)
    /// The sign-in soft gate and the session (AppReducer+Gate.swift).
    case gate(GateAction)
    /// The league server went offline or came back (remote mode): the top bar reads the connection every frame, so
    /// the frame is drawn now, not at the next key or tick; the pages that follow it (`Live.reachability`) are told.
    case serverStatusChanged(reachable: Bool)
}

/// The root reducer: routes input through the active keymap, runs pages and the board, keeps
/// navigation, the board's context and the overlays consistent.
public enum AppReducer {
    /// The shell's cancellable effects.
    enum EffectID: EffectIdentifier { case settingsSave, gateSave, signOut, restoreSession, gatePerform, gateClear, keySignIn, linkDeclined, linkKey }

    /// Reduces `action` and everything it sends immediately; returns only the async work left to run.
    public static func send(_ action: AppAction, into state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        var queue = [action], pending: [Effect<AppAction>.Operation] = []
        while !queue.isEmpty {
            let fx = reduce(into: &state, action: queue.removeFirst(), env: env)
            for op in fx.operations {
                if case .send(let a) = op { queue.append(a) } else { pending.append(op) }
            }
        }
        return Effect(operations: pending)
    }

    public static func reduce(into state: inout AppState, action: AppAction, env: AppEnvironment) -> Effect<AppAction> {
        let covered = Set(state.sheet.stack.dropLast().map(\.id))
        let shown = Set(state.sheet.stack.map(\.id))
        let watcher = state.session.user?.id
        let fx = reduceAction(action, into: &state, env: env)
        let merged = Effect<AppAction>.merge(fx, reloadIfUncovered(covered, &state, env: env), rewatchIfSignedInChanged(watcher, &state, env: env),
                                             notifyIfSignedInChanged(watcher, &state, env: env),
                                             endPages(shown.subtracting(state.sheet.stack.map(\.id)), env: env))
        syncNotifications(&state)
        return merged
    }

    /// The notifications follow whoever is signed in: their leagues' events from sign-in to sign-out.
    static func notifyIfSignedInChanged(_ watcher: UserID?, _ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        let user = state.session.user?.id
        guard user != watcher else { return .none }
        return reduceNotifications(.signedIn(user), &state, env: env)
    }

    static func reduceNotifications(_ action: NotificationsFeature.Action, _ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        NotificationsFeature.reduce(into: &state.notifications, action: action, context: boardContext(state, env))
            .map(AppAction.notifications).answeringDelegates(handle)
    }

    /// Tells the notifications which league's chat is on top (its count is read) and the settings they follow.
    static func syncNotifications(_ state: inout AppState) {
        let reading: LeagueID? = if case .chat(let id) = state.top.page { id } else { nil }
        let drafting: LeagueID? = if case .draftRoom(let id) = state.top.page { id } else { nil }
        NotificationsFeature.sync(&state.notifications, reading: reading, drafting: drafting, settings: state.settings, detected: state.terminal)
    }

    /// Ends the work of pages that left the sheet (a stream one watches included): see `PageLifetimes`.
    static func endPages(_ gone: Set<Int>, env: AppEnvironment) -> Effect<AppAction> {
        guard !gone.isEmpty else { return .none }
        let pages = env.pages
        return .run { pages.end(gone); return nil }
    }

    /// The board's event stream was opened as whoever was signed in then: when that changes (sign-in, sign-out, a
    /// session that ended) it opens again as the person now is (a private league's events stop for one signed out).
    static func rewatchIfSignedInChanged(_ watcher: UserID?, _ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        guard state.session.user?.id != watcher else { return .none }
        return BoardFeature.reduce(into: &state.board, action: .watcherChanged, context: boardContext(state, env)).map(AppAction.board)
    }

    /// A page that was under another one and is on top again reloads in place, however it was uncovered (Esc back, the
    /// Esc that cancels a pending action, a sign-in that takes the gate's pages away, a form that finished): while
    /// covered it got no live refresh, and the league may have moved on (a pick, a join, a finished draft).
    /// The board catches up on its own (`BoardFeature.State.missed`).
    /// Tells the pages `ids` that follow the league server's reachability (`Live.reachability`) whether it answers now.
    static func tellReachability(_ ids: [Int], _ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        let reachable = state.serverReachable
        let told = state.sheet.stack.filter { ids.contains($0.id) }.compactMap { e in e.state.live.reachability.map { (e.id, $0(reachable)) } }
        return .merge(told.map { reducePage(&state, id: $0.0, $0.1, env: env) })
    }

    static func reloadIfUncovered(_ covered: Set<Int>, _ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        let top = state.sheet.top
        guard covered.contains(top.id), let refresh = top.state.live.refresh else { return .none }
        return reducePage(&state, id: top.id, refresh, env: env)
    }

    static func reduceAction(_ action: AppAction, into state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        switch action {
        case .started:
            let top = state.sheet.top
            return .merge(reducePage(&state, id: top.id, top.state.onAppear, env: env), syncBoard(&state, env: env), restoreSession(env: env))

        case .gate(let g):
            return reduceGate(g, &state, env: env)

        case .event(let event):
            switch event {
            case .key(let key): return handleKey(key, &state, env: env)
            case .mouse(let m): return handleMouse(m, &state, env: env)
            case .resize(let size): state.size = size; return .none
            case .paste(let text):
                // A dialog on top takes no text; the help search takes the paste when it is open.
                if state.isTooSmall || state.prompt != nil || state.sshKey?.offer != nil { return .none }
                if state.help != nil { _ = state.help!.handle(.paste(text)); return .none }
                guard state.sheet.focus == .sheet, state.top.textEntry.isEditingText else { return .none }
                // One insertion for the whole paste (never a key per character: no commands, no quadratic cost).
                guard let action = state.top.textEntry.pasted(text) else { return .none }
                return reducePage(&state, id: state.sheet.top.id, action, env: env)
            }

        case .tick(let clock, let date):
            state.clock = clock
            state.now = date
            state.toasts.prune(now: clock)
            return .none

        case .page(let id, let pageAction):
            return reducePage(&state, id: id, pageAction, env: env)

        case .board(let boardAction):
            var fx = BoardFeature.reduce(into: &state.board, action: boardAction, context: boardContext(state, env))
                .map(AppAction.board).answeringDelegates(handle)
            // Live events refresh the page on top too, when it belongs to the followed league.
            // With the kinds of the events it answers, when known (a page may reload only what they change).
            // Reduced here rather than sent: the refresh is one message that draws nothing (`ClubhouseProgram.redraws`).
            let kinds = state.board.refreshKinds
            if case .refreshDue = boardAction, state.top.page.leagueID == state.board.following,
               let refresh = kinds.isEmpty ? state.top.live.refresh : state.top.live.refresh(after: kinds) {
                fx = .merge(fx, reducePage(&state, id: state.sheet.top.id, refresh, env: env))
            }
            return fx

        case .open(let page):
            let entry = PageEntry(id: state.nextPageID, state: PageState(page, settings: state.settings, colorAllowed: state.colorAllowed, terminal: state.terminal))
            state.nextPageID += 1
            state.sheet.push(entry)
            // A peeking sheet opens to half so the new page is readable.
            if state.sheet.detent == .peek { state.sheet.setDetent(.half, now: state.clock, animated: state.animationsEnabled) }
            // A form needs the room (its text rows take every key, + included): it opens full, like Sign in.
            if entry.state.textEntry.opensFull { state.sheet.setDetent(.full, now: state.clock, animated: state.animationsEnabled) }
            return .merge(reducePage(&state, id: entry.id, entry.state.onAppear, env: env), syncBoard(&state, env: env),
                          state.serverReachable ? .none : tellReachability([entry.id], &state, env: env))

        case .deepLink(let page):
            var entries: [PageEntry] = []
            for p in page.path {
                entries.append(PageEntry(id: state.nextPageID, state: PageState(p, settings: state.settings, colorAllowed: state.colorAllowed, terminal: state.terminal)))
                state.nextPageID += 1
            }
            state.sheet.setStack(entries)
            state.sheet.focus = .sheet
            if state.sheet.detent == .peek { state.sheet.setDetent(.half, now: state.clock, animated: state.animationsEnabled) }
            let appear = entries.map { reducePage(&state, id: $0.id, $0.state.onAppear, env: env) }
            return .merge(appear + [syncBoard(&state, env: env), state.serverReachable ? .none : tellReachability(entries.map(\.id), &state, env: env)])

        case .escape:
            let leavingAccount = state.top.is(AuthFeature.self)
            switch state.sheet.handleEscape(hasActiveFilter: state.top.textEntry.isFilterActive, now: state.clock, animated: state.animationsEnabled) {
            case .clearFilter:
                guard let clear = state.top.textEntry.clearFilter else { return .none }
                return reducePage(&state, id: state.sheet.top.id, clear, env: env)
            case .poppedPage:
                let accountLeft = state.sheet.stack.contains { $0.state.is(AuthFeature.self) }
                // The page we're back on reloads in place (`reloadIfUncovered`), this Esc cancelling a pending action included.
                // Leaving the gate's pages gives the board back its room, as finishing them does (`popAccountPages`).
                if leavingAccount, !accountLeft, state.sheet.detent == .full {
                    state.sheet.setDetent(.half, now: state.clock, animated: state.animationsEnabled)
                }
                if leavingAccount, !accountLeft, state.pendingAction != nil {
                    return .merge(cancelPending(&state, env: env), syncBoard(&state, env: env))
                }
                return syncBoard(&state, env: env)
            case .collapsedToPeek, .focusedBoard, .none:
                return .none
            }

        case .focusToggled:
            state.sheet.toggleFocus()
            if state.sheet.focus == .board {
                if state.sheet.detent == .full { state.sheet.setDetent(.half, now: state.clock, animated: state.animationsEnabled) }
                if state.board.selection.selected == nil { state.board.selection = ListState(selected: 0) }
            }
            return .none

        case .sheetGrew:
            state.sheet.grow(now: state.clock, animated: state.animationsEnabled); return .none
        case .sheetShrank:
            state.sheet.shrink(now: state.clock, animated: state.animationsEnabled); return .none

        case .helpToggled:
            state.help = state.help == nil ? HelpOverlayState() : nil; return .none

        case .settingsOpened:
            if case .settings = state.top.page { return .none }
            return .send(.open(.settings))

        case .quit:
            return .quit

        case .settingsChanged(let changed):
            // The Settings page holds a copy from when it opened: the feed marks seen since then are kept, never moved back.
            var merged = changed
            merged.activitySeen.merge(state.settings.activitySeen) { max($0, $1) }
            let settings = merged
            state.settings = settings
            let store = env.settings
            return .run(id: EffectID.settingsSave) {
                do { try store.save(settings); return .settingsSaved(nil) } catch { return .settingsSaved(PresentableError(message: "Couldn't save settings: \(error)", canRetry: false)) }
            }

        case .notifications(let a):
            return reduceNotifications(a, &state, env: env)

        case .mutesChanged(let league, let mutes):
            var settings = state.settings
            settings.setMutes(mutes, of: league)
            return reduceAction(.settingsChanged(settings), into: &state, env: env)

        case .activitySeen(let league, let id):
            var settings = state.settings
            let key = String(league.rawValue)
            guard id > (settings.activitySeen[key] ?? 0) else { return .none }
            settings.activitySeen[key] = id
            return reduceAction(.settingsChanged(settings), into: &state, env: env)

        case .settingsSaved(let error):
            if let error { return .send(.toastShown(error.message, isError: true)) }
            return .none

        case .serverStatusChanged(let reachable):
            guard reachable != state.serverReachable else { return .none }
            state.serverReachable = reachable
            return tellReachability(state.sheet.stack.map(\.id), &state, env: env)

        case .toastShown(let message, let isError):
            state.toasts.post(message, level: isError ? .error : .info, now: state.clock)
            return .none
        }
    }

    // MARK: - Pages and the board

    static func pageContext(_ state: AppState, _ env: AppEnvironment) -> PageContext {
        PageContext(env: env, viewport: max(1, ShellLayout(state).sheetContent.height - 3))
    }

    static func boardContext(_ state: AppState, _ env: AppEnvironment) -> PageContext {
        PageContext(env: env, viewport: max(1, ShellLayout(state).boardContent.height - 1))
    }

    static func reducePage(_ state: inout AppState, id: Int, _ action: PageAction, env: AppEnvironment) -> Effect<AppAction> {
        guard let index = state.sheet.stack.firstIndex(where: { $0.id == id }) else { return .none }
        let context = pageContext(state, env)
        var stack = state.sheet.stack
        var fx = stack[index].state.reduce(action, context: context)
            .map { AppAction.page(id: id, $0) }
            .during(page: id, env.pages)
            .answeringDelegates(handle)
        state.sheet.setStack(stack)
        if index == state.sheet.stack.count - 1 { fx = .merge(fx, syncBoard(&state, env: env)) }
        return fx
    }

    /// What the shell does for a page's (or the board's) request: one of its own actions.
    @Sendable static func handle(_ delegate: PageDelegate) -> AppAction {
        switch delegate {
        case .open(let page): .open(page)
        case .toast(let message): .toastShown(message, isError: false)
        case .applySettings(let s): .settingsChanged(s)
        case .activitySeen(let league, let id): .activitySeen(league, id)
        case .mutesChanged(let league, let mutes): .mutesChanged(league, mutes)
        case .perform(let write): .gate(.requested(write, reason: nil))
        case .signedIn(let user): .gate(.accountReady(user))
        case .back: .escape
        case .sessionEnded: .gate(.sessionEnded)
        }
    }

    /// Points the board at the top page's context (it loads only what changed).
    static func syncBoard(_ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        let context = state.top.boardContext
        guard context != state.board.context || state.board.featured.isIdle && context == .featured else { return .none }
        return BoardFeature.reduce(into: &state.board, action: .contextChanged(context), context: boardContext(state, env)).map(AppAction.board)
    }

    // MARK: - Keys

    /// The bindings in force: the focused pane's, then the app's. Drives dispatch, footer and help. A key whose
    /// operation the server doesn't serve is disabled, with the reason (`KeyBinding.operation`, `ServerMeta`).
    public static func activeKeymap(_ state: AppState) -> Keymap<AppAction> {
        let served = state.serverMeta
        return activePaneKeymap(state).appending(globalKeymap(state)).disabling { served?.unavailable($0) }
    }

    private static func activePaneKeymap(_ state: AppState) -> Keymap<AppAction> {
        let pane: Keymap<AppAction>
        switch state.sheet.focus {
        case .sheet:
            let id = state.sheet.top.id
            pane = state.top.keymap().mapActions { AppAction.page(id: id, $0) }
        case .board:
            pane = BoardFeature.keymap(state.board).mapActions(AppAction.board)
        }
        return pane
    }

    static func globalKeymap(_ state: AppState) -> Keymap<AppAction> {
        let onSheet = state.sheet.focus == .sheet
        return Keymap([
            KeyBinding([.escape], .escape, label: "back", group: "App", footer: onSheet, enabledWhen: onSheet, disabledReason: "already on the board — tab returns to the sheet"),
            // A form on the sheet takes Tab for its fields.
            KeyBinding([.tab, .backTab], .focusToggled, label: onSheet ? "board" : "sheet", group: "App", footer: !(onSheet && state.top.textEntry.isEditingText), footerKeys: "tab"),
            {
                var b = KeyBinding<AppAction>([.char("+"), .char("=")], .sheetGrew, label: "bigger sheet", group: "App")
                b.hint = KeyHint(keys: "+/-", label: "sheet size")
                return b
            }(),
            KeyBinding([.char("-"), .char("_")], .sheetShrank, label: "smaller sheet", group: "App"),
            KeyBinding([.char("?")], .helpToggled, label: "help", group: "App", footer: true),
            KeyBinding([.char(",")], .settingsOpened, label: "settings", group: "App"),
            KeyBinding([.char("i")], .gate(.signInOpened), label: "sign in", group: "Account", enabledWhen: !state.session.isSignedIn,
                       disabledReason: "already signed in as \(state.signedInName ?? "you") — O signs out"),
            KeyBinding([.char("O")], .gate(.signOutRequested), label: "sign out", group: "Account", enabledWhen: state.session.isSignedIn,
                       disabledReason: "not signed in — i signs in"),
            KeyBinding([.char("q")], .quit, label: "quit", group: "App", footer: !onSheet, enabledWhen: !onSheet, disabledReason: "q quits from the board — tab to it, or ctrl-c"),
            KeyBinding([.ctrl("c")], .quit, label: "quit now", group: "App"),
        ] + [keySignInBinding(state)].compactMap { $0 })
    }

    static func handleKey(_ key: Key, _ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        if key == .ctrl("c") { return .send(.quit) }
        if state.isTooSmall { return key == .char("q") ? .send(.quit) : .none }
        if var prompt = state.prompt {
            var dialog = ConfirmDialog(title: prompt.dialog.title, message: prompt.dialog.message, confirmLabel: "Yes", cancelLabel: "No",
                                       confirmFocused: prompt.dialog.confirmFocused)
            switch dialog.handle(key) {
            case .confirmed?: return .send(.gate(.promptAnswered(true)))
            case .cancelled?: return .send(.gate(.promptAnswered(false)))
            case nil:
                prompt.dialog.confirmFocused = dialog.confirmFocused
                state.prompt = prompt
                return .none
            }
        }
        if let fx = handleKeyLinkOffer(key, &state) { return fx }
        if state.help != nil {
            if state.help!.handle(.key(key)) == .close { state.help = nil }
            return .none
        }
        if state.sheet.focus == .sheet, state.top.textEntry.isEditingText {
            let id = state.sheet.top.id
            guard let a = state.top.textEntry.typed(key) else { return .none }
            return .send(.page(id: id, a))
        }
        switch activeKeymap(state).lookup(key) {
        case .action(let a): return .send(a)
        case .disabled(let reason): return .send(.toastShown(reason, isError: false))
        case .unbound: return .none
        }
    }

    // MARK: - Mouse

    static func handleMouse(_ m: MouseEvent, _ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        guard state.settings.mouse, !state.isTooSmall else { return .none }
        if state.help != nil {
            if state.help!.handle(.mouse(m)) == .close { state.help = nil }
            return .none
        }
        let layout = ShellLayout(state)
        // The sheet's top edge: press, drag, release snaps to the nearest detent.
        if state.sheet.handleMouse(m, in: layout.body, now: state.clock, animated: state.animationsEnabled) { return .none }
        let p = m.position
        let render = renderContext(state)
        switch m.kind {
        case .press(.left):
            if layout.sheetContent.contains(p) {
                state.sheet.focus = .sheet
                let id = state.sheet.top.id
                return state.top.click(at: p, in: layout.sheetContent, context: render).map { .send(.page(id: id, $0)) } ?? .none
            }
            if layout.boardContent.contains(p) {
                state.sheet.focus = .board
                guard let i = BoardFeature.item(at: p, in: layout.boardContent, state: state.board, context: render.with(focused: true)) else { return .none }
                if state.board.selection.selected == i { return .send(.board(.activated)) }
                return .send(.board(.list(.select(i))))
            }
            return .none
        case .wheelUp, .wheelDown:
            let delta = m.kind == .wheelUp ? -3 : 3
            if layout.sheet.contains(p) {
                return .send(.page(id: state.sheet.top.id, state.top.listAction(.scroll(delta))))
            }
            if layout.board.contains(p) { return .send(.board(.list(.scroll(delta)))) }
            return .none
        default:
            return .none
        }
    }

    static func renderContext(_ state: AppState) -> RenderContext {
        RenderContext(theme: state.theme, clock: state.clock, now: state.now, focused: true, decimals: state.board.league.value?.league.settings.decimals)
    }
}

extension SheetDetent {
    /// "peek", "half", "full" — shown in the sheet's header.
    public var name: String { switch self { case .peek: "peek"; case .half: "half"; case .full: "full" } }
}
