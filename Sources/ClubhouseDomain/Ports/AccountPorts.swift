import Foundation
import Synchronization

/// Hashes and checks passwords (Data: libsodium Argon2id, `crypto_pwhash_str`). Slow on purpose (~90 ms).
public protocol PasswordHasher: Sendable {
    /// A self-describing hash string (`$argon2id$…`) that embeds its salt and limits.
    func hash(_ password: String) throws -> String
    /// Whether `password` matches `hash`; false (never a throw) for a malformed hash.
    func verify(_ password: String, against hash: String) -> Bool
}

/// Session tokens: random and opaque for the client, stored only as a digest.
public protocol TokenSource: Sendable {
    /// A new random token (256 bits, URL-safe text).
    func newToken() -> String
    /// The one-way digest stored in place of a token (hex SHA-256). Also used to key sign-in attempts.
    func digest(_ token: String) -> String
}

/// What the account use cases need besides the store and the clock. The composition root passes Data's
/// libsodium implementations (`AccountPorts.sodium`); without them account use cases fail with `.transport`.
public final class AccountPorts: Sendable {
    public let hasher: any PasswordHasher
    public let tokens: any TokenSource
    /// A real hash of a throwaway password, checked when the email is unknown so both failures take similar time.
    private let decoy: LazyDecoy

    public init(hasher: any PasswordHasher, tokens: any TokenSource) {
        self.hasher = hasher; self.tokens = tokens; decoy = LazyDecoy()
    }

    /// Ports that refuse every account operation (the default for services that never sign anyone in).
    public static let unconfigured = AccountPorts(hasher: UnconfiguredAccounts(), tokens: UnconfiguredAccounts())

    func decoyHash() -> String { decoy.value { (try? hasher.hash("decoy password for unknown emails")) ?? "" } }
}

private final class LazyDecoy: Sendable {
    private let cached = Mutex<String?>(nil)
    /// `make` runs holding the lock, so the decoy is hashed once however many callers race.
    func value(_ make: () -> String) -> String {
        cached.withLock { cached in
            if let cached { return cached }
            let v = make(); cached = v; return v
        }
    }
}

private struct UnconfiguredAccounts: PasswordHasher, TokenSource {
    func hash(_ password: String) throws -> String { throw DomainError.transport("accounts are not configured on this service") }
    func verify(_ password: String, against hash: String) -> Bool { false }
    func newToken() -> String { "" }
    func digest(_ token: String) -> String { "" }
}
