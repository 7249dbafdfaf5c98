/// One player's place in the league's pre-draft rankings.
public struct RankedPlayer: Hashable, Codable, Sendable {
    public var playerID: PlayerID
    public var position: Position
    /// Prior-season fantasy points under the league's scoring (the projection); nil for a player without
    /// prior-season data (a rookie).
    public var priorPoints: Points?
    /// Value over replacement: projection − the replacement level of his position in this league. A rookie gets
    /// his position's lowest veteran value (never above replacement), see `DraftRankings`.
    public var value: Points
    /// 1-based tier within his position (tier 1 = the best); a new tier starts where value drops sharply.
    public var tier: Int
    /// 1-based place among all players (the draft room's "rank" column), by value.
    public var overallRank: Int
    /// 1-based place among players of the same position ("RB12").
    public var positionRank: Int
    /// His NFL team's bye week, when known (bots avoid stacking one bye).
    public var byeWeek: Int?

    public init(playerID: PlayerID, position: Position, priorPoints: Points?, value: Points? = nil, tier: Int = 1,
                overallRank: Int, positionRank: Int, byeWeek: Int? = nil) {
        self.playerID = playerID; self.position = position; self.priorPoints = priorPoints
        self.value = value ?? priorPoints ?? .zero; self.tier = tier
        self.overallRank = overallRank; self.positionRank = positionRank; self.byeWeek = byeWeek
    }

    public var isRookie: Bool { priorPoints == nil }
    /// "RB12".
    public var positionLabel: String { "\(position.rawValue)\(positionRank)" }
}

/// What a league's rankings depend on besides its scoring: how many teams start how many players.
public struct DraftValuation: Hashable, Sendable {
    public var teamCount: Int
    public var rosterSlots: [Slot: Int]

    public init(teamCount: Int, rosterSlots: [Slot: Int]) { self.teamCount = teamCount; self.rosterSlots = rosterSlots }
    public init(_ settings: LeagueSettings) { self.init(teamCount: settings.teamCount, rosterSlots: settings.rosterSlots) }

    /// Starters of each position across the league: its own slots × teams, then every FLEX slot (× teams) given in
    /// turn to the best RB/WR/TE left after the dedicated starters (by projection).
    public func starters(projections: [Position: [Points]]) -> [Position: Int] {
        var starters: [Position: Int] = [:]
        for p in Position.allCases { starters[p] = teamCount * (rosterSlots[p.dedicatedSlot] ?? 0) }
        let flex = teamCount * (rosterSlots[.flex] ?? 0)
        for _ in 0..<max(0, flex) {
            // The best projection not yet a starter among the FLEX positions.
            var best: (Position, Points)?
            for p in Slot.flex.eligiblePositions.sorted() {
                let list = projections[p] ?? [], next = starters[p, default: 0]
                guard next < list.count else { continue }
                if best == nil || list[next] > best!.1 { best = (p, list[next]) }
            }
            guard let (p, _) = best else { break }
            starters[p, default: 0] += 1
        }
        return starters
    }

    /// The replacement level of each position: the projection of the best player who would not start
    /// (the (starters + 1)-th best at his position); zero when the pool runs out first.
    public func replacementLevels(projections: [Position: [Points]]) -> [Position: Points] {
        let s = starters(projections: projections)
        var out: [Position: Points] = [:]
        for p in Position.allCases {
            let list = projections[p] ?? [], i = s[p, default: 0]
            out[p] = i < list.count ? list[i] : .zero
        }
        return out
    }
}

extension Position {
    /// The starting slot only this position fills.
    public var dedicatedSlot: Slot {
        switch self { case .qb: .qb; case .rb: .rb; case .wr: .wr; case .te: .te; case .k: .k; case .def: .def }
    }
}

/// The league's pre-draft rankings: value over replacement, from prior-season totals scored under the league's
/// rules (never the season being drafted) and the league's size and starting slots.
///
/// Rules:
/// - Projection = prior-season points under the league's scoring (several rows of one player are summed).
/// - Value = projection − replacement level of the position (`DraftValuation.replacementLevels`); without a
///   valuation the replacement level is zero (value = projection).
/// - Rookies (no prior-season data) are valued at the lowest veteran value of their position, capped at zero, so they
///   rank right after every veteran of their position; among themselves by player id.
/// - Order: value (highest first), then veterans before rookies, then projection, then player id.
/// - Tiers, per position in value order: a new tier starts where value drops by more than the gap
///   G = max(5, 6 % of the position's best value) from the previous player, or falls more than 3·G below the
///   tier's first player; rookies share their position's last tier.
public struct DraftRankings: Hashable, Sendable {
    /// Every player of the pool, best first.
    public let players: [RankedPlayer]
    /// Replacement level per position used for the values.
    public let replacement: [Position: Points]
    private let indexByID: [PlayerID: Int]

