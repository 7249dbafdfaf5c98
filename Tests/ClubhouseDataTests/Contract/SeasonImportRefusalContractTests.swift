import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// A refused season import writes nothing on SQLite or PostgreSQL: each refusal of the limits and season rules is
/// taken inside the import's one transaction (some after the stored season was read), which rolls back.
@Suite("Contract: refused season imports", .bothBackends) struct SeasonImportRefusalContractTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// The season tables' row counts on the world's database.
    func counts(_ world: ContractWorld) throws -> [Int] {
        try ["players", "player_seasons", "games", "weekly_stats", "plays", "season_totals"].map {
            try world.scalar("SELECT count(*) FROM \($0)", as: Int.self) ?? -1
        }
    }

    /// Imports `folder` into a fresh 2020 on the world's database, as `season import` does on either store.
    func importing(_ folder: SeasonFolder, into world: ContractWorld) throws -> DataFileError? {
        let set = try SeasonFileSet.scan(folder.path)
        do {
            switch ContractBackend.current {
            case .sqlite: _ = try world.database.transaction { try SeasonImport.importSeasons(set, only: 2020, session: $0, now: Self.now) }
            case .postgres: _ = try world.postgres!.database.transaction { try SeasonImport.importSeasons(set, only: 2020, session: $0, now: Self.now) }
            }
        } catch let error as DataFileError { return error }
        return nil
    }

    /// The shipped 2019 files relabelled as 2020 (the stats files cut after week 5): a whole-looking season that isn't.
    func season2020(cutAfterWeek5: Bool, editGames: ((inout [String: String]) -> Void)? = nil) throws -> SeasonFolder {
        let folder = try SeasonFolder(["players.csv", "games.csv", "stats_player_week_2019.csv"])
        try folder.edit("games.csv", where: { _ in true }) { row in
            row["season"] = "2020"
            row["game_id"] = row["game_id"]!.replacingOccurrences(of: "2019_", with: "2020_").replacingOccurrences(of: "OAK", with: "LV")
            for k in ["away_team", "home_team"] where row[k] == "OAK" { row[k] = "LV" }
            row["gameday"] = row["gameday"]!.replacingOccurrences(of: "2019-", with: "2020-")
            editGames?(&row)
        }
        let text = try folder.text("stats_player_week_2019.csv")
        let lines = text.components(separatedBy: "\n")
        let week = lines[0].components(separatedBy: ",").firstIndex(of: "week")!
        let kept = lines.dropFirst().filter { !$0.isEmpty && (!cutAfterWeek5 || Int($0.components(separatedBy: ",")[week])! <= 5) }
        try folder.write("stats_player_week_2020.csv", ([lines[0]] + kept).joined(separator: "\n").replacingOccurrences(of: ",2019,", with: ",2020,")
                         .replacingOccurrences(of: "2019_", with: "2020_").replacingOccurrences(of: "_OAK", with: "_LV") + "\n")
        try folder.remove("stats_player_week_2019.csv")
        return folder
    }

    @Test func aSeasonCutAtARowBoundaryWritesNothing() throws {
        let world = try ContractWorld()
        let before = try counts(world)
        let error = try #require(try importing(try season2020(cutAfterWeek5: true), into: world), "a season missing weeks 6–17 imported")
        #expect(error.file == "stats_player_week_2020.csv" && error.reason.hasPrefix("the 2020 season is over, but 16 of its final week's games"), "\(error)")
        #expect(try counts(world) == before)
    }

    @Test func aScheduleWithATeamTwiceAWeekWritesNothing() throws {
        let world = try ContractWorld()
        let before = try counts(world)
        let folder = try season2020(cutAfterWeek5: false) { row in
            if row["game_id"] == "2020_02_MIN_GB" { row["week"] = "1"; row["game_id"] = "2020_01_MIN_GB" }
        }
        let error = try #require(try importing(folder, into: world), "GB twice in week 1 imported")
        #expect(error.reason.contains("plays twice in week 1"), "\(error)")
        #expect(try counts(world) == before)
    }
}
