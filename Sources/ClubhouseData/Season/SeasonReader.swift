import ClubhouseDomain
import Foundation

/// Reads one season's nflverse files into `SeasonData`, checking every row as it goes: the first bad row stops the
/// read with `FILE:LINE: reason` (and nothing is written: the caller writes only a season read whole). Each class of
/// bad file has its own sentence: a truncated file (the compressed stream or the last row stops early), a file of
/// another season, a header from another layout (nflverse's legacy `player_stats`, another kind of file renamed),
/// a bad value, an unknown team abbreviation.
///
/// Rows that aren't the season's regular season (`season_type`/`game_type` other than REG, other seasons in the
/// every-season files) and players of non-fantasy positions are skipped and counted, not refused: nflverse's real
/// files carry them.
public struct SeasonReader {
    /// What the database already holds that a partial import leans on.
    public struct Context: Sendable {
        /// Players already stored (a stats file may name players the folder's players.csv lacks, when they're stored).
        public var players: [PlayerID: Player] = [:]
        /// The season's stored games, used when the folder has no games.csv.
        public var games: [Game] = []
        /// Real time: a season whose last game is still ahead is the current one, whose player pool includes every
        /// active player (players.csv `last_season`), not only those with a stat yet.
        public var now: Date = Date()
        public init(players: [PlayerID: Player] = [:], games: [Game] = [], now: Date = Date()) {
            self.players = players; self.games = games; self.now = now
        }
    }

    public let season: Int
    public let files: [NFLVerseFile: URL]
    public let context: Context
    /// How messages name each file (default: its name).
    public var displayNames: [URL: String] = [:]
    /// Called as each file is read, with its name (for progress output).
    public var onFile: (String) -> Void = { _ in }

    public init(season: Int, files: [NFLVerseFile: URL], context: Context, displayNames: [URL: String] = [:]) {
        self.season = season; self.files = files; self.context = context; self.displayNames = displayNames
    }

    /// The season's kind from its files: totals files and no weekly one (players.csv and games.csv, every season's,
    /// don't count) → totals; anything else → full (a schedule alone is a season about to start).
    public var kind: SeasonData.Kind {
        let weekly: Set<NFLVerseFile> = [.playerWeek, .teamWeek, .playByPlay]
        let totals = files[.playerTotals] != nil || files[.teamTotals] != nil
        return totals && !files.keys.contains(where: weekly.contains) ? .totals : .full
    }

