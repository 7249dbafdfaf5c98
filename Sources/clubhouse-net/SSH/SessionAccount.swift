import ClubhouseCLI
import Foundation

/// `host-ssh --user NAME` (as root): the unprivileged account sessions run as. It must reach the binary and the
/// key-check command, and own what sessions write: the database (and its folder, where SQLite keeps `-wal`/`-shm`)
/// and the devices folder.
struct SessionAccount {
    var name: String
    var uid: uid_t
    var gid: gid_t
    var shell: String

    static func named(_ name: String) throws(HostSSHCommand.Failure) -> SessionAccount {
        guard !name.isEmpty, let pw = getpwnam(name) else {
            throw .init(message: "--user \(name): there is no such account (create one: useradd --system --shell /bin/sh \(name))", status: 2)
        }
        return SessionAccount(name: name, uid: pw.pointee.pw_uid, gid: pw.pointee.pw_gid,
                              shell: pw.pointee.pw_shell.map { String(cString: $0) } ?? "/bin/sh")
    }

    enum Need { case execute, read, readWrite, folder }

    /// nil when the account can reach `path` (every folder above it searchable) and use it as `need` says;
    /// otherwise the first place that stops it. Judged by owner, primary group and "other" bits.
    func problem(_ path: String, _ need: Need) -> String? {
        var folders: [String] = []
        var current = (path as NSString).deletingLastPathComponent
        while !current.isEmpty && current != "/" {
            folders.insert(current, at: 0)
            current = (current as NSString).deletingLastPathComponent
        }
        for folder in folders where !allows(folder, 0o1) {
            return "\(name) cannot enter \(folder) (mode \(mode(folder)))"
        }
        switch need {
        case .execute: return allows(path, 0o1) ? nil : "\(name) cannot run \(path) (mode \(mode(path)))"
        case .read: return allows(path, 0o4) ? nil : "\(name) cannot read \(path) (mode \(mode(path)))"
        case .readWrite: return allows(path, 0o6) ? nil : "\(name) cannot read and write \(path) (mode \(mode(path)))"
        case .folder: return allows(path, 0o7) ? nil : "\(name) cannot create files in \(path) (mode \(mode(path)))"
        }
    }

    /// Whether the account has every permission in `bits` (a rwx triple, e.g. 0o6) on `path`.
    private func allows(_ path: String, _ bits: mode_t) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        let granted: mode_t = st.st_uid == uid ? (st.st_mode >> 6) & 0o7 : st.st_gid == gid ? (st.st_mode >> 3) & 0o7 : st.st_mode & 0o7
        return granted & bits == bits
    }

    private func mode(_ path: String) -> String {
        var st = stat()
        guard stat(path, &st) == 0 else { return "missing" }
        return String(st.st_mode & 0o7777, radix: 8)
    }

    /// Hands `path` to the account (nothing to do when it is missing); with `recursive`, everything inside too.
    func take(_ path: String, recursive: Bool = false) throws(HostSSHCommand.Failure) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        var paths = [path]
        if recursive, let inside = FileManager.default.subpaths(atPath: path) { paths += inside.map { path + "/" + $0 } }
        for p in paths where lchown(p, uid, gid) != 0 {
            throw .init(message: "cannot hand \(p) to \(name): \(String(cString: strerror(errno)))")
        }
    }
}
