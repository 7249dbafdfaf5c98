import CMicroHTTPD
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Notices event-stream clients that hang up. An idle stream's connection is suspended, and libmicrohttpd polls a
/// suspended connection for nothing, so a client that closed would keep its stream slot until the next write (the
/// heartbeat, 15 s) failed. Each stream's socket is watched here instead, in one epoll set on one thread of its own,
/// for the peer's FIN or RST (`EPOLLRDHUP`/`EPOLLHUP`/`EPOLLERR`): the stream is then ended at once and its slot freed.
/// A stream is unwatched when libmicrohttpd releases its response, which is before it closes the socket, so a
/// descriptor number is never watched after libmicrohttpd let it go.
final class HangupWatch: @unchecked Sendable {
    private let epollFD: Int32
    private let wakeFD: Int32
    private struct Watched { var fd: Int32; weak var stream: EventStream? }
    private struct State {
        var watched: [UInt64: Watched] = [:]
        var next: UInt64 = 1
        var stopped = false
    }
    private let state = Mutex(State())
    private var thread: Thread?

    /// nil when the kernel refuses an epoll set (then streams are found gone by the heartbeat only).
    init?() {
        var wake: Int32 = -1
        let fd = chs_watch_create(&wake)
        guard fd >= 0 else { return nil }
        epollFD = fd; wakeFD = wake
        let thread = Thread { [epollFD = fd] in Self.run(epollFD: epollFD, watch: self) }
        thread.name = "clubhouse.stream-hangups"
        self.thread = thread
        thread.start()
    }

    /// Watches `fd`, the socket of `stream`'s connection; the token to `unwatch` it with (nil: not watched).
    func watch(fd: Int32, stream: EventStream) -> UInt64? {
        guard fd >= 0 else { return nil }
        return state.withLock { s -> UInt64? in
            guard !s.stopped else { return nil }
            let token = s.next
            s.next += 1
            guard chs_watch_add(epollFD, fd, token) == 0 else { return nil }
            s.watched[token] = Watched(fd: fd, stream: stream)
            return token
        }
    }

    /// Stops watching (the response is being released; its socket is still open).
    func unwatch(_ token: UInt64) {
        state.withLock { s in
            guard let w = s.watched.removeValue(forKey: token) else { return }
            _ = chs_watch_remove(epollFD, w.fd)
        }
    }

    var watchedCount: Int { state.withLock { $0.watched.count } }

    /// Ends the thread and closes the epoll set (after the daemon stopped).
    func stop() {
        let first = state.withLock { s -> Bool in
            defer { s.stopped = true }
            for w in s.watched.values { _ = chs_watch_remove(epollFD, w.fd) }
            s.watched = [:]
            return !s.stopped
        }
        if first { chs_watch_wake(wakeFD) }
    }

    private static func run(epollFD: Int32, watch: HangupWatch) {
        var tokens = [UInt64](repeating: 0, count: 64)
        while true {
            let n = tokens.withUnsafeMutableBufferPointer { chs_watch_wait(epollFD, $0.baseAddress, 64, -1) }
            if n < 0 {
                if errno == EINTR { continue }
                break
            }
            var gone: [EventStream] = []
            let stopped = watch.state.withLock { s -> Bool in
                for token in tokens.prefix(Int(n)) where token != 0 {
                    // One-shot: the descriptor stays in the set, disarmed, until `unwatch` removes it.
                    if let stream = s.watched[token]?.stream { gone.append(stream) }
                }
                return s.stopped
            }
            for stream in gone { stream.peerHungUp() }
            if stopped { break }
        }
        close(epollFD)
        close(watch.wakeFD)
    }
}
