import ClubhouseData
import Foundation
import Testing

/// `clubhouse serve` beyond loopback: plain HTTP only when the operator says so (`--allow-plain-http`); a certificate
/// that isn't valid now is served with a warning; a directory given as the certificate is said plainly; libmicrohttpd's
/// and GnuTLS's own lines reach the log as JSON.
@Suite(.serialized) struct ServePlainHTTPTests {
    @Test func plainHTTPOnAPublicAddressNeedsTheOperatorsWord() throws {
        for address in ["0.0.0.0:1", "192.0.2.7:1"] {
            let r = try Binary.run(["serve", "--listen", address, "--database", "/dev/null/league.sqlite"])
            #expect(r.status == 2, "\(r.err)")
            #expect(r.err.contains("is not a loopback address") && r.err.contains("--allow-plain-http"), "\(r.err)")
        }
        // Loopback needs no word: it goes on to the database (one that can't be made, so nothing starts).
        let loopback = try Binary.run(["serve", "--listen", "127.0.0.1:1", "--database", "/dev/null/league.sqlite"])
        #expect(loopback.status == 1 && !loopback.err.contains("loopback"), "\(loopback.err)")

        // With the flag it serves on every interface.
        let home = try TemporaryHome()
        let log = home.url.appendingPathComponent("serve.log")
        func output() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        // On a fresh port, once it listens; on a new one when another process took the port first (see Ports).
        let (process, port) = try Ports.startServe(arguments: { port in
            ["serve", "--listen", "0.0.0.0:\(port)", "--allow-plain-http", "--database", home.url.appendingPathComponent("l.sqlite").path]
        }, environment: home.environment, log: log)
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        #expect(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { output().contains("Clubhouse league server on http://0.0.0.0:\(port)") },
                "\(output())")
    }

    @Test func aDirectoryAsTheCertificateIsSaidPlainly() throws {
        let certs = try TestCertificates()
        let r = try Binary.run(["serve", "--listen", "127.0.0.1:1", "--database", "/dev/null/league.sqlite",
                                "--tls-cert", certs.directory.path, "--tls-key", certs.key("good")])
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains("is a directory") && !r.err.contains("ioctl"), "\(r.err)")
    }

    /// An expired certificate: the server starts (a renewal and SIGHUP fix it) but says so on standard error and in
    /// the log; a failed handshake's line from the TLS library is a JSON log line, never raw text.
    @Test(.timeLimit(.minutes(5))) func anExpiredCertificateIsServedWithAWarningAndLibraryLinesAreJSON() throws {
        let certs = try TestCertificates()
        let home = try TemporaryHome()
        let key = home.url.appendingPathComponent("expired.key").path
        try FileManager.default.copyItem(atPath: certs.key("expired"), toPath: key)
        chmod(key, 0o600)
        let server = try RemoteDraftTests.Server.start(database: home.url.appendingPathComponent("league.sqlite").path, home: home,
                                                       arguments: ["--tls-cert", certs.cert("expired"), "--tls-key", key])
        let port = server.port
        try #require(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { server.output.contains("Clubhouse league server on https://") },
                     "\(server.output)")
        #expect(server.output.contains("clubhouse serve: warning: the TLS certificate") && server.output.contains("expired on"), "\(server.output)")
        // Log lines are written in batches (LineLog, within 20 ms), so wait for the line rather than look once.
        #expect(Wait.blockingUntil(.seconds(10), every: .milliseconds(50)) { server.output.contains("\"event\":\"tls.certificate_not_valid\"") }, "\(server.output)")
        // The logger is set before every other option, so libmicrohttpd has nothing to complain of at the start.
        #expect(!server.output.contains("http.library"), "\(server.output)")

        // Plain HTTP and TLS 1.1 at the TLS port: handshakes that fail, which libmicrohttpd reports.
        _ = try TestCertificates.shell("curl -sS --max-time 5 \"http://127.0.0.1:$1/healthz\"", String(port))
        _ = try TestCertificates.shell("openssl s_client -tls1_1 -connect 127.0.0.1:$1 </dev/null 2>&1", String(port))
        #expect(Wait.blockingUntil(.seconds(10), every: .milliseconds(100)) { server.output.contains("\"event\":\"http.library\"") }, "\(server.output)")
        #expect(server.stop() == 0)
        let plain = ["Clubhouse league server on", "Setting up", "clubhouse serve: warning:"]
        for line in server.output.split(separator: "\n") where !plain.contains(where: { line.hasPrefix($0) }) {
            #expect(line.hasPrefix("{") && (try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "a raw log line: \(line)")
        }
    }
}
