/// Names a task so a newer one with the same id replaces (cancels) it: any `Hashable & Sendable` value, compared
/// together with its type, so two programs' (or two pages') ids never meet even when they look alike.
public struct TaskID: Hashable, CustomStringConvertible, @unchecked Sendable {  // holds only Sendable values (see init)
    private let value: AnyHashable
    public init<ID: Hashable & Sendable>(_ id: ID) {
        value = (id as? TaskID)?.value ?? AnyHashable(id)
    }
    /// The id's type and value, e.g. `EffectID.room(L1)`, for test failures and logs.
    public var description: String { "\(type(of: value.base)).\(value.base)" }
}

/// What names a cancellable task: a program's (or a feature's) own enum (`enum EffectID: EffectIdentifier
/// { case room(LeagueID) }`), so two features' ids never meet, and a misspelt id is a compile error rather than a
/// load that never cancels. `TaskID` is one too.
public protocol EffectIdentifier: Hashable, Sendable {}
extension TaskID: EffectIdentifier {}

/// The one effect type, from a reducer to the run loop: what `Program.update` (and any reducer below it) returns
/// instead of doing it — an action to send at once, async work that sends any number of actions back over time
/// (`.run(id:) { send in for await … { send(…) } }`), the cancellation of work in flight, a request to the parent,
/// or the end of the program. Effects are values, so tests inspect them.
///
/// `Request` is what a part asks of whoever runs it (a page asking its shell to open a page, do a gated write…);
/// a parent answers its children's requests (`answeringRequests`) where it runs their reducers, so what reaches the
/// run loop asks nothing: `Program` returns `Command<Message, Never>`.
public struct Command<Action: Sendable, Request: Sendable>: Sendable {
    /// One thing to do.
    public enum Operation: Sendable {
        /// Feed `action` back into the reducer on the next turn.
        case send(Action)
        /// Ask the parent for something; answered where the parent runs this reducer.
        case request(Request)
        /// Run `work`; what it sends comes back as it comes, until it ends or is cancelled. Starting work with an
        /// `id` cancels work in flight with that id.
        case run(id: TaskID?, work: @Sendable (Send) async -> Void)
        /// Cancel work in flight with `id`.
        case cancel(id: TaskID)
        /// End the program (after the work already in this effect's batch is handed over).
        case quit
    }

    /// What running work hands back: an action, or a request to the parent (e.g. "the session ended").
    public enum Output: Sendable {
        case action(Action)
        case request(Request)
        /// The action, if this is one.
        public var action: Action? { if case .action(let a) = self { a } else { nil } }
    }

    /// How running work hands things back, as many as it has (`send(.loaded(x))`, `send(request: …)`). Once the
    /// work is cancelled (by id, superseded, or its page went away) what it sends is dropped.
    public struct Send: Sendable {
        private let deliver: @Sendable (Output) -> Void
        public init(_ deliver: @escaping @Sendable (Output) -> Void) { self.deliver = deliver }
        /// Sends `action` back to the reducer.
        public func callAsFunction(_ action: Action) { deliver(.action(action)) }
        /// Asks the parent for `request`.
        public func callAsFunction(request: Request) { deliver(.request(request)) }
        /// Hands `output` on as it is.
        public func callAsFunction(output: Output) { deliver(output) }
    }

    public var operations: [Operation]

    public init(operations: [Operation]) { self.operations = operations }

    /// Nothing to do.
    public static var none: Command { Command(operations: []) }
    /// Send `action` right away.
    public static func send(_ action: Action) -> Command { Command(operations: [.send(action)]) }
    /// Ask the parent for `request`.
    public static func request(_ request: Request) -> Command { Command(operations: [.request(request)]) }
    /// Run async work that answers once (or not, with nil); a new run with the same `id` supersedes (cancels) it.
    public static func run(id: (any EffectIdentifier)? = nil, _ work: @escaping @Sendable () async -> Action?) -> Command {
        Command(operations: [.run(id: id.map { TaskID($0) }, work: { send in if let a = await work() { send(a) } })])
    }
    /// Run async work that sends any number of actions until it ends or is cancelled — by `id`, by a new run with
    /// the same `id`, or (a page's) when its page goes away:
    ///
    ///     .run(id: EffectID.events) { send in for await e in api.events(league: id, after: nil) { send(.eventReceived(e)) } }
    public static func run(id: (any EffectIdentifier)? = nil, _ work: @escaping @Sendable (Send) async -> Void) -> Command {
        Command(operations: [.run(id: id.map { TaskID($0) }, work: work)])
    }
    /// Cancel work in flight with `id`.
    public static func cancel(id: some EffectIdentifier) -> Command { Command(operations: [.cancel(id: TaskID(id))]) }
    /// End the program.
    public static var quit: Command { Command(operations: [.quit]) }
    /// All of `effects`, in order.
    public static func merge(_ effects: Command...) -> Command { merge(effects) }
    /// All of `effects`, in order.
    public static func merge(_ effects: [Command]) -> Command { Command(operations: effects.flatMap(\.operations)) }
    /// Several effects at once (`merge`).
    public static func batch(_ effects: [Command]) -> Command { merge(effects) }

    /// True when there is nothing to do.
    public var isNone: Bool { operations.isEmpty }

    /// The same effect speaking a parent's action type (requests travel up unchanged).
    public func map<Parent: Sendable>(_ transform: @escaping @Sendable (Action) -> Parent) -> Command<Parent, Request> {
        Command<Parent, Request>(operations: operations.map { op in
            switch op {
            case .send(let a): return .send(transform(a))
            case .request(let r): return .request(r)
            case .run(let id, let work):
                return .run(id: id, work: { send in
                    await work(Send { output in
                        switch output {
                        case .action(let a): send(transform(a))
                        case .request(let r): send(request: r)
                        }
                    })
                })
            case .cancel(let id): return .cancel(id: id)
            case .quit: return .quit
            }
        })
    }

    /// The same effect with every request — made now or sent later by running work — answered by the action
    /// `answer` makes of it, where it stands: what the parent does for its children's requests.
    public func answeringRequests<Other: Sendable>(_ answer: @escaping @Sendable (Request) -> Action) -> Command<Action, Other> {
        Command<Action, Other>(operations: operations.map { op in
            switch op {
            case .send(let a): return .send(a)
            case .request(let r): return .send(answer(r))
            case .run(let id, let work):
                return .run(id: id, work: { send in
                    await work(Send { output in
                        switch output {
                        case .action(let a): send(a)
                        case .request(let r): send(answer(r))
                        }
                    })
                })
            case .cancel(let id): return .cancel(id: id)
            case .quit: return .quit
            }
        })
    }

    // MARK: - Inspection (tests, the run loop)

    /// Actions sent immediately.
    public var sentActions: [Action] {
        operations.compactMap { if case .send(let a) = $0 { a } else { nil } }
    }
    /// Requests to the parent made immediately, in order.
    public var requests: [Request] {
        operations.compactMap { if case .request(let r) = $0 { r } else { nil } }
    }
    /// Ids of async work started (nil for anonymous work).
    public var runIDs: [TaskID?] {
        operations.compactMap { if case .run(let id, _) = $0 { id } else { nil } }
    }
    /// Ids cancelled.
    public var cancelledIDs: [TaskID] {
        operations.compactMap { if case .cancel(let id) = $0 { id } else { nil } }
    }
    /// True when the effect ends the program.
    public var quits: Bool { operations.contains { if case .quit = $0 { true } else { false } } }
}
