import ClubhouseDomain
import Foundation

/// Drives live draft rooms from an embedded process: sleeps until the next pick falls due, then calls the
/// idempotent `tickDraft`. Every process sharing the database file may run one; the pick-number check
/// lets exactly one tick land per pick. A league event (a pick, pause, start…) wakes it early to re-plan.
public final class DraftClockDriver: Sendable {
    let service: LeagueService
    let databasePath: String
    /// Longest sleep without an event, so a room started by a process that writes no event is still noticed.
    let maxSleep: Duration
    /// The spread of the random pause before ticking a due pick (0 for tests that step a manual clock).
    let jitterMilliseconds: Int

    public init(service: LeagueService, databasePath: String, maxSleep: Duration = .seconds(5), jitterMilliseconds: Int = 40) {
        self.service = service; self.databasePath = databasePath; self.maxSleep = maxSleep; self.jitterMilliseconds = jitterMilliseconds
    }

    /// Runs until the task is cancelled.
    public func run() async {
        let events = EventFollower(path: databasePath).events(after: (try? EventLog.lastID(Database(path: databasePath))) ?? 0)
        let wake = WakeSignal()
        let watcher = Task {
            for await event in events where event.kind.rawValue.hasPrefix("draft.") { wake.fire() }
        }
        defer { watcher.cancel() }
        while !Task.isCancelled {
            let due = (try? service.draftsDue()) ?? []
            let now = service.clock.now()
            for (league, at) in due where at <= now {
                // Every process on the file woke for this pick: a random few milliseconds apart, then a cheap read,
                // so the first tick lands and the rest see it made instead of queueing for the write lock.
                try? await Task.sleep(for: .milliseconds(Int.random(in: 0...jitterMilliseconds)))
                guard let still = try? service.draftDue(league), still <= service.clock.now() else { continue }
                _ = try? service.tickDraft(league)
            }
            let next = due.map(\.due).filter { $0 > now }.min()
            var sleep = maxSleep
            if let next { sleep = min(sleep, .milliseconds(Int(max(10, next.timeIntervalSince(now) * 1000)))) }
            if due.contains(where: { $0.due <= now }) { sleep = .milliseconds(10) }
            await wake.wait(upTo: sleep)
        }
    }
}

/// A one-shot wake-up a sleeper can wait on with a timeout.
final class WakeSignal: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var fired = false
    private var waiter: CheckedContinuation<Void, Never>?

    func fire() {
        lock.lock()
        if let w = waiter { waiter = nil; lock.unlock(); w.resume(); return }
        fired = true
        lock.unlock()
    }

    /// Returns when fired or after `timeout`, whichever is first.
    func wait(upTo timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                    lock.lock()
                    if fired || Task.isCancelled { fired = false; lock.unlock(); c.resume(); return }
                    waiter = c
                    lock.unlock()
                }
            }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            // Whoever finished first: release the other.
            fire()
            lock.withLock { fired = false }
            group.cancelAll()
        }
    }
}
