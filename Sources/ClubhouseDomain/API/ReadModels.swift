import Foundation

// Read models: what the app shows, assembled by the use cases from storage and rules,
// the same over the embedded and the remote transport (all Codable for JSON).

/// A player as lists show him.
public struct PlayerSummary: Hashable, Codable, Sendable, Identifiable {
    public var id: PlayerID
    public var name: String
    public var position: Position
    public var nflTeam: String
    public var byeWeek: Int?
    public var injury: InjuryStatus
    public init(id: PlayerID, name: String, position: Position, nflTeam: String, byeWeek: Int?, injury: InjuryStatus = .healthy) {
        self.id = id; self.name = name; self.position = position; self.nflTeam = nflTeam; self.byeWeek = byeWeek; self.injury = injury
    }
}

/// A team as lists show it.
public struct TeamSummary: Hashable, Codable, Sendable, Identifiable {
    public var id: TeamID
    public var name: String
    /// The manager's display name; nil for a bot team.
    public var managerName: String?
    public var record: String
    public init(id: TeamID, name: String, managerName: String?, record: String = "0-0") {
        self.id = id; self.name = name; self.managerName = managerName; self.record = record
    }
}

/// A league in a list (Home: my leagues, public leagues).
public struct LeagueSummary: Hashable, Codable, Sendable, Identifiable {
    public var id: LeagueID
    public var name: String
    public var state: LeagueState
    public var isPublic: Bool
    public var teamCount: Int
    /// Teams that have a manager.
    public var managedTeams: Int
    public var currentWeek: Int
    public var scoring: ScoringPreset
    public var draftScheduledAt: Date?
    public var commissionerName: String?
    /// The caller's team in this league, if any.
    public var myTeam: TeamID?
    /// The league's season clock: its draft date is measured on it ("draft in 10 days").
    public var seasonClock: Date?
    public init(id: LeagueID, name: String, state: LeagueState, isPublic: Bool, teamCount: Int, managedTeams: Int, currentWeek: Int,
                scoring: ScoringPreset, draftScheduledAt: Date?, commissionerName: String?, myTeam: TeamID?, seasonClock: Date? = nil) {
        self.id = id; self.name = name; self.state = state; self.isPublic = isPublic; self.teamCount = teamCount
        self.managedTeams = managedTeams; self.currentWeek = currentWeek; self.scoring = scoring
        self.draftScheduledAt = draftScheduledAt; self.commissionerName = commissionerName; self.myTeam = myTeam
        self.seasonClock = seasonClock
    }
    public var isFull: Bool { managedTeams >= teamCount }
}

/// Filter for the public league list.
public struct LeagueFilter: Hashable, Codable, Sendable {
    public var nameContains: String?
    public var state: LeagueState?
    public init(nameContains: String? = nil, state: LeagueState? = nil) { self.nameContains = nameContains; self.state = state }
}

/// One league's page.
public struct LeagueDetail: Hashable, Codable, Sendable {
    public var league: League
    public var teams: [TeamSummary]
    public var currentWeek: Int
    public var commissionerName: String?
    public var champion: TeamID?
    /// What the caller may do here.
    public var capabilities: Capabilities
    /// What comes next on the league's season clock (the commissioner's clock controls); nil when not known.
    public var outlook: ClockOutlook?
    /// How fast the league's season clock runs on its own (nil: the transport doesn't say).
    public var clockSpeed: ClockSpeed?
    public init(league: League, teams: [TeamSummary], currentWeek: Int, commissionerName: String?, champion: TeamID?, capabilities: Capabilities,
                outlook: ClockOutlook? = nil) {
        self.league = league; self.teams = teams; self.currentWeek = currentWeek; self.commissionerName = commissionerName
        self.champion = champion; self.capabilities = capabilities; self.outlook = outlook
    }
}

