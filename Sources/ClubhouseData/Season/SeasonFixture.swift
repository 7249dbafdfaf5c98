import Foundation
import ClubhouseDomain

/// A season's facts as Core models, read from the five fixture files
/// (`teams.csv`, `players.csv`, `schedule.csv`, `weekly_stats.csv`, `prior_season.csv`).
public struct SeasonFixture: Sendable {
    public var teams: [NFLTeam]
    public var players: [Player]
    public var games: [Game]
    public var weeklyStats: [WeeklyStat]
    public var priorSeason: [PriorSeasonStat]
    /// Play by play (`plays.csv`, optional): empty when the folder has none.
    public var plays: [PlayStat] = []

    public init(teams: [NFLTeam], players: [Player], games: [Game], weeklyStats: [WeeklyStat], priorSeason: [PriorSeasonStat], plays: [PlayStat] = []) {
        self.teams = teams; self.players = players; self.games = games; self.weeklyStats = weeklyStats; self.priorSeason = priorSeason
        self.plays = plays
    }

    /// The shipped demo season (2019), from the package's resources.
    public static func bundled2019() throws -> SeasonFixture {
        guard let url = bundled2019Directory else {
            throw DataFileError(file: "nfl-2019", line: 0, reason: """
                the season data shipped with the program is missing; looked in \(ShippedData.searched("nfl-2019").joined(separator: ", ")) \
                (reinstall with 'make install', which puts it in PREFIX/share/clubhouse/nfl-2019)
                """)
        }
        return try load(from: url)
    }

    /// The folder holding the shipped 2019 CSV files (installed beside the binary, or in the build folder: `ShippedData`).
    public static var bundled2019Directory: URL? { ShippedData.directory("nfl-2019") }

    /// Reads and checks the five files in `directory`. Errors are `DataFileError` (`FILE:LINE: reason`).
    public static func load(from directory: URL) throws -> SeasonFixture {
        var fixture = try loadWithoutPlays(from: directory)
        fixture.plays = try loadPlays(from: directory)
        return fixture
    }

    /// Reads `plays.csv` from `directory` (none: empty).
    public static func loadPlays(from directory: URL) throws -> [PlayStat] {
        let url = directory.appendingPathComponent("plays.csv")
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
            throw DataFileError(file: "plays.csv", line: 0, reason: "cannot read \(url.path) as UTF-8 text")
        }
        return try SeasonLoaders.plays(try CSV.parse(text, fileName: "plays.csv"))
    }

    static func loadWithoutPlays(from directory: URL) throws -> SeasonFixture {
        func table(_ name: String) throws -> CSVTable {
            let url = directory.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw DataFileError(file: name, line: 0, reason: "cannot read \(url.path)")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw DataFileError(file: name, line: 0, reason: "not UTF-8 text")
            }
            return try CSV.parse(text, fileName: name)
        }
        let teams = try SeasonLoaders.teams(table("teams.csv"))
        let players = try SeasonLoaders.players(table("players.csv"))
        let games = try SeasonLoaders.games(table("schedule.csv"))
        let weekly = try SeasonLoaders.weeklyStats(table("weekly_stats.csv"))
        let prior = try SeasonLoaders.priorSeason(table("prior_season.csv"))
        return SeasonFixture(teams: teams, players: players, games: games, weeklyStats: weekly, priorSeason: prior)
    }
}

/// Loaders from parsed CSV tables to Core models; each checks its fields and reports `FILE:LINE: reason`.
public enum SeasonLoaders {
    public static func teams(_ t: CSVTable) throws(DataFileError) -> [NFLTeam] {
        let c = try t.requireColumns(["team", "location", "nickname", "bye_week"])
        return try t.records.map { (r: CSVRecord) throws(DataFileError) -> NFLTeam in
            let f = FieldReader(table: t, record: r)
            return NFLTeam(abbreviation: try f.nonEmpty(c[0], "team"), location: try f.nonEmpty(c[1], "location"),
                           nickname: try f.nonEmpty(c[2], "nickname"), byeWeek: try f.int(c[3], "bye_week", in: 1...18))
        }
    }

    public static func players(_ t: CSVTable) throws(DataFileError) -> [Player] {
        let c = try t.requireColumns(["player_id", "full_name", "first_name", "last_name", "position", "team", "jersey_number"])
        return try t.records.map { (r: CSVRecord) throws(DataFileError) -> Player in
            let f = FieldReader(table: t, record: r)
            let posText = r.fields[c[4]]
            guard let position = Position(rawValue: posText) else { throw f.error("unknown position \"\(posText)\"") }
            let jersey = r.fields[c[6]].isEmpty ? nil : try f.int(c[6], "jersey_number", in: 0...99)
            return Player(id: PlayerID(try f.nonEmpty(c[0], "player_id")), fullName: try f.nonEmpty(c[1], "full_name"),
                          firstName: r.fields[c[2]], lastName: r.fields[c[3]], position: position,
                          nflTeam: try f.nonEmpty(c[5], "team"), jerseyNumber: jersey)
        }
    }

    public static func games(_ t: CSVTable) throws(DataFileError) -> [Game] {
        let c = try t.requireColumns(["season", "week", "game_id", "kickoff_utc", "away_team", "home_team", "away_score", "home_score"])
        return try t.records.map { (r: CSVRecord) throws(DataFileError) -> Game in
            let f = FieldReader(table: t, record: r)
            let kickoffText = r.fields[c[3]]
            guard let kickoff = ISO8601.parse(kickoffText) else { throw f.error("kickoff_utc \"\(kickoffText)\" is not an ISO 8601 time") }
            return Game(id: try f.nonEmpty(c[2], "game_id"), season: try f.int(c[0], "season", in: 1000...9999),
                        week: try f.int(c[1], "week", in: 1...18), kickoff: kickoff,
                        awayTeam: try f.nonEmpty(c[4], "away_team"), homeTeam: try f.nonEmpty(c[5], "home_team"),
                        awayScore: try f.int(c[6], "away_score", in: 0...999), homeScore: try f.int(c[7], "home_score", in: 0...999))
        }
    }

