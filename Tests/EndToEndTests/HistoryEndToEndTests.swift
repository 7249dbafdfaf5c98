import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// A league's history in the real app: Playoff Push (a demo league, made a keeper league keeping 2) played to the end of
/// 2019 through the use cases on the app's own database file, and a crafted 2020 brought in with `clubhouse season
/// import`; its commissioner signs in, renews it from the Commissioner page (`R`, then `y`), declares a keeper from
/// the new season's roster (`m`, then `space`), walks the seasons with `<` and `>`, opens History (`H`) and sees 2019's
/// champion — the team the database's own playoff results crowned — on the page and on the board.
@Suite(.serialized) struct HistoryEndToEndTests {
    /// A tiny 2020 in nflverse's layouts (as `RenewalContractTests` crafts it): KC and HOU play each other weekly for 17
    /// weeks from September 10, and Patrick Mahomes has lines in weeks 1 and 17.
    static func season2020(in dir: URL) throws {
        func write(_ name: String, _ text: String) throws { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        func csv(_ header: [String], _ rows: [[String: String]]) -> String {
            ([header.joined(separator: ",")] + rows.map { r in header.map { r[$0] ?? "" }.joined(separator: ",") }).joined(separator: "\n") + "\n"
        }
        func gameID(_ week: Int, _ away: String, _ home: String) -> String { "2020_\(week < 10 ? "0" : "")\(week)_\(away)_\(home)" }
        let players = try ShippedSeason.text("players.csv").components(separatedBy: "\n")
        try write("players.csv", ([players[0]] + players.filter { $0.hasPrefix("00-0033873,") }).joined(separator: "\n") + "\n")
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

    @Test(.timeLimit(.minutes(10))) func theCommissionerRenewsWalksTheSeasonsAndSeesTheChampionInHistory() throws {
        var shared = try SharedLeague()
        let t = try shared.terminal()          // seeds the demo world (and the 2019 season) in the shared file
        let db = try Database.open(at: DatabaseLocation(path: shared.database)).database
        let service = LeagueService(store: SQLiteLeagueStore(database: db), accounts: .sodium)
        let old = try #require(try service.store.read { try $0.leagues() }.first { $0.name == "Playoff Push" })
        let commissioner = try #require(old.commissioner)
        let email = try #require(try service.store.read { try $0.user(commissioner) }).email
        // A keeper league: each team may keep 2 of its final roster into the renewed season, at a round's cost.
        try service.store.write { w in
            var keeper = old
            keeper.settings.leagueType = .keeper
            keeper.settings.keeperCount = 2
            try w.updateLeague(keeper)
        }
        // The season played to its end on its own clock (the commissioner's clock control, through the use case).
        _ = try service.season.advanceClock(old.id, to: ISO8601.parse("2020-01-05T12:00:00Z")!, caller: .user(commissioner))
        let detail = try service.leagues.league(old.id, caller: .anonymous)
        let championTeam = try #require(detail.teams.first { $0.id == detail.champion }, "2019 has a champion")
        let champion = "Champions: 2019 \(championTeam.name)" + (championTeam.managerName.map { " (\($0))" } ?? "")
        // 2020 comes in as an operator brings a season in.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("history-2020-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.season2020(in: dir)
        let imported = try Binary.run(["season", "import", dir.path, "--database", shared.database], environment: shared.home.environment)
        #expect(imported.status == 0, "\(imported.out)\(imported.err)")

        // The commissioner signs in, opens the league and renews it from the Commissioner page's Season clock tab.
        let name = try #require(try service.store.read { try $0.user(commissioner) }).displayName
        try SharedLeague.signIn(t, demo: email, name: name)
        try SharedLeague.open(t, league: "Playoff Push")
        try t.send("C")
        #expect(try t.waitForLoaded("1 Requests").matched)
        try t.send("4")
        let offer = try t.waitForLoaded("R renews Playoff Push into 2020")
        #expect(offer.matched, "\(offer.screen)")
        try t.send("R")
        #expect(try t.waitFor("y confirm").matched)
        try t.send("y")
        let renewed = try t.waitFor(timeout: 30) { $0.contains("renewed from 2019 (< opens it)") }
        #expect(renewed.matched, "the 2020 league's page opens:\n\(renewed.screen)")

        // The commissioner's own team in 2020: last season's final roster with each player's cost, the first selected;
        // space keeps him (k moves up, as on every list).
        try t.send("m")
        let keepers = try t.waitForLoaded("0 of 2 from 2019")
        #expect(keepers.matched && keepers.screen.contains("round "), "the keepers' page, with costs:\n\(keepers.screen)")
        try t.send("Space")
        let kept = try t.waitFor { $0.contains("1 of 2 from 2019") && $0.contains("★") }
        #expect(kept.matched, "one kept, starred:\n\(kept.screen)")
        try t.send("Escape")
        #expect(try t.waitFor("renewed from 2019 (< opens it)").matched)

        // < and > walk the chain.
        try t.send("<")
        // The board over 2019 names its champion once it has read the history (a moment after the page).
        let back = try t.waitFor { $0.contains("2019 season — renewed as 2020 (> opens it)") && $0.contains("🏆 " + champion) }
        #expect(back.matched, "2019's page, and the board naming its champion:\n\(back.screen)")
        try t.send(">")
        #expect(try t.waitFor("renewed from 2019 (< opens it)").matched)

        // H opens the history: the champion on the page and the board's champions row.
        let footer = try t.waitFor("H history")
        #expect(footer.matched, "the footer offers it:\n\(footer.screen)")
        try t.send("H")
        let history = try t.waitForLoaded("1 Seasons")
        #expect(history.matched, "\(history.screen)")
        let page = try t.waitFor { $0.contains(champion + " · 2020 running — no champion yet") && $0.contains("🏆 " + champion) }
        #expect(page.matched, "the sheet and the board name \(championTeam.name):\n\(page.screen)")
        try t.send("h")
        let season = try t.waitFor("2019 ▸ · final · 🏆 \(championTeam.name)")
        #expect(season.matched, "\(season.screen)")
        // The all-time table (2) and the head-to-head chooser (3) follow the same chain.
        try t.send("2")
        let allTime = try t.waitFor("All-time, 2 seasons: regular-season games final so far")
        #expect(allTime.matched && allTime.screen.contains(championTeam.name), "\(allTime.screen)")
        try t.send("3")
        let pair = try t.waitFor("a set A · b set B")
        #expect(pair.matched && pair.screen.contains(" vs "), "\(pair.screen)")
    }
}
