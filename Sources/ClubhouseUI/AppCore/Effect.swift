import Synchronization
import Terminal

/// What names a cancellable effect: each feature's own enum (`enum EffectID: EffectIdentifier { case room(LeagueID) }`),
/// so two features' ids never meet, and a misspelt id is a compile error rather than a load that never cancels.
public protocol EffectIdentifier: Hashable, Sendable {}

/// A side effect a reducer returns instead of performing it: async work that answers with an action (or sends
/// many over time, `.run(id:) { send in for await … { send(…) } }`), an action to send at once, a request to the parent (a page asking the shell to open a page, go back, do a gated
/// write…), the cancellation of work in flight, or the end of the program. Reducers stay pure; the run loop executes
/// effects, tests inspect them.
public struct Effect<Action: Sendable>: Sendable {
    /// One thing to do.
    public enum Operation: Sendable {
        /// Feed `action` back into the reducer immediately (e.g. a page asking its parent to navigate).
        case send(Action)
        /// Run `work`; the answers it sends come back as they come, until it ends or is cancelled. Starting work
        /// with an `id` cancels work in flight with that id.
        case run(id: TaskID?, work: @Sendable (Send) async -> Void)
        /// Cancel work in flight with `id`.
        case cancel(id: TaskID)
        /// Ask the parent for something (a page's requests to the shell). The shell turns these into its own effects
        /// where it runs a page's reducer; none reaches the run loop.
        case delegate(PageDelegate)
        /// End the program (after the work already in this effect's batch is handed over).
        case quit
    }

    /// What async work comes back with: an action (or none), and whether the answer says the server ended the
    /// session (`DomainError.unauthenticated`) — the typed channel by which the shell hears it, whatever page asked.
    public struct Answer: Sendable {
        public var action: Action?
        public var endedSession: Bool
        public init(_ action: Action?, endedSession: Bool = false) { self.action = action; self.endedSession = endedSession }
    }

    /// How running work hands answers back, as many as it has (`send(.loaded(x))`): what it sends after it was
    /// cancelled (by id, superseded, or its page went away) is dropped.
    public struct Send: Sendable {
        private let deliver: @Sendable (Answer) -> Void
        public init(_ deliver: @escaping @Sendable (Answer) -> Void) { self.deliver = deliver }
        /// Sends `action` back to the reducer.
        public func callAsFunction(_ action: Action) { deliver(Answer(action)) }
        /// Sends an answer that may say the session ended.
        public func callAsFunction(_ answer: Answer) { deliver(answer) }
    }

    public var operations: [Operation]

    public init(operations: [Operation]) { self.operations = operations }

    /// Nothing to do.
    public static var none: Effect { Effect(operations: []) }
    /// Send `action` right away.
    public static func send(_ action: Action) -> Effect { Effect(operations: [.send(action)]) }
    /// Run async work that answers once; a new run with the same `id` supersedes (cancels) the old one.
    public static func run(id: (any EffectIdentifier)? = nil, _ work: @escaping @Sendable () async -> Action?) -> Effect {
        Effect(operations: [.run(id: id.map { TaskID($0) }, work: { send in if let a = await work() { send(a) } })])
    }
    /// Run async work that sends any number of actions until it ends or is cancelled — by `id`, by a new run with
    /// the same `id`, or (a page's) when its page goes away:
    ///
    ///     .run(id: EffectID.events) { send in for await e in api.events(league: id, after: nil) { send(.eventReceived(e)) } }
    public static func run(id: (any EffectIdentifier)? = nil, _ work: @escaping @Sendable (Send) async -> Void) -> Effect {
        Effect(operations: [.run(id: id.map { TaskID($0) }, work: work)])
    }
    /// Run async work whose answer may say the session ended (see `Answer`).
    public static func answer(id: (any EffectIdentifier)? = nil, _ work: @escaping @Sendable () async -> Answer) -> Effect {
        Effect(operations: [.run(id: id.map { TaskID($0) }, work: { send in
            let answer = await work()
            if answer.action != nil || answer.endedSession { send(answer) }
        })])
    }
    /// Cancel work in flight with `id`.
    public static func cancel(id: some EffectIdentifier) -> Effect { Effect(operations: [.cancel(id: TaskID(id))]) }
    /// Ask the parent (the shell) for `request`.
    public static func delegate(_ request: PageDelegate) -> Effect { Effect(operations: [.delegate(request)]) }
    /// End the program.
    public static var quit: Effect { Effect(operations: [.quit]) }
    /// All of `effects`, in order.
    public static func merge(_ effects: Effect...) -> Effect { merge(effects) }
    /// All of `effects`, in order.
    public static func merge(_ effects: [Effect]) -> Effect { Effect(operations: effects.flatMap(\.operations)) }

    /// True when there is nothing to do.
    public var isNone: Bool { operations.isEmpty }

    /// The same effect speaking a parent's action type. With `endingSession`, an answer that ended the session
    /// becomes that parent action (and no longer says so); without, the flag travels up with the answer.
    public func map<Parent: Sendable>(_ transform: @escaping @Sendable (Action) -> Parent,
                                      endingSession: (@Sendable (Action?) -> Parent)? = nil) -> Effect<Parent> {
        Effect<Parent>(operations: operations.map { op in
            switch op {
            case .send(let a): return .send(transform(a))
            case .run(let id, let work):
                return .run(id: id, work: { send in
                    await work(Send { answer in
                        if answer.endedSession, let endingSession { send(.init(endingSession(answer.action))); return }
                        send(.init(answer.action.map(transform), endedSession: answer.endedSession))
                    })
                })
            case .cancel(let id): return .cancel(id: id)
            case .delegate(let request): return .delegate(request)
            case .quit: return .quit
            }
        })
    }

    /// The same effect whose work ends when page `page` leaves the sheet (the shell wraps each page's effects).
    func during(page: Int, _ pages: PageLifetimes) -> Effect {
        Effect(operations: operations.map { op in
            guard case .run(let id, let work) = op else { return op }
            return .run(id: id, work: { send in await pages.run(page: page) { await work(send) } })
        })
    }

    /// The same effect with each request to the parent replaced, where it stands, by what `answer` makes of it.
    public func answeringDelegates(_ answer: (PageDelegate) -> Effect) -> Effect {
        Effect(operations: operations.flatMap { op -> [Operation] in
            if case .delegate(let request) = op { return answer(request).operations }
            return [op]
        })
    }

    // MARK: - Inspection (tests, the runtime)

    /// Actions sent immediately.
    public var sentActions: [Action] {
        operations.compactMap { if case .send(let a) = $0 { a } else { nil } }
    }
    /// Requests to the parent, in order.
    public var delegated: [PageDelegate] {
        operations.compactMap { if case .delegate(let d) = $0 { d } else { nil } }
    }
    /// Ids of async work started (nil for anonymous work).
    public var runIDs: [TaskID?] {
        operations.compactMap { if case .run(let id, _) = $0 { id } else { nil } }
    }
    /// True when the effect ends the program.
    public var quits: Bool { operations.contains { if case .quit = $0 { true } else { false } } }
    /// Ids cancelled.
    public var cancelledIDs: [TaskID] {
        operations.compactMap { if case .cancel(let id) = $0 { id } else { nil } }
    }
    /// Runs every async operation one after another to its end and collects the actions they send (tests).
    public func awaitActions() async -> [Action] {
        let out = Mutex<[Action]>([])
        for op in operations {
            if case .run(_, let work) = op { await work(Send { answer in if let a = answer.action { out.withLock { $0.append(a) } } }) }
        }
        return out.withLock { $0 }
    }
}
