#if canImport(Glibc)
import Glibc
#endif

/// Why the run loop ended.
public enum RunOutcome: Hashable, Sendable {
    /// The program returned `.quit` (or Ctrl-C was pressed).
    case quit
    /// A signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) ended the app; exit with 128 + number by convention.
    case signal(Int32)
    /// The terminal went away (stdin closed or hung up).
    case hangup
}

/// Runs a `Program` on the real terminal: opens ncurses, waits with `poll()` on stdin and a self-pipe
/// (messages, signals), with a timeout only while a wake-up (animation, spinner, toast, Esc) is due —
/// idle CPU is ~0. Restores the terminal on every way out. Call from the main thread.
public struct TerminalRunner {
    /// Options for the terminal and the loop.
    public struct Options: Sendable {
        /// Terminal modes and colour options.
        public var backend: NcursesBackend.Options
        /// Skip animations.
        public var reducedMotion: Bool
        /// Ctrl-C quits at once.
        public var quitOnCtrlC: Bool
        /// The longest `run`'s `whenSettled` work waits for a settled first frame.
        public var settleLimit: Duration = .seconds(2)
        /// Creates options.
        public init(backend: NcursesBackend.Options = .init(), reducedMotion: Bool = false, quitOnCtrlC: Bool = true) {
            self.backend = backend; self.reducedMotion = reducedMotion; self.quitOnCtrlC = quitOnCtrlC
        }
    }

    /// How the runner behaves.
    public var options: Options

    /// Creates a runner.
    public init(options: Options = Options()) { self.options = options }

    /// Checks the terminal, then runs `program` until it quits. `onStart` receives the mailbox so the
    /// caller can hand it to long-lived producers (e.g. a league event stream) that `post(_:)` messages.
    /// Throws `TerminalRefusal` (print its reason, exit 2) when the terminal is unusable.
    /// `whenSettled` runs once, on this thread, after the first settled frame is drawn (`Program.isSettled`), or at the
    /// first input, or `Options.settleLimit` after the start, whichever comes first: work the first frame doesn't
    /// need (background clocks, followers) waits for it so that it doesn't compete with the first frame's reads.
    public func run<P: Program>(_ program: P, environment: [String: String] = TerminalPreflight.processEnvironment(),
                                outbox: TerminalOutbox = TerminalOutbox(),
                                onStart: (Mailbox<P.Message>) -> Void = { _ in },
                                whenSettled: @escaping () -> Void = {}) throws(TerminalRefusal) -> RunOutcome {
        TerminalPreflight.ensureUTF8Locale()
        if let refusal = TerminalPreflight.check(environment: environment) { throw refusal }
        guard let pipe = SignalPipe() else { throw TerminalRefusal("cannot create the wake-up pipe") }
        CrashGuard.install()
        let backend: NcursesBackend
        do { backend = try NcursesBackend.open(options: options.backend, environment: environment) } catch {
            CrashGuard.uninstall()
            throw error
        }
        pipe.installHandlers()
        defer {
            outbox.wake(through: -1)
            backend.close()
            pipe.restoreHandlers()
            CrashGuard.uninstall()
        }
        let mailbox = Mailbox<P.Message>(wakeFD: pipe.writeFD)
        outbox.wake(through: pipe.writeFD)
        let driver = ProgramDriver(program: program, backend: backend, mailbox: mailbox, outbox: outbox,
                                   reducedMotion: options.reducedMotion, quitOnCtrlC: options.quitOnCtrlC)
        onStart(mailbox)
        defer { driver.cancelAll() }
        return TerminalRunner.loop(driver: driver, inputFD: 0, wakeFD: pipe.readFD,
                                   settle: SettleGate(limit: options.settleLimit, action: whenSettled)) { backend.refreshSizeFromTerminal() }
    }

    /// Work held back until the first frame has settled (see `run(_:environment:onStart:whenSettled:)`).
    struct SettleGate {
        /// Time after the start when it runs anyway.
        var limit: Duration
        var action: (() -> Void)?

        /// Runs the action if it hasn't run yet.
        mutating func open() {
            guard let a = action else { return }
            action = nil
            a()
        }
        var isOpen: Bool { action == nil }
    }

    /// The poll loop itself, over any input fd and wake-up fd (tests use pipes and a headless backend).
    /// `readSize` is called on SIGWINCH and returns the new size after resizing the backend.
    static func loop<P: Program>(driver: ProgramDriver<P>, inputFD: Int32, wakeFD: Int32, settle: SettleGate? = nil,
                                 readSize: () -> Size) -> RunOutcome {
        var settle = settle ?? SettleGate(limit: .zero, action: nil)
        let clock = ContinuousClock()
        let origin = clock.now
        func now() -> Duration { clock.now - origin }
        var decoder = InputDecoder()
        var lastInput = now()
        var readBuffer = [UInt8](repeating: 0, count: 4096)

        driver.start(now: now())
        driver.deliverMessages(now: now())
        driver.renderIfNeeded(now: now(), force: true)
        if driver.drewSettledFrame { settle.open() }

        while !driver.finished {
            // Sleep until input, a message/signal, or the earliest deadline.
            let t = now()
            var deadline = driver.nextWakeUp(now: t)
            if !settle.isOpen { deadline = deadline.map { min($0, settle.limit) } ?? settle.limit }
            if let wait = decoder.pendingTimeout {
                let escDue = lastInput + wait
                deadline = deadline.map { min($0, escDue) } ?? escDue
            }
            let timeoutMS: Int32
            if driver.hasPendingMessages {
                timeoutMS = 0
            } else if let d = deadline {
                let ms = max(0, (d - t) / .milliseconds(1))
                timeoutMS = Int32(min(60_000, ms.rounded(.up)))
            } else {
                timeoutMS = -1
            }
            var fds = [pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, timeoutMS)
            if ready < 0 && errno != EINTR { return .hangup }

            // Signals and wake-ups.
            if fds[1].revents & Int16(POLLIN) != 0 || ready < 0 {
                for byte in SignalPipe.drain(wakeFD) where byte != 0 {
                    let sig = Int32(byte)
                    if sig == SIGWINCH {
                        driver.send([.resize(readSize())], now: now())
                    } else {
                        return .signal(sig)
                    }
                }
            }

            // Terminal input.
            if fds[0].revents & Int16(POLLIN) != 0 {
                let n = read(inputFD, &readBuffer, readBuffer.count)
                if n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN) { return .hangup }
                if n > 0 {
                    settle.open()   // a person is using it: nothing waits any longer
                    lastInput = now()
                    driver.send(decoder.feed(readBuffer.prefix(n)), now: lastInput)
                }
            } else if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                return .hangup
            }
            if let wait = decoder.pendingTimeout, now() - lastInput >= wait {
                driver.send(decoder.timeout(), now: now())
            }

            let current = now()
            driver.deliverMessages(now: current)
            driver.tickIfDue(now: current)
            driver.renderIfNeeded(now: current)
            driver.writeControls()
            if !settle.isOpen && (driver.drewSettledFrame || now() >= settle.limit) { settle.open() }
        }
        return .quit
    }
}