    /// Ranks `players` by `priorSeason` scored with `points` (the league's scoring, passed in by the caller).
    public init(players: [Player], priorSeason: [PriorSeasonStat], points: (StatLine, Position) -> Points,
                valuation: DraftValuation? = nil, byeWeeks: [PlayerID: Int] = [:]) {
        var totals: [PlayerID: StatLine] = [:]
        for row in priorSeason { totals[row.playerID, default: StatLine()] = totals[row.playerID, default: StatLine()] + row.stats }
        var seen = Set<PlayerID>()
        let pool = players.filter { seen.insert($0.id).inserted }
        let scored: [(id: PlayerID, position: Position, points: Points?)] = pool.map { p in
            (p.id, p.position, totals[p.id].map { points($0, p.position) })
        }
        self.init(scored: scored, valuation: valuation, byeWeeks: byeWeeks)
    }

    /// Rankings from already-scored players (nil points = rookie).
    public init(scored: [(id: PlayerID, position: Position, points: Points?)], valuation: DraftValuation? = nil,
                byeWeeks: [PlayerID: Int] = [:]) {
        var projections: [Position: [Points]] = [:]
        for p in scored { if let pts = p.points { projections[p.position, default: []].append(pts) } }
        for k in projections.keys { projections[k]!.sort(by: >) }
        let replacement = valuation?.replacementLevels(projections: projections) ?? [:]
        self.replacement = replacement
        func vor(_ pts: Points, _ pos: Position) -> Points { pts - (replacement[pos] ?? .zero) }
        var rookieValue: [Position: Points] = [:]
        for (pos, list) in projections { rookieValue[pos] = min(.zero, vor(list.last ?? .zero, pos)) }
        let valued = scored.map { p in
            (id: p.id, position: p.position, points: p.points,
             value: p.points.map { vor($0, p.position) } ?? rookieValue[p.position] ?? .zero)
        }
        let sorted = valued.sorted { a, b in
            if a.value != b.value { return a.value > b.value }
            switch (a.points, b.points) {
            case let (x?, y?): return x != y ? x > y : a.id < b.id
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.position != b.position ? a.position < b.position : a.id < b.id
            }
        }
        // Tiers per position, walking each position in value order.
        var tiers: [PlayerID: Int] = [:]
        for pos in Position.allCases {
            let list = sorted.filter { $0.position == pos }
            guard let top = list.first else { continue }
            let gap = max(Points(hundredths: 500), Points(hundredths: max(0, top.value.hundredths) / 100 * 6))  // divides first: a stored absurd line must not trap
            var tier = 1, tierTop = top.value, previous = top.value
            for p in list {
                if p.points != nil || p.id == top.id {
                    if previous - p.value > gap || tierTop - p.value > gap * 3 { tier += 1; tierTop = p.value }
                    previous = p.value
                }
                tiers[p.id] = tier
            }
        }
        var perPosition: [Position: Int] = [:]
        var ranked: [RankedPlayer] = []
        ranked.reserveCapacity(sorted.count)
        for (i, p) in sorted.enumerated() {
            perPosition[p.position, default: 0] += 1
            ranked.append(RankedPlayer(playerID: p.id, position: p.position, priorPoints: p.points, value: p.value, tier: tiers[p.id] ?? 1,
                                       overallRank: i + 1, positionRank: perPosition[p.position]!, byeWeek: byeWeeks[p.id]))
        }
        players = ranked
        indexByID = Dictionary(ranked.enumerated().map { ($1.playerID, $0) }, uniquingKeysWith: { a, _ in a })
    }

    public func ranking(of player: PlayerID) -> RankedPlayer? { indexByID[player].map { players[$0] } }
    public func position(of player: PlayerID) -> Position? { ranking(of: player)?.position }
    public func contains(_ player: PlayerID) -> Bool { indexByID[player] != nil }
    public var count: Int { players.count }
    /// The players of one position, best first.
    public func players(at position: Position) -> [RankedPlayer] { players.filter { $0.position == position } }
    /// Players not yet taken, best first.
    public func available(excluding taken: Set<PlayerID>) -> [RankedPlayer] { players.filter { !taken.contains($0.playerID) } }

    /// Per position, the tier of the best player still available and how many available players share it.
    public func tiersLeft(excluding taken: Set<PlayerID>) -> [(position: Position, tier: Int, left: Int, best: PlayerID)] {
        var out: [Position: (tier: Int, left: Int, best: PlayerID)] = [:]
        for p in players where !taken.contains(p.playerID) {
            if let cur = out[p.position] {
                if cur.tier == p.tier { out[p.position]!.left += 1 }
            } else {
                out[p.position] = (p.tier, 1, p.playerID)
            }
        }
        return Position.allCases.compactMap { pos in out[pos].map { (pos, $0.tier, $0.left, $0.best) } }
    }
}
