import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Whether anything in an SQLite file may have changed, asked without reading any table. A number read before some work
/// and read again equal after it says nothing was committed in between, by any connection of any process (the server's
/// kept reads, `ReadCache`, ask it for every request).
///
/// Asked where SQLite's own readers look first: the header of the WAL index (the first bytes of the `-shm` file, mapped
/// read-only; https://www.sqlite.org/walformat.html). Every commit rewrites it — the frame count moves on, and a WAL
/// that starts over gets new salts — in two copies, the second first; a reader takes the first, then the second, and
/// trusts them only when they agree (`WALIndexHeader`). That is a few loads, without a lock or a system call. When the
/// header can't be read so (no `-shm` file, the copies differ while a commit writes them), SQLite's
/// `PRAGMA data_version` answers, on a read-only connection of its own that never writes: its value moves on at every
/// commit by any other connection and stays put otherwise. The two kinds of number never compare equal (the header's
/// carry the top bit), so a change of kind reads as a change.
///
/// The connection is opened at the first question and kept (its numbers only compare with its own); a file that can't
/// be opened, or a question that fails, answers nil (the caller reads the data instead).
public final class SQLiteDataVersion: Sendable {
    public let path: String
    private let connection = Mutex<Opened>(.notYet)
    private enum Opened: @unchecked Sendable { case notYet, open(Connection), unavailable }
    /// Where the header is mapped (0 until the connection has made sure the `-shm` file is there, or when it can't be):
    /// set once, read without a lock by every request.
    private let header = Atomic<UInt>(0)

    /// Nil for a database with no file another connection could share (in memory).
    public init?(path: String) {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file::memory:") else { return nil }
        self.path = path
    }

    deinit {
        if let base = UnsafeMutableRawPointer(bitPattern: header.load(ordering: .acquiring)) { WALIndexHeader.unmap(base) }
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
            return UInt64(bitPattern: v) & ~(1 << 63)
        }
        // The connection has read the file: in WAL mode its `-shm` file is there now (kept while any connection is open,
        // this one included), so the next question can read the header.
        if version != nil, header.load(ordering: .relaxed) == 0, let mapped = WALIndexHeader.map(path + "-shm"),
           !header.compareExchange(expected: 0, desired: UInt(bitPattern: mapped), ordering: .acquiringAndReleasing).exchanged {
            WALIndexHeader.unmap(mapped)
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

/// The WAL index's header in a `-shm` file, mapped read-only and shared: two copies of SQLite's 48-byte `WalIndexHdr`
/// (its bytes 12: `isInit`).
enum WALIndexHeader {
    private static let copy = 48
    static let mapped = 2 * copy

    /// The header of the `-shm` file at `path` mapped (nil: no such file, or too short to hold one yet).
    static func map(_ path: String) -> UnsafeMutableRawPointer? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size >= mapped,
              let p = mmap(nil, mapped, PROT_READ, MAP_SHARED, fd, 0), p != MAP_FAILED else { return nil }
        return p
    }

    static func unmap(_ base: UnsafeMutableRawPointer) { munmap(base, mapped) }

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
