import ClubhouseDomain
import Foundation
import Synchronization

/// `clubhouse season import`: nflverse's files of one or more seasons into the database, in one transaction, all or
/// nothing. The one data path for season facts: the shipped demo season is seeded through it too.
///
/// For each season found (a folder's `stats_player_week_2019.csv.gz` etc. name theirs; `players.csv` and `games.csv`
/// hold every season and are read for each): the files are read and checked (`SeasonReader`: the first bad row stops
/// everything with `FILE:LINE: reason`), put together with what is stored for the kinds of file not given, and written
/// as differences — a row is inserted, updated or deleted only when it changed, so re-importing the same files
/// changes nothing and newer files of the same season apply only what changed (a stat correction, a new week of
/// plays). What it puts together:
/// - the season's games (kickoffs converted from US Eastern to UTC), its teams with their bye weeks;
/// - weekly lines: players from the player stats file, team defenses from the team stats file (points allowed from
///   the schedule), and for a game with play-by-play but no stats rows yet, the sums of its plays;
/// - per-play stat changes from play-by-play, plus residual rows where a game's plays and box scores disagree, so a
///   final game's plays add up to its box scores exactly;
/// - the season's players (`player_seasons`: each with his team that season) and their names, positions and rookie
///   seasons (`players`: created or updated; players.csv's `rookie_season`, else `draft_year`);
/// - a totals season (only `stats_player_reg` / `stats_team_reg` files): each player's totals, the basis of the next
///   season's pre-draft rankings.
public enum SeasonImport {
    /// What an import did, per season.
    public struct Report: Sendable {
        public var seasons: [SeasonReport] = []
        /// Files in the folder that aren't nflverse's (never read).
        public var ignoredFiles: [String] = []
        /// Whether anything was written.
        public var changedAnything: Bool { seasons.contains { $0.changes.total > 0 } }
    }

    public struct SeasonReport: Sendable {
        public var season: Int
        public var kind: SeasonData.Kind
        public var files: [SeasonData.FileCount]
        public var changes: Changes
        /// What the database holds for the season afterwards.
        public var stored: SeasonInfo
        /// Weeks whose games, plays, weekly lines or injury statuses changed (a refresh tells the leagues on the season which
        /// weeks moved).
        public var changedWeeks: Set<Int>
    }

    /// Rows written, by table: inserted + updated + deleted.
    public struct Changes: Hashable, Sendable {
        /// Players created, renamed or given a new rookie season; players whose team this season is new or changed.
        public var players = 0, playerTeams = 0
        public var teams = 0, games = 0, weeklyStats = 0, plays = 0, totals = 0
        /// Player-weeks whose injury status was stored, changed or cleared.
        public var injuries = 0
        public var total: Int { players + playerTeams + teams + games + weeklyStats + plays + totals + injuries }
    }

    /// Imports `path` (a folder of nflverse files, or one file) into `db`: every season found, or only `season`. A bad
    /// file is `.failure` with nothing written; a storage failure throws (and writes nothing either).
    public static func run(path: String, season: Int? = nil, into db: Database, now: Date = Date(),
                           onFile: @escaping (String) -> Void = { _ in }) throws -> Result<Report, DataFileError> {
        let set: SeasonFileSet
        do { set = try SeasonFileSet.scan(path) } catch { return .failure(error) }
        do {
            return .success(try db.transaction { c in try importSeasons(set, only: season, session: c, now: now, onFile: onFile) })
        } catch let error as DataFileError {
            return .failure(error)   // rolled back: nothing written
        }
    }

