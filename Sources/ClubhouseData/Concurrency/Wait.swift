import Foundation

/// The one wait with a timeout: checks `condition` until it holds or `timeout` passes, pausing `every` between
/// checks. For conditions nothing announces (a child process's exit, a file another process writes, a log line); a
/// condition something can signal is better waited on directly (a continuation, `DatabaseChangeWatcher`).
public enum Wait {
    /// Whether `condition` held within `timeout` (it is checked once more at the end), blocking the calling thread
    /// between checks: for threads and processes of their own, never for a task on Swift's cooperative pool (where a
    /// blocked thread can starve the very work being waited for: use `until`).
    @discardableResult
    public static func blockingUntil(_ timeout: Duration, every pause: Duration = .milliseconds(10), _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: seconds(min(pause, deadline - ContinuousClock.now)))
        }
        return try condition()
    }

    /// Whether `condition` held within `timeout` (it is checked once more at the end), suspending the task between
    /// checks. (Named apart from `blockingUntil` so that a synchronous condition in an async context cannot pick the
    /// blocking variant by overload resolution.)
    @discardableResult
    public static func until(_ timeout: Duration, every pause: Duration = .milliseconds(10), _ condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try? await Task.sleep(for: min(pause, deadline - ContinuousClock.now))
        }
        return try await condition()
    }

    static func seconds(_ d: Duration) -> TimeInterval {
        max(0, Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
    }
}
