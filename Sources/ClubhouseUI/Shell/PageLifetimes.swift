import Synchronization

/// The work each page on the sheet started, so that it ends when its page leaves the sheet (popped, replaced by a
/// deep link, taken away with the gate's pages): a stream a page watches stops then, as a load it started does.
/// One per app (`AppEnvironment.pages`); the shell wraps each page's effects in `run(page:_:)` and ends the pages
/// that left with an effect (`AppReducer.endPages`).
public final class PageLifetimes: Sendable {
    private struct State {
        var ended: Set<Int> = []
        var running: [Int: [Int: Task<Void, Never>]] = [:]
        var next = 0
    }
    private let state = Mutex(State())

    public init() {}

    /// Runs `work` until it ends, the task running it is cancelled, or page `page` leaves the sheet.
    func run(page: Int, _ work: @escaping @Sendable () async -> Void) async {
        let key: Int? = state.withLock { s in
            guard !s.ended.contains(page) else { return nil }
            s.next += 1
            return s.next
        }
        guard let key else { return }
        let task = Task { await work() }
        let endedMeanwhile = state.withLock { s -> Bool in
            if s.ended.contains(page) { return true }
            s.running[page, default: [:]][key] = task
            return false
        }
        if endedMeanwhile { task.cancel() }
        await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        state.withLock { s in
            s.running[page]?[key] = nil
            if s.running[page]?.isEmpty == true { s.running[page] = nil }
        }
    }

    /// Ends what pages `pages` started, and anything they would start.
    func end(_ pages: Set<Int>) {
        let tasks = state.withLock { s in
            pages.flatMap { page -> [Task<Void, Never>] in
                s.ended.insert(page)
                return s.running.removeValue(forKey: page).map { Array($0.values) } ?? []
            }
        }
        tasks.forEach { $0.cancel() }
    }

    /// Work running for `page` (tests).
    func runningCount(page: Int) -> Int { state.withLock { $0.running[page]?.count ?? 0 } }
}
