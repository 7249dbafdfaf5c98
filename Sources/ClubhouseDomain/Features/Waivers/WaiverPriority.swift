/// Rolling waiver priority as an ordered list: `[0]` has priority 1 (claims first).
///
/// Rules: the initial order is the reverse of the draft's slot order (the team that picked last in round 1 claims
/// first); a successful claim moves that team to last and everyone behind it moves up one.
public enum WaiverPriority {
    /// Priority after the draft: the reverse of the draft slot order.
    public static func initial(draftOrder: [TeamID]) -> [TeamID] { draftOrder.reversed() }

    /// The order after `team` wins a claim.
    public static func movingToLast(_ team: TeamID, in order: [TeamID]) -> [TeamID] {
        guard order.contains(team) else { return order }
        return order.filter { $0 != team } + [team]
    }

    /// The order stored on teams (`Team.waiverPriority`, 1 first; ties by team id).
    public static func order(of teams: [Team]) -> [TeamID] {
        teams.sorted { ($0.waiverPriority, $0.id) < ($1.waiverPriority, $1.id) }.map(\.id)
    }

    /// Writes an order back to teams as `waiverPriority` 1, 2, 3, …; teams missing from the order keep theirs.
    public static func apply(_ order: [TeamID], to teams: [Team]) -> [Team] {
        let rank = Dictionary(order.enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: { a, _ in a })
        return teams.map { t in
            var t = t
            if let r = rank[t.id] { t.waiverPriority = r }
            return t
        }
    }
}
