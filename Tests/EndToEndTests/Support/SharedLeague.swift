import Foundation
import Testing

/// Two (or more) people at their own terminals on one database file: each app its own home (state, settings), the
/// league shared. What several end-to-end stories do with the keyboard, written once.
struct SharedLeague {
    let home: TemporaryHome
    var database: String { home.url.appendingPathComponent("league.sqlite").path }
    /// Each terminal's own home, in the order they were opened (their logs and credentials are read by tests).
    private(set) var homes: [TemporaryHome] = []

    init() throws { home = try TemporaryHome() }

    /// A new terminal (120×40) running the app on the shared database; the first one seeds the demo world.
    mutating func terminal() throws -> Tmux {
        let own = try TemporaryHome()
        homes.append(own)
        let command = "\(Binary.path) --database \(Tmux.shellQuote(database)); echo exit=$?; sleep 60"
        let t = try Tmux(command: command, width: 120, height: 40, environment: own.environment)
        #expect(try t.waitFor("Public leagues (", timeout: homes.count == 1 ? 120 : 60).matched, "the app opens Home")
        return t
    }

    /// Esc followed at once by a key reads as Alt-key: people (and these tests) wait after Esc until the app has
    /// answered it, seen as a screen that has stopped changing (which also puts the next key well past the app's
    /// Esc delay).
    static func escape(_ t: Tmux) throws { try t.send("Escape"); _ = try t.settledScreen() }

    /// Signs a demo person in (`i`, email, password `clubhouse-demo`) and waits for their name on the top bar.
    static func signIn(_ t: Tmux, demo email: String, name: String) throws {
        try t.send("i")
        #expect(try t.waitFor("Sign in to your Clubhouse account").matched)
        try t.type(email); try t.send("Tab"); try t.type("clubhouse-demo"); try t.send("Enter")
        #expect(try t.waitFor("\(name) · ? help", timeout: 30).matched)
    }

    /// Opens a league from Home through the name filter: once the filter is closed (its cursor gone, the list filtered)
    /// and the lists are loaded, Enter opens the league it leaves selected.
    static func open(_ t: Tmux, league name: String) throws {
        try t.send("/"); try t.type(name); try t.send("Enter")
        let filtered = try t.waitFor { $0.contains("/\(name)") && !$0.contains("/\(name)█") && !$0.contains("Loading") }
        #expect(filtered.matched, "the name filter was closed:\n\(filtered.screen)")
        try t.send("Enter")
        #expect(try t.waitForLoaded("Home › \(name)").matched)
    }
}
