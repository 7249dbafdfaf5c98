import Testing
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
/// stated or never stated, and when work an effect started is still waiting at `finish()`. Work runs only when
/// `receive` needs its answer, in the order it was started; starting work with an id already waiting
/// supersedes it, and a cancel removes it, as the run loop does.
final class TestStore<F: PageFeature> {
    private(set) var state: F.State
    let context: PageContext
    /// Actions effects sent or answered, not yet received.
    private var received: [F.Action] = []
    /// Requests to the shell (`Effect.delegate`) not yet stated by `delegated`.
    private var requests: [PageDelegate] = []
    /// Work started and not yet run.
    private var waiting: [(id: TaskID?, work: @Sendable () async -> Effect<F.Action>.Answer)] = []
    private var finished = false

    init(_ feature: F.Type, _ state: F.State, context: PageContext) {
        self.state = state
        self.context = context
    }

    deinit {
        if !finished && (!received.isEmpty || !waiting.isEmpty || !requests.isEmpty) {
            Issue.record("TestStore dropped with \(received.count) unreceived action(s), \(requests.count) unstated request(s) and \(waiting.count) waiting effect(s); call finish()")
        }
    }

    /// Sends `action` and checks the state changed exactly as `update` says (no closure: it must not change).
    func send(_ action: F.Action, _ update: (inout F.State) -> Void = { _ in },
              sourceLocation: SourceLocation = #_sourceLocation) async {
        if let first = received.first {
            Issue.record("send(\(action)) while \(received.count) action(s) wait to be received, first: \(first)", sourceLocation: sourceLocation)
        }
        apply(action, update, sourceLocation: sourceLocation)
    }

    /// Receives the next action effects produced (running waiting work until one arrives); it must match
    /// `matches`, and the state must change exactly as `update` says.
    func receive(_ matches: (F.Action) -> Bool, _ update: (inout F.State) -> Void = { _ in },
                 sourceLocation: SourceLocation = #_sourceLocation) async {
        while received.isEmpty, !waiting.isEmpty {
            let next = waiting.removeFirst()
            if let a = await next.work().action { received.append(a) }
        }
        guard !received.isEmpty else {
            Issue.record("receive: no action arrived (nothing is waiting)", sourceLocation: sourceLocation)
            return
        }
        let action = received.removeFirst()
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
        let next = requests.removeFirst()
        if next != request { Issue.record("delegated: the page asked for \(next)", sourceLocation: sourceLocation) }
    }

    /// Ids of work started and not yet run, oldest first.
    var waitingIDs: [TaskID?] { waiting.map(\.id) }

    /// Checks nothing is left: every action received, no work waiting.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        finished = true
        if !received.isEmpty {
            Issue.record("\(received.count) action(s) were never received: \(received)", sourceLocation: sourceLocation)
        }
        if !requests.isEmpty {
            Issue.record("\(requests.count) request(s) to the shell were never stated: \(requests)", sourceLocation: sourceLocation)
        }
        if !waiting.isEmpty {
            Issue.record("\(waiting.count) effect(s) still waiting: \(waiting.map { $0.id?.description ?? "(no id)" })", sourceLocation: sourceLocation)
        }
        received = []; waiting = []; requests = []
    }

    /// Runs the work still waiting that answers with no action (a bell, a save), in order; an action it does answer
    /// waits to be received.
    func runSilentWork() async {
        while !waiting.isEmpty {
            let next = waiting.removeFirst()
            if let a = await next.work().action { received.append(a) }
        }
    }

    /// Drops work still waiting (for a test that deliberately leaves a load unanswered).
    func skipWaitingEffects() { waiting = [] }

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
            case .send(let a): received.append(a)
            case .run(let id, let work):
                if let id { waiting.removeAll { $0.id == id } }
                waiting.append((id, work))
            case .cancel(let id): waiting.removeAll { $0.id == id }
            case .delegate(let request): requests.append(request)
            case .quit: Issue.record("a page's effect quit the program", sourceLocation: sourceLocation)
            }
        }
    }
}
