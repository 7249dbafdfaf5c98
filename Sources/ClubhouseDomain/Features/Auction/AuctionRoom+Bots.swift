import Foundation

// How bots and absent managers bid (ClubhouseDomain/README.md, "Auction bots"): once per nomination each decides how
// far it will go for the player on the block and enters that as a private maximum, as a person's `PUT …/draft/max-bid`
// does. The price moves at once to the second-highest maximum plus the increment; their proxies answer later bids
// without resetting the clock.

extension AuctionRoom {
    /// The money and value left in the room: what the spots still open can be bought with, against what the best
    /// players left are worth.
    public struct Market: Hashable, Sendable {
        /// Money above the minimum bid for every open spot, all teams together.
        public var money: Double
        /// Open spots, all teams together.
        public var spots: Int
        /// Value above the minimum bid of the best players left, one per open spot.
        public var value: Double

        /// Dollars the room has for each dollar of value left (1 when money and value are in step): the values still
        /// to be bought scaled to the money still to be spent, so a room that paid less than value early pays more
        /// later and the other way round.
        public var inflation: Double { value > 0 ? min(4, max(0.25, money / value)) : 1 }
        /// Money above the minimum per open spot.
        public var moneyPerSpot: Double { spots > 0 ? money / Double(spots) : 0 }
    }

    /// Every bot's maximum is shaded by this much: the price is the second-highest of several noisy maximums, which
    /// lands over their middle; unshaded, the first stars sell over value and the money runs out before the last spots
    /// (seen on the 2019 pool in an 8-team, 3-spot room: the stars at 1.1× value, the last sales at a third of theirs).
    static let botShade = 0.97

    /// The room's market now (`Market`).
    public func market(values: AuctionValues) -> Market {
        var money = 0.0, spots = 0
        for team in draft.order {
            let open = openSpots(of: team)
            guard open > 0 else { continue }
            spots += open
            money += Double(max(0, budgetLeft(of: team) - settings.minBid * open))
        }
        let taken = taken
        var value = 0.0, counted = 0
        for p in pool.players where counted < spots && !taken.contains(p.playerID) {
            value += Double(max(0, values.value(of: p.playerID) - settings.minBid))
            counted += 1
        }
        return Market(money: money, spots: spots, value: value)
    }

    /// How far a bot or absent manager goes for `player` (before its max bid caps it), decided once per nomination:
    ///
    /// minimum bid + (his auction value − minimum bid) × the room's inflation × need × money × temperament, where
    /// - need is 1 when he fills an open starting place (FLEX included), 0.8 when he'd sit on the bench;
    /// - money is the team's money above the minimum per open spot against the room's, square-rooted and held to
    ///   0.6–1.8 (a team that has more to spend than its rivals bids more, one that spent early less);
    /// - temperament is a seeded draw per team and nomination: ±4 % (safe), ±10 % and RB/WR +5 % (upside), ±7 % (runs);
    /// - and a shade of 0.97 (`botShade`), since the price is the second-highest of several maximums.
    /// On its last open spot a team goes to its whole max bid, so no budget is left behind: with more than 2.5 % of its
    /// budget left, for a player worth about that (¾ of its max bid, or of the best left it has room for) and nobody
    /// cheaper; with less,
    /// for a player whose inflated value is at least half its money.
    public func botLimit(of team: TeamID, for player: PlayerID, values: AuctionValues, market: Market) -> Int {
        guard let position = pool.position(of: player) else { return 0 }
        let minBid = settings.minBid
        let open = openSpots(of: team)
        guard open > 0 else { return 0 }
        let value = values.value(of: player)
        let spendable = Double(max(0, budgetLeft(of: team) - minBid * open))
        let need = rules.positionsWithOpenStarterSlot(given: held(by: team)).contains(position) ? 1.0 : 0.8
        let pressure = market.moneyPerSpot > 0 ? (spendable / Double(open)) / market.moneyPerSpot : 1
        let money = min(1.8, max(0.6, pressure.squareRoot()))
        var rng = SeededRandom(seed: botSeed ^ (UInt64(truncatingIfNeeded: draft.currentPick) &* 0x9E37_79B9_7F4A_7C15)
                               ^ (UInt64(bitPattern: team.rawValue) &* 0xBF58_476D_1CE4_E5B9) ^ 0x6175_6374)
        var temper: Double
        switch BotTemperament.of(team: team, seed: botSeed) {
        case .safe: temper = Double.random(in: 0.96...1.04, using: &rng)
        case .upside: temper = Double.random(in: 0.90...1.10, using: &rng) * (position == .rb || position == .wr ? 1.05 : 1)
        case .runs: temper = Double.random(in: 0.93...1.07, using: &rng)
        }
        let surplus = Double(max(0, value - minBid)) * market.inflation * need * money * temper * Self.botShade
        var limit = minBid + Int(surplus.rounded())
        // The last spot: spend what is left on a player worth it rather than leave it unspent. With more than 2.5 % of the
        // budget left that means a player worth about what it has (¾ of its max bid, or ¾ of the best left it has room
        // for when that is less), and no cheaper one.
        if open == 1 {
            let best = bestAvailable(for: team).map { values.value(of: $0) } ?? value
            if spendable > 0.025 * Double(settings.budget) {
                let worthIt = 4 * value >= 3 * min(best, maxBid(of: team))
                limit = worthIt ? maxBid(of: team) : minBid
            } else if Double(value - minBid) * market.inflation >= 0.5 * spendable {
                limit = max(limit, maxBid(of: team))
            }
        }
        return limit
    }

