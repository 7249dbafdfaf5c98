import CMicroHTTPD
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

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
/// - **Through libmicrohttpd** (the head and the first bytes; and the whole stream on HTTPS): pending bytes are pulled
///   through the response's reader callback; when nothing is pending the reader suspends the connection, and `send`
///   resumes it.
/// - **On its own socket** (plain HTTP, given a `Handoff`): the first time the reader finds nothing pending, everything
///   libmicrohttpd wrote has been sent; the stream then takes the socket (`chs_take_socket`) and libmicrohttpd ends its
///   side of the connection (its request is over: it holds no memory, no place in its lists). From then on `send`
///   writes each frame at once (non-blocking; a chunk of the chunked body on HTTP/1.1) from the one buffer every
///   stream shares; what the socket has no room for waits in `pending` until the `StreamWatch` says there is room
///   (`flush`). What a play costs per follower is its `send(2)`. The stream writes the body's last chunk and closes
///   the socket itself when it ends.
///
/// A client that stops reading is dropped once `maxPending` bytes wait for it; one that hangs up is noticed by the
/// `StreamWatch` (`peerHungUp`). Suspending, resuming and writing happen under one lock, so a resume never overtakes
/// its suspend and two writes never interleave.
public final class EventStream: @unchecked Sendable {
    /// How a stream takes its socket from libmicrohttpd (plain HTTP), from the server when it queues the response.
    struct Handoff: Sendable {
        /// libmicrohttpd's descriptor for the connection.
        let fd: Int32
        /// HTTP/1.1: the body is chunked (each write is one chunk); HTTP/1.0: the bytes as they are, until the close.
        let chunked: Bool
        /// Watches the taken socket (nil: none; the heartbeat finds a client gone).
        let watch: StreamWatch?
        /// Told +1 when the socket is taken and -1 when the stream closes it (the server counts it as a connection).
        let count: @Sendable (Int) -> Void
    }

    /// The socket the stream writes itself.
    struct Socket: Sendable {
        let fd: Int32
        let chunked: Bool
        /// The stream watch's token for it (nil: not watched).
        let token: UInt64?
        let watch: StreamWatch?
        /// Told -1 when the stream closes the socket.
        let count: (@Sendable (Int) -> Void)?

        /// Asks the watch for room to write too (true) or for a hang-up only (false).
        func arm(writable: Bool) { if let token { watch?.arm(token, writable: writable) } }
    }

    private struct State {
        /// Bytes not yet taken: by libmicrohttpd's reader (as sent), or, once `socket` is the stream's, by the socket
        /// (as framed).
        var pending: [UInt8] = []
        var closed = false
        /// The client hung up, or stopped reading past `maxPending`: the connection is dropped.
        var peerGone = false
        var suspended = false
        var connection: ConnectionBox?
        var handoff: Handoff?
        /// The socket, once the stream writes it itself.
        var socket: Socket?
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
    /// Called once when the stream is over (client gone, stream ended, server stopped).
    var onFinish: (@Sendable () -> Void)?

    init(maxPending: Int = 1 << 20) { self.maxPending = maxPending }

    /// Queues bytes for the client; false when the stream is over.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool { send(StreamFrame(bytes)) }

    /// Sends a frame (written at once when the stream has its own socket); false when the stream is over. A send that
    /// ends the stream (its client gone, or not reading) doesn't call `onFinish`: it may be called under the hub's lock,
    /// and the caller, told false, forgets the stream itself.
    @discardableResult
    public func send(_ frame: StreamFrame) -> Bool {
        let (open, after) = state.withLock { s -> (Bool, (() -> Void)?) in
            guard !s.closed else { return (false, nil) }
            guard !frame.bytes.isEmpty else { return (true, nil) }
            if let socket = s.socket {
                let wire = socket.chunked ? frame.chunk : frame.bytes
                if s.pending.isEmpty {
                    let n = wire.withUnsafeBytes { chs_send_some(socket.fd, $0.baseAddress, $0.count) }
                    if n < 0 { return (false, self.drop(&s, finishing: false)) }
                    if n == wire.count { return (true, nil) }
                    s.pending.append(contentsOf: wire[n...])
                    socket.arm(writable: true)
                } else {
                    s.pending.append(contentsOf: wire)
                }
            } else {
                s.pending.append(contentsOf: frame.bytes)
            }
            // A client that stopped reading: dropped at once (its connection closed), never waited on.
            if s.pending.count > maxPending { return (false, self.drop(&s, finishing: false)) }
            Self.wake(&s)
            return (true, nil)
        }
        after?()
        return open
    }

