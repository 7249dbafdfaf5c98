import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The remote transport's requests, `http://` and `https://` alike, on blocking POSIX sockets (`Connection`: TLS by a
/// GnuTLS client session over the socket), kept alive and reused, each answered on a short-lived thread of its own
/// blocked in `read`. URLSession on Linux (libcurl under libdispatch sources) spent most of a host's CPU in
/// dispatch-source churn and thread hand-offs when 240 SSH sessions each made a few reads per pick (a perf profile of
/// the 20-room bench: two thirds of all samples in libdispatch worker threads registering curl's sockets, half of it
/// in the kernel switching tasks); nor could it be given a club's own CA on Linux.
///
/// The limits: `idleTimeout` without a byte (connecting and the TLS handshake included), `requestTimeout` in all,
/// answers over `maxResponseBytes` cut off, redirects not followed (the caller refuses them).
final class SocketHTTP: Sendable {
    private let idleTimeout: TimeInterval
    private let requestTimeout: TimeInterval
    private let maxResponseBytes: Int
    /// What `https://` trusts (nil: the system's CAs, loaded at the first https:// request).
    private let trust: TLSTrust?
    /// Idle kept-alive connections per "scheme://host:port", most recently used last.
    private let idle = Mutex<[String: [Connection]]>([:])
    /// Connections kept idle per server, and requests on their way at once (more wait their turn, as URLSession's
    /// per-host limit had them): a host of 240 SSH sessions keeps its league server under its connection limit.
    private static let keepAtMost = 2
    private let slots = DispatchSemaphore(value: 4)

    init(idleTimeout: TimeInterval, requestTimeout: TimeInterval, maxResponseBytes: Int, trust: TLSTrust? = nil) {
        self.idleTimeout = idleTimeout; self.requestTimeout = requestTimeout; self.maxResponseBytes = maxResponseBytes
        self.trust = trust
    }

    func send(_ request: URLRequest) async -> Result<HTTPClient.Answer, HTTPClient.Failure> {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in continuation.resume(returning: perform(request)) }
            thread.name = "clubhouse-http"
            thread.stackSize = 256 << 10
            thread.start()
        }
    }

    /// A connection to `url`'s server: TLS (verified against `trust`) for https://.
    func open(_ url: URL, timeout: TimeInterval, address: String? = nil) -> Result<Connection, HTTPClient.Failure> {
        guard let host = url.host else { return .failure(.unreachable("no host")) }
        let tls = url.scheme?.lowercased() == "https"
        return Connection.open(host: host, port: url.port ?? (tls ? 443 : 80), trust: tls ? (trust ?? TLSTrust.system) : nil, timeout: timeout,
                               address: address)
    }

    /// The request, on a kept-alive connection when one is idle; a reused connection that the server had closed
    /// (no byte of an answer) is replaced by a fresh one once. With `address`, on a fresh connection to that address
    /// alone (a webhook's post to the address its check allowed), never kept.
    func perform(_ request: URLRequest, address: String? = nil) -> Result<HTTPClient.Answer, HTTPClient.Failure> {
        slots.wait()
        defer { slots.signal() }
        guard let url = request.url, let host = url.host else { return .failure(.unreachable("no host")) }
        let tls = url.scheme?.lowercased() == "https"
        let port = url.port ?? (tls ? 443 : 80)
        let key = "\(tls ? "https" : "http")://\(host):\(port)"
        let deadline = Date().addingTimeInterval(requestTimeout)
        let method = request.httpMethod ?? "GET"
        let body = request.httpBody ?? Data()
        var headers = (request.allHTTPHeaderFields ?? [:]).filter { $0.key.lowercased() != "content-length" }.map { ($0.key, $0.value) }
        if !body.isEmpty || !["GET", "HEAD"].contains(method) { headers.append(("Content-Length", "\(body.count)")) }
        let message = PlainSocket.requestHead(method, url, host: host, port: port, headers: headers) + body

        if address == nil, let reused = takeIdle(key) {
            switch exchange(reused, message, deadline: deadline) {
            case .answered(let answer, let keep): finish(reused, key: key, keep: keep); return answer
            case .silent: break   // closed while idle: once more on a fresh connection
            }
        }
        let fresh: Connection
        switch open(url, timeout: min(idleTimeout, max(0.1, deadline.timeIntervalSinceNow)), address: address) {
        case .success(let c): fresh = c
        case .failure(let failure): return .failure(failure)
        }
        switch exchange(fresh, message, deadline: deadline) {
        case .answered(let answer, let keep): finish(fresh, key: key, keep: keep && address == nil); return answer
        case .silent(let timedOut): return .failure(.unreachable(timedOut ? "timed out" : HTTPClient.Failure.noAnswer))
        }
    }

    private enum Exchange {
        case answered(Result<HTTPClient.Answer, HTTPClient.Failure>, keepAlive: Bool)
        /// Not a byte came back (a reused connection the server had closed, or a server that died; or, `timedOut`, none
        /// came in time).
        case silent(timedOut: Bool)
    }

    private func exchange(_ connection: Connection, _ message: [UInt8], deadline: Date) -> Exchange {
        guard connection.send(message) else { return .silent(timedOut: false) }
        var reader = PlainSocket.Reader(connection, idle: idleTimeout, deadline: deadline)
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
    private func takeIdle(_ key: String) -> Connection? {
        while let connection = idle.withLock({ $0[key]?.popLast() }) {
            if connection.isQuietAndOpen { return connection }   // nothing to read and not closed: usable
        }
        return nil
    }

    /// Keeps `connection` for the next request, or lets it go (closed when the last owner drops it).
    private func finish(_ connection: Connection, key: String, keep: Bool) {
        guard keep else { return }
        idle.withLock {
            var list = $0[key] ?? []
            list.append(connection)
            if list.count > Self.keepAtMost { list.removeFirst() }
            $0[key] = list
        }
    }
}

/// Blocking POSIX sockets under the remote transport (`Connection`, `SocketHTTP`, `SocketStream`) and the season download.
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

    /// A request's head, as both socket transports write it: the request line for `url`'s path and query, `Host`,
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
        let connection: Connection
        let idle: TimeInterval
        let deadline: Date
        private(set) var buffer: [UInt8] = []
        private(set) var received = 0
        private(set) var closed = false
        private(set) var failure = "no answer"
        private var chunk = [UInt8](repeating: 0, count: 16 << 10)

        init(_ connection: Connection, idle: TimeInterval, deadline: Date) { self.connection = connection; self.idle = idle; self.deadline = deadline }

        /// Reads once more; false when the connection closed, failed or ran out of time.
        mutating func readMore() -> Bool {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { failure = "timed out"; return false }
            connection.setReadTimeout(min(idle, left))
            switch connection.read(into: &chunk) {
            case .bytes(let n): buffer += chunk[..<n]; received += n; return true
            case .closed: closed = true; failure = "the server closed the connection"; return false
            case .timedOut: failure = "timed out"; return false
            case .failed(let why): failure = why; return false
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
