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

/// What carries over when a league is renewed into the next season: `redraft`, members and settings only; `keeper`,
/// some players at a cost; `dynasty`, every roster (and its next season's draft is a rookie draft).
public enum LeagueType: String, CaseIterable, Codable, Sendable {
    case redraft, keeper, dynasty
}

/// What a keeper costs: a draft round (`round`, with a snake, linear or third-round-reversal draft), or a price out of the
/// next auction's budget (`auction`, with an auction draft).
public enum KeeperCost: String, CaseIterable, Codable, Sendable {
    case round, auction
}

/// Who reviews an accepted trade before it executes.
public enum TradeReview: String, CaseIterable, Codable, Sendable {
    /// The trade executes as soon as it is accepted. Named `noReview` in Swift because a case named `none` reads as nil
    /// wherever the value is optional (`review: .none` passed nil); "none" stays the stored and JSON value.
    case noReview = "none"
    /// The commissioner may cancel it during the review period; it executes when the period ends.
    case commissioner
    /// The other managers may vote against it during the review period; enough votes veto it.
    case vote
}

/// Every setting of a league, with its default.
///
/// A setting whose default depends on another follows it while nobody chose it (`LeagueSettings+Defaults.swift`):
/// `bidResetSeconds`, `playoffWeeks`, `playoffTeams`, `positionMaxima` and `auctionBudget` are stored as the value
/// chosen (nil: not sent) and read through their default rule, so a client that sends `bidSeconds: 5` alone gets a
/// 5-second reset rather than a refusal of a 10 it never sent. Equality, hashing and encoding use the values read.
public struct LeagueSettings: Hashable, Codable, Sendable {
    /// What a renewal carries over into the next season (default redraft).
    public var leagueType: LeagueType = .redraft
    /// 3–16.
    public var teamCount: Int = 10
    /// Count per slot; default QB, RB×2, WR×2, TE, FLEX, K, DEF, BN×6, IR×1 (16).
    public var rosterSlots: [Slot: Int] = [.qb: 1, .rb: 2, .wr: 2, .te: 1, .flex: 1, .k: 1, .def: 1, .bench: 6, .ir: 1]
    /// Most players of a position a roster may hold (default: QB 4, RB 8, WR 8, TE 3, K 3, DEF 3, raised to the
    /// position's own starting slots and to the draft rounds; see `defaultPositionMaxima`).
    public var positionMaxima: [Position: Int] {
        get { chosenPositionMaxima ?? defaultPositionMaxima }
        set { chosenPositionMaxima = newValue }
    }
    /// The position maxima a client sent or code set (nil: they follow the roster slots).
    public var chosenPositionMaxima: [Position: Int]?
    /// Whether IR takes Doubtful players too, besides OUT and IR (default false: OUT or IR only; `InjuredReserveRules`).
    public var irAllowsDoubtful: Bool = false
    public var scoring: ScoringRules = .preset(.halfPPR)
    public var draftType: DraftType = .snake
    /// Seconds per pick; nil is a soft timer (expiry does nothing).
    public var pickClockSeconds: Int? = 90
    public var waiverType: WaiverType = .rolling
    public var faabBudget: Int = 100
    /// Days a dropped player stays on waivers.
    public var waiverPeriodDays: Int = 2
    public var regularSeasonWeeks: ClosedRange<Int> = 1...14
    /// 2, 4 or 6 (6 gives the top two seeds a bye). Default 4, or 2 in a league of 3 teams.
    public var playoffTeams: Int {
        get { chosenPlayoffTeams ?? defaultPlayoffTeams }
        set { chosenPlayoffTeams = newValue }
    }
    public var chosenPlayoffTeams: Int?
    /// Default: the weeks right after the regular season, one per playoff round (15–16 for 4 teams after 14 weeks).
    public var playoffWeeks: ClosedRange<Int> {
        get { chosenPlayoffWeeks ?? defaultPlayoffWeeks }
        set { chosenPlayoffWeeks = newValue }
    }
    public var chosenPlayoffWeeks: ClosedRange<Int>?

