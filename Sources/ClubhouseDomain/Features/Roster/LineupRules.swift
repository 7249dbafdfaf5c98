import Foundation

/// Lineup moves: what is allowed, and applying them.
public enum LineupRules {
    /// Why `move` is refused on `roster`, or nil if it is allowed. Moving a player to the slot he is in is allowed (no change).
    /// Checks, in order: both players on the roster and known; the slot exists; IR status; position eligibility;
    /// locks (a player whose game kicked off can't enter or leave a starting slot); room in the slot.
    public static func validateMove(_ move: LineupMove, on roster: Roster, context: LineupContext) -> LineupRefusal? {
        guard let entry = roster.entry(for: move.playerID) else { return .notOnRoster(move.playerID) }
        guard let player = context.players[move.playerID] else { return .unknownPlayer(move.playerID) }
        let from = entry.slot
        if from == move.slot && move.swapWith == nil { return nil }
        // The taxi squad has its own moves (`RosterService+Taxi.swift`): a taxi player is never started.
        if from == .taxi { return .onTaxiSquad(move.playerID) }
        if move.slot == .taxi { return .taxiIsNoLineupSlot(move.playerID) }
        let capacity = context.capacity(of: move.slot)
        guard capacity > 0 else { return .slotNotInLeague(move.slot) }
        if let refusal = placementRefusal(player, into: move.slot, from: from, context: context) { return refusal }

        if let partnerID = move.swapWith {
            guard let partnerEntry = roster.entry(for: partnerID) else { return .notOnRoster(partnerID) }
            guard partnerEntry.slot == move.slot else { return .swapPartnerNotInSlot(partnerID, slot: move.slot) }
            guard let partner = context.players[partnerID] else { return .unknownPlayer(partnerID) }
            return placementRefusal(partner, into: from, from: move.slot, context: context)
        }
        let occupied = roster.entries.filter { $0.slot == move.slot && $0.playerID != move.playerID }.count
        guard occupied < capacity else { return .slotFull(move.slot, capacity: capacity) }
        return nil
    }

    /// The roster after `move`, or the reason it is refused.
    public static func applyLineupChange(_ move: LineupMove, to roster: Roster, context: LineupContext) throws(LineupRefusal) -> Roster {
        if let refusal = validateMove(move, on: roster, context: context) { throw refusal }
        var result = roster
        guard let moverIndex = result.entries.firstIndex(where: { $0.playerID == move.playerID }) else { return roster }
        let from = result.entries[moverIndex].slot
        if let partnerID = move.swapWith, let partnerIndex = result.entries.firstIndex(where: { $0.playerID == partnerID }) {
            result.entries[partnerIndex].slot = from
        }
        result.entries[moverIndex].slot = move.slot
        return result
    }

    /// Whether `player` may go from `from` into `slot`: IR status, position, and lock.
    static func placementRefusal(_ player: Player, into slot: Slot, from: Slot, context: LineupContext) -> LineupRefusal? {
        if slot == .ir, !InjuredReserveRules.accepts(context.status(of: player.id), allowingDoubtful: context.irAllowsDoubtful) {
            return .injuredReserveRequiresOutOrIR(player.id, status: context.status(of: player.id), doubtfulAllowed: context.irAllowsDoubtful)
        }
        guard slot.eligiblePositions.contains(player.position) else {
            return .notEligible(player.id, position: player.position, slot: slot)
        }
        if slot != from, slot.isStarter || from.isStarter, let kickoff = context.lockingKickoff(of: player) {
            return .playerLocked(player.id, kickoff: kickoff)
        }
        return nil
    }
}

extension Roster {
    /// This roster's slots frozen as the lineup of `week` (kept per week so past scores stay true).
    public func lineup(week: Int) -> Lineup {
        Lineup(teamID: teamID, week: week, slots: Dictionary(uniqueKeysWithValues: entries.map { ($0.playerID, $0.slot) }))
    }
}
