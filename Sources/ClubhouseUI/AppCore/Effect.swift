import Synchronization
import Terminal

/// What a page's (or the board's, or the shell's) reducer returns: Terminal's one effect type, whose requests to the
/// parent are `PageDelegate`s — open a page, go back, do a gated write, the session ended… The shell answers them
/// where it runs a page's reducer (`answeringDelegates`); what reaches the run loop asks nothing.
/// Reducers stay pure; the run loop executes effects, tests inspect them.
public typealias Effect<Action: Sendable> = Command<Action, PageDelegate>

extension Command where Request == PageDelegate {
    /// Ask the parent (the shell) for `request`.
    public static func delegate(_ request: PageDelegate) -> Command { .request(request) }

    /// Requests to the parent, in order.
    public var delegated: [PageDelegate] { requests }

    /// The same effect with each request to the parent — made now, or sent later by running work (a load that found
    /// the session ended) — replaced, where it stands, by the action `answer` makes of it.
    public func answeringDelegates(_ answer: @escaping @Sendable (PageDelegate) -> Action) -> Command {
        answeringRequests(answer)
    }

    /// The same effect whose work ends when page `page` leaves the sheet (the shell wraps each page's effects).
    func during(page: Int, _ pages: PageLifetimes) -> Command {
        Command(operations: operations.map { op in
            guard case .run(let id, let work) = op else { return op }
            return .run(id: id, work: { send in await pages.run(page: page) { await work(send) } })
        })
    }
}

extension Command {
    /// Runs every async operation one after another to its end and collects the actions they send (tests).
    public func awaitActions() async -> [Action] {
        let out = Mutex<[Action]>([])
        for op in operations {
            if case .run(_, let work) = op { await work(Send { output in if let a = output.action { out.withLock { $0.append(a) } } }) }
        }
        return out.withLock { $0 }
    }
}
