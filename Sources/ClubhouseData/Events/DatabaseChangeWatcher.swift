import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
import CLinux   // <sys/inotify.h>, which Glibc's module map leaves out
#endif

/// Wakes event followers as soon as any connection — in this process or another — writes the database file,
/// so they can sleep long instead of polling often (a pick is to reach every screen within 100 ms, README.md “Performance”;
/// 240 sessions polling every 25 ms would keep two cores busy doing nothing).
///
/// Linux: one thread per database per process blocks on inotify for the file's folder and counts writes
/// to the file and its `-wal` (every commit appends to the WAL). Elsewhere `shared(for:)` is nil and
/// followers poll. A follower reads `generation` before looking at the file and then
/// `wait(after:upTo:)`: a write in between returns at once, so none is missed.
public final class DatabaseChangeWatcher: Sendable {
    private struct State {
        /// Writes seen so far.
        var count: UInt64 = 0
        var waiters: [UInt64: (after: UInt64, continuation: CheckedContinuation<Void, Never>)] = [:]
        var nextWaiter: UInt64 = 0
        /// Waits that ended (timed out or cancelled) before their continuation was registered.
        var abandoned: Set<UInt64> = []
    }
    private let state = Mutex(State())

    private static let watchers = Mutex<[String: DatabaseChangeWatcher]>([:])

    /// The process's watcher for the database at `path`, or nil where inotify is unavailable.
    public static func shared(for path: String) -> DatabaseChangeWatcher? {
        #if canImport(Glibc)
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        return watchers.withLock { watchers in
            if let w = watchers[absolute] { return w }
            guard let w = DatabaseChangeWatcher(path: absolute) else { return nil }
            watchers[absolute] = w
            return w
        }
        #else
        return nil
        #endif
    }

    /// Writes seen so far.
    public var generation: UInt64 { state.withLock { $0.count } }

    /// Returns once a write newer than `generation` is seen, or after `timeout`.
    public func wait(after generation: UInt64, upTo timeout: Duration) async {
        let id: UInt64 = state.withLock { $0.nextWaiter += 1; return $0.nextWaiter }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                    let now: Bool = state.withLock { s in
                        if s.count > generation || s.abandoned.remove(id) != nil || Task.isCancelled { return true }
                        s.waiters[id] = (generation, c)
                        return false
                    }
                    if now { c.resume() }
                }
            }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            // Whichever finished first: release the other.
            group.cancelAll()
            resume(id)
            await group.waitForAll()
            state.withLock { _ = $0.abandoned.remove(id) }
        }
    }

    private func resume(_ id: UInt64) {
        let c: CheckedContinuation<Void, Never>? = state.withLock { s in
            if let w = s.waiters.removeValue(forKey: id) { return w.continuation }
            s.abandoned.insert(id)
            return nil
        }
        c?.resume()
    }

    private func changed() {
        let ready: [CheckedContinuation<Void, Never>] = state.withLock { s in
            s.count += 1
            let all = s.waiters.values.map(\.continuation)
            s.waiters = [:]
            return all
        }
        for c in ready { c.resume() }
    }

    #if canImport(Glibc)
    private init?(path: String) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        // Not IN_CLOSE_WRITE: every connection opens the file read-write,
        // so each close (a follower re-subscribing) would wake every process for nothing.
        guard inotify_add_watch(fd, folder, UInt32(IN_MODIFY | IN_MOVED_TO | IN_CREATE)) >= 0 else { close(fd); return nil }
        let names: Set<String> = [name, name + "-wal"]
        let thread = Thread { [self] in watch(fd, names: names) }
        thread.name = "clubhouse-db-watch"
        thread.stackSize = 256 * 1024
        thread.start()
    }

    /// Blocks on the inotify descriptor for the life of the process.
    private func watch(_ fd: Int32, names: Set<String>) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            var offset = 0, hit = false
            // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
            while offset + 16 <= n {
                let len = Int(buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 12, as: UInt32.self) })
                let start = offset + 16, end = min(n, start + len)
                let nameBytes = buffer[start..<end].prefix { $0 != 0 }
                if names.contains(String(decoding: nameBytes, as: UTF8.self)) { hit = true }
                offset = end
            }
            if hit { changed() }
        }
    }
    #endif
}
