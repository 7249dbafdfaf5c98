import ClubhouseData
import Foundation
import Synchronization
@testable import ClubhouseRemote
#if canImport(Glibc)
import Glibc
#endif

/// A hostile nflverse mirror on loopback for `SeasonDownload`'s limits: each connection's request head is read, then
/// `serve` writes whatever it likes to the socket (a head, then a body trickled or endless) through `send`, which
/// says false once the client has gone. `stop()` (or deinit) ends every connection's loop.
final class MirrorServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let stopped = Atomic<Bool>(false)
    /// Requests seen (their first line).
    let requests = Mutex<[String]>([])

    var url: String { "http://127.0.0.1:\(port)" }
    var isStopped: Bool { stopped.load(ordering: .relaxed) }

    init(serve: @escaping @Sendable (_ request: String, _ send: ([UInt8]) -> Bool, _ server: MirrorServer) -> Void) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) } }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        listener = fd
        port = Int(UInt16(bigEndian: addr.sin_port))
        Thread { [self] in
            while !isStopped {
                let c = accept(fd, nil, nil)
                guard c >= 0 else { return }
                Thread { [self] in
                    defer { close(c) }
                    var head = [UInt8](), chunk = [UInt8](repeating: 0, count: 4096)
                    while PlainSocket.find(head, [13, 10, 13, 10]) == nil {
                        let n = read(c, &chunk, chunk.count)
                        guard n > 0 else { return }
                        head += chunk[..<n]
                    }
                    let request = String(decoding: head, as: UTF8.self)
                    requests.withLock { $0.append(String(request.prefix { $0 != "\r" })) }
                    serve(request, { [self] bytes in !isStopped && PlainSocket.sendAll(c, bytes) }, self)
                }.start()
            }
        }.start()
    }

    func stop() {
        if !stopped.exchange(true, ordering: .relaxed) { shutdown(listener, Int32(SHUT_RDWR)); close(listener) }
    }

    deinit { stop() }

    /// Waits up to `seconds` for the server to be stopped (a mirror's own pace between two bytes of a trickle, which is
    /// what these tests are about): false once it is.
    func pause(_ seconds: Double) -> Bool {
        !Wait.blockingUntil(.milliseconds(Int64(seconds * 1000)), every: .milliseconds(20)) { isStopped }
    }
}
