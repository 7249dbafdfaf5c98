import Foundation

// Read models of the gated writes: what the membership, team, draft-room and commissioner pages show.

/// One line of a league's chat (the draft room's chat is the same channel).
public struct ChatMessage: Hashable, Codable, Sendable, Identifiable {
    public var id: Int64
    public var leagueID: LeagueID
    /// The author; nil for a system message.
    public var userID: UserID?
    /// The author's team in the league, if any.
    public var teamID: TeamID?
    /// The author's display name ("" for a system message).
    public var authorName: String
    /// The text ("" once the commissioner removed it: the text is gone from storage).
    public var body: String
    public var at: Date
    /// The message this one answers, if any.
    public var replyTo: Int64?
    /// The accounts its @mentions name (a team's manager, or a manager by display name), in the order they appear.
    public var mentions: [UserID]
    /// Its reactions, one entry per emoji in `ChatRules.emoji` order, each with who reacted (oldest first).
    public var reactions: [ChatReaction]
    /// Removed by the commissioner: shown as "(removed)", with no text, mentions or reactions.
    public var removed: Bool
    public init(id: Int64, leagueID: LeagueID, userID: UserID?, teamID: TeamID?, authorName: String, body: String, at: Date,
                replyTo: Int64? = nil, mentions: [UserID] = [], reactions: [ChatReaction] = [], removed: Bool = false) {
        self.id = id; self.leagueID = leagueID; self.userID = userID; self.teamID = teamID; self.authorName = authorName
        self.body = body; self.at = at; self.replyTo = replyTo; self.mentions = mentions; self.reactions = reactions; self.removed = removed
    }

    enum CodingKeys: String, CodingKey { case id, leagueID, userID, teamID, authorName, body, at, replyTo, mentions, reactions, removed }

    /// An answer from a server that predates replies, mentions, reactions and removal reads as a plain message.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(Int64.self, forKey: .id), leagueID: try c.decode(LeagueID.self, forKey: .leagueID),
                  userID: try c.decodeIfPresent(UserID.self, forKey: .userID), teamID: try c.decodeIfPresent(TeamID.self, forKey: .teamID),
                  authorName: try c.decode(String.self, forKey: .authorName), body: try c.decode(String.self, forKey: .body),
                  at: try c.decode(Date.self, forKey: .at), replyTo: try c.decodeIfPresent(Int64.self, forKey: .replyTo),
                  mentions: try c.decodeIfPresent([UserID].self, forKey: .mentions) ?? [],
                  reactions: try c.decodeIfPresent([ChatReaction].self, forKey: .reactions) ?? [],
                  removed: try c.decodeIfPresent(Bool.self, forKey: .removed) ?? false)
    }
}

/// One emoji on a chat message and the accounts that reacted with it.
public struct ChatReaction: Hashable, Codable, Sendable {
    public var emoji: String
    public var users: [UserID]
    public init(emoji: String, users: [UserID]) { self.emoji = emoji; self.users = users }
}

/// A join request as the commissioner sees it: who asks, under which team name.
public struct JoinRequestView: Hashable, Codable, Sendable {
    public var request: JoinRequest
    public var displayName: String
    public init(request: JoinRequest, displayName: String) { self.request = request; self.displayName = displayName }
}

/// A waiver claim with its players, for "my claims".
public struct ClaimView: Hashable, Codable, Sendable, Identifiable {
    public var claim: WaiverClaim
    public var player: PlayerSummary
    public var drop: PlayerSummary?
    public var id: Int64 { claim.id }
    public init(claim: WaiverClaim, player: PlayerSummary, drop: PlayerSummary?) { self.claim = claim; self.player = player; self.drop = drop }
}

/// A completed roster move in the league's transaction log.
public struct TransactionView: Hashable, Codable, Sendable {
    public var transaction: Transaction
    public var team: TeamSummary
    public var added: PlayerSummary?
    public var dropped: PlayerSummary?
    public init(transaction: Transaction, team: TeamSummary, added: PlayerSummary?, dropped: PlayerSummary?) {
        self.transaction = transaction; self.team = team; self.added = added; self.dropped = dropped
    }
}

/// One change to the caller's own draft queue.
public enum DraftQueueEdit: Hashable, Codable, Sendable {
    case add(PlayerID)
    case remove(PlayerID)
    /// To a 0-based place (clamped to the queue).
    case move(PlayerID, to: Int)
    /// A new order of exactly the queued players ("The queue changed" otherwise).
    case reorder([PlayerID])
}

/// What the commissioner fills in to create a league.
public struct NewLeague: Hashable, Codable, Sendable {
    public var name: String
    public var settings: LeagueSettings
    public var isPublic: Bool
    /// The commissioner's own team's name ("Team 1" when nil).
    public var teamName: String?
    /// The NFL season the league plays (nil: the newest season stored).
    public var season: Int?
    /// Where a replay league's season clock starts (nil: two weeks before its season's opener). A league on the season
    /// being played follows real time whatever this says.
    public var seasonClock: Date?
    public init(name: String, settings: LeagueSettings = LeagueSettings(), isPublic: Bool = true, teamName: String? = nil,
                season: Int? = nil, seasonClock: Date? = nil) {
        self.name = name; self.settings = settings; self.isPublic = isPublic; self.teamName = teamName
        self.season = season; self.seasonClock = seasonClock
    }

    private enum CodingKeys: String, CodingKey { case name, settings, isPublic, teamName, season, seasonClock }

    /// Only the name is required: missing settings are the defaults (each missing setting its own default, one that
    /// depends on another following it), a league is public unless told.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        settings = try c.decodeIfPresent(LeagueSettings.self, forKey: .settings) ?? LeagueSettings()
        isPublic = try c.decodeIfPresent(Bool.self, forKey: .isPublic) ?? true
        teamName = try c.decodeIfPresent(String.self, forKey: .teamName)
        season = try c.decodeIfPresent(Int.self, forKey: .season)
        seasonClock = try c.decodeIfPresent(Date.self, forKey: .seasonClock)
    }
}

/// One of the signed-in person's own join requests, as Home lists it: pending ones (which they may withdraw) and
/// declined ones with why (which they may clear). Approved ones are leagues of theirs, listed as such.
public struct MyJoinRequest: Hashable, Codable, Sendable {
    public var league: LeagueID
    public var leagueName: String
    public var teamName: String
    public var status: JoinRequest.Status
    public var requestedAt: Date
    /// Why it was declined (the league has drafted, is full…), when it was.
    public var reason: String?
    /// Whether the league's commissioner answers by itself (a demo league's: within a minute).
    public var answeredByItself: Bool
    public init(league: LeagueID, leagueName: String, teamName: String, status: JoinRequest.Status, requestedAt: Date, reason: String?,
                answeredByItself: Bool) {
        self.league = league; self.leagueName = leagueName; self.teamName = teamName; self.status = status
        self.requestedAt = requestedAt; self.reason = reason; self.answeredByItself = answeredByItself
    }
}
