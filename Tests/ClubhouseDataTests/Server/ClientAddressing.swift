import ClubhouseDomain
import ClubhouseServer
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Requests to a test server on 127.0.0.1 from a chosen loopback source address (127.0.0.2, 127.0.0.3…: all of 127/8 is
/// this machine), so the server sees different clients as it would on a network.
struct FromAddress: Sendable {
    let port: UInt16
    let source: String

    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil) -> RawHTTP.Answer? {
        var all = headers
        if body != nil { all["Content-Type"] = "application/json" }
        return exchange(RawHTTP.bytes(method, path, headers: all, body: body.map { Array($0.utf8) }))
    }

    /// Sends `bytes` as they are from `source` and reads the answer.
    func exchange(_ bytes: [UInt8]) -> RawHTTP.Answer? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var tv = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0 else { return nil }
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = port.bigEndian
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { return nil }
        _ = RawHTTP.send(fd, bytes)
        return RawHTTP.parse(RawHTTP.readAll(fd))
    }

    /// `POST /v1/sessions`; `device` nil leaves it out.
    func signIn(_ email: String, _ password: String, device: String? = nil, headers: [String: String] = [:]) async -> RawHTTP.Answer? {
        let fields = ["\"email\":\(json(email))", "\"password\":\(json(password))"] + (device.map { ["\"device\":\(json($0))"] } ?? [])
        let body = "{" + fields.joined(separator: ",") + "}"
        return await io { request("POST", "/v1/sessions", headers: headers, body: body) }
    }

    /// `POST /v1/accounts`.
    func createAccount(_ email: String, headers: [String: String] = [:]) async -> RawHTTP.Answer? {
        let body = "{\"email\":\(json(email)),\"password\":\"password1\",\"displayName\":\"New\"}"
        return await io { request("POST", "/v1/accounts", headers: headers, body: body) }
    }

    private func json(_ s: String) -> String {
        String(decoding: try! JSONEncoder().encode(s), as: UTF8.self)
    }
}

extension RawHTTP.Answer {
    var errorMessage: String? { (json?["error"] as? [String: Any])?["message"] as? String }
}

extension Trait where Self == BothTransports {
    /// SQLite and PostgreSQL, on the remote transport only: tests that speak HTTP to the world's server.
    static var bothBackendsOverHTTP: Self { BothTransports(transports: [.remote]) }
}
