/// The lineup a freshly drafted (or untended) roster gets.
extension LineupRules {
    /// Starters filled by best projection: the dedicated slots first (QB, RB, WR, TE, K, DEF), then FLEX from the
    /// best remaining RB/WR/TE; everyone else to the bench. Players already on IR stay there.
    /// Ties in projection go to the lower player id, so the result is deterministic.
    public static func defaultLineup(for roster: Roster, players: [PlayerID: Player], settings: LeagueSettings,
                                     projection: (PlayerID) -> Points) -> Roster {
        let candidates: [PlayerID] = roster.entries.filter { !$0.slot.isReserve }.map(\.playerID)
        let projected: [PlayerID: Points] = Dictionary(uniqueKeysWithValues: candidates.map { ($0, projection($0)) })
        let ranked = candidates.sorted { (a: PlayerID, b: PlayerID) -> Bool in
            let pa = projected[a] ?? .zero, pb = projected[b] ?? .zero
            return pa != pb ? pa > pb : a < b
        }
        var remaining = ranked
        var assigned: [PlayerID: Slot] = [:]
        let starterSlots = settings.orderedSlots.filter { $0.isStarter }
        let fillOrder = starterSlots.filter { $0 != .flex } + starterSlots.filter { $0 == .flex }
        for slot in fillOrder {
            guard let index = remaining.firstIndex(where: { players[$0].map { slot.accepts($0.position) } ?? false }) else { continue }
            assigned[remaining.remove(at: index)] = slot
        }
        var result = roster
        for i in result.entries.indices where !result.entries[i].slot.isReserve {
            result.entries[i].slot = assigned[result.entries[i].playerID] ?? .bench
        }
        return result
    }
}
