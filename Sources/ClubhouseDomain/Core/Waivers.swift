import Foundation

/// A claim for a player on waivers, processed at the next waiver run.
public struct WaiverClaim: Hashable, Codable, Sendable, Identifiable {
    public enum Status: String, Codable, Sendable { case pending, won, lost, cancelled }
    /// Why a claim ended as it did (shown to users).
    public enum Outcome: String, Codable, Sendable {
        case won, outbid, lowerPriority = "lower-priority", rosterFull = "roster-full",
             playerGone = "player-gone", dropPlayerGone = "drop-player-gone", insufficientBudget = "insufficient-budget",
             /// A player on the team's IR was no longer eligible for it (`InjuredReserveRules`): the team adds nobody until he leaves IR.
             injuredReserveNotInOrder = "ir-not-in-order"
    }
    public var id: Int64
    public var leagueID: LeagueID
    public var teamID: TeamID
    public var addPlayer: PlayerID
    public var dropPlayer: PlayerID?
    /// FAAB bid in dollars (0 under rolling waivers).
    public var bid: Int
    /// The team's own preference order among its claims (1 first).
    public var rank: Int
    public var status: Status
    public var outcome: Outcome?
    public var createdAt: Date
    public var processedAt: Date?

    public init(id: Int64, leagueID: LeagueID, teamID: TeamID, addPlayer: PlayerID, dropPlayer: PlayerID?, bid: Int, rank: Int,
                status: Status = .pending, outcome: Outcome? = nil, createdAt: Date, processedAt: Date? = nil) {
        self.id = id; self.leagueID = leagueID; self.teamID = teamID; self.addPlayer = addPlayer; self.dropPlayer = dropPlayer
        self.bid = bid; self.rank = rank; self.status = status; self.outcome = outcome; self.createdAt = createdAt; self.processedAt = processedAt
    }
}

/// A player who was dropped stays on waivers until `until`.
public struct WaiverHold: Hashable, Codable, Sendable {
    public var playerID: PlayerID
    public var until: Date
    public init(playerID: PlayerID, until: Date) { self.playerID = playerID; self.until = until }
}

/// A completed roster move, for the league's transaction log.
public struct Transaction: Hashable, Codable, Sendable {
    public enum Kind: String, Codable, Sendable { case draft, add, drop, waiverClaim = "waiver-claim", commissioner, trade }
    public var id: Int64
    public var leagueID: LeagueID
    public var teamID: TeamID
    public var kind: Kind
    public var added: PlayerID?
    public var dropped: PlayerID?
    public var bid: Int?
    public var at: Date
    public init(id: Int64, leagueID: LeagueID, teamID: TeamID, kind: Kind, added: PlayerID?, dropped: PlayerID?, bid: Int? = nil, at: Date) {
        self.id = id; self.leagueID = leagueID; self.teamID = teamID; self.kind = kind; self.added = added; self.dropped = dropped; self.bid = bid; self.at = at
    }
}
