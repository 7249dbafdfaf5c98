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
        if games.isEmpty && (files[.playerWeek] != nil || files[.teamWeek] != nil || files[.playByPlay] != nil) {
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
        return data
    }

    // MARK: - Players

    typealias ListedPlayer = SeasonData.ListedPlayer

    func readPlayers(_ url: URL, into data: inout SeasonData) throws(DataFileError) -> [PlayerID: ListedPlayer] {
        let r = try open(url, .players)
        let c = try columns(r, .players, required: ["gsis_id", "display_name", "position"])
        let first = c.optional("first_name"), last = c.optional("last_name"), jersey = c.optional("jersey_number")
        let team = c.optional("latest_team"), rookie = c.optional("rookie_season"), lastSeason = c.optional("last_season")
        var count = SeasonData.FileCount(file: .players, name: url.lastPathComponent)
        var out: [PlayerID: ListedPlayer] = [:]
        while try r.advance() {
            count.rows += 1
            let line = r.recordLine
            func bad(_ reason: String) -> DataFileError { DataFileError(file: r.fileName, line: line, reason: reason) }
            let id = r.string(c[0])
            guard !id.isEmpty else { throw bad("gsis_id is empty") }
            guard Self.isGSIS(id) else { throw bad("gsis_id \(TerminalText.quoted(id)) is not a GSIS id (\(Self.gsisShape))") }
            guard let position = NFLVerseStats.position(r.string(c[2])) else { count.skipped += 1; continue }
            guard !r.isEmpty(c[1]) else { throw bad("display_name is empty") }
            let name = try Self.name(r.string(c[1]), "display_name", bad)
            var number: Int?
            if let jersey, !r.isEmpty(jersey) {
                guard let n = r.int(jersey), (0...99).contains(n) else { throw bad("jersey_number \(TerminalText.quoted(r.string(jersey))) is not a number 0–99") }
                number = n
            }
            func year(_ i: Int?) throws(DataFileError) -> Int? {
                guard let i, !r.isEmpty(i) else { return nil }
                guard let y = r.int(i), SeasonReader.plausibleSeasons.contains(y) else { throw bad("\(TerminalText.quoted(r.string(i))) is not a season") }
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
                                          rookieSeason: try year(rookie), lastSeason: try year(lastSeason))
            count.imported += 1
        }
        data.fileCounts.append(count)
        return out
    }

    // MARK: - The schedule

    func readGames(_ url: URL, into data: inout SeasonData) throws(DataFileError) -> [Game] {
        let r = try open(url, .games)
        let c = try columns(r, .games, required: ["game_id", "season", "game_type", "week", "gameday", "gametime",
                                                   "away_team", "away_score", "home_team", "home_score"])
        var count = SeasonData.FileCount(file: .games, name: url.lastPathComponent)
        let teams = NFLFranchises.abbreviations(season: season)
        var out: [Game] = []
        var seen: [String: Int] = [:]
        var otherSeasons = Set<Int>()
        var teamWeeks: [String: Int] = [:]   // "TEAM WEEK" → the line of its game
        while try r.advance() {
            count.rows += 1
            let line = r.recordLine
            func bad(_ reason: String) -> DataFileError { DataFileError(file: r.fileName, line: line, reason: reason) }
            let rowSeason = try Self.seasonField(r, c[1], bad)
            guard rowSeason == season else { otherSeasons.insert(rowSeason); count.skipped += 1; continue }
            guard r.equals(c[2], "REG") else { count.skipped += 1; continue }
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
            count.imported += 1
        }
        data.fileCounts.append(count)
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
        var count = SeasonData.FileCount(file: .playerWeek, name: url.lastPathComponent)
        var seen: [PlayerID: [Int: Int]] = [:]
        while try r.advance() {
            count.rows += 1
            let line = r.recordLine
            func bad(_ reason: String) -> DataFileError { DataFileError(file: r.fileName, line: line, reason: reason) }
            try checkSeason(r, c[2], line: line, bad)
            guard r.equals(c[4], "REG") else { count.skipped += 1; continue }
            guard NFLVerseStats.position(r.string(c[1])) != nil else { count.skipped += 1; continue }
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
            count.imported += 1
        }
        data.fileCounts.append(count)
    }

    func readTeamWeeks(_ url: URL, games: [String: Game], into data: inout SeasonData, _ row: (WeeklyStat, String) -> Void) throws(DataFileError) {
        let r = try open(url, .teamWeek)
        let c = try columns(r, .teamWeek, required: ["season", "week", "team", "season_type", "game_id", "opponent_team"]
                                                  + NFLVerseStats.defenseColumns)
        let sources = NFLVerseStats.defense.map { s in (s, s.columns.map { c.index[$0]! }) }
        var count = SeasonData.FileCount(file: .teamWeek, name: url.lastPathComponent)
        var seen: [String: Int] = [:]
        while try r.advance() {
            count.rows += 1
            let line = r.recordLine
            func bad(_ reason: String) -> DataFileError { DataFileError(file: r.fileName, line: line, reason: reason) }
            try checkSeason(r, c[0], line: line, bad)
            guard r.equals(c[3], "REG") else { count.skipped += 1; continue }
            let week = try Self.number(r, c[1], "week", in: 1...18, bad)
            let (game, team, opponent) = try gameAndTeams(r, gameColumn: c[4], teamColumn: c[2], opponentColumn: c[5], week: week, games: games, bad)
            let key = "\(team) \(week)"
            if let first = seen[key] { throw bad("second row for team \(team), week \(week) (first on line \(first))") }
            seen[key] = line
            var stats = try Self.statLine(r, sources, bad)
            stats.pointsAllowed = team == game.homeTeam ? game.awayScore : game.homeScore
            row(WeeklyStat(playerID: NFLVerseStats.defenseID(team: team), season: season, week: week, nflTeam: team, opponent: opponent,
                           stats: stats), game.id)
            count.imported += 1
        }
        data.fileCounts.append(count)
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

    // MARK: - Play by play

    func readPlayByPlay(_ url: URL, games: [String: Game], into data: inout SeasonData) throws(DataFileError)
        -> (rows: [String: [PlayByPlayRow]], counts: [String: Int]) {
        let r = try open(url, .playByPlay)
        let c = try columns(r, .playByPlay, required: ["season_type"] + PlayByPlay.columns)
        let seasonColumn = c.optional("season")
        // Every column's index once, not per row.
        func at(_ name: String) -> Int { c.index[name]! }
        let flagColumns = PlayByPlayRow.Flags.columns.map { (at($0.0), $0.0, $0.1) }
        let seasonType = c[0]
        let (playID, gameID, week, home, away, posteam, defteam, qtr, qsr) =
            (at("play_id"), at("game_id"), at("week"), at("home_team"), at("away_team"), at("posteam"), at("defteam"), at("qtr"),
             at("quarter_seconds_remaining"))
        let (playType, fgResult, xpResult, twoResult, tdTeam, tdPlayer) =
            (at("play_type"), at("field_goal_result"), at("extra_point_result"), at("two_point_conv_result"), at("td_team"), at("td_player_id"))
        let (passer, receiver, rusher, latReceiver, latRusher, kicker, kickoffReturner, puntReturner) =
            (at("passer_player_id"), at("receiver_player_id"), at("rusher_player_id"), at("lateral_receiver_player_id"),
             at("lateral_rusher_player_id"), at("kicker_player_id"), at("kickoff_returner_player_id"), at("punt_returner_player_id"))
        let (fumbled1, fumbled1Team, fumbled2, fumbled2Team, recovery1, recovery2, sackPlayer, halfSack) =
            (at("fumbled_1_player_id"), at("fumbled_1_team"), at("fumbled_2_player_id"), at("fumbled_2_team"), at("fumble_recovery_1_team"),
             at("fumble_recovery_2_team"), at("sack_player_id"), at("half_sack_1_player_id"))
        let (kickDistance, passingYards, receivingYards, rushingYards, latReceivingYards, latRushingYards) =
            (at("kick_distance"), at("passing_yards"), at("receiving_yards"), at("rushing_yards"), at("lateral_receiving_yards"),
             at("lateral_rushing_yards"))
        let (homeScore, awayScore) = (at("total_home_score"), at("total_away_score"))
        var count = SeasonData.FileCount(file: .playByPlay, name: url.lastPathComponent)
        var out: [String: [PlayByPlayRow]] = [:]
        var counts: [String: Int] = [:]
        // Rows come game by game: the current game's rows and play ids are kept apart until the next game starts.
        var current: (id: String, game: Game, rows: [PlayByPlayRow], ids: Set<Int>)?
        func flush() {
            guard let g = current else { return }
            out[g.id, default: []].append(contentsOf: g.rows)
            counts[g.id, default: 0] += g.rows.count
            current = nil
        }
        let fileName = r.fileName
        while try r.advance() {
            count.rows += 1
            let line = r.recordLine
            func bad(_ reason: String) -> DataFileError { DataFileError(file: fileName, line: line, reason: reason) }
            if let seasonColumn { try checkSeason(r, seasonColumn, line: line, bad) }
            guard r.equals(seasonType, "REG") else { count.skipped += 1; continue }
            var p = PlayByPlayRow()
            p.gameID = r.string(gameID)
            if current?.id != p.gameID {
                flush()
                guard let game = games[p.gameID] else {
                    if !p.gameID.hasPrefix("\(season)_") {
                        throw bad("game \(TerminalText.quoted(p.gameID)) is not of season \(season): this file is of another season")
                    }
                    throw bad("unknown game \(TerminalText.quoted(p.gameID)) (not a regular-season game of \(season) in games.csv)")
                }
                current = (p.gameID, game, [], [])
                // A game's rows are one run in nflverse's files; a game met again goes on from what it had.
                if let earlier = out.removeValue(forKey: p.gameID) {
                    current!.rows = earlier
                    current!.ids = Set(earlier.map(\.playID))
                    counts[p.gameID] = 0
                }
            }
            let game = current!.game
            p.playID = try Self.number(r, playID, "play_id", in: 1...1_000_000, bad)
            if !current!.ids.insert(p.playID).inserted { throw bad("second row for play \(p.playID) of \(p.gameID)") }
            p.week = try Self.number(r, week, "week", in: 1...18, bad)
            guard p.week == game.week else { throw bad("week \(p.week), but game \(p.gameID) is in week \(game.week)") }
            p.homeTeam = r.string(home); p.awayTeam = r.string(away)
            guard NFLFranchises.sameFranchise(p.homeTeam, game.homeTeam) && NFLFranchises.sameFranchise(p.awayTeam, game.awayTeam) else {
                throw bad("unknown team abbreviation: home_team \(TerminalText.quoted(p.homeTeam)), away_team \(TerminalText.quoted(p.awayTeam)) (game \(p.gameID) is \(game.awayTeam) at \(game.homeTeam))")
            }
            p.posteam = r.string(posteam); p.defteam = r.string(defteam)
            for (name, t) in [("posteam", p.posteam), ("defteam", p.defteam)] where !t.isEmpty && t != p.homeTeam && t != p.awayTeam {
                throw bad("unknown team abbreviation \(TerminalText.quoted(t)) in \(name) (game \(p.gameID) is \(p.awayTeam) at \(p.homeTeam))")
            }
            p.quarter = try Self.number(r, qtr, "qtr", in: 1...6, bad)
            p.quarterSecondsRemaining = r.isEmpty(qsr) ? 0 : try Self.number(r, qsr, "quarter_seconds_remaining", in: 0...900, bad)
            p.playType = r.string(playType)
            for (column, name, flag) in flagColumns where !r.isEmpty(column) {
                if r.equals(column, "1") { p.flags.insert(flag) } else if !r.equals(column, "0") {
                    throw bad("\(name) \(TerminalText.quoted(r.string(column))) is not 0 or 1")
                }
            }
            p.fieldGoalResult = r.string(fgResult)
            p.extraPointResult = r.string(xpResult)
            p.twoPointResult = r.string(twoResult)
            func yards(_ column: Int, _ name: String) throws(DataFileError) -> Int {
                r.isEmpty(column) ? 0 : try Self.number(r, column, name, in: -200...200, bad)
            }
            p.kickDistance = try yards(kickDistance, "kick_distance")
            p.passingYards = try yards(passingYards, "passing_yards"); p.receivingYards = try yards(receivingYards, "receiving_yards")
            p.rushingYards = try yards(rushingYards, "rushing_yards")
            p.lateralReceivingYards = try yards(latReceivingYards, "lateral_receiving_yards")
            p.lateralRushingYards = try yards(latRushingYards, "lateral_rushing_yards")
            p.tdTeam = r.string(tdTeam); p.tdPlayer = r.string(tdPlayer)
            p.passer = r.string(passer); p.receiver = r.string(receiver); p.rusher = r.string(rusher)
            p.lateralReceiver = r.string(latReceiver); p.lateralRusher = r.string(latRusher)
            p.kicker = r.string(kicker)
            p.kickoffReturner = r.string(kickoffReturner); p.puntReturner = r.string(puntReturner)
            p.fumbled1Player = r.string(fumbled1); p.fumbled1Team = r.string(fumbled1Team)
            p.fumbled2Player = r.string(fumbled2); p.fumbled2Team = r.string(fumbled2Team)
            p.recovery1Team = r.string(recovery1); p.recovery2Team = r.string(recovery2)
            p.sackPlayer = r.string(sackPlayer); p.halfSack1Player = r.string(halfSack)
            p.totalHomeScore = r.isEmpty(homeScore) ? 0 : try Self.number(r, homeScore, "total_home_score", in: 0...999, bad)
            p.totalAwayScore = r.isEmpty(awayScore) ? 0 : try Self.number(r, awayScore, "total_away_score", in: 0...999, bad)
            current!.rows.append(p)
            count.imported += 1
        }
        flush()
        data.fileCounts.append(count)
        return (out, counts)
    }

    // MARK: - Season totals

    func readTotals(players: [PlayerID: Player], listed: [PlayerID: ListedPlayer], into data: inout SeasonData) throws(DataFileError) {
        var totals: [PriorSeasonStat] = []
        var pool: [PlayerID: Player] = [:]
        if let url = files[.playerTotals] {
            let r = try open(url, .playerTotals)
            let c = try columns(r, .playerTotals, required: ["player_id", "position", "season", "season_type", "games"] + NFLVerseStats.playerColumns)
            let team = c.optional("recent_team") ?? c.optional("team")
            let sources = NFLVerseStats.player.map { s in (s, s.columns.map { c.index[$0]! }) }
            var count = SeasonData.FileCount(file: .playerTotals, name: url.lastPathComponent)
            var seen: [PlayerID: Int] = [:]
            while try r.advance() {
                count.rows += 1
                let line = r.recordLine
                func bad(_ reason: String) -> DataFileError { DataFileError(file: r.fileName, line: line, reason: reason) }
                try checkSeason(r, c[2], line: line, bad)
                guard r.equals(c[3], "REG"), NFLVerseStats.position(r.string(c[1])) != nil else { count.skipped += 1; continue }
                let id = PlayerID(r.string(c[0]))
                guard Self.isGSIS(id.rawValue) else { throw bad("player_id \(TerminalText.quoted(id.rawValue)) is not a GSIS id (\(Self.gsisShape))") }
                guard var p = players[id] else { throw bad("unknown player id \"\(id.rawValue)\" (not in players.csv, nor stored)") }
                if let first = seen[id] { throw bad("second row for player \(id.rawValue) (first on line \(first))") }
                seen[id] = line
                let games = try Self.number(r, c[4], "games", in: 0...20, bad)
                totals.append(PriorSeasonStat(playerID: id, season: season, games: games, stats: try Self.statLine(r, sources, bad, weeks: 20)))
                let teamText = team.map { r.string($0) } ?? listed[id]?.latestTeam ?? ""
                if teamText.isEmpty {
                    p.nflTeam = ""
                } else if let t = NFLFranchises.seasonAbbreviation(teamText, season: season) {
                    p.nflTeam = t
                } else {
                    throw bad("unknown team abbreviation \(TerminalText.quoted(teamText)) for player \(id.rawValue)")
                }
                pool[id] = p
                count.imported += 1
            }
            data.fileCounts.append(count)
        }
        if let url = files[.teamTotals] {
            let r = try open(url, .teamTotals)
            let c = try columns(r, .teamTotals, required: ["season", "team", "season_type", "games"] + NFLVerseStats.defenseColumns)
            let allowed = c.optional("points_allowed")
            let sources = NFLVerseStats.defense.map { s in (s, s.columns.map { c.index[$0]! }) }
            var count = SeasonData.FileCount(file: .teamTotals, name: url.lastPathComponent)
            var teams: [NFLTeam] = []
            while try r.advance() {
                count.rows += 1
                let line = r.recordLine
                func bad(_ reason: String) -> DataFileError { DataFileError(file: r.fileName, line: line, reason: reason) }
                try checkSeason(r, c[0], line: line, bad)
                guard r.equals(c[2], "REG") else { count.skipped += 1; continue }
                let text = r.string(c[1])
                guard let t = NFLFranchises.team(text, season: season, byeWeek: 0) else {
                    throw bad("unknown team abbreviation \(TerminalText.quoted(text))")
                }
                var stats = try Self.statLine(r, sources, bad, weeks: 20)
                if let allowed { stats.pointsAllowed = r.isEmpty(allowed) ? 0 : try Self.number(r, allowed, "points_allowed", in: 0...6000, bad) }
                let id = NFLVerseStats.defenseID(team: t.abbreviation)
                totals.append(PriorSeasonStat(playerID: id, season: season, games: try Self.number(r, c[3], "games", in: 0...20, bad), stats: stats))
                pool[id] = NFLVerseStats.defensePlayer(t)
                teams.append(t)
                count.imported += 1
            }
            data.totalsTeams = teams
            data.fileCounts.append(count)
        }
        data.totals = totals
        data.totalsPlayers = pool.values.sorted { $0.id < $1.id }
    }

    // MARK: - Fields

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
