import Foundation
import ClubhouseDomain
import Terminal

/// The draft room's reducer: loads, queue edits, chat, the commissioner's controls; picks and bids go to the child
/// whose kind the room is (`scope`), and the shell reads the room again after their writes.
extension DraftRoomFeature {
    static func loadAll(_ state: inout State, api: any LeagueAPI, refresh: Bool) -> Effect<Action> {
        let id = state.id
        let tr = refresh ? state.room.beginRefresh() : state.room.begin()
        let tp = refresh ? state.players.beginRefresh() : state.players.begin()
        let tq = state.queue.beginRefresh(), tc = state.chat.beginRefresh()
        return .merge(
            .load(tr, id: EffectID.room(id), { try await api.draftBoard(id) }, answer: Action.roomLoaded),
            .load(tp, id: EffectID.players(id), { try await api.draftablePlayers(id) }, answer: Action.playersLoaded),
            .load(tq, id: EffectID.queue(id), { try await api.myQueue(id) }, answer: Action.queueLoaded),
            .load(tc, id: EffectID.chat(id), { try await api.chatMessages(id, after: nil) }, answer: Action.chatLoaded))
    }

    /// After live events while the draft runs, only what they change: the board for anything but the chat or a
    /// queue edit; the chat lines after the last one shown for a chat line (the latest lines again after a removal or
    /// a reaction, which change lines already shown); my queue for a queue edit, or for a pick
    /// or undo while it holds anyone. Never the players list, the heaviest read, which a pick doesn't change (the
    /// Available tab leaves out whoever the board shows drafted; `roomLoaded` reloads it when a pick is undone).
    /// Before and after the draft, until everything has loaded once, and when the kinds are unknown (nil: the page
    /// was uncovered), everything reloads.
    static func liveReload(_ state: inout State, api: any LeagueAPI, kinds: Set<LeagueEvent.Kind>?) -> Effect<Action> {
        guard state.isLive, state.players.value != nil, state.chat.value != nil, let kinds else { return loadAll(&state, api: api, refresh: true) }
        let id = state.id, after = state.messages.last?.id
        var fx: [Effect<Action>] = []
        if !kinds.subtracting([.chat, .chatRemoved, .chatReacted, .queueChanged]).isEmpty {
            let tr = state.room.beginRefresh()
            fx.append(.load(tr, id: EffectID.room(id), { try await api.draftBoard(id) }, answer: Action.roomLoaded))
        }
        if kinds.contains(.queueChanged) || (!state.myQueue.isEmpty && !kinds.isDisjoint(with: [.pickMade, .pickUndone, .auctionSold])) {
            let tq = state.queue.beginRefresh()
            fx.append(.load(tq, id: EffectID.queue(id), { try await api.myQueue(id) }, answer: Action.queueLoaded))
        }
        if !kinds.isDisjoint(with: [.chatRemoved, .chatReacted]) {
            // A removal or a reaction changes a line already shown: the latest lines again, in place.
            let tc = state.chat.beginRefresh()
            fx.append(.load(tc, id: EffectID.chat(id), { try await api.chatMessages(id, after: nil) }, answer: Action.chatLoaded))
        } else if kinds.contains(.chat) {
            let tc = state.chat.beginRefresh()
            fx.append(.load(tc, id: EffectID.chat(id), { try await api.chatMessages(id, after: after) }, answer: Action.chatAppended))
        }
        return .merge(fx)
    }

    static func reloadRoom(_ state: inout State, api: any LeagueAPI) -> Effect<Action> {
        let id = state.id, t = state.room.beginRefresh()
        return .load(t, id: EffectID.room(id), { try await api.draftBoard(id) }, answer: Action.roomLoaded)
    }

    /// Runs a write; a signed-out answer becomes the sign-in message.
    static func write<T: Sendable>(_ work: @escaping @Sendable () async throws -> T, answer: @escaping @Sendable (Result<T, PresentableError>) -> Action) -> Effect<Action> {
        write(work, answer: answer, signedOut: Action.signInNeeded)
    }

