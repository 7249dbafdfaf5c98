import Foundation
import ClubhouseDomain

/// The core of `clubhouse import-stats FILE.csv`: validate every row, then import all or nothing.
///
/// The file (nflverse `player_stats` naming, like the fixture's `weekly_stats.csv`):
/// - must have `player_id`, `season`, `week` and at least one stat column of `StatLine.columns`;
/// - may have `recent_team` / `opponent_team` (otherwise a new row gets the player's team and no opponent,
///   and an existing row keeps its own), descriptive columns (`player_name`, `position`, …) which are
///   ignored, and `season_type` (only `REG` rows are accepted);
/// - any other column is ignored and listed in `Summary.ignoredColumns`, so full nflverse exports work and
///   a misspelt stat column is visible to the user rather than silently dropped.
///
/// Row rules: `player_id` must be a known player; `season` exactly 4 digits; `week` 1–18; stats are whole
/// numbers ≥ 0, except yardage (`passing_yards`, `rushing_yards`, `receiving_yards`), which may be negative
/// (a loss on a carry or catch is a fact, and the 2019 fixture has 146 such rows); one row per player,
/// season and week. The first bad row is reported as `FILE:LINE: reason` (line 1 is the header).
///
/// Import: one `BEGIN IMMEDIATE` transaction upserting on (player, season, week); only the stat columns in
/// the file are written, other columns of an existing row keep their values.
public enum StatsImport {
    public struct Summary: Hashable, Sendable {
        /// Rows written.
        public var rows: Int
        /// Distinct players.
        public var players: Int
        /// Distinct (season, week) pairs.
        public var weeks: Int
        /// Header columns that were neither known stats nor known descriptive columns.
        public var ignoredColumns: [String]
    }

    /// A file that passed validation, ready to write.
    public struct ValidatedFile: Sendable {
        public var fileName: String
        public var statColumns: [String]
        public var hasTeam: Bool
        public var hasOpponent: Bool
        public var ignoredColumns: [String]
        var rows: [Row]
        public var rowCount: Int { rows.count }

        struct Row: Sendable {
            var player: PlayerID
            var season: Int
            var week: Int
            var team: String
            var opponent: String
            var values: [Int]
        }
    }

    public static let requiredColumns = ["player_id", "season", "week"]
    /// Columns that describe a row and are accepted but not stored.
    public static let descriptiveColumns: Set<String> = [
        "player_name", "player_display_name", "position", "position_group", "headshot_url", "season_type",
    ]

    /// Validates every row. `knownPlayers` maps each player id to his NFL team (used for a row without `recent_team`).
    public static func validate(_ csvText: String, fileName: String, knownPlayers: [PlayerID: String]) -> Result<ValidatedFile, DataFileError> {
        Result { () throws(DataFileError) -> ValidatedFile in try validateThrowing(csvText, fileName: fileName, knownPlayers: knownPlayers) }
    }

    /// Validates against the players in `db`, then writes in one transaction. A bad file is `.failure`
    /// with nothing written; a storage failure throws (and writes nothing either).
    public static func importCSV(_ csvText: String, fileName: String, into db: Database) throws -> Result<Summary, DataFileError> {
        var known: [PlayerID: String] = [:]
        for row in try db.query("SELECT id, nfl_team FROM players") {
            known[try row.get("id")] = try row.get("nfl_team", as: String.self)
        }
        switch validate(csvText, fileName: fileName, knownPlayers: known) {
        case .failure(let e): return .failure(e)
        case .success(let file): return .success(try write(file, into: db))
        }
    }

    /// Reads `path` (reported as given) and imports it.
    public static func importFile(atPath path: String, into db: Database) throws -> Result<Summary, DataFileError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(DataFileError(file: path, line: 0, reason: "cannot read the file"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(DataFileError(file: path, line: 0, reason: "the file is not UTF-8 text"))
        }
        return try importCSV(text, fileName: path, into: db)
    }

