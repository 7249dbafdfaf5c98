import Foundation
import Testing
@testable import ClubhouseData
import ClubhouseDomain

@Suite struct SeasonFixtureTests {
    static let mccaffrey = PlayerID("00-0033280")

    @Test func loadsTheBundled2019Season() throws {
        let f = try SeasonFixture.bundled2019()
        #expect(f.players.count == 632)
        #expect(f.teams.count == 32)
        #expect(f.games.count == 256)
        #expect(f.weeklyStats.count == 5694)
        #expect(f.players.filter { $0.position == .def }.count == 32)
        let cmc = f.weeklyStats.filter { $0.playerID == Self.mccaffrey }
        #expect(cmc.map(\.stats.receptions).reduce(0, +) == 116)
        #expect(cmc.map(\.stats.rushingYards).reduce(0, +) == 1387)
        let opener = try #require(f.games.first { $0.id == "2019090500" })
        #expect(opener.kickoff == Date(timeIntervalSince1970: 1_567_729_200))  // 2019-09-06T00:20:00Z
        #expect(opener.awayTeam == "GB" && opener.homeTeam == "CHI" && opener.awayScore == 10)
        #expect(f.teams.first { $0.abbreviation == "CAR" }?.byeWeek == 7)
        #expect(!f.priorSeason.isEmpty && f.priorSeason.allSatisfy { $0.season == 2018 })
    }

    @Test func importsTheSeasonIntoTheDatabase() throws {
        let f = fixture2019
        let db = try migratedMemoryDatabase()
        let counts = try SeasonImporter.importSeason(f, into: db)
        #expect(counts == SeasonImporter.Counts(teams: 32, players: 632, games: 256, weeklyStats: 5694, priorSeasonStats: f.priorSeason.count, plays: 101_776))
        // How long the import takes is a bench figure (make bench: seeding), not a limit asserted here.
        #expect(try SeasonImporter.seededSeason(db) == 2019)

        let store = SeasonReadback(db)
        #expect(try store.read { try $0.players() }.count == 632)
        #expect(try store.read { try $0.nflTeams() }.count == 32)
        #expect(try store.read { try $0.games(season: 2019) }.count == 256)
        #expect(try store.read { try $0.games(season: 2019) }.filter { $0.week == 1 }.count == 16)
        #expect(try db.scalar("SELECT count(*) FROM weekly_stats", as: Int.self) == 5694)
        let log = try store.gameLog(player: Self.mccaffrey, season: 2019)
        #expect(log.map(\.week) == Array(1...6) + Array(8...17))  // bye in week 7
        #expect(log.map(\.stats.receptions).reduce(0, +) == 116)
        #expect(log.reduce(StatLine(), { $0 + $1.stats }).receivingYards == 1005)
        #expect(try db.scalar("SELECT sum(receptions) FROM weekly_stats WHERE player_id = ? AND season = 2019", [Self.mccaffrey], as: Int.self) == 116)

        let week3 = try store.weekStats(season: 2019, week: 3, players: [Self.mccaffrey, "DST-CAR", "nobody"])
        #expect(Set(week3.keys) == [Self.mccaffrey, "DST-CAR"])
        #expect(week3[Self.mccaffrey]?.opponent == "ARI")
        #expect(try store.weekStats(season: 2019, week: 3).count > 250)
        #expect(try store.read { try $0.priorSeasonStats() }.filter { $0.season == 2018 }.count == f.priorSeason.count)

        // Re-importing is an upsert: same counts, no duplicates.
        try SeasonImporter.importSeason(f, into: db)
        #expect(try db.scalar("SELECT count(*) FROM players", as: Int.self) == 632)
        #expect(try db.integrityCheck() == ["ok"])
        #expect(try db.query("PRAGMA foreign_key_check").isEmpty)
    }

    @Test func injuryStatusIsStoredPerPlayer() throws {
        let db = try seededMemoryDatabase()
        let store = SQLiteLeagueStore(database: db)
        let version = try store.read { try $0.seasonDataVersion() }
        try store.write { try $0.setInjuryStatus(.out, for: Self.mccaffrey) }
        #expect(try store.read { try $0.injuries() } == [Self.mccaffrey: .out])
        #expect(try store.read { try $0.seasonDataVersion() } == version + 1, "cached season facts reload")
    }

    @Test func aBadFixtureFileIsReportedByFileAndLine() throws {
        let dir = TempDir()
        let source = try #require(SeasonFixture.bundled2019Directory)
        for name in ["teams.csv", "players.csv", "schedule.csv", "weekly_stats.csv", "prior_season.csv"] {
            try FileManager.default.copyItem(atPath: source.appendingPathComponent(name).path, toPath: dir.file(name))
        }
        var schedule = try String(contentsOfFile: dir.file("schedule.csv"), encoding: .utf8)
        schedule = schedule.replacingOccurrences(of: "2019-09-06T00:20:00Z", with: "Sept 6")
        try schedule.write(toFile: dir.file("schedule.csv"), atomically: true, encoding: .utf8)
        #expect(throws: DataFileError(file: "schedule.csv", line: 2, reason: "kickoff_utc \"Sept 6\" is not an ISO 8601 time")) {
            try SeasonFixture.load(from: URL(fileURLWithPath: dir.path))
        }
    }
}
