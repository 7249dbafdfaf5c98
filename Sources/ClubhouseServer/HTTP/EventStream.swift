import CMicroHTTPD
import Foundation
import Synchronization

/// One open `text/event-stream` response. Producers `send` bytes from any thread; libmicrohttpd pulls them through
/// the response's reader callback. When nothing is pending the reader suspends the connection (no thread is held,
/// no polling); `send` resumes it. Suspending and resuming happen under one lock, so a resume never overtakes its suspend.
public final class EventStream: @unchecked Sendable {
    private struct State {
        var pending: [UInt8] = []
        var closed = false
        var suspended = false
        var connection: ConnectionBox?
        var finished = false
    }
    private let state = Mutex(State())
    /// Bytes queued beyond this (a client that stopped reading) end the stream.
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
            if s.pending.count > maxPending { s.closed = true; s.pending = [] }
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

    /// Called with the lock held.
    private static func wake(_ s: inout State) {
        if s.suspended, let connection = s.connection {
            s.suspended = false
            MHD_resume_connection(connection.pointer)
        }
    }

    /// Called by the HTTP server when the response is queued on `connection`.
    func attach(_ connection: OpaquePointer?) {
        let box = connection.map { ConnectionBox($0) }
        state.withLock { $0.connection = box }
    }

    /// The reader callback: copies pending bytes, or suspends the connection until there are some.
    func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        state.withLock { s -> Int in
            if !s.pending.isEmpty {
                let n = min(max, s.pending.count)
                s.pending.withUnsafeBufferPointer { src in
                    buffer.withMemoryRebound(to: UInt8.self, capacity: n) { $0.update(from: src.baseAddress!, count: n) }
                }
                s.pending.removeFirst(n)
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
        let callback: (@Sendable () -> Void)? = state.withLock { s in
            guard !s.finished else { return nil }
            s.finished = true; s.closed = true; s.connection = nil; s.suspended = false; s.pending = []
            return onFinish
        }
        callback?()
    }
}
