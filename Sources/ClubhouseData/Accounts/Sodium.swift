import CSodium
import ClubhouseDomain
import Foundation

/// libsodium, initialised once per process (`sodium_init` is thread-safe and idempotent, but costs a syscall).
enum Sodium {
    static let ready: Bool = sodium_init() >= 0

    static func require() {
        precondition(ready, "libsodium failed to initialise")
    }
}

/// SHA-256 from libsodium (`crypto_hash_sha256`): SSH key fingerprints, token digests, short path names.
public enum SHA256 {
    /// The 32-byte digest of `message`.
    public static func hash<Bytes: Collection>(_ message: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        Sodium.require()
        let bytes = Array(message)
        var out = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_bytes()))
        _ = crypto_hash_sha256(&out, bytes, UInt64(bytes.count))
        return out
    }

    /// The digest as lowercase hex.
    public static func hex<Bytes: Collection>(_ message: Bytes) -> String where Bytes.Element == UInt8 {
        hash(message).map { String(format: "%02x", $0) }.joined()
    }
}

/// Argon2id password hashes with libsodium's interactive limits (`crypto_pwhash_str`, ~90 ms here).
public struct SodiumPasswordHasher: PasswordHasher {
    public let opsLimit: Int
    public let memLimit: Int

    public init(opsLimit: Int = Int(crypto_pwhash_opslimit_interactive()), memLimit: Int = Int(crypto_pwhash_memlimit_interactive())) {
        Sodium.require()
        self.opsLimit = opsLimit; self.memLimit = memLimit
    }

    public func hash(_ password: String) throws -> String {
        var out = [CChar](repeating: 0, count: Int(crypto_pwhash_strbytes()))
        // withCString keeps embedded NULs; the length passed is the whole UTF-8 count.
        let rc = password.withCString { p in
            crypto_pwhash_str_alg(&out, p, UInt64(password.utf8.count), UInt64(opsLimit), memLimit, crypto_pwhash_alg_argon2id13())
        }
        guard rc == 0 else { throw DomainError.transport("could not hash the password (out of memory)") }
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func verify(_ password: String, against hash: String) -> Bool {
        guard hash.utf8.count < Int(crypto_pwhash_strbytes()) else { return false }
        return password.withCString { p in crypto_pwhash_str_verify(hash, p, UInt64(password.utf8.count)) == 0 }
    }
}

/// 256-bit tokens from `randombytes_buf`, base64url without padding; stored as hex SHA-256 (`crypto_hash_sha256`).
public struct SodiumTokenSource: TokenSource {
    public init() { Sodium.require() }

    public func newToken() -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        randombytes_buf(&bytes, bytes.count)
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    public func digest(_ token: String) -> String { SHA256.hex(token.utf8) }

    /// Random bytes as lowercase hex (device ids).
    static func randomHex(_ count: Int) -> String {
        Sodium.require()
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, bytes.count)
        return bytes.map { String(format: "%02x", $0) }.joined()
    }
}

/// How sign-in attempt keys are stored: HMAC-SHA-256 (`crypto_auth_hmacsha256`) under the database's own secret.
enum SignInKeys {
    /// The `meta` row holding the secret (64 hex digits), created by Migration003.
    static let metaKey = "sign_in_key"

    /// Hex HMAC of `key` under `secretHex`.
    static func keyed(_ key: String, secretHex: String) -> String {
        Sodium.require()
        var secret = [UInt8](repeating: 0, count: crypto_auth_hmacsha256_keybytes())
        let hex = Array(secretHex.utf8)
        for i in 0..<min(secret.count, hex.count / 2) {
            secret[i] = UInt8(String(decoding: hex[2 * i..<2 * i + 2], as: UTF8.self), radix: 16) ?? 0
        }
        var out = [UInt8](repeating: 0, count: crypto_auth_hmacsha256_bytes())
        let message = Array(key.utf8)
        _ = crypto_auth_hmacsha256(&out, message, UInt64(message.count), secret)
        return out.map { String(format: "%02x", $0) }.joined()
    }
}

extension AccountPorts {
    /// libsodium: Argon2id (interactive limits) and SHA-256-stored random tokens.
    public static let sodium = AccountPorts(hasher: SodiumPasswordHasher(), tokens: SodiumTokenSource())
}
