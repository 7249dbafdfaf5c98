import Foundation

// MARK: - Keepers at a round's cost or an auction price (ClubhouseDomain/README.md, “Keepers”)
//
// A keeper league's renewed season lets each team keep up to `keeperCount` players of its final roster of the season
// before. A keeper costs a draft round: the round he was drafted in that season (a keeper's pick is made in his cost
// round, so that is the round he is "drafted" in), `keeperRoundPenalty` rounds earlier, round 1 the floor; a player
// nobody drafted, or one dropped during that season (and re-added), costs `undraftedKeeperRound`. A trade keeps the
// cost: the drafted round belongs to the player, not to the team. Two keepers of one team can't fill one round: the
// later-declared one moves a round earlier (later when no earlier round is free). `maxKeeperYears` (0: no limit) caps
// the seasons in a row a player is kept.
//
// In an auction league (`keeperCost` `auction`) a keeper costs a price instead: his last price — what he was bought for
// in that season's auction (a keeper's price is his sale there, so every year kept adds the raise again) — plus
// `keeperAuctionRaise`. A player with no price that season (undrafted, added as a free agent, dropped and re-added,
// or a season drafted in turns) starts from the league's minimum bid, the least anyone could have bought him for (ESPN
// values such a player at $1, its minimum). The same trade and drop rules as the round's. A team's keepers' prices are
// paid out of its auction budget and must leave the minimum bid for each of its other spots.

/// One keeper of a season: the team keeping him, his cost — the round his keeper pick is made in, or in an auction
/// league the price paid out of the team's budget — the seasons in a row he has been kept (this one included), and his
/// place in the order the team declared its keepers (0 first).
public struct Keeper: Hashable, Codable, Sendable {
    public var team: TeamID
    public var player: PlayerID
    /// The round of his keeper pick (nil: an auction league's keeper, who has a `price`).
    public var round: Int?
    /// His price out of the team's auction budget (nil: a round's keeper).
    public var price: Int?
    public var years: Int
    public var order: Int
    public init(team: TeamID, player: PlayerID, round: Int?, price: Int? = nil, years: Int, order: Int) {
        self.team = team; self.player = player; self.round = round; self.price = price; self.years = years; self.order = order
    }

    /// His cost as the API shows it: `{"round": 4}` or `{"price": 23}`.
    public var cost: KeeperCostView {
        var c = KeeperCostView(round: 1)
        c.round = round; c.price = price
        return c
    }
}

/// What the season before says of one player, for his keeper cost.
public struct KeeperHistory: Hashable, Sendable {
    /// The round he was drafted in that season (a keeper pick included); nil: nobody drafted him.
    public var draftedRound: Int?
    /// What he was bought for in that season's auction (a keeper's price included); nil: no auction bought him.
    public var price: Int?
    /// Seasons in a row he had been kept up to that season (0: he wasn't a keeper then).
    public var yearsKept: Int
    /// Whether he was dropped at any time in that season (so whoever has him now re-added him).
    public var dropped: Bool
    public init(draftedRound: Int?, price: Int? = nil, yearsKept: Int = 0, dropped: Bool = false) {
        self.draftedRound = draftedRound; self.price = price; self.yearsKept = yearsKept; self.dropped = dropped
    }
}

public enum KeeperRules {
    /// A player's cost kept alone: the round (within the draft's rounds) and the seasons in a row he will have been kept.
    public static func cost(_ history: KeeperHistory, settings: LeagueSettings) -> (round: Int, years: Int) {
        let rounds = max(1, settings.draftRounds)
        guard let drafted = history.draftedRound, !history.dropped else {
            return (settings.undraftedKeeperRound.clamped(to: 1...rounds), 1)
        }
        return (max(1, min(drafted, rounds) - settings.keeperRoundPenalty), history.yearsKept + 1)
    }

    /// A player kept alone by `team` (order 0): his round, or in an auction league (`keeperCost` `auction`) his price,
    /// and the seasons in a row he will have been kept.
    public static func keeper(_ player: PlayerID, team: TeamID, _ history: KeeperHistory, settings: LeagueSettings) -> Keeper {
        if settings.keeperCost == .auction {
            let c = price(history, settings: settings)
            return Keeper(team: team, player: player, round: nil, price: c.price, years: c.years, order: 0)
        }
        let c = cost(history, settings: settings)
        return Keeper(team: team, player: player, round: c.round, years: c.years, order: 0)
    }

