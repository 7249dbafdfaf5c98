import Foundation
import Testing

/// A newcomer on a fresh $HOME explores the demo world signed out, with a few keys per step:
/// public leagues → the mid-season league → standings → week 9 → a matchup → a player → back Home → quit.
@Suite(.serialized) struct NewcomerJourneyTests {
    @Test func newcomerBrowsesFromHomeToAPlayerAndBack() throws {
        let home = try TemporaryHome()
        let tmux = try Tmux(command: "\(Binary.path); echo exit=$?; sleep 30", width: 120, height: 40, environment: home.environment)

        // Home: the public leagues of the demo world.
        let start = try tmux.waitFor("Public leagues (", timeout: 120)
        #expect(start.matched, "Home never appeared:\n\(start.screen)")
        for name in ["Gridiron Greats", "Sunday Funday", "Bot Bowl Live", "Champions Circle", "Full House", "Playoff Push"] {
            #expect(start.screen.contains(name), "\(name) missing from Home")
        }
        #expect(!start.screen.contains("Office League"), "the private league is not public")

        // The mid-season league: 3 moves down, enter.
        let rows = start.screen.split(separator: "\n").map(String.init)
        let sheetRows = rows.drop { !$0.contains("Public leagues") }.dropFirst(2)
        let index = try #require(sheetRows.firstIndex { $0.contains("Gridiron Greats") }) - sheetRows.startIndex
        for _ in 0..<index { try tmux.send("j") }
        try tmux.send("Enter")
        let league = try tmux.waitForLoaded("Home › Gridiron Greats")
        #expect(league.matched, "league page did not open:\n\(league.screen)")
        #expect(league.screen.contains("In season"))
        #expect(league.screen.contains("Alice Moreno"), "members listed")

        // Standings: ten teams with records.
        try tmux.send("s")
        let standings = try tmux.waitForLoaded("› Standings")
        #expect(standings.matched, "\(standings.screen)")
        #expect(standings.screen.contains("Blitz Brigade"))
        // Esc pops back to the league (a person pauses between keys; Esc+w at once would be Alt-w).
        try tmux.send("Escape")
        #expect(try tmux.waitFor { !$0.contains("› Standings") }.matched)

        // Week 9's scoreboard, live on the league clock.
        try tmux.send("w")
        let week = try tmux.waitForLoaded("› Week 9")
        #expect(week.matched, "\(week.screen)")
        #expect(week.screen.contains("live"))

        // A matchup: both lineups, starters then bench.
        try tmux.send("Enter")
        // Waits for the whole matchup: the live lines can draw the starters a frame before the bench.
        let matchup = try tmux.waitFor { $0.contains(" vs ") && $0.contains("Bench") && !$0.contains("Loading") }
        #expect(matchup.matched, "\(matchup.screen)")
        // The home side's quarterback: "│ QB   Aaron Rodgers QB   0.0 │ QB   …".
        let qbLine = try #require(matchup.screen.split(separator: "\n").first { $0.hasPrefix("│ QB ") })
        let homeSide = String(qbLine.dropFirst("│ QB ".count).split(separator: "│")[0])
        let qbName = try #require(homeSide.range(of: " QB ").map { String(homeSide[..<$0.lowerBound]) })
            .trimmingCharacters(in: .whitespaces)
        #expect(!qbName.isEmpty)

        // His player page: game log with points under the league's scoring.
        try tmux.send("Enter")
        let player = try tmux.waitForLoaded("Game log")
        #expect(player.matched, "\(player.screen)")
        #expect(player.screen.contains("\(qbName) · QB ·"), "player page is \(qbName)'s:\n\(player.screen)")
        #expect(player.screen.contains("Half-PPR"))
        #expect(player.screen.contains("Rostered by"))

        // Esc all the way back to Home, then quit from the board.
        // Player → matchup → week → league → Home: one Esc per page, each after the last has landed (one more
        // would collapse Home's sheet to peek, as README.md's “Using it” says; a quick double Esc would read as Alt-Esc).
        for _ in 0..<4 {
            let before = try tmux.screen()
            try tmux.send("Escape")
            try tmux.waitFor(timeout: 20) { $0 != before && !$0.contains("Loading") }
        }
        let back = try tmux.waitFor { $0.contains("Public leagues (") && !$0.contains("Home ›") }
        #expect(back.matched, "\(back.screen)")
        try tmux.send("Tab")
        #expect(try tmux.waitFor("q quit").matched, "tab did not focus the board")
        try tmux.send("q")
        #expect(try tmux.waitFor("exit=0").matched)
    }
}
