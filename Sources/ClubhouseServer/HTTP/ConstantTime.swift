import CSodium

/// Secrets compared in constant time (libsodium's `sodium_memcmp`): the time an answer takes says nothing of how much
/// of a guessed secret was right. Only the length can differ in time, and a secret's length is no secret here (the
/// metrics token and the SSH host secret are generated at a fixed length).
public enum ConstantTime {
    private static let ready: Bool = sodium_init() >= 0

    /// Whether `a` and `b` are the same bytes (UTF-8).
    public static func equal(_ a: String, _ b: String) -> Bool {
        precondition(ready, "libsodium failed to initialise")
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        guard !x.isEmpty else { return true }
        return sodium_memcmp(x, y, x.count) == 0
    }
}
