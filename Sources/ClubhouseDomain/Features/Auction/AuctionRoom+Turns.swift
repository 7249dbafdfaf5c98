import Foundation

// An auction's clock must always have a next move. Every write that spends budget keeps the minimum bid for each other
// open spot (`maxBid(of:)`, the one limit); a team that can't buy is skipped for nomination; and when no team can
// nominate while spots are left, the clock step fills them by one rule (ClubhouseDomain/README.md, Auction drafts).

extension AuctionRoom {
    /// Whether `team` has a spot a player could still fill: an open spot and an unsold player it has room for
    /// (position maxima included).
    public func hasSpotToFill(_ team: TeamID) -> Bool { hasSpotToFill(team, taken: taken) }

    func hasSpotToFill(_ team: TeamID, taken: Set<PlayerID>) -> Bool {
        guard openSpots(of: team) > 0 else { return false }
        let held = held(by: team)
        return pool.players.contains { !taken.contains($0.playerID) && rules.allows($0.position, given: held) }
    }

    /// Whether `team` takes nomination turns: a spot to fill and a max bid that reaches the minimum bid (a nomination
    /// is an opening bid).
    public func canNominate(_ team: TeamID) -> Bool { maxBid(of: team) >= settings.minBid && hasSpotToFill(team) }

    /// Whether the clock step must fill the spots left: running, nobody on the block, and no team can nominate (the
    /// teams with spots left can't bid — or nobody has a spot, and the draft only needs completing).
    public var needsFill: Bool { draft.status == .running && nomination == nil && nominator == nil }

    /// What the room charges for a spot it fills: the minimum bid while the team's budget left covers it, else $0.
    public func fillPrice(for team: TeamID) -> Int { budgetLeft(of: team) >= settings.minBid ? settings.minBid : 0 }

    /// Fills every spot left when no team can nominate: round after round in draft order, each team with a spot to
    /// fill takes its autopick choice (a person's queue first, then the rankings by its needs) at `fillPrice`. The
    /// sales take no nomination turn. The draft is then complete. Returns the sales.
    public mutating func fillRemainingSpots(teams: [Team], queues: DraftQueues, now: Date) -> [Pick] {
        guard needsFill else { return [] }
        var filled: [Pick] = []
        var progressed = true
        while progressed, draft.status == .running {
            progressed = false
            for id in draft.order where draft.status == .running && hasSpotToFill(id) {
                let isBot = teams.first { $0.id == id }?.isBot ?? true
                guard let player = nominationChoice(for: id, queues: queues, isBot: isBot) else { continue }
                filled.append(sell(player, to: id, price: fillPrice(for: id), source: isBot ? .bot : .autopick, nominatedBy: nil, now: now))
                progressed = true
            }
        }
        if draft.status == .running {
            // Nothing left anyone could take (an empty pool): complete rather than wait on a clock that has nothing to do.
            draft.status = .complete
            draft.deadline = nil
            draft.pickOpenedAt = nil
        }
        return filled
    }

    /// Why `team` can't spend more: its budget left, its open spots and the range a price (or bid) may take.
    func spendingLimitSentence(_ team: TeamID, _ what: String) -> String {
        let left = budgetLeft(of: team), open = openSpots(of: team)
        let keep = open > 1 ? " (it keeps $\(settings.minBid) for each of its \(open - 1) other open spots)" : ""
        return "\(name(of: team)) has $\(left) left — \(what) $0–$\(maxBid(of: team))\(keep)"
    }
}
