import Testing
import ClubhouseData
import Synchronization
import Terminal
@testable import ClubhouseUI

/// An exhaustive test store for one page feature, in the manner of TCA's `TestStore`:
///
///     let store = TestStore(HomeFeature.self, HomeFeature.State(), context: ctx)
///     await store.send(.onAppear) { _ = $0.publicLeagues.begin() }
///     await store.receive({ if case .leaguesLoaded = $0 { true } else { false } }) { … }
///     store.finish()
///
/// `send` and `receive` state how the state changes (the closure edits a copy of the state before the
/// action; the reducer's result must equal it); `delegated` states each request the page made of the shell, in
/// order. The store records an issue when the state changes in any other way, when an action an effect sent or
/// answered is never received, when `receive` finds another action first, when a request to the shell is not the one
/// stated or never stated, and when work an effect started is still waiting or running at `finish()`. Work runs only
/// when `receive` needs its answer, in the order it was started: the next work starts once the one before it has
/// ended or sent something, so a streaming effect (`.run { send in for await … }`) keeps running, its later actions
/// received as they come, while the work after it runs. Starting work with an id already waiting or running
/// supersedes it, and a cancel (the reducer's, or `cancel(_:)` for a stream the test ends) stops it, as the run loop does.
/// Drives any `Reducer`: a page, or the board.
final class TestStore<F: Reducer> {
    private(set) var state: F.State
    let context: PageContext
    /// Actions effects sent or answered, not yet received (running work appends from its own task).
    private let inbox = Inbox<F.Action>()
    /// Requests to the shell (`Effect.delegate`) not yet stated by `delegated`.
    private let requests = Inbox<PageDelegate>()
    /// Work started by the reducer and not yet running.
    private var waiting: [(id: TaskID?, work: @Sendable (Effect<F.Action>.Send) async -> Void)] = []
    /// Work running, oldest first, until it ends or is cancelled.
    private var running: [Running] = []
    private var finished = false
    /// How long `receive` waits for running work to send something.
    var timeout: Duration = .seconds(5)

    private struct Running { let id: TaskID?; let task: Task<Void, Never>; let run: RunState }

    init(_ feature: F.Type, _ state: F.State, context: PageContext) {
        self.state = state
        self.context = context
    }

    deinit {
        running.forEach { $0.task.cancel() }
        if !finished && (!inbox.isEmpty || !waiting.isEmpty || !requests.isEmpty || running.contains { !$0.run.ended }) {
            Issue.record("TestStore dropped with \(inbox.count) unreceived action(s), \(requests.count) unstated request(s), \(waiting.count) waiting and \(running.count) running effect(s); call finish()")
        }
    }

    /// Sends `action` and checks the state changed exactly as `update` says (no closure: it must not change).
    func send(_ action: F.Action, _ update: (inout F.State) -> Void = { _ in },
              sourceLocation: SourceLocation = #_sourceLocation) async {
        if let first = inbox.first {
            Issue.record("send(\(action)) while \(inbox.count) action(s) wait to be received, first: \(first)", sourceLocation: sourceLocation)
        }
        apply(action, update, sourceLocation: sourceLocation)
    }

    /// Receives the next action effects produced (running waiting work until one arrives); it must match
    /// `matches`, and the state must change exactly as `update` says.
    func receive(_ matches: (F.Action) -> Bool, _ update: (inout F.State) -> Void = { _ in },
                 sourceLocation: SourceLocation = #_sourceLocation) async {
        await awaitAction()
        guard let action = inbox.popFirst() else {
            Issue.record("receive: no action arrived (\(running.isEmpty ? "nothing is waiting" : "\(running.count) effect(s) running sent nothing"))",
                         sourceLocation: sourceLocation)
            return
        }
        guard matches(action) else {
            Issue.record("receive: the next action was \(action)", sourceLocation: sourceLocation)
            return
        }
        apply(action, update, sourceLocation: sourceLocation)
    }

    /// States the next request the page made of the shell (open a page, a gated write, a toast, back).
    func delegated(_ request: PageDelegate, sourceLocation: SourceLocation = #_sourceLocation) {
        guard !requests.isEmpty else {
            Issue.record("delegated(\(request)): the page asked the shell for nothing", sourceLocation: sourceLocation)
            return
        }
        let next = requests.popFirst()!
        if next != request { Issue.record("delegated: the page asked for \(next)", sourceLocation: sourceLocation) }
    }

    /// Ids of work started and not yet run, oldest first.
    var waitingIDs: [TaskID?] { waiting.map(\.id) }
    /// Ids of work running (a stream still open), oldest first.
    var runningIDs: [TaskID?] { running.filter { !$0.run.ended }.map(\.id) }

    /// Stops work with `id` (waiting or running), as the reducer's `.cancel(id:)` would: the test ends a stream.
    func cancel(_ id: some EffectIdentifier) { cancel(TaskID(id)) }

