import ClubhouseData
import Foundation
import Testing
@testable import ClubhouseRemote

/// Season downloads over `https://` go through the client every remote call uses (our sockets and GnuTLS, not
/// URLSession): a file served by `openssl s_server` with a certificate from a test CA arrives whole when that CA is
/// trusted, and is refused with the client's own sentence when it isn't. The first test also holds the client to a
/// TLS 1.3 server built on OpenSSL (as nginx is): its session tickets after the handshake made GnuTLS answer "again"
/// at once, which the client took for a timeout before any byte of the answer arrived.
@Suite("Season downloads: https on the one client", .serialized) struct SeasonDownloadTLSTests {
    /// A CA, a certificate for 127.0.0.1 signed by it, and `openssl s_server -WWW` serving `folder`'s files on `port`.
    final class TLSFileServer {
        let folder: URL
        private(set) var port = 0
        private(set) var process = Process()

        init(files: [String: String]) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-files-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
            let script = """
            set -e
            cd "$1"
            openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout ca.key -out ca.pem -days 2 -subj "/CN=Test CA" 2>/dev/null
            openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout server.key -out server.csr -subj "/CN=127.0.0.1" 2>/dev/null
            printf 'subjectAltName=IP:127.0.0.1\\n' > server.ext
            openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile server.ext 2>/dev/null
            """
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", script, "sh", folder.path]
            try shell.run()
            shell.waitUntilExit()
            try #require(shell.terminationStatus == 0, "openssl could not make the test certificates")
            // A free port can be taken by another process between the look and s_server's bind (three test processes
            // run side by side): s_server then exits at once, so a new port is tried, up to five times.
            var listening = false
            for _ in 0..<5 where !listening {
                if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
                process = Process()
                port = 0
                for _ in 0..<20 {
                    let candidate = Int.random(in: 20_000...60_000)
                    if PlainSocket.connect(host: "127.0.0.1", port: candidate, timeout: 0.2).map({ close($0) }) == nil { port = candidate; break }
                }
                process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
                process.arguments = ["s_server", "-accept", "127.0.0.1:\(port)", "-cert", "server.pem", "-key", "server.key", "-WWW", "-quiet"]
                process.currentDirectoryURL = folder
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                let started = process
                _ = Wait.blockingUntil(.seconds(60), every: .milliseconds(50)) {
                    listening = PlainSocket.connect(host: "127.0.0.1", port: self.port, timeout: 0.2).map { close($0) } != nil
                    return listening || !started.isRunning
                }
            }
            try #require(listening, "openssl s_server never listened")
        }

        var ca: String { folder.appendingPathComponent("ca.pem").path }
        func url(_ name: String) -> URL { URL(string: "https://127.0.0.1:\(port)/\(name)")! }

        deinit {
            // SIGKILL: a child started from the test process inherits its blocked signals, SIGTERM among them.
            if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
            try? FileManager.default.removeItem(at: folder)
        }
    }

    func get(_ url: URL, trust: TLSTrust, to part: URL) throws -> HTTPDownload.Outcome {
        var download = HTTPDownload(url: url, headers: [:], idleTimeout: 10)
        download.trust = trust
        download.deadline = Date().addingTimeInterval(60)
        return try download.run(to: part, resumeAt: 0) { _ in }
    }

    @Test func aFileSignedByATrustedCAArrivesWhole() throws {
        let csv = "player_id,week,fantasy_points\n" + (1...2_000).map { "00-\($0),\($0 % 17 + 1),\(Double($0) / 10)" }.joined(separator: "\n") + "\n"
        let server = try TLSFileServer(files: ["stats.csv": csv])
        let part = server.folder.appendingPathComponent("stats.csv.part")
        let outcome = try get(server.url("stats.csv"), trust: try TLSTrust(caFile: server.ca), to: part)
        guard case .complete = outcome else { Issue.record("not complete: \(outcome)"); return }
        #expect(try String(contentsOf: part, encoding: .utf8) == csv, "the body, byte for byte, up to where the server closed")
    }

    @Test func aCertificateNoTrustedCASignedIsRefusedWithTheClientsSentence() throws {
        let server = try TLSFileServer(files: ["stats.csv": "a,b\n"])
        let part = server.folder.appendingPathComponent("stats.csv.part")
        do {
            _ = try get(server.url("stats.csv"), trust: .system, to: part)
            Issue.record("an untrusted certificate was accepted")
        } catch let refused as HTTPDownload.Refused {
            #expect(refused.reason.hasPrefix("127.0.0.1: the server's certificate is not trusted"), "\(refused.reason)")
        }
        #expect(!FileManager.default.fileExists(atPath: part.path), "nothing written for a refused answer")
    }
}
