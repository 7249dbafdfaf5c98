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
/// Linux: one inotify instance and one thread per process (`FolderWatch`) watch the folder of every database followed
/// and count writes to each file and its `-wal` (every commit appends to the WAL). One instance, not one per database:
/// a user may have 128 (`fs.inotify.max_user_instances`), shared by all their processes — a process following many
/// files (the test run: hundreds) took them all, and every follower after that, in it and in the user's other
/// processes, fell back to its poll. Elsewhere, or when inotify can't be had, `shared(for:)` is nil and followers poll.
/// A follower reads `generation` before looking at the file and then `wait(after:upTo:)`: a write in between returns
/// at once, so none is missed.
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

    private init() {}

    /// The process's watcher for the database at `path`, or nil where inotify is unavailable.
    public static func shared(for path: String) -> DatabaseChangeWatcher? {
        #if canImport(Glibc)
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        return watchers.withLock { watchers in
            if let w = watchers[absolute] { return w }
            let url = URL(fileURLWithPath: absolute)
            let w = DatabaseChangeWatcher()
            guard let folders = FolderWatch.shared,
                  folders.watch(folder: url.deletingLastPathComponent().path, file: url.lastPathComponent, for: w, forget: {
                      // The folder went away (its watch with it): a database made there again gets a new watch.
                      Self.watchers.withLock { if $0[absolute] === w { $0[absolute] = nil } }
                  }) else { return nil }
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

    /// A write to the file or its `-wal` (from `FolderWatch`'s thread).
    fileprivate func wrote() { changed() }
}

#if canImport(Glibc)
/// The process's one inotify instance and its thread: a watch per folder holding a followed database, and for each
/// watch the files in it whose writes wake a `DatabaseChangeWatcher`.
private final class FolderWatch: Sendable {
    private struct Folder {
        var watchers: [String: DatabaseChangeWatcher] = [:]   // by file name: the database and its `-wal`
        var forget: [@Sendable () -> Void] = []
    }
    private let fd: Int32
    private let folders = Mutex<[Int32: Folder]>([:])

    /// Nil when the process can't have an inotify instance (the user's limit reached by other processes).
    static let shared: FolderWatch? = FolderWatch()

    private init?() {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.fd = fd
        let thread = Thread { [self] in run() }
        thread.name = "clubhouse-db-watch"
        thread.stackSize = 256 * 1024
        thread.start()
    }

    /// Wakes `watcher` on writes to `file` and `file-wal` in `folder`; `forget` runs if the folder goes away.
    func watch(folder: String, file: String, for watcher: DatabaseChangeWatcher, forget: @escaping @Sendable () -> Void) -> Bool {
        // Not IN_CLOSE_WRITE: every connection opens the file read-write,
        // so each close (a follower re-subscribing) would wake every process for nothing.
        // The same folder twice is one watch (inotify answers with its descriptor again).
        folders.withLock { folders in
            let wd = inotify_add_watch(fd, folder, UInt32(IN_MODIFY | IN_MOVED_TO | IN_CREATE))
            guard wd >= 0 else { return false }
            folders[wd, default: Folder()].watchers[file] = watcher
            folders[wd, default: Folder()].watchers[file + "-wal"] = watcher
            folders[wd, default: Folder()].forget.append(forget)
            return true
        }
    }

    /// Blocks on the inotify descriptor for the life of the process.
    private func run() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            var offset = 0
            var hit: [ObjectIdentifier: DatabaseChangeWatcher] = [:]
            var gone: [@Sendable () -> Void] = []
            // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
            while offset + 16 <= n {
                let wd = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset, as: Int32.self) }
                let mask = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 4, as: UInt32.self) }
                let len = Int(buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 12, as: UInt32.self) })
                let start = offset + 16, end = min(n, start + len)
                let name = String(decoding: buffer[start..<end].prefix { $0 != 0 }, as: UTF8.self)
                offset = end
                if mask & UInt32(IN_IGNORED) != 0 {
                    // The folder was removed (or unmounted): its watch is gone.
                    if let folder = folders.withLock({ $0.removeValue(forKey: wd) }) { gone += folder.forget }
                } else if let w = folders.withLock({ $0[wd]?.watchers[name] }) {
                    hit[ObjectIdentifier(w)] = w
                }
            }
            for w in hit.values { w.wrote() }
            for f in gone { f() }
        }
    }
}
#endif
