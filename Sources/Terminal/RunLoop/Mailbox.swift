#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A thread-safe inbox for messages from Swift Tasks or other threads; posting wakes the run loop
/// through its self-pipe.
public final class Mailbox<Message: Sendable>: Sendable {
    private let messages = Mutex<[Message]>([])
    /// Write end of the run loop's wake-up pipe (-1 when nothing needs waking, as in tests).
    let wakeFD: Int32

    /// Creates a mailbox that writes a byte to `wakeFD` on every post (-1: no wake-up).
    public init(wakeFD: Int32 = -1) { self.wakeFD = wakeFD }

    /// Queues `message` for the run loop and wakes it. Safe from any thread.
    public func post(_ message: Message) {
        messages.withLock { $0.append(message) }
        if wakeFD >= 0 {
            var byte: UInt8 = 0
            _ = write(wakeFD, &byte, 1)
        }
    }

    /// Takes every queued message, oldest first.
    public func drain() -> [Message] {
        messages.withLock { queued in defer { queued.removeAll() }; return queued }
    }

    /// True when messages are waiting.
    public var hasMessages: Bool { messages.withLock { !$0.isEmpty } }
}
