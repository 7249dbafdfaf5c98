import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which of the app processes on one database file runs its clocks (the draft clock and the season clock): the one
/// holding an exclusive `flock` on `<database>.clocks`. The others wait, asking again every `retry`, and take over
/// within that long when the holder quits or dies (the kernel drops a dead process's lock).
///
/// One holder is enough: the clocks' writes are idempotent across processes, so before this every process stepped them
/// and every one loaded the season's facts to do it (autopick rankings, finals) — ~10 MiB of heap per extra app on the
/// same machine, and a write race on every due pick. A folder where the lock file can't be made (read-only) keeps the
/// old way: every process runs its clocks.
public final class ClockLease: @unchecked Sendable {
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { if fd >= 0 { close(fd) } }

    /// False for the lease of a folder where no lock file could be made (every process runs its clocks there).
    public var isExclusive: Bool { fd >= 0 }

    /// The lock file beside a database.
    public static func lockPath(database: String) -> String { database + ".clocks" }

    /// Takes the lease at once, or nil when another process (or another lease in this one) holds it.
    public static func tryAcquire(database: String) -> ClockLease? {
        let fd = open(lockPath(database: database), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            // No lock file possible in this folder: nobody can coordinate, so this process runs its clocks (as every
            // process once did). Anything else (out of descriptors…) may pass: ask again later.
            let noFileHere: Set<Int32> = [ENOENT, ENOTDIR, EACCES, EPERM, EROFS]
            return noFileHere.contains(errno) ? ClockLease(fd: -1) : nil
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        return ClockLease(fd: fd)
    }

    /// Waits for the lease, then runs `clocks` side by side while holding it, until they end or the task is cancelled
    /// (`acquired` is told once the lease is held). What the app and `clubhouse serve` both run their clocks under.
    public static func runClocks(database: String, acquired: () -> Void = {}, _ clocks: [@Sendable () async -> Void]) async {
        guard let lease = await acquire(database: database) else { return }
        acquired()
        await withTaskGroup(of: Void.self) { group in
            for clock in clocks { group.addTask { await clock() } }
        }
        withExtendedLifetime(lease) {}
    }

    /// Waits until this process holds the lease; nil when the task is cancelled first. `refused` is told each time the
    /// lease was held by another (so a test can wait for a waiter that is really waiting).
    public static func acquire(database: String, retry: Duration = .seconds(1), refused: @Sendable () -> Void = {}) async -> ClockLease? {
        while !Task.isCancelled {
            if let lease = tryAcquire(database: database) { return lease }
            refused()
            try? await Task.sleep(for: retry)
        }
        return nil
    }
}