    /// A player's price kept in an auction league, and the seasons in a row he will have been kept: his last price
    /// (at least the minimum bid; none, or dropped that season: the minimum bid, and his years start again) plus
    /// `keeperAuctionRaise`.
    public static func price(_ history: KeeperHistory, settings: LeagueSettings) -> (price: Int, years: Int) {
        let s = settings.clampedToLimits()
        guard let paid = history.price, !history.dropped else { return (s.auctionMinBid + s.keeperAuctionRaise, 1) }
        return (max(paid, s.auctionMinBid).addingSaturated(s.keeperAuctionRaise), history.yearsKept + 1)
    }

    /// The most a team's `count` keepers may cost together in an auction league: its budget less the minimum bid for
    /// each spot it still buys at auction (the rule every bid follows, `AuctionRoom.maxBid`).
    public static func affordable(keepers count: Int, settings: LeagueSettings) -> Int {
        let s = settings.clampedToLimits()
        return s.auctionBudget - s.auctionMinBid * max(0, s.draftRounds - count)
    }

    /// Whether a team's keepers' prices fit its auction budget: nil when they do, else the sentence refusing them.
    public static func budgetRefusal(prices: [Int], team: String, settings: LeagueSettings) -> String? {
        let total = prices.reduce(0) { $0.addingSaturated($1) }, most = affordable(keepers: prices.count, settings: settings)
        guard total > most else { return nil }
        let s = settings.clampedToLimits(), others = max(0, s.draftRounds - prices.count)
        return "\(team)'s keepers would cost $\(total) of its $\(s.auctionBudget) budget — with $\(s.auctionMinBid) kept for each of its \(others) other "
            + "spot\(others == 1 ? "" : "s"), its keepers can cost $\(max(0, most)) at most"
    }

    /// One team's keepers' rounds, in the order they were declared: each takes its own round when it is free, else
    /// the nearest earlier free round, else the nearest later one (none free: its own round, which can't happen
    /// while a team keeps fewer players than the draft has rounds).
    public static func rounds(_ costs: [Int], draftRounds: Int) -> [Int] {
        var taken = Set<Int>(), out: [Int] = []
        for cost in costs {
            let earlier = stride(from: cost, through: 1, by: -1).first { !taken.contains($0) }
            let later = cost < draftRounds ? (cost + 1...draftRounds).first { !taken.contains($0) } : nil
            let round = earlier ?? later ?? cost
            taken.insert(round)
            out.append(round)
        }
        return out
    }

    /// The seasons-in-a-row limit: nil when the player may be kept, else the sentence refusing him.
    public static func yearsRefusal(years: Int, name: String, settings: LeagueSettings) -> String? {
        guard settings.maxKeeperYears > 0, years > settings.maxKeeperYears else { return nil }
        return "\(name) has been kept \(years - 1) season\(years - 1 == 1 ? "" : "s") in a row — this league keeps a player "
            + "at most \(settings.maxKeeperYears)"
    }

    /// The keepers' order after a new declaration: players declared before keep their places, new ones follow in the
    /// order sent.
    public static func declarationOrder(previous: [Keeper], sent: [PlayerID]) -> [PlayerID] {
        let kept = previous.sorted { $0.order < $1.order }.map(\.player).filter { sent.contains($0) }
        return kept + sent.filter { !kept.contains($0) }
    }

    /// The overall pick a keeper fills: his team's own pick in his round, else (that pick traded away) the team's
    /// nearest pick earlier, else later, among the picks not yet filled. Nil: the team has no pick left.
    public static func pick(round: Int, team: TeamID, draft: Draft, pickOwners: [DraftPickRef: TeamID], filled: Set<Int>) -> Int? {
        let teams = draft.order.count
        guard teams > 0, draft.rounds >= 1 else { return nil }
        let order = [round] + stride(from: round - 1, through: 1, by: -1) + (round < draft.rounds ? Array(round + 1...draft.rounds) : [])
        for r in order where r >= 1 && r <= draft.rounds {
            for n in DraftOrder.overallPick(round: r, pickInRound: 1, teamCount: teams)...DraftOrder.overallPick(round: r, pickInRound: teams, teamCount: teams)
            where !filled.contains(n) && DraftRoom.owner(ofPick: n, draft: draft, pickOwners: pickOwners) == team {
                return n
            }
        }
        return nil
    }
}