/// The next moments on a league's season clock (SPEC 3.2) that moving it would pass.
public struct ClockOutlook: Hashable, Codable, Sendable {
    /// A week and a moment in it.
    public struct WeekMoment: Hashable, Codable, Sendable {
        public var week: Int
        public var at: Date
        public init(week: Int, at: Date) { self.week = week; self.at = at }
    }
    /// The next weekly waiver run (Wednesday 08:00 UTC).
    public var nextWaiverRun: Date
    /// The next week of the league's season to kick off (its first game); nil when every week has.
    public var nextKickoff: WeekMoment?
    /// The next week of the league's season to become final (its last game over); nil when every week is.
    public var nextWeekFinal: WeekMoment?
    public init(nextWaiverRun: Date, nextKickoff: WeekMoment?, nextWeekFinal: WeekMoment?) {
        self.nextWaiverRun = nextWaiverRun; self.nextKickoff = nextKickoff; self.nextWeekFinal = nextWeekFinal
    }
}

/// What one person may do in one league; pages enable or explain actions from it.
public struct Capabilities: Hashable, Codable, Sendable {
    public var signedIn: Bool
    public var myTeam: TeamID?
    public var isCommissioner: Bool
    public var hasPendingJoinRequest: Bool
    public init(signedIn: Bool = false, myTeam: TeamID? = nil, isCommissioner: Bool = false, hasPendingJoinRequest: Bool = false) {
        self.signedIn = signedIn; self.myTeam = myTeam; self.isCommissioner = isCommissioner; self.hasPendingJoinRequest = hasPendingJoinRequest
    }
    public static let signedOut = Capabilities()
}

