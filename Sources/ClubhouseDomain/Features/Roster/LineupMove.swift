/// A manager's lineup edit: put `playerID` in `slot`, optionally swapping with the player already there.
public struct LineupMove: Hashable, Codable, Sendable {
    public var playerID: PlayerID
    public var slot: Slot
    /// The player in `slot` who takes the mover's old slot; nil moves into a free place in `slot`.
    public var swapWith: PlayerID?

    public init(_ playerID: PlayerID, to slot: Slot, swapWith: PlayerID? = nil) {
        self.playerID = playerID; self.slot = slot; self.swapWith = swapWith
    }
}
