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
        self.init(activeCapacity: RosterRules.activeCapacity(settings), positionMaxima: settings.positionMaxima)
    }

    /// Why adding a player of `position` (dropping `drop`, if any) to `roster` breaks a limit, or nil when it fits.
    /// The decision is `RosterRules.limitRefusal` (one rule for adds, claims and picks); this only words it for waivers.
    public func problem(adding position: Position, dropping drop: PlayerID?, to roster: Roster, positions: [PlayerID: Position]) -> String? {
        let kept = roster.entries.filter { $0.playerID != drop }
        switch RosterRules.limitRefusal(adding: position, to: kept, activeCapacity: activeCapacity, positionMaxima: positionMaxima,
                                        position: { positions[$0] }) {
        case .rosterFull?:
            return "the roster already holds \(kept.filter { !$0.slot.isReserve }.count) of \(activeCapacity) players outside IR"
        case .positionMaximum?:
            return "the roster already holds \(kept.filter { positions[$0.playerID] == position }.count) \(position.rawValue), the most allowed"
        default:
            return nil
        }
    }
}
