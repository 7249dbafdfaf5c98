/// What a waiver run reads and changes: rosters, rolling priority, FAAB budgets and waiver holds.
public struct WaiverState: Hashable, Sendable {
    public var rosters: [TeamID: Roster]
    /// Rolling priority, `[0]` claims first.
    public var priority: [TeamID]
    /// FAAB dollars left per team.
    public var budgets: [TeamID: Int]
    public var holds: [WaiverHold]

    public init(rosters: [Roster], priority: [TeamID], budgets: [TeamID: Int], holds: [WaiverHold]) {
        self.rosters = Dictionary(rosters.map { ($0.teamID, $0) }, uniquingKeysWith: { a, _ in a })
        self.priority = priority; self.budgets = budgets; self.holds = holds
    }

    /// The state of a league's teams: priority from `Team.waiverPriority`, budgets from `Team.faabRemaining`.
    public init(teams: [Team], rosters: [Roster], holds: [WaiverHold]) {
        self.init(rosters: rosters, priority: WaiverPriority.order(of: teams),
                  budgets: Dictionary(teams.map { ($0.id, $0.faabRemaining) }, uniquingKeysWith: { a, _ in a }), holds: holds)
    }

    /// Teams with this state's priority and budgets written back.
    public func applying(to teams: [Team]) -> [Team] {
        WaiverPriority.apply(priority, to: teams).map { t in
            var t = t
            if let b = budgets[t.id] { t.faabRemaining = b }
            return t
        }
    }

    public func roster(of team: TeamID) -> Roster { rosters[team] ?? Roster(teamID: team) }
    public func owner(of player: PlayerID) -> TeamID? { rosters.values.first { $0.contains(player) }?.teamID }
    /// 1-based rolling priority (teams missing from the list come after it, by team id).
    public func priorityRank(of team: TeamID) -> Int {
        if let i = priority.firstIndex(of: team) { return i + 1 }
        return priority.count + 1
    }
}
