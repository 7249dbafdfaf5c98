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
    /// The league's own season clock (README.md, “Be a demo commissioner” and “Live Sundays”): a replay league (the demo's) moves it as its commissioner says; a
    /// league on the season being played follows real time.
    public var clock: Date
    public var draftScheduledAt: Date?
    public var createdAt: Date
    /// Whether the clock is the wall clock: the league plays the current NFL season as it happens (kickoffs lock at
    /// their real times, waivers run on their real days). Set when the league is created on a current season.
    public var followsRealTime: Bool
    /// What in the league's stored row is out of range and waits for the commissioner (settings no write would accept,
    /// a season clock outside its season): set when the row is read back (`checkedAfterReading`), never stored. While
    /// set, the clocks leave the league alone and its page says so.
    public var needsCommissioner: LeagueRepair?
    /// The season this league was renewed from (nil: its first season).
    public var previousLeague: LeagueID?
    /// The league this one was renewed into (nil: not renewed). A renewed league is read-only history
    /// (`existingLeague` inside a write, `LeagueService+Access.swift`, refuses it).
    public var nextLeague: LeagueID?

    public init(id: LeagueID, name: String, season: Int = 2019, isPublic: Bool, commissioner: UserID?, settings: LeagueSettings,
                state: LeagueState, clock: Date, draftScheduledAt: Date? = nil, createdAt: Date, followsRealTime: Bool = false) {
        self.id = id; self.name = name; self.season = season; self.isPublic = isPublic; self.commissioner = commissioner
        self.settings = settings; self.state = state; self.clock = clock; self.draftScheduledAt = draftScheduledAt; self.createdAt = createdAt
        self.followsRealTime = followsRealTime
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, season, isPublic, commissioner, settings, state, clock, draftScheduledAt, createdAt, followsRealTime, needsCommissioner
        case previousLeague, nextLeague
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(LeagueID.self, forKey: .id), name: try c.decode(String.self, forKey: .name),
                  season: try c.decode(Int.self, forKey: .season), isPublic: try c.decode(Bool.self, forKey: .isPublic),
                  commissioner: try c.decodeIfPresent(UserID.self, forKey: .commissioner), settings: try c.decode(LeagueSettings.self, forKey: .settings),
                  state: try c.decode(LeagueState.self, forKey: .state), clock: try c.decode(Date.self, forKey: .clock),
                  draftScheduledAt: try c.decodeIfPresent(Date.self, forKey: .draftScheduledAt), createdAt: try c.decode(Date.self, forKey: .createdAt),
                  // A server from before seasons doesn't say: its leagues replayed.
                  followsRealTime: try c.decodeIfPresent(Bool.self, forKey: .followsRealTime) ?? false)
        needsCommissioner = try c.decodeIfPresent(LeagueRepair.self, forKey: .needsCommissioner)
        previousLeague = try c.decodeIfPresent(LeagueID.self, forKey: .previousLeague)
        nextLeague = try c.decodeIfPresent(LeagueID.self, forKey: .nextLeague)
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
