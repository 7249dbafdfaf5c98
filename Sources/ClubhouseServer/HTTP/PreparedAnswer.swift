import CMicroHTTPD
import Synchronization

/// An answer sent many times just as it is — a read kept in `ReadCache`: its status, headers and bytes are fixed, so
/// the server makes libmicrohttpd's response once (at the first send, with the headers every answer carries) and
/// queues that same response for every request after it. libmicrohttpd counts its uses: a response still being sent
/// when this is dropped (the cache moved on) lives until its last send ends.
public final class PreparedAnswer: Sendable {
    public let status: Int
    public let headers: [(String, String)]
    public let bytes: [UInt8]
    private let made = Mutex<MadeResponse?>(nil)

    init(status: Int, headers: [(String, String)], bytes: [UInt8]) {
        self.status = status; self.headers = headers; self.bytes = bytes
    }

    /// As an answer to one request.
    var response: HTTPResponse { HTTPResponse(status: status, headers: headers, body: .prepared(self)) }

    /// libmicrohttpd's response, made by `make` the first time.
    func mhd(_ make: () -> OpaquePointer?) -> OpaquePointer? {
        made.withLock { m in
            if m == nil, let pointer = make() { m = MadeResponse(pointer: pointer) }
            return m?.pointer
        }
    }

    deinit {
        if let m = made.withLock({ $0 }) { MHD_destroy_response(m.pointer) }
    }

    private struct MadeResponse: @unchecked Sendable { let pointer: OpaquePointer }
}
