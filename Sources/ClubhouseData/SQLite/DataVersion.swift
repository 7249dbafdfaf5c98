import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Whether anything in an SQLite file may have changed, asked without reading any table. A number read before some work
/// and read again equal after it says nothing was committed in between, by any connection of any process (the server's
/// kept reads, `ReadCache`, ask it for every request).
///
/// Asked where SQLite's own readers look first: the header of the WAL index (the first bytes of the `-shm` file;
/// https://www.sqlite.org/walformat.html). Every commit rewrites it — the frame count moves on, and a WAL that starts
/// over gets new salts — in two copies, the second first; a reader takes the first, then the second, and trusts them
/// only when they agree (`WALIndexHeader`). That is a few loads, without a lock or a system call. The header is read
/// where SQLite itself maps it for this type's read-only connection (`Connection.walIndexRegion`): the `-shm` file is
/// never opened here, since closing any descriptor of it would drop every POSIX lock the process holds on it, SQLite's
/// included, and the next process to open the database would rebuild the index under the running one (ARCHITECTURE.md
/// §9). When the header can't be read so (not in WAL mode, the copies differ while a commit writes them), SQLite's
/// `PRAGMA data_version` answers, on the same connection, which never writes: its value moves on at every commit by
/// any other connection and stays put otherwise. The two kinds of number never compare equal (the header's carry the
/// top bit), so a change of kind reads as a change.
///
/// The connection is opened at the first question and kept (its numbers only compare with its own); a file that can't
/// be opened, or a question that fails, answers nil (the caller reads the data instead).
public final class SQLiteDataVersion: Sendable {
    public let path: String
    private let connection = Mutex<Opened>(.notYet)
    private enum Opened: @unchecked Sendable { case notYet, open(Connection), unavailable }
    /// Where SQLite maps the header for `connection` (0 until it has read the file in WAL mode, or when it can't be):
    /// set once, under the connection's lock, and read without a lock by every request. The connection is never closed
    /// before this object goes, so the mapping outlives every read of it.
    private let header = Atomic<UInt>(0)

    /// Nil for a database with no file another connection could share (in memory).
    public init?(path: String) {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file::memory:") else { return nil }
        self.path = path
    }

    /// The file's data version now; nil when it can't be read.
    public func current() -> UInt64? {
        if let stamp = headerStamp() { return stamp }
        let version = connection.withLock { c -> UInt64? in
            if case .notYet = c {
                // Read-only, so it never makes a file where the database was moved away or not made yet; a short busy
                // wait: the caller answers a request with it and would rather read the data than wait.
                c = (try? Connection(path: path, busyTimeoutMilliseconds: 50, readOnly: true)).map(Opened.open) ?? .unavailable
            }
            guard case .open(let db) = c, let v = try? db.scalar("PRAGMA data_version", as: Int64.self) else { return nil }
            // The connection has read the file: in WAL mode SQLite has its index mapped now, so the next question can
            // read the header there.
            if header.load(ordering: .relaxed) == 0, let region = db.walIndexRegion() {
                header.store(UInt(bitPattern: region), ordering: .releasing)
            }
            return UInt64(bitPattern: v) & ~(1 << 63)
        }
        return version == nil ? nil : headerStamp() ?? version
    }

    /// The header's digest, with the top bit set (nil: not mapped, or a commit is writing it).
    private func headerStamp() -> UInt64? {
        guard let base = UnsafeRawPointer(bitPattern: header.load(ordering: .acquiring)), let stamp = WALIndexHeader.stamp(at: base) else {
            return nil
        }
        return stamp | 1 << 63
    }
}

/// The WAL index's header, where SQLite maps it: two copies of SQLite's 48-byte `WalIndexHdr` (its bytes 12: `isInit`).
enum WALIndexHeader {
    private static let copy = 48

    /// A digest of the header when both copies agree and the index is set up; nil otherwise (a commit is writing it).
    /// Read as SQLite's readers do: the first copy, then the second (a writer writes the second first).
    static func stamp(at base: UnsafeRawPointer) -> UInt64? {
        var first = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        var second = first
        withUnsafeMutableBytes(of: &first) { $0.copyMemory(from: UnsafeRawBufferPointer(start: base, count: copy)) }
        atomicMemoryFence(ordering: .acquiring)
        withUnsafeMutableBytes(of: &second) { $0.copyMemory(from: UnsafeRawBufferPointer(start: base + copy, count: copy)) }
        guard first == second, withUnsafeBytes(of: first, { $0[12] }) == 1 else { return nil }
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for word in [first.0, first.1, first.2, first.3, first.4, first.5] { h = (h ^ word) &* 0x100_0000_01b3 }
        return h
    }
}
