/// Who picks when: the round-by-round order of a draft, from the slot order and the draft type.
///
/// Pick numbers are 1-based overall (`1 ... rounds × teams`); rounds and picks-in-round are 1-based too.
public enum DraftOrder {
    /// The round a pick falls in (1-based).
    public static func round(forPick pick: Int, teamCount: Int) -> Int {
        precondition(pick >= 1 && teamCount >= 1, "pick and team count start at 1")
        return (pick - 1) / teamCount + 1
    }

    /// The pick's place inside its round (1-based), as shown on the board ("3.07").
    public static func pickInRound(forPick pick: Int, teamCount: Int) -> Int {
        precondition(pick >= 1 && teamCount >= 1, "pick and team count start at 1")
        return (pick - 1) % teamCount + 1
    }

    /// The overall pick number of a round's n-th pick.
    public static func overallPick(round: Int, pickInRound: Int, teamCount: Int) -> Int {
        (round - 1) * teamCount + pickInRound
    }

    /// Whether a round runs from the last slot to the first.
    ///
    /// Snake: even rounds. Linear: never. Third-round reversal: round 2 and round 3 both run backwards,
    /// then the snake alternates from there (4 forwards, 5 backwards, …).
    public static func isReversed(round: Int, type: DraftType) -> Bool {
        switch type {
        case .linear, .auction: false
        case .snake: round % 2 == 0
        case .thirdRoundReversal: round == 2 || (round >= 3 && round % 2 == 1)
        }
    }

    /// The index into the slot order (`order[0]` picks first in round 1) of the team making a pick.
    public static func slotIndex(forPick pick: Int, teamCount: Int, type: DraftType) -> Int {
        let inRound = pickInRound(forPick: pick, teamCount: teamCount) - 1
        return isReversed(round: round(forPick: pick, teamCount: teamCount), type: type) ? teamCount - 1 - inRound : inRound
    }

    /// The team making a pick.
    public static func team(forPick pick: Int, order: [TeamID], type: DraftType) -> TeamID {
        order[slotIndex(forPick: pick, teamCount: order.count, type: type)]
    }

    /// The teams of one round, in the order they pick.
    public static func roundOrder(round: Int, order: [TeamID], type: DraftType) -> [TeamID] {
        isReversed(round: round, type: type) ? order.reversed() : order
    }

    /// Every overall pick number a team makes in a draft of `rounds` rounds.
    public static func picks(of team: TeamID, order: [TeamID], type: DraftType, rounds: Int) -> [Int] {
        guard let slot = order.firstIndex(of: team), rounds >= 1 else { return [] }
        return (1...rounds).map { r in
            let inRound = isReversed(round: r, type: type) ? order.count - slot : slot + 1
            return overallPick(round: r, pickInRound: inRound, teamCount: order.count)
        }
    }

    /// A uniformly random slot order (Fisher–Yates over the injected generator), for leagues whose
    /// commissioner set none. The same seed always gives the same order.
    public static func random<G: RandomNumberGenerator>(teams: [TeamID], using generator: inout G) -> [TeamID] {
        var order = teams.sorted()
        order.shuffle(using: &generator)
        return order
    }

    /// The draft's slot order: the commissioner's when set (it must list every team exactly once),
    /// otherwise a seeded random order.
    public static func resolve<G: RandomNumberGenerator>(teams: [TeamID], commissionerOrder: [TeamID]?, using generator: inout G) throws(DomainError) -> [TeamID] {
        guard let chosen = commissionerOrder else { return random(teams: teams, using: &generator) }
        try validate(order: chosen, teams: teams)
        return chosen
    }

    /// Checks that an order lists every team of the league exactly once.
    public static func validate(order: [TeamID], teams: [TeamID]) throws(DomainError) {
        guard Set(order).count == order.count else {
            throw .validation(field: "order", message: "The draft order lists a team twice")
        }
        guard Set(order) == Set(teams) else {
            throw .validation(field: "order", message: "The draft order must list every team of the league exactly once")
        }
    }
}
