import CMicroHTTPD
import Foundation
import Synchronization

/// Bytes for event streams, made once however many streams get them: as they are (what libmicrohttpd frames itself,
/// and an HTTP/1.0 stream's body) and as one HTTP/1.1 chunk (what a stream writing its own socket sends).
public final class StreamFrame: Sendable {
    public let bytes: [UInt8]
    /// `bytes` as one chunk of a chunked body: the size in hex, CR LF, the bytes, CR LF.
    let chunk: [UInt8]
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        chunk = bytes.isEmpty ? [] : Array(String(bytes.count, radix: 16).utf8) + [13, 10] + bytes + [13, 10]
    }
}

/// One open `text/event-stream` response. Producers `send` from any thread.
///
/// Two ways its bytes reach the client:
/// - **Through libmicrohttpd** (until the headers and the first bytes are out, and for HTTPS): pending bytes are pulled
///   through the response's reader callback; when nothing is pending the reader suspends the connection, and `send`
///   resumes it.
/// - **Written here** (plain HTTP, given a `Socket`): once the reader has suspended the connection with nothing of
///   libmicrohttpd's left unsent, the socket is the stream's to write until it ends. `send` writes the frame to it
///   at once (non-blocking; a chunk of the chunked body on HTTP/1.1), from the one buffer every stream shares; what the
///   socket has no room for waits in `pending` until the `StreamWatch` says there is room (`flush`). No resume, no
///   suspend, no copy per stream: what a play costs per follower is its `send(2)`. libmicrohttpd gets the connection
///   back only to end it (the client gone: closed at once; the stream ended: its last chunk written).
///
/// A client that stops reading is dropped once `maxPending` bytes wait for it; one that hangs up is noticed by the
/// `StreamWatch` (`peerHungUp`). Suspending, resuming and writing happen under one lock, so a resume never overtakes
/// its suspend and two writes never interleave.
public final class EventStream: @unchecked Sendable {
    /// A socket the stream may write itself (plain HTTP), from the server when it queues the response.
    struct Socket: Sendable {
        let fd: Int32
        /// HTTP/1.1: the body is chunked (each write is one chunk); HTTP/1.0: the bytes as they are, until the close.
        let chunked: Bool
        /// Asks the watch for room to write too (true) or for a hang-up only (false). Called with the stream's lock held.
        let arm: @Sendable (_ writable: Bool) -> Void
    }

    private struct State {
        /// Bytes not yet taken: by libmicrohttpd's reader (as sent), or, once `owned`, by the socket (as framed).
        var pending: [UInt8] = []
        var closed = false
        /// The client hung up, or stopped reading past `maxPending`: the connection is dropped (libmicrohttpd closes it
        /// when the reader ends the response with an error).
        var peerGone = false
        var suspended = false
        var connection: ConnectionBox?
        var socket: Socket?
        /// Suspended with everything libmicrohttpd wrote already sent: `send` writes `socket` itself.
        var owned = false
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
    public func send(_ bytes: [UInt8]) -> Bool { send(StreamFrame(bytes)) }

    /// Sends a frame (written at once when the stream writes its own socket); false when the stream is over.
    @discardableResult
    public func send(_ frame: StreamFrame) -> Bool {
        state.withLock { s -> Bool in
            guard !s.closed else { return false }
            guard !frame.bytes.isEmpty else { return true }
            if s.owned, let socket = s.socket {
                let wire = socket.chunked ? frame.chunk : frame.bytes
                if s.pending.isEmpty {
                    let n = wire.withUnsafeBytes { chs_send_some(socket.fd, $0.baseAddress, $0.count) }
                    if n < 0 { Self.drop(&s); return false }
                    if n == wire.count { return true }
                    s.pending.append(contentsOf: wire[n...])
                    socket.arm(true)
                } else {
                    s.pending.append(contentsOf: wire)
                }
            } else {
                s.pending.append(contentsOf: frame.bytes)
            }
            // A client that stopped reading: dropped at once (its connection closed), never waited on.
            if s.pending.count > maxPending { Self.drop(&s); return false }
            Self.wake(&s)
            return true
        }
    }

