import ClubhouseData
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The remote transport's HTTP: one path for `http://` and `https://`, requests and event streams alike — our own
/// HTTP/1.1 on blocking sockets (`SocketHTTP`, `SocketStream`), TLS by a GnuTLS client session over the socket
/// (`Connection`) that verifies the server against `TLSTrust` (the system's CAs, plus a club's own with `--ca-file`).
/// Every limit holds while bytes arrive: redirects are never followed, an answer over `maxResponseBytes` is cut off, a
/// request gets `idleTimeout` without a byte (connecting and the handshake included) and `requestTimeout` in all. An
/// event stream has no overall limit; one silent for 45 s — three missed heartbeats — is dropped and reconnected.
final class HTTPClient: Sendable {
    struct Answer: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
    }
    enum Failure: Error, Sendable {
        case unreachable(String)
        case redirect
        case tooLarge
        /// No TLS connection the client could trust: a sentence that says why (`TLSRefusal`).
        case untrusted(String)

        /// `unreachable`'s reason when the request went out and the connection ended without an answer: the server may
        /// have done it (a write under an `Idempotency-Key` can be asked again safely), unlike a refused connection or
        /// a timeout.
        static let noAnswer = "no answer"
    }

    let maxResponseBytes: Int
    private let http: SocketHTTP

    /// `trust`: what https:// trusts (nil: the system's CAs).
    init(maxResponseBytes: Int = 1 << 20, idleTimeout: TimeInterval = 5, requestTimeout: TimeInterval = 15, trust: TLSTrust? = nil) {
        self.maxResponseBytes = maxResponseBytes
        http = SocketHTTP(idleTimeout: idleTimeout, requestTimeout: requestTimeout, maxResponseBytes: maxResponseBytes, trust: trust)
    }

    func send(_ request: URLRequest) async throws(Failure) -> Answer {
        try await http.send(request).get()
    }

    /// Opens an event stream; `onResponse` gets the status, `onBytes` the body as it arrives, `onEnd` is called once
    /// when it ends (closed, refused, silent too long, or cancelled).
    func stream(_ url: URL, headers: [String: String], onResponse: @escaping (Int) -> Void, onBytes: @escaping (Data) -> Void,
                onEnd: @escaping () -> Void) -> SocketStream {
        let stream = SocketStream(http: http, url: url, headers: headers, onResponse: onResponse, onBytes: onBytes, onEnd: onEnd)
        stream.start()
        return stream
    }
}
