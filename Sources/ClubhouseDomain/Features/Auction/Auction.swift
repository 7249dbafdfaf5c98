import Foundation

// MARK: - Auction drafts: the stored pieces and the settings the rules read.

/// One player put up for bids, numbered by the store.
public struct NominationID: NumberedID {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public static var prefix: String { "N" }
}

/// The auction settings of a league, read once from `LeagueSettings`.
public struct AuctionSettings: Hashable, Codable, Sendable {
    public var budget: Int
    public var minBid: Int
    public var increment: Int
    public var nominationSeconds: Int
    public var bidSeconds: Int
    public var resetToSeconds: Int

    public init(budget: Int = 200, minBid: Int = 1, increment: Int = 1, nominationSeconds: Int = 30, bidSeconds: Int = 20, resetToSeconds: Int = 10) {
        self.budget = budget; self.minBid = minBid; self.increment = increment
        self.nominationSeconds = nominationSeconds; self.bidSeconds = bidSeconds; self.resetToSeconds = resetToSeconds
    }

    public init(_ settings: LeagueSettings) {
        let s = settings.clampedToLimits()
        self.init(budget: s.auctionBudget, minBid: s.auctionMinBid, increment: s.auctionIncrement, nominationSeconds: s.nominationSeconds,
                  bidSeconds: s.bidSeconds, resetToSeconds: s.bidResetSeconds)
    }
}

/// The player on the block: who put him up, the high bid and its bidder. The bidding clock is the draft's `deadline`.
public struct AuctionNomination: Hashable, Codable, Sendable {
    /// Assigned by the store (0 until stored).
    public var id: NominationID
    /// The sale (pick) number this nomination becomes.
    public var number: Int
    /// The team that put the player up.
    public var team: TeamID
    public var player: PlayerID
    public var openedAt: Date
    public var highBid: Int
    public var highBidder: TeamID
    /// How the high bid was placed (a sale's pick source).
    public var highSource: PickSource
    /// Bids accepted so far (the opening bid is the first).
    public var bids: Int
    public var lastBidAt: Date

    public init(id: NominationID, number: Int, team: TeamID, player: PlayerID, openedAt: Date, highBid: Int, highBidder: TeamID,
                highSource: PickSource, bids: Int = 1, lastBidAt: Date? = nil) {
        self.id = id; self.number = number; self.team = team; self.player = player; self.openedAt = openedAt
        self.highBid = highBid; self.highBidder = highBidder; self.highSource = highSource; self.bids = bids; self.lastBidAt = lastBidAt ?? openedAt
    }
}

/// An accepted bid: each is a new high bid on its nomination (amounts only rise).
public struct AuctionBid: Hashable, Codable, Sendable {
    public var nomination: NominationID
    public var team: TeamID
    public var amount: Int
    public var at: Date
    /// Placed by a maximum bid on the team's behalf (never resets the clock).
    public var proxy: Bool
    public var source: PickSource
    public init(nomination: NominationID, team: TeamID, amount: Int, at: Date, proxy: Bool, source: PickSource) {
        self.nomination = nomination; self.team = team; self.amount = amount; self.at = at; self.proxy = proxy; self.source = source
    }
}

/// A team's private maximum on one nomination: its proxy bids the minimum needed up to it. Never shown to others.
public struct AuctionMaxBid: Hashable, Codable, Sendable {
    public var team: TeamID
    public var amount: Int
    public var setAt: Date
    public init(team: TeamID, amount: Int, setAt: Date) { self.team = team; self.amount = amount; self.setAt = setAt }
}

/// A sale beside its pick: who nominated the player (the nomination order continues from there).
public struct AuctionSale: Hashable, Codable, Sendable {
    public var number: Int
    public var price: Int
    /// nil for the commissioner's assignment (it takes no nomination turn).
    public var nominatedBy: TeamID?
    public init(number: Int, price: Int, nominatedBy: TeamID?) { self.number = number; self.price = price; self.nominatedBy = nominatedBy }
}

/// What the auction's clock step did.
public enum AuctionStep: Hashable, Sendable {
    /// The bidding clock ran out: the player went to the high bidder.
    case sold(Pick)
    /// A player was put up (a bot's or absent manager's nomination, or a missed one at the minimum bid).
    case nominated(AuctionNomination)
    /// A bot or absent manager bid.
    case bid([AuctionBid])
    /// No team could nominate: the room filled the spots left (`AuctionRoom.fillRemainingSpots`) and completed.
    case filled([Pick])
}
