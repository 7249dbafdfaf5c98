import Foundation

/// Decodes request bodies strictly: JSON only, nesting and string lengths capped, every field of the right type,
/// and no fields the request type doesn't have. Each refusal names the field (dotted path, `settings.teamCount`).
public enum StrictJSON {
    public static let maxDepth = 16
    public static let maxStringBytes = 4096

    public static func decode<T: Codable>(_ type: T.Type, from bytes: [UInt8]) throws(HTTPError) -> T {
        let data: Data
        if bytes.isEmpty || bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            data = Data("{}".utf8)   // no body: the request's fields may all be optional
        } else {
            try scan(bytes)
            data = Data(bytes)
        }
        let value: T
        do {
            value = try decoder.decode(T.self, from: data)
        } catch {
            var described = (error as? DecodingError).map(describe) ?? HTTPError(400, "malformed_json", "The request body is not valid JSON")
            if described.field == nil, let culprit = culprit(T.self, in: data) {
                described = HTTPError(400, "invalid_field", culprit.sentence, field: culprit.field)
            }
            throw described
        }
        try rejectUnknownFields(input: data, decoded: value)
        return value
    }

    static let decoder = JSONDecoder()

    /// A value the decoder refused without saying where (a number that doesn't fit): the number whose replacement by 0
    /// makes that refusal go away is the one, named by its own path (`settings.faabBudget`). Only numbers are tried —
    /// removing a field instead would name the first required field the decoder meets missing, not the culprit.
    static func culprit<T: Decodable>(_ type: T.Type, in data: Data) -> (field: String, sentence: String)? {
        guard let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        var candidates: [(path: [Any], field: String, number: NSNumber)] = []
        func walk(_ value: Any, _ path: [Any], _ field: String) {
            guard candidates.count < 64 else { return }
            if let object = value as? [String: Any] {
                for key in object.keys.sorted() { walk(object[key]!, path + [key], field.isEmpty ? key : field + "." + key) }
            } else if let array = value as? [Any] {
                for (i, item) in array.enumerated() { walk(item, path + [i], field + "[\(i)]") }
            } else if let n = value as? NSNumber {   // true and false are 1 and 0 here: never candidates
                let d = n.doubleValue
                // Only what an integer field can refuse: a fraction, or beyond 64 bits.
                if d != d.rounded() || !(d > -9.2e18 && d < 9.2e18) { candidates.append((path, field, n)) }
            }
        }
        walk(root, [], "")
        for c in candidates {
            guard let fixed = replacing(root, at: c.path[...]),
                  let trimmed = try? JSONSerialization.data(withJSONObject: fixed, options: [.fragmentsAllowed]) else { continue }
            do { _ = try decoder.decode(T.self, from: trimmed) } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
                continue   // still refused as before: not this one
            } catch {}
            let d = c.number.doubleValue
            return (c.field, d != d.rounded() && abs(d) < 9.2e18 ? "\(c.field) should be a whole number"
                                                                : "\(c.field) is too large a number")
        }
        return nil
    }

    /// `value` with the number at `path` replaced by 0.
    private static func replacing(_ value: Any, at path: ArraySlice<Any>) -> Any? {
        guard let step = path.first else { return 0 }
        if let key = step as? String, var object = value as? [String: Any], let inner = object[key] {
            object[key] = replacing(inner, at: path.dropFirst())
            return object
        }
        if let i = step as? Int, var array = value as? [Any], array.indices.contains(i) {
            array[i] = replacing(array[i], at: path.dropFirst()) as Any
            return array
        }
        return nil
    }
    static let encoder = JSONEncoder()

    /// The body is UTF-8 JSON text: valid UTF-8 without a byte order mark, and no control character outside the
    /// JSON whitespace (tab, LF, CR) — a UTF-16 or UTF-32 body, which Foundation's decoder would otherwise guess at,
    /// is full of NULs. Then the depth and string-length caps, checked on the raw bytes before any parser recurses.
    /// A string's length is its UTF-8 bytes with escapes decoded (`\n` is one byte, `\u00e9` two): at most
    /// `maxStringBytes` is accepted.
    static func scan(_ bytes: [UInt8]) throws(HTTPError) {
        let notJSON = HTTPError(400, "malformed_json", "The request body is not UTF-8 JSON")
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw notJSON }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw notJSON }
        var depth = 0, inString = false, stringBytes = 0
        // Inside a string: 0 plain; 1 after a backslash; 2…5 reading the hex digits of a \u escape.
        var escape = 0, unit: UInt32 = 0
        for b in bytes {
            if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { throw notJSON }
            if inString {
                switch escape {
                case 0:
                    if b == UInt8(ascii: "\\") { escape = 1; continue }
                    if b == UInt8(ascii: "\"") { inString = false; continue }
                    stringBytes += 1
                case 1:
                    if b == UInt8(ascii: "u") { escape = 2; unit = 0; continue }
                    escape = 0
                    stringBytes += 1
                default:
                    unit = unit << 4 | UInt32(RequestHead.hex(b) ?? 0)
                    escape += 1
                    guard escape == 6 else { continue }
                    escape = 0
                    // A surrogate is half of a 4-byte character; anything else is its UTF-8 length.
                    stringBytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : (0xD800...0xDFFF).contains(unit) ? 2 : 3
                }
                if stringBytes > maxStringBytes {
                    throw HTTPError(400, "string_too_long", "A text field is at most \(maxStringBytes) bytes")
                }
                continue
            }
            switch b {
            case UInt8(ascii: "\""): inString = true; stringBytes = 0; escape = 0
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > maxDepth { throw HTTPError(400, "too_deep", "The request body is nested more than \(maxDepth) levels deep") }
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
    }

    static func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
        let keys = codingPath + (last.map { [$0] } ?? [])
        let names = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        return names.reduce("") { acc, n in acc.isEmpty ? n : (n.hasPrefix("[") ? acc + n : acc + "." + n) }
    }

    static func describe(_ error: DecodingError) -> HTTPError {
        switch error {
        case .typeMismatch(let type, let c):
            let field = path(c.codingPath)
            if field.isEmpty { return HTTPError(400, "malformed_json", "The request body should be a JSON object") }
            return HTTPError(400, "invalid_field", "\(field) should be \(typeName(type))", field: field)
        case .valueNotFound(let type, let c):
            let field = path(c.codingPath)
            return HTTPError(400, "invalid_field", "\(field) should be \(typeName(type)), not null", field: field)
        case .keyNotFound(let key, let c):
            let field = path(c.codingPath, key)
            return HTTPError(400, "invalid_field", "\(field) is missing", field: field)
        case .dataCorrupted(let c):
            let field = path(c.codingPath)
            if field.isEmpty { return HTTPError(400, "malformed_json", "The request body is not valid JSON") }
            return HTTPError(400, "invalid_field", "\(field) has a value it can't take", field: field)
        @unknown default:
            return HTTPError(400, "malformed_json", "The request body is not valid JSON")
        }
    }

    static func typeName(_ type: Any.Type) -> String {
        switch "\(type)" {
        case "Int", "Int64", "Int32", "Double": "a number"
        case "String": "text"
        case "Bool": "true or false"
        case let s where s.hasPrefix("Array"): "a list"
        case let s where s.hasPrefix("Dictionary"): "an object"
        default: "a \(type)"
        }
    }

    /// Any key in the input that the decoded value doesn't encode back (and isn't null) is a field the type lacks.
    static func rejectUnknownFields<T: Encodable>(input: Data, decoded: T) throws(HTTPError) {
        guard let original = try? JSONSerialization.jsonObject(with: input, options: [.fragmentsAllowed]),
              let reencoded = try? encoder.encode(decoded),
              let known = try? JSONSerialization.jsonObject(with: reencoded, options: [.fragmentsAllowed]) else { return }
        if let unknown = firstUnknown(original, known, at: "") {
            throw HTTPError(400, "unknown_field", "\(unknown) is not a field of this request", field: unknown)
        }
    }

    private static func firstUnknown(_ input: Any, _ known: Any, at prefix: String) -> String? {
        if let a = input as? [String: Any] {
            let b = known as? [String: Any] ?? [:]
            for key in a.keys.sorted() {
                let here = prefix.isEmpty ? key : prefix + "." + key
                guard let kv = b[key] else {
                    if a[key] is NSNull { continue }
                    return here
                }
                if let found = firstUnknown(a[key]!, kv, at: here) { return found }
            }
        } else if let a = input as? [Any], let b = known as? [Any] {
            for (i, item) in a.enumerated() where i < b.count {
                if let found = firstUnknown(item, b[i], at: prefix + "[\(i)]") { return found }
            }
        }
        return nil
    }
}
