import Foundation

/// How a team without a person (a bot, or a manager's team on autopick) answers a trade offer: by value — the
/// rest-of-season trade values (`TradeValues`, the numbers the builder and the review show) of the players, and of a
/// pick the value of the player those values would have left at it — weighed by roster need and the bot's
/// temperament, with seeded noise. Deterministic: the same board, trade and seed give the same answer.
public enum TradeBot {
    public enum Answer: Hashable, Sendable {
        /// Yes, dropping these players of its own (the least valuable it can spare) when its roster would be over.
        case accept(drops: [PlayerID])
        /// No, with the reason in value terms ("… would give 84.2 for 41.0 — it wants at least 88.4").
        case reject(String)
        /// A new offer from the bot back to the proposer.
        case counter(TradeProposal)
    }

    /// A bot answers this long after the offer: 20–90 s, drawn from the seed and the trade. An offer to a team that
    /// answers by itself runs on real time (`Trade.onRealTime`), so the answer comes within the minute or two the
    /// pages promise whether or not the league's clock moves.
    public static func delay(for trade: TradeID, seed: UInt64) -> TimeInterval {
        var rng = SeededRandom(seed: seed ^ (UInt64(bitPattern: trade.rawValue) &* 0x9E37_79B9_7F4A_7C15) ^ 0x7472_6164)
        return 20 + Double(rng.next() % 71)
    }

    /// The value of one player for trading (`TradeValues`: at least `TradeValues.minimum`).
    public static func value(_ player: PlayerID, values: TradeValues) -> Double { values.value(player) }

    /// A pick's value: the value of the player the trade values would have left when it comes up.
    /// A future pick's: the value of the player these values rank at the middle of its round (its place in a draft not
    /// yet ordered), every player counted.
    public static func value(_ pick: DraftPickRef, on board: TradeBoard, values: TradeValues) -> Double {
        if pick.isFuture(of: board.league.season) {
            let teams = max(1, board.teams.count), ranked = values.available(excluding: [])
            let index = (pick.round - 1) * teams + (teams - 1) / 2
            return index >= 0 && index < ranked.count ? ranked[index].value : TradeValues.minimum
        }
        guard let number = board.overallNumber(of: pick) else { return TradeValues.minimum }
        let taken = Set(board.picksMade.map(\.playerID)).union(board.rosters.values.flatMap(\.playerIDs))
        let made = board.picksMade.filter { $0.number < number }.count
        let available = values.available(excluding: taken)
        let index = max(0, number - 1 - made)
        guard index < available.count else { return TradeValues.minimum }
        return available[index].value
    }

    /// The bot's answer to `trade` (it is `trade.proposal.with`).
    public static func answer(_ trade: Trade, on board: TradeBoard, values: TradeValues, seed: UInt64) -> Answer {
        let p = trade.proposal, bot = p.with
        let temperament = BotTemperament.of(team: bot, seed: seed)
        var rng = SeededRandom(seed: seed ^ (UInt64(bitPattern: trade.id.rawValue) &* 0xBF58_476D_1CE4_E5B9) ^ 0x616E_7377)
        let noise = 1 + (Double(rng.next() % 601) / 10_000 - 0.03)          // ±3 %

        let roster = board.roster(bot)
        // The bot chooses its own drops, as a person does when accepting: its least valuable players that make room.
        guard let botDrops = TradeRules.cheapestDrops(for: bot, in: p, on: board, value: { value($0, values: values) }) else {
            return .reject("\(board.teamName(bot)) has no room for what it would get: every player it could drop is in the trade, locked or on IR")
        }
        var withDrops = p
        withDrops.drops += botDrops
        let after = TradeRules.rostersAfter(withDrops, on: board, at: board.league.clock)[bot] ?? roster
        func held(_ position: Position, in r: Roster) -> Int { r.entries.filter { board.players[$0.playerID]?.position == position }.count }
        func starters(_ position: Position) -> Int { board.league.settings.rosterSlots[position.dedicatedSlot] ?? 0 }

        var incoming = 0.0
        for player in p.give.players {
            var v = value(player, values: values)
            if let position = board.players[player]?.position {
                if held(position, in: roster) < starters(position) { v *= 1.15 }               // fills a starting hole
                if temperament == .upside, position == .rb || position == .wr { v *= 1.08 }
            }
            incoming += v
        }
        incoming += p.give.picks.reduce(0) { $0 + value($1, on: board, values: values) }
        var outgoing = 0.0
        for player in p.get.players + botDrops {
            var v = value(player, values: values)
            if let position = board.players[player]?.position, held(position, in: after) < starters(position) { v *= 1.15 }   // opens one
            outgoing += v
        }
        outgoing += p.get.picks.reduce(0) { $0 + value($1, on: board, values: values) }

        let margin: Double = switch temperament { case .safe: 1.05; case .upside: 1.0; case .runs: 1.02 }
        let wanted = outgoing * margin
        if incoming * noise >= wanted { return .accept(drops: botDrops) }
        // A counter is answered yes or no, never countered again (two teams answering by themselves would go on).
        let no = Answer.reject(rejection(board.teamName(bot), gets: incoming * noise, gives: outgoing, wants: wanted))
        guard incoming * noise >= outgoing * 0.7, trade.countersTradeID == nil else { return no }
        // Close: ask for one more of the proposer's players — the least valuable one that makes it worth it.
        let named = Set(p.allPlayers)
        let candidates = board.roster(p.team).playerIDs.filter { !named.contains($0) }
            .map { ($0, value($0, values: values)) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        for (player, v) in candidates where (incoming + v) * noise >= wanted {
            var counter = TradeProposal(team: bot, with: p.team, give: p.get, get: TradeAssets(players: p.give.players + [player], picks: p.give.picks))
            guard let own = TradeRules.cheapestDrops(for: bot, in: counter, on: board, value: { value($0, values: values) }) else { continue }
            counter.drops = own
            do throws(DomainError) {
                return .counter(try TradeRules.validate(counter, on: board))
            } catch {
                continue
            }
        }
        return no
    }

    /// Why a bot said no, in the values' terms: "Bits values what it would get at 12.3 and what it would give at 45.6
    /// (rest-of-season points over replacement) — it wants at least 47.9".
    static func rejection(_ bot: String, gets: Double, gives: Double, wants: Double) -> String {
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        return "\(bot) values what it would get at \(f(gets)) and what it would give at \(f(gives)) (rest-of-season points over "
            + "replacement) — it wants at least \(f(wants))"
    }
}
