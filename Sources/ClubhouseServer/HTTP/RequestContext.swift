import CMicroHTTPD
import ClubhouseDomain
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The server's per-request state, kept in libmicrohttpd's `con_cls` until the request completes. Made when the
/// request line arrives (`uriLogged`, with the raw target); filled in at the first call of the access handler.
final class RequestContext: @unchecked Sendable {
    var method = ""
    /// The request line's protocol version ("HTTP/1.1").
    var version = ""
    /// Whether libmicrohttpd sends a body of unknown length to this request chunked: to HTTP/1.1 (and any later 1.x),
    /// never to HTTP/1.0, which gets the bytes as they are until the connection closes.
    var answersChunked: Bool { version.hasPrefix("HTTP/1.") && version != "HTTP/1.0" }
    var path = "/"
    /// The request target as it arrived (libmicrohttpd decodes its own copy in place), and where it lies in
    /// libmicrohttpd's read buffer (valid until the access handler's first call returns).
    let rawTarget: [UInt8]
    let targetPointer: UnsafePointer<CChar>?
    /// `begin` ran: the request counts as in flight until it completes.
    var begun = false
    var headers: [String: String] = [:]
    var query: [String: String] = [:]
    var body: [UInt8] = []
    /// The connection's peer (see `ConnectionAddress`).
    var peer: IPAddress?
    let started = ContinuousClock.now
    /// A refusal decided while the request arrived (sent once it has been read).
    var early: HTTPError?
    var dispatched = false
    /// Answered before the body: whatever body arrives is discarded.
    var refusedEarly = false
    var status: Int?
    var route: String?
    /// Set by the handler task, taken on the daemon's thread.
    private let response = Mutex<HTTPResponse?>(nil)

    init(target: UnsafePointer<CChar>?) {
        targetPointer = target
        rawTarget = target.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? []
    }
    func setResponse(_ r: HTTPResponse) { response.withLock { $0 = r } }
    func takeResponse() -> HTTPResponse? { response.withLock { r in defer { r = nil }; return r } }
}

struct ConnectionBox: @unchecked Sendable {
    let pointer: OpaquePointer?
    init(_ pointer: OpaquePointer?) { self.pointer = pointer }
}

/// The request log's time: now, in the one ISO 8601 format (whole seconds, UTC).
public enum RequestLogTime {
    /// The text of the second it last formatted: a busy server logs many requests in each.
    private static let last = Mutex<(second: Int, text: String)>((-1, ""))

    public static func now() -> String {
        let date = Date()
        let second = Int(date.timeIntervalSince1970.rounded(.down))
        if let text = last.withLock({ $0.second == second ? $0.text : nil }) { return text }
        let text = ISO8601.format(date)
        last.withLock { $0 = (second, text) }
        return text
    }
}
