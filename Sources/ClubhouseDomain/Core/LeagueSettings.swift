import Foundation

/// How the draft order runs round to round.
public enum DraftType: String, CaseIterable, Codable, Sendable {
    case snake, linear
    /// Snake, except round 3 runs in round 2's order (and the snake continues from there).
    case thirdRoundReversal = "third-round-reversal"
    /// Teams nominate players in draft order and bid for them from a budget (`Features/Auction`); a sale is a pick
    /// with a price, numbered in sale order.
    case auction

    /// Whether picks are made in turn (snake, linear, third-round reversal) rather than sold at auction.
    public var isAuction: Bool { self == .auction }
}

/// Waiver system: rolling priority, or free-agent acquisition budget (FAAB).
public enum WaiverType: String, CaseIterable, Codable, Sendable {
    case rolling, faab
}

/// Who reviews an accepted trade before it executes.
public enum TradeReview: String, CaseIterable, Codable, Sendable {
    /// The trade executes as soon as it is accepted.
    case none
    /// The commissioner may cancel it during the review period; it executes when the period ends.
    case commissioner
    /// The other managers may vote against it during the review period; enough votes veto it.
    case vote
}

/// Every setting of a league, with its default.
public struct LeagueSettings: Hashable, Codable, Sendable {
    /// 3–16.
    public var teamCount: Int = 10
    /// Count per slot; default QB, RB×2, WR×2, TE, FLEX, K, DEF, BN×6, IR×1 (16).
    public var rosterSlots: [Slot: Int] = [.qb: 1, .rb: 2, .wr: 2, .te: 1, .flex: 1, .k: 1, .def: 1, .bench: 6, .ir: 1]
    /// Most players of a position a roster may hold.
    public var positionMaxima: [Position: Int] = [.qb: 4, .rb: 8, .wr: 8, .te: 3, .k: 3, .def: 3]
    public var scoring: ScoringRules = .preset(.halfPPR)
    public var draftType: DraftType = .snake
    /// Seconds per pick; nil is a soft timer (expiry does nothing).
    public var pickClockSeconds: Int? = 90
    public var waiverType: WaiverType = .rolling
    public var faabBudget: Int = 100
    /// Days a dropped player stays on waivers.
    public var waiverPeriodDays: Int = 2
    public var regularSeasonWeeks: ClosedRange<Int> = 1...14
    /// 2, 4 or 6 (6 gives the top two seeds a bye).
    public var playoffTeams: Int = 4
    public var playoffWeeks: ClosedRange<Int> = 15...16

    // MARK: Trades
    public var tradeReview: TradeReview = .vote
    /// Hours an accepted trade stays in review (league clock) before it executes.
    public var tradeReviewHours: Int = 24
    /// The last NFL week trades may be proposed, accepted or executed in; from the next week on trading is closed.
    /// Default 11: the platforms differ — ESPN's default deadline falls just before week 13 (trades through week 12),
    /// Sleeper lets the commissioner pick a week from 9 to 13 without one documented default
    /// (dknetwork.draftkings.com, "When is your fantasy football trade deadline?", 2022; support.espn.com "Trade
    /// Deadline"), and Yahoo's default closes before week 11 — so week 11, the middle of that range.
    public var tradeDeadlineWeek: Int = 11
    /// Whether this season's draft picks not yet made may be traded.
    public var tradePicks: Bool = true
    /// Days a proposal waits for an answer (league clock) before it expires.
    public var tradeExpiryDays: Int = 7

    // MARK: Auction (when `draftType` is `.auction`)
    /// Each team's budget for the auction, in whole dollars.
    public var auctionBudget: Int = 200
    /// The lowest opening bid (and what every remaining roster spot must keep in reserve).
    public var auctionMinBid: Int = 1
    /// The least a bid must raise the high bid by.
    public var auctionIncrement: Int = 1
    /// Seconds the nominating team has to put a player up (a missed one puts the top of its queue, or the best
    /// available, up at the minimum bid).
    public var nominationSeconds: Int = 30
    /// Seconds on the bidding clock when a player is put up.
    public var bidSeconds: Int = 20
    /// A bid with fewer seconds than this left resets the bidding clock to this many.
    public var bidResetSeconds: Int = 10

    public init() {}

    /// The trade settings (`tradeReview` … `tradeExpiryDays`): the part of the settings a commissioner may change
    /// during the season.
    public func withTradeSettings(of other: LeagueSettings) -> LeagueSettings {
        var s = self
        s.tradeReview = other.tradeReview; s.tradeReviewHours = other.tradeReviewHours
        s.tradeDeadlineWeek = other.tradeDeadlineWeek; s.tradePicks = other.tradePicks; s.tradeExpiryDays = other.tradeExpiryDays
        return s
    }

