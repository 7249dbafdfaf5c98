/// Names a task so a newer one with the same id replaces (cancels) it: any `Hashable & Sendable` value, compared
/// together with its type, so two programs' (or two pages') ids never meet even when they look alike.
public struct TaskID: Hashable, CustomStringConvertible, @unchecked Sendable {  // holds only Sendable values (see init)
    private let value: AnyHashable
    public init<ID: Hashable & Sendable>(_ id: ID) { value = AnyHashable(id) }
    /// The id's type and value, e.g. `EffectID.room(L1)`, for test failures and logs.
    public var description: String { "\(type(of: value.base)).\(value.base)" }
}

/// An effect returned by `Program.update`: async work whose results come back as messages, or a
/// request to the run loop. Commands are values, so tests can inspect them.
public struct Command<Message: Sendable>: Sendable {
    /// How running work hands messages back to the run loop, as many as it has until it ends or is cancelled
    /// (`send(.loaded(x))`). Once the task is cancelled (by id, or superseded) what it sends is dropped.
    public struct Send: Sendable {
        private let post: @Sendable (Message) -> Void
        public init(_ post: @escaping @Sendable (Message) -> Void) { self.post = post }
        public func callAsFunction(_ message: Message) { post(message) }
    }

    /// What the command does.
    public enum Kind: Sendable {
        case none
        case quit
        /// Runs `operation` in a Swift Task; each message it sends is delivered as `.message` until it ends. A task
        /// with an id cancels any running task with the same id (superseded loads never land).
        case task(id: TaskID?, operation: @Sendable (Send) async -> Void)
        /// Cancels the running task with this id.
        case cancel(id: TaskID)
        /// Delivers a message on the next loop turn.
        case send(Message)
        case batch([Command<Message>])
    }
    /// What to do.
    public var kind: Kind

    /// Wraps a kind.
    public init(_ kind: Kind) { self.kind = kind }

    /// Do nothing.
    public static var none: Command { Command(.none) }
    /// Stop the run loop and restore the terminal.
    public static var quit: Command { Command(.quit) }
    /// Run async work; its result comes back as a message. Give an `id` to cancel superseded work.
    public static func run(id: TaskID? = nil, _ operation: @escaping @Sendable () async -> Message?) -> Command {
        Command(.task(id: id, operation: { send in if let m = await operation() { send(m) } }))
    }
    /// Run async work that sends any number of messages (`for await x in stream { send(.got(x)) }`) until it ends or
    /// is cancelled. Give an `id` to cancel it, or to supersede it with the next one.
    public static func run(id: TaskID? = nil, _ operation: @escaping @Sendable (Send) async -> Void) -> Command {
        Command(.task(id: id, operation: operation))
    }
    /// Cancel the task started with `id`.
    public static func cancel(id: TaskID) -> Command { Command(.cancel(id: id)) }
    /// Deliver `message` on the next loop turn.
    public static func send(_ message: Message) -> Command { Command(.send(message)) }
    /// Several commands at once.
    public static func batch(_ commands: [Command]) -> Command { Command(.batch(commands)) }

    /// True when this command (or one in its batch) asks to quit.
    public var quits: Bool {
        switch kind {
        case .quit: return true
        case .batch(let cs): return cs.contains { $0.quits }
        default: return false
        }
    }
}