    /// The same inside a transaction the caller holds, on SQLite or PostgreSQL.
    package static func importSeasons(_ set: SeasonFileSet, only: Int?, session c: some StoreSQLSession, now: Date,
                                      onFile: @escaping (String) -> Void = { _ in }) throws -> Report {
        var years = set.seasonYears
        if let only {
            guard years.contains(only) || set.shared[.games] != nil else {
                let have = years.isEmpty ? "" : " (it has \(years.map(String.init).joined(separator: ", ")))"
                throw DataFileError(file: set.shared.values.first?.deletingLastPathComponent().path ?? "", line: 0,
                                    reason: "no files of season \(only)\(have)")
            }
            years = [only]
        } else if years.isEmpty {
            throw DataFileError(file: set.shared.values.first?.lastPathComponent ?? "", line: 0, reason: set.shared.isEmpty
                ? "no nflverse files here (players.csv, games.csv, stats_player_week_YEAR.csv, play_by_play_YEAR.csv, …)"
                : "which season? players.csv and games.csv hold every season: name one with --season YEAR")
        }
        var report = Report(ignoredFiles: set.ignored)
        // Totals seasons first: they never depend on a later one; then ascending.
        for year in years {
            let files = set.shared.merging(set.seasons[year] ?? [:]) { a, _ in a }
            report.seasons.append(try importSeason(year, files: files, names: set.displayNames, session: c, now: now, onFile: onFile))
        }
        if report.changedAnything {
            // Running apps reload their cached season facts when this number changes.
            try c.run("""
                INSERT INTO meta (key, value) VALUES ('season_data_version', '1')
                ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(meta.value AS INTEGER) + 1 AS TEXT)
                """, [])
        }
        return report
    }

    static func importSeason(_ season: Int, files: [NFLVerseFile: URL], names: [URL: String], session c: some StoreSQLSession, now: Date,
                             onFile: @escaping (String) -> Void) throws -> SeasonReport {
        let stored = try StoredSeason.load(season, session: c)
        var reader = SeasonReader(season: season, files: files,
                                  context: SeasonReader.Context(players: stored.allPlayers, games: stored.games, now: now), displayNames: names)
        reader.onFile = onFile
        return try apply(try reader.read(), stored: stored, session: c, now: now)
    }

    /// Writes a season read from its files (and checked) as differences against what is stored. `schema`: the version
    /// the database is at (a migration older than the latest imports with its own: no injury reports before v14, no
    /// rookie seasons before v19).
    static func apply(_ data: SeasonData, stored: StoredSeason? = nil, session c: some StoreSQLSession, now: Date,
                      schema: Int = Schema.latestVersion) throws -> SeasonReport {
        let injuryTable = schema >= 14
        var stored = try stored ?? StoredSeason.load(data.season, session: c, rookieColumn: schema >= 19)
        if injuryTable && (data.injuries != nil || data.rosterStatuses != nil) { try stored.loadInjuries(session: c) }
        // Games whose stats lines are given without their play-by-play: their stored plays get new residuals.
        let games = Assembled.gamesNeedingStoredPlays(data)
        if data.kind == .full && !games.isEmpty { try stored.loadPlays(session: c, games: games) }
        var writer = SeasonWriter(season: data.season, stored: stored, session: c)
        let assembled = data.kind == .totals ? nil : Assembled(data: data, stored: stored, now: now)
        if let assembled { try assembled.checkFinalGames(data, now: now) }
        try writer.write(data, assembled: assembled, now: now)
        return SeasonReport(season: data.season, kind: data.kind, files: data.fileCounts, changes: writer.changes,
                            stored: try SeasonInfo.load(data.season, session: c, countingInjuries: injuryTable)
                                ?? SeasonInfo(season: data.season, kind: data.kind),
                            changedWeeks: writer.changedWeeks)
    }

    // MARK: - The shipped seasons

    /// The shipped seasons, read and checked once per process (the files never change under a running program; tests and
    /// the bench seed many databases).
    private static let shipped = Mutex<[SeasonData]?>(nil)

    /// The files shipped (`Resources/nflverse`): 2019 in full and 2018's totals.
    public static let shippedFiles = ["players.csv.gz", "games.csv.gz", "stats_player_week_2019.csv.gz", "stats_team_week_2019.csv.gz",
                                      "play_by_play_2019.csv.gz", "stats_player_reg_2018.csv.gz", "stats_team_reg_2018.csv.gz"]

    /// Forgets the shipped seasons read so far (the bench measures a first start, which reads them).
    package static func forgetShippedSeasons() { shipped.withLock { $0 = nil } }

