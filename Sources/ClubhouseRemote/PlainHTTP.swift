import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `http://` requests on plain POSIX sockets, kept alive and reused, each answered on a short-lived thread of its own
/// blocked in `read`. URLSession on Linux (libcurl under libdispatch sources) spent most of a host's CPU in
/// dispatch-source churn and thread hand-offs when 240 SSH sessions each made a few reads per pick (a perf profile of
/// the 20-room bench: two thirds of all samples in libdispatch worker threads registering curl's sockets, half of it
/// in the kernel switching tasks). `https://` stays on URLSession (`HTTPClient`).
///
/// The limits are URLSession's: `idleTimeout` without a byte (connecting included), `requestTimeout` in all, answers
/// over `maxResponseBytes` cut off, redirects not followed (the caller refuses them).
final class PlainHTTP: Sendable {
    private let idleTimeout: TimeInterval
    private let requestTimeout: TimeInterval
    private let maxResponseBytes: Int
    /// Idle kept-alive connections per "host:port", most recently used last.
    private let idle = Mutex<[String: [Int32]]>([:])
    /// Connections kept idle per server, and requests on their way at once (more wait their turn, as URLSession's
    /// per-host limit had them): a host of 240 SSH sessions keeps its league server under its connection limit.
    private static let keepAtMost = 2
    private let slots = DispatchSemaphore(value: 4)

    init(idleTimeout: TimeInterval, requestTimeout: TimeInterval, maxResponseBytes: Int) {
        self.idleTimeout = idleTimeout; self.requestTimeout = requestTimeout; self.maxResponseBytes = maxResponseBytes
    }

    deinit { idle.withLock { for fds in $0.values { fds.forEach { _ = Glibc.close($0) } } } }

