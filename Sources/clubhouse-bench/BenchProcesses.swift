import ClubhouseData
import ClubhouseDomain
import Foundation

/// Memory of one process from /proc/<pid>/smaps_rollup, in KiB.
struct ProcessMemory {
    var privateKiB: Int
    var pssKiB: Int
    var rssKiB: Int
    /// Private_Dirty alone: what this process wrote and shares with nobody (heap, stacks, relocated data).
    var privateDirtyKiB = 0

    static func read(pid: pid_t) -> ProcessMemory? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else { return nil }
        return parse(smapsRollup: text)
    }

    /// Private_Clean + Private_Dirty, Pss and Rss of an smaps_rollup text.
    static func parse(smapsRollup text: String) -> ProcessMemory? {
        var fields: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 2, parts[0].hasSuffix(":"), let kib = Int(parts[1]) else { continue }
            fields[String(parts[0].dropLast())] = kib
        }
        guard let clean = fields["Private_Clean"], let dirty = fields["Private_Dirty"], let pss = fields["Pss"], let rss = fields["Rss"] else { return nil }
        return ProcessMemory(privateKiB: clean + dirty, pssKiB: pss, rssKiB: rss, privateDirtyKiB: dirty)
    }
}

/// `clubhouse serve` on the bench's database with an SSH host secret, as `clubhouse host-ssh` starts it beside sshd, and
/// what each `ssh-session` client needs (sshd's `SSH_USER_AUTH` file with a key of its own).
final class LeagueServerProcess {
    let process = Process()
    let url: String
    let secret: String
    let devices: String
    let directory: URL
    var pid: pid_t { process.processIdentifier }

    init(app: String, database: String, directory: URL) throws {
        self.directory = directory
        secret = directory.appendingPathComponent("ssh-host-secret").path
        devices = directory.appendingPathComponent("devices").path
        try FileManager.default.createDirectory(atPath: devices, withIntermediateDirectories: true)
        try SSHHostSecret.generate(secret)
        let port = try Self.freePort()
        url = "http://127.0.0.1:\(port)"
        let log = directory.appendingPathComponent("serve.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: app)
        // CLUBHOUSE_BENCH_SERVE_ARGS: more options for this server, to compare (e.g. "--read-cache 0").
        let extra = ProcessInfo.processInfo.environment["CLUBHOUSE_BENCH_SERVE_ARGS"]?.split(separator: " ").map(String.init) ?? []
        process.arguments = ["serve", "--listen", "127.0.0.1:\(port)", "--database", database, "--ssh-host-secret-file", secret] + extra
        let file = try FileHandle(forWritingTo: log)
        process.standardOutput = file
        process.standardError = file
        try process.run()
        guard Wait.blockingUntil(.seconds(60), every: .milliseconds(50), { Self.accepts(port) || !process.isRunning }), process.isRunning else {
            throw BenchFailure(description: "clubhouse serve did not listen: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
    }

    var sessionArguments: [String] {
        ["ssh-session", "--server", url, "--ssh-host-secret-file", secret, "--devices-dir", devices, "--policy", "open"]
    }

    /// An `SSH_USER_AUTH` file naming an ed25519 key of its own for client `index` (a device folder per key).
    func keyFile(index: Int) throws -> String {
        var blob = [UInt8]()
        func put(_ bytes: [UInt8]) {
            let n = UInt32(bytes.count).bigEndian
            withUnsafeBytes(of: n) { blob += $0 }
            blob += bytes
        }
        put(Array("ssh-ed25519".utf8))
        var key = [UInt8](repeating: 0, count: 32)
        withUnsafeBytes(of: UInt64(index + 1).bigEndian) { for (i, b) in $0.enumerated() { key[24 + i] = b } }
        put(key)
        let path = directory.appendingPathComponent("auth-\(index)").path
        try "publickey ssh-ed25519 \(Data(blob).base64EncodedString())\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    static func freePort() throws -> Int { try Loopback.freePort() }

    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = UInt16(port).bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } } == 0
    }
}

/// TCP sockets on 127.0.0.1 at a port the kernel picks.
enum Loopback {
    /// A socket bound to a free port of 127.0.0.1 (listening, when asked): its descriptor and port.
    static func bound(listening: Bool) throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = fd >= 0 && withUnsafeMutablePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && (!listening || listen(fd, 4096) == 0) && getsockname(fd, $0, &len) == 0 }
        }
        guard ok else {
            if fd >= 0 { close(fd) }
            throw BenchFailure(description: "no free port on 127.0.0.1")
        }
        return (fd, UInt16(bigEndian: addr.sin_port))
    }

    /// A port of 127.0.0.1 free a moment ago.
    static func freePort() throws -> Int {
        let (fd, port) = try bound(listening: false)
        close(fd)
        return Int(port)
    }
}