    // MARK: Formats (ClubhouseDomain/README.md, “Scoring and standings formats”)
    /// Each team also plays the week's median score in the regular season (above wins, below loses, equal ties).
    public var medianGame: Bool = false
    /// 0 (none) or 2–4 divisions: teams by id, dealt round-robin; division winners are seeded first.
    public var divisions: Int = 0
    /// Week bonuses on top of the scoring (`ScoringRules.bonuses`): none by default.
    public var bonuses: [ScoringBonus] {
        get { scoring.bonuses }
        set { scoring.bonuses = newValue }
    }
    /// 0, 1 or 2: the decimals each player's week is rounded to and scores are shown with; nil (the default) keeps
    /// exact hundredths shown to one decimal, as before the setting existed (`ScoringRules.decimals`).
    public var decimals: Int? {
        get { scoring.decimals }
        set { scoring.decimals = newValue }
    }

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
    /// Each team's budget for the auction, in whole dollars. Default $200, or the minimum bid for every drafted spot
    /// when that is more.
    public var auctionBudget: Int {
        get { chosenAuctionBudget ?? defaultAuctionBudget }
        set { chosenAuctionBudget = newValue }
    }
    public var chosenAuctionBudget: Int?
    /// The lowest opening bid (and what every remaining roster spot must keep in reserve).
    public var auctionMinBid: Int = 1
    /// The least a bid must raise the high bid by.
    public var auctionIncrement: Int = 1
    /// Seconds the nominating team has to put a player up (a missed one puts the top of its queue, or the best
    /// available, up at the minimum bid).
    public var nominationSeconds: Int = 30
    /// Seconds on the bidding clock when a player is put up.
    public var bidSeconds: Int = 20
    /// A bid with fewer seconds than this left resets the bidding clock to this many. Default min(10, `bidSeconds`).
    public var bidResetSeconds: Int {
        get { chosenBidResetSeconds ?? defaultBidResetSeconds }
        set { chosenBidResetSeconds = newValue }
    }
    public var chosenBidResetSeconds: Int?

    // MARK: Keepers (when `leagueType` is `.keeper`; `Features/Keepers`)
    /// Most players a team keeps into the next season.
    public var keeperCount: Int = 2
    /// What a keeper costs: a round (drafts in turns) or a price (auction drafts).
    public var keeperCost: KeeperCost = .round
    /// Rounds earlier a keeper costs for every year kept (round 1 is the floor).
    public var keeperRoundPenalty: Int = 1
    /// The round an undrafted player (or one dropped and re-added) costs.
    public var undraftedKeeperRound: Int = 10
    /// Dollars an auction-priced keeper costs over his last price, for each year kept.
    public var keeperAuctionRaise: Int = 5
    /// Most seasons in a row a player may be kept (0: no limit).
    public var maxKeeperYears: Int = 0
    /// Keepers are declared until this many hours before the draft starts (on the league's clock).
    public var keeperDeadlineHours: Int = 24
    /// Seasons ahead whose picks may be traded (0–3): `chosenFuturePickSeasons`, else 2 in a dynasty league, 0 otherwise.
    public var futurePickSeasons: Int {
        get { chosenFuturePickSeasons ?? defaultFuturePickSeasons }
        set { chosenFuturePickSeasons = newValue }
    }
    public var chosenFuturePickSeasons: Int?

    // MARK: Dynasty (`Features/Dynasty`)
    /// Rounds of a renewed dynasty league's rookie draft (linear, worst team first).
    public var rookieDraftRounds: Int = 4
    /// Places on a keeper or dynasty team's taxi squad: players in their first `taxiMaxYears` seasons, never started,
    /// outside the roster's size.
    public var taxiSlots: Int = 0
    /// Seasons a player may be on a taxi squad from his first one.
    public var taxiMaxYears: Int = 1