    /// Ends the stream after what is already queued (what its own socket can't take at once is dropped with the
    /// connection: the client resumes from the last event it got).
    public func close() {
        let after = state.withLock { s -> (() -> Void)? in
            guard !s.closed else { return nil }
            s.closed = true
            if s.socket != nil {
                // The body's last chunk after what is queued; dropped if the client isn't taking it.
                if s.socket!.chunked { s.pending += Array("0\r\n\r\n".utf8) }
                guard Self.writePending(&s), s.pending.isEmpty else { return self.drop(&s) }
                return self.end(&s)
            }
            Self.wake(&s)
            return nil
        }
        after?()
    }

    public var isOpen: Bool { state.withLock { !$0.closed && !$0.finished } }

    /// Bytes queued and not yet taken (by libmicrohttpd, or by the socket).
    var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Whether the stream writes its own socket now.
    var writesItsSocket: Bool { state.withLock { $0.socket != nil } }

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

    /// Called with the lock held: the client is gone or stopped reading; the connection is dropped. What to run once
    /// the lock is let go.
    private func drop(_ s: inout State, finishing: Bool = true) -> (() -> Void)? {
        s.closed = true; s.peerGone = true; s.pending = []
        if s.socket != nil { return end(&s, finishing: finishing) }
        Self.wake(&s)
        return nil
    }

    /// Called with the lock held, for a stream on its own socket: stops watching it and closes it; the stream is
    /// over. What to run once the lock is let go (`onFinish`, which takes the hub's lock, unless not `finishing`).
    private func end(_ s: inout State, finishing: Bool = true) -> (() -> Void)? {
        guard let socket = s.socket, !s.finished else { return nil }
        if let token = socket.token { socket.watch?.unwatch(token) }   // before the close: the number may be reused
        Glibc.close(socket.fd)
        s.socket = nil
        s.finished = true; s.closed = true; s.pending = []
        Self.releaseWaiter(&s)
        let finished = finishing ? onFinish : nil
        return { socket.count?(-1); finished?() }
    }

    /// Called with the lock held: gives a suspended connection back to libmicrohttpd, for bytes to pull (or to end it).
    private static func wake(_ s: inout State) {
        if s.suspended {
            s.suspended = false
            if let connection = s.connection { MHD_resume_connection(connection.pointer) }
        }
        if s.closed { releaseWaiter(&s) }
    }

    /// Called with the lock held, on the stream's own socket: writes what it takes of `pending`. False when the client
    /// is gone.
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
        let after = state.withLock { s -> (() -> Void)? in
            guard !s.closed, let socket = s.socket else { return nil }
            guard Self.writePending(&s) else { return self.drop(&s) }
            Self.releaseWaiter(&s)
            socket.arm(writable: !s.pending.isEmpty)
            return nil
        }
        after?()
    }

    /// Called by the HTTP server when the response is queued on `connection`: `handoff` when the stream may take the
    /// socket (plain HTTP); `unwatch` stops a watch libmicrohttpd's connection has meanwhile.
    func attach(_ connection: OpaquePointer?, handoff: Handoff? = nil, unwatch: (@Sendable () -> Void)? = nil) {
        let box = connection.map { ConnectionBox($0) }
        state.withLock { $0.connection = box; $0.handoff = handoff; $0.unwatch = unwatch }
    }

