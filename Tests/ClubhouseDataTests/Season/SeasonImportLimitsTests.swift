import Foundation
import Testing
@testable import ClubhouseData
import ClubhouseDomain

/// Imports that would never end, or end holding what no season holds: a gzip inflating to gigabytes without a line
/// end, a 100 KB quoted name, a file bigger than any season's, a file cut at a row boundary. Each is refused with a
/// sentence naming the file, the line and the limit, and nothing is written (the import is one transaction).
@Suite struct SeasonImportLimitsTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func refusal(_ folder: SeasonFolder, _ db: Database) throws -> DataFileError? {
        let before = try seasonRowCounts(db)
        let result = try SeasonImport.run(path: folder.path, season: 2019, into: db, now: Self.now)
        #expect(try seasonRowCounts(db) == before, "nothing written")
        if case .failure(let error) = result { return error }
        return nil
    }

    /// `bytes` gzip-compressed, by the system's gzip.
    static func gzip(_ bytes: [UInt8], in dir: TempDir) throws -> [UInt8] {
        let plain = dir.file("gzip-input")
        try Data(bytes).write(to: URL(fileURLWithPath: plain))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["gzip", "-9", "-f", plain]
        try p.run()
        p.waitUntilExit()
        defer { try? FileManager.default.removeItem(atPath: plain + ".gz") }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain + ".gz")))
    }

    @Test func aGzipInflatingWithoutALineEndStopsAtTheRowLimit() throws {
        let folder = try SeasonFolder(["players.csv", "games.csv"])
        // A header, then 1 MiB of one letter, repeated as 24 concatenated gzip members: 24 MiB inflated, no line end.
        let member = try Self.gzip([UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20), in: folder.dir)
        let header = try Self.gzip(Array("gsis_id,display_name,position\n".utf8), in: folder.dir)
        try folder.remove("players.csv")
        try folder.write("players.csv.gz", bytes: header + Array(repeating: member, count: 24).flatMap { $0 })
        let start = Date()
        let error = try #require(try refusal(folder, try migratedMemoryDatabase()), "accepted")
        #expect(error.description == "players.csv.gz:2: this row is longer than 1 MiB, the most a row may be (nflverse's longest are under 8 KB): "
                + "the file is not an nflverse file, or it is damaged")
        #expect(Date().timeIntervalSince(start) < 10, "stopped at the limit, not at the end of the file")
    }

    @Test func aHugeQuotedNameIsRefusedAtTheFieldLimit() throws {
        let folder = try SeasonFolder(["players.csv", "games.csv"])
        let lines = try folder.text("players.csv").components(separatedBy: "\n")
        let header = lines[0].components(separatedBy: ",")
        var row = lines[1].components(separatedBy: ",")
        row[header.firstIndex(of: "display_name")!] = "\"" + String(repeating: "A", count: 100_000) + "\""
        try folder.write("players.csv", ([lines[0], row.joined(separator: ",")] + lines.dropFirst(2)).joined(separator: "\n"))
        let error = try #require(try refusal(folder, try seededMemoryDatabase()), "accepted")
        #expect(error.description == "players.csv:2: column display_name holds 100000 bytes, more than the 64 KiB a value may "
                + "(nflverse's longest is under 1 KB)")
    }

    @Test func aFileBiggerThanTheLimitIsRefusedAtTheLineWhereItWentOver() throws {
        // Read 64 KiB at a time: the limit trips in the chunk that takes the file past it (line 49,153 here).
        let text = "a,b\n" + String(repeating: "1,2\n", count: 100_000)
        let reader = CSVReader(bytes: Array(text.utf8), fileName: "big.csv")
        reader.limits.fileBytes = 200_000
        _ = try reader.readHeader()
        let error = #expect(throws: DataFileError.self) { while try reader.advance() {} }
        #expect(error?.description.hasPrefix("big.csv:") == true && (40_000...50_001).contains(error?.line ?? 0), "\(String(describing: error))")
        #expect(error?.reason == "the file holds more than 200000 bytes, the most a data file may (a season's play-by-play is about 100 MB): "
                + "it is not an nflverse file, or it is damaged")
        // Inflated bytes count, not compressed ones; the stated limit is the product's.
        #expect(CSVLimits.nflverse == CSVLimits(fieldBytes: 64 << 10, rowBytes: 1 << 20, fileBytes: 1 << 30))
        let dir = TempDir()
        let gz = try Self.gzip(Array(text.utf8), in: dir)
        let inflating = CSVReader(source: GzipSource(MemorySource(gz)), fileName: "big.csv.gz")
        inflating.limits.fileBytes = 200_000
        _ = try inflating.readHeader()
        let inflated = #expect(throws: DataFileError.self) { while try inflating.advance() {} }
        #expect(inflated?.reason.hasPrefix("the file holds more than 200000 bytes once inflated,") == true, "\(String(describing: inflated))")
    }

    @Test func aStatsFileCutInsideItsLastValueIsTruncatedNotASeason() throws {
        let folder = try SeasonFolder()
        // A download that stopped inside the last value of line 2,751 (`…,14.34` → `…,14.3`): every field is there and
        // parses, but the file has no final line end.
        let lines = try folder.text("stats_player_week_2019.csv").components(separatedBy: "\n")
        try folder.write("stats_player_week_2019.csv", lines[0..<2750].joined(separator: "\n") + "\n" + lines[2750].dropLast())
        let error = try #require(try refusal(folder, try migratedMemoryDatabase()), "a cut file imported as a season")
        #expect(error.description == "stats_player_week_2019.csv:2751: the file doesn't end with a line end: it is truncated in this row "
                + "(an interrupted download?)")
    }

    @Test func aPastSeasonWhoseFinalGamesHaveNoStatsSaysSo() throws {
        let folder = try SeasonFolder(["players.csv", "games.csv", "stats_player_week_2019.csv"])
        // Cut at a row boundary after week 5 (rows are sorted by week): a file that parses to its end.
        let lines = try folder.text("stats_player_week_2019.csv").components(separatedBy: "\n")
        let week = lines[0].components(separatedBy: ",").firstIndex(of: "week")!
        let kept = lines.dropFirst().filter { !$0.isEmpty && Int($0.components(separatedBy: ",")[week])! <= 5 }
        try folder.write("stats_player_week_2019.csv", ([lines[0]] + kept).joined(separator: "\n") + "\n")
        let error = try #require(try refusal(folder, try migratedMemoryDatabase()), "weeks 6–17 missing, imported as a whole season")
        #expect(error.file == "stats_player_week_2019.csv")
        #expect(error.reason.hasPrefix("the 2019 season is over, but 16 of its final week's games (week 17: 2019_17_"), "\(error)")
        #expect(error.reason.hasSuffix("have no stats; the season's stats go to week 5 at the latest: is this file cut short? Import the whole file"))
        // The same rows as a correction of a stored season import (the stored lines stand for the rest).
        let seeded = try seededMemoryDatabase()
        #expect(throws: Never.self) { try SeasonImport.run(path: folder.path, into: seeded, now: Self.now).get() }
    }
}
