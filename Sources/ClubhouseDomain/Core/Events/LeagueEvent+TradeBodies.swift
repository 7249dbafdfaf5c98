import Foundation

// The payloads of the trade events: one event per state change of a trade. They name the trade and its
// teams, never who voted.

extension LeagueEvent {
    /// A new offer from `team` to `with` (a counter is `TradeCountered` with the new trade, then this for it).
    public struct TradeProposed: LeagueEventBody {
        public static let kind = Kind.tradeProposed
        public var trade: TradeID
        public var team: TeamID
        public var with: TeamID
        public init(trade: TradeID, team: TeamID, with: TeamID) { self.trade = trade; self.team = team; self.with = with }
    }

    /// The other side accepted: `review` is true when the trade is now in review (false: it executes at once,
    /// followed by `TradeExecuted` or `TradeInvalidated`).
    /// `team` and `with` are the trade's teams (nil in events written before they were recorded).
    public struct TradeAccepted: LeagueEventBody {
        public static let kind = Kind.tradeAccepted
        public var trade: TradeID
        public var review: Bool
        public var team: TeamID?, with: TeamID?
        public init(trade: TradeID, review: Bool, team: TeamID? = nil, with: TeamID? = nil) {
            self.trade = trade; self.review = review; self.team = team; self.with = with
        }
    }

    public struct TradeRejected: LeagueEventBody {
        public static let kind = Kind.tradeRejected
        public var trade: TradeID
        public init(trade: TradeID) { self.trade = trade }
    }

    public struct TradeWithdrawn: LeagueEventBody {
        public static let kind = Kind.tradeWithdrawn
        public var trade: TradeID
        public init(trade: TradeID) { self.trade = trade }
    }

    /// `trade` was answered with the new offer `counter`.
    public struct TradeCountered: LeagueEventBody {
        public static let kind = Kind.tradeCountered
        public var trade: TradeID
        public var counter: TradeID
        public init(trade: TradeID, counter: TradeID) { self.trade = trade; self.counter = counter }
    }

    public struct TradeExpired: LeagueEventBody {
        public static let kind = Kind.tradeExpired
        public var trade: TradeID
        public init(trade: TradeID) { self.trade = trade }
    }

    /// A manager voted against a trade in review (anonymous): the count so far and the count that vetoes.
    public struct TradeVoteCast: LeagueEventBody {
        public static let kind = Kind.tradeVoteCast
        public var trade: TradeID
        public var votes: Int
        public var threshold: Int
        public init(trade: TradeID, votes: Int, threshold: Int) { self.trade = trade; self.votes = votes; self.threshold = threshold }
    }

    /// Cancelled in review: by the league's votes, or by the commissioner.
    public struct TradeVetoed: LeagueEventBody {
        public static let kind = Kind.tradeVetoed
        public var trade: TradeID
        public var byCommissioner: Bool
        public init(trade: TradeID, byCommissioner: Bool) { self.trade = trade; self.byCommissioner = byCommissioner }
    }

    /// `team` and `with` are the trade's teams, `afterReview` whether it executed when its review ended (false: at
    /// once on acceptance); nil in events written before they were recorded.
    public struct TradeExecuted: LeagueEventBody {
        public static let kind = Kind.tradeExecuted
        public var trade: TradeID
        public var team: TeamID?, with: TeamID?
        public var afterReview: Bool?
        public init(trade: TradeID, team: TeamID? = nil, with: TeamID? = nil, afterReview: Bool? = nil) {
            self.trade = trade; self.team = team; self.with = with; self.afterReview = afterReview
        }
    }

    /// The re-check before executing failed; `reason` is the sentence both sides read.
    public struct TradeInvalidated: LeagueEventBody {
        public static let kind = Kind.tradeInvalidated
        public var trade: TradeID
        public var reason: String
        public init(trade: TradeID, reason: String) { self.trade = trade; self.reason = reason }
    }

    /// A manager put `player` on `team`'s trading block (`on`) or took him off.
    public struct TradingBlockChanged: LeagueEventBody {
        public static let kind = Kind.tradingBlockChanged
        public var team: TeamID
        public var player: PlayerID
        public var on: Bool
        public init(team: TeamID, player: PlayerID, on: Bool) { self.team = team; self.player = player; self.on = on }
    }

    /// The commissioner reversed an executed trade.
    public struct TradeReversed: LeagueEventBody {
        public static let kind = Kind.tradeReversed
        public var trade: TradeID
        public init(trade: TradeID) { self.trade = trade }
    }
}
