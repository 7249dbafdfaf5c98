/// How a bot drafts beyond the shared rules: each bot gets one, drawn from the room's seed and its team.
public enum BotTemperament: String, CaseIterable, Codable, Sendable {
    /// Takes the best value with little doubt (±3 % noise).
    case safe
    /// Reaches for ceiling: RB and WR count 8 % more, and its doubts are wider (±12 % noise).
    case upside
    /// Follows positional runs: a position taken twice or more in the room's last four picks counts 15 % more.
    case runs

    /// The temperament of a bot in a room: the same seed and team always give the same one.
    public static func of(team: TeamID, seed: UInt64) -> BotTemperament {
        var rng = SeededRandom(seed: seed ^ (UInt64(bitPattern: team.rawValue) &* 0xD6E8_FEB8_6659_FD93) ^ 0x7465_6D70)
        return allCases[Int(rng.next() % UInt64(allCases.count))]
    }
}

/// A bot about to pick: its temperament and the random source for this one pick.
public struct BotPersona: Sendable {
    public var temperament: BotTemperament
    public var random: SeededRandom

    public init(temperament: BotTemperament, random: SeededRandom) { self.temperament = temperament; self.random = random }

    /// The persona of `team` for pick `pick` in a room seeded with `seed` (reproducible from the seed).
    public static func forPick(_ pick: Int, team: TeamID, seed: UInt64) -> BotPersona {
        BotPersona(temperament: .of(team: team, seed: seed),
                   random: SeededRandom(seed: seed ^ (UInt64(truncatingIfNeeded: pick) &* 0x9E37_79B9_7F4A_7C15)
                                        ^ (UInt64(bitPattern: team.rawValue) &* 0xBF58_476D_1CE4_E5B9)))
    }
}

/// Chooses the player a team takes when it does not pick itself (clock expiry, autopick, bots).
///
/// Hard rules (never broken while a legal player exists):
/// 1. Position maxima.
/// 2. Starters must fill: once the picks left are no more than the open starting slots (FLEX counted), only a player
///    who fills one is taken.
///
/// A person's autopick first takes the first queued player who is available, within maxima and keeps rule 2.
/// Then, for persons and bots alike, the rules a person drafts by (each one relaxed only when nobody passes it):
/// - Starting needs first: while a QB/RB/WR/TE/FLEX starting slot is open, only players who fill one.
/// - K and DEF late: a first K or DEF only once the picks left are at most the open K/DEF starting slots + 1;
///   never a second K or DEF (beyond its slots).
/// - No third QB: at most one QB (and one TE) beyond the starting slots.
/// - Byes: each player already held with the same bye week costs 5 % of the candidate's projection (10 % if he
///   also plays the same position).
/// Among the players left the best adjusted value wins (ties: the better rank). A person's autopick adds nothing
/// else; a bot looks at the best 8 by value and adds its temperament (`BotTemperament`) and seeded noise.
public enum Autopick {
    /// A person's autopick, or a bot's when `bot` is given.
    ///
    /// - Parameters:
    ///   - team: the team's drafted players (from `rankings`).
    ///   - recent: positions of the room's latest picks, newest last (for bots that follow runs).
    ///   - picksLeft: the picks the team still makes, this one included (nil: rounds minus its drafted players — the
    ///     same unless picks were traded).
    public static func choose(queue: [PlayerID], rankings: DraftRankings, taken: Set<PlayerID>, team: [RankedPlayer],
                              rules: DraftRosterRules, bot: BotPersona? = nil, recent: [Position] = [], picksLeft: Int? = nil) -> PlayerID? {
        var held: [Position: Int] = [:]
        for p in team { held[p.position, default: 0] += 1 }
        let remaining = max(1, picksLeft ?? rules.draftRounds - team.count)
        let needed = rules.positionsWithOpenStarterSlot(given: held)
        let mustFill = remaining <= rules.openStarterSlots(given: held)
        func keepsStarters(_ p: Position) -> Bool { !mustFill || needed.contains(p) }

        if bot == nil {
            for id in queue where !taken.contains(id) {
                if let p = rankings.position(of: id), rules.allows(p, given: held), keepsStarters(p) { return id }
            }
        }
        let legal = rankings.players.filter { !taken.contains($0.playerID) && rules.allows($0.position, given: held) }
        guard !legal.isEmpty else { return nil }
        if mustFill, let forced = legal.filter({ needed.contains($0.position) }).nonEmpty {
            return best(forced, held: team, bot: bot, recent: recent)
        }

        let kdef: Set<Position> = [.k, .def]
        let fieldNeeds = needed.subtracting(kdef)
        let openKDEF = kdef.reduce(0) { $0 + max(0, rules.own($1) - held[$1, default: 0]) }
        func passes(_ r: RankedPlayer) -> Bool {
            let p = r.position, count = held[p, default: 0]
            if !fieldNeeds.isEmpty { return fieldNeeds.contains(p) }
            if kdef.contains(p) {
                // A first K/DEF late; a second one only with the last pick, as cover for a different bye week.
                if count < rules.own(p) { return remaining <= openKDEF + 1 }
                return count == rules.own(p) && remaining == 1 && !team.contains { $0.position == p && $0.byeWeek == r.byeWeek }
            }
            if p == .qb || p == .te { return count < rules.own(p) + 1 }
            return true
        }
        let candidates = legal.filter(passes).nonEmpty ?? legal.filter { needed.contains($0.position) }.nonEmpty ?? legal
        return best(candidates, held: team, bot: bot, recent: recent)
    }

