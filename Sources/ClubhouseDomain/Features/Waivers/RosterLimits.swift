/// The limits an add (with an optional drop) must keep: roster size without IR, and position maxima.
public struct RosterLimits: Hashable, Sendable {
    /// Players a roster may hold outside IR (roster size minus IR slots; 15 by default).
    public var activeCapacity: Int
    /// Most players of a position a roster may hold (IR included); a missing position has no limit.
    public var positionMaxima: [Position: Int]

    public init(activeCapacity: Int, positionMaxima: [Position: Int]) {
        self.activeCapacity = activeCapacity; self.positionMaxima = positionMaxima
    }

    public init(_ settings: LeagueSettings) {
        self.init(activeCapacity: settings.rosterSize - (settings.rosterSlots[.ir] ?? 0), positionMaxima: settings.positionMaxima)
    }

    /// Why adding a player of `position` (dropping `drop`, if any) to `roster` breaks a limit, or nil when it fits.
    public func problem(adding position: Position, dropping drop: PlayerID?, to roster: Roster, positions: [PlayerID: Position]) -> String? {
        let kept = roster.entries.filter { $0.playerID != drop }
        let active = kept.filter { $0.slot != .ir }.count
        if active + 1 > activeCapacity {
            return "the roster already holds \(active) of \(activeCapacity) players outside IR"
        }
        if let max = positionMaxima[position] {
            let same = kept.filter { positions[$0.playerID] == position }.count
            if same + 1 > max { return "the roster already holds \(same) \(position.rawValue), the most allowed" }
        }
        return nil
    }
}
