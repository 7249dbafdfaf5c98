import Foundation

/// `postgres://` URLs: recognising them, and printing them without a password.
public enum PostgresURL {
    public static func isPostgres(_ s: String) -> Bool { s.hasPrefix("postgres://") || s.hasPrefix("postgresql://") }

    /// The URL with any password replaced by `***` (for logs and messages).
    public static func redacted(_ url: String) -> String {
        guard isPostgres(url), let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else { return url }
        let userInfo = url[scheme.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }
}
