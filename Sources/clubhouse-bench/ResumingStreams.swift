import CMicroHTTPD
import ClubhouseData
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `count` event streams that behave as the app's client does: each asks from an id (`Last-Event-ID`), and when its
/// connection ends or is refused it asks again from the last id it got. One thread reads them all with epoll. The
/// requests are HTTP/1.0, so each answer's body is the stream itself (no chunks) and ends with the connection.
/// Records, per stream, every pick event's id (and when each arrived), the ids seen twice and the `reset`s.
final class ResumingStreams: Sendable {
    private struct Stream {
        var fd: Int32 = -1
        var lastID: Int64
        var head = true          // reading the answer's head
        var buffer: [UInt8] = []
        var ready = false        // ": connected" seen on the current connection
        var retryAt: ContinuousClock.Instant?
        var picks: [Int64] = []
        var duplicates = 0
        var drops = 0            // connections of this stream that ended
        var droppedAt: ContinuousClock.Instant?   // when the connection it is replacing ended
    }
    private struct State {
        var streams: [Stream]
        var arrivals: [Int64: [ContinuousClock.Instant]] = [:]   // pick event id → arrival per stream
        var reconnects = 0
        var refusals = 0
        var refusedWith: [String: Int] = [:]   // what the refusals answered (a status, or "no connection")
        var resumedAt: ContinuousClock.Instant?  // the last time a stream that had dropped was open again
        var resets = 0
        var resumes = Samples()  // a dropped stream's connection end → open again (": connected")
        var running = true
        var stopped = false
    }
    private let state: Mutex<State>
    private let port: UInt16
    private let path: String
    private let epoll: Int32

    /// Opens the streams `batch` at a time, each batch answered before the next (thousands of connects at once would
    /// only measure the listen backlog); returns once every stream is open.
    init(port: UInt16, path: String, count: Int, after: Int64, batch: Int = 250) throws {
        OpenFileLimit.raise(to: 2 * count + 512)
        self.port = port; self.path = path
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        state = Mutex(State(streams: Array(repeating: Stream(lastID: after), count: count)))
        Thread { [self] in readLoop() }.start()
        var opened = 0
        while opened < count {
            let upTo = min(count, opened + batch)
            for i in opened..<upTo { connect(i) }
            opened = upTo
            let ok = Wait.blockingUntil(.seconds(30), every: .milliseconds(5)) { state.withLock { s in s.streams[0..<opened].allSatisfy(\.ready) } }
            guard ok else {
                close()
                throw BenchFailure(description: "only \(connected) of \(opened) event streams opened")
            }
        }
    }

    var connected: Int { state.withLock { $0.streams.filter(\.ready).count } }
    var reconnects: Int { state.withLock { $0.reconnects } }
    var refusals: Int { state.withLock { $0.refusals } }
    var resets: Int { state.withLock { $0.resets } }
    var refusedWith: String { state.withLock { $0.refusedWith.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(separator: ", ") } }
    var resumedAt: ContinuousClock.Instant? { state.withLock { $0.resumedAt } }
    var resumes: Samples { state.withLock { $0.resumes } }
    /// How many connections each stream has had end.
    var drops: [Int] { state.withLock { $0.streams.map(\.drops) } }

    /// The newest pick not in `excluding`, and its arrivals so far.
    func newestPick(excluding: Set<Int64>) -> (id: Int64, arrivals: [ContinuousClock.Instant]) {
        state.withLock { s in
            guard let id = s.arrivals.keys.filter({ !excluding.contains($0) }).max() else { return (0, []) }
            return (id, s.arrivals[id] ?? [])
        }
    }

    /// Every stream has had event `id` (or a later one).
    func allHave(_ id: Int64) -> Bool { state.withLock { $0.streams.allSatisfy { $0.lastID >= id } } }

    /// Per stream, the picks received, how many of `expected` it lacks and how many it was sent twice.
    func missing(_ expected: [Int64]) -> [(received: Int, missing: Int, duplicates: Int)] {
        state.withLock { s in
            s.streams.map { st in
                let got = Set(st.picks)
                return (st.picks.count, expected.filter { !got.contains($0) }.count, st.duplicates)
            }
        }
    }

    func close() {
        let fds: [Int32] = state.withLock { s in
            guard !s.stopped else { return [] }
            s.running = false; s.stopped = true
            return s.streams.map(\.fd).filter { $0 >= 0 }
        }
        usleep(100_000)
        for fd in fds { Glibc.close(fd) }
    }

