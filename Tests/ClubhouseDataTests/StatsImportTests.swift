import Foundation
import Testing
@testable import ClubhouseData
import ClubhouseDomain

@Suite struct StatsImportTests {
    static let cmc = "00-0033280"
    static let brady = "00-0019596"

    func seeded() throws -> Database { try seededMemoryDatabase() }

    @Test func importsAGoodFileAndReportsCounts() throws {
        let db = try seeded()
        let csv = """
            player_id,player_name,season,week,recent_team,opponent_team,receptions,receiving_yards,rushing_yards,fantasy_points
            \(Self.cmc),Christian McCaffrey,2020,1,CAR,LV,3,29,96,25.1
            \(Self.cmc),Christian McCaffrey,2020,2,CAR,TB,4,-2,59,17.9
            \(Self.brady),Tom Brady,2020,1,TB,NO,0,0,3,12.3

            """
        let summary = try StatsImport.importCSV(csv, fileName: "mine.csv", into: db).get()
        #expect(summary == StatsImport.Summary(rows: 3, players: 2, weeks: 2, ignoredColumns: ["fantasy_points"]))
        let log = try SeasonReadback(db).gameLog(player: PlayerID(Self.cmc), season: 2020)
        #expect(log.map(\.stats.receivingYards) == [29, -2])
        #expect(log.first?.opponent == "LV")
        #expect(log.first?.stats.passingYards == 0)
    }

    @Test func anUpsertUpdatesOnlyTheColumnsInTheFile() throws {
        let db = try seeded()
        let store = SeasonReadback(db)
        let before = try #require(try store.weekStats(season: 2019, week: 1, players: [PlayerID(Self.cmc)])[PlayerID(Self.cmc)])
        let csv = "player_id,season,week,receptions\r\n\(Self.cmc),2019,1,99\r\n"
        let summary = try StatsImport.importCSV(csv, fileName: "fix.csv", into: db).get()
        #expect(summary.rows == 1 && summary.weeks == 1)
        let after = try #require(try store.weekStats(season: 2019, week: 1, players: [PlayerID(Self.cmc)])[PlayerID(Self.cmc)])
        #expect(after.stats.receptions == 99)
        #expect(after.stats.rushingYards == before.stats.rushingYards)
        #expect(after.opponent == before.opponent && after.nflTeam == before.nflTeam)
        // A new row without team columns gets the player's team.
        _ = try StatsImport.importCSV("player_id,season,week,carries\n\(Self.cmc),2021,3,20\n", fileName: "x.csv", into: db).get()
        #expect(try store.gameLog(player: PlayerID(Self.cmc), season: 2021).first?.nflTeam == "CAR")
    }

    @Test(arguments: [
        ("player_id,season,week,receptions\nnobody,2020,1,3\n", "bad.csv:2: unknown player id \"nobody\""),
        ("player_id,season,week,receptions\n\(cmc),2020,1,3\n\(cmc),20,2,3\n", "bad.csv:3: season \"20\" is not a 4-digit year"),
        ("player_id,season,week,receptions\n\(cmc),2020,19,3\n", "bad.csv:2: week 19 is outside 1–18"),
        ("player_id,season,week,receptions\n\(cmc),2020,0,3\n", "bad.csv:2: week 0 is outside 1–18"),
        ("player_id,season,week,receptions\n\(cmc),2020,1,-3\n", "bad.csv:2: receptions -3 is negative"),
        ("player_id,season,week,receptions\n\(cmc),2020,1,3.5\n", "bad.csv:2: receptions \"3.5\" is not a whole number"),
        ("player_id,season,week,receptions\n\(cmc),2020,1,\n", "bad.csv:2: receptions is empty"),
        ("player_id,season,week,receptions\n\(cmc),2020,1,1\n\(brady),2020,1,1\n\(cmc),2020,1,2\n",
         "bad.csv:4: second row for player \(cmc), season 2020, week 1 (first on line 2)"),
        ("player_id,week,receptions\n\(cmc),1,3\n", "bad.csv:1: missing column \"season\""),
        ("player_id,season,week,fantasy_points\n\(cmc),2020,1,3\n", "bad.csv:1: no stat columns (expected some of: completions, attempts, passing_yards, passing_tds, …)"),
        ("player_id,season,week,receptions\n", "bad.csv:1: no data rows after the header"),
        ("player_id,season,week,receptions\n\(cmc),2020,1,3\n\(cmc),2020,2\n", "bad.csv:3: expected 4 fields, found 3"),
        ("player_id,season,week,season_type,receptions\n\(cmc),2020,19,POST,3\n", "bad.csv:2: week 19 is outside 1–18"),
        ("player_id,season,week,recent_team,receptions\n\(cmc),2020,2,,3\n", "bad.csv:2: recent_team is empty"),
    ])
    func aBadFileIsReportedByLineAndNothingIsImported(csv: String, message: String) throws {
        let db = try playersOnlyDatabase()
        _ = try StatsImport.importCSV("player_id,season,week,receptions\n\(Self.brady),2020,1,1\n", fileName: "ok.csv", into: db).get()
        let before = try db.scalar("SELECT count(*) FROM weekly_stats", as: Int.self)
        let result = try StatsImport.importCSV(csv, fileName: "bad.csv", into: db)
        guard case .failure(let error) = result else { Issue.record("accepted: \(csv)"); return }
        #expect(error.description == message)
        #expect(try db.scalar("SELECT count(*) FROM weekly_stats", as: Int.self) == before)
    }

    @Test func theFirstBadRowStopsAFileWhoseEarlierRowsAreGood() throws {
        let db = try seeded()
        var lines = ["player_id,season,week,receptions"]
        for week in 1...17 { lines.append("\(Self.cmc),2022,\(week),5") }
        lines.append("\(Self.cmc),2022,18,lots")
        let result = try StatsImport.importCSV(lines.joined(separator: "\n"), fileName: "season.csv", into: db)
        guard case .failure(let error) = result else { Issue.record("accepted"); return }
        #expect(error.line == 19)
        #expect(try db.scalar("SELECT count(*) FROM weekly_stats WHERE season = 2022", as: Int.self) == 0)
    }

    @Test func theFixturesOwnWeeklyFileImportsCleanly() throws {
        let db = try seeded()
        let url = try #require(SeasonFixture.bundled2019Directory).appendingPathComponent("weekly_stats.csv")
        let summary = try StatsImport.importFile(atPath: url.path, into: db).get()
        #expect(summary.rows == 5694)
        #expect(summary.weeks == 17)
        #expect(summary.ignoredColumns.isEmpty)
        #expect(try db.scalar("SELECT count(*) FROM weekly_stats", as: Int.self) == 5694)
    }

    @Test func aMissingFileIsAFailureNotACrash() throws {
        let db = try migratedMemoryDatabase()
        let result = try StatsImport.importFile(atPath: "/nonexistent/stats.csv", into: db)
        guard case .failure(let error) = result else { Issue.record("accepted"); return }
        #expect(error.description.hasPrefix("/nonexistent/stats.csv:"))
    }
}
