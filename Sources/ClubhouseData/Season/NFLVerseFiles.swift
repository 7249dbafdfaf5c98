import Foundation

/// The nflverse files a season is made of, as nflverse publishes them at
/// `https://github.com/nflverse/nflverse-data/releases/download/<tag>/<file>` (`.csv`, or `.csv.gz`).
public enum NFLVerseFile: String, CaseIterable, Sendable, Comparable {
    /// `players/players.csv`: every player of every season (one file).
    case players
    /// `schedules/games.csv`: every game of every season (one file).
    case games
    /// `stats_player/stats_player_week_SEASON.csv`: one row per player and game.
    case playerWeek
    /// `stats_team/stats_team_week_SEASON.csv`: one row per team and game (team defenses).
    case teamWeek
    /// `pbp/play_by_play_SEASON.csv`: one row per play.
    case playByPlay
    /// `stats_player/stats_player_reg_SEASON.csv`: one row per player, regular-season totals.
    case playerTotals
    /// `stats_team/stats_team_reg_SEASON.csv`: one row per team, regular-season totals.
    case teamTotals
    /// `injuries/injuries_SEASON.csv`: the NFL's weekly injury report, one row per listed player and week (optional:
    /// older seasons have none).
    case injuries
    /// `weekly_rosters/roster_weekly_SEASON.csv`: every team's roster each week, with each player's status code
    /// (ACT, RES, PUP, INA, …; optional).
    case weeklyRosters

    public static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }

    /// The release tag the file is published under.
    public var tag: String {
        switch self {
        case .players: "players"
        case .games: "schedules"
        case .playerWeek, .playerTotals: "stats_player"
        case .teamWeek, .teamTotals: "stats_team"
        case .playByPlay: "pbp"
        case .injuries: "injuries"
        case .weeklyRosters: "weekly_rosters"
        }
    }

    /// Whether one file holds every season (players, schedule) rather than one.
    public var coversEverySeason: Bool { self == .players || self == .games }

    /// The file's name for `season`, without the compression suffix.
    public func name(season: Int) -> String {
        switch self {
        case .players: "players.csv"
        case .games: "games.csv"
        case .playerWeek: "stats_player_week_\(season).csv"
        case .teamWeek: "stats_team_week_\(season).csv"
        case .playByPlay: "play_by_play_\(season).csv"
        case .playerTotals: "stats_player_reg_\(season).csv"
        case .teamTotals: "stats_team_reg_\(season).csv"
        case .injuries: "injuries_\(season).csv"
        case .weeklyRosters: "roster_weekly_\(season).csv"
        }
    }

    /// What a person calls it, in messages.
    public var what: String {
        switch self {
        case .players: "players"
        case .games: "schedule"
        case .playerWeek: "weekly player stats"
        case .teamWeek: "weekly team stats"
        case .playByPlay: "play-by-play"
        case .playerTotals: "season player totals"
        case .teamTotals: "season team totals"
        case .injuries: "injury report"
        case .weeklyRosters: "weekly rosters"
        }
    }

    /// The kind and season (nil for the every-season files) of a file name, `.gz` or not; nil for a name nflverse
    /// doesn't publish.
    public static func identify(_ fileName: String) -> (file: NFLVerseFile, season: Int?)? {
        var name = fileName
        if name.hasSuffix(".gz") { name.removeLast(3) }
        guard name.hasSuffix(".csv") else { return nil }
        name.removeLast(4)
        if name == "players" { return (.players, nil) }
        if name == "games" { return (.games, nil) }
        let prefixes: [(String, NFLVerseFile)] = [
            ("stats_player_week_", .playerWeek), ("stats_team_week_", .teamWeek), ("play_by_play_", .playByPlay),
            ("stats_player_reg_", .playerTotals), ("stats_team_reg_", .teamTotals), ("injuries_", .injuries),
            ("roster_weekly_", .weeklyRosters),
        ]
        for (prefix, file) in prefixes where name.hasPrefix(prefix) {
            let year = name.dropFirst(prefix.count)
            guard year.count == 4, year.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let season = Int(year) else { return nil }
            return (file, season)
        }
        return nil
    }
}

/// The nflverse files found in a folder (or one file given on its own), by season.
public struct SeasonFileSet: Sendable {
    /// Files for every season (players, schedule), by kind.
    public var shared: [NFLVerseFile: URL] = [:]
    /// Per-season files, by season and kind.
    public var seasons: [Int: [NFLVerseFile: URL]] = [:]
    /// Other files in the folder (named in the report, never read).
    public var ignored: [String] = []
    /// How messages name a file: a file given on its own by the path as given, a folder's files by their names.
    public var displayNames: [URL: String] = [:]

    public init() {}

    /// Reads a folder's listing, or takes one file. A `.csv` beside a `.csv.gz` of the same name wins (it is the newer
    /// form a person edits). Nil when `path` is neither an nflverse file nor a folder.
    public static func scan(_ path: String) throws(DataFileError) -> SeasonFileSet {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DataFileError(file: path, line: 0, reason: "no such file or folder")
        }
        var set = SeasonFileSet()
        let names: [String]
        let base: URL
        if isDirectory.boolValue {
            base = URL(fileURLWithPath: path, isDirectory: true)
            do { names = try FileManager.default.contentsOfDirectory(atPath: path).sorted() } catch {
                throw DataFileError(file: path, line: 0, reason: "cannot list the folder (\(error.localizedDescription))")
            }
        } else {
            let url = URL(fileURLWithPath: path)
            base = url.deletingLastPathComponent()
            names = [url.lastPathComponent]
            guard NFLVerseFile.identify(url.lastPathComponent) != nil else {
                throw DataFileError(file: path, line: 0, reason: """
                    not an nflverse file name: expected players.csv, games.csv, stats_player_week_YEAR.csv, stats_team_week_YEAR.csv, \
                    play_by_play_YEAR.csv, stats_player_reg_YEAR.csv, stats_team_reg_YEAR.csv, injuries_YEAR.csv or \
                    roster_weekly_YEAR.csv (each may be .csv.gz)
                    """)
            }
        }
        // Plain names sort before their .gz, so a plain file is seen first and kept.
        for name in names.sorted(by: { $0.replacingOccurrences(of: ".gz", with: "") == $1.replacingOccurrences(of: ".gz", with: "") ? !$0.hasSuffix(".gz") : $0 < $1 }) {
            guard let (file, season) = NFLVerseFile.identify(name) else {
                if !name.hasPrefix(".") && !name.hasSuffix(".md") && !name.hasSuffix(".part") { set.ignored.append(name) }
                continue
            }
            let url = base.appendingPathComponent(name)
            if !isDirectory.boolValue { set.displayNames[url] = path }
            if let season {
                if set.seasons[season]?[file] == nil { set.seasons[season, default: [:]][file] = url }
            } else if set.shared[file] == nil {
                set.shared[file] = url
            }
        }
        return set
    }

    /// The seasons with files of their own, ascending.
    public var seasonYears: [Int] { seasons.keys.sorted() }
}