    /// The shipped seasons as read from their files, oldest first.
    public static func shippedSeasons() throws -> [SeasonData] {
        if let hit = shipped.withLock({ $0 }) { return hit }
        let directory = try shippedDirectory()
        for name in shippedFiles where !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path) {
            throw DataFileError(file: directory.appendingPathComponent(name).path, line: 0, reason: """
                missing: the season data shipped with the program is incomplete (reinstall with 'make install', which puts it in \
                PREFIX/share/clubhouse/\(ShippedData.seasonsFolder))
                """)
        }
        let set = try SeasonFileSet.scan(directory.path)
        let read = try set.seasonYears.map { year in
            try SeasonReader(season: year, files: set.shared.merging(set.seasons[year] ?? [:]) { a, _ in a }, context: SeasonReader.Context()).read()
        }
        shipped.withLock { $0 = read }
        return read
    }

    /// Imports the shipped seasons (2018's totals, 2019 in full) inside a transaction the caller holds: the demo
    /// world's season, by the same path as any import.
    @discardableResult
    package static func importShipped(session c: some StoreSQLSession, now: Date) throws -> Report {
        var report = Report()
        for data in try shippedSeasons() { report.seasons.append(try apply(data, session: c, now: now)) }
        if report.changedAnything {
            try c.run("""
                INSERT INTO meta (key, value) VALUES ('season_data_version', '1')
                ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(meta.value AS INTEGER) + 1 AS TEXT)
                """, [])
        }
        return report
    }

    /// The shipped seasons (2019 in full, and 2018's totals for its rankings), from the package's resources.
    public static func shippedDirectory() throws -> URL {
        guard let url = ShippedData.directory(ShippedData.seasonsFolder) else {
            throw DataFileError(file: ShippedData.seasonsFolder, line: 0, reason: """
                the season data shipped with the program is missing; looked in \
                \(ShippedData.searched(ShippedData.seasonsFolder).joined(separator: ", ")) \
                (reinstall with 'make install', which puts it in PREFIX/share/clubhouse/\(ShippedData.seasonsFolder))
                """)
        }
        return url
    }
}

// MARK: - Putting a season together

/// A full season's facts: what is stored, with the files given laid over it.
///
/// - Weekly lines are keyed by player and week: a row of a stats file replaces that line; a line a newer file lacks is
///   kept (nflverse's corrections change numbers, they don't take player-weeks away), so a file of one week, or one
///   row, is a correction of just that.
/// - A game is "touched" when the play-by-play given has it or a stats row given is in it. For each touched game the
///   plays (given, else stored) are put against its box scores (every stats line of the game, stored or given): where
///   they differ a residual row makes up the difference; a game with plays but no stats lines yet (nflverse publishes
///   play-by-play first) gets its lines from its plays (`source` pbp), dropped once stats lines arrive.
/// - The season's players: everyone with a line, on the team he played most games for (the later one on a tie).
struct Assembled {
    var games: [Game]
    var teams: [NFLTeam]
    /// Every weekly line of the season after the import, with where it came from.
    var weekly: [WeeklyKey: StoredWeekly] = [:]
    /// Plays of the touched games (residuals included); other games' plays stay as stored.
    var plays: [String: [PlayStat]] = [:]
    /// Play-by-play rows per touched game.
    var playRows: [String: Int] = [:]
    /// The season's players with their team this season.
    var pool: [PlayerID: Player] = [:]
    /// Names and positions from players.csv (to create or update `players`).
    var listed: [PlayerID: Player] = [:]

    /// Games a stats file given has rows in, whose stored plays must be put against their new box scores.
    static func gamesNeedingStoredPlays(_ data: SeasonData) -> Set<String> {
        var games = Set((data.playerWeeks ?? []).map(\.game) + (data.teamWeeks ?? []).map(\.game))
        for id in data.playByPlay?.keys ?? [String: SeasonData.GamePlays]().keys { games.remove(id) }
        return games
    }

