import ClubhouseData
import Foundation

/// Loopback ports for what the end-to-end tests start and then talk to (`clubhouse serve`, host-ssh's sshd, openssl
/// s_server, the webhook receiver).
///
/// A port looked up free (bound to 0, read, closed) can be taken by another process before the child binds it: CI runs
/// three test processes side by side, and serve seeds the demo world before it listens. So, one way everywhere:
/// - while the child starts, the port is **held**: a socket bound to it with SO_REUSEADDR that never listens. Programs
///   asking the kernel for a port (a bind to 0, an outgoing connection) pass it over; the servers started here bind
///   with SO_REUSEADDR themselves (libmicrohttpd, sshd, openssl, Python's http.server) and still can; a client
///   connecting to it is refused, as at a closed port. The hold is let go once the child listens (or is gone).
/// - when the child says all the same that it could not listen (`saysPortTaken`), it is started again on a new port
///   (`start`), up to a few times; where the port is the point (a server stopped and started again on its port in the
///   middle of a test), on the same port until it frees (`restart`).
enum Ports {
    /// What one start on a port came to: the thing started (listening, or failed for a reason of its own, left to the
    /// test to say), or the port was taken before it could listen (what it said).
    enum Attempt<T> {
        case started(T)
        case lostPort(String)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A loopback port bound to and let go: for a command that is refused before it listens (nothing holds it).
    static func free() throws -> Int {
        let hold = try Hold.fresh()
        defer { hold.release() }
        return hold.port
    }

    /// `attempt` on a fresh held port; again on a new one while it loses its port, up to `attempts` times.
    static func start<T>(attempts: Int = 5, _ attempt: (Int) throws -> Attempt<T>) throws -> T {
        var said: [String] = []
        for _ in 0..<attempts {
            let hold = try Hold.fresh()
            defer { hold.release() }
            switch try attempt(hold.port) {
            case .started(let value): return value
            case .lostPort(let text): said.append("port \(hold.port): \(text)")
            }
        }
        throw Failure(description: "lost the port \(attempts) times:\n" + said.joined(separator: "\n"))
    }

    /// `attempt` on `port` again (a server started again where its clients look for it), with `held` (the port held
    /// since the last one stopped) when there is one; while it loses the port, again once the port is free, within `timeout`.
    static func restart<T>(on port: Int, holding held: Hold? = nil, within timeout: Duration = .seconds(120),
                           _ attempt: (Int) throws -> Attempt<T>) throws -> T {
        let deadline = ContinuousClock.now + timeout
        var hold = held
        defer { hold?.release() }
        var said: [String] = []
        while true {
            // Held when it can be (what held it went away); it is tried without when it can't.
            if hold == nil {
                Wait.blockingUntil(max(.zero, deadline - ContinuousClock.now), every: .milliseconds(100)) {
                    hold = Hold(port: port)
                    return hold != nil
                }
            }
            switch try attempt(port) {
            case .started(let value): return value
            case .lostPort(let text): said.append(text)
            }
            hold?.release()
            hold = nil
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "port \(port) stayed taken for \(timeout):\n" + said.joined(separator: "\n"))
            }
        }
    }

    /// True when `text` (what a child printed as it ended) says it could not listen on its port because something else had it.
    static func saysPortTaken(_ text: String) -> Bool {
        [
            "cannot listen on",            // clubhouse serve (libmicrohttpd's bind)
            "is already in use",           // clubhouse host-ssh's own check of its port
            "Address already in use",      // sshd, openssl s_server, Python
            "Cannot bind any address",     // sshd
        ].contains { text.contains($0) }
    }

    /// `serve` (or what `executable` runs) on a fresh port, its output in `log`, once it says it listens; on a new port
    /// when another process took the port first. The process and its port.
    static func startServe(executable: String = Binary.path, arguments: (Int) -> [String], environment: [String: String],
                           log: URL) throws -> (Process, Int) {
        func output() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        return try start { port -> Attempt<(Process, Int)> in
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments(port)
            process.environment = environment
            let file = try FileHandle(forWritingTo: log)
            process.standardOutput = file
            process.standardError = file
            try process.run()
            return outcome((process, port), within: .seconds(180), ready: { output().contains("Clubhouse league server on") },
                           running: { process.isRunning }, said: output)
        }
    }

    /// What became of a child just started on a port: `ready` (listening) or gone within `timeout`; gone with
    /// `said()` showing its port taken is a lost port, anything else is the test's to see.
    static func outcome<T>(_ child: T, within timeout: Duration, ready: () -> Bool, running: () -> Bool,
                           said: () -> String) -> Attempt<T> {
        Wait.blockingUntil(timeout, every: .milliseconds(100)) { ready() || !running() }
        if !running(), saysPortTaken(said()) { return .lostPort(said()) }
        return .started(child)
    }

    /// A loopback port held: bound with SO_REUSEADDR, never listening, until `release()` (or deinit).
    final class Hold {
        let port: Int
        private var fd: Int32

        /// `port` held, or nil when something else has it (listens there, or holds it without SO_REUSEADDR).
        init?(port: Int) {
            guard let (fd, bound) = Self.bindLoopback(port) else { return nil }
            self.fd = fd
            self.port = bound
        }

        /// A port the kernel picks (one nothing else is bound to), held.
        static func fresh() throws -> Hold {
            guard let hold = Hold(port: 0) else { throw Failure(description: "no free loopback port: \(String(cString: strerror(errno)))") }
            return hold
        }

        func release() {
            if fd >= 0 { close(fd) }
            fd = -1
        }

        deinit { release() }

        private static func bindLoopback(_ port: Int) -> (Int32, Int)? {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { return nil }
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_addr.s_addr = inet_addr("127.0.0.1")
            addr.sin_port = in_port_t(UInt16(port).bigEndian)
            var len = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
            }
            guard bound else { close(fd); return nil }
            return (fd, Int(UInt16(bigEndian: addr.sin_port)))
        }
    }
}
