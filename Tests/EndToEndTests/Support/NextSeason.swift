import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// What the stories of a league's next season share (`HistoryEndToEndTests`, `KeeperEndToEndTests`): a crafted 2020 in
/// nflverse's layouts brought in with `clubhouse season import`, and the commissioner's way on the Commissioner page's
/// Season clock tab from wherever the season is to its end and into the next season (`R`, `y`).
enum NextSeason {
    /// A tiny 2020 in nflverse's layouts (as `RenewalContractTests` crafts it): KC and HOU play each other weekly for 17
    /// weeks from September 10, and Patrick Mahomes has lines in weeks 1 and 17. Its players are Mahomes and those of
    /// 2019's players file `alsoPlaying` picks (a keeper league's kept players must play in 2020 too).
    static func write2020(in dir: URL, alsoPlaying: (String) -> Bool = { _ in false }) throws {
        func write(_ name: String, _ text: String) throws { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        func csv(_ header: [String], _ rows: [[String: String]]) -> String {
            ([header.joined(separator: ",")] + rows.map { r in header.map { r[$0] ?? "" }.joined(separator: ",") }).joined(separator: "\n") + "\n"
        }
        func gameID(_ week: Int, _ away: String, _ home: String) -> String { "2020_\(week < 10 ? "0" : "")\(week)_\(away)_\(home)" }
        let players = try ShippedSeason.text("players.csv").components(separatedBy: "\n").filter { !$0.isEmpty }
        let playing = players.dropFirst().filter { line in
            let id = String(line.prefix { $0 != "," })
            return id == "00-0033873" || alsoPlaying(id)
        }
        try write("players.csv", ([players[0]] + playing).joined(separator: "\n") + "\n")
        let gamesHeader = try ShippedSeason.text("games.csv").components(separatedBy: "\n")[0].components(separatedBy: ",")
        let opener = ISO8601.parse("2020-09-10T12:00:00Z")!
        let games = (1...17).map { week -> [String: String] in
            let (away, home) = week.isMultiple(of: 2) ? ("KC", "HOU") : ("HOU", "KC")
            let day = String(ISO8601.format(opener.addingTimeInterval(Double(week - 1) * 7 * 86_400)).prefix(10))
            return ["game_id": gameID(week, away, home), "season": "2020", "game_type": "REG", "week": "\(week)", "gameday": day,
                    "weekday": "Thursday", "gametime": "20:20", "away_team": away, "away_score": "20", "home_team": home, "home_score": "27"]
        }
        try write("games.csv", csv(gamesHeader, games))
        let statsHeader = try ShippedSeason.text("stats_player_week_2019.csv").components(separatedBy: "\n")[0].components(separatedBy: ",")
        let lines = [1, 17].map { week -> [String: String] in
            let (away, home) = week.isMultiple(of: 2) ? ("KC", "HOU") : ("HOU", "KC")
            return ["player_id": "00-0033873", "player_name": "P.Mahomes", "player_display_name": "Patrick Mahomes", "position": "QB",
                    "position_group": "QB", "season": "2020", "week": "\(week)", "season_type": "REG", "game_id": gameID(week, away, home),
                    "team": "KC", "opponent_team": "HOU", "completions": "25", "attempts": "35", "passing_yards": "300", "passing_tds": "3"]
        }
        try write("stats_player_week_2020.csv", csv(statsHeader, lines))
    }

    /// Writes 2020 (as `write2020`) and brings it into the shared database with `clubhouse season import`, as an operator does.
    static func import2020(into shared: SharedLeague, alsoPlaying: (String) -> Bool = { _ in false }) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("next-season-2020-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try write2020(in: dir, alsoPlaying: alsoPlaying)
        let imported = try Binary.run(["season", "import", dir.path, "--database", shared.database], environment: shared.home.environment)
        #expect(imported.status == 0, "\(imported.out)\(imported.err)")
    }

    /// On the commissioner's terminal, from the league's page: the Commissioner page (`C`), its Season clock tab (`4`),
    /// the clock moved to the end of each week left (the tab's last row, `G` `Enter` `y`) until the season is complete,
    /// then `R` and `y`; returns once the next season's league page is open. A season already over is renewed at once.
    static func playToTheEndAndRenew(_ t: Tmux, league: String, season: Int) throws {
        try t.send("C")
        #expect(try t.waitForLoaded("1 Requests").matched)
        try t.send("4")
        let over = "the season is complete", offer = "R renews \(league) into \(season + 1)"
        var screen = try t.waitForLoaded("League clock:").screen
        // Each move finalises a week: 17 at most, however far the season has gone.
        var finished = 0
        for _ in 0..<17 {
            // Past the week just finished: the tab's rows follow the league a moment after the move's summary.
            let ready = try t.waitFor { s in
                !s.contains("Loading") && (s.contains(offer) || s.contains(over) || (Self.number(after: "Advance to the end of week ", in: s) ?? 0) > finished)
            }
            screen = ready.screen
            if screen.contains(offer) || screen.contains(over) { break }
            let week = try #require(Self.number(after: "Advance to the end of week ", in: screen), "no week left to finish:\n\(screen)")
            finished = week
            try t.send("G")
            try t.send("Enter")
            let question = try t.waitFor("y confirm")
            // The question wraps in the sheet: read it as one line.
            let asked = question.screen.replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(asked.contains("week \(week) becomes final"), "the last row moves to the end of week \(week):\n\(question.screen)")
            try t.send("y")
            let moved = try t.waitFor(timeout: 90) { $0.contains("✓ Clock now") && $0.contains("week \(week) final") }
            try #require(moved.matched, "the clock never reached the end of week \(week):\n\(moved.screen)")
            screen = moved.screen
        }
        try #require(screen.contains(offer) || screen.contains(over), "the season never ended:\n\(screen)")
        try t.send("R")
        let ask = try t.waitFor("y confirm")
        #expect(ask.screen.contains("Renew \(league) into the \(season + 1) season?"), "\(ask.screen)")
        try t.send("y")
        let renewed = try t.waitFor(timeout: 30) { $0.contains("renewed from \(season) (< opens it)") }
        try #require(renewed.matched, "the \(season + 1) league's page opens:\n\(renewed.screen)")
    }

    /// The whole number written right after `prefix` on the screen.
    static func number(after prefix: String, in screen: String) -> Int? {
        guard let r = screen.range(of: prefix) else { return nil }
        return Int(String(screen[r.upperBound...].prefix { $0.isNumber }))
    }
}
