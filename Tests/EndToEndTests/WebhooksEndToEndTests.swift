import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// Webhooks against the real `clubhouse serve` and a local HTTPS receiver (Python's http.server over TLS, its
/// certificate signed by a CA made at test time and given with `--webhook-ca`), allowed by `--webhook-allow 127.0.0.0/8`:
/// an all-bot draft's picks are posted to a `json` hook while the receiver is up, down for a while, and up again; every
/// pick arrives exactly once, in the draft's order, signed with the hook's secret. The same URL on a server without
/// the flag is refused with a sentence, and 169.254.169.254 even with it. The hook is added, and its delivery log read,
/// on the Commissioner page of the app in tmux, as its commissioner would.
@Suite(.serialized) struct WebhooksEndToEndTests {
    static let receiverScript = """
    import base64, http.server, json, ssl, sys
    port, cert, key, out = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    class Hook(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            line = {"signature": self.headers.get("X-Clubhouse-Signature"), "timestamp": self.headers.get("X-Clubhouse-Timestamp"),
                    "body": base64.b64encode(body).decode()}
            with open(out, "a") as f:
                f.write(json.dumps(line) + "\\n")
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
        def log_message(self, *args):
            pass
    server = http.server.HTTPServer(("127.0.0.1", port), Hook)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    server.serve_forever()
    """

    /// The receiver on `port` (the hook's URL names it), appending each post to `out`; killed when the returned process
    /// is. `held` holds the port until it listens (see `Ports`); if it was taken all the same, it is tried until it frees.
    static func receiver(port: Int, holding held: Ports.Hold?, certs: TestCertificates, out: String) throws -> Process {
        let script = certs.directory.appendingPathComponent("receiver.py").path
        try receiverScript.write(toFile: script, atomically: true, encoding: .utf8)
        let errors = certs.directory.appendingPathComponent("receiver.err")
        return try Ports.restart(on: port, holding: held) { port in
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            p.arguments = [script, String(port), certs.cert("good"), certs.key("good"), out]
            p.standardInput = Pipe()
            p.standardError = try FileHandle(forWritingTo: errors)
            try p.run()
            let up = Wait.blockingUntil(.seconds(20), every: .milliseconds(100)) {
                (try? TestCertificates.shell("openssl s_client -connect 127.0.0.1:$1 </dev/null", String(port)).status) == 0 || !p.isRunning
            }
            let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            if !p.isRunning, Ports.saysPortTaken(said) { return .lostPort(said) }
            guard up, p.isRunning else {
                Self.stop(p)
                throw TestCertificates.Failure(message: "the receiver never listened on \(port):\n\(said)")
            }
            return .started(p)
        }
    }

    static func stop(_ p: Process) { kill(p.processIdentifier, SIGKILL); p.waitUntilExit() }