/// A line of the standings, ranked.
public struct StandingsEntry: Hashable, Codable, Sendable {
    public var rank: Int
    public var team: TeamSummary
    public var row: StandingsRow
    /// "W3", "L1".
    public var streak: String
    public init(rank: Int, team: TeamSummary, row: StandingsRow, streak: String) {
        self.rank = rank; self.team = team; self.row = row; self.streak = streak
    }
}

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
    public init(slot: Slot, player: PlayerSummary, acquisition: Acquisition, acquiredAt: Date, weekPoints: Points, seasonPoints: Points, locked: Bool) {
        self.slot = slot; self.player = player; self.acquisition = acquisition; self.acquiredAt = acquiredAt
        self.weekPoints = weekPoints; self.seasonPoints = seasonPoints; self.locked = locked
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
    public init(player: PlayerSummary, nflTeamName: String, scoring: ScoringPreset, gameLog: [GameLogRow], seasonPoints: Points,
                seasonStats: StatLine, priorSeasonPoints: Points?, rosteredBy: TeamSummary?) {
        self.player = player; self.nflTeamName = nflTeamName; self.scoring = scoring; self.gameLog = gameLog
        self.seasonPoints = seasonPoints; self.seasonStats = seasonStats; self.priorSeasonPoints = priorSeasonPoints; self.rosteredBy = rosteredBy
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

/// A made pick with its player, for the board.
public struct DraftPickView: Hashable, Codable, Sendable {
    public var pick: Pick
    public var player: PlayerSummary
    public init(pick: Pick, player: PlayerSummary) { self.pick = pick; self.player = player }
}

/// A draft room as it stands: the board of picks, teams in draft order.
public struct DraftBoard: Hashable, Codable, Sendable {
    public var leagueID: LeagueID
    public var draft: Draft
    /// Teams in draft order (column order of the board).
    public var teams: [TeamSummary]
    public var picks: [DraftPickView]
    public var capabilities: Capabilities
    /// The teams whose autopick flag is on (switched by their manager or the commissioner); bots pick by themselves anyway.
    public var onAutopick: Set<TeamID>
    /// The league's season clock, which the draft date is measured on ("planned for Sun Sep 1 (in 10 days)").
    public var seasonClock: Date?
    /// Best available by position: the tier of the best undrafted player and how many are left in it.
    public var tiers: [DraftTierLeft]
    /// The starting slots the team on the clock still has to fill (nil when nobody is on the clock).
    public var onClockNeeds: [Slot: Int]?
    public init(leagueID: LeagueID, draft: Draft, teams: [TeamSummary], picks: [DraftPickView], capabilities: Capabilities,
                onAutopick: Set<TeamID> = [], seasonClock: Date? = nil, tiers: [DraftTierLeft] = [], onClockNeeds: [Slot: Int]? = nil) {
        self.leagueID = leagueID; self.draft = draft; self.teams = teams; self.picks = picks; self.capabilities = capabilities
        self.onAutopick = onAutopick; self.seasonClock = seasonClock
        self.tiers = tiers; self.onClockNeeds = onClockNeeds
    }
}

/// One position's line of the draft board's tier view.
public struct DraftTierLeft: Hashable, Codable, Sendable {
    public var position: Position
    /// The tier of the best player still available at the position.
    public var tier: Int
    /// Players still available in that tier.
    public var left: Int
    public var best: PlayerSummary
    public init(position: Position, tier: Int, left: Int, best: PlayerSummary) {
        self.position = position; self.tier = tier; self.left = left; self.best = best
    }
}

/// A player available in a draft room with his pre-draft rank.
public struct DraftablePlayer: Hashable, Codable, Sendable {
    public var rank: Int
    public var player: PlayerSummary
    public var priorSeasonPoints: Points
    /// Value over replacement in this league (see `DraftRankings`).
    public var value: Points
    /// Tier within his position (1 = best).
    public var tier: Int
    /// Place among his position ("RB12"); 0 when unknown.
    public var positionRank: Int
    public init(rank: Int, player: PlayerSummary, priorSeasonPoints: Points, value: Points? = nil, tier: Int = 1, positionRank: Int = 0) {
        self.rank = rank; self.player = player; self.priorSeasonPoints = priorSeasonPoints
        self.value = value ?? priorSeasonPoints; self.tier = tier; self.positionRank = positionRank
    }
}

/// After the draft: each team's grade and how every pick scored (see `DraftGrades`).
public struct DraftRecap: Hashable, Codable, Sendable {
    public struct TeamLine: Hashable, Codable, Sendable {
        public var team: TeamSummary
        /// "A" … "F".
        public var grade: String
        /// Drafted value (Σ positive value over replacement) and the room's average.
        public var value: Points
        public var roomAverage: Points
        /// Drafted value at each position minus the room's average there.
        public var byPosition: [Position: Points]
        public init(team: TeamSummary, grade: String, value: Points, roomAverage: Points, byPosition: [Position: Points]) {
            self.team = team; self.grade = grade; self.value = value; self.roomAverage = roomAverage; self.byPosition = byPosition
        }
    }
    public struct PickLine: Hashable, Codable, Sendable {
        public var pick: Pick
        public var teamName: String
        public var player: PlayerSummary
        /// Value over replacement when drafted.
        public var value: Points
        /// Season points (weeks final on the league's clock) and the place among drafted players.
        public var seasonPoints: Points
        public var seasonRank: Int
        /// Pick number − season rank.
        public var surplus: Int
        public init(pick: Pick, teamName: String, player: PlayerSummary, value: Points, seasonPoints: Points, seasonRank: Int, surplus: Int) {
            self.pick = pick; self.teamName = teamName; self.player = player; self.value = value
            self.seasonPoints = seasonPoints; self.seasonRank = seasonRank; self.surplus = surplus
        }
    }
    public var leagueID: LeagueID
    public var leagueName: String
    /// False while the draft is still running (the recap shows what is in so far).
    public var complete: Bool
    /// The last week counted in season points (0 before the season).
    public var throughWeek: Int
    /// Best grade first.
    public var teams: [TeamLine]
    public var best: [PickLine]
    public var worst: [PickLine]
    public init(leagueID: LeagueID, leagueName: String, complete: Bool, throughWeek: Int, teams: [TeamLine], best: [PickLine], worst: [PickLine]) {
        self.leagueID = leagueID; self.leagueName = leagueName; self.complete = complete; self.throughWeek = throughWeek
        self.teams = teams; self.best = best; self.worst = worst
    }
}
