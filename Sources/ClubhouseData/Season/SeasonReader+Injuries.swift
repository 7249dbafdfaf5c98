import ClubhouseDomain
import Foundation

// SeasonReader: the injury report (`injuries_YEAR.csv`) and the weekly rosters (`roster_weekly_YEAR.csv`), both optional.

extension SeasonReader {
    // MARK: - The injury report

    /// The injury report's regular-season rows of fantasy positions, one per player and week: a player listed twice in
    /// a week keeps his newer row (`date_modified`; the later line on a tie). Rows without a `gsis_id` (nflverse has
    /// some: players the stats can't name) and of other game types or positions are skipped and counted.
    func readInjuries(_ url: URL, weeks: ClosedRange<Int>, into data: inout SeasonData) throws(DataFileError) -> [SeasonData.ReportedInjury] {
        let r = try open(url, .injuries)
        let c = try columns(r, .injuries, required: ["season", "week", "gsis_id", "position", "report_status"])
        let type = try gameType(c, r, .injuries)
        let team = c.optional("team"), injury = c.optional("report_primary_injury"), practice = c.optional("practice_status")
        let modified = c.optional("date_modified")
        var out: [WeeklyKey: (row: SeasonData.ReportedInjury, modified: String)] = [:]
        try eachRecord(r, .injuries, url, into: &data) { line, bad throws(DataFileError) -> RowOutcome in
            guard let key = try weeklyRow(r, c, type: type, team: team, weeks: weeks, line: line, bad) else { return .skipped }
            let (id, week) = (key.player, key.week)
            let status = Self.value(r, c[4])
            guard InjuryStatus(reportStatus: status) != nil else {
                throw bad("report_status \(TerminalText.quoted(status)) is not an injury report's status (Out, Doubtful, Questionable, Probable, or empty)")
            }
            let row = SeasonData.ReportedInjury(player: id, week: week, report: InjuryStatus(reportStatus: status) == .healthy ? "" : status.capitalized,
                                                injury: try Self.note(r, injury, "report_primary_injury", bad),
                                                practice: try Self.note(r, practice, "practice_status", bad))
            let at = modified.map { Self.value(r, $0) } ?? ""
            if let kept = out[key], kept.modified > at { return .imported }
            out[key] = (row, at)
            return .imported
        }
        return out.values.map(\.row).sorted { ($0.week, $0.player) < ($1.week, $1.player) }
    }

    // MARK: - Weekly rosters

    /// Each regular-season week's roster status of the players of fantasy positions, one per player and week: a player
    /// listed twice in a week (a trade) keeps his more serious status (the later line on a tie).
    func readWeeklyRosters(_ url: URL, weeks: ClosedRange<Int>, into data: inout SeasonData) throws(DataFileError) -> [SeasonData.RosterStatus] {
        let r = try open(url, .weeklyRosters)
        let c = try columns(r, .weeklyRosters, required: ["season", "week", "gsis_id", "position", "status"])
        let type = try gameType(c, r, .weeklyRosters)
        let team = c.optional("team")
        var out: [WeeklyKey: SeasonData.RosterStatus] = [:]
        try eachRecord(r, .weeklyRosters, url, into: &data) { line, bad throws(DataFileError) -> RowOutcome in
            guard let key = try weeklyRow(r, c, type: type, team: team, weeks: weeks, line: line, bad) else { return .skipped }
            let (id, week) = (key.player, key.week)
            let code = Self.value(r, c[4])
            guard let status = InjuryStatus(rosterStatus: code) else {
                throw bad("status \(TerminalText.quoted(code)) is not one of nflverse's roster status codes "
                          + "(\(InjuryStatus.rosterStatusCodes.joined(separator: " ")), or empty)")
            }
            if let kept = out[key], (InjuryStatus(rosterStatus: kept.status) ?? .healthy) > status { return .imported }
            out[key] = SeasonData.RosterStatus(player: id, week: week, status: code)
            return .imported
        }
        return out.values.sorted { ($0.week, $0.player) < ($1.week, $1.player) }
    }

    // MARK: - Fields

    /// A weekly file's row (columns season, week, gsis_id, position first): its player and week, once its season, week
    /// and team are checked; nil for a row the reader skips (not the regular season, not a fantasy position, no player).
    func weeklyRow(_ r: CSVReader, _ c: Columns, type: Int, team: Int?, weeks: ClosedRange<Int>, line: Int,
                   _ bad: (String) -> DataFileError) throws(DataFileError) -> WeeklyKey? {
        try checkSeason(r, c[0], line: line, bad)
        guard r.equals(type, "REG"), NFLVerseStats.position(r.string(c[3])) != nil else { return nil }
        guard let id = try Self.playerID(r, c[2], "gsis_id", bad) else { return nil }
        let week = try week(r, c[1], weeks, bad)
        try checkTeam(r, team, bad)
        return WeeklyKey(player: id, week: week)
    }

    /// A row's week: 1–18, and one of the season's schedule when it has one.
    func week(_ r: CSVReader, _ i: Int, _ weeks: ClosedRange<Int>, _ bad: (String) -> DataFileError) throws(DataFileError) -> Int {
        let week = try Self.number(r, i, "week", in: 1...18, bad)
        guard weeks.contains(week) else { throw bad("week \(week), but the \(season) schedule's regular season is weeks \(weeks.lowerBound)–\(weeks.upperBound)") }
        return week
    }

    /// The game type's column: `game_type` (nflverse's current layout), else `season_type` (its older one).
    func gameType(_ c: Columns, _ r: CSVReader, _ file: NFLVerseFile) throws(DataFileError) -> Int {
        guard let i = c.optional("game_type") ?? c.optional("season_type") else {
            throw DataFileError(file: r.fileName, line: 1, reason: Self.layoutSentence(header: Set(c.index.keys), file: file, missing: ["game_type"]))
        }
        return i
    }

    /// A row's team, when the file has the column: a franchise the season knows (its own abbreviation or nflverse's current one).
    func checkTeam(_ r: CSVReader, _ column: Int?, _ bad: (String) -> DataFileError) throws(DataFileError) {
        guard let column else { return }
        let text = Self.value(r, column)
        guard !text.isEmpty, NFLFranchises.seasonAbbreviation(text, season: season) == nil else { return }
        throw bad("unknown team abbreviation \(TerminalText.quoted(text))")
    }

    /// A field as text, R's missing value (`NA`) read as empty.
    static func value(_ r: CSVReader, _ i: Int) -> String {
        r.equals(i, "NA") ? "" : r.string(i)
    }

    /// A player id column: nil when empty, the id when it is a GSIS id; anything else is refused.
    static func playerID(_ r: CSVReader, _ i: Int, _ column: String, _ bad: (String) -> DataFileError) throws(DataFileError) -> PlayerID? {
        let text = value(r, i)
        if text.isEmpty { return nil }
        guard isGSIS(text) else { throw bad("\(column) \(TerminalText.quoted(text)) is not a GSIS id (\(gsisShape))") }
        return PlayerID(text)
    }

    /// A short text the player's page shows (an injury, a practice participation): the names rule's characters, up to
    /// 80 of them; empty when the column is missing or empty.
    static func note(_ r: CSVReader, _ i: Int?, _ column: String, _ bad: (String) -> DataFileError) throws(DataFileError) -> String {
        guard let i else { return "" }
        let text = value(r, i)
        if text.isEmpty { return "" }
        do { return try TextRules.text(text, field: column, what: column, length: 0...80, foldingSpaces: true) } catch { throw bad(error.message) }
    }
}
