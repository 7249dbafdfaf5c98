import Foundation

/// How the draft order runs round to round.
public enum DraftType: String, CaseIterable, Codable, Sendable {
    case snake, linear
    /// Snake, except round 3 runs in round 2's order (and the snake continues from there).
    case thirdRoundReversal = "third-round-reversal"
}

/// Waiver system: rolling priority, or free-agent acquisition budget (FAAB).
public enum WaiverType: String, CaseIterable, Codable, Sendable {
    case rolling, faab
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

    public init() {}

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
