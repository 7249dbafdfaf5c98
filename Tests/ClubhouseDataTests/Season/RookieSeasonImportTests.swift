import Foundation
import Testing
@testable import ClubhouseData
import ClubhouseDomain

/// Each player's rookie season from players.csv: nflverse's `rookie_season`, else its `draft_year`, stored on `players`
/// by the season import and read back by the store (docs/data.md, “Rookies”). The files are the shipped 2019 season's,
/// its players.csv rewritten in nflverse's own layout (the shipped one has neither column).
@Suite struct RookieSeasonImportTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let cmc = "00-0033280", kelce = "00-0030506", mahomes = "00-0033873", williams = "00-0032945"

    func importFolder(_ folder: SeasonFolder, into db: Database) throws -> Result<SeasonImport.Report, DataFileError> {
        try SeasonImport.run(path: folder.path, into: db, now: Self.now)
    }

    func stored(_ db: Database) throws -> [String: Int] {
        var out: [String: Int] = [:]
        for row in try db.query("SELECT id, rookie_season FROM players WHERE rookie_season IS NOT NULL") {
            out[try row.get("id", as: String.self)] = try row.get("rookie_season", as: Int.self)
        }
        return out
    }

    /// McCaffrey: both columns (2017); Kelce: `draft_year` alone (2013); Williams: `rookie_season` 2018 over a
    /// `draft_year` of 2017 (the column the file names the rookie season wins); Mahomes and everyone else: neither.
    static func fill(_ row: inout [String: String]) {
        switch row["gsis_id"] {
        case cmc: row["rookie_season"] = "2017"; row["draft_year"] = "2017"; row["draft_round"] = "1"
        case kelce: row["draft_year"] = "2013"
        case williams: row["rookie_season"] = "2018"; row["draft_year"] = "2017"
        default: break
        }
    }

    @Test func theImportStoresEachPlayersRookieSeasonElseHisDraftYear() throws {
        let db = try migratedMemoryDatabase()
        let folder = try SeasonFolder()
        try folder.relayoutPlayers(Self.fill)
        _ = try importFolder(folder, into: db).get()
        #expect(try stored(db) == [Self.cmc: 2017, Self.kelce: 2013, Self.williams: 2018], "Mahomes and the rest: none (NULL)")
        let read = try SQLiteLeagueStore(database: db).read { try $0.rookieSeasons() }
        #expect(read == [PlayerID(Self.cmc): 2017, PlayerID(Self.kelce): 2013, PlayerID(Self.williams): 2018], "read back by the store")

        // The same files again change nothing.
        let again = try importFolder(folder, into: db).get()
        #expect(again.seasons.first?.changes == SeasonImport.Changes() && !again.changedAnything)

        // A newer file: McCaffrey's rookie season changes (one player written), Kelce's row gives neither column now and
        // keeps the stored 2013 (a file that says nothing takes nothing away).
        try folder.edit("players.csv", where: { $0["gsis_id"] == Self.cmc }) { $0["rookie_season"] = "2016" }
        try folder.edit("players.csv", where: { $0["gsis_id"] == Self.kelce }) { $0["draft_year"] = "" }
        let version = try seasonRowCounts(db)["version"]!
        let newer = try importFolder(folder, into: db).get()
        #expect(newer.seasons.first?.changes.players == 1)
        #expect(try stored(db) == [Self.cmc: 2016, Self.kelce: 2013, Self.williams: 2018])
        #expect(try seasonRowCounts(db)["version"] == version + 1, "running apps reload the rookies")
    }

    @Test func aPlayersFileWithoutTheColumnsStoresNone() throws {
        let db = try migratedMemoryDatabase()
        _ = try importFolder(try SeasonFolder(), into: db).get()
        #expect(try stored(db).isEmpty)
        #expect(try SQLiteLeagueStore(database: db).read { try $0.rookieSeasons() }.isEmpty)
    }

    @Test(arguments: ["rookie_season", "draft_year"])
    func aYearThatIsntASeasonIsRefusedWithItsLine(_ column: String) throws {
        let db = try migratedMemoryDatabase()
        let folder = try SeasonFolder()
        try folder.relayoutPlayers()
        let lines = try folder.edit("players.csv", where: { $0["gsis_id"] == Self.kelce }) { $0[column] = "20x3" }
        let before = try seasonRowCounts(db)
        guard case .failure(let error) = try importFolder(folder, into: db) else { Issue.record("accepted"); return }
        #expect(error.description == "players.csv:\(lines[0]): \(column) \"20x3\" is not a season")
        #expect(try seasonRowCounts(db) == before, "nothing written")
    }
}
