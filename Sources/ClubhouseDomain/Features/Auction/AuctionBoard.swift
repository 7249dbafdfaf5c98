import Foundation

/// One team in the auction room: what it has left to spend and may bid now.
public struct AuctionTeamView: Hashable, Codable, Sendable {
    public var team: TeamID
    public var budgetLeft: Int
    public var maxBid: Int
    public var openSpots: Int
    public init(team: TeamID, budgetLeft: Int, maxBid: Int, openSpots: Int) {
        self.team = team; self.budgetLeft = budgetLeft; self.maxBid = maxBid; self.openSpots = openSpots
    }
}

/// The auction as the room reads it (`DraftBoard.auction`, and the answer to a nomination, bid or maximum): the
/// player on the block with the high bid and bidder, the clock's end, whose nomination it is, and every team's
/// budget left and max bid. Only the caller's own private maximum is ever in it.
public struct AuctionBoard: Hashable, Codable, Sendable {
    public var settings: AuctionSettings
    /// The player on the block (nil between nominations).
    public var nomination: AuctionNomination?
    public var player: PlayerSummary?
    /// When the clock ends: the bidding clock with a player on the block, else the nomination clock (nil: paused or done).
    public var deadline: Date?
    /// Whose nomination it is (or next is).
    public var nominator: TeamID?
    /// Teams in draft order.
    public var teams: [AuctionTeamView]
    /// The caller's own maximum on the player on the block.
    public var myMaxBid: Int?
    /// The auction value in dollars of the player on the block.
    public var value: Int?

    public init(settings: AuctionSettings, nomination: AuctionNomination?, player: PlayerSummary?, deadline: Date?, nominator: TeamID?,
                teams: [AuctionTeamView], myMaxBid: Int? = nil, value: Int? = nil) {
        self.settings = settings; self.nomination = nomination; self.player = player; self.deadline = deadline; self.nominator = nominator
        self.teams = teams; self.myMaxBid = myMaxBid; self.value = value
    }
}
