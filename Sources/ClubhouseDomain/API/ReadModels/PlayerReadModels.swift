import Foundation

// Read models: what the app shows, assembled by the use cases from storage and rules,
// the same over the embedded and the remote transport (all Codable for JSON).
// Here: Rosters, players and free agents.

/// A rostered player on a team's page.
public struct RosterRow: Hashable, Codable, Sendable {
    public var slot: Slot
    public var player: PlayerSummary
    public var acquisition: Acquisition
    public var acquiredAt: Date
    public var weekPoints: Points
    public var seasonPoints: Points
    /// Whether the player's game this week has kicked off (lineup lock).
    public var locked: Bool
    /// The team is shopping him: he is on its trading block.
    public var onTradingBlock: Bool
    public init(slot: Slot, player: PlayerSummary, acquisition: Acquisition, acquiredAt: Date, weekPoints: Points, seasonPoints: Points, locked: Bool,
                onTradingBlock: Bool = false) {
        self.slot = slot; self.player = player; self.acquisition = acquisition; self.acquiredAt = acquiredAt
        self.weekPoints = weekPoints; self.seasonPoints = seasonPoints; self.locked = locked; self.onTradingBlock = onTradingBlock
    }
}

/// A team's roster page.
public struct TeamRoster: Hashable, Codable, Sendable {
    public var leagueID: LeagueID
    public var team: TeamSummary
    public var week: Int
    public var rows: [RosterRow]
    public var faabRemaining: Int?
    public var waiverPriority: Int
    public init(leagueID: LeagueID, team: TeamSummary, week: Int, rows: [RosterRow], faabRemaining: Int?, waiverPriority: Int) {
        self.leagueID = leagueID; self.team = team; self.week = week; self.rows = rows; self.faabRemaining = faabRemaining; self.waiverPriority = waiverPriority
    }
}

/// One week of a player's game log.
public struct GameLogRow: Hashable, Codable, Sendable {
    public var week: Int
    public var opponent: String
    public var isHome: Bool
    public var stats: StatLine
    public var statLine: String
    public var points: Points
    /// A game in progress on the league clock ("Q3 4:12"): the row is his line so far.
    public var gameClock: String?
    public init(week: Int, opponent: String, isHome: Bool, stats: StatLine, statLine: String, points: Points) {
        self.week = week; self.opponent = opponent; self.isHome = isHome; self.stats = stats; self.statLine = statLine; self.points = points
    }
}

/// A player's page: game log under a league's scoring (or Half-PPR without a league).
public struct PlayerDetail: Hashable, Codable, Sendable {
    public var player: PlayerSummary
    public var nflTeamName: String
    public var scoring: ScoringPreset
    /// Weeks final on the league clock only.
    public var gameLog: [GameLogRow]
    public var seasonPoints: Points
    public var seasonStats: StatLine
    public var priorSeasonPoints: Points?
    /// The team that rosters him in this league.
    public var rosteredBy: TeamSummary?
    /// The NFL season shown (the league's, else the newest that has him); `priorSeasonPoints` are the season before's.
    public var season: Int?
    /// What the week's injury report and weekly roster say of him ("Week 9: Out — Hamstring · Did Not Participate In
    /// Practice"); nil when nothing (healthy, or no report stored). The week is the league's, else the season's now.
    public var injuryReport: String?
    public init(player: PlayerSummary, nflTeamName: String, scoring: ScoringPreset, gameLog: [GameLogRow], seasonPoints: Points,
                seasonStats: StatLine, priorSeasonPoints: Points?, rosteredBy: TeamSummary?, season: Int? = nil) {
        self.player = player; self.nflTeamName = nflTeamName; self.scoring = scoring; self.gameLog = gameLog
        self.seasonPoints = seasonPoints; self.seasonStats = seasonStats; self.priorSeasonPoints = priorSeasonPoints; self.rosteredBy = rosteredBy
        self.season = season
    }
}

/// Whether an unrostered player can be added at once or must be claimed.
public enum Availability: Hashable, Codable, Sendable {
    case freeAgent
    case onWaivers(until: Date)
}

/// A player nobody in the league rosters.
public struct AvailablePlayer: Hashable, Codable, Sendable {
    public var player: PlayerSummary
    public var availability: Availability
    public var seasonPoints: Points
    public var lastWeekPoints: Points
    public var priorSeasonPoints: Points
    public init(player: PlayerSummary, availability: Availability, seasonPoints: Points, lastWeekPoints: Points, priorSeasonPoints: Points) {
        self.player = player; self.availability = availability; self.seasonPoints = seasonPoints
        self.lastWeekPoints = lastWeekPoints; self.priorSeasonPoints = priorSeasonPoints
    }
}

/// How the free-agent list is sorted.
public enum PlayerSort: String, Codable, Sendable, CaseIterable {
    case seasonPoints = "season", lastWeek = "last-week", priorSeason = "2018", name
}
