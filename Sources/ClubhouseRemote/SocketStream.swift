import ClubhouseData
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One event stream (`http://` or `https://`: a `Connection`) read by a small thread of its own, blocked in `read`
/// between events. URLSession on Linux (FoundationNetworking over libcurl) kept an app with an open stream at 60–90 %
/// of a core while nothing arrived; this costs nothing while the stream is silent.
///
/// The request is `GET` over HTTP/1.1 with `Connection: close`; a chunked answer is decoded. A stream silent for
/// `silence` seconds (three missed heartbeats) ends, and the caller reconnects.
final class SocketStream: @unchecked Sendable {
    private let http: SocketHTTP
    private let url: URL
    private let headers: [String: String]
    private let silence: TimeInterval
    private let onResponse: (Int) -> Void
    private let onBytes: (Data) -> Void
    private let onEnd: () -> Void

    private struct State {
        var connection: Connection?
        var cancelled = false
    }
    private let state = Mutex(State())

    init(http: SocketHTTP, url: URL, headers: [String: String], silence: TimeInterval = 45, onResponse: @escaping (Int) -> Void,
         onBytes: @escaping (Data) -> Void, onEnd: @escaping () -> Void) {
        self.http = http; self.url = url; self.headers = headers; self.silence = silence
        self.onResponse = onResponse; self.onBytes = onBytes; self.onEnd = onEnd
    }

    func start() {
        let thread = Thread { [self] in
            run()
            onEnd()
        }
        thread.name = "clubhouse-events"
        thread.stackSize = 256 << 10
        thread.start()
    }

    /// Ends the stream: the reader wakes from `read` (the socket is shut down) and calls `onEnd`.
    func cancel() {
        state.withLock {
            $0.cancelled = true
            $0.connection?.shutdown()
        }
    }

    private func run() {
        guard let host = url.host else { return }
        guard case .success(let connection) = http.open(url, timeout: silence) else { return }
        let proceed: Bool = state.withLock {
            if $0.cancelled { return false }
            $0.connection = connection
            return true
        }
        guard proceed else { return }
        defer { state.withLock { $0.connection = nil } }
        connection.setReadTimeout(silence)

        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        let head = PlainSocket.requestHead("GET", url, host: host, port: port, headers: [("Connection", "close")] + headers.map { ($0.key, $0.value) })
        guard connection.send(head) else { return }

        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        func readMore() -> Int? { if case .bytes(let n) = connection.read(into: &chunk) { n } else { nil } }
        // Headers.
        var bodyStart = 0
        while true {
            if let end = PlainSocket.find(buffer, [13, 10, 13, 10]) { bodyStart = end + 4; break }
            guard buffer.count < 64 << 10 else { return }
            guard let n = readMore() else { return }
            buffer += chunk.prefix(n)
        }
        guard let head = PlainSocket.ResponseHead(buffer[..<(bodyStart - 4)]) else { return }
        let chunked = head.headers["transfer-encoding"]?.lowercased().contains("chunked") == true
        onResponse(head.status)
        // Redirects and errors end the stream (the caller backs off and reconnects); only a 200 has events.
        guard head.status == 200 else { return }

        var decoder = ChunkDecoder()
        func deliver(_ bytes: ArraySlice<UInt8>) -> Bool {
            if !chunked { if !bytes.isEmpty { onBytes(Data(bytes)) }; return true }
            guard let out = decoder.feed(bytes) else { return false }
            if !out.isEmpty { onBytes(Data(out)) }
            return !decoder.finished
        }
        guard deliver(buffer[bodyStart...]) else { return }
        buffer = []
        while true {
            guard let n = readMore() else { return }   // closed, shut down by cancel, or silent for `silence` (SO_RCVTIMEO)
            guard deliver(chunk[..<n]) else { return }
        }
    }
}

/// `Transfer-Encoding: chunked`, decoded as bytes arrive.
struct ChunkDecoder {
    private var pending = [UInt8]()
    /// Bytes left in the current chunk; nil while a size line is expected.
    private var remaining: Int?
    /// After a chunk's data: its CRLF.
    private var skipCRLF = false
    private(set) var finished = false

    /// The payload in `bytes`; nil when the framing is broken.
    mutating func feed(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        pending += bytes
        var out = [UInt8]()
        var i = 0
        while i < pending.count, !finished {
            if skipCRLF {
                guard pending.count - i >= 2 else { break }
                guard pending[i] == 13, pending[i + 1] == 10 else { return nil }
                i += 2; skipCRLF = false
                continue
            }
            if let left = remaining {
                let take = min(left, pending.count - i)
                out += pending[i..<(i + take)]
                i += take
                if take == left { remaining = nil; skipCRLF = true } else { remaining = left - take }
                continue
            }
            // A size line: hex digits, maybe extensions, CRLF.
            guard let lf = pending[i...].firstIndex(of: 10) else {
                if pending.count - i > 1024 { return nil }
                break
            }
            let line = String(decoding: pending[i..<lf], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let size = Int(line.split(separator: ";").first.map(String.init) ?? "", radix: 16), size >= 0 else { return nil }
            i = lf + 1
            if size == 0 { finished = true } else { remaining = size }
        }
        pending.removeFirst(i)
        return out
    }
}
