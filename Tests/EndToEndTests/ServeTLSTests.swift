import ClubhouseData
import Foundation
import Testing

/// `clubhouse serve --tls-cert FILE --tls-key FILE`: HTTPS from the server itself (certificates made by openssl at test
/// time, read by curl and openssl s_client trusting the test CA), SIGHUP reading a renewed certificate, and the files it
/// refuses before anything starts.
@Suite(.serialized) struct ServeTLSTests {
    /// A certificate/key pair that can't be used is refused at start, before the database is opened, with a sentence.
    @Test func unusableCertificatesAndKeysAreRefusedAtStart() throws {
        let certs = try TestCertificates()
        func serve(_ extra: [String]) throws -> (status: Int32, out: String, err: String) {
            try Binary.run(["serve", "--listen", "127.0.0.1:1", "--database", "/nonexistent/league.sqlite"] + extra)
        }
        // A key its group or others can read: refused as the SSH host secret file is.
        let shared = certs.directory.appendingPathComponent("shared.key").path
        try FileManager.default.copyItem(atPath: certs.key("good"), toPath: shared)
        chmod(shared, 0o644)
        var r = try serve(["--tls-cert", certs.cert("good"), "--tls-key", shared])
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains("the TLS key file \(shared) is readable by others (mode 644); make it private: chmod 600 \(shared)"), "\(r.err)")
        // Another certificate's key.
        r = try serve(["--tls-cert", certs.cert("good"), "--tls-key", certs.key("other-host")])
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains("can't be used: the key is not the certificate's key"), "\(r.err)")
        // Not a certificate at all; a key file that holds a certificate.
        r = try serve(["--tls-cert", certs.key("good"), "--tls-key", certs.key("good")])
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains("the certificate file holds no readable PEM certificate"), "\(r.err)")
        let notAKey = certs.directory.appendingPathComponent("not-a-key.key").path
        try FileManager.default.copyItem(atPath: certs.cert("good"), toPath: notAKey)
        chmod(notAKey, 0o600)
        r = try serve(["--tls-cert", certs.cert("good"), "--tls-key", notAKey])
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains("the key file holds no readable PEM private key"), "\(r.err)")
        // Missing files, and one option without the other.
        r = try serve(["--tls-cert", certs.directory.appendingPathComponent("none.pem").path, "--tls-key", certs.key("good")])
        #expect(r.status == 2 && r.err.contains("can't be read: No such file or directory"), "\(r.err)")
        r = try serve(["--tls-cert", certs.cert("good")])
        #expect(r.status == 2 && r.err.contains("--tls-cert and --tls-key go together"), "\(r.err)")
    }

    /// Over TLS the server answers /healthz, league reads and an event stream to a client that trusts the club's CA,
    /// and refuses TLS below 1.2; SIGHUP swaps in a renewed certificate for new connections, and a reload with a bad
    /// file keeps the certificate served and says why in the log.
    @Test(.timeLimit(.minutes(10))) func servesHTTPSAndReloadsItsCertificateOnSIGHUP() throws {
        let certs = try TestCertificates()
        let home = try TemporaryHome()
        let live = (cert: home.url.appendingPathComponent("fullchain.pem").path, key: home.url.appendingPathComponent("privkey.pem").path)
        func install(_ name: String) throws {
            try? FileManager.default.removeItem(atPath: live.cert)
            try? FileManager.default.removeItem(atPath: live.key)
            try FileManager.default.copyItem(atPath: certs.cert(name), toPath: live.cert)
            try FileManager.default.copyItem(atPath: certs.key(name), toPath: live.key)
            chmod(live.key, 0o600)
        }
        try install("good")
        let server = try RemoteDraftTests.Server.start(database: home.url.appendingPathComponent("league.sqlite").path, home: home,
                                                       arguments: ["--tls-cert", live.cert, "--tls-key", live.key])
        let port = server.port
        let url = "https://127.0.0.1:\(port)"
        // A debug build seeds the demo world first.
        try #require(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { server.output.contains("Clubhouse league server on \(url) ") }, "\(server.output)")

        let health = try TestCertificates.shell("curl -sS --cacert \"$1\" \"$2/healthz\"", certs.ca, url)
        #expect(health.status == 0 && health.output.contains("\"ok\":true"), "\(health.output)")
        let leagues = try TestCertificates.shell("curl -sS --cacert \"$1\" \"$2/v1/leagues\"", certs.ca, "https://localhost:\(port)")
        #expect(leagues.status == 0 && leagues.output.contains("\"name\":"), "\(leagues.output)")
        // Without the CA the certificate is not trusted (curl's exit 60); plain HTTP to the port gets no answer.
        let untrusted = try TestCertificates.shell("curl -sS \"$1/healthz\"", url)
        #expect(untrusted.status == 60, "\(untrusted.output)")
        let plain = try TestCertificates.shell("curl -sS --max-time 5 \"http://127.0.0.1:$1/healthz\"", String(port))
        #expect(plain.status != 0 && !plain.output.contains("\"ok\":true"), "\(plain.output)")
        // TLS 1.1 is refused; TLS 1.3 is spoken.
        let old = try TestCertificates.shell("openssl s_client -tls1_1 -connect 127.0.0.1:$1 </dev/null 2>&1", String(port))
        #expect(!old.output.contains("Cipher is TLS") && !old.output.contains("BEGIN CERTIFICATE"), "\(old.output)")
        let modern = try TestCertificates.shell("openssl s_client -connect 127.0.0.1:$1 </dev/null 2>&1", String(port))
        #expect(modern.output.contains("TLSv1.3"), "\(modern.output)")

        // An event stream (server-sent events) over TLS: it opens and replays the stored events.
        let events = try TestCertificates.shell("curl -sS -N --cacert \"$1\" --max-time 3 -H 'Last-Event-ID: 0' \"$2/v1/events\"", certs.ca, url)
        #expect(events.output.contains(": connected") && events.output.contains("event: league.created"), "\(events.output)")

        // A stream opened before the reload, kept open across it.
        let streamed = home.url.appendingPathComponent("stream.txt").path
        let follower = Process()
        follower.executableURL = URL(fileURLWithPath: "/bin/sh")
        follower.arguments = ["-c", "exec curl -sS -N --cacert \"$1\" --max-time 60 \"$2/v1/events?league=1\" > \"$3\" 2>&1", "sh", certs.ca, url, streamed]
        try follower.run()
        defer { kill(follower.processIdentifier, SIGKILL); follower.waitUntilExit() }   // SIGTERM is blocked in children of the tests
        func streamText() -> String { (try? String(contentsOfFile: streamed, encoding: .utf8)) ?? "" }
        #expect(Wait.blockingUntil(.seconds(20), every: .milliseconds(100)) { streamText().contains(": connected") }, "\(streamText())")

        // SIGHUP after a renewal: new connections see the renewed certificate; the log says so.
        #expect(try TestCertificates.servedSerial(port: port) == (try certs.serial("good")))
        try install("renewed")
        kill(server.process.processIdentifier, SIGHUP)
        let renewed = try certs.serial("renewed")
        #expect(Wait.blockingUntil(.seconds(10), every: .milliseconds(100)) { (try? TestCertificates.servedSerial(port: port)) == renewed }, "\(server.output)")
        // Log lines are written in batches (LineLog, within 20 ms), so wait for the line rather than look once.
        #expect(Wait.blockingUntil(.seconds(10), every: .milliseconds(50)) { server.output.contains("\"event\":\"tls.reloaded\"") }, "\(server.output)")
        // The stream opened before it is still open and still delivers: an event written now reaches it.
        let db = home.url.appendingPathComponent("league.sqlite").path
        let wrote = try TestCertificates.shell(
            "sqlite3 \"$1\" \"INSERT INTO events(league_id, kind, payload, at) VALUES (1, 'draft.chat', '{\\\"after\\\":\\\"reload\\\"}', strftime('%s','now'))\"", db)
        #expect(wrote.status == 0, "\(wrote.output)")
        #expect(Wait.blockingUntil(.seconds(20), every: .milliseconds(100)) { streamText().contains("reload") }, "the stream from before the reload: \(streamText())")
        let stillThere = try TestCertificates.shell("curl -sS --cacert \"$1\" \"$2/healthz\"", certs.ca, url)
        #expect(stillThere.output.contains("\"ok\":true"), "\(stillThere.output)")

        // A bad reload (a half-written certificate file) keeps the renewed certificate and logs one line.
        try Data("-----BEGIN CERTIFICATE-----\n".utf8).write(to: URL(fileURLWithPath: live.cert))
        kill(server.process.processIdentifier, SIGHUP)
        #expect(Wait.blockingUntil(.seconds(10), every: .milliseconds(100)) { server.output.contains("\"event\":\"tls.reload_failed\"") }, "\(server.output)")
        #expect(server.output.contains("the certificate file holds no readable PEM certificate"), "\(server.output)")
        #expect(try TestCertificates.servedSerial(port: port) == renewed)
        #expect(server.stop() == 0, "\(server.output)")
    }
}
