import Foundation

/// How a team without a person (a bot, or a manager's team on autopick) answers a trade offer: by value — the
/// rankings' value over replacement (`DraftRankings`, the draft's measure) of the players, and of a pick the value of
/// the player the rankings would have left at it — weighed by roster need and the bot's temperament, with seeded noise.
/// Deterministic: the same board, trade and seed give the same answer.
public enum TradeBot {
    public enum Answer: Hashable, Sendable {
        case accept
        case reject
        /// A new offer from the bot back to the proposer.
        case counter(TradeProposal)
    }

    /// A bot answers this long after the offer (on the trade's clock): 20–90 s, drawn from the seed and the trade.
    public static func delay(for trade: TradeID, seed: UInt64) -> TimeInterval {
        var rng = SeededRandom(seed: seed ^ (UInt64(bitPattern: trade.rawValue) &* 0x9E37_79B9_7F4A_7C15) ^ 0x7472_6164)
        return 20 + Double(rng.next() % 71)
    }

    /// The value of one asset for trading (at least 1 point, so depth is never worth nothing).
    static func value(_ player: PlayerID, rankings: DraftRankings) -> Double {
        max(0, Double(rankings.ranking(of: player)?.value.hundredths ?? 0) / 100) + 1
    }

    /// A pick's value: the value of the player the rankings would have left when it comes up.
    static func value(_ pick: DraftPickRef, on board: TradeBoard, rankings: DraftRankings) -> Double {
        guard let number = board.overallNumber(of: pick) else { return 1 }
        let taken = Set(board.picksMade.map(\.playerID)).union(board.rosters.values.flatMap(\.playerIDs))
        let made = board.picksMade.filter { $0.number < number }.count
        let available = rankings.available(excluding: taken)
        let index = max(0, number - 1 - made)
        guard index < available.count else { return 1 }
        return max(0, Double(available[index].value.hundredths) / 100) + 1
    }

    /// The bot's answer to `trade` (it is `trade.proposal.with`).
    public static func answer(_ trade: Trade, on board: TradeBoard, rankings: DraftRankings, seed: UInt64) -> Answer {
        let p = trade.proposal, bot = p.with
        let temperament = BotTemperament.of(team: bot, seed: seed)
        var rng = SeededRandom(seed: seed ^ (UInt64(bitPattern: trade.id.rawValue) &* 0xBF58_476D_1CE4_E5B9) ^ 0x616E_7377)
        let noise = 1 + (Double(rng.next() % 601) / 10_000 - 0.03)          // ±3 %

        let roster = board.roster(bot)
        let botDrops = p.drops.filter { roster.contains($0) }
        let after = TradeRules.rostersAfter(p, on: board, at: board.league.clock)[bot] ?? roster
        func held(_ position: Position, in r: Roster) -> Int { r.entries.filter { board.players[$0.playerID]?.position == position }.count }
        func starters(_ position: Position) -> Int { board.league.settings.rosterSlots[position.dedicatedSlot] ?? 0 }

        var incoming = 0.0
        for player in p.give.players {
            var v = value(player, rankings: rankings)
            if let position = board.players[player]?.position {
                if held(position, in: roster) < starters(position) { v *= 1.15 }               // fills a starting hole
                if temperament == .upside, position == .rb || position == .wr { v *= 1.08 }
            }
            incoming += v
        }
        incoming += p.give.picks.reduce(0) { $0 + value($1, on: board, rankings: rankings) }
        var outgoing = 0.0
        for player in p.get.players + botDrops {
            var v = value(player, rankings: rankings)
            if let position = board.players[player]?.position, held(position, in: after) < starters(position) { v *= 1.15 }   // opens one
            outgoing += v
        }
        outgoing += p.get.picks.reduce(0) { $0 + value($1, on: board, rankings: rankings) }

        let margin: Double = switch temperament { case .safe: 1.05; case .upside: 1.0; case .runs: 1.02 }
        let wanted = outgoing * margin
        if incoming * noise >= wanted { return .accept }
        // A counter is answered yes or no, never countered again (two teams answering by themselves would go on).
        guard incoming * noise >= outgoing * 0.7, trade.countersTradeID == nil else { return .reject }
        // Close: ask for one more of the proposer's players — the least valuable one that makes it worth it.
        let named = Set(p.allPlayers)
        let candidates = board.roster(p.team).playerIDs.filter { !named.contains($0) }
            .map { ($0, value($0, rankings: rankings)) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        for (player, v) in candidates where (incoming + v) * noise >= wanted {
            let counter = TradeProposal(team: bot, with: p.team, give: p.get, get: TradeAssets(players: p.give.players + [player], picks: p.give.picks),
                                        drops: p.drops)
            do throws(DomainError) {
                return .counter(try TradeRules.validate(counter, on: board))
            } catch {
                continue
            }
        }
        return .reject
    }
}
