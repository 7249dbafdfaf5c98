import Foundation

/// Reads that a client (or a proxy) can revalidate: a successful `GET`/`HEAD` answer gets a strong `ETag` (a digest of
/// its bytes, which are deterministic: `JSONEncoder` with sorted keys), and a request whose `If-None-Match` names it
/// gets `304 Not Modified` without the body. What is saved is the bytes
/// on the wire and, on the client, decoding and redrawing an answer it already has. (An anonymous read of a league is
/// also computed only once per league revision: `ReadCache`.)
///
/// `Cache-Control`: an answer to a request without a token is what anyone may read — `public, no-cache` (a cache may
/// keep it, but must ask again each time, so a pick shows at once); one to a request with a token may hold what only
/// that account sees — `private, no-cache`. Errors, writes and event streams stay `no-store`.
enum Revalidation {
    /// `etag`: the body's tag when already known (an answer from the read cache), else computed here.
    static func apply(to response: HTTPResponse, request: HTTPRequest, etag known: String? = nil) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD", response.status == 200, case .bytes(let bytes) = response.body else {
            return response
        }
        var r = response
        let tag = known ?? etag(bytes)
        r.headers.removeAll { $0.0.lowercased() == "cache-control" }
        r.headers.append(("Cache-Control", request.headers["authorization"] == nil ? "public, no-cache" : "private, no-cache"))
        r.headers.append(("ETag", tag))
        if let asked = request.headers["if-none-match"], matches(asked, tag) {
            r.status = 304
            r.body = .bytes([])
            r.headers.removeAll { $0.0.lowercased() == "content-type" }
        }
        return r
    }

    /// A strong validator: two 64-bit FNV-1a digests of the bytes (different offsets), as 32 hex digits in quotes.
    static func etag(_ bytes: [UInt8]) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x6c62_272e_07bb_0142
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
            b = (b ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        b ^= UInt64(bytes.count)
        func hex(_ v: UInt64) -> String { let s = String(v, radix: 16); return String(repeating: "0", count: 16 - s.count) + s }
        return "\"" + hex(a) + hex(b) + "\""
    }

    /// `If-None-Match`: `*`, or a list of entity tags (weak ones compared weakly, as RFC 9110 says for this header).
    static func matches(_ header: String, _ tag: String) -> Bool {
        if header.trimmingCharacters(in: .whitespaces) == "*" { return true }
        return header.split(separator: ",").contains { candidate in
            var c = candidate.trimmingCharacters(in: .whitespaces)
            if c.hasPrefix("W/") { c = String(c.dropFirst(2)) }
            return c == tag
        }
    }
}
