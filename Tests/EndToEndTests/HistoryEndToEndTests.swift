import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// A league's history in the real app: Playoff Push (a demo league) played to the end of 2019 through the use cases on
/// the app's own database file, and a crafted 2020 brought in with `clubhouse season import`; its commissioner signs in,
/// renews it from the Commissioner page (`R`, then `y`), walks the seasons with `<` and `>`, opens History (`H`) and
/// sees 2019's champion — the team the database's own playoff results crowned — on the page and on the board.
@Suite(.serialized) struct HistoryEndToEndTests {
    @Test(.timeLimit(.minutes(10))) func theCommissionerRenewsWalksTheSeasonsAndSeesTheChampionInHistory() throws {
        var shared = try SharedLeague()
        let t = try shared.terminal()          // seeds the demo world (and the 2019 season) in the shared file
        let db = try Database.open(at: DatabaseLocation(path: shared.database)).database
        let service = LeagueService(store: SQLiteLeagueStore(database: db), accounts: .sodium)
        let old = try #require(try service.store.read { try $0.leagues() }.first { $0.name == "Playoff Push" })
        let commissioner = try #require(old.commissioner)
        let email = try #require(try service.store.read { try $0.user(commissioner) }).email
        // The season played to its end on its own clock (the commissioner's clock control, through the use case).
        _ = try service.advanceClock(old.id, to: ISO8601.parse("2020-01-05T12:00:00Z")!, caller: .user(commissioner))
        let detail = try service.league(old.id, caller: .anonymous)
        let championTeam = try #require(detail.teams.first { $0.id == detail.champion }, "2019 has a champion")
        let champion = "Champions: 2019 \(championTeam.name)" + (championTeam.managerName.map { " (\($0))" } ?? "")
        // 2020 comes in as an operator brings a season in.
        try NextSeason.import2020(into: shared)

        // The commissioner signs in, opens the league and renews it from the Commissioner page's Season clock tab.
        let name = try #require(try service.store.read { try $0.user(commissioner) }).displayName
        try SharedLeague.signIn(t, demo: email, name: name)
        try SharedLeague.open(t, league: "Playoff Push")
        try NextSeason.playToTheEndAndRenew(t, league: "Playoff Push", season: 2019)

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
