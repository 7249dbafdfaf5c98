/// Which players a lineup slot takes.
extension Slot {
    /// Whether a player of `position` with injury `status` may sit in this slot:
    /// FLEX takes RB/WR/TE, BN anyone, IR anyone whose status is OUT or IR.
    public func accepts(_ position: Position, status: InjuryStatus = .healthy) -> Bool {
        guard eligiblePositions.contains(position) else { return false }
        return self != .ir || status.allowsInjuredReserve
    }
}

extension InjuryStatus {
    /// Only players ruled OUT or on the NFL's injured reserve may occupy an IR slot.
    public var allowsInjuredReserve: Bool { self == .out || self == .injuredReserve }
}
