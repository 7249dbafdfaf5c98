import ClubhouseData
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A bare HTTP/1.1 client over a loopback socket, for requests no well-behaved client would send (truncated bodies,
/// invalid UTF-8, a body one byte a second). Reads the answer to the end (requests say `Connection: close`).
struct RawHTTP {
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
        var errorCode: String? { (json?["error"] as? [String: Any])?["code"] as? String }
        var errorField: String? { (json?["error"] as? [String: Any])?["field"] as? String }
    }

    let port: UInt16

    /// A connected socket with a receive timeout.
    func connect(timeoutSeconds: Int = 60) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var tv = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard ok == 0 else { close(fd); return nil }
        return fd
    }

    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// Everything the server sends until it closes (or the timeout).
    static func readAll(_ fd: Int32) -> Data {
        var out = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            out.append(contentsOf: buffer[0..<n])
        }
        return out
    }

    static func parse(_ data: Data) -> Answer? {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = head.first?.split(separator: " ") ?? []
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[end.upperBound...])
        if let length = headers["content-length"].flatMap(Int.init), body.count > length { body = body.prefix(length) }
        return Answer(status: status, headers: headers, body: body)
    }

    /// Sends `bytes` as they are and reads the answer.
    func exchange(_ bytes: [UInt8]) -> Answer? {
        guard let fd = connect() else { return nil }
        defer { close(fd) }
        _ = Self.send(fd, bytes)
        return Self.parse(Self.readAll(fd))
    }

    /// A request with `Connection: close` and, for a body, its Content-Length (unless `headers` sets one).
    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8]? = nil) -> Answer? {
        exchange(Self.bytes(method, path, headers: headers, body: body))
    }

    static func bytes(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8]? = nil) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (k, v) in headers { head += "\(k): \(v)\r\n" }
        if let body, headers.keys.allSatisfy({ $0.lowercased() != "content-length" && $0.lowercased() != "transfer-encoding" }) {
            head += "Content-Length: \(body.count)\r\n"
        }
        return Array((head + "\r\n").utf8) + (body ?? [])
    }
}

/// This process's resident set size, in bytes (Linux `/proc/self/statm`).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// Blocking socket work off Swift's cooperative pool (`Blocking.run`), which the server in this same process needs
/// to answer (a test blocked in recv on every pool thread would starve it).
func io<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T { await Blocking.run(qos: .default, body) }
