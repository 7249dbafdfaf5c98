import Foundation
import Testing
@testable import ClubhouseData
import ClubhouseDomain

/// `clubhouse season import`: nflverse's files of a season into the database, all or nothing, only what changed.
@Suite struct SeasonImportTests {
    static let cmc = PlayerID("00-0033280")
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func fresh() throws -> Database { try migratedMemoryDatabase() }

    func importFolder(_ folder: SeasonFolder, into db: Database, season: Int? = nil) throws -> Result<SeasonImport.Report, DataFileError> {
        try SeasonImport.run(path: folder.path, season: season, into: db, now: Self.now)
    }

    @Test func the2019FilesImportIntoAFreshDatabaseWithTheirCountsAndMcCaffreysPPRTotal() throws {
        let db = try fresh()
        let folder = try SeasonFolder(compressed: true)
        let report = try importFolder(folder, into: db).get()
        let season = try #require(report.seasons.first)
        #expect(report.seasons.count == 1 && season.season == 2019 && season.kind == .full)
        let counts = Dictionary(uniqueKeysWithValues: season.files.map { ($0.file, ($0.rows, $0.imported, $0.skipped)) })
        #expect(counts[.players]! == (600, 600, 0))
        #expect(counts[.games]! == (256, 256, 0))
        #expect(counts[.playerWeek]! == (5500, 5500, 0))
        #expect(counts[.teamWeek]! == (512, 512, 0))
        #expect(counts[.playByPlay]! == (45016, 45016, 0))
        #expect(season.stored.line == "2019  players 600  games 256  player-weeks 5500  plays 45016")

        // McCaffrey's 2019 in PPR, from the imported weekly stats: 471.2 (ClubhouseDomain/README.md, “Scoring”).
        let facts = try SQLiteLeagueStore(database: db).read { try SeasonFacts.load(from: $0, season: 2019) }
        #expect(facts.seasonPoints(Self.cmc, scoring: .preset(.ppr), finalAt: .distantFuture) == Points(hundredths: 47_120))
        let line = facts.gameLog(Self.cmc, finalAt: .distantFuture).reduce(StatLine()) { $0 + $1.stats }
        #expect(line.carries == 287 && line.rushingYards == 1387 && line.rushingTds == 15)
        #expect(line.receptions == 116 && line.receivingYards == 1005 && line.receivingTds == 4)
        #expect(facts.gameLog(Self.cmc, finalAt: .distantFuture).map(\.week) == Array(1...6) + Array(8...17))   // bye in week 7
    }

