#if canImport(Glibc)
import Glibc
#endif

/// Terminal state captured before ncurses changed it, for the crash handler (main thread writes, handler reads).
nonisolated(unsafe) private var originalTermios = termios()
nonisolated(unsafe) private var haveOriginalTermios = false
/// Handlers that were installed before ours, indexed by signal number (preallocated: no hashing in the handler).
private typealias SignalAction = sigaction
nonisolated(unsafe) private var previousCrashActions = [SignalAction](repeating: SignalAction(), count: 65)
nonisolated(unsafe) private var hasPreviousCrashAction = [Bool](repeating: false, count: 65)

/// Mouse, paste and alternate-screen modes off, attributes reset, cursor shown.
private let terminalResetBytes: [UInt8] = Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\r\n".utf8)

/// On a crash signal: put the tty back to its original mode, switch terminal modes off, then hand the
/// signal to whoever handled it before (the Swift backtracer) so the report prints on a sane terminal.
private func restoreTerminalThenCrash(_ signal: Int32) {
    if haveOriginalTermios { tcsetattr(0, TCSANOW, &originalTermios) }
    terminalResetBytes.withUnsafeBytes { _ = write(1, $0.baseAddress, $0.count) }
    if signal >= 0, signal < 65, hasPreviousCrashAction[Int(signal)] {
        sigaction(signal, &previousCrashActions[Int(signal)], nil)
    } else {
        Glibc.signal(signal, SIG_DFL)
    }
    raise(signal)
}

/// Restores the terminal when the process crashes (trap, segfault, abort), so a bug never leaves the
/// person's shell in raw mode with mouse reporting on.
enum CrashGuard {
    static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    /// Saves the tty mode (call before ncurses changes it) and installs the handlers.
    static func install() {
        haveOriginalTermios = tcgetattr(0, &originalTermios) == 0
        for s in signals {
            var action = SignalAction()
            action.__sigaction_handler.sa_handler = restoreTerminalThenCrash
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var old = SignalAction()
            if sigaction(s, &action, &old) == 0 {
                previousCrashActions[Int(s)] = old
                hasPreviousCrashAction[Int(s)] = true
            }
        }
    }

    /// Puts the previous handlers back.
    static func uninstall() {
        for s in signals where hasPreviousCrashAction[Int(s)] {
            sigaction(s, &previousCrashActions[Int(s)], nil)
            hasPreviousCrashAction[Int(s)] = false
        }
        haveOriginalTermios = false
    }
}
