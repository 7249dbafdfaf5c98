import Foundation

// The payloads of the auction events: one per nomination, per accepted bid and per sale. A private maximum
// is never in an event; the bids it places are (`proxy`), as every screen must show the price.

extension LeagueEvent {
    /// `team` put `player` up at `bid`; the bidding clock ends at `deadline`.
    public struct AuctionNominated: LeagueEventBody {
        public static let kind = Kind.auctionNominated
        public var nomination: NominationID
        public var team: TeamID
        public var player: PlayerID
        public var bid: Int
        public var deadline: Date?
        public init(nomination: NominationID, team: TeamID, player: PlayerID, bid: Int, deadline: Date?) {
            self.nomination = nomination; self.team = team; self.player = player; self.bid = bid; self.deadline = deadline
        }
    }

    /// A new high bid: `team` at `amount` (`proxy`: placed by its maximum); the clock now ends at `deadline`
    /// (`reset`: this bid moved it).
    public struct AuctionBidPlaced: LeagueEventBody {
        public static let kind = Kind.auctionBid
        public var nomination: NominationID
        public var team: TeamID
        public var amount: Int
        public var proxy: Bool
        public var deadline: Date?
        public var reset: Bool
        public init(nomination: NominationID, team: TeamID, amount: Int, proxy: Bool, deadline: Date?, reset: Bool) {
            self.nomination = nomination; self.team = team; self.amount = amount; self.proxy = proxy; self.deadline = deadline; self.reset = reset
        }
    }

    /// `player` sold to `team` for `price` as pick `pick` (a commissioner's assignment has no nomination).
    public struct AuctionSold: LeagueEventBody {
        public static let kind = Kind.auctionSold
        public var nomination: NominationID?
        public var pick: Int
        public var team: TeamID
        public var player: PlayerID
        public var price: Int
        public init(nomination: NominationID?, pick: Int, team: TeamID, player: PlayerID, price: Int) {
            self.nomination = nomination; self.pick = pick; self.team = team; self.player = player; self.price = price
        }
    }
}
