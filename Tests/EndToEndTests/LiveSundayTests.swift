import Foundation
import Testing

/// A fresh start, the mid-season league's live matchup, and its score moves on its own: the demo league's season
/// clock runs at 10× from the middle of its Sunday, and the page follows each step with no key pressed.
@Suite(.serialized) struct LiveSundayTests {
    /// Both sides' live points on the totals row ("Bytes (6-2)   proj 90.6  31.7   End Zone Elite (3-5)   proj 80.1  26.4").
    static func totals(_ screen: String) -> [String]? {
        guard let line = screen.split(separator: "\n").first(where: { $0.contains("proj ") }) else { return nil }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "│" })
        var out: [String] = []
        for (i, w) in words.enumerated() where i > 0 && words[i - 1] != "proj" && w.contains(".") && Double(w) != nil { out.append(String(w)) }
        return out.count == 2 ? out : nil
    }

    @Test func theLiveMatchupScoreChangesWithNoKeyPressed() throws {
        let home = try TemporaryHome()
        let tmux = try Tmux(command: "\(Binary.path); echo exit=$?; sleep 30", width: 160, height: 48, environment: home.environment)
        let start = try tmux.waitFor("Public leagues (", timeout: 180)
        #expect(start.matched, "Home never appeared:\n\(start.screen)")
        let rows = start.screen.split(separator: "\n").map(String.init)
        let sheetRows = rows.drop { !$0.contains("Public leagues") }.dropFirst(2)
        let index = try #require(sheetRows.firstIndex { $0.contains("Gridiron Greats") }) - sheetRows.startIndex
        for _ in 0..<index { try tmux.send("j") }
        try tmux.send("Enter")
        #expect(try tmux.waitForLoaded("Home › Gridiron Greats").matched)
        try tmux.send("w")
        #expect(try tmux.waitForLoaded("› Week 9").matched)
        try tmux.send("Enter")
        let opened = try tmux.waitFor(timeout: 30) { $0.contains("● live") && Self.totals($0) != nil }
        #expect(opened.matched, "live matchup did not open:\n\(opened.screen)")
        let first = try #require(Self.totals(opened.screen), "\(opened.screen)")
        #expect(opened.screen.contains("Scoring plays"))
        // No key from here on: the clock runs at 10×, so within two real minutes (20 of game clock) a play scores.
        let moved = try tmux.waitFor(timeout: 150) { screen in Self.totals(screen).map { $0 != first } ?? false }
        #expect(moved.matched, "the score stayed at \(first):\n\(moved.screen)")
        try tmux.send("Tab")
        try tmux.send("q")
        #expect(try tmux.waitFor("exit=0", timeout: 20).matched)
    }
}
