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
    /// `etag`: the body's tag when already known, else computed here. A prepared answer (`ReadCache`) is already what
    /// `prepared` made: it passes as it is.
    static func apply(to response: HTTPResponse, request: HTTPRequest, etag known: String? = nil) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD", response.status == 200, case .bytes(let bytes) = response.body else {
            return response
        }
        let tag = known ?? etag(bytes)
        return revalidatable(response, tag: tag, isPrivate: request.headers["authorization"] != nil,
                             notModified: request.headers["if-none-match"].map { matches($0, tag) } ?? false)
    }

    /// A public read's two answers, made once to be sent many times: the 200 with its body, and the 304 for a client
    /// that sends its tag back.
    static func prepared(_ response: HTTPResponse, bytes: [UInt8], tag: String) -> (full: PreparedAnswer, notModified: PreparedAnswer) {
        func prepare(_ r: HTTPResponse) -> PreparedAnswer {
            guard case .bytes(let b) = r.body else { return PreparedAnswer(status: r.status, headers: r.headers, bytes: []) }
            return PreparedAnswer(status: r.status, headers: r.headers, bytes: b)
        }
        var plain = response
        plain.body = .bytes(bytes)
        return (prepare(revalidatable(plain, tag: tag, isPrivate: false, notModified: false)),
                prepare(revalidatable(plain, tag: tag, isPrivate: false, notModified: true)))
    }

    /// `response` with its validator and cache rule; a 304 without body or type when the client already has it.
    private static func revalidatable(_ response: HTTPResponse, tag: String, isPrivate: Bool, notModified: Bool) -> HTTPResponse {
        var r = response
        r.headers.removeAll { $0.0.lowercased() == "cache-control" }
        r.headers.append(("Cache-Control", isPrivate ? "private, no-cache" : "public, no-cache"))
        r.headers.append(("ETag", tag))
        if notModified {
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
    /// On the bytes, without Foundation: every revalidated read asks it, on libmicrohttpd's thread.
    static func matches(_ header: String, _ tag: String) -> Bool {
        if header == tag { return true }
        func trimmed(_ s: Substring.UTF8View) -> Substring.UTF8View {
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
            guard let first = s.firstIndex(where: { !isSpace($0) }), let last = s.lastIndex(where: { !isSpace($0) }) else { return s[s.endIndex...] }
            return s[first...last]
        }
        let all = trimmed(Substring(header).utf8)
        if all.elementsEqual("*".utf8) { return true }
        return all.split(separator: UInt8(ascii: ",")).contains { candidate in
            var c = trimmed(candidate)
            if c.starts(with: "W/".utf8) { c = c.dropFirst(2) }
            return c.elementsEqual(tag.utf8)
        }
    }
}