    /// The old entry point: a person's autopick from the positions a team holds (no bye information).
    public static func choose(queue: [PlayerID], rankings: DraftRankings, taken: Set<PlayerID>,
                              teamPositions: [Position], rules: DraftRosterRules) -> PlayerID? {
        let team = teamPositions.enumerated().map { i, p in
            RankedPlayer(playerID: PlayerID(rawValue: "held-\(i)"), position: p, priorPoints: nil, overallRank: 0, positionRank: 0)
        }
        return choose(queue: queue, rankings: rankings, taken: taken, team: team, rules: rules)
    }

    /// The best candidate by adjusted value; candidates come best-ranked first.
    private static func best(_ candidates: [RankedPlayer], held: [RankedPlayer], bot: BotPersona?, recent: [Position]) -> PlayerID? {
        var bot = bot
        let pool = bot == nil ? candidates : Array(candidates.prefix(8))
        var runs: Set<Position> = []
        if bot?.temperament == .runs {
            var counts: [Position: Int] = [:]
            for p in recent.suffix(4) { counts[p, default: 0] += 1 }
            runs = Set(counts.filter { $0.value >= 2 }.keys)
        }
        var winner: (id: PlayerID, score: Double)?
        for r in pool {
            var score = Double(r.value.hundredths) / 100
            let projection = Double(max(0, (r.priorPoints ?? .zero).hundredths)) / 100
            if let bye = r.byeWeek {
                for h in held where h.byeWeek == bye { score -= projection * (h.position == r.position ? 0.10 : 0.05) }
            }
            if var b = bot {
                let magnitude = abs(score) + 5
                switch b.temperament {
                case .safe: break
                case .upside: if r.position == .rb || r.position == .wr { score += magnitude * 0.08 }
                case .runs: if runs.contains(r.position) { score += magnitude * 0.15 }
                }
                let spread = b.temperament == .upside ? 0.12 : 0.03
                score += magnitude * Double.random(in: -spread...spread, using: &b.random)
                bot = b
            }
            if winner == nil || score > winner!.score { winner = (r.playerID, score) }
        }
        return winner?.id
    }
}

extension Array {
    /// The array, or nil when it is empty.
    var nonEmpty: Self? { isEmpty ? nil : self }
}
