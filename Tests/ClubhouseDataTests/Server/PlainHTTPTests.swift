import ClubhouseData
import Foundation
import Synchronization
import Testing
@testable import ClubhouseRemote
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The plain-socket `http://` transport against a raw server that answers each request with canned bytes: reuse of a
/// kept-alive connection, a connection the server closed while idle, chunked answers, and the limits URLSession held.
@Suite("Remote transport: plain HTTP") struct PlainHTTPTests {
    /// A one-thread TCP server on 127.0.0.1: `answer` gets each request head and says what bytes to send back and
    /// whether to close the connection after them.
    final class RawServer: @unchecked Sendable {
        final class Counter: Sendable {
            let value = Mutex(0)
            var count: Int { value.withLock { $0 } }
        }
        let port: Int
        let accepted = Counter()
        /// Connections this server has closed (after an answer that said to, or when the client went away).
        let closed = Counter()
        private let fd: Int32

        init(answer: @escaping @Sendable (String) -> (bytes: String, close: Bool)) throws {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_addr.s_addr = inet_addr("127.0.0.1")
            var len = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, len) } }
            try #require(bound == 0)
            try #require(listen(listener, 16) == 0)
            withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(listener, $0, &len) } }
            fd = listener
            port = Int(UInt16(bigEndian: addr.sin_port))
            let counter = accepted, closings = closed
            Thread {
                while true {
                    let c = accept(listener, nil, nil)
                    guard c >= 0 else { return }
                    counter.value.withLock { $0 += 1 }
                    Thread {
                        var pending = [UInt8](), chunk = [UInt8](repeating: 0, count: 4096)
                        while true {
                            let n = read(c, &chunk, chunk.count)
                            guard n > 0 else { close(c); closings.value.withLock { $0 += 1 }; return }
                            pending += chunk[..<n]
                            while let end = PlainSocket.find(pending, [13, 10, 13, 10]) {
                                let head = String(decoding: pending[..<end], as: UTF8.self)
                                pending.removeFirst(end + 4)
                                let (bytes, shut) = answer(head)
                                if !bytes.isEmpty { _ = PlainSocket.sendAll(c, Array(bytes.utf8)) }
                                if shut { close(c); closings.value.withLock { $0 += 1 }; return }
                            }
                        }
                    }.start()
                }
            }.start()
        }

        deinit { shutdown(fd, Int32(SHUT_RDWR)); close(fd) }

        func get(_ path: String, _ http: SocketHTTP) -> Result<HTTPClient.Answer, HTTPClient.Failure> {
            http.perform(URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!))
        }
    }

    static func ok(_ body: String, extra: String = "") -> String {
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\(extra)\r\n\(body)"
    }

    @Test func keptAliveConnectionsAreReusedAndAClosedOneIsReplaced() throws {
        let closeNext = Mutex(false)
        let server = try RawServer { head in
            let shut = closeNext.withLock { let c = $0; $0 = false; return c }
            return (Self.ok("{\"path\":\"\(head.split(separator: " ")[1])\"}"), shut)
        }
        let http = SocketHTTP(idleTimeout: 2, requestTimeout: 5, maxResponseBytes: 1 << 20)
        for i in 0..<5 {
            let answer = try server.get("/v1/x\(i)", http).get()
            #expect(answer.status == 200)
            #expect(String(decoding: answer.body, as: UTF8.self) == "{\"path\":\"/v1/x\(i)\"}")
            #expect(answer.headers["content-type"] == "application/json")
        }
        #expect(server.accepted.count == 1, "five requests, one connection")

        closeNext.withLock { $0 = true }     // the server answers, then closes (as an idle timeout would)
        _ = try server.get("/v1/last-on-it", http).get()
        #expect(Wait.blockingUntil(.seconds(60)) { server.closed.count == 1 }, "the server closed the kept-alive connection")
        let after = try server.get("/v1/after", http).get()
        #expect(String(decoding: after.body, as: UTF8.self) == "{\"path\":\"/v1/after\"}")
        #expect(server.accepted.count == 2)
    }

    @Test func chunkedAnswersAreDecoded() throws {
        let server = try RawServer { _ in
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"a\"\r\n6\r\n:\"b\"}\n\r\n0\r\n\r\n", false)
        }
        let http = SocketHTTP(idleTimeout: 2, requestTimeout: 5, maxResponseBytes: 1 << 20)
        #expect(String(decoding: try server.get("/", http).get().body, as: UTF8.self) == "{\"a\":\"b\"}\n")
        #expect(String(decoding: try server.get("/", http).get().body, as: UTF8.self) == "{\"a\":\"b\"}\n")
        #expect(server.accepted.count == 1)
    }

    @Test func redirectsLargeAnswersAndSilenceAreRefused() throws {
        let server = try RawServer { head in
            if head.hasPrefix("GET /moved") { return ("HTTP/1.1 302 Found\r\nLocation: http://elsewhere/\r\nContent-Length: 0\r\n\r\n", false) }
            if head.hasPrefix("GET /big") { return (Self.ok(String(repeating: "x", count: 3000)), false) }
            return ("", false)   // never answers
        }
        let http = SocketHTTP(idleTimeout: 0.5, requestTimeout: 5, maxResponseBytes: 2048)
        guard case .failure(.redirect) = server.get("/moved", http) else { Issue.record("redirect followed or accepted"); return }
        guard case .failure(.tooLarge) = server.get("/big", http) else { Issue.record("3000 bytes over a 2048 limit"); return }
        let started = ContinuousClock.now
        guard case .failure(.unreachable) = server.get("/silent", http) else { Issue.record("silence taken for an answer"); return }
        #expect(ContinuousClock.now - started < .seconds(4), "the idle limit (0.5 s), not the request limit (5 s)")
    }

    /// Both plain transports (requests and the event stream) write request heads and read answer heads through
    /// `PlainSocket.requestHead` and `PlainSocket.ResponseHead`.
    @Test func requestHeadsAreWrittenAndAnswerHeadsReadInOnePlace() {
        let head = PlainSocket.requestHead("POST", URL(string: "http://h:8080/v1/x?a=1&b=2")!, host: "h", port: 8080,
                                           headers: [("Content-Length", "2"), ("X-Evil", "a\r\nInjected: 1"), ("Accept", "*/*")])
        #expect(String(decoding: head, as: UTF8.self) == "POST /v1/x?a=1&b=2 HTTP/1.1\r\nHost: h:8080\r\nContent-Length: 2\r\nAccept: */*\r\n\r\n",
                "a header value holding CR LF is left out, not allowed to split the head")
        let bare = PlainSocket.requestHead("GET", URL(string: "http://h")!, host: "h", port: 80, headers: [])
        #expect(String(decoding: bare, as: UTF8.self) == "GET / HTTP/1.1\r\nHost: h:80\r\n\r\n", "an empty path is /")

        let answer = PlainSocket.ResponseHead(Array("HTTP/1.1 304 Not Modified\r\nETag:  \"v1\" \r\nno colon here\r\nX-A: 1\r\nx-a: 2".utf8)[...])
        #expect(answer?.version == "HTTP/1.1" && answer?.status == 304)
        #expect(answer?.headers == ["etag": "\"v1\"", "x-a": "2"], "names lowercased, values trimmed, a later copy wins, a line without a colon skipped")
        #expect(PlainSocket.ResponseHead(Array("HTTP/1.0 200".utf8)[...])?.version == "HTTP/1.0")
        #expect(PlainSocket.ResponseHead(Array("SSH-2.0-OpenSSH_9.6".utf8)[...]) == nil, "not HTTP")
        #expect(PlainSocket.ResponseHead(Array("HTTP/1.1 OK".utf8)[...]) == nil, "no status code")
        #expect(PlainSocket.ResponseHead([][...]) == nil)
    }

    @Test func aServerThatIsNotThereIsUnreachableAtOnce() {
        let http = SocketHTTP(idleTimeout: 2, requestTimeout: 5, maxResponseBytes: 1 << 20)
        let started = ContinuousClock.now
        guard case .failure(.unreachable) = http.perform(URLRequest(url: URL(string: "http://127.0.0.1:1/v1/leagues")!)) else {
            Issue.record("an answer from a closed port"); return
        }
        #expect(ContinuousClock.now - started < .seconds(2))
    }
}
