import ClubhouseDomain
import Foundation

/// What one season's nflverse files said, read and checked, as the app's models (not the files' rows): each kind of
/// file on its own (nil when the folder didn't have it), so that an import of some files leaves the other kinds as
/// stored. `SeasonImport` puts them together with what is stored (box scores, residual plays, the season's players).
public struct SeasonData: Sendable {
    public typealias Kind = SeasonInfo.Kind

    public var season: Int
    public var kind: Kind
    /// players.csv's fantasy players (nil: the file wasn't given), with the columns the season's pool needs.
    public var listedPlayers: [PlayerID: ListedPlayer]?
    /// The schedule (nil: games.csv wasn't given; the stored one stands).
    public var games: [Game]?
    /// Rows of the weekly player stats file, each with its game (nil: not given).
    public var playerWeeks: [(stat: WeeklyStat, game: String)]?
    /// Rows of the weekly team stats file as team-defense lines, each with its game (nil: not given).
    public var teamWeeks: [(stat: WeeklyStat, game: String)]?
    /// Play-by-play as stat changes per game (no residuals yet: those need the box scores), with each player's team in
    /// the game and the number of rows the file had for it (nil: not given).
    public var playByPlay: [String: GamePlays]?
    /// A totals season's rows (players and team defenses) and its players and teams.
    public var totals: [PriorSeasonStat] = []
    public var totalsPlayers: [Player] = []
    public var totalsTeams: [NFLTeam] = []
    /// The injury report's rows, one per player and week (nil: injuries_YEAR.csv wasn't given; the stored reports stand).
    public var injuries: [ReportedInjury]?
    /// The weekly rosters' status codes, one per player and week (nil: roster_weekly_YEAR.csv wasn't given).
    public var rosterStatuses: [RosterStatus]?
    /// What each file gave, for the report.
    public var fileCounts: [FileCount] = []

    /// A row of the injury report: its game status ("Out", "Doubtful", "Questionable"; "" for none or Probable), primary
    /// injury and practice participation.
    public struct ReportedInjury: Hashable, Sendable {
        public var player: PlayerID
        public var week: Int
        public var report: String
        public var injury: String
        public var practice: String
    }

    /// A player's status code on a week's roster ("ACT", "RES", "PUP", "INA", …).
    public struct RosterStatus: Hashable, Sendable {
        public var player: PlayerID
        public var week: Int
        public var status: String
    }

    /// One game's play-by-play.
    public struct GamePlays: Sendable {
        public var plays: [PlayStat]
        public var teamOf: [PlayerID: String]
        public var rows: Int
    }

    /// A row of players.csv.
    public struct ListedPlayer: Sendable {
        public var player: Player
        public var latestTeam: String
        public var rookieSeason: Int?
        public var lastSeason: Int?
        /// The year of the draft that took him (none: undrafted, or the file has no `draft_year`).
        public var draftYear: Int? = nil

        /// His rookie season as the file says it: `rookie_season`, else `draft_year`, else none (what `players` stores;
        /// docs/data.md, “Rookies”).
        public var firstSeason: Int? { rookieSeason ?? draftYear }
    }

    public init(season: Int, kind: Kind) { self.season = season; self.kind = kind }

    /// One file's rows: read, imported, skipped (other seasons, the postseason, non-fantasy positions).
    public struct FileCount: Hashable, Sendable {
        public var file: NFLVerseFile
        public var name: String
        public var rows = 0, imported = 0, skipped = 0
    }
}
