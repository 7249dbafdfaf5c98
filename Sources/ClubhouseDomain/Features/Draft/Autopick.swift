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

    /// Starting slots dedicated to one position (FLEX excluded).
    private func own(_ position: Position) -> Int {
        switch position {
        case .qb: rosterSlots[.qb] ?? 0
        case .rb: rosterSlots[.rb] ?? 0
        case .wr: rosterSlots[.wr] ?? 0
        case .te: rosterSlots[.te] ?? 0
        case .k: rosterSlots[.k] ?? 0
        case .def: rosterSlots[.def] ?? 0
        }
    }
}

/// Chooses the player a team takes when it does not pick itself (clock expiry, autopick, bots).
///
/// Rules, in order:
/// 1. The first player of the team's queue who is still available and within position maxima.
/// 2. Otherwise the best-ranked available player whose position still has an open starting slot
///    (FLEX counts for RB/WR/TE), within maxima — starters are filled before the bench.
/// 3. Otherwise (every starter filled, or no player left for an open one) the best-ranked available player within maxima.
/// Returns nil only when no available player fits the maxima.
public enum Autopick {
    public static func choose(queue: [PlayerID], rankings: DraftRankings, taken: Set<PlayerID>,
                              teamPositions: [Position], rules: DraftRosterRules) -> PlayerID? {
        var held: [Position: Int] = [:]
        for p in teamPositions { held[p, default: 0] += 1 }

        for id in queue where !taken.contains(id) {
            if let position = rankings.position(of: id), rules.allows(position, given: held) { return id }
        }
        let needed = rules.positionsWithOpenStarterSlot(given: held)
        var bestWithinMaxima: PlayerID?
        for player in rankings.players where !taken.contains(player.playerID) && rules.allows(player.position, given: held) {
            if needed.isEmpty || needed.contains(player.position) { return player.playerID }
            if bestWithinMaxima == nil { bestWithinMaxima = player.playerID }
        }
        return bestWithinMaxima
    }
}
