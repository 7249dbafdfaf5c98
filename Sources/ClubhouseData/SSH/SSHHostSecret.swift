import Foundation

/// The secret `clubhouse serve` shares with the SSH host beside it (`--ssh-host-secret-file`): sent as
/// `X-Clubhouse-SSH-Host`, it lets the host sign a key's owner in and ask whom a key is linked to. It lives in a file
/// only its owner can read (0600); a file others can read is refused.
public enum SSHHostSecret {
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The secret in `path`, trimmed; refuses a missing or empty file and one that its group or others can read.
    public static func read(_ path: String) throws(Problem) -> String {
        let data: Data
        do throws(OwnerOnlyFile.Problem) { data = try OwnerOnlyFile.read(path, naming: "the SSH host secret file") } catch { throw Problem(description: error.description) }
        let secret = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard secret.utf8.count >= 16, !secret.contains(where: { $0.isNewline }) else {
            throw Problem(description: "the SSH host secret file \(path) must hold one line of at least 16 characters")
        }
        return secret
    }

    /// Writes a fresh random secret (256 bits, hex) to `path`, mode 0600, replacing any earlier one.
    public static func generate(_ path: String) throws {
        var rng = SystemRandomNumberGenerator()
        let hex = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &rng)) }.joined()
        try PrivateFile.write(Data((hex + "\n").utf8), to: path, mode: 0o600)
    }
}

/// A file holding a secret (the SSH host secret, a TLS private key): read only when its group and others can't read it.
public enum OwnerOnlyFile {
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The bytes of `path`; `what` names the file in the refusal ("the SSH host secret file").
    public static func read(_ path: String, naming what: String) throws(Problem) -> Data {
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw Problem(description: "\(what) \(path) can't be read: \(String(cString: strerror(errno)))")
        }
        guard st.st_mode & 0o077 == 0 else {
            throw Problem(description: "\(what) \(path) is readable by others (mode \(String(st.st_mode & 0o777, radix: 8))); make it private: chmod 600 \(path)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "\(what) \(path) can't be read: \(String(cString: strerror(errno)))")
        }
        return data
    }
}
