import Foundation
import Testing

/// The sign-in soft gate in a real terminal: a fresh person presses j on Sunday Funday, creates an account through
/// the gate, and the league page then shows the pending request. (Relaunch with a pending action is covered by the
/// reducer tests over a shared store: GateTests.aPendingActionSurvivesTheAppBeingKilledAndIsOfferedOnLaunch.)
@Suite(.serialized) struct GateEndToEndTests {
    @Test func aFreshPersonJoinsSundayFundayThroughTheGate() throws {
        let home = try TemporaryHome()
        let tmux = try Tmux(command: "\(Binary.path); echo exit=$?; sleep 30", width: 100, height: 30, environment: home.environment)
        #expect(try tmux.waitFor("Public leagues (", timeout: 120).matched)
        try tmux.send("/"); try tmux.type("Sunday Funday"); try tmux.send("Enter")
        try tmux.send("Enter")
        let league = try tmux.waitForLoaded("Home › Sunday Funday")
        #expect(league.matched, "\(league.screen)")
        #expect(league.screen.contains("J asks to join"), "\(league.screen)")

        try tmux.send("J")
        let gate = try tmux.waitFor("Sign in to your Clubhouse account")
        #expect(gate.matched, "\(gate.screen)")
        #expect(gate.screen.contains("join Sunday Funday"))
        let pendingFile = home.url.appendingPathComponent("state/clubhouse/pending-action.json").path
        #expect(try tmux.waitFor { _ in FileManager.default.fileExists(atPath: pendingFile) }.matched, "kept on disk")

        // Create an account instead of signing in.
        try tmux.send("C-n")
        #expect(try tmux.waitFor("Create a Clubhouse account").matched)
        try tmux.type("fresh@example.com"); try tmux.send("Tab")
        try tmux.type("correct horse battery"); try tmux.send("Tab")
        try tmux.type("Frankie")
        let typed = try tmux.waitFor("Frankie")
        #expect(!typed.screen.contains("correct horse battery"), "the password is masked:\n\(typed.screen)")
        try tmux.send("Enter")

        let joined = try tmux.waitFor { $0.contains("Join request sent — waiting for the commissioner") && $0.contains("Home › Sunday Funday") && !$0.contains("Create a Clubhouse") }
        #expect(joined.matched, "\(joined.screen)")
        #expect(joined.screen.contains("Frankie ·"), "the top bar names the person:\n\(joined.screen)")
        #expect(!FileManager.default.fileExists(atPath: pendingFile), "the pending action is cleared")
        let credentials = home.url.appendingPathComponent("state/clubhouse/credentials.json")
        let token = try LogFile.token(inCredentials: credentials)

        // Sign out: the top bar says so again.
        try tmux.send("O")
        #expect(try tmux.waitFor("signed out ·").matched)
        try tmux.send("C-c")
        #expect(try tmux.waitFor("exit=0").matched)

        // The log tells what happened, by ids, and holds none of the secrets typed or issued on the way.
        let log = try LogFile.read(home.url.appendingPathComponent("state/clubhouse/clubhouse.log"))
        for event in ["app.start", "account.created", "write.ok op=requestToJoin", "signOut", "app.exit"] {
            #expect(log.contains(event), "the log records \(event):\n\(log)")
        }
        for secret in ["fresh@example.com", "correct horse battery", token] {
            #expect(!log.contains(secret), "the log must not hold \(secret):\n\(log)")
        }
    }
}

/// Reading the app's log and the device's credentials file in end-to-end tests.
enum LogFile {
    static func read(_ url: URL) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "the log is private to its user")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The session token the app keeps (to check it never reaches a log).
    static func token(inCredentials url: URL) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        func find(_ value: Any) -> String? {
            if let d = value as? [String: Any] {
                if let t = d["token"] as? String { return t }
                return d.values.lazy.compactMap(find).first
            }
            return nil
        }
        return try #require(find(object), "no token in \(url.path)")
    }
}


/// The pending action survives the app being killed on the Sign in page: the next launch offers to finish.
@Suite(.serialized) struct GateRelaunchEndToEndTests {
    @Test func aPendingJoinIsOfferedAgainAfterTheAppIsKilled() throws {
        let home = try TemporaryHome()
        // One shell runs both launches, so the temporary home's environment reaches the second one too.
        let script = "\(Binary.path); echo first=$?; \(Binary.path); echo exit=$?; sleep 30"
        let tmux = try Tmux(command: "sh -c \(Tmux.shellQuote(script))", width: 100, height: 30, environment: home.environment)
        #expect(try tmux.waitFor("Public leagues (", timeout: 120).matched)
        try tmux.send("/"); try tmux.type("Sunday Funday"); try tmux.send("Enter")
        try tmux.send("Enter")
        #expect(try tmux.waitFor("J asks to join").matched)
        try tmux.send("J")
        #expect(try tmux.waitFor("Sign in to your Clubhouse account").matched)
        let pendingFile = home.url.appendingPathComponent("state/clubhouse/pending-action.json").path
        #expect(try tmux.waitFor { _ in FileManager.default.fileExists(atPath: pendingFile) }.matched)
        try tmux.send("C-c")
        let offer = try tmux.waitFor("Finish joining Sunday Funday? y/n", timeout: 60)
        #expect(offer.matched, "\(offer.screen)")
        _ = try tmux.settledScreen()   // the question drawn whole, the app waiting for the answer
        try tmux.send("y")
        let resumed = try tmux.waitFor { $0.contains("Home › Sunday Funday › Sign in") }
        #expect(resumed.matched, "\(resumed.screen)")
        try tmux.send("C-c")
        #expect(try tmux.waitFor("exit=0").matched)
    }
}
