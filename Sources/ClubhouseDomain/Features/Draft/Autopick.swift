/// The roster rules a draft pick must keep: slot counts (for "starters before bench") and position maxima.
public struct DraftRosterRules: Hashable, Codable, Sendable {
    public var rosterSlots: [Slot: Int]
    /// Most players of a position a team may draft; a position missing here has no limit.
    public var positionMaxima: [Position: Int]

    public init(rosterSlots: [Slot: Int], positionMaxima: [Position: Int]) {
        self.rosterSlots = rosterSlots; self.positionMaxima = positionMaxima
    }

    public init(_ settings: LeagueSettings) {
        self.init(rosterSlots: settings.rosterSlots, positionMaxima: settings.positionMaxima)
    }

    /// Whether a team already holding `held` may take one more player of `position`.
    public func allows(_ position: Position, given held: [Position: Int]) -> Bool {
        guard let max = positionMaxima[position] else { return true }
        return held[position, default: 0] < max
    }

    /// The positions that would still fill a starting slot (QB, RB, WR, TE, FLEX, K, DEF) for a team holding `held`.
    ///
    /// Each position fills its own slots first; RB/WR/TE beyond their own slots fill FLEX.
    public func positionsWithOpenStarterSlot(given held: [Position: Int]) -> Set<Position> {
        let flexSlots = rosterSlots[.flex] ?? 0
        let flexPositions = Slot.flex.eligiblePositions
        var flexUsed = 0
        for p in flexPositions { flexUsed += max(0, held[p, default: 0] - own(p)) }
        let flexOpen = flexSlots - flexUsed > 0
        return Set(Position.allCases.filter { p in
            held[p, default: 0] < own(p) || (flexOpen && flexPositions.contains(p))
        })
    }

    /// How many starting slots (FLEX included) a team holding `held` still has to fill.
    public func openStarterSlots(given held: [Position: Int]) -> Int {
        var open = 0, flexUsed = 0
        for p in Position.allCases { open += max(0, own(p) - held[p, default: 0]) }
        for p in Slot.flex.eligiblePositions { flexUsed += max(0, held[p, default: 0] - own(p)) }
        return open + max(0, (rosterSlots[.flex] ?? 0) - flexUsed)
    }

    /// Picks a team makes in the draft: every slot but IR.
    public var draftRounds: Int {
        Slot.allCases.filter { !$0.isReserve }.reduce(0) { $0.addingSaturated(rosterSlots[$1] ?? 0) }
    }

    /// Starting slots dedicated to one position (FLEX excluded).
    public func own(_ position: Position) -> Int { rosterSlots[position.dedicatedSlot] ?? 0 }
}