    /// Checks nothing is left: every action received, no work waiting or running (a stream the test leaves open
    /// is cancelled, and said).
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        finished = true
        if !inbox.isEmpty {
            Issue.record("\(inbox.count) action(s) were never received: \(inbox.all)", sourceLocation: sourceLocation)
        }
        if !requests.isEmpty {
            Issue.record("\(requests.count) request(s) to the shell were never stated: \(requests.all)", sourceLocation: sourceLocation)
        }
        if !waiting.isEmpty {
            Issue.record("\(waiting.count) effect(s) still waiting: \(waiting.map { $0.id?.description ?? "(no id)" })", sourceLocation: sourceLocation)
        }
        let open = running.filter { !$0.run.ended }
        if !open.isEmpty {
            Issue.record("\(open.count) effect(s) still running: \(open.map { $0.id?.description ?? "(no id)" }); end them with cancel(_:)",
                         sourceLocation: sourceLocation)
        }
        running.forEach { $0.run.cancel(); $0.task.cancel() }
        inbox.removeAll(); waiting = []; requests.removeAll(); running = []
    }

    /// Runs the work still waiting that answers with no action (a bell, a save), in order; an action it does answer
    /// waits to be received.
    func runSilentWork() async {
        while !waiting.isEmpty {
            let run = start(waiting.removeFirst())
            await run.task.value
        }
    }

    /// Drops work still waiting (for a test that deliberately leaves a load unanswered).
    func skipWaitingEffects() { waiting = [] }

    /// Starts waiting work until an action has arrived or nothing more can come: the next waiting work starts once
    /// every running one has ended or sent something; running work gets `timeout` to send.
    private func awaitAction() async {
        // Looked at every millisecond (after a yield to the running work) until it holds or `timeout` has passed.
        _ = await Wait.until(timeout, every: .milliseconds(1)) { () async -> Bool in
            while inbox.isEmpty {
                running.removeAll { $0.run.ended }
                if running.allSatisfy({ $0.run.hasSent }) {
                    if !waiting.isEmpty { start(waiting.removeFirst()); continue }
                    if running.isEmpty { return true }
                }
                await Task.yield()
                return !inbox.isEmpty
            }
            return true
        }
    }

    @discardableResult
    private func start(_ next: (id: TaskID?, work: @Sendable (Effect<F.Action>.Send) async -> Void)) -> Running {
        let run = RunState(), inbox = self.inbox, requests = self.requests, work = next.work
        let task = Task {
            await work(Effect<F.Action>.Send { output in
                guard run.sent() else { return }
                switch output {
                case .action(let a): inbox.append(a)
                case .request(let r): requests.append(r)
                }
            })
            run.end()
        }
        let r = Running(id: next.id, task: task, run: run)
        running.append(r)
        return r
    }

    private func cancel(_ id: TaskID) {
        waiting.removeAll { $0.id == id }
        for r in running where r.id == id { r.run.cancel(); r.task.cancel() }
        running.removeAll { $0.id == id }
    }

    private func apply(_ action: F.Action, _ update: (inout F.State) -> Void, sourceLocation: SourceLocation) {
        var expected = state
        update(&expected)
        let effect = F.reduce(into: &state, action: action, context: context)
        if state != expected {
            Issue.record("""
                State after \(action) is not what the test said.
                expected: \(expected)
                actual:   \(state)
                """, sourceLocation: sourceLocation)
        }
        for op in effect.operations {
            switch op {
            case .send(let a): inbox.append(a)
            case .run(let id, let work):
                if let id { cancel(id) }
                waiting.append((id, work))
            case .cancel(let id): cancel(id)
            case .request(let request): requests.append(request)
            case .quit: Issue.record("a page's effect quit the program", sourceLocation: sourceLocation)
            }
        }
    }
}

/// Actions sent by effects, in the order they came (from any task).
private final class Inbox<Action: Sendable>: Sendable {
    private let actions = Mutex<[Action]>([])
    func append(_ a: Action) { actions.withLock { $0.append(a) } }
    func popFirst() -> Action? { actions.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
    func removeAll() { actions.withLock { $0 = [] } }
    var first: Action? { actions.withLock { $0.first } }
    var all: [Action] { actions.withLock { $0 } }
    var count: Int { actions.withLock { $0.count } }
    var isEmpty: Bool { count == 0 }
}

/// One running effect: whether it has sent anything, ended, or was cancelled (then what it sends is dropped).
private final class RunState: Sendable {
    private let state = Mutex<(sent: Bool, ended: Bool, cancelled: Bool)>((false, false, false))
    /// Notes a send; false when the effect was cancelled (drop it).
    func sent() -> Bool { state.withLock { if $0.cancelled { return false }; $0.sent = true; return true } }
    func end() { state.withLock { $0.ended = true } }
    func cancel() { state.withLock { $0.cancelled = true } }
    var hasSent: Bool { state.withLock { $0.sent } }
    var ended: Bool { state.withLock { $0.ended } }
}
