import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The database files this process has open through SQLite, by device and inode.
///
/// SQLite's locks are POSIX advisory locks, and on Linux closing *any* descriptor of a file drops every POSIX lock the
/// process holds on it — SQLite's included. A process that opened its own database file outside SQLite and closed it
/// again would keep running without a lock: the next process to open and close the file (`sqlite3 FILE 'pragma
/// integrity_check'`, a backup, a second app quitting) believes it is the last user, checkpoints and deletes the `-wal`
/// and `-shm` under the running one, whose later writes then vanish (SQLite's "How To Corrupt An SQLite Database
/// File", §2.2). So every `Connection` registers its file here, and the one raw read of a database file
/// (`readPrefix`, for the header checks before opening) refuses a file SQLite has open.
enum SQLiteFiles {
    struct Key: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private static let open = Mutex<[Key: Int]>([:])

    static func key(_ path: String) -> Key? {
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        return Key(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    /// A connection opened `path` (nil for an in-memory database or a path that is not a plain file).
    static func opened(_ path: String) -> Key? {
        guard let key = key(path) else { return nil }
        open.withLock { $0[key, default: 0] += 1 }
        return key
    }

    /// The connection that registered `key` closed.
    static func closed(_ key: Key) {
        open.withLock { files in
            guard let n = files[key] else { return }
            if n <= 1 { files.removeValue(forKey: key) } else { files[key] = n - 1 }
        }
    }

    /// Whether a connection of this process has the file at `path` open.
    static func isOpen(_ path: String) -> Bool {
        guard let key = key(path) else { return false }
        return open.withLock { $0[key] != nil }
    }

    enum Prefix: Equatable {
        /// No such file (or not readable): SQLite will create or report it.
        case missing
        /// SQLite has the file open in this process: reading it here would drop SQLite's locks, so it was not read.
        case inUseBySQLite
        /// The file's first bytes (fewer when the file is shorter).
        case bytes(Data)
    }

    /// The first `count` bytes of the file at `path`, read outside SQLite — never while SQLite has it open.
    static func readPrefix(_ path: String, count: Int) -> Prefix {
        if isOpen(path) { return .inUseBySQLite }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .missing }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, count - got) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            got += n
        }
        return .bytes(Data(bytes.prefix(got)))
    }
}