    private enum CodingKeys: String, CodingKey {
        case teamCount, rosterSlots, positionMaxima, scoring, draftType, pickClockSeconds, waiverType, faabBudget, waiverPeriodDays,
             regularSeasonWeeks, playoffTeams, playoffWeeks, tradeReview, tradeReviewHours, tradeDeadlineWeek, tradePicks, tradeExpiryDays,
             auctionBudget, auctionMinBid, auctionIncrement, nominationSeconds, bidSeconds, bidResetSeconds
    }

    /// Decodes as the synthesized decoder did; the trade keys (added with schema v8) and the auction keys (v9) may be
    /// missing from settings stored before them, and then take their defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        teamCount = try c.decode(Int.self, forKey: .teamCount)
        rosterSlots = try c.decode([Slot: Int].self, forKey: .rosterSlots)
        positionMaxima = try c.decode([Position: Int].self, forKey: .positionMaxima)
        scoring = try c.decode(ScoringRules.self, forKey: .scoring)
        draftType = try c.decode(DraftType.self, forKey: .draftType)
        pickClockSeconds = try c.decodeIfPresent(Int.self, forKey: .pickClockSeconds)
        waiverType = try c.decode(WaiverType.self, forKey: .waiverType)
        faabBudget = try c.decode(Int.self, forKey: .faabBudget)
        waiverPeriodDays = try c.decode(Int.self, forKey: .waiverPeriodDays)
        regularSeasonWeeks = try c.decode(ClosedRange<Int>.self, forKey: .regularSeasonWeeks)
        playoffTeams = try c.decode(Int.self, forKey: .playoffTeams)
        playoffWeeks = try c.decode(ClosedRange<Int>.self, forKey: .playoffWeeks)
        let d = LeagueSettings.defaultTrades
        tradeReview = try c.decodeIfPresent(TradeReview.self, forKey: .tradeReview) ?? d.tradeReview
        tradeReviewHours = try c.decodeIfPresent(Int.self, forKey: .tradeReviewHours) ?? d.tradeReviewHours
        tradeDeadlineWeek = try c.decodeIfPresent(Int.self, forKey: .tradeDeadlineWeek) ?? d.tradeDeadlineWeek
        tradePicks = try c.decodeIfPresent(Bool.self, forKey: .tradePicks) ?? d.tradePicks
        tradeExpiryDays = try c.decodeIfPresent(Int.self, forKey: .tradeExpiryDays) ?? d.tradeExpiryDays
        auctionBudget = try c.decodeIfPresent(Int.self, forKey: .auctionBudget) ?? d.auctionBudget
        auctionMinBid = try c.decodeIfPresent(Int.self, forKey: .auctionMinBid) ?? d.auctionMinBid
        auctionIncrement = try c.decodeIfPresent(Int.self, forKey: .auctionIncrement) ?? d.auctionIncrement
        nominationSeconds = try c.decodeIfPresent(Int.self, forKey: .nominationSeconds) ?? d.nominationSeconds
        bidSeconds = try c.decodeIfPresent(Int.self, forKey: .bidSeconds) ?? d.bidSeconds
        bidResetSeconds = try c.decodeIfPresent(Int.self, forKey: .bidResetSeconds) ?? d.bidResetSeconds
    }

    private static let defaultTrades = LeagueSettings()

    public static let allowedTeamCounts = 3...16
    /// 5 s is the lightning clock (quick practice drafts, the SSH end-to-end draft); the rest are the product's defaults.
    public static let allowedPickClocks: [Int?] = [5, 30, 60, 90, 120, 300, nil]
    public static let allowedPlayoffTeams = [2, 4, 6]

    /// Places in a slot, within its limit (`Limits.slotCount`): never negative, never more than a roster can hold.
    public func count(of slot: Slot) -> Int { (rosterSlots[slot] ?? 0).clamped(to: Limits.slotCount(slot)) }
    /// Total roster size including IR (a sum that saturates: counts no write accepts can't overflow it).
    public var rosterSize: Int { Slot.allCases.reduce(0) { $0.addingSaturated(rosterSlots[$1] ?? 0) } }
    /// Draft rounds = roster size without IR.
    public var draftRounds: Int { rosterSize.addingSaturated((rosterSlots[.ir] ?? 0).negatedSaturated) }
    /// Slots in display order, each repeated by its count within its limit (QB, RB, RB, WR, …).
    public var orderedSlots: [Slot] {
        Slot.allCases.flatMap { Array(repeating: $0, count: count(of: $0)) }
    }
}
