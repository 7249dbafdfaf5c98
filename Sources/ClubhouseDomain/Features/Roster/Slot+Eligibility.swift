/// Which players a lineup slot takes.
extension Slot {
    /// Whether a player of `position` with injury `status` may sit in this slot:
    /// FLEX takes RB/WR/TE, BN anyone, IR anyone whose status is OUT or IR (or Doubtful, `allowingDoubtful`:
    /// a league's `irAllowsDoubtful`; the rule is `InjuredReserveRules`).
    public func accepts(_ position: Position, status: InjuryStatus = .healthy, allowingDoubtful: Bool = false) -> Bool {
        guard eligiblePositions.contains(position) else { return false }
        return self != .ir || InjuredReserveRules.accepts(status, allowingDoubtful: allowingDoubtful)
    }
}
