/// How nflverse's stats files map onto a `StatLine` (the rules; reading the files is the Data layer's).
///
/// Players come from `stats_player_week_SEASON.csv` (or the season totals, `stats_player_reg_SEASON.csv`), team
/// defenses from `stats_team_week_SEASON.csv` keyed by team. nflverse's conventions differ from the app's in a few
/// columns, summed here: a missed field goal or PAT includes the blocked ones (`fg_missed + fg_blocked`), lost fumbles
/// are every lost fumble (`fumbles_lost_total`), a defense's touchdowns include its special-teams returns
/// (`def_tds + special_teams_tds`), its blocked kicks are punts, field goals and PATs, and its points allowed are the
/// opponent's score in `games.csv` (not in the stats files).
public enum NFLVerseStats {
    /// One stat of the line and the nflverse columns that add up to it.
    public struct Source: Sendable {
        public let stat: String
        /// The stat's position in `StatLine.columns` (`StatLine[index:]`).
        public let index: Int
        public let columns: [String]
    }

    private static func source(_ stat: String, _ columns: [String]? = nil) -> Source {
        Source(stat: stat, index: StatLine.index(ofColumn: stat)!, columns: columns ?? [stat])
    }

    /// A player's line from a row of the player stats file.
    public static let player: [Source] = [
        source("completions"), source("attempts"), source("passing_yards"), source("passing_tds"),
        source("interceptions", ["passing_interceptions"]), source("passing_2pt_conversions"),
        source("carries"), source("rushing_yards"), source("rushing_tds"), source("rushing_2pt_conversions"),
        source("receptions"), source("receiving_yards"), source("receiving_tds"), source("receiving_2pt_conversions"),
        source("fumbles_lost", ["fumbles_lost_total"]), source("special_teams_tds"),
        source("fg_made"), source("fg_att"), source("fg_missed", ["fg_missed", "fg_blocked"]),
        source("fg_made_0_19"), source("fg_made_20_29"), source("fg_made_30_39"), source("fg_made_40_49"),
        source("fg_made_50_59"), source("fg_made_60_"),
        source("pat_made"), source("pat_att"), source("pat_missed", ["pat_missed", "pat_blocked"]),
    ]

    /// A team defense's line from a row of the team stats file (points allowed come from the schedule).
    public static let defense: [Source] = [
        source("def_sacks"), source("def_interceptions"), source("def_fumble_recovery", ["fumble_recovery_opp"]),
        source("def_tds", ["def_tds", "special_teams_tds"]), source("def_safeties"),
        source("def_blocked_kicks", ["def_punt_blocks", "def_fg_blocks", "def_pat_blocks"]),
    ]

    /// Every nflverse column the player sources read.
    public static var playerColumns: [String] { player.flatMap(\.columns) }
    /// Every nflverse column the defense sources read.
    public static var defenseColumns: [String] { defense.flatMap(\.columns) }

    /// Columns where nflverse writes decimals the app keeps whole: team sacks count half sacks as ½ (two halves on one
    /// play make one), so a season's or week's team total is rounded to the nearest whole sack.
    public static let roundedColumns: Set<String> = ["def_sacks"]

    /// The player id the app gives a team defense: `DST-<the season's abbreviation>`.
    public static func defenseID(team: String) -> PlayerID { PlayerID("DST-" + team) }

    /// A team defense as a player: named for the team, position DEF.
    public static func defensePlayer(_ team: NFLTeam) -> Player {
        Player(id: defenseID(team: team.abbreviation), fullName: team.fullName, firstName: team.location, lastName: team.nickname,
               position: .def, nflTeam: team.abbreviation)
    }

    /// nflverse's positions that are fantasy positions here (`FB` plays as RB); any other position isn't imported.
    public static func position(_ nflverse: String) -> Position? {
        switch nflverse {
        case "QB": .qb
        case "RB", "FB", "HB": .rb
        case "WR": .wr
        case "TE": .te
        case "K", "PK": .k
        default: nil
        }
    }
}
