import Foundation

/// The one hop to a background thread: blocking work (SQLite, a socket's `recv`) runs on a Dispatch thread, not on
/// Swift's small cooperative pool, which the rest of the process needs to keep answering (a server in the same
/// process, the UI's effects). The embedded API, the embedded server backend and the server tests' raw sockets use it.
public enum Blocking {
    /// `body` on a Dispatch thread; its result (or its error) back on the caller's task.
    public static func run<T: Sendable>(qos: DispatchQoS.QoSClass = .userInitiated,
                                        _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { c in DispatchQueue.global(qos: qos).async { c.resume(with: Result { try body() }) } }
    }

    /// `body`, which cannot fail, on a Dispatch thread.
    public static func run<T: Sendable>(qos: DispatchQoS.QoSClass = .userInitiated, _ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { c in DispatchQueue.global(qos: qos).async { c.resume(returning: body()) } }
    }
}
