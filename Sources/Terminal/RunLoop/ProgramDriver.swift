/// The run loop's logic without the waiting: feeds events to a `Program`, runs its commands, and draws
/// to a backend. `TerminalRunner` drives it from `poll()`; tests drive it directly with a
/// `HeadlessBackend` and explicit times.
public final class ProgramDriver<P: Program> {
    /// The program and its current state.
    public private(set) var program: P
    /// Where frames are drawn.
    public let backend: any Backend
    /// Where effects and other threads post messages.
    public let mailbox: Mailbox<P.Message>
    /// Control sequences (bell, desktop notifications) written after each frame (`TerminalOutbox`).
    public let outbox: TerminalOutbox
    /// Skip animations.
    public var reducedMotion: Bool
    /// Ctrl-C quits without consulting the program (README.md, “Using it”: it always quits, cleanly).
    public var quitOnCtrlC: Bool
    /// True once the program asked to quit.
    public private(set) var finished = false
    private let tasks = TaskRegistry()
    private var pendingSends: [P.Message] = []
    private var needsRender = true
    private var scheduledWakeUp: Duration?

    /// Creates a driver.
    public init(program: P, backend: any Backend, mailbox: Mailbox<P.Message> = Mailbox(), outbox: TerminalOutbox = TerminalOutbox(),
                reducedMotion: Bool = false, quitOnCtrlC: Bool = true) {
        self.program = program; self.backend = backend; self.mailbox = mailbox; self.outbox = outbox
        self.reducedMotion = reducedMotion; self.quitOnCtrlC = quitOnCtrlC
    }

    /// The context for time `now`.
    public func context(now: Duration) -> ProgramContext {
        ProgramContext(now: now, size: backend.size, colorSupport: backend.colorSupport, reducedMotion: reducedMotion)
    }

    /// Runs the program's `start` command.
    public func start(now: Duration) {
        perform(program.start(context: context(now: now)))
        needsRender = true
    }

    /// Delivers input events.
    public func send(_ events: [InputEvent], now: Duration) {
        for e in events where !finished {
            if quitOnCtrlC, e == .key(.ctrl("c")) { finished = true; return }
            if case .resize = e { needsRender = true }
            perform(program.update(.input(e), context: context(now: now)))
            needsRender = true
        }
    }

    /// Test helper: decodes `bytes` as if typed at the terminal (a trailing lone Esc counts as Esc)
    /// and delivers the events, then any messages they sent, then renders.
    public func type(_ bytes: String, now: Duration) {
        var decoder = InputDecoder()
        send(decoder.feed(Array(bytes.utf8)) + decoder.timeout(), now: now)
        deliverMessages(now: now)
        renderIfNeeded(now: now)
    }

    /// Delivers messages waiting in the mailbox or sent by `.send`; returns how many.
    @discardableResult
    public func deliverMessages(now: Duration) -> Int {
        var count = 0
        while !finished {
            let batch = pendingSends + mailbox.drain()
            pendingSends = []
            if batch.isEmpty { break }
            for m in batch where !finished {
                perform(program.update(.message(m), context: context(now: now)))
                if program.redraws(after: m) { needsRender = true }
                count += 1
            }
        }
        return count
    }

    /// True when messages are waiting to be delivered (the loop then polls without sleeping).
    public var hasPendingMessages: Bool { !pendingSends.isEmpty || mailbox.hasMessages }

    /// Delivers `.tick` if the wake-up time last reported by `nextWakeUp(now:)` (or, if none was asked
    /// for, the program's current one) has come; returns true when it did.
    @discardableResult
    public func tickIfDue(now: Duration) -> Bool {
        guard !finished, let due = scheduledWakeUp ?? program.nextWakeUp(context: context(now: now)), due <= now else { return false }
        scheduledWakeUp = nil
        perform(program.update(.tick, context: context(now: now)))
        needsRender = true
        return true
    }

    /// The program's next wake-up time, remembered so a later `tickIfDue` fires once it has passed
    /// (a program may compute it relative to `now`, e.g. "now + 16 ms" while animating).
    public func nextWakeUp(now: Duration) -> Duration? {
        scheduledWakeUp = program.nextWakeUp(context: context(now: now))
        return scheduledWakeUp
    }

    /// Renders and draws if anything changed since the last render (or `force`).
    public func renderIfNeeded(now: Duration, force: Bool = false) {
        guard needsRender || force, !finished else { return }
        var buffer = Buffer(size: backend.size)
        program.render(into: &buffer, context: context(now: now))
        backend.draw(buffer)
        backend.setCursor(buffer.cursor)
        backend.flush()
        needsRender = false
        drewSettledFrame = program.isSettled
    }

    /// Writes the queued control sequences (`TerminalOutbox`) through the backend, after the frame drawn last.
    public func writeControls() {
        for sequence in outbox.drain() where !finished { backend.writeControl(sequence) }
    }

    /// True when the program's last drawn frame showed it settled (see `Program.isSettled`).
    public private(set) var drewSettledFrame = false

    /// Cancels all running tasks.
    public func cancelAll() { tasks.cancelAll() }

    /// Number of effect tasks still running (tests wait on it).
    public var runningTaskCount: Int { tasks.count }

    private func perform(_ command: Command<P.Message, Never>) {
        for op in command.operations {
            switch op {
            case .send(let m): pendingSends.append(m)
            case .run(let id, let work): tasks.start(id: id, mailbox: mailbox, operation: work)
            case .cancel(let id): tasks.cancel(id: id)
            case .quit: finished = true; cancelAll()
            }
        }
    }
}