    @Test func gamesKeepTheSeasonsAbbreviationsAndKickoffsAreConvertedFromEasternToUTC() throws {
        let db = try seededMemoryDatabase()
        let store = SQLiteLeagueStore(database: db)
        let games = try store.read { try $0.games(season: 2019) }
        func game(_ id: String) throws -> Game { try #require(games.first { $0.id == id }) }
        // Thursday 20:20 EDT on 2019-09-05 is 00:20 UTC the next day; after the clocks went back, 13:00 EST is 18:00 UTC.
        #expect(try game("2019_01_GB_CHI").kickoff == ISO8601.parse("2019-09-06T00:20:00Z"))
        #expect(try game("2019_10_DET_CHI").kickoff == ISO8601.parse("2019-11-10T18:00:00Z"))
        #expect(try game("2019_01_GB_CHI").awayScore == 10)
        // The stats and play-by-play say LV; the 2019 Raiders are OAK in the app, as games.csv has them.
        #expect(games.contains { $0.homeTeam == "OAK" } && !games.contains { $0.homeTeam == "LV" || $0.awayTeam == "LV" })
        let teams = try store.read { try $0.nflTeams(season: 2019) }
        #expect(teams.count == 32)
        #expect(teams.first { $0.abbreviation == "OAK" }?.fullName == "Oakland Raiders")
        #expect(teams.first { $0.abbreviation == "CAR" }?.byeWeek == 7)
        #expect(teams.first { $0.abbreviation == "NYJ" }?.byeWeek == 4)
        #expect(try store.read { try $0.weeklyStats(season: 2019) }.contains { $0.playerID == "DST-OAK" && $0.nflTeam == "OAK" })
        #expect(try store.read { try $0.players(season: 2019) }.filter { $0.nflTeam == "OAK" }.count > 10)
    }

    @Test func everyGamesPlaysAddUpToItsBoxScoresBesideTheThreeKnownTwoPointResiduals() throws {
        let db = try seededMemoryDatabase()
        let residuals = try db.query("SELECT game_id, player_id, stat, value FROM plays WHERE quarter IS NULL ORDER BY game_id").map {
            "\(try $0.get("game_id", as: String.self)) \(try $0.get("player_id", as: String.self)) \(try $0.get("stat", as: String.self)) \(try $0.get("value", as: Int.self))"
        }
        // The play feed has three two-point conversions the box scores lack (README of the nflverse data).
        #expect(residuals == ["2019_06_SEA_CLE 00-0030155 receiving_2pt_conversions -1", "2019_16_CIN_MIA 00-0027973 rushing_2pt_conversions -1",
                              "2019_16_GB_MIN 00-0032626 receiving_2pt_conversions -1"])
        // Summed per player and week, the plays (residuals included) are the weekly lines exactly.
        let store = SQLiteLeagueStore(database: db)
        let weekly = try store.read { try $0.weeklyStats(season: 2019) }
        var mismatches = 0
        for week in 1...17 {
            var sums: [PlayerID: StatLine] = [:]
            for p in try store.read({ try $0.plays(season: 2019, week: week) }) {
                sums[p.playerID, default: StatLine()][column: p.stat] = (sums[p.playerID]?[column: p.stat] ?? 0) + p.value
            }
            for w in weekly where w.week == week && (sums[w.playerID] ?? StatLine()) != w.stats { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test func reimportingTheSameFilesChangesNothing() throws {
        let db = try fresh()
        let folder = try SeasonFolder(compressed: true)
        _ = try importFolder(folder, into: db).get()
        let before = try seasonRowCounts(db)
        let again = try importFolder(folder, into: db).get()
        #expect(again.seasons.first?.changes == SeasonImport.Changes())
        #expect(!again.changedAnything)
        #expect(try seasonRowCounts(db) == before, "same rows, same data version: running apps reload nothing")
    }

    @Test func newerFilesOfTheSameSeasonApplyOnlyWhatChanged() throws {
        let db = try fresh()
        let folder = try SeasonFolder()
        _ = try importFolder(folder, into: db).get()
        let version = try seasonRowCounts(db)["version"]!
        // A stat correction: McCaffrey gets one more catch in week 3 (the box score; the play feed unchanged).
        try folder.edit("stats_player_week_2019.csv", where: { $0["player_id"] == Self.cmc.rawValue && $0["week"] == "3" }) {
            $0["receptions"] = String(Int($0["receptions"]!)! + 1)
        }
        let report = try importFolder(folder, into: db).get()
        let changes = try #require(report.seasons.first?.changes)
        #expect(changes.weeklyStats == 1)
        #expect(changes.plays > 0, "the game's plays are rewritten with a residual row for the catch")
        #expect(changes.games == 0 && changes.players == 0 && changes.playerTeams == 0 && changes.teams == 0)
        #expect(report.seasons.first?.changedWeeks == [3])
        #expect(try seasonRowCounts(db)["version"] == version + 1)
        let residual = try db.query("SELECT stat, value FROM plays WHERE quarter IS NULL AND player_id = ?", [Self.cmc])
        #expect(residual.count == 1)
        #expect(try residual.first?.get("stat", as: String.self) == "receptions")
    }

    @Test func aStatsFileOfOneRowCorrectsJustThatLine() throws {
        let db = try seededMemoryDatabase()
        let folder = try SeasonFolder(["stats_player_week_2019.csv"])
        let all = try folder.text("stats_player_week_2019.csv").components(separatedBy: "\n")
        let header = all[0].components(separatedBy: ",")
        var row = try #require(all.first { $0.hasPrefix(Self.cmc.rawValue + ",") && $0.contains(",2019,1,REG,") }).components(separatedBy: ",")
        let receptions = try #require(header.firstIndex(of: "receptions"))
        let before = Int(row[receptions])!
        row[receptions] = String(before + 2)
        try folder.write("stats_player_week_2019.csv", all[0] + "\n" + row.joined(separator: ",") + "\n")
        let lines = try db.scalar("SELECT count(*) FROM weekly_stats", as: Int.self)
        let report = try importFolder(folder, into: db).get()
        #expect(report.seasons.first?.changes.weeklyStats == 1)
        #expect(try db.scalar("SELECT count(*) FROM weekly_stats", as: Int.self) == lines, "the lines the file lacks are kept")
        #expect(try db.scalar("SELECT receptions FROM weekly_stats WHERE player_id = ? AND season = 2019 AND week = 1", [Self.cmc], as: Int.self) == before + 2)
        // His game's plays get a residual row, so the final line is the corrected box score.
        #expect(try db.scalar("SELECT value FROM plays WHERE quarter IS NULL AND player_id = ? AND stat = 'receptions'", [Self.cmc], as: Int.self) == 2)
    }

    @Test func aSeasonCanBeImportedPlayByPlayFirstItsLinesThenTheStatsFiles() throws {
        let db = try fresh()
        let folder = try SeasonFolder()
        try folder.remove("stats_player_week_2019.csv")
        try folder.remove("stats_team_week_2019.csv")
        _ = try importFolder(folder, into: db).get()
        // No stats files yet (nflverse publishes play-by-play first): each game's lines are its plays' sums.
        #expect(try db.scalar("SELECT count(*) FROM weekly_stats WHERE source <> 'pbp'", as: Int.self) == 0)
        #expect(try db.scalar("SELECT count(*) FROM plays WHERE quarter IS NULL", as: Int.self) == 0)
        let fromPlays = try db.scalar("SELECT receptions FROM weekly_stats WHERE player_id = ? AND season = 2019 AND week = 1", [Self.cmc], as: Int.self)
        // Then the stats files: the box scores replace the sums, and the three residual rows appear.
        let full = try SeasonFolder()
        let report = try importFolder(full, into: db).get()
        #expect(report.changedAnything)
        #expect(try db.scalar("SELECT count(*) FROM weekly_stats WHERE source = 'pbp'", as: Int.self) == 0)
        #expect(try db.scalar("SELECT count(*) FROM plays WHERE quarter IS NULL", as: Int.self) == 3)
        #expect(try db.scalar("SELECT receptions FROM weekly_stats WHERE player_id = ? AND season = 2019 AND week = 1", [Self.cmc], as: Int.self) == fromPlays)
        #expect(try db.read { try SeasonInfo.load(2019, session: $0) }?.line == "2019  players 600  games 256  player-weeks 5500  plays 45016")
    }

    @Test func theShipped2018TotalsAreATotalsSeasonThatRanks2019() throws {
        let db = try seededMemoryDatabase()
        let seasons = try SQLiteLeagueStore(database: db).read { try $0.seasons() }
        #expect(seasons.map(\.season) == [2018, 2019])
        #expect(seasons[0].kind == .totals && seasons[0].totals == 456 && !seasons[0].isPlayable)
        let prior = try SQLiteLeagueStore(database: db).read { try $0.priorSeason(before: 2019) }
        #expect(prior.basis == .totals && prior.season == 2018 && prior.rows.count == 456)
        let brady = try #require(prior.rows.first { $0.playerID == "00-0019596" })
        #expect(brady.games == 16 && brady.stats.passingYards == 4355 && brady.stats.passingTds == 29)
        // 2020's rankings would come from 2019's weekly lines, summed.
        let next = try SQLiteLeagueStore(database: db).read { try $0.priorSeason(before: 2020) }
        #expect(next.basis == .weeklyStats && next.rows.first { $0.playerID == Self.cmc }?.stats.receptions == 116)
        #expect(try SQLiteLeagueStore(database: db).read { try $0.priorSeason(before: 2018) }.basis == PriorSeason.Basis.none)
    }

    // MARK: - Refused files: a sentence naming file and line, and nothing written

    enum Break: String, CaseIterable, Sendable {
        case truncatedGzip, truncatedCSV, wrongSeason, wrongScheduleSeason, legacyLayout, badRow, implausibleRow, unknownTeam, unknownScheduleTeam
    }

    /// Breaks a copy of the 2019 files one way; returns the message the import must give.
    func broken(_ kind: Break) throws -> (SeasonFolder, String) {
        switch kind {
        case .truncatedGzip:
            let folder = try SeasonFolder(compressed: true)
            let bytes = try folder.bytes("play_by_play_2019.csv.gz")
            try folder.write("play_by_play_2019.csv.gz", bytes: Array(bytes.prefix(bytes.count / 2)))
            return (folder, "the compressed data stops before its end: the file is truncated (an interrupted download?)")
        case .truncatedCSV:
            let folder = try SeasonFolder()
            // Cut in the middle of line 2,751 (a download that stopped there): no line end, too few fields.
            let lines = try folder.text("stats_player_week_2019.csv").components(separatedBy: "\n")
            try folder.write("stats_player_week_2019.csv", lines[0..<2750].joined(separator: "\n") + "\n" + lines[2750].prefix(30))
            return (folder, "stats_player_week_2019.csv:2751: the file ends in the middle of this row")
        case .wrongSeason:
            let folder = try SeasonFolder()
            try folder.edit("stats_team_week_2019.csv", where: { _ in true }) { $0["season"] = "2018" }
            return (folder, "stats_team_week_2019.csv:2: a row of season 2018: this file is of another season than 2019")
        case .wrongScheduleSeason:
            let folder = try SeasonFolder()
            try folder.edit("games.csv", where: { _ in true }) { $0["season"] = "2018" }
            return (folder, "games.csv:1: no regular-season games of 2019 (it has 2018): this schedule is of another season")
        case .legacyLayout:
            let folder = try SeasonFolder()
            var lines = try folder.text("stats_player_week_2019.csv").components(separatedBy: "\n")
            lines[0] = lines[0].replacingOccurrences(of: "passing_interceptions", with: "interceptions").replacingOccurrences(of: ",team,", with: ",recent_team,")
            try folder.write("stats_player_week_2019.csv", lines.joined(separator: "\n"))
            return (folder, "stats_player_week_2019.csv:1: this header is nflverse's legacy player_stats layout (recent_team, interceptions, …), "
                    + "not the current one: the importer reads stats_player_week_YEAR.csv (release tag stats_player), nflreadr ≥ 1.5's layout")
        case .badRow:
            let folder = try SeasonFolder()
            let lines = try folder.edit("stats_player_week_2019.csv", where: { $0["player_id"] == Self.cmc.rawValue && $0["week"] == "5" }) {
                $0["receptions"] = "-3"
            }
            return (folder, "stats_player_week_2019.csv:\(lines[0]): receptions -3 is negative")
        case .implausibleRow:
            let folder = try SeasonFolder()
            let lines = try folder.edit("stats_player_week_2019.csv", where: { $0["player_id"] == Self.cmc.rawValue && $0["week"] == "5" }) {
                $0["rushing_tds"] = "99"
            }
            return (folder, "stats_player_week_2019.csv:\(lines[0]): rushing_tds 99 is outside 0–50 (the plausible range for one week)")
        case .unknownTeam:
            let folder = try SeasonFolder()
            let lines = try folder.edit("stats_player_week_2019.csv", where: { $0["player_id"] == Self.cmc.rawValue && $0["week"] == "1" }) {
                $0["team"] = "XYZ"
            }
            return (folder, "stats_player_week_2019.csv:\(lines[0]): unknown team abbreviation \"XYZ\" (game 2019_01_LA_CAR is LA at CAR)")
        case .unknownScheduleTeam:
            let folder = try SeasonFolder()
            let lines = try folder.edit("games.csv", where: { $0["game_id"] == "2019_01_GB_CHI" }) { $0["home_team"] = "CHX" }
            return (folder, "games.csv:\(lines[0]): unknown team abbreviation \"CHX\" (2019 had ARI ATL BAL BUF CAR CHI CIN CLE DAL DEN DET GB HOU "
                    + "IND JAX KC LA LAC MIA MIN NE NO NYG NYJ OAK PHI PIT SEA SF TB TEN WAS)")
        }
    }

    @Test(arguments: Break.allCases)
    func aBrokenFileIsRefusedWithItsFileAndLineAndNothingIsWritten(_ kind: Break) throws {
        let db = try seededMemoryDatabase()
        let before = try seasonRowCounts(db)
        let (folder, message) = try broken(kind)
        let result = try importFolder(folder, into: db)
        guard case .failure(let error) = result else { Issue.record("\(kind) was accepted"); return }
        if kind == .truncatedGzip {
            #expect(error.file == "play_by_play_2019.csv.gz" && error.reason == message && error.line > 1)
        } else if kind == .truncatedCSV {
            #expect(error.description.hasPrefix(message) && error.reason.contains("it is truncated (an interrupted download?)"), "\(error)")
        } else {
            #expect(error.description == message)
        }
        #expect(try seasonRowCounts(db) == before, "nothing written")
    }

    @Test func aFolderWithoutTheAskedSeasonSaysWhichItHas() throws {
        let folder = try SeasonFolder(["stats_player_week_2019.csv"])
        let result = try importFolder(folder, into: try fresh(), season: 2020)
        guard case .failure(let error) = result else { Issue.record("accepted"); return }
        #expect(error.reason == "no files of season 2020 (it has 2019)")
    }

    @Test func aStatsFileAloneNeedsItsSeasonsScheduleStored() throws {
        let folder = try SeasonFolder(["stats_player_week_2019.csv"])
        let result = try importFolder(folder, into: try fresh())
        guard case .failure(let error) = result else { Issue.record("accepted"); return }
        #expect(error.reason.hasPrefix("the season 2019 has no schedule"))
        // On a database holding 2019, the same file alone imports (import-stats' job) and changes nothing.
        let seeded = try seededMemoryDatabase()
        let report = try importFolder(folder, into: seeded).get()
        #expect(!report.changedAnything)
    }

    @Test func aFileThatIsntNflversesIsNamedAsSuch() throws {
        let dir = TempDir()
        try "player_id,season,week,receptions\n".write(toFile: dir.file("mine.csv"), atomically: true, encoding: .utf8)
        let result = try SeasonImport.run(path: dir.file("mine.csv"), into: try fresh())
        guard case .failure(let error) = result else { Issue.record("accepted"); return }
        #expect(error.reason.hasPrefix("not an nflverse file name"))
    }
}