    /// Runs a write of the room or of a child; a signed-out answer becomes `signedOut` (the shell's sign-in message).
    static func write<A: Sendable, T: Sendable>(_ work: @escaping @Sendable () async throws -> T, answer: @escaping @Sendable (Result<T, PresentableError>) -> A,
                                                signedOut: @escaping @Sendable (DomainError) -> A) -> Effect<A> {
        .run { send in
            do { send(answer(.success(try await work()))) }
            catch DomainError.unauthenticated { send(signedOut(.unauthenticated)); send(request: .sessionEnded) }
            catch {
                let e = PresentableError(error)
                send(answer(.failure(e)))
                if e.sessionEnded { send(request: .sessionEnded) }
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

    static func toast(_ m: String) -> Effect<Action> { .delegate(.toast(m)) }

    /// The terminal bell, when the draft bell is on (the saved setting wins over `fallback`, the setting when the room
    /// opened: it may have changed since).
    static func ringBell<A: Sendable>(fallback: Bool, context: PageContext) -> Effect<A> {
        let bell = context.env.bell, settings = context.env.settings
        return .run {
            if ((try? settings.load()) ?? nil)?.draftBell ?? fallback { bell() }
            return nil
        }
    }

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
            return liveReload(&state, api: api, kinds: nil)
        case .liveEvents(let kinds):
            return liveReload(&state, api: api, kinds: kinds)
        case .serverReachabilityChanged(let reachable):
            guard state.serverUnreachable == reachable else { return .none }
            state.serverUnreachable = !reachable
            // Back: the room as the server has it now (a clock given back after the outage, the picks made meanwhile).
            return reachable ? loadAll(&state, api: api, refresh: true) : .none
        case .roomLoaded(let t, let r):
            let wasMyTurn = state.isMyTurn, selected = selectedAvailable(state), before = state.room.value
            let drafted = Set((state.room.value?.picks ?? []).map(\.player.id))
            guard state.room.finish(t, r) else { return .none }
            reselect(&state, selected, context: context)
            // The child sees the room as read: a clock a bid reset, an outbid or a sale said, a pick no longer on the clock dropped.
            var fx = [scope(AuctionRoomFeature.self, \.auction, &state, .roomRead(before: before), context: context, Action.auction),
                      scope(RoundsDraftFeature.self, \.rounds, &state, .roomRead, context: context, Action.rounds)]
            // A pick undone gives its player back: the players list (read without him) is read again.
            if state.players.value != nil, let now = state.room.value, !drafted.isSubset(of: Set(now.picks.map(\.player.id))) {
                let tp = state.players.beginRefresh()
                fx.append(.load(tp, id: EffectID.players(id), { try await api.draftablePlayers(id) }, answer: Action.playersLoaded))
            }
            if !wasMyTurn, state.isMyTurn { fx.append(ringBell(fallback: state.bell, context: context)) }
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
        case .chatAppended(let t, let r):
            guard t == state.chat.inFlight else { return .none }
            let shown = state.messages
            state.chat.finish(t, r.map { new in
                let known = Set(shown.map(\.id))
                return shown + new.filter { !known.contains($0.id) }.sorted { $0.id < $1.id }
            })
            if state.tab == .chat, case .success(let new) = r, !new.isEmpty {
                state.list.apply(.bottom, count: state.rowCount, viewport: context.viewport)
            }
            return .none
        case .list(let m):
            let n = state.rowCount
            state.list.apply(m, count: n, viewport: max(1, context.viewport - 2)); return .none
        case .tabSelected(let t):
            state.tab = t; state.confirm = nil; state.picking.confirm = nil; state.bidding.entry = nil
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
            if state.auction?.entry != nil { return scope(AuctionRoomFeature.self, \.auction, &state, .typed(key), context: context, Action.auction) }
            if state.chatEditing {
                switch key {
                case .escape: state.chatEditing = false; return .none
                case .enter:
                    let text = state.chatField.text
                    if let problem = chatProblem(text) { return toast(problem) }
                    guard state.room.value?.capabilities.signedIn == true else {
                        state.chatEditing = false
                        state.chatField.setText("")
                        return .delegate(.perform(.sendChat(league: id, text: text)))
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
            if state.auction?.entry != nil { return scope(AuctionRoomFeature.self, \.auction, &state, .pasted(text), context: context, Action.auction) }
            if state.chatEditing {
                state.chatField.insert(text)
                return state.chatField.limitJustReached ? toast(chatLimitMessage) : .none
            }
            guard state.filter.editing else { return .none }
            return applyFilter(.pasted(text), &state)
        case .escaped:
            if state.confirm != nil { state.confirm = nil; return .none }
            if state.rounds?.confirm != nil { return scope(RoundsDraftFeature.self, \.rounds, &state, .cancelled, context: context, Action.rounds) }
            if state.auction?.entry != nil { return scope(AuctionRoomFeature.self, \.auction, &state, .typed(.escape), context: context, Action.auction) }
            state.filter.apply(.clear); state.position = nil
            selectFirstRow(&state, tab: .available, context: context)
            return .none
        case .rowActivated:
            switch state.tab {
            case .available: return .send(state.isAuction ? .auction(.nominateRequested) : .rounds(.pickRequested))
            case .teams: return .none
            case .queue:
                guard let p = state.myQueue[safe: state.list.selected ?? -1] else { return .none }
                return .delegate(.open(.player(p.id, league: id)))
            case .roster:
                guard let p = state.myPicks[safe: state.list.selected ?? -1] else { return .none }
                return .delegate(.open(.player(p.player.id, league: id)))
            case .recent:
                guard let p = state.recent[safe: state.list.selected ?? -1] else { return .none }
                return .delegate(.open(.player(p.player.id, league: id)))
            case .chat:
                return .send(.chatBegan)
            }
        case .undoPressed:
            guard let room = state.room.value else { return .none }
            if let reason = commissionerBlocked(room, needsRunning: false) { return toast(reason) }
            guard let last = room.picks.map(\.pick.number).max() else { return toast(state.isAuction ? "No sales to undo." : "No picks to undo.") }
            state.confirm = .undo(lastPick: last); return .none
        case .cancelled:
            state.confirm = nil; return .none
        case .confirmed:
            guard case .undo? = state.confirm else { return .none }
            state.confirm = nil
            let what = state.isAuction ? "sale" : "pick"
            return write({ _ = try await api.undoLastPick(id); return "Last \(what) undone." }, answer: Action.commandAnswered)
        case .queueAdded:
            guard let p = state.available[safe: state.list.selected ?? -1]?.player else { return toast("Select a player first (j/k).") }
            guard state.room.value?.capabilities.signedIn == true else { return .delegate(.perform(.editQueue(league: id, edit: .add(p.id)))) }
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
            // A manager toggles their own team; the commissioner the team chosen on the Teams tab (an auction) or the
            // team on the clock (a draft by rounds), else their own.
            guard let team = autopickTarget(state) else {
                if !room.capabilities.signedIn { return toast(signInMessage) }
                if room.capabilities.isCommissioner {
                    return toast(room.auction != nil ? "Choose the team on the Teams tab (\((tabs(state).firstIndex(of: .teams) ?? 2) + 1)), then press A." : "No team is on the clock.")
                }
                return toast("You have no team in this league.")
            }
            if room.draft.isComplete || room.draft.status == .complete { return toast("The draft is complete.") }
            // From the team's real flag (the read model carries it), not from what this screen last asked for.
            let on = !room.onAutopick.contains(team.id)
            return write({ try await api.setAutopick(id, team: team.id, on: on).autopick }, answer: { Action.autopickAnswered(team.id, $0) })
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
        case .signInNeeded, .rounds(.signInNeeded), .auction(.signInNeeded):
            return .merge(toast(signInMessage), reloadRoom(&state, api: api))
        case .rounds(.pickAnswered(let r)):
            // Said here, where the players' names are, and the whole room read again around the pick.
            switch r {
            case .success(let p):
                let name = state.players.value?.first { $0.player.id == p.playerID }?.player.name ?? "Player"
                return .merge(toast("Pick \(p.number): \(name)."), loadAll(&state, api: api, refresh: true))
            case .failure(let e):
                return .merge(toast(e.message), loadAll(&state, api: api, refresh: true))
            }
        case .rounds(let a):
            return scope(RoundsDraftFeature.self, \.rounds, &state, a, context: context, Action.rounds)
        case .auction(let a):
            let fx = scope(AuctionRoomFeature.self, \.auction, &state, a, context: context, Action.auction)
            // A write answered: the room is read again as it then stands.
            guard case .auctionAnswered = a else { return fx }
            return .merge(fx, reloadRoom(&state, api: api))
        }
    }

    /// Why a commissioner action is refused, or nil.
    static func commissionerBlocked(_ room: DraftBoard, needsRunning: Bool) -> String? {
        if !room.capabilities.signedIn { return signInMessage }
        if !room.capabilities.isCommissioner { return "Only the commissioner can do that." }
        if needsRunning, room.draft.status != .running || room.draft.isComplete { return "The draft isn't running." }
        return nil
    }
}