    /// The posts `out` holds: each body's bytes, signature and timestamp.
    static func received(_ out: String) -> [(body: Data, signature: String, timestamp: String)] {
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let body = (o["body"] as? String).flatMap({ Data(base64Encoded: $0) }) else { return nil }
            return (body, o["signature"] as? String ?? "", o["timestamp"] as? String ?? "")
        }
    }

    @Test(.timeLimit(.minutes(10))) func everyPickArrivesOnceInOrderSignedThoughTheReceiverWasDownAWhile() throws {
        let certs = try TestCertificates()
        let home = try TemporaryHome()
        let database = home.url.appendingPathComponent("league.sqlite").path
        let server = try RemoteDraftTests.Server.start(database: database, home: home,
                                                       arguments: ["--webhook-allow", "127.0.0.0/8", "--webhook-ca", certs.ca, "--webhook-retry-base", "0.2"])
        let port = server.port
        // The receiver's port is in the hook's URL: held (see Ports) until the receiver listens, and while it is down.
        var hookHold: Ports.Hold? = try Ports.Hold.fresh()
        let hookPort = hookHold!.port
        try #require(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { server.output.contains("Clubhouse league server on") }, "\(server.output)")
        let base = "http://127.0.0.1:\(port)"
        typealias Call = AuctionBotsEndToEndTests
        let session = try #require(try Call.call("POST", base + "/v1/sessions", token: nil,
                                                 json: Call.json(["email": "alice@demo.clubhouse", "password": "clubhouse-demo"])) as? [String: Any])
        let token = try #require(session["token"] as? String, "\(session)")
        let slots = try JSONSerialization.jsonObject(with: JSONEncoder().encode([Slot.qb: 1, .rb: 1, .wr: 1, .te: 0, .flex: 0, .k: 0, .def: 0, .bench: 0, .ir: 0]))
        let made = try #require(try Call.call("POST", base + "/v1/leagues", token: token,
                                              json: Call.json(["name": "Hooked Draft", "teamName": "Alice's Absent Team",
                                                               "settings": ["teamCount": 4, "rosterSlots": slots]])) as? [String: Any])
        let league = try #require(made["league"] as? Int, "the league was refused: \(made)")
        let board = try #require(try Call.call("GET", base + "/v1/leagues/\(league)/draft", token: token) as? [String: Any])
        let mine = try #require((board["capabilities"] as? [String: Any])?["myTeam"] as? Int, "\(board)")
        _ = try Call.call("PUT", base + "/v1/leagues/\(league)/teams/\(mine)/autopick", token: token, json: #"{"on": true}"#)

        // Refused: the metadata address even with the flag; the same receiver on a server without it.
        let hookURL = "https://127.0.0.1:\(hookPort)/hook"
        let metadata = try Call.call("POST", base + "/v1/leagues/\(league)/webhooks", token: token,
                                     json: Call.json(["url": "https://169.254.169.254/latest", "kinds": ["draft"], "format": "json"])) as? [String: Any]
        #expect(((metadata?["error"] as? [String: Any])?["message"] as? String)?.contains("Webhooks can't post to 169.254.169.254, the cloud metadata address") == true, "\(String(describing: metadata))")
        let plain = try RemoteDraftTests.Server.start(database: database, home: home)
        let plainPort = plain.port
        try #require(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { plain.output.contains("Clubhouse league server on") }, "\(plain.output)")
        let refused = try Call.call("POST", "http://127.0.0.1:\(plainPort)/v1/leagues/\(league)/webhooks", token: token,
                                    json: Call.json(["url": hookURL, "kinds": ["draft"], "format": "json"])) as? [String: Any]
        #expect((refused?["error"] as? [String: Any])?["message"] as? String
                == "Webhooks can't post to 127.0.0.1, a loopback address; the server's operator can allow it with serve --webhook-allow.",
                "\(String(describing: refused))")
        #expect(plain.stop() == 0)

        // Alice adds the hook from the Commissioner page (C, 5, n) in her own terminal on the server; its secret shows once.
        let aliceHome = try TemporaryHome()
        let app = try Tmux(command: "\(Binary.path) --server \(base); echo exit=$?; sleep 60", width: 120, height: 40,
                           environment: aliceHome.environment)
        try #require(try app.waitFor("Public leagues (", timeout: 60).matched)
        try SharedLeague.signIn(app, demo: "alice@demo.clubhouse", name: "Alice Moreno")
        try RemoteDraftTests.openLeague(app, named: "Hooked Draft")
        try app.send("C")
        #expect(try app.waitForLoaded("4 Season clock").matched)
        try app.send("5")
        #expect(try app.waitForLoaded("No webhooks yet").matched)
        try app.send("n")
        #expect(try app.waitFor("New webhook").matched)
        try app.type(hookURL); try app.send("Tab"); try app.type("json"); try app.send("Tab"); try app.type("draft"); try app.send("Enter")
        let added = try app.waitFor(timeout: 20) { $0.contains("its secret:") }
        let secretLine = added.screen.split(separator: "\n").first { $0.contains("its secret:") }.map(String.init) ?? ""
        let secret = try #require(secretLine.components(separatedBy: "its secret:").last?
            .trimmingCharacters(in: CharacterSet(charactersIn: " │")), "\(added.screen)")
        #expect(!secret.isEmpty && added.screen.contains("127.0.0.1:\(hookPort)/hook") && added.screen.contains(" json "), "\(added.screen)")
        let out = certs.directory.appendingPathComponent("received.jsonl").path
        var receiver = try Self.receiver(port: hookPort, holding: hookHold, certs: certs, out: out)
        hookHold = nil
        defer { Self.stop(receiver) }

        func draftLines() -> [Int] {
            let feed = (try? Call.call("GET", base + "/v1/leagues/\(league)/activity?kind=draft&limit=200", token: token)) as? [String: Any]
            return ((feed?["lines"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int }.reversed()
        }
        _ = try Call.call("POST", base + "/v1/leagues/\(league)/draft/start", token: token, json: "{}")
        // Up for the first pick, then down while three more are made (and their posts fail), then up again.
        try #require(Wait.blockingUntil(.seconds(120), every: .milliseconds(50)) { !Self.received(out).isEmpty }, "\(server.output.suffix(2000))")
        Self.stop(receiver)
        hookHold = Ports.Hold(port: hookPort)   // refused like a closed port, and no other process's to take
        let downAt = Self.received(out).count
        try #require(Wait.blockingUntil(.seconds(120), every: .milliseconds(100)) {
            draftLines().count >= downAt + 3 && server.output.components(separatedBy: "\"event\":\"webhook.failed\"").count > 3
        }, "\(server.output.suffix(2000))")
        #expect(Self.received(out).count == downAt, "nothing arrived while the receiver was down")
        receiver = try Self.receiver(port: hookPort, holding: hookHold, certs: certs, out: out)
        hookHold = nil

        try #require(Wait.blockingUntil(.seconds(240), every: .milliseconds(200)) {
            let lines = draftLines()
            return lines.count == 12 && Self.received(out).count >= 12
        }, "\(draftLines().count) picks, \(Self.received(out).count) posts\n\(server.output.suffix(2000))")
        let posts = Self.received(out)
        let ids = posts.compactMap { (try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any])?["id"] as? Int }
        #expect(ids == draftLines(), "every pick once, in order")
        for p in posts {
            #expect(p.signature == WebhookPayload.signature(HMACSHA256.mac(key: Array(secret.utf8), message: Array(p.body))))
            #expect(abs((Double(p.timestamp) ?? 0) - Date().timeIntervalSince1970) < 600)
        }
        let first = try #require(posts.first.flatMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] })
        #expect(first["kind"] as? String == "draft" && first["leagueName"] as? String == "Hooked Draft" && first["league"] as? Int == league)
        #expect((first["text"] as? String)?.hasPrefix("Pick 1: ") == true, "\(first)")

        // The failed attempts are in the server's log; the hook's delivery log shows its latest ten, newest first.
        #expect(server.output.contains("attempt 2: couldn't reach 127.0.0.1: connection refused"), "\(server.output.suffix(2000))")
        // A delivery is logged once the receiver's answer is read, which can be after its post arrived: read the log
        // until it has the last one (or a while has passed).
        var listed = try #require(try Call.call("GET", base + "/v1/leagues/\(league)/webhooks", token: token) as? [[String: Any]])
        Wait.blockingUntil(.seconds(20), every: .milliseconds(100)) {
            guard (listed.first?["deliveries"] as? [[String: Any]])?.first?["event"] as? Int != ids.last else { return true }
            listed = ((try? Call.call("GET", base + "/v1/leagues/\(league)/webhooks", token: token)) as? [[String: Any]]) ?? listed
            return false
        }
        let log = (listed.first?["deliveries"] as? [[String: Any]]) ?? []
        #expect(log.count == 10 && log.first?["status"] as? Int == 204 && log.first?["event"] as? Int == ids.last, "\(log)")
        // Alice's page shows the same log (r reads it again after the last post).
        try app.send("r")
        let shown = try app.waitFor(timeout: 20) { $0.contains("Delivery log of #") && $0.contains("#\(ids.last ?? 0) ") && $0.contains("204 OK") }
        #expect(shown.matched, "\(shown.screen)")
        #expect(server.stop() == 0)
    }
}
