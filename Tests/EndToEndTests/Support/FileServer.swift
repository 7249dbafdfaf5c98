import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 file server on loopback for `season fetch` tests, laid out like nflverse's releases
/// (`/<tag>/<file>`): GET with `Range` (206) and `If-None-Match` (304), an `ETag` per file, one request per
/// connection. Faults on demand: a file's first download cut off after some bytes, or a file served damaged.
final class FileServer: @unchecked Sendable {
    struct Request: Hashable { var path: String; var range: String?; var ifNoneMatch: String? }

    let port: Int
    private let root: URL
    private let listener: Int32
    private let state = Mutex(State())
    private struct State {
        var requests: [Request] = []
        /// Paths whose next full (non-Range) download stops after this many bytes of the body.
        var cutAfter: [String: Int] = [:]
        /// Paths served with these bytes instead of the file's.
        var replaced: [String: [UInt8]] = [:]
        var stopped = false
    }

    /// Serves the files under `root`.
    init(root: URL) throws {
        self.root = root
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        listener = fd
        port = Int(UInt16(bigEndian: addr.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    var url: String { "http://127.0.0.1:\(port)" }
    var requests: [Request] { state.withLock { $0.requests } }

    func cut(_ path: String, after bytes: Int) { state.withLock { $0.cutAfter[path] = bytes } }
    func replace(_ path: String, with bytes: [UInt8]) { state.withLock { $0.replaced[path] = bytes } }

    func stop() {
        let was = state.withLock { s in defer { s.stopped = true }; return s.stopped }
        if !was { shutdown(listener, Int32(SHUT_RDWR)); close(listener) }
    }

    /// The shipped 2019 season laid out as nflverse's releases are: players and schedule plain, the rest gzip.
    static func nflverseLayout(in dir: URL) throws {
        let fm = FileManager.default
        for tag in ["players", "schedules", "stats_player", "stats_team", "pbp"] {
            try fm.createDirectory(at: dir.appendingPathComponent(tag), withIntermediateDirectories: true)
        }
        try ShippedSeason.text("players.csv").write(to: dir.appendingPathComponent("players/players.csv"), atomically: true, encoding: .utf8)
        try ShippedSeason.text("games.csv").write(to: dir.appendingPathComponent("schedules/games.csv"), atomically: true, encoding: .utf8)
        for (tag, name) in [("stats_player", "stats_player_week_2019.csv.gz"), ("stats_team", "stats_team_week_2019.csv.gz"),
                            ("pbp", "play_by_play_2019.csv.gz")] {
            try fm.copyItem(at: ShippedSeason.directory.appendingPathComponent(name), to: dir.appendingPathComponent("\(tag)/\(name)"))
        }
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 { if state.withLock({ $0.stopped }) { return }; continue }
            let thread = Thread { [self] in serve(fd); close(fd) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        var head = [UInt8]()
        var byte = [UInt8](repeating: 0, count: 1)
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            guard read(fd, &byte, 1) == 1 else { return }
            head.append(byte[0])
        }
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n")
        guard let first = lines.first?.split(separator: " "), first.count >= 2 else { return }
        let path = String(first[1])
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            let kv = line.split(separator: ":", maxSplits: 1)
            if kv.count == 2 { headers[kv[0].lowercased()] = kv[1].trimmingCharacters(in: .whitespaces) }
        }
        let (cut, replaced): (Int?, [UInt8]?) = state.withLock { s in
            s.requests.append(Request(path: path, range: headers["range"], ifNoneMatch: headers["if-none-match"]))
            let c = headers["range"] == nil ? s.cutAfter.removeValue(forKey: path) : nil
            return (c, s.replaced[path])
        }
        guard let body = replaced ?? (try? [UInt8](Data(contentsOf: root.appendingPathComponent(String(path.dropFirst()))))) else {
            send(fd, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in body { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        let etag = "\"\(String(hash, radix: 16))\""
        if headers["if-none-match"] == etag {
            send(fd, "HTTP/1.1 304 Not Modified\r\nETag: \(etag)\r\nConnection: close\r\n\r\n")
            return
        }
        if let range = headers["range"], range.hasPrefix("bytes="), let start = Int(range.dropFirst(6).split(separator: "-").first ?? "") {
            guard start < body.count else {
                send(fd, "HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */\(body.count)\r\nConnection: close\r\n\r\n")
                return
            }
            if let ifRange = headers["if-range"], ifRange != etag {
                send(fd, "HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nETag: \(etag)\r\nConnection: close\r\n\r\n")
                sendAll(fd, Array(body))
                return
            }
            send(fd, "HTTP/1.1 206 Partial Content\r\nContent-Length: \(body.count - start)\r\nContent-Range: bytes \(start)-\(body.count - 1)/\(body.count)\r\n"
                 + "ETag: \(etag)\r\nConnection: close\r\n\r\n")
            sendAll(fd, Array(body[start...]))
            return
        }
        send(fd, "HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nETag: \(etag)\r\nConnection: close\r\n\r\n")
        sendAll(fd, Array(body.prefix(cut ?? body.count)))   // a cut download: the connection closes short of Content-Length
    }

    private func send(_ fd: Int32, _ text: String) { sendAll(fd, Array(text.utf8)) }

    private func sendAll(_ fd: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }
}