    /// Ends the stream after what is already queued (what its own socket can't take at once is dropped with the
    /// connection: the client resumes from the last event it got).
    public func close() {
        state.withLock { s in
            guard !s.closed else { return }
            s.closed = true
            if s.owned, !s.pending.isEmpty, !Self.writePending(&s) || !s.pending.isEmpty { Self.drop(&s); return }
            Self.wake(&s)
        }
    }

    public var isOpen: Bool { state.withLock { !$0.closed && !$0.finished } }

    /// Bytes queued and not yet taken (by libmicrohttpd, or by the socket).
    var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Whether the stream writes its socket itself now.
    var writesItsSocket: Bool { state.withLock { $0.owned } }

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

    /// Called with the lock held: the client is gone or stopped reading; the connection is dropped.
    private static func drop(_ s: inout State) {
        s.closed = true; s.peerGone = true; s.pending = []
        wake(&s)
    }

    /// Called with the lock held: gives a suspended connection back to libmicrohttpd when it has something to do —
    /// bytes to pull; or, when the stream writes its own socket, only the end (the client gone, or the stream closed
    /// with nothing left to write).
    private static func wake(_ s: inout State) {
        if s.suspended, !s.owned || s.peerGone || (s.closed && s.pending.isEmpty) {
            s.suspended = false
            s.owned = false
            if let connection = s.connection { MHD_resume_connection(connection.pointer) }
        }
        if s.closed { releaseWaiter(&s) }
    }

    /// Called with the lock held, when owned: writes what the socket takes of `pending`. False when the client is gone.
    private static func writePending(_ s: inout State) -> Bool {
        guard let socket = s.socket, !s.pending.isEmpty else { return true }
        let n = s.pending.withUnsafeBytes { chs_send_some(socket.fd, $0.baseAddress, $0.count) }
        if n < 0 { return false }
        if n == s.pending.count { s.pending = [] } else if n > 0 { s.pending.removeFirst(n) }
        return true
    }

    /// The `StreamWatch` found room on the socket: writes what waits, and arms the watch again (for room too while
    /// bytes still wait).
    func flush() {
        state.withLock { s in
            guard s.owned, !s.closed, let socket = s.socket else { return }
            guard Self.writePending(&s) else { Self.drop(&s); return }
            Self.releaseWaiter(&s)
            socket.arm(!s.pending.isEmpty)
        }
    }

    /// Called by the HTTP server when the response is queued on `connection`: `socket` when the stream may write it
    /// itself; `unwatch` stops its watch.
    func attach(_ connection: OpaquePointer?, socket: Socket? = nil, unwatch: (@Sendable () -> Void)? = nil) {
        let box = connection.map { ConnectionBox($0) }
        state.withLock { $0.connection = box; $0.socket = socket; $0.unwatch = unwatch }
    }

    /// The client hung up (`StreamWatch`): drop the connection now rather than at the next heartbeat.
    func peerHungUp() {
        state.withLock { s in
            guard !s.finished else { return }
            Self.drop(&s)
        }
    }

    /// The reader callback: copies pending bytes, or suspends the connection until there are some. With a `Socket`,
    /// the first suspension hands the socket to the stream (libmicrohttpd calls its reader only once all it wrote
    /// before was sent).
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
            if !s.suspended, s.connection != nil || s.socket != nil {
                s.suspended = true
                if let connection = s.connection { MHD_suspend_connection(connection.pointer) }
                if let socket = s.socket {
                    // libmicrohttpd may have left the socket corked for its next write: ours go out as they are made.
                    chs_socket_push_writes(socket.fd)
                    s.owned = true
                }
            }
            return 0
        }
    }

    /// The response was released: nothing may touch the connection any more.
    func finish() {
        let (callback, unwatch): ((@Sendable () -> Void)?, (@Sendable () -> Void)?) = state.withLock { s in
            guard !s.finished else { return (nil, nil) }
            s.finished = true; s.closed = true; s.connection = nil; s.socket = nil; s.owned = false; s.suspended = false; s.pending = []
            Self.releaseWaiter(&s)
            defer { s.unwatch = nil }
            return (onFinish, s.unwatch)
        }
        unwatch?()
        callback?()
    }
}
