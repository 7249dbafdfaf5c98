import ClubhouseCLI
import Foundation

/// sshd runs an AuthorizedKeysCommand only if the file and every folder above it (after resolving
/// symlinks) are owned by root and writable by no one else (OpenSSH's `safe_path`). This is that check.
enum SafePath {
    /// nil when `path` passes; otherwise the first offending file or folder and why.
    static func problem(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return "\(path) does not exist" }
        defer { free(resolved) }
        var current = String(cString: resolved)
        while true {
            var st = stat()
            guard stat(current, &st) == 0 else { return "cannot inspect \(current)" }
            if st.st_uid != 0 { return "\(current) is owned by uid \(st.st_uid), not root" }
            if st.st_mode & 0o022 != 0 {
                return "\(current) is writable by its group or by others (mode \(String(st.st_mode & 0o7777, radix: 8)))"
            }
            if current == "/" { return nil }
            current = (current as NSString).deletingLastPathComponent
            if current.isEmpty { current = "/" }
        }
    }
}