    func send(_ request: URLRequest) async -> Result<HTTPClient.Answer, HTTPClient.Failure> {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in continuation.resume(returning: perform(request)) }
            thread.name = "clubhouse-http"
            thread.stackSize = 256 << 10
            thread.start()
        }
    }

    /// The request, on a kept-alive connection when one is idle; a reused connection that the server had closed
    /// (no byte of an answer) is replaced by a fresh one once.
    func perform(_ request: URLRequest) -> Result<HTTPClient.Answer, HTTPClient.Failure> {
        slots.wait()
        defer { slots.signal() }
        guard let url = request.url, let host = url.host else { return .failure(.unreachable("no host")) }
        let port = url.port ?? 80
        let key = "\(host):\(port)"
        let deadline = Date().addingTimeInterval(requestTimeout)
        let method = request.httpMethod ?? "GET"
        let body = request.httpBody ?? Data()
        var headers = (request.allHTTPHeaderFields ?? [:]).filter { $0.key.lowercased() != "content-length" }.map { ($0.key, $0.value) }
        if !body.isEmpty || !["GET", "HEAD"].contains(method) { headers.append(("Content-Length", "\(body.count)")) }
        let message = PlainSocket.requestHead(method, url, host: host, port: port, headers: headers) + body

        if let reused = takeIdle(key) {
            switch exchange(reused, message, deadline: deadline) {
            case .answered(let answer, let keep): finish(reused, key: key, keep: keep); return answer
            case .silent: Glibc.close(reused)   // closed while idle: once more on a fresh connection
            }
        }
        guard let fresh = PlainSocket.connect(host: host, port: port, timeout: min(idleTimeout, max(0.1, deadline.timeIntervalSinceNow))) else {
            return .failure(.unreachable("connection refused or timed out"))
        }
        switch exchange(fresh, message, deadline: deadline) {
        case .answered(let answer, let keep): finish(fresh, key: key, keep: keep); return answer
        case .silent(let timedOut): Glibc.close(fresh); return .failure(.unreachable(timedOut ? "timed out" : HTTPClient.Failure.noAnswer))
        }
    }

    private enum Exchange {
        case answered(Result<HTTPClient.Answer, HTTPClient.Failure>, keepAlive: Bool)
        /// Not a byte came back (a reused connection the server had closed, or a server that died; or, `timedOut`, none
        /// came in time).
        case silent(timedOut: Bool)
    }

    private func exchange(_ fd: Int32, _ message: [UInt8], deadline: Date) -> Exchange {
        guard PlainSocket.sendAll(fd, message) else { return .silent(timedOut: false) }
        var reader = PlainSocket.Reader(fd: fd, idle: idleTimeout, deadline: deadline)
        guard let headEnd = reader.fill(until: { PlainSocket.find($0, [13, 10, 13, 10]) }, limit: 64 << 10) else {
            return reader.received == 0 ? .silent(timedOut: reader.failure == "timed out")
                : .answered(.failure(.unreachable(reader.failure)), keepAlive: false)
        }
        let head = PlainSocket.ResponseHead(reader.buffer[..<headEnd])
        reader.consume(headEnd + 4)
        guard let head else { return .answered(.failure(.unreachable("not HTTP")), keepAlive: false) }
        let (status, headers) = (head.status, head.headers)
        var keepAlive = headers["connection"]?.lowercased() != "close" && head.version == "HTTP/1.1"
        // 304 answers a revalidation (If-None-Match); any other 3xx is a redirect, never followed.
        if (300..<400).contains(status), status != 304 { return .answered(.failure(.redirect), keepAlive: false) }

        let body: [UInt8]
        if status == 204 || status == 304 || (100..<200).contains(status) {
            body = []
        } else if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            var decoder = ChunkDecoder()
            var out = [UInt8]()
            while true {
                guard let part = decoder.feed(reader.buffer[...]) else { return .answered(.failure(.unreachable("bad chunked body")), keepAlive: false) }
                reader.consume(reader.buffer.count)
                out += part
                if out.count > maxResponseBytes { return .answered(.failure(.tooLarge), keepAlive: false) }
                if decoder.finished { break }
                guard reader.readMore() else { return .answered(.failure(.unreachable(reader.failure)), keepAlive: false) }
            }
            body = out
        } else if let length = headers["content-length"].flatMap({ Int($0) }) {
            if length > maxResponseBytes { return .answered(.failure(.tooLarge), keepAlive: false) }
            guard reader.fill(until: { $0.count >= length ? length : nil }, limit: length + 1) != nil else {
                return .answered(.failure(.unreachable(reader.failure)), keepAlive: false)
            }
            body = Array(reader.buffer.prefix(length))
            reader.consume(length)
        } else {
            keepAlive = false   // the body ends where the connection does
            while reader.readMore() {
                if reader.buffer.count > maxResponseBytes { return .answered(.failure(.tooLarge), keepAlive: false) }
            }
            if !reader.closed { return .answered(.failure(.unreachable(reader.failure)), keepAlive: false) }
            body = reader.buffer
        }
        if !reader.buffer.isEmpty { keepAlive = false }   // more than one answer: don't trust the connection
        return .answered(.success(HTTPClient.Answer(status: status, headers: headers, body: Data(body))), keepAlive: keepAlive)
    }

    /// An idle connection to `key` the server hasn't closed, if any.
    private func takeIdle(_ key: String) -> Int32? {
        while let fd = idle.withLock({ $0[key]?.popLast() }) {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, 0) == 0 { return fd }   // nothing to read and not closed: usable
            Glibc.close(fd)
        }
        return nil
    }

    private func finish(_ fd: Int32, key: String, keep: Bool) {
        guard keep else { Glibc.close(fd); return }
        let extra: Int32? = idle.withLock {
            var list = $0[key] ?? []
            list.append(fd)
            let drop = list.count > Self.keepAtMost ? list.removeFirst() : nil
            $0[key] = list
            return drop
        }
        if let extra { Glibc.close(extra) }
    }
}

