import ClubhouseDomain
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An event stream read off a bare socket, frame by frame. The request is HTTP/1.0, so the answer's body is the
/// stream itself (not chunked) and ends when the server closes the connection. Blocking: call it inside `io`.
final class RawSSE: @unchecked Sendable {
    struct Frame: Sendable {
        var id: Int64?
        var event: String?
        var data: String
        var league: LeagueID? { decoded?.leagueID }
        var decoded: LeagueEvent? { try? JSONDecoder().decode(LeagueEvent.self, from: Data(data.utf8)) }
    }

    let fd: Int32
    private var buffer = Data()
    /// The answer's status and, when it wasn't 200, its body.
    private(set) var status = 0
    private(set) var refusal = Data()
    /// The server closed the stream.
    private(set) var ended = false

    /// Opens `GET path` and reads the answer's head (nil when no connection or no answer).
    init?(port: UInt16, path: String, headers: [String: String] = [:], timeoutSeconds: Int = 60) {
        guard let fd = RawHTTP(port: port).connect(timeoutSeconds: timeoutSeconds) else { return nil }
        self.fd = fd
        var head = "GET \(path) HTTP/1.0\r\n"
        for (k, v) in headers { head += "\(k): \(v)\r\n" }
        guard RawHTTP.send(fd, Array((head + "\r\n").utf8)) else { Glibc.close(fd); return nil }
        while buffer.range(of: Data("\r\n\r\n".utf8)) == nil {
            guard readMore() else { break }
        }
        guard let end = buffer.range(of: Data("\r\n\r\n".utf8)) else { Glibc.close(fd); return nil }
        let statusLine = String(decoding: buffer[..<end.lowerBound], as: UTF8.self).split(separator: "\r\n").first ?? ""
        status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0
        buffer = Data(buffer[end.upperBound...])
        if status != 200 {
            while readMore() {}
            refusal = buffer
        }
    }

    deinit { Glibc.close(fd) }

    /// Reads frames until `stop` is true for one (returned last), the server ends the stream, or the socket's timeout.
    func frames(until stop: (Frame) -> Bool) -> [Frame] {
        var got: [Frame] = []
        while true {
            while let range = buffer.range(of: Data("\n\n".utf8)) {
                let block = String(decoding: buffer[buffer.startIndex..<range.lowerBound], as: UTF8.self)
                buffer = Data(buffer[range.upperBound...])
                var frame = Frame(data: "")
                var isEvent = false
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("id: ") { frame.id = Int64(line.dropFirst(4)); isEvent = true }
                    if line.hasPrefix("event: ") { frame.event = String(line.dropFirst(7)); isEvent = true }
                    if line.hasPrefix("data: ") { frame.data += line.dropFirst(6); isEvent = true }
                }
                guard isEvent else { continue }   // comments (": connected", heartbeats) and `retry:`
                got.append(frame)
                if stop(frame) { return got }
            }
            guard readMore() else { return got }
        }
    }

    /// Frames until the server ends the stream (or the timeout).
    func framesUntilEnd() -> [Frame] { frames { _ in false } }

    private func readMore() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = recv(fd, &chunk, chunk.count, 0)
        if n == 0 { ended = true }
        guard n > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }
}
