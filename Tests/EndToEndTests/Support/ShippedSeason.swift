import ClubhouseData
import Foundation

/// The shipped 2019 season's nflverse files (the repository's `Sources/ClubhouseData/Resources/nflverse`), inflated,
/// for tests that write whole files or single rows of them.
enum ShippedSeason {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/ClubhouseData/Resources/nflverse")

    /// A shipped file's text (`stats_player_week_2019.csv` reads `stats_player_week_2019.csv.gz`).
    static func text(_ name: String) throws -> String {
        let source = GzipSource(FileSource(path: directory.appendingPathComponent(name + ".gz").path)!)
        var out: [UInt8] = []
        while try source.read(into: &out, limit: 1 << 16) > 0 {}
        return String(decoding: out, as: UTF8.self)
    }

    /// The weekly player stats file's header and the rows `keep` picks (by column name), with `change` applied.
    static func playerWeek(_ keep: ([String: String]) -> Bool, change: (inout [String: String]) -> Void = { _ in }) throws -> String {
        let lines = try text("stats_player_week_2019.csv").split(separator: "\n").map(String.init)
        let header = lines[0].components(separatedBy: ",")
        var out = [lines[0]]
        for line in lines.dropFirst() {
            var row = Dictionary(uniqueKeysWithValues: zip(header, line.components(separatedBy: ",")))
            guard keep(row) else { continue }
            change(&row)
            out.append(header.map { row[$0] ?? "" }.joined(separator: ","))
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// McCaffrey's (and other players') row of one week.
    static func row(_ player: String, week: Int) -> ([String: String]) -> Bool {
        { $0["player_id"] == player && $0["week"] == String(week) }
    }

    /// Writes the whole 2019 season (plain CSV) into `folder`.
    static func writeSeason(to folder: URL) throws {
        for name in ["players.csv", "games.csv", "stats_player_week_2019.csv", "stats_team_week_2019.csv", "play_by_play_2019.csv"] {
            try text(name).write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
    }
}
