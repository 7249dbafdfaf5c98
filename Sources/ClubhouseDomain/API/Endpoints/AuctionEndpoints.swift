import Foundation

extension Wire {
    /// `POST /v1/leagues/{league}/draft/nominations`: the player put up and the opening bid.
    public struct Nomination: Codable, Hashable, Sendable {
        public var player: PlayerID
        public var bid: Int
        public init(player: PlayerID, bid: Int) { self.player = player; self.bid = bid }
    }
    /// `POST /v1/leagues/{league}/draft/bids`: a bid on the nomination the person saw on the block.
    public struct Bid: Codable, Hashable, Sendable {
        public var nomination: NominationID
        public var amount: Int
        public init(nomination: NominationID, amount: Int) { self.nomination = nomination; self.amount = amount }
    }
    /// `PUT /v1/leagues/{league}/draft/max-bid`: the caller's private maximum on a nomination (`null` clears it).
    public struct MaxBid: Codable, Hashable, Sendable {
        public var nomination: NominationID
        public var amount: Int?
        public init(nomination: NominationID, amount: Int?) { self.nomination = nomination; self.amount = amount }
        private enum CodingKeys: String, CodingKey { case nomination, amount }
        /// `amount` is always written, as `null` when cleared.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(nomination, forKey: .nomination)
            try c.encode(amount, forKey: .amount)
        }
    }
    /// `POST /v1/leagues/{league}/draft/assignments`: the commissioner's correction — a player to a team at a price.
    public struct Assignment: Codable, Hashable, Sendable {
        public var player: PlayerID
        public var team: TeamID
        public var price: Int
        public init(player: PlayerID, team: TeamID, price: Int) { self.player = player; self.team = team; self.price = price }
    }
}

extension Endpoints {
    /// Auction drafts: nominating, bidding and private maximums (rules in `Features/Auction`). The room is
    /// read through the draft board (`Drafting.draftBoard`, its `auction`). A bid is checked against the room as it
    /// stands when it arrives: a stale one is refused ("outbid — $N by Team"), never replayed at a later price.
    public enum Auction {
        static let reason = "Sign in to bid in {league} — you'll come straight back to the room."

        /// The room's gate words: one reason for every write in it, each with its own question and toast.
        static func words<B: Sendable>(resume: @escaping @Sendable (B, String) -> String, success: @escaping @Sendable (B) -> String) -> GateWords<At.League, B> {
            GateWords(reason: { _, _, name in GateWords<At.League, B>.fill(reason, name) },
                      resume: { _, b, name in resume(b, name) }, success: { _, b in success(b) })
        }

        public static let nominate = Endpoint<At.League, Wire.Nomination, AuctionBoard>.gated(
            "nominate", .post, "/v1/leagues/{league}/draft/nominations", idempotent: true,
            words(resume: { b, name in "Put your player up for $\(b.bid) in \(name)?" }, success: { b in "Nominated for $\(b.bid)" })
        ) { c, a, b in try c.service.auction.nominate(a.league, player: b.player, bid: b.bid, caller: c.caller) }

        public static let bid = Endpoint<At.League, Wire.Bid, AuctionBoard>.gated(
            "bid", .post, "/v1/leagues/{league}/draft/bids", idempotent: true,
            words(resume: { b, name in "Bid $\(b.amount) in \(name)? The price may have moved while you signed in." }, success: { b in "Bid $\(b.amount)" })
        ) { c, a, b in try c.service.auction.bid(a.league, nomination: b.nomination, amount: b.amount, caller: c.caller) }

        public static let setMaxBid = Endpoint<At.League, Wire.MaxBid, AuctionBoard>.gated(
            "setMaxBid", .put, "/v1/leagues/{league}/draft/max-bid",
            words(resume: { b, name in b.amount.map { "Set your maximum to $\($0) in \(name)?" } ?? "Clear your maximum in \(name)?" },
                  success: { b in b.amount.map { "Maximum set to $\($0) — only you see it" } ?? "Maximum cleared" })
        ) { c, a, b in try c.service.auction.setMaxBid(a.league, nomination: b.nomination, amount: b.amount, caller: c.caller) }

        public static let assign = Endpoint<At.League, Wire.Assignment, Pick>.gated(
            "assignPlayer", .post, "/v1/leagues/{league}/draft/assignments",
            GateWords(reason: "Sign in as the commissioner of {league} to assign a player.", success: "Player assigned")
        ) { c, a, b in try c.service.auction.assignPlayer(a.league, player: b.player, team: b.team, price: b.price, caller: c.caller) }

        static let all: [any AnyEndpoint] = [nominate, bid, setMaxBid, assign]
    }
}

/// The auction room's writes, beside the draft room's (`DraftClient`): each answers with the room as it then stands.
/// A bid names the nomination and is checked against the room when it arrives — a stale one is refused, never replayed.
extension DraftClient {
    public func nominate(_ league: LeagueID, player: PlayerID, bid: Int) async throws -> AuctionBoard {
        try await call(Endpoints.Auction.nominate, At.League(league), Wire.Nomination(player: player, bid: bid))
    }
    public func bid(_ league: LeagueID, nomination: NominationID, amount: Int) async throws -> AuctionBoard {
        try await call(Endpoints.Auction.bid, At.League(league), Wire.Bid(nomination: nomination, amount: amount))
    }
    /// Sets (nil: clears) my private maximum on the nomination.
    public func setMaxBid(_ league: LeagueID, nomination: NominationID, amount: Int?) async throws -> AuctionBoard {
        try await call(Endpoints.Auction.setMaxBid, At.League(league), Wire.MaxBid(nomination: nomination, amount: amount))
    }
}
