import ClubhouseDomain
import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData
#if canImport(Glibc)
import Glibc
#endif

/// Event streams on plain HTTP write their own sockets once libmicrohttpd has sent the head (`EventStream`): these
/// read such a stream off a bare HTTP/1.1 socket and check what is on the wire — valid chunks throughout, every event
/// once and in order, also when the client reads slowly and the socket's buffer fills, and the body's last chunk when
/// the server ends the stream.
@Suite("Server: streams that write their own sockets") struct ServerStreamWritesTests {
    /// A chunked body, decoded as it arrives; fails on anything that isn't a chunk.
    struct Chunks {
        var raw: [UInt8] = []
        var body: [UInt8] = []
        var ended = false
        var malformed: String?

        /// Takes every whole chunk in `raw`.
        mutating func decode() {
            while !ended, malformed == nil, let lineEnd = Self.crlf(in: raw, from: 0) {
                let sizeText = String(decoding: raw[0..<lineEnd], as: UTF8.self)
                guard let size = Int(sizeText, radix: 16) else { malformed = "chunk size '\(sizeText)'"; return }
                let need = lineEnd + 2 + size + 2
                guard raw.count >= need else { return }
                guard raw[need - 2] == 13, raw[need - 1] == 10 else { malformed = "chunk of \(size) not ended by CR LF"; return }
                if size == 0 { ended = true } else { body += raw[(lineEnd + 2)..<(lineEnd + 2 + size)] }
                raw.removeFirst(need)
            }
        }

        static func crlf(in bytes: [UInt8], from: Int) -> Int? {
            var i = from
            while i + 1 < bytes.count {
                if bytes[i] == 13, bytes[i + 1] == 10 { return i }
                i += 1
            }
            return nil
        }

        var text: String { String(decoding: body, as: UTF8.self) }

        /// The events' payloads in the body so far.
        var payloads: [String] {
            String(decoding: body, as: UTF8.self).components(separatedBy: "\n").filter { $0.hasPrefix("data: ") }
                .compactMap { try? JSONDecoder().decode(LeagueEvent.self, from: Data($0.dropFirst(6).utf8)).payload }
        }
    }

    /// Opens an HTTP/1.1 event stream with a small receive buffer; the socket and what followed the answer's head.
    static func open(port: UInt16, path: String) throws -> (Int32, [UInt8], String) {
        let fd = try #require(RawHTTP(port: port).connect(timeoutSeconds: 60))
        // Small: the client's socket fills after a few events (the kernel keeps at least its minimum).
        var small: Int32 = 4096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        try #require(RawHTTP.send(fd, Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".utf8)))
        var got: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while got.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
            let n = recv(fd, &buffer, buffer.count, 0)
            try #require(n > 0, "the answer's head")
            got += buffer[0..<n]
        }
        let end = try #require(got.firstRange(of: Array("\r\n\r\n".utf8)))
        return (fd, Array(got[end.upperBound...]), String(decoding: got[..<end.lowerBound], as: UTF8.self))
    }

    /// Reads into `chunks` until `done` holds, the stream ends, or the socket's timeout.
    static func read(_ fd: Int32, into chunks: inout Chunks, until done: (Chunks) -> Bool) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        chunks.decode()
        while !done(chunks), !chunks.ended, chunks.malformed == nil {
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { return }
            chunks.raw += buffer[0..<n]
            chunks.decode()
        }
    }

    @Test func aSlowReaderGetsEveryEventInValidChunksAndTheLastChunkWhenTheServerStops() async throws {
        let world = try ContractTransport.$current.withValue(.remote) { try ContractWorld() }
        let server = try #require(world.server)
        let league = LeagueID(3)
        let port = server.port
        let (fd, rest, head) = try await io { Result { try Self.open(port: port, path: "/v1/events?league=3") } }.get()
        defer { close(fd) }
        #expect(head.hasPrefix("HTTP/1.1 200") && head.lowercased().contains("transfer-encoding: chunked"), "\(head)")
        #expect(await Wait.until(.seconds(60)) { server.openStreams == 1 })

        // 200 events of 2 KB while the client reads nothing: far more than its socket takes, so the stream's writes
        // stop part-way and wait for room (and the follower never waits on them).
        let filler = String(repeating: "x", count: 2_000)
        for n in 1...200 { try EventLog.append(world.database, league: league, kind: .chat, payload: #"{"n":\#(n),"f":"\#(filler)"}"#) }
        let expected = (1...200).map { #"{"n":\#($0),"f":"\#(filler)"}"# }
        var chunks = Chunks(raw: rest)
        let read = await io { [chunks] in
            var c = chunks
            Self.read(fd, into: &c) { $0.payloads.count >= 200 }
            return c
        }
        chunks = read
        #expect(chunks.malformed == nil, "every write is a whole chunk: \(chunks.malformed ?? "")")
        #expect(chunks.payloads == expected, "every event once, in order (\(chunks.payloads.count) of 200)")
        #expect(chunks.text.hasPrefix("retry: 2000\n: connected\n\n"), "what went through libmicrohttpd first")

        await server.stop()
        let last = await io { [chunks] in
            var c = chunks
            Self.read(fd, into: &c) { _ in false }
            return c
        }
        #expect(last.ended && last.malformed == nil, "the body's last chunk (0) after the stream's own writes")
    }
}
