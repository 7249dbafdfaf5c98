import Foundation

/// Roster size and position maxima, checked on every add, waiver claim and draft pick.
public enum RosterRules {
    /// Places for players outside IR: the sum of every non-IR slot count (15 by default).
    public static func activeCapacity(_ settings: LeagueSettings) -> Int {
        settings.draftRounds
    }

    /// Why `playerID` can't join `roster` (after dropping `drop`, if given), or nil if he can.
    /// Rules: not already rostered; non-IR players ≤ active capacity; players of his position (IR included) ≤ the maximum;
    /// and an open slot he may fill (an empty starting slot first, then FLEX, then the bench).
    public static func refusalToAdd(_ playerID: PlayerID, dropping drop: PlayerID? = nil, to roster: Roster,
                                    players: [PlayerID: Player], settings: LeagueSettings) -> RosterRefusal? {
        switch placement(playerID, dropping: drop, to: roster, players: players, settings: settings) {
        case .success: nil
        case .failure(let refusal): refusal
        }
    }

    /// The roster with `playerID` added (and `drop` removed), or the reason it can't be.
    public static func adding(_ playerID: PlayerID, dropping drop: PlayerID? = nil, to roster: Roster, players: [PlayerID: Player],
                              settings: LeagueSettings, acquisition: Acquisition, at now: Date) throws(RosterRefusal) -> Roster {
        let slot = try placement(playerID, dropping: drop, to: roster, players: players, settings: settings).get()
        var result = roster
        if let drop { result.entries.removeAll { $0.playerID == drop } }
        result.entries.append(RosterEntry(playerID: playerID, slot: slot, acquisition: acquisition, acquiredAt: now))
        return result
    }

    /// The roster without `playerID`.
    public static func dropping(_ playerID: PlayerID, from roster: Roster) throws(RosterRefusal) -> Roster {
        guard roster.contains(playerID) else { throw .dropNotOnRoster(playerID) }
        var result = roster
        result.entries.removeAll { $0.playerID == playerID }
        return result
    }

    /// The size and maxima check every add shares (free-agent adds, waiver claims and waiver runs call it too, through
    /// `RosterLimits`): with `kept` the roster after any drop, the players outside IR must stay within `activeCapacity`,
    /// and the players of `position` (IR included) within its maximum. Nil when one more player of `position` fits.
    public static func limitRefusal(adding position: Position, to kept: [RosterEntry], activeCapacity: Int,
                                    positionMaxima: [Position: Int], position positionOf: (PlayerID) -> Position?) -> RosterRefusal? {
        guard kept.filter({ !$0.slot.isReserve }).count < activeCapacity else { return .rosterFull(limit: activeCapacity) }
        if let maximum = positionMaxima[position] {
            let held = kept.filter { positionOf($0.playerID) == position }.count
            guard held < maximum else { return .positionMaximum(position, limit: maximum) }
        }
        return nil
    }

    /// Where an added player goes: an empty starting slot of his position (an empty starter scores nothing), then FLEX,
    /// then the bench.
    static func placement(_ playerID: PlayerID, dropping drop: PlayerID?, to roster: Roster, players: [PlayerID: Player],
                          settings: LeagueSettings) -> Result<Slot, RosterRefusal> {
        guard !roster.contains(playerID) else { return .failure(.alreadyOnRoster(playerID)) }
        guard let player = players[playerID] else { return .failure(.unknownPlayer(playerID)) }
        var entries = roster.entries
        if let drop {
            guard roster.contains(drop) else { return .failure(.dropNotOnRoster(drop)) }
            entries.removeAll { $0.playerID == drop }
        }
        if let refusal = limitRefusal(adding: player.position, to: entries, activeCapacity: activeCapacity(settings),
                                      positionMaxima: settings.positionMaxima, position: { players[$0]?.position }) {
            return .failure(refusal)
        }
        let candidates = Slot.allCases.filter { $0.isStarter && $0 != .flex } + [.flex, .bench]
        for slot in candidates where slot.accepts(player.position) {
            if entries.filter({ $0.slot == slot }).count < settings.rosterSlots[slot] ?? 0 { return .success(slot) }
        }
        return .failure(.noOpenSlot(player.position))
    }
}
