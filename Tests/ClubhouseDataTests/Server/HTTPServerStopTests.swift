import ClubhouseData
import ClubhouseServer
import Foundation
import Synchronization
import Testing

/// How the HTTP server stops: it takes no new connection from the moment it starts stopping (each is closed as it is
/// accepted, by the daemon's accept policy), finishes the request in flight, then closes its port. (It used to stop
/// accepting with libmicrohttpd's `MHD_quiesce_daemon`, which on this epoll daemon can race the daemon's own worker
/// over the listening socket and abort the whole process: a full test run died of it once.)
@Suite struct HTTPServerStopTests {
    /// A request whose handler waits until `release` is called.
    final class Gate: Sendable {
        private let state = Mutex<(entered: Bool, waiting: CheckedContinuation<Void, Never>?, open: Bool)>((false, nil, false))
        var entered: Bool { state.withLock { $0.entered } }
        func pass() async {
            await withCheckedContinuation { c in
                let now = state.withLock { s -> Bool in
                    s.entered = true
                    if s.open { return true }
                    s.waiting = c
                    return false
                }
                if now { c.resume() }
            }
        }
        func release() {
            let c = state.withLock { s -> CheckedContinuation<Void, Never>? in
                s.open = true
                defer { s.waiting = nil }
                return s.waiting
            }
            c?.resume()
        }
    }

    @Test func aStoppingServerRefusesNewConnectionsAndFinishesTheRequestInFlight() async throws {
        let gate = Gate()
        var options = HTTPServer.Options()
        options.port = 0
        let server = HTTPServer(options: options, log: { _ in }) { request in
            if request.path == "/slow" { await gate.pass() }
            return .json(200, Array(#"{"path":"\#(request.path)"}"#.utf8))
        }
        try server.start()
        let http = RawHTTP(port: server.port)
        #expect(await io { http.request("GET", "/fast") }?.status == 200, "answers before the stop")

        let slow = Task { await io { http.request("GET", "/slow") } }
        #expect(await Wait.until(.seconds(60)) { gate.entered }, "the slow request is in its handler")
        let stopping = Task { await server.stop(grace: .seconds(60)) }
        // From the stop on, a new connection is closed without an answer (polled: the stop runs on its own task).
        #expect(await Wait.until(.seconds(60), every: .milliseconds(20)) { await io { http.request("GET", "/fast") } == nil },
                "no new connection is served while stopping")
        gate.release()
        let answer = await slow.value
        #expect(answer?.status == 200 && answer.map { String(decoding: $0.body, as: UTF8.self) } == #"{"path":"/slow"}"#,
                "the request in flight finished")
        await stopping.value
        #expect(await io { http.connect(timeoutSeconds: 5).map { close($0) } } == nil, "stopped: the port is closed")
    }
}
