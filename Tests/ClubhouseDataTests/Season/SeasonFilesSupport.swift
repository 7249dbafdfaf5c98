import Foundation
import ClubhouseDomain
@testable import ClubhouseData

/// The shipped nflverse files copied into a temporary folder (plain `.csv`, so tests can edit them as text, or `.gz`
/// as shipped), under nflverse's names.
final class SeasonFolder {
    static let season2019 = ["players.csv", "games.csv", "stats_player_week_2019.csv", "stats_team_week_2019.csv", "play_by_play_2019.csv"]
    static let totals2018 = ["stats_player_reg_2018.csv", "stats_team_reg_2018.csv"]

    let dir = TempDir()
    var path: String { dir.path }

    init(_ names: [String] = SeasonFolder.season2019, compressed: Bool = false) throws {
        let shipped = try SeasonImport.shippedDirectory()
        for name in names {
            let gz = shipped.appendingPathComponent(name + ".gz")
            if compressed {
                try FileManager.default.copyItem(atPath: gz.path, toPath: dir.file(name + ".gz"))
            } else {
                try Data(Self.inflate(gz.path)).write(to: URL(fileURLWithPath: dir.file(name)))
            }
        }
    }

    /// A gzip file's bytes, inflated.
    static func inflate(_ path: String) throws -> [UInt8] {
        let source = GzipSource(FileSource(path: path)!)
        var out: [UInt8] = []
        while try source.read(into: &out, limit: 1 << 16) > 0 {}
        return out
    }

    func text(_ name: String) throws -> String { try String(contentsOfFile: dir.file(name), encoding: .utf8) }
    func write(_ name: String, _ text: String) throws { try text.write(toFile: dir.file(name), atomically: true, encoding: .utf8) }
    func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.file(name)))) }
    func write(_ name: String, bytes: [UInt8]) throws { try Data(bytes).write(to: URL(fileURLWithPath: dir.file(name))) }
    func remove(_ name: String) throws { try FileManager.default.removeItem(atPath: dir.file(name)) }

    /// Rewrites the records of a CSV file for which `where` holds (fields by column name), keeping everything else.
    /// Returns the lines (1-based, the header is 1) it changed.
    @discardableResult
    func edit(_ name: String, where match: ([String: String]) -> Bool, _ change: (inout [String: String]) -> Void) throws -> [Int] {
        let table = try CSV.parse(try text(name), fileName: name)
        var lines = [Self.line(table.header)]
        var changed: [Int] = []
        for r in table.records {
            var row = Dictionary(uniqueKeysWithValues: zip(table.header, r.fields))
            if match(row) { change(&row); changed.append(r.line) }
            lines.append(Self.line(table.header.map { row[$0] ?? "" }))
        }
        try write(name, lines.joined(separator: "\n") + "\n")
        return changed
    }

    /// nflverse's players.csv header as published (players v2: nflreadr's `dictionary_players`), every column in its
    /// order; the shipped players.csv keeps only some of them (its README says which).
    static let nflversePlayersHeader = [
        "gsis_id", "display_name", "common_first_name", "first_name", "last_name", "short_name", "football_name", "suffix", "esb_id",
        "nfl_id", "pfr_id", "pff_id", "otc_id", "espn_id", "smart_id", "birth_date", "position_group", "position", "ngs_position_group",
        "ngs_position", "height", "weight", "headshot", "college_name", "college_conference", "jersey_number", "rookie_season",
        "last_season", "latest_team", "status", "ngs_status", "ngs_status_short_description", "years_of_experience", "pff_position",
        "pff_status", "draft_year", "draft_round", "draft_pick", "draft_team",
    ]

    /// Rewrites players.csv in nflverse's own layout (`header`, by default `nflversePlayersHeader`): the columns it had
    /// kept by name, the others empty unless `fill` sets them (fields by column name).
    func relayoutPlayers(header: [String] = SeasonFolder.nflversePlayersHeader, _ fill: (inout [String: String]) -> Void = { _ in }) throws {
        let table = try CSV.parse(try text("players.csv"), fileName: "players.csv")
        var lines = [Self.line(header)]
        for r in table.records {
            var row = Dictionary(uniqueKeysWithValues: zip(table.header, r.fields))
            fill(&row)
            lines.append(Self.line(header.map { row[$0] ?? "" }))
        }
        try write("players.csv", lines.joined(separator: "\n") + "\n")
    }

    /// One CSV line, quoting fields as nflverse does (only where needed).
    static func line(_ fields: [String]) -> String {
        fields.map { f in
            f.contains(",") || f.contains("\"") || f.contains("\n") ? "\"" + f.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : f
        }.joined(separator: ",")
    }
}

/// Counts of the season tables, to check that a refused file wrote nothing.
func seasonRowCounts(_ db: Database) throws -> [String: Int] {
    var out: [String: Int] = [:]
    for table in ["seasons", "players", "player_seasons", "team_seasons", "games", "weekly_stats", "plays", "season_totals"] {
        out[table] = try db.scalar("SELECT count(*) FROM \(table)", as: Int.self) ?? 0
    }
    out["version"] = try db.scalar("SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'season_data_version'", as: Int.self) ?? 0
    return out
}