    public init() {}

    /// The keeper settings (`leagueType`, `keeperCount` … `keeperDeadlineHours`, `futurePickSeasons`): what decides the next season's
    /// keepers, which a commissioner may change in any season not yet renewed (the renewal carries them over).
    public func withKeeperSettings(of other: LeagueSettings) -> LeagueSettings {
        var s = self
        s.leagueType = other.leagueType; s.keeperCount = other.keeperCount; s.keeperCost = other.keeperCost
        s.keeperRoundPenalty = other.keeperRoundPenalty; s.undraftedKeeperRound = other.undraftedKeeperRound
        s.keeperAuctionRaise = other.keeperAuctionRaise; s.maxKeeperYears = other.maxKeeperYears; s.keeperDeadlineHours = other.keeperDeadlineHours
        s.chosenFuturePickSeasons = other.chosenFuturePickSeasons
        s.rookieDraftRounds = other.rookieDraftRounds; s.taxiSlots = other.taxiSlots; s.taxiMaxYears = other.taxiMaxYears
        return s
    }

    /// The trade settings (`tradeReview` … `tradeExpiryDays`): the part of the settings a commissioner may change
    /// during the season.
    public func withTradeSettings(of other: LeagueSettings) -> LeagueSettings {
        var s = self
        s.tradeReview = other.tradeReview; s.tradeReviewHours = other.tradeReviewHours
        s.tradeDeadlineWeek = other.tradeDeadlineWeek; s.tradePicks = other.tradePicks; s.tradeExpiryDays = other.tradeExpiryDays
        return s
    }

    private enum CodingKeys: String, CodingKey {
        case leagueType, teamCount, rosterSlots, positionMaxima, irAllowsDoubtful, scoring, draftType, pickClockSeconds, waiverType, faabBudget, waiverPeriodDays,
             regularSeasonWeeks, playoffTeams, playoffWeeks, tradeReview, tradeReviewHours, tradeDeadlineWeek, tradePicks, tradeExpiryDays,
             auctionBudget, auctionMinBid, auctionIncrement, nominationSeconds, bidSeconds, bidResetSeconds,
             keeperCount, keeperCost, keeperRoundPenalty, undraftedKeeperRound, keeperAuctionRaise, maxKeeperYears, keeperDeadlineHours,
             medianGame, divisions, bonuses, decimals, futurePickSeasons, rookieDraftRounds, taxiSlots, taxiMaxYears
    }

