import CMicroHTTPD
import Foundation

/// One open `text/event-stream` response. Producers `send` bytes from any thread; libmicrohttpd pulls them through
/// the response's reader callback. When nothing is pending the reader suspends the connection (no thread is held,
/// no polling); `send` resumes it. Suspending and resuming happen under one lock, so a resume never overtakes its suspend.
public final class EventStream: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var pending: [UInt8] = []
    private var closed = false
    private var suspended = false
    private var connection: OpaquePointer?
    private var finished = false
    /// Bytes queued beyond this (a client that stopped reading) end the stream.
    let maxPending: Int
    /// Called once when the response is released (client gone, stream ended, server stopped).
    var onFinish: (@Sendable () -> Void)?

    init(maxPending: Int = 1 << 20) { self.maxPending = maxPending }

    /// Queues bytes for the client; false when the stream is over.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard !closed else { return false }
        pending.append(contentsOf: bytes)
        if pending.count > maxPending { closed = true; pending = [] }
        wakeLocked()
        return !closed
    }

    /// Ends the stream after what is already queued.
    public func close() {
        lock.lock(); defer { lock.unlock() }
        closed = true
        wakeLocked()
    }

    public var isOpen: Bool { lock.withLock { !closed && !finished } }

    private func wakeLocked() {
        if suspended, let connection {
            suspended = false
            MHD_resume_connection(connection)
        }
    }

    /// Called by the HTTP server when the response is queued on `connection`.
    func attach(_ connection: OpaquePointer?) { lock.withLock { self.connection = connection } }

    /// The reader callback: copies pending bytes, or suspends the connection until there are some.
    func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        lock.lock(); defer { lock.unlock() }
        if !pending.isEmpty {
            let n = min(max, pending.count)
            pending.withUnsafeBufferPointer { src in
                buffer.withMemoryRebound(to: UInt8.self, capacity: n) { $0.update(from: src.baseAddress!, count: n) }
            }
            pending.removeFirst(n)
            return n
        }
        if closed { return Int(chs_end_of_stream()) }
        if let connection, !suspended {
            suspended = true
            MHD_suspend_connection(connection)
        }
        return 0
    }

    /// The response was released: nothing may touch the connection any more.
    func finish() {
        let callback: (@Sendable () -> Void)? = lock.withLock {
            guard !finished else { return nil }
            finished = true; closed = true; connection = nil; suspended = false; pending = []
            return onFinish
        }
        callback?()
    }
}
