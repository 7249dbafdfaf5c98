import Foundation

/// An SSH public key as OpenSSH writes it on one line: `<type> <base64 blob>`.
/// Only public material is ever handled here.
public struct SSHPublicKey: Hashable, Sendable {
    /// The key type, e.g. `ssh-ed25519`, `ssh-rsa`, `ecdsa-sha2-nistp256`.
    public var type: String
    /// The decoded wire-format blob (string type, then the key's fields).
    public var blob: [UInt8]

    public enum ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        case missingField
        case badBase64
        case typeMismatch(declared: String, embedded: String)
        public var description: String {
            switch self {
            case .missingField: return "expected '<type> <base64>'"
            case .badBase64: return "the key is not valid base64"
            case .typeMismatch(let d, let e): return "the key says '\(d)' but its blob holds '\(e)'"
            }
        }
    }

    public init(type: String, blob: [UInt8]) { self.type = type; self.blob = blob }

    /// Parses `<type> <base64> [comment]` (the comment is ignored). The blob's embedded type, when
    /// readable, must match the declared one.
    public init(line: some StringProtocol) throws(ParseError) {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 2 else { throw .missingField }
        try self.init(type: String(fields[0]), base64: String(fields[1]))
    }

    /// From the two fields sshd hands an AuthorizedKeysCommand (`%t %k`).
    public init(type: String, base64: String) throws(ParseError) {
        guard !type.isEmpty, !base64.isEmpty else { throw .missingField }
        guard let data = Data(base64Encoded: base64) else { throw .badBase64 }
        let blob = [UInt8](data)
        if let embedded = Self.embeddedType(blob), embedded != type { throw .typeMismatch(declared: type, embedded: embedded) }
        self.init(type: type, blob: blob)
    }

    /// `SHA256:<base64 of the blob's SHA-256, without padding>` — what `ssh-keygen -l` prints and sshd logs.
    public var fingerprint: String {
        var b64 = Data(SHA256.hash(blob)).base64EncodedString()
        while b64.hasSuffix("=") { b64.removeLast() }
        return "SHA256:" + b64
    }

    /// The one-line form: `<type> <base64>`.
    public var openSSHLine: String { type + " " + Data(blob).base64EncodedString() }

    /// The type string the blob starts with (uint32 length + bytes), if it is well formed.
    static func embeddedType(_ blob: [UInt8]) -> String? {
        guard blob.count >= 4 else { return nil }
        let n = Int(blob[0]) << 24 | Int(blob[1]) << 16 | Int(blob[2]) << 8 | Int(blob[3])
        guard n > 0, n <= 64, blob.count >= 4 + n else { return nil }
        return String(bytes: blob[4..<(4 + n)], encoding: .utf8)
    }
}
