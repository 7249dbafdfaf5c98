import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Lines to a file descriptor (the server's log: standard error), written in batches. A busy server answers tens of
/// thousands of requests a second with a line each, and a `write(2)` per line took a fifth of its time (`make bench`).
/// A line is written within `delay` (a thread of its own wakes for it, and sleeps while nothing is waiting), at once
/// when the batch passes `batchBytes`, and at `flush()` — which `clubhouse serve` calls as it stops, and which runs at
/// the process's exit. Lines keep their order.
public final class LineLog: Sendable {
    /// Standard error's: `LeagueServer.standardError` and `clubhouse serve`'s own lines.
    public static let standardError = LineLog(fd: 2)

    private let fd: Int32
    private let delay: Duration
    private let batchBytes: Int
    private let pending = Mutex<Pending>(Pending())
    /// Held while a batch is written: two flushes don't interleave their batches.
    private let writing = Mutex<Void>(())
    private let wake = NSCondition()
    private struct Pending { var bytes: [UInt8] = []; var flusherStarted = false }

    public init(fd: Int32, delay: Duration = .milliseconds(20), batchBytes: Int = 64 << 10) {
        self.fd = fd; self.delay = delay; self.batchBytes = batchBytes
    }

    /// Queues `line` (a newline is added).
    public func write(_ line: String) {
        let (first, full, startFlusher) = pending.withLock { p -> (Bool, Bool, Bool) in
            let first = p.bytes.isEmpty
            p.bytes.append(contentsOf: line.utf8)
            p.bytes.append(0x0A)
            defer { p.flusherStarted = true }
            return (first, p.bytes.count >= batchBytes, !p.flusherStarted)
        }
        if startFlusher { startFlushing() }
        if full { flush() } else if first { wake.withLock { wake.signal() } }
    }

    /// Writes every queued line now.
    public func flush() {
        writing.withLock { _ in
            let bytes = pending.withLock { p -> [UInt8] in defer { p.bytes = [] }; return p.bytes }
            var offset = 0
            bytes.withUnsafeBytes { raw in
                while offset < raw.count {
                    let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0, errno == EINTR { continue }
                    guard n > 0 else { return }   // the log is gone (a closed pipe): lines are dropped, never the server
                    offset += n
                }
            }
        }
    }

    private var isEmpty: Bool { pending.withLock { $0.bytes.isEmpty } }

    private func startFlushing() {
        if self === LineLog.standardError { atexit { LineLog.standardError.flush() } }
        let thread = Thread { [self] in
            while true {
                wake.lock()
                while isEmpty { wake.wait() }
                wake.unlock()
                Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18 + Double(delay.components.seconds))
                flush()
            }
        }
        thread.name = "clubhouse.log"
        thread.start()
    }
}
