import Foundation

// Read models: what the app shows, assembled by the use cases from storage and rules,
// the same over the embedded and the remote transport (all Codable for JSON).
// Here: Scoreboards, matchups, lineups and live scoring.

/// Whether a matchup's games have started / finished on the league clock.
public enum MatchupStatus: String, Codable, Sendable { case upcoming, live, final }

/// One side of a matchup in a scoreboard.
public struct MatchupSide: Hashable, Codable, Sendable {
    public var team: TeamSummary
    public var points: Points
    public init(team: TeamSummary, points: Points) { self.team = team; self.points = points }
}

/// One matchup in a week's scoreboard. `away == nil` is a bye.
public struct MatchupScore: Hashable, Codable, Sendable {
    public var home: MatchupSide
    public var away: MatchupSide?
    public var status: MatchupStatus
    public var isPlayoff: Bool
    public init(home: MatchupSide, away: MatchupSide?, status: MatchupStatus, isPlayoff: Bool) {
        self.home = home; self.away = away; self.status = status; self.isPlayoff = isPlayoff
    }
    public func involves(_ team: TeamID) -> Bool { home.team.id == team || away?.team.id == team }
}

/// A league's week: every matchup with its score.
public struct Scoreboard: Hashable, Codable, Sendable {
    public var leagueID: LeagueID
    public var week: Int
    /// Weeks that have matchups (for ←/→).
    public var weeks: ClosedRange<Int>
    public var matchups: [MatchupScore]
    public init(leagueID: LeagueID, week: Int, weeks: ClosedRange<Int>, matchups: [MatchupScore]) {
        self.leagueID = leagueID; self.week = week; self.weeks = weeks; self.matchups = matchups
    }
}

/// Where a player's game stands on the league clock.
public enum GameState: Hashable, Codable, Sendable {
    case bye
    case notStarted(kickoff: Date)
    case inProgress
    case final
}

/// One player in a lineup: slot, points, stat line.
public struct LineupRow: Hashable, Codable, Sendable {
    public var slot: Slot
    public var player: PlayerSummary?
    public var points: Points
    /// Short stat line: "21/30 285 yd 2 TD" or "12 car 87 yd · 4 rec 31 yd".
    public var statLine: String
    public var opponent: String?
    public var game: GameState?
    /// While his game is in progress: where it stands ("Q3 4:12", "OT 7:55").
    public var gameClock: String?
    /// In a live week: his points so far plus his projection for the share of his game still to play.
    public var projected: Points?
    public init(slot: Slot, player: PlayerSummary?, points: Points, statLine: String, opponent: String?, game: GameState?) {
        self.slot = slot; self.player = player; self.points = points; self.statLine = statLine; self.opponent = opponent; self.game = game
    }
}

/// A team's lineup for one week with its total (starters only).
public struct TeamLineup: Hashable, Codable, Sendable {
    public var team: TeamSummary
    public var total: Points
    public var starters: [LineupRow]
    public var bench: [LineupRow]
    /// In a live week: the starters' projected finish (live points plus the rest of each one's projection).
    public var projected: Points?
    public init(team: TeamSummary, total: Points, starters: [LineupRow], bench: [LineupRow]) {
        self.team = team; self.total = total; self.starters = starters; self.bench = bench
    }
}

/// A matchup opened: both lineups side by side.
public struct MatchupDetail: Hashable, Codable, Sendable {
    public var leagueID: LeagueID
    public var week: Int
    public var home: TeamLineup
    public var away: TeamLineup?
    public var status: MatchupStatus
    public var isPlayoff: Bool
    /// In a live week: the plays that scored for either side's starters, newest first.
    public var feed: [ScoringPlay]?
    /// In a live week: both sides' score over the week's clock so far, and the projected finish.
    public var timeline: ScoreTimeline?
    /// Stat corrections of this week that changed either side's score, one sentence each (what changed, and why).
    public var corrections: [String]?
    public init(leagueID: LeagueID, week: Int, home: TeamLineup, away: TeamLineup?, status: MatchupStatus, isPlayoff: Bool) {
        self.leagueID = leagueID; self.week = week; self.home = home; self.away = away; self.status = status; self.isPlayoff = isPlayoff
    }
}

/// A play that scored for a starter: "+6.0 D. Henry rushing TD · Q2 4:31".
public struct ScoringPlay: Hashable, Codable, Sendable {
    public var side: MatchupSideKind
    public var player: PlayerID
    /// "D. Henry".
    public var playerName: String
    public var points: Points
    /// "rushing TD", "FG 47–49 yd", "sack", "14 pts allowed".
    public var what: String
    /// "Q2 4:31".
    public var gameClock: String
    /// When it happened on the season clock.
    public var at: Date
    public init(side: MatchupSideKind, player: PlayerID, playerName: String, points: Points, what: String, gameClock: String, at: Date) {
        self.side = side; self.player = player; self.playerName = playerName; self.points = points; self.what = what; self.gameClock = gameClock; self.at = at
    }
    /// "+6.0 D. Henry rushing TD · Q2 4:31".
    public var text: String { "\(points.hundredths >= 0 ? "+" : "")\(points.oneDecimal) \(playerName) \(what) · \(gameClock)" }
}

public enum MatchupSideKind: String, Hashable, Codable, Sendable { case home, away }

/// Both sides' score over a live week: samples at even steps from `start` to `now`, and where each is projected to
/// finish at `end` (the week's last game final).
public struct ScoreTimeline: Hashable, Codable, Sendable {
    public var start: Date
    public var end: Date
    public var now: Date
    /// Sample i is at `start + i × step`, up to `now`.
    public var step: TimeInterval
    public var home: [Points]
    public var away: [Points]?
    public var homeProjected: Points
    public var awayProjected: Points?
    /// When set, the samples are even steps of game time (the stretches when a game is on), `samples` steps from
    /// start to end, `played` of them (fractional) gone by; `step` is then game seconds a sample.
    public var samples: Int?
    public var played: Double?
    public init(start: Date, end: Date, now: Date, step: TimeInterval, home: [Points], away: [Points]?, homeProjected: Points, awayProjected: Points?) {
        self.start = start; self.end = end; self.now = now; self.step = step; self.home = home; self.away = away
        self.homeProjected = homeProjected; self.awayProjected = awayProjected
    }
}
