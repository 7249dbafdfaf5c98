import ClubhouseData
import Foundation
import Testing

/// `clubhouse serve --trusted-proxy`: anything but addresses and CIDR ranges is bad usage, said before the server
/// starts (a typo must not leave the server trusting nobody — or everybody — without a word).
@Suite struct ServeOptionsTests {
    @Test func aTrustedProxyThatIsNotAnAddressIsBadUsage() throws {
        for bad in ["localhost", "10.0.0.0/33", "10.0.0.1:8080", "127.0.0.1,", ""] {
            let r = try Binary.run(["serve", "--listen", "127.0.0.1:1", "--trusted-proxy", bad])
            #expect(r.status == 2, "\(bad): \(r.err)")
            #expect(r.err.contains("--trusted-proxy wants addresses or CIDR ranges"), "\(bad): \(r.err)")
        }
    }

    /// `--metrics-token-file`: a file others can read, or one that isn't one token line, is refused before the server
    /// starts, with the reason (the token would be as good as public).
    @Test func aMetricsTokenFileOthersCanReadOrThatIsNotATokenIsRefused() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("metrics-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (content, mode, said) in [("a-long-enough-metrics-token\n", 0o644, "is readable by others"),
                                      ("short\n", 0o600, "one line of 16 to 512 visible ASCII characters"),
                                      ("two words here, long enough\n", 0o600, "one line of 16 to 512 visible ASCII characters")] {
            let file = dir + "/token-\(mode)-\(content.count)"
            try content.write(toFile: file, atomically: true, encoding: .utf8)
            chmod(file, mode_t(mode))
            let r = try Binary.run(["serve", "--listen", "127.0.0.1:1", "--metrics-token-file", file])
            #expect(r.status == 2, "\(content): \(r.err)")
            #expect(r.err.contains(said), "\(content): \(r.err)")
        }
        let r = try Binary.run(["serve", "--listen", "127.0.0.1:1", "--metrics-token-file", dir + "/missing"])
        #expect(r.status == 2 && r.err.contains("can't be read"), "\(r.err)")
    }

    /// `--max-streams`: anything but a count from 1 to 1,000,000 is bad usage, said before the server starts.
    @Test func aStreamCapThatIsNotACountIsBadUsage() throws {
        for bad in ["0", "-5", "ten", "1000001", "", "2.5"] {
            let r = try Binary.run(["serve", "--listen", "127.0.0.1:1", "--max-streams", bad])
            #expect(r.status == 2, "\(bad): \(r.err)")
            #expect(r.err.contains("--max-streams wants a number of open event streams from 1 to 1000000"), "\(bad): \(r.err)")
        }
    }

    /// Under an open-file limit of 256 (soft and hard: nothing to raise it to), the default cap of 10,000 streams
    /// can't be kept: one line on standard error says so and the cap that fits, and the server serves — every
    /// stream within that cap opens, the next gets 503, and /healthz still answers beside them (no accept fails).
    @Test(.timeLimit(.minutes(10))) func aLowOpenFileLimitIsSaidAndTheCapFitsUnderIt() throws {
        let home = try TemporaryHome()
        let log = home.url.appendingPathComponent("serve.log")
        func output() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        // On a fresh port, once it listens; on a new one when another process took the port first (see Ports).
        let (process, port) = try Ports.startServe(executable: "/usr/bin/prlimit", arguments: { port in
            ["--nofile=256:256", Binary.path, "serve", "--listen", "127.0.0.1:\(port)", "--database", home.url.appendingPathComponent("league.sqlite").path]
        }, environment: home.environment, log: log)
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        // A debug build seeds the demo world first.
        #expect(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { output().contains("Clubhouse league server on") }, "\(output())")
        let line = try #require(output().split(separator: "\n").first { $0.contains("\"event\":\"serve.open_files\"") }, "\(output())")
        #expect(line.contains("the open-file limit (soft 256, hard 256) is too low for 10000 event streams"), "\(line)")
        let cap = try #require(line.firstRange(of: "\"max_streams\":").map { Int(line[$0.upperBound...].prefix { $0.isNumber }) } ?? nil)
        #expect(cap > 0 && cap < 256 && line.contains("serving at most \(cap)"), "\(line)")
        #expect(output().split(separator: "\n").filter { $0.contains("serve.open_files") }.count == 1, "said once")

        // The cap's streams all open; one more is refused with 503, not dropped at accept.
        var streams: [Int32] = []
        defer { for fd in streams { close(fd) } }
        for _ in 0..<cap {
            let fd = try #require(RawLoopback.open(port: port, "GET /v1/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"))
            streams.append(fd)
            #expect(RawLoopback.statusLine(fd).contains(" 200 "))
        }
        let over = try #require(RawLoopback.open(port: port, "GET /v1/events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        defer { close(over) }
        #expect(RawLoopback.statusLine(over).contains(" 503 "))
        let health = try #require(RawLoopback.open(port: port, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        defer { close(health) }
        #expect(RawLoopback.statusLine(health).contains(" 200 "))
        #expect(process.isRunning)
    }
}

/// Requests written on a loopback socket by hand (the streams stay open as long as the test holds them).
enum RawLoopback {
    static func open(port: Int, _ request: String) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = UInt16(port).bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        let bytes = Array(request.utf8)
        guard ok == 0, send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { close(fd); return nil }
        return fd
    }

    /// The answer's first line (read up to its end, or what arrived within the socket's timeout).
    static func statusLine(_ fd: Int32) -> String {
        var got: [UInt8] = []
        var byte: UInt8 = 0
        while got.count < 200, recv(fd, &byte, 1, 0) == 1 {
            if byte == UInt8(ascii: "\n") { break }
            got.append(byte)
        }
        return String(decoding: got, as: UTF8.self)
    }
}
