/// Effect tasks started by commands, keyed so a task with the same id replaces (cancels) the previous one.
final class TaskRegistry: @unchecked Sendable {
    private let lock = Lock()
    private var tasks: [Int: (id: TaskID?, task: Task<Void, Never>)] = [:]
    private var nextKey = 0

    /// Starts `operation`; its non-nil result is posted to `mailbox` unless the task was cancelled.
    func start<M: Sendable>(id: TaskID?, mailbox: Mailbox<M>, operation: @escaping @Sendable () async -> M?) {
        lock.withLock {
            if let id { cancelLocked(id: id) }
            nextKey += 1
            let key = nextKey
            let task = Task { [self] in
                let result = await operation()
                if !Task.isCancelled, let result { mailbox.post(result) }
                self.remove(key: key)
            }
            tasks[key] = (id, task)
        }
    }

    /// Cancels the task with `id`.
    func cancel(id: TaskID) { lock.withLock { cancelLocked(id: id) } }

    /// Cancels everything.
    func cancelAll() { lock.withLock { tasks.values.forEach { $0.task.cancel() }; tasks = [:] } }

    /// Tasks still running.
    var count: Int { lock.withLock { tasks.count } }

    private func cancelLocked(id: TaskID) {
        for (k, v) in tasks where v.id == id { v.task.cancel(); tasks[k] = nil }
    }

    private func remove(key: Int) { _ = lock.withLock { tasks.removeValue(forKey: key) } }
}
