import Foundation

/// What sshd's `ExposeAuthInfo yes` tells a session: the file named by `SSH_USER_AUTH` lists the
/// authentication methods that succeeded, one a line, e.g. `publickey ssh-ed25519 AAAAC3Nza…`.
public struct SSHUserAuth: Hashable, Sendable {
    /// The public keys the connection authenticated with, in file order.
    public var publicKeys: [SSHPublicKey]

    public init(publicKeys: [SSHPublicKey]) { self.publicKeys = publicKeys }

    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case notSet
        case unreadable(path: String)
        case noPublicKey
        public var description: String {
            switch self {
            case .notSet:
                return "no SSH key information (SSH_USER_AUTH is not set; this command runs under 'clubhouse host-ssh')"
            case .unreadable(let path):
                return "cannot read the SSH key information in \(path)"
            case .noPublicKey:
                return "this connection did not sign in with an SSH key; connect with a key (ssh -i KEY)"
            }
        }
    }

    /// Parses the file's text: `publickey <type> <base64>` lines count; other methods and malformed
    /// lines are ignored.
    public static func parse(_ text: String) -> SSHUserAuth {
        var keys: [SSHPublicKey] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 3, fields[0] == "publickey",
                  let key = try? SSHPublicKey(type: String(fields[1]), base64: String(fields[2])) else { continue }
            keys.append(key)
        }
        return SSHUserAuth(publicKeys: keys)
    }

    /// Reads the file named by `SSH_USER_AUTH` in `environment`.
    public static func load(environment: [String: String]) throws(Failure) -> SSHUserAuth {
        guard let path = environment["SSH_USER_AUTH"], !path.isEmpty else { throw .notSet }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        return parse(String(decoding: data, as: UTF8.self))
    }

    /// The key that identifies this device: the first public key that authenticated.
    public func deviceKey() throws(Failure) -> SSHPublicKey {
        guard let key = publicKeys.first else { throw .noPublicKey }
        return key
    }
}

/// The `linked` policy's question: is this fingerprint linked to an account (`ssh_keys`)?
/// INTEGRATION(accounts): the accounts branch links keys (AccountAPI); this only reads the table.
public enum SSHLinkedKeys {
    public static func isLinked(_ fingerprint: String, in db: Database) throws -> Bool {
        try db.scalar("SELECT user_id FROM ssh_keys WHERE fingerprint = ?", [fingerprint], as: Int64.self) != nil
    }
}
