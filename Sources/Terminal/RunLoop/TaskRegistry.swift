import Synchronization

/// Effect tasks started by commands, keyed so a task with the same id replaces (cancels) the previous one.
final class TaskRegistry: Sendable {
    private struct State {
        var tasks: [Int: (id: TaskID?, task: Task<Void, Never>)] = [:]
        var nextKey = 0

        mutating func cancel(id: TaskID) {
            for (k, v) in tasks where v.id == id { v.task.cancel(); tasks[k] = nil }
        }
    }
    private let state = Mutex(State())

    /// Starts `operation`; what it sends is posted to `mailbox` while the task runs (not once it was cancelled).
    func start<M: Sendable>(id: TaskID?, mailbox: Mailbox<M>, operation: @escaping @Sendable (Command<M, Never>.Send) async -> Void) {
        state.withLock { s in
            if let id { s.cancel(id: id) }
            s.nextKey += 1
            let key = s.nextKey
            let task = Task { [self] in
                await operation(Command<M, Never>.Send { [self] output in
                    guard case .action(let message) = output else { return }
                    if !Task.isCancelled, self.isRunning(key: key) { mailbox.post(message) }
                })
                self.remove(key: key)
            }
            s.tasks[key] = (id, task)
        }
    }

    /// Cancels the task with `id`.
    func cancel(id: TaskID) { state.withLock { $0.cancel(id: id) } }

    /// Cancels everything.
    func cancelAll() { state.withLock { $0.tasks.values.forEach { $0.task.cancel() }; $0.tasks = [:] } }

    /// Tasks still running.
    var count: Int { state.withLock { $0.tasks.count } }

    private func isRunning(key: Int) -> Bool { state.withLock { $0.tasks[key] != nil } }

    private func remove(key: Int) { _ = state.withLock { $0.tasks.removeValue(forKey: key) } }
}
