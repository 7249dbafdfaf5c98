import Foundation

extension Wire {
    /// `POST /v1/leagues/{league}/trades` and `…/counter`: the new offer.
    public struct TradeCreated: Codable, Hashable, Sendable { public var trade: TradeID; public init(trade: TradeID) { self.trade = trade } }

    /// `PUT /v1/leagues/{league}/trading-block`: one of the team's players on its trading block (`on`) or off it.
    public struct TradingBlockChange: Codable, Hashable, Sendable {
        public var team: TeamID, player: PlayerID, on: Bool
        public init(team: TeamID, player: PlayerID, on: Bool) { self.team = team; self.player = player; self.on = on }
    }

    /// `POST /v1/leagues/{league}/trades/{trade}/accept`: the accepting team's own drops (players released only if the
    /// trade goes through; an empty body names none).
    public struct TradeAcceptance: Codable, Hashable, Sendable {
        public var drops: [PlayerID]
        public init(drops: [PlayerID] = []) { self.drops = drops }
        enum CodingKeys: String, CodingKey { case drops }
        public init(from decoder: any Decoder) throws {
            drops = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent([PlayerID].self, forKey: .drops) ?? []
        }
    }

    /// The team's trading block after the change.
    public struct TradingBlock: Codable, Hashable, Sendable {
        public var team: TeamID, players: [PlayerID]
        public init(team: TeamID, players: [PlayerID]) { self.team = team; self.players = players }
    }
}

extension Endpoints {
    /// Trades: offers, answers, counters, the review's votes, and the commissioner's reversal (rules in
    /// `Features/Trades`; the Domain README says them in words).
    public enum Trades {
        public static let list = Endpoint<At.League, Wire.Empty, [TradeView]>.leagueRead("trades", "/v1/leagues/{league}/trades") { try $0.trades.tradeViews($1, caller: $2) }

        /// The builder's values and each team's tradable picks.
        public static let market = Endpoint<At.League, Wire.Empty, TradeMarket>.leagueRead("tradeMarket", "/v1/leagues/{league}/trade-market") { try $0.trades.tradeMarket($1, caller: $2) }

        public static let propose = Endpoint<At.League, TradeProposal, Wire.TradeCreated>.gated(
            "proposeTrade", .post, "/v1/leagues/{league}/trades", idempotent: true,
            GateWords(reason: "Sign in to offer this trade in {league} — it is sent as soon as you are in.",
                      resume: "Finish sending your trade offer in {league}?", success: "Trade offer sent")
        ) { c, a, proposal in Wire.TradeCreated(trade: try c.service.trades.proposeTrade(a.league, proposal, caller: c.caller)) }
        public static let accept = Endpoint<At.Trade, Wire.TradeAcceptance, Trade>.gated(
            "acceptTrade", .post, "/v1/leagues/{league}/trades/{trade}/accept",
            GateWords(reason: "Sign in to accept this trade in {league}.", resume: "Finish accepting that trade in {league}?",
                      success: "Trade accepted")
        ) { c, a, body in try c.service.trades.acceptTrade(a.league, trade: a.trade, drops: body.drops, caller: c.caller) }
        public static let reject = Endpoint<At.Trade, Wire.Empty, Trade>.gated(
            "rejectTrade", .post, "/v1/leagues/{league}/trades/{trade}/reject",
            GateWords(reason: "Sign in to turn this trade down in {league}.", resume: "Finish turning that trade down in {league}?", success: "Trade rejected")
        ) { c, a, _ in try c.service.trades.rejectTrade(a.league, trade: a.trade, caller: c.caller) }
        public static let withdraw = Endpoint<At.Trade, Wire.Empty, Trade>.gated(
            "withdrawTrade", .post, "/v1/leagues/{league}/trades/{trade}/withdraw",
            GateWords(reason: "Sign in to withdraw your offer in {league}.", resume: "Finish withdrawing your offer in {league}?", success: "Offer withdrawn")
        ) { c, a, _ in try c.service.trades.withdrawTrade(a.league, trade: a.trade, caller: c.caller) }
        public static let counter = Endpoint<At.Trade, TradeProposal, Wire.TradeCreated>.gated(
            "counterTrade", .post, "/v1/leagues/{league}/trades/{trade}/counter", idempotent: true,
            GateWords(reason: "Sign in to send your counter-offer in {league}.", resume: "Finish sending your counter-offer in {league}?",
                      success: "Counter-offer sent")
        ) { c, a, proposal in Wire.TradeCreated(trade: try c.service.trades.counterTrade(a.league, trade: a.trade, proposal, caller: c.caller)) }
        public static let veto = Endpoint<At.Trade, Wire.Empty, Trade>.gated(
            "vetoTrade", .post, "/v1/leagues/{league}/trades/{trade}/veto",
            GateWords(reason: "Sign in to vote against this trade in {league}.", resume: "Finish your vote against that trade in {league}?",
                      success: "Vote counted — votes are anonymous")
        ) { c, a, _ in try c.service.trades.vetoTrade(a.league, trade: a.trade, caller: c.caller) }
        public static let reverse = Endpoint<At.Trade, Wire.Empty, Trade>.gated(
            "reverseTrade", .post, "/v1/leagues/{league}/trades/{trade}/reverse",
            GateWords(reason: "Sign in as the commissioner of {league} to reverse a trade.", success: "Trade reversed — both teams are told")
        ) { c, a, _ in try c.service.trades.reverseTrade(a.league, trade: a.trade, caller: c.caller) }

        public static let tradingBlock = Endpoint<At.League, Wire.TradingBlockChange, Wire.TradingBlock>.gated(
            "setTradingBlock", .put, "/v1/leagues/{league}/trading-block",
            GateWords(reason: "Sign in to change your trading block in {league}.", resume: "Finish changing your trading block in {league}?",
                      success: "Trading block updated")
        ) { c, a, change in
            Wire.TradingBlock(team: change.team, players: try c.service.trades.setTradingBlock(a.league, team: change.team, player: change.player,
                                                                                        on: change.on, caller: c.caller))
        }

        static let all: [any AnyEndpoint] = [list, market, propose, accept, reject, withdraw, counter, veto, reverse, tradingBlock]
    }
}
