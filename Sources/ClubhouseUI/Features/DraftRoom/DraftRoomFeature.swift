import Foundation
import ClubhouseDomain
import Terminal

/// The live draft room (README.md, “The draft room”): a header with who is on the clock and a ticking countdown, and tabs —
/// available players (pick with Enter, queue with a), my queue, my roster, recent picks and the chat.
/// Commissioner controls (start, pause/resume, undo, pick for a team, autopick) are listed for everyone
/// and enabled only for the commissioner. Every pick carries the pick number the person saw.
/// The board shows the grid. The page is the room's shell — what both kinds of draft share: the header's clock, the
/// tabs and their lists, the queue, the chat, the commissioner's start, pause, undo and autopick, the bell — with one
/// child for what only one kind has (`DraftRoomFeature+Children.swift`): a draft by rounds (`Rounds/`: the pick and its
/// confirmation, picking for the team on the clock) or an auction (`Auction/`: the player on the block, bids,
/// maximums, nominations, budgets on the Teams tab), each with its own state, actions, reducer and view.
public enum DraftRoomFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case room(LeagueID), players(LeagueID), queue(LeagueID), chat(LeagueID) }

    public enum Tab: Int, CaseIterable, Sendable {
        case available, queue, roster, recent, chat
        /// An auction's board of every team's budget left, max bid and open spots.
        case teams
        public var title: String {
            switch self {
            case .available: "Available"; case .queue: "My queue"; case .roster: "My roster"; case .recent: "Recent picks"; case .chat: "Chat"
            case .teams: "Teams"
            }
        }
    }

    /// The tabs of the room, in order (their keys are 1, 2, …): an auction adds Teams and calls its picks Sales.
    static func tabs(_ state: State) -> [Tab] {
        state.isAuction ? [.available, .queue, .teams, .roster, .recent, .chat] : [.available, .queue, .roster, .recent, .chat]
    }
    static func tabTitle(_ tab: Tab, auction: Bool) -> String { auction && tab == .recent ? "Sales" : tab.title }

    /// A commissioner's write waiting for y/n (a pick waiting for it is the draft by rounds').
    public enum Confirm: Equatable, Sendable {
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
        /// The draft by rounds' own state (shown through `rounds` while the room is one).
        public var picking = RoundsDraftFeature.Picking()
        /// The auction's own state (shown through `auction` while the room is one).
        public var bidding = AuctionRoomFeature.Bidding()
        /// Rings the terminal bell when my team comes on the clock (Settings).
        public var bell: Bool
        /// The league server can't be reached (remote mode): the clock shows paused, not counting down — the server
        /// gives the time back when it returns after an outage (`ClockOutage`), and a countdown here would be a guess.
        public var serverUnreachable = false
        public init(id: LeagueID, bell: Bool = true) { self.id = id; self.bell = bell }

        /// The list of the current tab.
        public var list: ListState {
            get { lists[tab] ?? ListState() }
            set { lists[tab] = newValue }
        }
        /// Picks newest first.
        public var recent: [DraftPickView] { (room.value?.picks ?? []).sorted { $0.pick.number > $1.pick.number } }
        /// Undrafted players matching the position and name filters, by rank (made once per change of what it is
        /// made from: `AvailableMemo`).
        public var available: [DraftablePlayer] { AvailableMemo.shared.players(for: self) }
        /// My picks in pick order.
        public var myPicks: [DraftPickView] {
            guard let room = room.value, let me = room.capabilities.myTeam else { return [] }
            return room.picks.filter { $0.pick.teamID == me }.sorted { $0.pick.number < $1.pick.number }
        }
        public var myQueue: [PlayerSummary] { queue.value ?? [] }
        /// The last messages, oldest first.
        public var messages: [ChatMessage] { chat.value ?? [] }
        public var isMyTurn: Bool { room.value.map(DraftRoomFeature.isMyTurn) ?? false }
        /// An auction league's room.
        public var isAuction: Bool { room.value?.auction != nil }
        public var isLive: Bool { room.value.map { $0.draft.status == .running && !$0.draft.isComplete } ?? false }
        var rowCount: Int {
            switch tab {
            case .available: available.count
            case .queue: myQueue.count
            case .roster: myPicks.count
            case .recent: recent.count
            case .chat: messages.count
            case .teams: room.value?.auction?.teams.count ?? 0
            }
        }
    }

    public enum Action: PageActionCases {
        case onAppear, retry
        /// The league changed (a pick, pause, undo, chat): reload, keeping the room on screen.
        case liveRefreshed
        /// The league's live events of these kinds came in (see `liveReload`).
        case liveEvents(Set<LeagueEvent.Kind>)
        /// The league server went out of reach (false) or answered again (true).
        case serverReachabilityChanged(Bool)
        case roomLoaded(RequestToken, Result<DraftBoard, PresentableError>)
        case playersLoaded(RequestToken, Result<[DraftablePlayer], PresentableError>)
        case queueLoaded(RequestToken, Result<[PlayerSummary], PresentableError>)
        case chatLoaded(RequestToken, Result<[ChatMessage], PresentableError>)
        /// The chat lines after the last one shown (a live refresh), to add to them.
        case chatAppended(RequestToken, Result<[ChatMessage], PresentableError>)
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
        /// y or n on the commissioner's question.
        case confirmed, cancelled
        case queueAdded, queueRemoved
        /// Moves the selected queued player up (-1) or down (+1).
        case queueMoved(Int)
        case startPressed, pausePressed, undoPressed, autopickPressed
        /// What only a draft by rounds does (picks).
        case rounds(RoundsDraftFeature.Action)
        /// What only an auction does (bids, maximums, nominations).
        case auction(AuctionRoomFeature.Action)
        case queueAnswered(Result<[PlayerSummary], PresentableError>)
        case chatAnswered(Result<ChatMessage, PresentableError>)
        /// A commissioner command finished: a toast on success, the server's sentence otherwise.
        case commandAnswered(Result<String, PresentableError>)
        case autopickAnswered(TeamID, Result<Bool, PresentableError>)
        /// A write answered "not signed in" (the session ended): carries the error so the shell's gate wipes the session.
        case signInNeeded(DomainError)
    }

    public static let signInMessage = "Sign in to draft — press i"
    /// The clock while the league server can't be reached.
    public static let unreachableClock = "paused — the league server is unreachable"
    public static let chatLimit = TextRules.chatLength.upperBound
    /// Said once when a chat line is cut at its limit.
    public static let chatLimitMessage = "Chat lines are at most \(chatLimit) characters"

    public static func live(_ state: State) -> Live<Action> {
        Live(refresh: .liveRefreshed, after: { .liveEvents($0) }, nextTick: { nextTick(state, now: $0) },
             reachability: { .serverReachabilityChanged($0) })
    }
    public static func textEntry(_ state: State) -> TextEntry<Action> {
        TextEntry(isFilterActive: state.filter.isActive || state.position != nil || state.confirm != nil || state.picking.confirm != nil,
                  isEditingText: state.filter.editing || state.chatEditing || state.bidding.entry != nil,
                  clearFilter: .escaped, typed: { .typed($0) }, pasted: { .pasted($0) })
    }
    public static func title(_ state: State) -> String { state.isAuction ? "Auction room" : "Draft room" }
    public static func page(_ state: State) -> Page { .draftRoom(state.id) }
    public static func board(_ state: State) -> BoardContext { .draft(state.id) }

    // MARK: - Rules the view and reducer share

    /// True when the room is running and my team is on the clock.
    static func isMyTurn(_ room: DraftBoard) -> Bool {
        guard room.draft.status == .running, let me = room.capabilities.myTeam else { return false }
        // An auction: my nomination, nobody on the block.
        if let a = room.auction { return a.nomination == nil && a.nominator == me }
        return onTheClock(room)?.id == me
    }

    /// Why a chat line can't be sent, or nil when it can: the domain's rule (`TextRules.chatLine`), counted the same way.
    public static func chatProblem(_ text: String) -> String? {
        let line = TextRules.normalized(text)
        if line.isEmpty { return "Type a message first." }
        if line.count > chatLimit { return "Messages are at most \(chatLimit) characters (this one has \(line.count))." }
        if let problem = TextRules.problem(in: line) { return problem.sentence("A message") + "." }
        return nil
    }

    /// The countdown segment of the header: time left (red under 10 s), or paused / soft timer / complete; a running
    /// clock shows paused while the league server can't be reached.
    public static func countdown(_ draft: Draft, now: Date, unreachable: Bool = false) -> (text: String, role: StyleRole)? {
        if draft.isComplete || draft.status == .complete { return ("complete", .dim) }
        switch draft.status {
        case .scheduled: return nil
        case .paused: return ("paused", .warning)
        case .complete: return ("complete", .dim)
        case .running where unreachable: return (unreachableClock, .warning)
        case .running:
            guard let deadline = draft.deadline else { return ("soft timer", .dim) }
            // At most 99:59 minutes shown: a stored deadline can be any number, and Int(1e300) traps.
            let seconds = deadline.timeIntervalSince(now).rounded(.up)
            let left = seconds.isNaN ? 0 : Int(min(max(0, seconds), 5_999))
            return (String(format: "%d:%02d", left / 60, left % 60), left < 10 ? .error : .accent)
        }
    }

    /// How long until the countdown shows a new second (nil when nothing ticks).
    public static func nextTick(_ state: State, now: Date) -> Duration? {
        guard !state.serverUnreachable, let d = state.room.value?.draft, d.status == .running, !d.isComplete, let deadline = d.deadline else { return nil }
        let left = deadline.timeIntervalSince(now)
        guard left > -1 else { return nil }
        var frac = left.truncatingRemainder(dividingBy: 1)
        if frac <= 0.001 { frac += 1 }
        return .milliseconds(Int(frac * 1000) + 5)
    }
}

extension DraftRoomFeature.State: LoadingReporting {
    public var isLoading: Bool { room.isLoading || players.isLoading || queue.isLoading || chat.isLoading }
}
