import ClubhouseData
import Foundation
import Synchronization
import Testing
@testable import ClubhouseRemote

/// `season fetch` against mirrors that never finish: a trickle, a 200 without a length that never ends, a size too big
/// for the disk. Each is given up with one sentence naming the file and the limit, within the limit's time.
@Suite("Season downloads: limits") struct SeasonDownloadLimitsTests {
    let dir = TempDir()

    func download(_ server: MirrorServer, _ change: (inout DownloadLimits) -> Void = { _ in }) -> (SeasonDownload.Failure?, TimeInterval) {
        var d = SeasonDownload(base: server.url, directory: URL(fileURLWithPath: dir.file("cache")))
        d.idleTimeout = 5
        change(&d.limits)
        let start = Date()
        do { _ = try d.fetch(season: 2019) { _ in } } catch { return (error, Date().timeIntervalSince(start)) }
        return (nil, Date().timeIntervalSince(start))
    }

    var partFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.file("cache"))) ?? []).filter { $0.hasSuffix(".part") }
    }

    /// A head, then one byte every `every` seconds for at most `for` seconds.
    static func trickle(every: Double, for seconds: Double, length: Int? = 1_000_000) -> @Sendable (String, ([UInt8]) -> Bool, MirrorServer) -> Void {
        { _, send, server in
            _ = send(Array("HTTP/1.1 200 OK\r\n\(length.map { "Content-Length: \($0)\r\n" } ?? "")Connection: close\r\n\r\n".utf8))
            let end = Date().addingTimeInterval(seconds)
            while Date() < end, server.pause(every), send([UInt8(ascii: "a")]) {}
        }
    }

    @Test func aMirrorTricklingABytePerBeatIsGivenUpAfterOneSlowWindow() throws {
        let server = try MirrorServer(serve: Self.trickle(every: 0.2, for: 15))
        defer { server.stop() }
        let (failure, elapsed) = download(server) { $0.slowWindow = 1; $0.slowBytes = 1024 }
        let f = try #require(failure, "a trickle was accepted")
        #expect(f.name == "players.csv")
        #expect(f.reason.contains("under the 1 KiB a download must make every 1 s: given up (run the command again to resume it)"), "\(f)")
        #expect(elapsed < 5, "given up after one slow window, not when the mirror stops (\(elapsed) s)")
    }

    @Test func theWholeFetchHasATimeLimit() throws {
        let server = try MirrorServer(serve: Self.trickle(every: 0.05, for: 15))
        defer { server.stop() }
        let (failure, elapsed) = download(server) { $0.totalTime = 2; $0.slowBytes = 0 }
        let f = try #require(failure, "an endless trickle was accepted")
        #expect(f.description.hasPrefix("players.csv: gave up after 2 s, the most a season fetch may take"), "\(f)")
        #expect(f.reason.hasSuffix("run the command again to resume it"))
        #expect(elapsed < 6, "\(elapsed) s")
    }

    @Test func anEndlessAnswerWithoutALengthStopsAtTheSizeLimitAndIsDeleted() throws {
        let server = try MirrorServer { _, send, _ in
            _ = send(Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8))
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)
            for _ in 0..<1024 where send(chunk) {}   // 64 MiB at most, then the connection ends
        }
        defer { server.stop() }
        let (failure, _) = download(server) { $0.fileBytes = 1 << 20 }
        let f = try #require(failure, "an endless body was accepted")
        #expect(f.description == "players.csv: the download passed 1 MiB, the most a season's file may be "
                + "(a season's play-by-play is about 100 MB): stopped, and the partial file deleted")
        #expect(partFiles.isEmpty, "nothing kept: \(partFiles)")
    }

    @Test func aFileAnnouncedBiggerThanTheLimitIsRefusedBeforeAByteIsWritten() throws {
        let server = try MirrorServer { _, send, _ in
            _ = send(Array("HTTP/1.1 200 OK\r\nContent-Length: \(5 << 30)\r\nConnection: close\r\n\r\nplayer".utf8))
        }
        defer { server.stop() }
        let (failure, _) = download(server)
        let f = try #require(failure)
        #expect(f.description == "players.csv: the server offers 5368709120 bytes, more than the 1 GiB a season's file may be "
                + "(a season's play-by-play is about 100 MB): refused, nothing kept")
        #expect(partFiles.isEmpty)
    }

    @Test func aDownloadNeedsFreeDiskBeforeItStartsAndStopsWhenTheDiskRunsLow() throws {
        let server = try MirrorServer { _, send, _ in
            _ = send(Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8))
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)
            for _ in 0..<128 where send(chunk) {}
        }
        defer { server.stop() }
        let folder = dir.file("cache")
        let (before, _) = download(server) { $0.freeSpace = { _ in 10 << 20 } }
        #expect(before?.description == "players.csv: only 10 MiB free on the disk of \(folder); this download needs 0 bytes and 256 MiB "
                + "to spare: free some space and run the command again", "\(String(describing: before))")
        #expect(partFiles.isEmpty, "nothing written")

        // Enough to start; then the disk fills up under the download.
        let calls = Mutex(0)
        let (during, _) = download(server) { $0.freeSpace = { _ in calls.withLock { $0 += 1; return $0 == 1 ? 1 << 30 : 100 << 20 } } }
        #expect(during?.description.hasPrefix("players.csv: the disk of \(folder) is down to 100 MiB free, under the 256 MiB kept to spare: "
                + "stopped, and the partial file deleted") == true, "\(String(describing: during))")
        #expect(partFiles.isEmpty)
    }

    @Test func aMirrorsLocationHeaderIsEscapedInTheFailure() throws {
        let server = try MirrorServer { _, send, _ in
            _ = send(Array("HTTP/1.1 500 Oops\r\nLocation: \u{1B}]0;pwned\u{07}\u{1B}[2J\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        }
        defer { server.stop() }
        let (failure, _) = download(server)
        let f = try #require(failure)
        #expect(!f.description.unicodeScalars.contains { $0.value < 0x20 }, "\(f.description.debugDescription)")
        #expect(f.description == #"players.csv: the server answered 500 (Location: "\u{1B}]0;pwned\u{7}\u{1B}[2J")"#)
    }
}