    /// The bots and absent managers that haven't entered a maximum on the player on the block and would go past the
    /// bid they'd have to beat, each with its maximum (within its max bid), in a seeded order per nomination.
    public func pendingBots(teams: [Team], values: AuctionValues) -> [(team: TeamID, amount: Int)] {
        guard draft.status == .running, let n = nomination else { return [] }
        let auto = teams.filter { ($0.isBot || $0.autopick) && maxBids[$0.id] == nil && draft.order.contains($0.id) && hasRoom($0.id, for: n.player) }
        guard !auto.isEmpty else { return [] }
        let market = market(values: values)
        var out: [(team: TeamID, amount: Int)] = []
        for team in auto {
            let amount = min(maxBid(of: team.id), botLimit(of: team.id, for: n.player, values: values, market: market))
            let beat = team.id == n.highBidder ? n.highBid + 1 : n.highBid + settings.increment
            if amount >= beat { out.append((team.id, amount)) }
        }
        var rng = SeededRandom(seed: botSeed ^ (UInt64(truncatingIfNeeded: n.number) &* 0xD6E8_FEB8_6659_FD93) ^ 0x656E_7472)
        out.sort { $0.team < $1.team }
        out.shuffle(using: &rng)
        return out
    }

    /// The most valuable player left that `team` has room for.
    func bestAvailable(for team: TeamID) -> PlayerID? {
        let taken = taken, held = held(by: team)
        return pool.players.first { !taken.contains($0.playerID) && rules.allows($0.position, given: held) }?.playerID
    }

    /// A bot's nomination when money matters more than needs: with one or two spots left and more than 2.5 % of its
    /// budget above the minimum bids, the most valuable player left it has room for (else nil: its needs decide).
    func moneyNomination(for team: TeamID) -> PlayerID? {
        let open = openSpots(of: team)
        guard open > 0, open <= 2, Double(budgetLeft(of: team) - settings.minBid * open) > 0.025 * Double(settings.budget) else { return nil }
        return bestAvailable(for: team)
    }

    /// Whether `amount` is `team`'s whole max bid on its last open spot (the last-spot rule of `botLimit`).
    func spendsItAll(_ team: TeamID, _ amount: Int) -> Bool {
        openSpots(of: team) == 1 && amount == maxBid(of: team) && amount > settings.minBid
    }

    /// The opening bid of a bot's or absent manager's nomination: the minimum bid, or on its last spot when the last-spot
    /// rule applies to the player, everything it has.
    public func openingBid(for team: TeamID, player: PlayerID, values: AuctionValues) -> Int {
        let limit = min(maxBid(of: team), botLimit(of: team, for: player, values: values, market: market(values: values)))
        return spendsItAll(team, limit) ? limit : settings.minBid
    }

    /// Enters every pending bot's maximum (`pendingBots`), one after another as if typed in that order: the price moves
    /// to the second-highest maximum plus the increment. On its last spot a team that goes to its whole max bid bids it
    /// outright instead (a proxy would win at the second-highest maximum and leave money unspent). Their first entry counts as a bid for the clock (a late one
    /// resets it); the proxies' later answers never do. Returns the bids placed.
    public mutating func enterBotMaximums(teams: [Team], values: AuctionValues, now: Date) throws(DomainError) -> [AuctionBid] {
        guard let n = nomination else { return [] }
        var placed: [AuctionBid] = []
        var entered = false
        for (team, amount) in pendingBots(teams: teams, values: values) {
            guard let high = nomination, high.id == n.id else { break }
            let beat = team == high.highBidder ? high.highBid + 1 : high.highBid + settings.increment
            guard amount >= beat else { continue }   // the price already passed what it would pay
            if team != high.highBidder, spendsItAll(team, amount) {
                // Its last spot and everything it has: bid it outright, as a person with one spot and $X left does.
                placed += try bid(amount, on: n.id, team: team, by: proxySource(team), now: now)
            } else {
                placed += try setMaxBid(amount, on: n.id, team: team, now: now)
            }
            entered = true
        }
        if entered, let deadline = draft.deadline, deadline.timeIntervalSince(now) < Double(settings.resetToSeconds) {
            draft.deadline = now.addingTimeInterval(Double(settings.resetToSeconds))
        }
        return placed
    }
}
