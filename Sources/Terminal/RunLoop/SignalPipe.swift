#if canImport(Glibc)
import Glibc
#endif

/// The write end of the self-pipe the signal handler reports to (set while a runner is active).
/// Written only on the main thread before handlers are installed, read from the handler.
nonisolated(unsafe) private var signalWakeFD: Int32 = -1

/// The C signal handler: writes the signal number to the self-pipe (async-signal-safe `write` only).
/// Kept out of main.swift and free of captures (ARCHITECTURE.md §9).
private func forwardSignalToPipe(_ signal: Int32) {
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(signalWakeFD, &byte, 1)
}

/// A non-blocking self-pipe: signals and posted messages write a byte, `poll()` wakes on the read end.
/// Byte 0 means "messages waiting"; any other byte is the number of a signal that arrived.
final class SignalPipe {
    let readFD: Int32
    let writeFD: Int32
    private var previousHandlers: [Int32: sighandler_t?] = [:]

    /// The signals the runner handles: resize, interrupt, terminate, hang-up (dropped SSH).
    static let handledSignals: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    init?() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        readFD = fds[0]; writeFD = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
    }

    /// Routes the handled signals into the pipe; SIGPIPE is ignored so a dead terminal gives EPIPE, not death.
    func installHandlers() {
        signalWakeFD = writeFD
        for s in SignalPipe.handledSignals { previousHandlers[s] = signal(s, forwardSignalToPipe) }
        previousHandlers[SIGPIPE] = signal(SIGPIPE, SIG_IGN)
        // A process may start with these blocked (the mask is inherited from whoever spawned it): then a
        // dropped connection (SIGHUP) or SIGTERM would never reach us. Unblock them on this thread.
        var set = sigset_t()
        sigemptyset(&set)
        for s in SignalPipe.handledSignals { sigaddset(&set, s) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Puts the previous handlers back.
    func restoreHandlers() {
        for (s, h) in previousHandlers { signal(s, h ?? SIG_DFL) }
        previousHandlers = [:]
        signalWakeFD = -1
    }

    /// Reads every pending byte of the non-blocking pipe `fd`.
    static func drain(_ fd: Int32) -> [UInt8] {
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(fd, &buf, buf.count)
            if n <= 0 { break }
            out += buf.prefix(n)
        }
        return out
    }

    deinit { close(readFD); close(writeFD) }
}
