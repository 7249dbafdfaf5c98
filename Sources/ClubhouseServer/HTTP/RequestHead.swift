import Foundation

/// The strict reading of a request's head, from the bytes as they arrived (libmicrohttpd's own decoding hides a
/// `%00` or a `%2F`): the request target split into path segments and query parameters, the framing headers, and
/// the body's media type. Every refusal is a 400 that closes the connection (`ServerErrors.malformed`), except a
/// query parameter given twice (400 `bad_parameter`, naming it) and a media type (415, decided per request).
enum RequestHead {
    /// The path (segments percent-decoded, joined by `/`) and the query parameters of a raw request target.
    /// Refused: a byte a URI can't hold (space, control characters, `"<>\^`{|}`, non-ASCII), a `%` not followed by
    /// two hex digits, a decoded control character (`%00`, `%0A`…), a decoded `/` inside a segment (`%2F`).
    /// A target that isn't a path (`*`, `http://…`) is passed on as it is: no route has it (404).
    static func target(_ raw: [UInt8]) throws(HTTPError) -> (path: String, query: [String: String]) {
        let question = raw.firstIndex(of: UInt8(ascii: "?"))
        let rawPath = raw[..<(question ?? raw.endIndex)]
        let rawQuery = question.map { raw[raw.index(after: $0)...] } ?? []
        for b in rawPath where !isPathByte(b) { throw ServerErrors.malformed("The request's path has a character a URL can't hold") }
        for b in rawQuery where !isPathByte(b) && b != UInt8(ascii: "?") {
            throw ServerErrors.malformed("The request's query has a character a URL can't hold")
        }
        var path = ""
        if rawPath.first == UInt8(ascii: "/") {
            var segments: [String] = []
            for segment in rawPath.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
                let bytes = try decode(segment, plus: false, what: "path")
                if bytes.contains(UInt8(ascii: "/")) { throw ServerErrors.malformed("A '/' inside a path segment (%2F) isn't allowed") }
                segments.append(String(decoding: bytes, as: UTF8.self))
            }
            path = "/" + segments.joined(separator: "/")
        } else {
            path = String(decoding: rawPath, as: UTF8.self)
        }
        var query: [String: String] = [:]
        for pair in rawQuery.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let eq = pair.firstIndex(of: UInt8(ascii: "="))
            let key = String(decoding: try decode(pair[..<(eq ?? pair.endIndex)], plus: true, what: "query"), as: UTF8.self)
            var value = ""
            if let eq { value = String(decoding: try decode(pair[pair.index(after: eq)...], plus: true, what: "query"), as: UTF8.self) }
            guard query[key] == nil else { throw HTTPError(400, "bad_parameter", "\(key) is given more than once", field: key) }
            query[key] = value
        }
        return (path, query)
    }

    /// RFC 3986's `pchar` and `/`: what a path may hold as it is (anything else must be percent-encoded).
    static func isPathByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "-._~!$&'()*+,;=:@/%".utf8.contains(b)
        }
    }

    /// Percent-decodes one segment or query part (`+` is a space in the query); refuses malformed escapes and
    /// decoded control characters.
    static func decode(_ raw: ArraySlice<UInt8>, plus: Bool, what: String) throws(HTTPError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = raw.startIndex
        while i < raw.endIndex {
            var b = raw[i]
            if b == UInt8(ascii: "%") {
                guard raw.endIndex - i >= 3, let hi = hex(raw[i + 1]), let lo = hex(raw[i + 2]) else {
                    throw ServerErrors.malformed("The request's \(what) has a '%' not followed by two hex digits")
                }
                b = hi << 4 | lo
                i += 3
            } else {
                if plus && b == UInt8(ascii: "+") { b = 0x20 }
                i += 1
            }
            if b < 0x20 || b == 0x7F { throw ServerErrors.malformed("The request's \(what) holds a control character") }
            out.append(b)
        }
        return out
    }

    static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Headers that must come at most once (two disagreeing copies would be read differently by a proxy and by us).
    static let singletons: Set<String> = ["host", "content-length", "transfer-encoding", "content-type", "authorization",
                                          "last-event-id", "x-clubhouse-ssh-host"]

    /// How the body is delimited, unambiguously: one Content-Length, or `Transfer-Encoding: chunked` alone (on
    /// HTTP/1.1). Both at once is how a request is smuggled past a proxy; an unknown coding would leave the body's
    /// end to the connection's close.
    static func checkFraming(_ headers: [(name: String, value: String)], version: String) throws(HTTPError) {
        // A request has a handful of headers: pairs compared in place, no table made for each request.
        var once: [String] = [], twice: [String] = []
        for h in headers where singletons.contains(h.name) {
            if once.contains(h.name) { twice.append(h.name) } else { once.append(h.name) }
        }
        if let first = twice.sorted().first {
            throw ServerErrors.malformed("The \(displayName(first)) header is sent more than once")
        }
        guard let coding = headers.first(where: { $0.name == "transfer-encoding" })?.value else { return }
        if once.contains("content-length") {
            throw ServerErrors.malformed("A request has a Content-Length or a Transfer-Encoding, not both")
        }
        guard coding.lowercased() == "chunked" else {
            throw ServerErrors.malformed("The only Transfer-Encoding this server reads is chunked")
        }
        guard version == "HTTP/1.1" else { throw ServerErrors.malformed("Transfer-Encoding needs HTTP/1.1") }
    }

    static func displayName(_ lowercased: String) -> String {
        switch lowercased {
        case "last-event-id": "Last-Event-ID"
        case "x-clubhouse-ssh-host": "X-Clubhouse-SSH-Host"
        default: lowercased.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
        }
    }

    /// `application/json`, with parameters (`; charset=utf-8`); a charset other than UTF-8 isn't JSON as this
    /// server reads it. `application/jsonx`, `application/json-seq`, `text/json` are not.
    static func isJSON(contentType: String) -> Bool {
        let parts = contentType.split(separator: ";", omittingEmptySubsequences: false)
        let ows: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let type = parts.first, type.trimming(while: ows).lowercased() == "application/json" else { return false }
        for parameter in parts.dropFirst() {
            let p = parameter.trimming(while: ows)
            if p.isEmpty { continue }   // `application/json;` (RFC 9110 allows an empty parameter)
            guard let eq = p.firstIndex(of: "=") else { return false }
            let name = p[..<eq].lowercased()
            var value = Substring(p[p.index(after: eq)...])
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
            guard !name.isEmpty, name.utf8.allSatisfy({ isToken($0) }), !value.isEmpty else { return false }
            if name == "charset", value.lowercased() != "utf-8" { return false }
        }
        return true
    }

    static func isToken(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "!#$%&'*+-.^_`|~".utf8.contains(b)
        }
    }
}

extension Substring {
    /// Without the leading and trailing characters `drop` says to drop.
    func trimming(while drop: (Character) -> Bool) -> Substring {
        var s = self
        while let c = s.first, drop(c) { s = s.dropFirst() }
        while let c = s.last, drop(c) { s = s.dropLast() }
        return s
    }
}