    init(data: SeasonData, stored: StoredSeason, now: Date) {
        let season = data.season
        games = data.games ?? stored.games
        teams = SeasonReader.teams(of: games, season: season)
        let gameByID = Dictionary(games.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let gameByTeamWeek = Dictionary(games.flatMap { g in [("\(g.homeTeam) \(g.week)", g), ("\(g.awayTeam) \(g.week)", g)] },
                                        uniquingKeysWith: { a, _ in a })
        func gameOf(_ w: WeeklyStat) -> String? { gameByTeamWeek["\(w.nflTeam) \(w.week)"]?.id }

        // Stored lines, then the stats rows given over them.
        weekly = stored.weekly.filter { gameOf($0.value.stat) != nil || $0.value.source != .playByPlay }
        var touched = Set<String>()
        for (rows, source) in [(data.playerWeeks, WeeklyStat.Source.player), (data.teamWeeks, .team)] {
            for (stat, game) in rows ?? [] {
                weekly[WeeklyKey(player: stat.playerID, week: stat.week)] = StoredWeekly(stat: stat, source: source)
                touched.insert(game)
            }
        }
        for id in data.playByPlay?.keys ?? [String: SeasonData.GamePlays]().keys { touched.insert(id) }

        // Box scores of the touched games.
        var box: [String: [PlayerID: StatLine]] = [:]
        for (key, w) in weekly where w.source != .playByPlay {
            guard let g = gameOf(w.stat), touched.contains(g) else { continue }
            box[g, default: [:]][key.player] = w.stat.stats
        }
        for id in touched.sorted() {
            guard let game = gameByID[id] else { continue }
            let given = data.playByPlay?[id]
            let raw = given?.plays ?? stored.plays[id]?.filter { $0.quarter != nil } ?? []
            playRows[id] = given?.rows ?? stored.playRows[id] ?? 0
            guard given != nil || stored.plays[id] != nil else { continue }   // no plays: nothing to put against the box
            // Lines from plays, for the game's players, go when stats lines come (and come back if they don't).
            for (key, w) in weekly where w.source == .playByPlay && key.week == game.week && game.involves(w.stat.nflTeam) {
                weekly[key] = nil
            }
            if let lines = box[id] {
                plays[id] = raw + PlayByPlay.residuals(game: game, plays: raw, box: lines)
            } else {
                plays[id] = raw
                var lines: [PlayerID: StatLine] = [:]
                for p in raw { lines[p.playerID, default: StatLine()].add(p.value, toColumn: p.stat) }
                for (player, line) in lines {
                    let team = given?.teamOf[player] ?? stored.pool[player].flatMap { game.involves($0) ? $0 : nil } ?? game.homeTeam
                    weekly[WeeklyKey(player: player, week: game.week)] = StoredWeekly(
                        stat: WeeklyStat(playerID: player, season: season, week: game.week, nflTeam: team, opponent: game.opponent(of: team) ?? "",
                                         stats: line), source: .playByPlay)
                }
            }
        }

        // The pool: everyone with a line this season, on the team he played most games for (the later one on a tie).
        for (id, l) in data.listedPlayers ?? [:] { listed[id] = l.player }
        var count: [PlayerID: [String: (games: Int, lastWeek: Int)]] = [:]
        for (key, w) in weekly where w.source != .team && !w.stat.playerID.rawValue.hasPrefix("DST-") {
            let c = count[key.player]?[w.stat.nflTeam] ?? (0, 0)
            count[key.player, default: [:]][w.stat.nflTeam] = (c.games + 1, max(c.lastWeek, key.week))
        }
        for (id, teams) in count {
            guard var p = listed[id] ?? stored.allPlayers[id] else { continue }
            p.nflTeam = teams.max { ($0.value.games, $0.value.lastWeek) < ($1.value.games, $1.value.lastWeek) }!.key
            pool[id] = p
        }
        // The current season (its last game still ahead): every active player players.csv lists, on his latest team.
        if games.map(\.finalAt).max().map({ now < $0 }) ?? false {
            for (id, l) in data.listedPlayers ?? [:] where pool[id] == nil && !l.latestTeam.isEmpty {
                guard let last = l.lastSeason, last >= season - 1, (l.firstSeason ?? season) <= season,
                      let team = NFLFranchises.seasonAbbreviation(l.latestTeam, season: season) else { continue }
                var p = l.player
                p.nflTeam = team
                pool[id] = p
            }
        }
        for t in teams { pool[NFLVerseStats.defenseID(team: t.abbreviation)] = NFLVerseStats.defensePlayer(t) }
    }
}

/// A weekly line's key within a season.
struct WeeklyKey: Hashable { let player: PlayerID; let week: Int }

/// A stored weekly line and the file it came from.
struct StoredWeekly: Equatable {
    var stat: WeeklyStat
    var source: WeeklyStat.Source
}

extension WeeklyStat {
    /// Which file a weekly line came from.
    enum Source: String { case player, team, playByPlay = "pbp" }
}