    /// (Re)connects stream `i` from its last id; a failed connect is tried again 100 ms later.
    private func connect(_ i: Int) {
        let last = state.withLock { $0.streams[i].lastID }
        guard let fd = BenchHTTP(port: port).connect() else {
            state.withLock { $0.streams[i].retryAt = .now + .milliseconds(100); $0.refusals += 1; $0.refusedWith["no connection", default: 0] += 1 }
            return
        }
        BenchHTTP.send(fd, Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nLast-Event-ID: \(last)\r\n\r\n".utf8))
        state.withLock { s in
            s.streams[i].fd = fd; s.streams[i].head = true; s.streams[i].buffer = []; s.streams[i].ready = false; s.streams[i].retryAt = nil
        }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = UInt64(i)
        _ = epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
    }

    /// The connection of stream `i` ended (or was refused): closed, and asked again after `after`.
    private func drop(_ i: Int, after: Duration, refused: Bool) {
        let fd = state.withLock { s in
            let fd = s.streams[i].fd
            s.streams[i].fd = -1; s.streams[i].ready = false; s.streams[i].retryAt = .now + after
            s.reconnects += 1
            s.streams[i].drops += 1
            if s.streams[i].droppedAt == nil { s.streams[i].droppedAt = .now }
            if refused { s.refusals += 1 }
            return fd
        }
        if fd >= 0 { _ = epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil); Glibc.close(fd) }
    }

    private func readLoop() {
        defer { Glibc.close(epoll) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var ready = [epoll_event](repeating: epoll_event(), count: 256)
        while true {
            let due: [Int] = state.withLock { s in
                guard s.running else { return [-1] }
                let now = ContinuousClock.now
                return s.streams.indices.filter { s.streams[$0].fd < 0 && (s.streams[$0].retryAt.map { $0 <= now } ?? false) }
            }
            if due == [-1] { return }
            for i in due { connect(i) }
            let n = epoll_wait(epoll, &ready, Int32(ready.count), 20)
            guard n > 0 else { continue }
            let now = ContinuousClock.now
            for event in ready.prefix(Int(n)) {
                let i = Int(event.data.u64)
                let fd = state.withLock { $0.streams[i].fd }
                guard fd >= 0 else { continue }
                let got = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if got < 0 && (errno == EAGAIN || errno == EINTR) { continue }
                guard got > 0 else { drop(i, after: .zero, refused: false); continue }
                let refused = state.withLock { s in Self.consume(&s, i, buffer[0..<got], at: now) }
                // Refused (a 503 while no instance could take it): asked again a moment later, as the app's client does.
                if refused { drop(i, after: .milliseconds(100), refused: true) }
            }
        }
    }

    /// Takes in bytes of stream `i`; true when the answer is a refusal.
    private static func consume(_ s: inout State, _ i: Int, _ bytes: ArraySlice<UInt8>, at now: ContinuousClock.Instant) -> Bool {
        s.streams[i].buffer += bytes
        if s.streams[i].head {
            let b = s.streams[i].buffer
            guard let end = b.firstRange(of: Array("\r\n\r\n".utf8)) else { return false }
            let status = String(decoding: b[..<end.lowerBound].prefix(16), as: UTF8.self).split(separator: " ").dropFirst().first
            guard status == "200" else { s.refusedWith[String(status ?? "?"), default: 0] += 1; return true }
            s.streams[i].head = false
            s.streams[i].buffer = Array(b[end.upperBound...])
        }
        // Frames end with a blank line; a partial one waits for its rest.
        var b = s.streams[i].buffer
        while let end = b.firstRange(of: [UInt8(ascii: "\n"), UInt8(ascii: "\n")]) {
            let frame = String(decoding: b[..<end.lowerBound], as: UTF8.self)
            b = Array(b[end.upperBound...])
            var id: Int64?, kind = ""
            for line in frame.split(separator: "\n") {
                if line.hasPrefix(": connected") {
                    s.streams[i].ready = true
                    if let dropped = s.streams[i].droppedAt { s.resumedAt = now; s.resumes.add(now - dropped); s.streams[i].droppedAt = nil }
                }
                if line.hasPrefix("id: ") { id = Int64(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { kind = String(line.dropFirst(7)) }
            }
            if kind == "reset" { s.resets += 1 }
            guard let id else { continue }
            if id <= s.streams[i].lastID, kind != "reset" { s.streams[i].duplicates += 1; continue }
            s.streams[i].lastID = id
            if kind == "draft.pick" { s.streams[i].picks.append(id); s.arrivals[id, default: []].append(now) }
        }
        s.streams[i].buffer = b
        return false
    }
}
