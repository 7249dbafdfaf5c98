import CMicroHTTPD
import Foundation
import Synchronization

/// One open `text/event-stream` response. Producers `send` bytes from any thread; libmicrohttpd pulls them through
/// the response's reader callback. When nothing is pending the reader suspends the connection (no thread is held,
/// no polling); `send` resumes it. Suspending and resuming happen under one lock, so a resume never overtakes its suspend.
/// A client that hangs up is noticed by `HangupWatch` (`peerHungUp`): the connection is then dropped at once.
public final class EventStream: @unchecked Sendable {
    private struct State {
        var pending: [UInt8] = []
        var closed = false
        /// The client hung up, or stopped reading past `maxPending`: the reader ends the response with an error
        /// (libmicrohttpd drops the connection).
        var peerGone = false
        var suspended = false
        var connection: ConnectionBox?
        var finished = false
        /// Waiting in `waitForRoom` until `pending` drains below its mark.
        var roomWaiter: (mark: Int, continuation: CheckedContinuation<Void, Never>)?
        /// Set by `attach`: how to stop watching for a hang-up.
        var unwatch: (@Sendable () -> Void)?
    }
    private let state = Mutex(State())
    /// Bytes queued beyond this (a client that stopped reading) drop the stream: `send` only ever appends, so one slow
    /// client costs at most this much memory and never holds back the others.
    let maxPending: Int
    /// Called once when the response is released (client gone, stream ended, server stopped).
    var onFinish: (@Sendable () -> Void)?

    init(maxPending: Int = 1 << 20) { self.maxPending = maxPending }

    /// Queues bytes for the client; false when the stream is over.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        state.withLock { s -> Bool in
            guard !s.closed else { return false }
            s.pending.append(contentsOf: bytes)
            // A client that stopped reading: dropped at once (its connection closed), never waited on.
            if s.pending.count > maxPending { s.closed = true; s.peerGone = true; s.pending = [] }
            Self.wake(&s)
            return !s.closed
        }
    }

    /// Ends the stream after what is already queued.
    public func close() {
        state.withLock { s in
            s.closed = true
            Self.wake(&s)
        }
    }

    public var isOpen: Bool { state.withLock { !$0.closed && !$0.finished } }

    /// Bytes queued and not yet taken by libmicrohttpd.
    var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Returns once fewer than `mark` bytes are pending, or the stream is over (a replay sends its next page then:
    /// a client that reads slowly holds one page in memory, not its whole history).
    func waitForRoom(below mark: Int) async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let now = state.withLock { s -> Bool in
                if s.pending.count < mark || s.closed || s.finished { return true }
                s.roomWaiter?.continuation.resume()
                s.roomWaiter = (mark, c)
                return false
            }
            if now { c.resume() }
        }
    }

    /// Called with the lock held: lets a `waitForRoom` go once there is room (or the stream is over).
    private static func releaseWaiter(_ s: inout State) {
        guard let w = s.roomWaiter, s.pending.count < w.mark || s.closed || s.finished else { return }
        s.roomWaiter = nil
        w.continuation.resume()
    }

    /// Called with the lock held.
    private static func wake(_ s: inout State) {
        if s.suspended, let connection = s.connection {
            s.suspended = false
            MHD_resume_connection(connection.pointer)
        }
        if s.closed { releaseWaiter(&s) }
    }

    /// Called by the HTTP server when the response is queued on `connection`; `unwatch` stops its hang-up watch.
    func attach(_ connection: OpaquePointer?, unwatch: (@Sendable () -> Void)? = nil) {
        let box = connection.map { ConnectionBox($0) }
        state.withLock { $0.connection = box; $0.unwatch = unwatch }
    }

    /// The client hung up (`HangupWatch`): drop the connection now rather than at the next heartbeat.
    func peerHungUp() {
        state.withLock { s in
            guard !s.finished else { return }
            s.peerGone = true
            s.closed = true
            s.pending = []
            Self.wake(&s)
        }
    }

    /// The reader callback: copies pending bytes, or suspends the connection until there are some.
    func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        state.withLock { s -> Int in
            if s.peerGone { return Int(chs_end_with_error()) }
            if !s.pending.isEmpty {
                let n = min(max, s.pending.count)
                s.pending.withUnsafeBufferPointer { src in
                    buffer.withMemoryRebound(to: UInt8.self, capacity: n) { $0.update(from: src.baseAddress!, count: n) }
                }
                // All taken (an idle stream, nearly always): its buffer is let go rather than kept at its largest.
                if n == s.pending.count { s.pending = [] } else { s.pending.removeFirst(n) }
                Self.releaseWaiter(&s)
                return n
            }
            if s.closed { return Int(chs_end_of_stream()) }
            if let connection = s.connection, !s.suspended {
                s.suspended = true
                MHD_suspend_connection(connection.pointer)
            }
            return 0
        }
    }

    /// The response was released: nothing may touch the connection any more.
    func finish() {
        let (callback, unwatch): ((@Sendable () -> Void)?, (@Sendable () -> Void)?) = state.withLock { s in
            guard !s.finished else { return (nil, nil) }
            s.finished = true; s.closed = true; s.connection = nil; s.suspended = false; s.pending = []
            Self.releaseWaiter(&s)
            defer { s.unwatch = nil }
            return (onFinish, s.unwatch)
        }
        unwatch?()
        callback?()
    }
}