/// Blocking POSIX sockets for the plain `http://` transport (`PlainHTTP`, `SocketStream`).
enum PlainSocket {
    /// A TCP connection to `host:port` (any of its addresses), TCP_NODELAY; sending gives up after 10 s, reading
    /// after `timeout` without a byte. Connecting gives up after `timeout` too.
    static func connect(host: String, port: Int, timeout: TimeInterval) -> Int32? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0 else { return nil }
        defer { freeaddrinfo(found) }
        var next = found
        while let ai = next {
            next = ai.pointee.ai_next
            let s = socket(ai.pointee.ai_family, ai.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), ai.pointee.ai_protocol)
            guard s >= 0 else { continue }
            setTimeout(s, SO_SNDTIMEO, min(10, timeout))   // connect() honours SO_SNDTIMEO on Linux
            var one: Int32 = 1
            setsockopt(s, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            if Glibc.connect(s, ai.pointee.ai_addr, ai.pointee.ai_addrlen) == 0 {
                setTimeout(s, SO_SNDTIMEO, 10)
                setTimeout(s, SO_RCVTIMEO, timeout)
                return s
            }
            Glibc.close(s)
        }
        return nil
    }

    static func setTimeout(_ s: Int32, _ option: Int32, _ seconds: TimeInterval) {
        let whole = max(0, seconds)
        var t = timeval(tv_sec: Int(whole), tv_usec: Int((whole - whole.rounded(.down)) * 1_000_000))
        if t.tv_sec == 0 && t.tv_usec == 0 { t.tv_usec = 1000 }   // 0 would mean "never"
        setsockopt(s, SOL_SOCKET, option, &t, socklen_t(MemoryLayout<timeval>.size))
    }

    static func sendAll(_ s: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(s, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// A request's head, as both plain transports write it: the request line for `url`'s path and query, `Host`,
    /// `headers` in order (one whose value holds CR or LF is left out: it would split the head), the blank line.
    static func requestHead(_ method: String, _ url: URL, host: String, port: Int, headers: [(String, String)]) -> [UInt8] {
        var target = url.path.isEmpty ? "/" : url.path
        if let q = url.query { target += "?" + q }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\n"
        for (k, v) in headers where !v.contains("\r") && !v.contains("\n") { head += "\(k): \(v)\r\n" }
        head += "\r\n"
        return Array(head.utf8)
    }

    /// An answer's head (the bytes before its blank line), read leniently: the status line's version and code, and
    /// the headers by lowercased name (a later copy wins; a line without a colon is skipped). Not the server's
    /// strict `RequestHead`, which reads requests and refuses what a proxy could read differently.
    struct ResponseHead {
        var version: String
        var status: Int
        var headers: [String: String]

        /// nil when the first line is not `VERSION CODE …`.
        init?(_ bytes: ArraySlice<UInt8>) {
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n")
            guard let statusLine = lines.first else { return nil }
            let words = statusLine.split(separator: " ")
            guard words.count >= 2, let status = Int(words[1]) else { return nil }
            version = String(words[0]); self.status = status; headers = [:]
            for line in lines.dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
    }

    static func find(_ haystack: [UInt8], _ needle: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
        }
        return nil
    }

    /// Reads an answer: `idle` seconds at most without a byte, nothing after `deadline`.
    struct Reader {
        let fd: Int32
        let idle: TimeInterval
        let deadline: Date
        private(set) var buffer: [UInt8] = []
        private(set) var received = 0
        private(set) var closed = false
        private(set) var failure = "no answer"
        private var chunk = [UInt8](repeating: 0, count: 16 << 10)

        init(fd: Int32, idle: TimeInterval, deadline: Date) { self.fd = fd; self.idle = idle; self.deadline = deadline }

        /// Reads once more; false when the connection closed, failed or ran out of time.
        mutating func readMore() -> Bool {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { failure = "timed out"; return false }
            PlainSocket.setTimeout(fd, SO_RCVTIMEO, min(idle, left))
            while true {
                let n = read(fd, &chunk, chunk.count)
                if n > 0 { buffer += chunk[..<n]; received += n; return true }
                if n == 0 { closed = true; failure = "the server closed the connection"; return false }
                if errno == EINTR { continue }
                failure = errno == EAGAIN || errno == EWOULDBLOCK ? "timed out" : String(cString: strerror(errno))
                return false
            }
        }

        /// Reads until `done` finds its end in the buffer (returned), or nil (closed, timed out, over `limit`).
        mutating func fill(until done: ([UInt8]) -> Int?, limit: Int) -> Int? {
            while true {
                if let end = done(buffer) { return end }
                guard buffer.count < limit else { failure = "answer too large"; return nil }
                guard readMore() else { return nil }
            }
        }

        mutating func consume(_ count: Int) { buffer.removeFirst(min(count, buffer.count)) }
    }
}