    /// A stream on a socket it has already (tests: one end of a socket pair), never through libmicrohttpd; `watch`
    /// watches it for a hang-up and for room.
    func attach(socket fd: Int32, chunked: Bool, watch: StreamWatch? = nil) {
        let token = watch?.watch(fd: fd, stream: self)
        state.withLock { $0.socket = Socket(fd: fd, chunked: chunked, token: token, watch: watch, count: nil) }
    }

    /// The client hung up (`StreamWatch`): drop the connection now rather than at the next heartbeat.
    func peerHungUp() {
        let after = state.withLock { s -> (() -> Void)? in
            guard !s.finished else { return nil }
            return self.drop(&s)
        }
        after?()
    }

    /// The reader callback: copies pending bytes, or suspends the connection until there are some. With a `Handoff`,
    /// the first time there are none the stream takes the socket (libmicrohttpd calls its reader only once all it
    /// wrote before was sent) and lets libmicrohttpd end its side.
    func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        let (n, after) = state.withLock { s -> (Int, (() -> Void)?) in
            // Taken (libmicrohttpd's side ends here, quietly: `libraryLogged` drops its line), or the client is gone.
            if s.socket != nil || s.peerGone { return (Int(chs_end_with_error()), nil) }
            if !s.pending.isEmpty {
                let n = min(max, s.pending.count)
                s.pending.withUnsafeBufferPointer { src in
                    buffer.withMemoryRebound(to: UInt8.self, capacity: n) { $0.update(from: src.baseAddress!, count: n) }
                }
                // All taken (an idle stream, nearly always): its buffer is let go rather than kept at its largest.
                if n == s.pending.count { s.pending = [] } else { s.pending.removeFirst(n) }
                Self.releaseWaiter(&s)
                return (n, nil)
            }
            if s.closed { return (Int(chs_end_of_stream()), nil) }
            guard let connection = s.connection, !s.suspended else { return (0, nil) }
            MHD_suspend_connection(connection.pointer)
            s.suspended = true
            if let handoff = s.handoff { Self.take(&s, handoff, stream: self) }
            return (0, nil)
        }
        after?()
        return n
    }

    /// Called with the lock held, the connection just suspended (out of libmicrohttpd's epoll set): takes its socket and
    /// resumes the connection for libmicrohttpd to end (its next read ends it). When the socket can't be taken, the
    /// stream goes on through libmicrohttpd.
    private static func take(_ s: inout State, _ handoff: Handoff, stream: EventStream) {
        let fd = chs_dup_socket(handoff.fd)
        guard fd >= 0 else { return }
        // The watch on libmicrohttpd's descriptor goes while that number is still the socket's.
        s.unwatch?()
        s.unwatch = nil
        guard chs_put_stand_in(handoff.fd) == 0 else {
            Glibc.close(fd)   // goes on through libmicrohttpd, unwatched: the heartbeat finds a client gone
            return
        }
        // libmicrohttpd may have left the socket corked for its next write: ours go out as they are made.
        chs_socket_push_writes(fd)
        let token = handoff.watch?.watch(fd: fd, stream: stream)
        s.socket = Socket(fd: fd, chunked: handoff.chunked, token: token, watch: handoff.watch, count: handoff.count)
        s.handoff = nil
        handoff.count(1)
        wake(&s)
    }

    /// libmicrohttpd released the response: nothing may touch its connection any more. The stream is over unless it
    /// has its own socket.
    func finish() {
        let (callback, unwatch): ((@Sendable () -> Void)?, (@Sendable () -> Void)?) = state.withLock { s in
            s.connection = nil; s.suspended = false
            guard !s.finished, s.socket == nil else { return (nil, nil) }
            s.finished = true; s.closed = true; s.pending = []
            Self.releaseWaiter(&s)
            defer { s.unwatch = nil }
            return (onFinish, s.unwatch)
        }
        unwatch?()
        callback?()
    }
}
