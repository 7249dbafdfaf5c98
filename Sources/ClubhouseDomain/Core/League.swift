import Foundation

/// Where a league is in its life.
public enum LeagueState: String, CaseIterable, Codable, Sendable {
    /// Taking members; the draft is not running yet (it may be scheduled).
    case predraft
    case drafting
    case inSeason = "in-season"
    case playoffs
    case complete
}

/// A fantasy league.
public struct League: Hashable, Codable, Sendable, Identifiable {
    public var id: LeagueID
    public var name: String
    public var season: Int
    public var isPublic: Bool
    public var commissioner: UserID?
    public var settings: LeagueSettings
    public var state: LeagueState
    /// The league's own season clock (SPEC 3.2): demo leagues replay 2019 on it.
    public var clock: Date
    public var draftScheduledAt: Date?
    public var createdAt: Date
    /// What in the league's stored row is out of range and waits for the commissioner (settings no write would accept,
    /// a season clock outside its season): set when the row is read back (`checkedAfterReading`), never stored. While
    /// set, the clocks leave the league alone and its page says so.
    public var needsCommissioner: LeagueRepair?

    public init(id: LeagueID, name: String, season: Int = 2019, isPublic: Bool, commissioner: UserID?, settings: LeagueSettings,
                state: LeagueState, clock: Date, draftScheduledAt: Date? = nil, createdAt: Date) {
        self.id = id; self.name = name; self.season = season; self.isPublic = isPublic; self.commissioner = commissioner
        self.settings = settings; self.state = state; self.clock = clock; self.draftScheduledAt = draftScheduledAt; self.createdAt = createdAt
    }
}

/// A team in a league. A team without a manager is a bot (it autopicks after a think time).
public struct Team: Hashable, Codable, Sendable, Identifiable {
    public var id: TeamID
    public var leagueID: LeagueID
    public var name: String
    public var manager: UserID?
    /// 1 = first claim; rolling priority moves a successful claimer to last.
    public var waiverPriority: Int
    public var faabRemaining: Int
    /// Autopick every pick for this team (commissioner toggle, or a bot).
    public var autopick: Bool

    public init(id: TeamID, leagueID: LeagueID, name: String, manager: UserID?, waiverPriority: Int, faabRemaining: Int, autopick: Bool = false) {
        self.id = id; self.leagueID = leagueID; self.name = name; self.manager = manager
        self.waiverPriority = waiverPriority; self.faabRemaining = faabRemaining; self.autopick = autopick
    }

    public var isBot: Bool { manager == nil }
}

/// An account as others see it.
public struct User: Hashable, Codable, Sendable, Identifiable {
    public var id: UserID
    public var email: String
    public var displayName: String
    public init(id: UserID, email: String, displayName: String) {
        self.id = id; self.email = email; self.displayName = displayName
    }
}

/// A league member's request to join a public league, awaiting the commissioner.
public struct JoinRequest: Hashable, Codable, Sendable {
    public enum Status: String, Codable, Sendable { case pending, approved, denied }
    public var leagueID: LeagueID
    public var user: UserID
    public var teamName: String
    public var status: Status
    public var requestedAt: Date
    public init(leagueID: LeagueID, user: UserID, teamName: String, status: Status, requestedAt: Date) {
        self.leagueID = leagueID; self.user = user; self.teamName = teamName; self.status = status; self.requestedAt = requestedAt
    }
}

/// An invite code for a league (commissioner-issued, limited uses, optional expiry).
public struct Invite: Hashable, Codable, Sendable {
    public var code: String
    public var leagueID: LeagueID
    public var usesLeft: Int
    public var expiresAt: Date?
    public init(code: String, leagueID: LeagueID, usesLeft: Int, expiresAt: Date?) {
        self.code = code; self.leagueID = leagueID; self.usesLeft = usesLeft; self.expiresAt = expiresAt
    }
}
