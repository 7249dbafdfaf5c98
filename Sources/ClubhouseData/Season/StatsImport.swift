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
/// Row rules: `player_id` must be a known player; `season` exactly 4 digits, 1920–2100; `week` 1–18; each stat a
/// whole number within `StatLine.plausibleWeeklyRange` (yardage −200…2,000; completions, attempts, carries,
/// receptions 0…200; points allowed 0…300; every other stat 0…50 — a number too long to be read at all gets the
/// same range message); one row per player, season and week. The first bad row is reported as `FILE:LINE: reason`
/// (line 1 is the header).
///
/// Import: the file is read in chunks and each row is validated and upserted as it is read, all inside one
/// `BEGIN IMMEDIATE` transaction that a bad row rolls back — so memory stays flat however big the file is, and a
/// refused file writes nothing. Upserts key on (player, season, week); only the stat columns in the file are
/// written, other columns of an existing row keep their values.
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

    public static let requiredColumns = ["player_id", "season", "week"]
    /// Columns that describe a row and are accepted but not stored.
    public static let descriptiveColumns: Set<String> = [
        "player_name", "player_display_name", "position", "position_group", "headshot_url", "season_type",
    ]
    /// Seasons a row may name.
    public static let plausibleSeasons = 1920...2100

    /// Imports CSV text already in memory (tests, small files). A bad file is `.failure` with nothing written;
    /// a storage failure throws (and writes nothing either).
    public static func importCSV(_ csvText: String, fileName: String, into db: Database) throws -> Result<Summary, DataFileError> {
        var reader = CSVReader(bytes: Array(csvText.utf8), fileName: fileName)
        return try importRecords(&reader, into: db)
    }

    /// Streams the file at `path` (reported as given) into the database.
    public static func importFile(atPath path: String, into db: Database) throws -> Result<Summary, DataFileError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              var reader = CSVReader(path: path) else {
            return .failure(DataFileError(file: path, line: 0, reason: "cannot read the file"))
        }
        return try importRecords(&reader, into: db)
    }

    static func importRecords(_ reader: inout CSVReader, into db: Database) throws -> Result<Summary, DataFileError> {
        do {
            return .success(try db.transaction { c in try stream(&reader, connection: c) })
        } catch let error as DataFileError {
            return .failure(error)   // the transaction rolled back: nothing written
        }
    }

    private static func stream(_ reader: inout CSVReader, connection c: Connection) throws -> Summary {
        let fileName = reader.fileName
        var knownPlayers: [PlayerID: String] = [:]
        try c.prepare("SELECT id, nfl_team FROM players").forEach { s in knownPlayers[PlayerID(s.string(at: 0))] = s.string(at: 1) }

        let header = try reader.readHeader()
        let index = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let required = try requiredColumns.map { (name: String) throws(DataFileError) -> Int in
            guard let i = index[name] else { throw DataFileError(file: fileName, line: 1, reason: "missing column \"\(name)\"") }
            return i
        }
        let known = Set(StatLine.columns.map(\.name))
        let stats = header.filter { known.contains($0) }
        guard !stats.isEmpty else {
            throw DataFileError(file: fileName, line: 1, reason: "no stat columns (expected some of: \(StatLine.columns.prefix(4).map(\.name).joined(separator: ", ")), …)")
        }
        let statIndexes = stats.map { index[$0]! }
        let ranges = stats.map(StatLine.plausibleWeeklyRange)
        let teamIndex = index["recent_team"], opponentIndex = index["opponent_team"], typeIndex = index["season_type"]
        let handled = Set(requiredColumns).union(known).union(descriptiveColumns).union(["recent_team", "opponent_team"])
        let ignored = header.filter { !handled.contains($0) }

        // Rows seen so far, for "second row for …": in a temporary table, not in memory.
        try c.execute("""
            CREATE TEMP TABLE IF NOT EXISTS import_seen (player_id TEXT NOT NULL, season INTEGER NOT NULL, week INTEGER NOT NULL,
                line INTEGER NOT NULL, PRIMARY KEY (player_id, season, week)) WITHOUT ROWID;
            DELETE FROM temp.import_seen;
            """)
        let remember = try c.prepare("INSERT INTO temp.import_seen (player_id, season, week, line) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")
        let firstLine = try c.prepare("SELECT line FROM temp.import_seen WHERE player_id = ? AND season = ? AND week = ?")
        let upsert = try c.prepare(StatsSQL.upsertWeekly(columns: stats, updateTeam: teamIndex != nil, updateOpponent: opponentIndex != nil))

        struct Week: Hashable { var season: Int; var week: Int }
        var rows = 0
        var players = Set<PlayerID>(), weeks = Set<Week>()
        var params: [(any SQLBindable)?] = []
        params.reserveCapacity(5 + stats.count)
        while let record = try reader.next() {
            func error(_ reason: String) -> DataFileError { DataFileError(file: fileName, line: record.line, reason: reason) }
            let id = PlayerID(record.fields[required[0]])
            if id.rawValue.isEmpty { throw error("player_id is empty") }
            guard let playerTeam = knownPlayers[id] else { throw error("unknown player id \"\(id.rawValue)\"") }
            let seasonText = record.fields[required[1]]
            guard seasonText.utf8.count == 4, seasonText.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let season = Int(seasonText) else {
                throw error("season \"\(seasonText)\" is not a 4-digit year")
            }
            guard plausibleSeasons.contains(season) else {
                throw error("season \(seasonText) is outside \(plausibleSeasons.lowerBound)–\(plausibleSeasons.upperBound)")
            }
            let week = try wholeNumber(record.fields[required[2]], "week", in: 1...18, error)
            if let typeIndex, record.fields[typeIndex] != "REG" {
                throw error("season_type \"\(record.fields[typeIndex])\": only regular-season (REG) rows can be imported")
            }
            var team = playerTeam
            if let teamIndex {
                team = record.fields[teamIndex]
                if team.isEmpty { throw error("recent_team is empty") }
            }
            let opponent = opponentIndex.map { record.fields[$0] } ?? ""
            params.removeAll(keepingCapacity: true)
            params.append(contentsOf: [id, season, week, team, opponent] as [(any SQLBindable)?])
            for (k, i) in statIndexes.enumerated() {
                params.append(try wholeNumber(record.fields[i], stats[k], in: ranges[k], error, plausible: true))
            }
            if try remember.run([id, season, week, record.line]) == 0 {
                let earlier = try firstLine.rows([id, season, week]).first.map { try $0.get("line", as: Int.self) } ?? 0
                throw error("second row for player \(id.rawValue), season \(season), week \(week) (first on line \(earlier))")
            }
            try upsert.run(params)
            rows += 1
            players.insert(id); weeks.insert(Week(season: season, week: week))
        }
        guard rows > 0 else { throw DataFileError(file: fileName, line: 1, reason: "no data rows after the header") }
        try c.execute("DELETE FROM temp.import_seen")
        // Running apps reload their cached season facts when this number changes.
        try c.run("""
            INSERT INTO meta (key, value) VALUES ('season_data_version', '1')
            ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1
            """)
        return Summary(rows: rows, players: players.count, weeks: weeks.count, ignoredColumns: ignored)
    }

    /// Digits with an optional leading minus, within `range`. A number too long to read is out of range, not
    /// "not a whole number": it IS one, just an absurd one.
    static func wholeNumber(_ text: String, _ name: String, in range: ClosedRange<Int>,
                            _ error: (String) -> DataFileError, plausible: Bool = false) throws(DataFileError) -> Int {
        if text.isEmpty { throw error("\(name) is empty") }
        let u = text.utf8
        let negative = u.first == UInt8(ascii: "-")
        let digits = u.dropFirst(negative ? 1 : 0)
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            throw error("\(name) \"\(text)\" is not a whole number")
        }
        if let v = Int(text), range.contains(v) { return v }
        // A number pasted a thousand digits long is shown by its start and its length, not in full.
        let text = text.utf8.count > 24 ? "\(text.prefix(20))… (\(digits.count) digits)" : text
        if plausible && negative && range.lowerBound >= 0 { throw error("\(name) \(text) is negative") }
        throw error("\(name) \(text) is outside \(range.lowerBound)–\(range.upperBound)\(plausible ? " (the plausible range for one week)" : "")")
    }
}

