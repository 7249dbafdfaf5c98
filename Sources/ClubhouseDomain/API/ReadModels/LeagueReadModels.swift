import Foundation

// Read models: what the app shows, assembled by the use cases from storage and rules,
// the same over the embedded and the remote transport (all Codable for JSON).
// Here: Leagues, teams and standings.

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
    /// The NFL season the league plays (nil: the transport doesn't say).
    public var season: Int?
    /// Trade offers waiting for the caller's answer, and trades in review the caller may vote against (nil: none, or a
    /// server that doesn't say).
    public var tradeOffersToMe: Int?, tradeVotesOpen: Int?
    /// The caller's waiver claims waiting for the next run (nil: none, or a server that doesn't say).
    public var pendingClaims: Int?
    /// The caller's starters who are out this week (O or IR) and can still be benched, as "Name (POS, O)" (nil: none,
    /// or a server that doesn't say).
    public var startersOut: [String]?
    public init(id: LeagueID, name: String, state: LeagueState, isPublic: Bool, teamCount: Int, managedTeams: Int, currentWeek: Int,
                scoring: ScoringPreset, draftScheduledAt: Date?, commissionerName: String?, myTeam: TeamID?, seasonClock: Date? = nil,
                season: Int? = nil, tradeOffersToMe: Int? = nil, tradeVotesOpen: Int? = nil) {
        self.tradeOffersToMe = tradeOffersToMe; self.tradeVotesOpen = tradeVotesOpen
        self.id = id; self.name = name; self.state = state; self.isPublic = isPublic; self.teamCount = teamCount
        self.managedTeams = managedTeams; self.currentWeek = currentWeek; self.scoring = scoring
        self.draftScheduledAt = draftScheduledAt; self.commissionerName = commissionerName; self.myTeam = myTeam
        self.seasonClock = seasonClock; self.season = season
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
    /// The league of the season before, this one renewed from it (nil: none).
    public var previousLeague: LeagueID?
    /// The league of the next season, renewed from this one (nil: none); set, this league is read-only history.
    public var nextLeague: LeagueID?
    public init(league: League, teams: [TeamSummary], currentWeek: Int, commissionerName: String?, champion: TeamID?, capabilities: Capabilities,
                outlook: ClockOutlook? = nil) {
        self.league = league; self.teams = teams; self.currentWeek = currentWeek; self.commissionerName = commissionerName
        self.champion = champion; self.capabilities = capabilities; self.outlook = outlook
        previousLeague = league.previousLeague; nextLeague = league.nextLeague
    }
}

/// The next moments on a league's season clock (README.md, “Be a demo commissioner”) that moving it would pass.
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
    /// The team's all-play record over the final regular-season weeks (nil from an older server, which sends none).
    public var allPlay: WeeklyRecap.Record?
    /// Its division, 1-based, in a league with divisions (then `rank` is its playoff place: division winners first).
    public var division: Int?
    /// Whether it leads its division.
    public var leadsDivision: Bool?
    public init(rank: Int, team: TeamSummary, row: StandingsRow, streak: String, allPlay: WeeklyRecap.Record? = nil, division: Int? = nil,
                leadsDivision: Bool? = nil) {
        self.rank = rank; self.team = team; self.row = row; self.streak = streak
        self.allPlay = allPlay; self.division = division; self.leadsDivision = leadsDivision
    }
}
