import Foundation

// An auction draft: nominations, bids, private maximums and sales.

/// Reads of this journey inside one transaction (part of `LeagueStoreReader`).
public protocol AuctionStoreReader {
    /// Who nominated each sale of a league's auction, with its price, in number order.
    func auctionSales(in league: LeagueID) throws -> [AuctionSale]
    /// The player on the block of a league's auction (nil between nominations).
    func openNomination(in league: LeagueID) throws -> AuctionNomination?
    /// The accepted bids on a nomination, lowest (first) to highest.
    func auctionBids(_ nomination: NominationID) throws -> [AuctionBid]
    /// The private maximums on a nomination: for the rules only, never for a read model.
    func auctionMaxBids(_ nomination: NominationID) throws -> [AuctionMaxBid]
}

/// Writes of this journey inside one transaction (part of `LeagueStoreWriter`).
public protocol AuctionStoreWriter: AuctionStoreReader {
    /// Puts a player on the block; `DomainError.conflict` when one already is (at most one open nomination a league).
    func insertNomination(_ nomination: AuctionNomination, in league: LeagueID) throws -> NominationID
    /// Stores the high bid, its bidder and the bid count of the nomination on the block.
    func updateNomination(_ nomination: AuctionNomination) throws
    /// Takes the nomination off the block: sold, or cancelled (an undo).
    func closeNomination(_ id: NominationID, sold: Bool) throws
    /// One accepted bid; `DomainError.conflict` when that amount was already bid on the nomination.
    func insertAuctionBid(_ bid: AuctionBid) throws
    /// Sets or (nil) clears a team's private maximum on a nomination.
    func setAuctionMaxBid(_ nomination: NominationID, team: TeamID, _ max: AuctionMaxBid?) throws
    /// A sale beside its pick (insert the pick first; deleting the pick deletes it).
    func insertAuctionSale(_ sale: AuctionSale, in league: LeagueID) throws
}
