import Foundation

// Read models of the gated writes: what the membership, team, draft-room and commissioner pages show.

/// One line of a draft room's chat.
public struct ChatMessage: Hashable, Codable, Sendable, Identifiable {
    public var id: Int64
    public var leagueID: LeagueID
    /// The author; nil for a system message.
    public var userID: UserID?
    /// The author's team in the league, if any.
    public var teamID: TeamID?
    /// The author's display name ("" for a system message).
    public var authorName: String
    public var body: String
    public var at: Date
    public init(id: Int64, leagueID: LeagueID, userID: UserID?, teamID: TeamID?, authorName: String, body: String, at: Date) {
        self.id = id; self.leagueID = leagueID; self.userID = userID; self.teamID = teamID; self.authorName = authorName
        self.body = body; self.at = at
    }
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
