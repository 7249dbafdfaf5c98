#if canImport(Glibc)
import Glibc
#endif

/// A minimal pthread mutex (no Foundation, no macOS-15-only `Mutex`).
final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    init() { pthread_mutex_init(mutex, nil) }
    deinit { pthread_mutex_destroy(mutex); mutex.deallocate() }
    /// Runs `body` holding the lock.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
