import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// Sends what ncurses writes for one frame to the terminal in one `write()`.
///
/// ncurses empties its output buffer before every character outside ASCII (box drawing, "·", "—"), and writes
/// those through stdio: a framed page went out as 100+ writes of a few bytes, and one `j` as four. Each write to a
/// pty wakes whoever reads it (tmux, sshd, a terminal emulator) — per session, per frame; with many SSH sessions
/// those wake-ups were most of the host's time (docs/benchmarks.md, "SSH sessions"). During `run` the terminal's fd
/// points at a file in memory instead (`dup2`), and the frame is then copied to the terminal in one write.
/// Without a memory file (`memfd_create` refused) frames go out as ncurses writes them.
final class FrameBatch {
    private let fd: Int32
    private let terminalCopy: Int32
    private let scratch: Int32
    private var bytes: [UInt8] = []

    /// Batches writes to `fd` (the terminal, ncurses' output file's descriptor); nil when no memory file is possible.
    init?(fd: Int32) {
        let scratch = cn_memory_file("clubhouse-frame")
        guard scratch >= 0 else { return nil }
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 3)
        guard copy >= 0 else { Glibc.close(scratch); return nil }
        self.fd = fd; self.terminalCopy = copy; self.scratch = scratch
    }

    deinit { Glibc.close(scratch); Glibc.close(terminalCopy) }

    /// Runs `body` (which writes the frame through `file`) with `fd` pointing at the memory file, then writes the
    /// frame to the terminal at once. Returns the bytes sent.
    @discardableResult
    func run(flushing file: UnsafeMutablePointer<FILE>, _ body: () -> Void) -> Int {
        fflush(file)
        guard dup2(scratch, fd) >= 0 else { body(); return 0 }
        body()
        fflush(file)
        _ = dup2(terminalCopy, fd)
        let count = Int(lseek(scratch, 0, SEEK_CUR))
        guard count > 0 else { return 0 }
        if bytes.count < count { bytes = [UInt8](repeating: 0, count: count) }
        let read = bytes.withUnsafeMutableBytes { pread(scratch, $0.baseAddress, count, 0) }
        _ = ftruncate(scratch, 0)
        _ = lseek(scratch, 0, SEEK_SET)
        guard read > 0 else { return 0 }
        bytes.withUnsafeBytes { buffer in
            var sent = 0
            while sent < read {
                let n = write(fd, buffer.baseAddress! + sent, read - sent)
                if n > 0 { sent += n; continue }
                if n < 0, errno == EINTR { continue }
                if n < 0, errno == EAGAIN {
                    var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&p, 1, 1000)
                    continue
                }
                break   // the terminal is gone (EIO, EPIPE): the run loop notices the hangup
            }
        }
        return read
    }
}
