import ClubhouseData
import Foundation
import Testing

/// The helper every end-to-end server starts through (`Ports`), against a real listener (Python's http.server, which
/// binds with SO_REUSEADDR as serve, sshd and openssl do): a start whose port was taken goes on to a new port; a held
/// port refuses connections yet lets the child bind it; a restart keeps its port.
@Suite struct PortsTests {
    /// Python's http.server on `port`, its standard error on `errors`.
    static func listener(port: Int, errors: String) throws -> Process {
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = ["-c", """
            import http.server, sys
            s = http.server.HTTPServer(('127.0.0.1', int(sys.argv[1])), http.server.BaseHTTPRequestHandler)
            print('listening', file=sys.stderr, flush=True)
            s.serve_forever()
            """, String(port)]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try p.run()
        return p
    }

    static func attempt(port: Int, errors: String) throws -> Ports.Attempt<Process> {
        let p = try listener(port: port, errors: errors)
        let said = { (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "" }
        return Ports.outcome(p, within: .seconds(30), ready: { said().contains("listening") }, running: { p.isRunning }, said: said)
    }

    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } } == 0
    }

    static func stop(_ p: Process) { kill(p.processIdentifier, SIGKILL); p.waitUntilExit() }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"), .timeLimit(.minutes(10)))
    func aStartWhosePortWasTakenGoesOnToANewOne() throws {
        let home = try TemporaryHome()
        let errors = home.url.appendingPathComponent("listener.err").path
        let taken = try Ports.start { try Self.attempt(port: $0, errors: home.url.appendingPathComponent("taken.err").path) }
        defer { Self.stop(taken) }
        let takenPort = Int(taken.arguments!.last!)!
        var tried: [Int] = []
        let started = try Ports.start { port in
            tried.append(port)
            // The first start finds its port taken (as when another process binds it first).
            return try Self.attempt(port: tried.count == 1 ? takenPort : port, errors: errors)
        }
        defer { Self.stop(started) }
        try #require(tried.count == 2, "\(tried)")
        #expect(started.isRunning && started.arguments?.last == String(tried[1]) && Self.accepts(tried[1]), "listening on the second port")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"), .timeLimit(.minutes(10)))
    func aHeldPortIsRefusedYetARestartListensOnIt() throws {
        let home = try TemporaryHome()
        let errors = home.url.appendingPathComponent("listener.err").path
        let first = try Ports.start { try Self.attempt(port: $0, errors: errors) }
        let port = Int(first.arguments!.last!)!
        #expect(Self.accepts(port))
        Self.stop(first)
        let held = try #require(Ports.Hold(port: port), "the port of a stopped listener can be held")
        #expect(!Self.accepts(port), "refused while held, as at a closed port")
        #expect(Ports.Hold(port: port) != nil, "held with SO_REUSEADDR: the child can still bind it")
        let again = try Ports.restart(on: port, holding: held) { try Self.attempt(port: $0, errors: errors) }
        defer { Self.stop(again) }
        #expect(again.isRunning && Self.accepts(port), "listening on the same port again")
    }
}