    /// Decodes what a client sent or storage holds: every key may be missing and then takes its default (a settings row
    /// stored before the trade keys of schema v8 or the auction keys of v9, a client that sends only what it changes).
    /// A dependent setting that is missing follows the settings it depends on.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = LeagueSettings.defaults
        leagueType = try c.decodeIfPresent(LeagueType.self, forKey: .leagueType) ?? d.leagueType
        teamCount = try c.decodeIfPresent(Int.self, forKey: .teamCount) ?? d.teamCount
        rosterSlots = try c.decodeIfPresent([Slot: Int].self, forKey: .rosterSlots) ?? d.rosterSlots
        chosenPositionMaxima = try c.decodeIfPresent([Position: Int].self, forKey: .positionMaxima)
        irAllowsDoubtful = try c.decodeIfPresent(Bool.self, forKey: .irAllowsDoubtful) ?? d.irAllowsDoubtful
        scoring = try c.decodeIfPresent(ScoringRules.self, forKey: .scoring) ?? d.scoring
        draftType = try c.decodeIfPresent(DraftType.self, forKey: .draftType) ?? d.draftType
        // Missing or null: a soft timer (how a nil clock has always been stored).
        pickClockSeconds = try c.decodeIfPresent(Int.self, forKey: .pickClockSeconds)
        waiverType = try c.decodeIfPresent(WaiverType.self, forKey: .waiverType) ?? d.waiverType
        faabBudget = try c.decodeIfPresent(Int.self, forKey: .faabBudget) ?? d.faabBudget
        waiverPeriodDays = try c.decodeIfPresent(Int.self, forKey: .waiverPeriodDays) ?? d.waiverPeriodDays
        regularSeasonWeeks = try c.decodeIfPresent(ClosedRange<Int>.self, forKey: .regularSeasonWeeks) ?? d.regularSeasonWeeks
        chosenPlayoffTeams = try c.decodeIfPresent(Int.self, forKey: .playoffTeams)
        chosenPlayoffWeeks = try c.decodeIfPresent(ClosedRange<Int>.self, forKey: .playoffWeeks)
        tradeReview = try c.decodeIfPresent(TradeReview.self, forKey: .tradeReview) ?? d.tradeReview
        tradeReviewHours = try c.decodeIfPresent(Int.self, forKey: .tradeReviewHours) ?? d.tradeReviewHours
        tradeDeadlineWeek = try c.decodeIfPresent(Int.self, forKey: .tradeDeadlineWeek) ?? d.tradeDeadlineWeek
        tradePicks = try c.decodeIfPresent(Bool.self, forKey: .tradePicks) ?? d.tradePicks
        tradeExpiryDays = try c.decodeIfPresent(Int.self, forKey: .tradeExpiryDays) ?? d.tradeExpiryDays
        chosenAuctionBudget = try c.decodeIfPresent(Int.self, forKey: .auctionBudget)
        auctionMinBid = try c.decodeIfPresent(Int.self, forKey: .auctionMinBid) ?? d.auctionMinBid
        auctionIncrement = try c.decodeIfPresent(Int.self, forKey: .auctionIncrement) ?? d.auctionIncrement
        nominationSeconds = try c.decodeIfPresent(Int.self, forKey: .nominationSeconds) ?? d.nominationSeconds
        bidSeconds = try c.decodeIfPresent(Int.self, forKey: .bidSeconds) ?? d.bidSeconds
        chosenBidResetSeconds = try c.decodeIfPresent(Int.self, forKey: .bidResetSeconds)
        keeperCount = try c.decodeIfPresent(Int.self, forKey: .keeperCount) ?? d.keeperCount
        keeperCost = try c.decodeIfPresent(KeeperCost.self, forKey: .keeperCost) ?? d.keeperCost
        keeperRoundPenalty = try c.decodeIfPresent(Int.self, forKey: .keeperRoundPenalty) ?? d.keeperRoundPenalty
        undraftedKeeperRound = try c.decodeIfPresent(Int.self, forKey: .undraftedKeeperRound) ?? d.undraftedKeeperRound
        keeperAuctionRaise = try c.decodeIfPresent(Int.self, forKey: .keeperAuctionRaise) ?? d.keeperAuctionRaise
        maxKeeperYears = try c.decodeIfPresent(Int.self, forKey: .maxKeeperYears) ?? d.maxKeeperYears
        keeperDeadlineHours = try c.decodeIfPresent(Int.self, forKey: .keeperDeadlineHours) ?? d.keeperDeadlineHours
        medianGame = try c.decodeIfPresent(Bool.self, forKey: .medianGame) ?? d.medianGame
        divisions = try c.decodeIfPresent(Int.self, forKey: .divisions) ?? d.divisions
        bonuses = try c.decodeIfPresent([ScoringBonus].self, forKey: .bonuses) ?? d.bonuses
        decimals = try c.decodeIfPresent(Int.self, forKey: .decimals)
        chosenFuturePickSeasons = try c.decodeIfPresent(Int.self, forKey: .futurePickSeasons)
        rookieDraftRounds = try c.decodeIfPresent(Int.self, forKey: .rookieDraftRounds) ?? d.rookieDraftRounds
        taxiSlots = try c.decodeIfPresent(Int.self, forKey: .taxiSlots) ?? d.taxiSlots
        taxiMaxYears = try c.decodeIfPresent(Int.self, forKey: .taxiMaxYears) ?? d.taxiMaxYears
    }

    /// Encodes every setting as read (a dependent one's default included), so readers see the values in force.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(leagueType, forKey: .leagueType)
        try c.encode(teamCount, forKey: .teamCount)
        try c.encode(rosterSlots, forKey: .rosterSlots)
        try c.encode(positionMaxima, forKey: .positionMaxima)
        try c.encode(irAllowsDoubtful, forKey: .irAllowsDoubtful)
        try c.encode(scoring, forKey: .scoring)
        try c.encode(draftType, forKey: .draftType)
        try c.encodeIfPresent(pickClockSeconds, forKey: .pickClockSeconds)
        try c.encode(waiverType, forKey: .waiverType)
        try c.encode(faabBudget, forKey: .faabBudget)
        try c.encode(waiverPeriodDays, forKey: .waiverPeriodDays)
        try c.encode(regularSeasonWeeks, forKey: .regularSeasonWeeks)
        try c.encode(playoffTeams, forKey: .playoffTeams)
        try c.encode(playoffWeeks, forKey: .playoffWeeks)
        try c.encode(tradeReview, forKey: .tradeReview)
        try c.encode(tradeReviewHours, forKey: .tradeReviewHours)
        try c.encode(tradeDeadlineWeek, forKey: .tradeDeadlineWeek)
        try c.encode(tradePicks, forKey: .tradePicks)
        try c.encode(tradeExpiryDays, forKey: .tradeExpiryDays)
        try c.encode(auctionBudget, forKey: .auctionBudget)
        try c.encode(auctionMinBid, forKey: .auctionMinBid)
        try c.encode(auctionIncrement, forKey: .auctionIncrement)
        try c.encode(nominationSeconds, forKey: .nominationSeconds)
        try c.encode(bidSeconds, forKey: .bidSeconds)
        try c.encode(bidResetSeconds, forKey: .bidResetSeconds)
        try c.encode(keeperCount, forKey: .keeperCount)
        try c.encode(keeperCost, forKey: .keeperCost)
        try c.encode(keeperRoundPenalty, forKey: .keeperRoundPenalty)
        try c.encode(undraftedKeeperRound, forKey: .undraftedKeeperRound)
        try c.encode(keeperAuctionRaise, forKey: .keeperAuctionRaise)
        try c.encode(maxKeeperYears, forKey: .maxKeeperYears)
        try c.encode(keeperDeadlineHours, forKey: .keeperDeadlineHours)
        try c.encode(medianGame, forKey: .medianGame)
        try c.encode(divisions, forKey: .divisions)
        try c.encode(bonuses, forKey: .bonuses)
        try c.encodeIfPresent(decimals, forKey: .decimals)
        try c.encode(futurePickSeasons, forKey: .futurePickSeasons)
        try c.encode(rookieDraftRounds, forKey: .rookieDraftRounds)
        try c.encode(taxiSlots, forKey: .taxiSlots)
        try c.encode(taxiMaxYears, forKey: .taxiMaxYears)
    }

    /// Equal when every setting reads the same (whether a dependent one was chosen or follows its default).
    public static func == (a: LeagueSettings, b: LeagueSettings) -> Bool {
        a.leagueType == b.leagueType && a.teamCount == b.teamCount && a.rosterSlots == b.rosterSlots && a.positionMaxima == b.positionMaxima
            && a.irAllowsDoubtful == b.irAllowsDoubtful && a.scoring == b.scoring
            && a.draftType == b.draftType && a.pickClockSeconds == b.pickClockSeconds && a.waiverType == b.waiverType
            && a.faabBudget == b.faabBudget && a.waiverPeriodDays == b.waiverPeriodDays && a.regularSeasonWeeks == b.regularSeasonWeeks
            && a.playoffTeams == b.playoffTeams && a.playoffWeeks == b.playoffWeeks && a.tradeReview == b.tradeReview
            && a.tradeReviewHours == b.tradeReviewHours && a.tradeDeadlineWeek == b.tradeDeadlineWeek && a.tradePicks == b.tradePicks
            && a.tradeExpiryDays == b.tradeExpiryDays && a.auctionBudget == b.auctionBudget && a.auctionMinBid == b.auctionMinBid
            && a.auctionIncrement == b.auctionIncrement && a.nominationSeconds == b.nominationSeconds && a.bidSeconds == b.bidSeconds
            && a.bidResetSeconds == b.bidResetSeconds && a.keeperCount == b.keeperCount && a.keeperCost == b.keeperCost
            && a.keeperRoundPenalty == b.keeperRoundPenalty && a.undraftedKeeperRound == b.undraftedKeeperRound && a.keeperAuctionRaise == b.keeperAuctionRaise
            && a.maxKeeperYears == b.maxKeeperYears && a.keeperDeadlineHours == b.keeperDeadlineHours && a.futurePickSeasons == b.futurePickSeasons
            && a.medianGame == b.medianGame && a.divisions == b.divisions && a.bonuses == b.bonuses && a.decimals == b.decimals
            && a.rookieDraftRounds == b.rookieDraftRounds && a.taxiSlots == b.taxiSlots && a.taxiMaxYears == b.taxiMaxYears
    }

    public func hash(into h: inout Hasher) {
        h.combine(leagueType); h.combine(teamCount); h.combine(rosterSlots); h.combine(positionMaxima); h.combine(irAllowsDoubtful)
        h.combine(scoring); h.combine(draftType)
        h.combine(pickClockSeconds); h.combine(waiverType); h.combine(faabBudget); h.combine(waiverPeriodDays); h.combine(regularSeasonWeeks)
        h.combine(playoffTeams); h.combine(playoffWeeks); h.combine(tradeReview); h.combine(tradeReviewHours); h.combine(tradeDeadlineWeek)
        h.combine(tradePicks); h.combine(tradeExpiryDays); h.combine(auctionBudget); h.combine(auctionMinBid); h.combine(auctionIncrement)
        h.combine(nominationSeconds); h.combine(bidSeconds); h.combine(bidResetSeconds)
        h.combine(keeperCount); h.combine(keeperCost); h.combine(keeperRoundPenalty); h.combine(undraftedKeeperRound); h.combine(keeperAuctionRaise)
        h.combine(maxKeeperYears); h.combine(keeperDeadlineHours); h.combine(medianGame); h.combine(divisions); h.combine(futurePickSeasons)
        h.combine(bonuses); h.combine(decimals); h.combine(rookieDraftRounds); h.combine(taxiSlots); h.combine(taxiMaxYears)
    }

    private static let defaults = LeagueSettings()


    public static let allowedTeamCounts = 3...16
    /// 5 s is the lightning clock (quick practice drafts, the SSH end-to-end draft); the rest are the product's defaults.
    public static let allowedPickClocks: [Int?] = [5, 30, 60, 90, 120, 300, nil]
    public static let allowedPlayoffTeams = [2, 4, 6]

    /// Places in a slot, within its limit (`Limits.slotCount`): never negative, never more than a roster can hold.
    public func count(of slot: Slot) -> Int { (rosterSlots[slot] ?? 0).clamped(to: Limits.slotCount(slot)) }
    /// Total roster size including IR (a sum that saturates: counts no write accepts can't overflow it).
    public var rosterSize: Int { Slot.rosterSlots.reduce(0) { $0.addingSaturated(rosterSlots[$1] ?? 0) } }
    /// Draft rounds = roster size without IR.
    public var draftRounds: Int { rosterSize.addingSaturated((rosterSlots[.ir] ?? 0).negatedSaturated) }
    /// Slots in display order, each repeated by its count within its limit (QB, RB, RB, WR, …).
    public var orderedSlots: [Slot] {
        Slot.rosterSlots.flatMap { Array(repeating: $0, count: count(of: $0)) }
    }
}