    public func read() throws(DataFileError) -> SeasonData {
        var data = SeasonData(season: season, kind: kind)
        if let url = files[.players] { data.listedPlayers = try readPlayers(url, into: &data) }
        var players = context.players
        for (id, p) in data.listedPlayers ?? [:] { players[id] = p.player }

        if kind == .totals {
            try readTotals(players: players, listed: data.listedPlayers ?? [:], into: &data)
            return data
        }
        if let url = files[.games] { data.games = try readGames(url, into: &data) }
        let games = data.games ?? context.games
        let needSchedule: [NFLVerseFile] = [.playerWeek, .teamWeek, .playByPlay, .injuries, .weeklyRosters]
        if games.isEmpty && needSchedule.contains(where: { files[$0] != nil }) {
            throw DataFileError(file: files.values.map(\.lastPathComponent).sorted().first ?? "", line: 0, reason: """
                the season \(season) has no schedule: import games.csv (release tag schedules) with it, or first
                """)
        }
        let gameByID = Dictionary(games.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if let url = files[.playerWeek] {
            var rows: [(stat: WeeklyStat, game: String)] = []
            try readPlayerWeeks(url, players: players, games: gameByID, into: &data) { rows.append(($0, $1)) }
            data.playerWeeks = rows
        }
        if let url = files[.teamWeek] {
            var rows: [(stat: WeeklyStat, game: String)] = []
            try readTeamWeeks(url, games: gameByID, into: &data) { rows.append(($0, $1)) }
            data.teamWeeks = rows
        }
        if let url = files[.playByPlay] {
            var known = Set(players.keys)
            for t in Self.teams(of: games, season: season) { known.insert(NFLVerseStats.defenseID(team: t.abbreviation)) }
            let (rowsByGame, counts) = try readPlayByPlay(url, games: gameByID, into: &data)
            var out: [String: SeasonData.GamePlays] = [:]
            for (id, rows) in rowsByGame {
                guard let game = gameByID[id] else { continue }
                let (changes, teamOf) = PlayByPlay.changes(game: game, rows: rows)
                out[id] = SeasonData.GamePlays(plays: changes.filter { known.contains($0.playerID) }, teamOf: teamOf, rows: counts[id] ?? 0)
            }
            data.playByPlay = out
        }
        // Injury statuses: weeks of the schedule when there is one.
        let weeks = games.isEmpty ? 1...18 : games.map(\.week).min()!...games.map(\.week).max()!
        if let url = files[.injuries] { data.injuries = try readInjuries(url, weeks: weeks, into: &data) }
        if let url = files[.weeklyRosters] { data.rosterStatuses = try readWeeklyRosters(url, weeks: weeks, into: &data) }
        return data
    }

    // MARK: - Players

    typealias ListedPlayer = SeasonData.ListedPlayer

    func readPlayers(_ url: URL, into data: inout SeasonData) throws(DataFileError) -> [PlayerID: ListedPlayer] {
        let r = try open(url, .players)
        let c = try columns(r, .players, required: ["gsis_id", "display_name", "position"])
        let first = c.optional("first_name"), last = c.optional("last_name"), jersey = c.optional("jersey_number")
        let team = c.optional("latest_team"), rookie = c.optional("rookie_season"), lastSeason = c.optional("last_season")
        let drafted = c.optional("draft_year")
        var out: [PlayerID: ListedPlayer] = [:]
        try eachRecord(r, .players, url, into: &data) { line, bad throws(DataFileError) -> RowOutcome in
            let id = r.string(c[0])
            guard !id.isEmpty else { throw bad("gsis_id is empty") }
            guard Self.isGSIS(id) else { throw bad("gsis_id \(TerminalText.quoted(id)) is not a GSIS id (\(Self.gsisShape))") }
            guard let position = NFLVerseStats.position(r.string(c[2])) else { return .skipped }
            guard !r.isEmpty(c[1]) else { throw bad("display_name is empty") }
            let name = try Self.name(r.string(c[1]), "display_name", bad)
            var number: Int?
            if let jersey, !r.isEmpty(jersey) {
                guard let n = r.int(jersey), (0...99).contains(n) else { throw bad("jersey_number \(TerminalText.quoted(r.string(jersey))) is not a number 0–99") }
                number = n
            }
            func year(_ i: Int?, _ column: String) throws(DataFileError) -> Int? {
                guard let i, !r.isEmpty(i) else { return nil }
                guard let y = r.int(i), SeasonReader.plausibleSeasons.contains(y) else {
                    throw bad("\(column) \(TerminalText.quoted(r.string(i))) is not a season")
                }
                return y
            }
            func part(_ i: Int?, _ column: String) throws(DataFileError) -> String {
                guard let i, !r.isEmpty(i) else { return "" }
                return try Self.name(r.string(i), column, bad)
            }
            let player = Player(id: PlayerID(id), fullName: name, firstName: try part(first, "first_name"),
                                lastName: try part(last, "last_name"), position: position, nflTeam: "", jerseyNumber: number)
            if out[player.id] != nil { throw bad("second row for player \(id)") }
            out[player.id] = ListedPlayer(player: player, latestTeam: team.map { r.string($0) } ?? "",
                                          rookieSeason: try year(rookie, "rookie_season"), lastSeason: try year(lastSeason, "last_season"),
                                          draftYear: try year(drafted, "draft_year"))
            return .imported
        }
        return out
    }

    // MARK: - The schedule

    func readGames(_ url: URL, into data: inout SeasonData) throws(DataFileError) -> [Game] {
        let r = try open(url, .games)
        let c = try columns(r, .games, required: ["game_id", "season", "game_type", "week", "gameday", "gametime",
                                                   "away_team", "away_score", "home_team", "home_score"])
        let teams = NFLFranchises.abbreviations(season: season)
        var out: [Game] = []
        var seen: [String: Int] = [:]
        var otherSeasons = Set<Int>()
        var teamWeeks: [String: Int] = [:]   // "TEAM WEEK" → the line of its game
        try eachRecord(r, .games, url, into: &data) { line, bad throws(DataFileError) -> RowOutcome in
            let rowSeason = try Self.seasonField(r, c[1], bad)
            guard rowSeason == season else { otherSeasons.insert(rowSeason); return .skipped }
            guard r.equals(c[2], "REG") else { return .skipped }
            let id = r.string(c[0])
            let week = try Self.number(r, c[3], "week", in: 1...18, bad)
            let away = r.string(c[6]), home = r.string(c[8])
            for t in [away, home] where !teams.contains(t) {
                throw bad("unknown team abbreviation \(TerminalText.quoted(t)) (\(season) had \(teams.sorted().joined(separator: " ")))")
            }
            guard away != home else { throw bad("\(away) can't play itself") }
            let expected = "\(season)_\(week < 10 ? "0" : "")\(week)_\(away)_\(home)"
            guard id == expected else { throw bad("game_id \(TerminalText.quoted(id)) doesn't match its season, week and teams (expected \(expected))") }
            if let first = seen[id] { throw bad("second row for game \(id) (first on line \(first))") }
            seen[id] = line
            // A team plays at most one game a week: a schedule that has one twice is no season's (and no league could score it).
            for t in [away, home] {
                if let first = teamWeeks["\(t) \(week)"] {
                    throw bad("\(t) plays twice in week \(week) (its other game is on line \(first)): a team plays at most one game a week")
                }
                teamWeeks["\(t) \(week)"] = line
            }
            guard let kickoff = USEastern.utc(date: r.string(c[4]), time: r.string(c[5])) else {
                throw bad("gameday \(TerminalText.quoted(r.string(c[4]))) / gametime \(TerminalText.quoted(r.string(c[5]))) is not a date and a 24-hour time (US Eastern)")
            }
            let awayScore = r.isEmpty(c[7]) ? 0 : try Self.number(r, c[7], "away_score", in: 0...999, bad)
            let homeScore = r.isEmpty(c[9]) ? 0 : try Self.number(r, c[9], "home_score", in: 0...999, bad)
            out.append(Game(id: id, season: season, week: week, kickoff: kickoff, awayTeam: away, homeTeam: home,
                            awayScore: awayScore, homeScore: homeScore))
            return .imported
        }
        if out.isEmpty {
            let had = otherSeasons.isEmpty ? "" : " (it has \(otherSeasons.sorted().map(String.init).joined(separator: ", ")))"
            throw DataFileError(file: r.fileName, line: 1, reason: "no regular-season games of \(season)\(had): this schedule is of another season")
        }
        try Self.checkWeeks(out, season: season, file: r.fileName)
        return out
    }

    /// A regular season is 17 weeks (18 since 2021; 1993's had 18 too), numbered from 1 with games in each: a schedule
    /// with weeks missing or too few is refused (a file cut short, or not a whole season's).
    static func checkWeeks(_ games: [Game], season: Int, file: String) throws(DataFileError) {
        let weeks = Set(games.map(\.week))
        let last = weeks.max() ?? 0
        let missing = (1...max(last, 1)).filter { !weeks.contains($0) }
        guard (17...18).contains(last), missing.isEmpty else {
            let gap = missing.isEmpty ? "" : "; it has no games in week\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", "))"
            throw DataFileError(file: file, line: 0, reason: "the schedule of \(season) has \(weeks.count) week\(weeks.count == 1 ? "" : "s") "
                                + "of regular-season games, up to week \(last)\(gap): a regular season is weeks 1–17 (1–18 since 2021), every one with games")
        }
    }

    /// GSIS player ids are two digits, a hyphen and seven digits.
    static func isGSIS(_ id: String) -> Bool {
        let u = Array(id.utf8)
        return u.count == 10 && u[2] == UInt8(ascii: "-") && u.enumerated().allSatisfy { $0.offset == 2 || ($0.element >= 48 && $0.element <= 57) }
    }

    static let gsisShape = "two digits, a hyphen and seven digits, like 00-0033280"

    /// A player's name under the names rule every name in the product follows (`TextRules`): no control characters,
    /// NUL, escapes, invisible or direction characters, 1–40 characters; trimmed and spaces folded.
    static func name(_ raw: String, _ column: String, _ bad: (String) -> DataFileError) throws(DataFileError) -> String {
        do { return try TextRules.name(raw, field: column, what: column) } catch { throw bad(error.message) }
    }

    /// Teams of the season's schedule, with the bye week of each: the week between its first and last game in which it
    /// plays none (the first, in the rare seasons with two; 0 when it has none).
    static func teams(of games: [Game], season: Int) -> [NFLTeam] {
        var weeks: [String: Set<Int>] = [:]
        for g in games { weeks[g.homeTeam, default: []].insert(g.week); weeks[g.awayTeam, default: []].insert(g.week) }
        let all = Set(games.map(\.week))
        guard let first = all.min(), let last = all.max() else { return [] }
        return weeks.keys.sorted().compactMap { team in
            let bye = (first...last).first { !weeks[team]!.contains($0) } ?? 0
            return NFLFranchises.team(team, season: season, byeWeek: bye)
        }
    }

    // MARK: - Weekly stats

    func readPlayerWeeks(_ url: URL, players: [PlayerID: Player], games: [String: Game], into data: inout SeasonData,
                         _ row: (WeeklyStat, String) -> Void) throws(DataFileError) {
        let r = try open(url, .playerWeek)
        let c = try columns(r, .playerWeek, required: ["player_id", "position", "season", "week", "season_type", "game_id", "team",
                                                       "opponent_team"] + NFLVerseStats.playerColumns)
        let sources = NFLVerseStats.player.map { s in (s, s.columns.map { c.index[$0]! }) }
        var seen: [PlayerID: [Int: Int]] = [:]
        try eachRecord(r, .playerWeek, url, into: &data) { line, bad throws(DataFileError) -> RowOutcome in
            try checkSeason(r, c[2], line: line, bad)
            guard r.equals(c[4], "REG") else { return .skipped }
            guard NFLVerseStats.position(r.string(c[1])) != nil else { return .skipped }
            let id = PlayerID(r.string(c[0]))
            guard !id.rawValue.isEmpty else { throw bad("player_id is empty") }
            guard Self.isGSIS(id.rawValue) else { throw bad("player_id \(TerminalText.quoted(id.rawValue)) is not a GSIS id (\(Self.gsisShape))") }
            guard players[id] != nil else { throw bad("unknown player id \"\(id.rawValue)\" (not in players.csv, nor stored)") }
            let week = try Self.number(r, c[3], "week", in: 1...18, bad)
            let (game, team, opponent) = try gameAndTeams(r, gameColumn: c[5], teamColumn: c[6], opponentColumn: c[7], week: week, games: games, bad)
            if let first = seen[id]?[week] { throw bad("second row for player \(id.rawValue), week \(week) (first on line \(first))") }
            seen[id, default: [:]][week] = line
            let stats = try Self.statLine(r, sources, bad)
            row(WeeklyStat(playerID: id, season: season, week: week, nflTeam: team, opponent: opponent, stats: stats), game.id)
            return .imported
        }
    }

    func readTeamWeeks(_ url: URL, games: [String: Game], into data: inout SeasonData, _ row: (WeeklyStat, String) -> Void) throws(DataFileError) {
        let r = try open(url, .teamWeek)
        let c = try columns(r, .teamWeek, required: ["season", "week", "team", "season_type", "game_id", "opponent_team"]
                                                  + NFLVerseStats.defenseColumns)
        let sources = NFLVerseStats.defense.map { s in (s, s.columns.map { c.index[$0]! }) }
        var seen: [String: Int] = [:]
        try eachRecord(r, .teamWeek, url, into: &data) { line, bad throws(DataFileError) -> RowOutcome in
            try checkSeason(r, c[0], line: line, bad)
            guard r.equals(c[3], "REG") else { return .skipped }
            let week = try Self.number(r, c[1], "week", in: 1...18, bad)
            let (game, team, opponent) = try gameAndTeams(r, gameColumn: c[4], teamColumn: c[2], opponentColumn: c[5], week: week, games: games, bad)
            let key = "\(team) \(week)"
            if let first = seen[key] { throw bad("second row for team \(team), week \(week) (first on line \(first))") }
            seen[key] = line
            var stats = try Self.statLine(r, sources, bad)
            stats.pointsAllowed = team == game.homeTeam ? game.awayScore : game.homeScore
            row(WeeklyStat(playerID: NFLVerseStats.defenseID(team: team), season: season, week: week, nflTeam: team, opponent: opponent,
                           stats: stats), game.id)
            return .imported
        }
    }

    /// A stats row's game and its team and opponent as the season names them. The row's team must be one of the game's
    /// two (as the season abbreviates it, or as nflverse's current abbreviation does: `LV` for 2019's `OAK`).
    func gameAndTeams(_ r: CSVReader, gameColumn: Int, teamColumn: Int, opponentColumn: Int, week: Int, games: [String: Game],
                      _ bad: (String) -> DataFileError) throws(DataFileError) -> (Game, String, String) {
        let id = r.string(gameColumn)
        guard let game = games[id] else {
            throw bad(games.isEmpty ? "game \(TerminalText.quoted(id)): no schedule to find it in" : "unknown game \(TerminalText.quoted(id)) (not a regular-season game of \(season) in games.csv)")
        }
        guard game.week == week else { throw bad("week \(week), but game \(id) is in week \(game.week)") }
        let team = r.string(teamColumn)
        func resolve(_ t: String) -> String? {
            if t == game.homeTeam || NFLFranchises.sameFranchise(t, game.homeTeam) { return game.homeTeam }
            if t == game.awayTeam || NFLFranchises.sameFranchise(t, game.awayTeam) { return game.awayTeam }
            return nil
        }
        guard let own = resolve(team) else {
            throw bad("unknown team abbreviation \(TerminalText.quoted(team)) (game \(id) is \(game.awayTeam) at \(game.homeTeam))")
        }
        let opponent = game.opponent(of: own) ?? ""
        let named = r.string(opponentColumn)
        guard named.isEmpty || resolve(named) == opponent else {
            throw bad("unknown team abbreviation \(TerminalText.quoted(named)) in opponent_team (game \(id) is \(game.awayTeam) at \(game.homeTeam))")
        }
        return (game, own, opponent)
    }

    // MARK: - Fields

    /// What a file's row reader made of one record.
    enum RowOutcome { case imported, skipped }

    /// Reads every record of `r` (the file `url` holds, as `file`): `row` gets the record's line and a maker of its
    /// `FILE:LINE: reason` refusals, and says whether the row was imported or skipped; the file's count of rows,
    /// imported and skipped goes into `data` (the import's report).
    func eachRecord(_ r: CSVReader, _ file: NFLVerseFile, _ url: URL, into data: inout SeasonData,
                    _ row: (_ line: Int, _ bad: (String) -> DataFileError) throws(DataFileError) -> RowOutcome) throws(DataFileError) {
        var count = SeasonData.FileCount(file: file, name: url.lastPathComponent)
        let fileName = r.fileName
        while try r.advance() {
            count.rows += 1
            let line = r.recordLine
            switch try row(line, { DataFileError(file: fileName, line: line, reason: $0) }) {
            case .imported: count.imported += 1
            case .skipped: count.skipped += 1
            }
        }
        data.fileCounts.append(count)
    }

    /// Opens a file (inflating `.gz`), reporting it under its name.
    func open(_ url: URL, _ file: NFLVerseFile) throws(DataFileError) -> CSVReader {
        let name = displayNames[url] ?? url.lastPathComponent
        onFile(name)
        guard let r = CSVReader(path: url.path, fileName: name) else {
            throw DataFileError(file: name, line: 0, reason: "cannot read \(url.path)")
        }
        return r
    }

    /// A header's columns by name.
    struct Columns {
        let index: [String: Int]
        let required: [Int]
        subscript(_ k: Int) -> Int { required[k] }
        func optional(_ name: String) -> Int? { index[name] }
    }

    /// Reads the header and finds `required`; a header of another layout is named as such.
    func columns(_ r: CSVReader, _ file: NFLVerseFile, required: [String]) throws(DataFileError) -> Columns {
        let header = try r.readHeader()
        let index = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let missing = required.filter { index[$0] == nil }
        guard missing.isEmpty else {
            throw DataFileError(file: r.fileName, line: 1, reason: Self.layoutSentence(header: Set(header), file: file, missing: missing))
        }
        return Columns(index: index, required: required.map { index[$0]! })
    }

    /// Why a header isn't the one expected: a known other layout by name, else the columns it lacks.
    static func layoutSentence(header: Set<String>, file: NFLVerseFile, missing: [String]) -> String {
        let expected = "\(file.name(season: 0).replacingOccurrences(of: "_0.csv", with: "_YEAR.csv")) (release tag \(file.tag))"
        if header.contains("recent_team") && header.contains("interceptions") && !header.contains("passing_interceptions") {
            return "this header is nflverse's legacy player_stats layout (recent_team, interceptions, …), not the current one: " +
                "the importer reads \(expected), nflreadr ≥ 1.5's layout"
        }
        if header.contains("elapsed_s") && header.contains("play_seq") {
            return "this header is the app's old plays.csv layout, not nflverse's: the importer reads \(expected)"
        }
        if header.contains("play_id") && header.contains("desc") && file != .playByPlay {
            return "this header is nflverse's play-by-play, not the \(file.what) expected in this file: \(expected)"
        }
        if header.contains("player_id") && header.contains("week") && file != .playerWeek && file != .playerTotals {
            return "this header is nflverse's weekly player stats, not the \(file.what) expected in this file: \(expected)"
        }
        let shown = missing.prefix(4).joined(separator: ", ") + (missing.count > 4 ? ", … (\(missing.count) in all)" : "")
        return "this header is not nflverse's \(file.what) layout — it lacks \(shown); expected \(expected)"
    }

    /// A file's season column must be the season being imported: the first row of another season names the file as such.
    func checkSeason(_ r: CSVReader, _ column: Int, line: Int, _ bad: (String) -> DataFileError) throws(DataFileError) {
        let value = try Self.seasonField(r, column, bad)
        guard value == season else {
            throw bad("a row of season \(value): this file is of another season than \(season)")
        }
    }

    static func seasonField(_ r: CSVReader, _ column: Int, _ bad: (String) -> DataFileError) throws(DataFileError) -> Int {
        let text = r.string(column)
        guard text.utf8.count == 4, let v = r.int(column) else { throw bad("season \(TerminalText.quoted(text)) is not a 4-digit year") }
        guard SeasonReader.plausibleSeasons.contains(v) else {
            throw bad("season \(text) is outside \(SeasonReader.plausibleSeasons.lowerBound)–\(SeasonReader.plausibleSeasons.upperBound)")
        }
        return v
    }

    /// A whole number within `range` (a number too long to read at all is out of range, not "not a number").
    static func number(_ r: CSVReader, _ i: Int, _ name: String, in range: ClosedRange<Int>, _ bad: (String) -> DataFileError,
                       plausible: Bool = false) throws(DataFileError) -> Int {
        if let v = r.int(i), range.contains(v) { return v }
        return try SeasonReader.wholeNumber(r.string(i), name, in: range, bad, plausible: plausible)
    }

    /// A stat line from a row: each stat the sum of its nflverse columns, each column a whole number within the
    /// plausible range for `weeks` weeks (empty = 0; team sacks may be halves, rounded).
    static func statLine(_ r: CSVReader, _ sources: [(NFLVerseStats.Source, [Int])], _ bad: (String) -> DataFileError,
                         weeks: Int = 1) throws(DataFileError) -> StatLine {
        var line = StatLine()
        for (source, columns) in sources {
            let weekly = StatLine.plausibleWeeklyRange(source.stat)
            let range = weeks == 1 ? weekly : (weekly.lowerBound * weeks)...(weekly.upperBound * weeks)
            var total = 0
            for (k, i) in columns.enumerated() where !r.isEmpty(i) {
                let name = source.columns[k]
                if let v = r.int(i), range.contains(v) { total += v; continue }
                if NFLVerseStats.roundedColumns.contains(name), let d = Double(r.string(i)), d.isFinite, d >= Double(range.lowerBound),
                   d <= Double(range.upperBound) {
                    total += Int(d.rounded(.toNearestOrAwayFromZero)); continue
                }
                total += try SeasonReader.wholeNumber(r.string(i), name, in: range, bad, plausible: true)
            }
            line[index: source.index] = total
        }
        return line
    }

    /// Seasons a file may name.
    public static let plausibleSeasons = 1920...2100

    /// Digits with an optional leading minus, within `range`. A number too long to read is out of range, not
    /// "not a whole number": it IS one, just an absurd one.
    static func wholeNumber(_ text: String, _ name: String, in range: ClosedRange<Int>,
                            _ error: (String) -> DataFileError, plausible: Bool = false) throws(DataFileError) -> Int {
        if text.isEmpty { throw error("\(name) is empty") }
        let u = text.utf8
        let negative = u.first == UInt8(ascii: "-")
        let digits = u.dropFirst(negative ? 1 : 0)
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            throw error("\(name) \(TerminalText.quoted(text)) is not a whole number")
        }
        if let v = Int(text), range.contains(v) { return v }
        // A number pasted a thousand digits long is shown by its start and its length, not in full.
        let text = text.utf8.count > 24 ? "\(text.prefix(20))… (\(digits.count) digits)" : text
        if plausible && negative && range.lowerBound >= 0 { throw error("\(name) \(text) is negative") }
        throw error("\(name) \(text) is outside \(range.lowerBound)–\(range.upperBound)\(plausible ? " (the plausible range for one week)" : "")")
    }
}