    public static func weeklyStats(_ t: CSVTable) throws(DataFileError) -> [WeeklyStat] {
        let c = try t.requireColumns(["player_id", "recent_team", "season", "week", "opponent_team"])
        let stats = try statColumnIndexes(t)
        return try t.records.map { (r: CSVRecord) throws(DataFileError) -> WeeklyStat in
            let f = FieldReader(table: t, record: r)
            return WeeklyStat(playerID: PlayerID(try f.nonEmpty(c[0], "player_id")), season: try f.int(c[2], "season", in: 1000...9999),
                              week: try f.int(c[3], "week", in: 1...18), nflTeam: try f.nonEmpty(c[1], "recent_team"),
                              opponent: r.fields[c[4]], stats: try f.statLine(stats))
        }
    }

    public static func priorSeason(_ t: CSVTable) throws(DataFileError) -> [PriorSeasonStat] {
        let c = try t.requireColumns(["player_id", "season", "games"])
        let stats = try statColumnIndexes(t)
        return try t.records.map { (r: CSVRecord) throws(DataFileError) -> PriorSeasonStat in
            let f = FieldReader(table: t, record: r)
            return PriorSeasonStat(playerID: PlayerID(try f.nonEmpty(c[0], "player_id")), season: try f.int(c[1], "season", in: 1000...9999),
                                   games: try f.int(c[2], "games", in: 0...30), stats: try f.statLine(stats))
        }
    }

    public static func plays(_ t: CSVTable) throws(DataFileError) -> [PlayStat] {
        let c = try t.requireColumns(["game_id", "week", "quarter", "elapsed_s", "play_seq", "player_id", "stat", "value"])
        return try t.records.map { (r: CSVRecord) throws(DataFileError) -> PlayStat in
            let f = FieldReader(table: t, record: r)
            let stat = r.fields[c[6]]
            guard StatLine()[column: stat] != nil else { throw f.error("unknown stat \"\(stat)\"") }
            let quarter: Int? = r.fields[c[2]] == "F" ? nil : try f.int(c[2], "quarter", in: 1...5)
            return PlayStat(gameID: try f.nonEmpty(c[0], "game_id"), week: try f.int(c[1], "week", in: 1...18), quarter: quarter,
                            elapsed: try f.int(c[3], "elapsed_s", in: 0...4200), sequence: try f.int(c[4], "play_seq", in: 1...100_000),
                            playerID: PlayerID(try f.nonEmpty(c[5], "player_id")), stat: stat, value: try f.int(c[7], "value", allowNegative: true))
        }
    }

    /// Every `StatLine` column must be present in the fixture files.
    static func statColumnIndexes(_ t: CSVTable) throws(DataFileError) -> [(index: Int, column: Int)] {
        let idx = try t.requireColumns(StatLine.columns.map(\.name))
        return idx.enumerated().map { ($1, $0) }
    }
}

/// Stat columns where a negative value is a real fact (a 3-yard loss on a carry or a catch). Every other
/// stat is a count and must be ≥ 0; `points_allowed` too.
public let statColumnsAllowingNegatives: Set<String> = ["passing_yards", "rushing_yards", "receiving_yards"]

/// Reads typed fields from one record, reporting `FILE:LINE: reason`.
struct FieldReader {
    let table: CSVTable
    let record: CSVRecord

    func error(_ reason: String) -> DataFileError { DataFileError(file: table.fileName, line: record.line, reason: reason) }

    func nonEmpty(_ i: Int, _ name: String) throws(DataFileError) -> String {
        let v = record.fields[i]
        guard !v.isEmpty else { throw error("\(name) is empty") }
        return v
    }

    func int(_ i: Int, _ name: String, in range: ClosedRange<Int>? = nil, allowNegative: Bool = false) throws(DataFileError) -> Int {
        let text = record.fields[i]
        guard let v = parseStrictInt(text) else {
            throw error(text.isEmpty ? "\(name) is empty" : "\(name) \"\(text)\" is not a whole number")
        }
        if let range, !range.contains(v) { throw error("\(name) \(v) is outside \(range.lowerBound)–\(range.upperBound)") }
        if range == nil && v < 0 && !allowNegative { throw error("\(name) \(v) is negative") }
        return v
    }

    func statLine(_ columns: [(index: Int, column: Int)]) throws(DataFileError) -> StatLine {
        var line = StatLine()
        for (index, column) in columns {
            let (name, keyPath) = StatLine.columns[column]
            line[keyPath: keyPath] = try int(index, name, allowNegative: statColumnsAllowingNegatives.contains(name))
        }
        return line
    }
}

/// Digits with an optional leading minus; nothing else (no `+`, spaces, decimals, exponents).
func parseStrictInt(_ s: String) -> Int? {
    let u = s.utf8
    guard !u.isEmpty, u.count <= 18 else { return nil }
    var it = u.makeIterator()
    var negative = false
    var value = 0
    var digits = 0
    var first = true
    while let c = it.next() {
        if first && c == UInt8(ascii: "-") { negative = true; first = false; continue }
        first = false
        guard c >= 48, c <= 57 else { return nil }
        value = value * 10 + Int(c - 48)
        digits += 1
    }
    guard digits > 0 else { return nil }
    return negative ? -value : value
}
