#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Bytes for the terminal that are not cells: the bell (BEL) and desktop notifications (OSC 9, 777, 99). Queued from
/// any thread (an effect), written by the run loop on its own thread after a frame, through the backend
/// (`Backend.writeControl`): never in the middle of ncurses' output, where a sequence written by another thread would
/// land inside an escape sequence of the frame (the frame's writes go to a memory file first: `FrameBatch`).
public final class TerminalOutbox: Sendable {
    private let queued = Mutex<[String]>([])
    private let wakeFD = Mutex<Int32>(-1)

    public init() {}

    /// Queues `sequence` and wakes the run loop. Safe from any thread.
    public func send(_ sequence: String) {
        guard !sequence.isEmpty else { return }
        queued.withLock { $0.append(sequence) }
        let fd = wakeFD.withLock { $0 }
        if fd >= 0 {
            var byte: UInt8 = 0
            _ = write(fd, &byte, 1)
        }
    }

    /// The bell: one BEL.
    public func bell() { send("\u{07}") }

    /// Everything queued, oldest first.
    public func drain() -> [String] {
        queued.withLock { q in defer { q.removeAll() }; return q }
    }

    /// The run loop's wake-up pipe (set by `TerminalRunner`).
    func wake(through fd: Int32) { wakeFD.withLock { $0 = fd } }
}