    /// Writes a validated file in one transaction.
    public static func write(_ file: ValidatedFile, into db: Database) throws -> Summary {
        try db.transaction { c in
            let stmt = try c.prepare(StatsSQL.upsertWeekly(columns: file.statColumns, updateTeam: file.hasTeam, updateOpponent: file.hasOpponent))
            var params: [(any SQLBindable)?] = []
            params.reserveCapacity(5 + file.statColumns.count)
            for r in file.rows {
                params.removeAll(keepingCapacity: true)
                params.append(contentsOf: [r.player, r.season, r.week, r.team, r.opponent] as [(any SQLBindable)?])
                for v in r.values { params.append(v) }
                try stmt.run(params)
            }
            // Running apps reload their cached season facts when this number changes.
            try c.run("""
                INSERT INTO meta (key, value) VALUES ('season_data_version', '1')
                ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1
                """)
        }
        struct Week: Hashable { var season: Int; var week: Int }
        return Summary(rows: file.rows.count, players: Set(file.rows.map(\.player)).count,
                       weeks: Set(file.rows.map { Week(season: $0.season, week: $0.week) }).count, ignoredColumns: file.ignoredColumns)
    }

    static func validateThrowing(_ csvText: String, fileName: String, knownPlayers: [PlayerID: String]) throws(DataFileError) -> ValidatedFile {
        let table = try CSV.parse(csvText, fileName: fileName)
        let index = table.columnIndex
        let required = try table.requireColumns(requiredColumns)
        let known = Set(StatLine.columns.map(\.name))
        let stats = table.header.filter { known.contains($0) }
        guard !stats.isEmpty else {
            throw DataFileError(file: fileName, line: 1, reason: "no stat columns (expected some of: \(StatLine.columns.prefix(4).map(\.name).joined(separator: ", ")), …)")
        }
        let statIndexes = stats.map { index[$0]! }
        let negativeOK = stats.map { statColumnsAllowingNegatives.contains($0) }
        let teamIndex = index["recent_team"], opponentIndex = index["opponent_team"], typeIndex = index["season_type"]
        let handled = Set(requiredColumns).union(known).union(descriptiveColumns).union(["recent_team", "opponent_team"])
        let ignored = table.header.filter { !handled.contains($0) }
        guard !table.records.isEmpty else { throw DataFileError(file: fileName, line: 1, reason: "no data rows after the header") }

        struct Key: Hashable { var player: PlayerID; var season: Int; var week: Int }
        var firstLine: [Key: Int] = [:]
        var rows: [ValidatedFile.Row] = []
        rows.reserveCapacity(table.records.count)
        for record in table.records {
            let f = FieldReader(table: table, record: record)
            let id = PlayerID(record.fields[required[0]])
            if id.rawValue.isEmpty { throw f.error("player_id is empty") }
            guard let playerTeam = knownPlayers[id] else { throw f.error("unknown player id \"\(id.rawValue)\"") }
            let seasonText = record.fields[required[1]]
            guard seasonText.utf8.count == 4, seasonText.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let season = Int(seasonText) else {
                throw f.error("season \"\(seasonText)\" is not a 4-digit year")
            }
            let week = try f.int(required[2], "week", in: 1...18)
            if let typeIndex, record.fields[typeIndex] != "REG" {
                throw f.error("season_type \"\(record.fields[typeIndex])\": only regular-season (REG) rows can be imported")
            }
            var team = playerTeam
            if let teamIndex { team = try f.nonEmpty(teamIndex, "recent_team") }
            let opponent = opponentIndex.map { record.fields[$0] } ?? ""
            var values: [Int] = []
            values.reserveCapacity(stats.count)
            for (k, i) in statIndexes.enumerated() {
                values.append(try f.int(i, stats[k], allowNegative: negativeOK[k]))
            }
            let key = Key(player: id, season: season, week: week)
            if let earlier = firstLine[key] {
                throw f.error("second row for player \(id.rawValue), season \(season), week \(week) (first on line \(earlier))")
            }
            firstLine[key] = record.line
            rows.append(.init(player: id, season: season, week: week, team: team, opponent: opponent, values: values))
        }
        return ValidatedFile(fileName: fileName, statColumns: stats, hasTeam: teamIndex != nil, hasOpponent: opponentIndex != nil,
                             ignoredColumns: ignored, rows: rows)
    }
}
