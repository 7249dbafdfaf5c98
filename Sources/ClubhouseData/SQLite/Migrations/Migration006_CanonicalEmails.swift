import ClubhouseDomain
import Foundation

/// Schema v6 (data only): every stored email in the form accounts are now looked up by (`EmailAddress.canonical`:
/// NFKC, lower case, no invisible characters). Before, an address was only trimmed and lower-cased, so `josé` typed
/// precomposed and decomposed, a full-width letter or a zero-width space made a second account for "the same" address.
///
/// When several accounts come to the same address, none is merged or removed: the one already stored in the new
/// form keeps it, else the oldest account takes it; the others keep their stored spelling, which no typed address
/// reaches any more — they sign in through their sessions or linked SSH keys — and no new account can take the
/// address (it is someone's).
package enum Migration006 {
    package static let migration = Migration(version: 6, name: "canonical emails") { try apply($0) }

    /// The same on SQLite and PostgreSQL.
    package static func apply(_ c: some StoreSQLSession) throws {
        var users: [(id: Int64, email: String)] = []
        try c.forEach("SELECT id, email FROM users ORDER BY id", []) { users.append(($0.int64(at: 0), $0.string(at: 1))) }
        // Compared as bytes, as the database does (Swift's String equality would call NFC and NFD spellings equal), with
        // ASCII letters case-blind, as SQLite's unique index on the column compares them.
        func key(_ email: String) -> [UInt8] { email.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 } }
        var taken = Set(users.map { key($0.email) })
        for user in users {
            let canonical = EmailAddress.canonical(user.email)
            guard !canonical.utf8.elementsEqual(user.email.utf8), !canonical.isEmpty, !taken.contains(key(canonical)) else { continue }
            try c.run("UPDATE users SET email = ? WHERE id = ?", [canonical, user.id])
            taken.remove(key(user.email))
            taken.insert(key(canonical))
        }
    }
}
