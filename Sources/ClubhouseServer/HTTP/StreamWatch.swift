import CMicroHTTPD
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Watches event streams' sockets, in one epoll set on one thread of its own:
/// - for a client that hangs up (`EPOLLRDHUP`/`EPOLLHUP`/`EPOLLERR`). An idle stream's connection is suspended, and
///   libmicrohttpd polls a suspended connection for nothing, so a client that closed would keep its stream slot until
///   the next write (the heartbeat, 15 s) failed. The stream is ended at once instead and its slot freed.
/// - for room to write (`EPOLLOUT`), asked by a stream that writes its socket itself (`EventStream`, plain HTTP) and
///   found the socket's buffer full: the stream then writes the rest (`EventStream.flush`).
/// Each descriptor is armed once at a time (`EPOLLONESHOT`) and armed again by whoever handles its wake-up. A stream is
/// unwatched when libmicrohttpd releases its response, which is before it closes the socket, so a descriptor number is
/// never watched after libmicrohttpd let it go.
final class StreamWatch: @unchecked Sendable {
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

    /// nil when the kernel refuses an epoll set (then streams are found gone by the heartbeat only, and write through
    /// libmicrohttpd).
    init?() {
        var wake: Int32 = -1
        let fd = chs_watch_create(&wake)
        guard fd >= 0 else { return nil }
        epollFD = fd; wakeFD = wake
        let thread = Thread { [epollFD = fd] in Self.run(epollFD: epollFD, watch: self) }
        thread.name = "clubhouse.stream-watch"
        self.thread = thread
        thread.start()
    }

    /// Watches `fd`, the socket of `stream`'s connection; the token to `unwatch` or `armWrite` it with (nil: not watched).
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

    /// Arms the watch again: for a hang-up, and with `writable` for room to write too. False when not watched. Called
    /// by the stream with its own lock held (the stream's lock, then this one: never the other way).
    @discardableResult
    func arm(_ token: UInt64, writable: Bool) -> Bool {
        state.withLock { s -> Bool in
            guard let w = s.watched[token] else { return false }
            return chs_watch_arm(epollFD, w.fd, token, writable ? 1 : 0) == 0
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

    private static func run(epollFD: Int32, watch: StreamWatch) {
        let most = 256
        var tokens = [UInt64](repeating: 0, count: most)
        var gone = [Int32](repeating: 0, count: most)
        while true {
            let n = tokens.withUnsafeMutableBufferPointer { t in
                gone.withUnsafeMutableBufferPointer { chs_watch_wait(epollFD, t.baseAddress, $0.baseAddress, Int32(most), -1) }
            }
            if n < 0 {
                if errno == EINTR { continue }
                break
            }
            var hungUp: [EventStream] = []
            var writable: [EventStream] = []
            let stopped = watch.state.withLock { s -> Bool in
                for i in 0..<Int(n) where tokens[i] != 0 {
                    guard let stream = s.watched[tokens[i]]?.stream else { continue }
                    if gone[i] != 0 { hungUp.append(stream) } else { writable.append(stream) }
                }
                return s.stopped
            }
            for stream in hungUp { stream.peerHungUp() }
            // One-shot: the flush arms it again (under the stream's lock, so a write meanwhile can't be missed).
            for stream in writable { stream.flush() }
            if stopped { break }
        }
        close(epollFD)
        close(watch.wakeFD)
    }
}
