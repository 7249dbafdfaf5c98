/// One player's place in the league's pre-draft rankings.
public struct RankedPlayer: Hashable, Codable, Sendable {
    public var playerID: PlayerID
    public var position: Position
    /// Prior-season fantasy points under the league's scoring; nil for a player without prior-season data (a rookie).
    public var priorPoints: Points?
    /// 1-based place among all players (the draft room's "rank" column).
    public var overallRank: Int
    /// 1-based place among players of the same position ("RB12").
    public var positionRank: Int

    public init(playerID: PlayerID, position: Position, priorPoints: Points?, overallRank: Int, positionRank: Int) {
        self.playerID = playerID; self.position = position; self.priorPoints = priorPoints
        self.overallRank = overallRank; self.positionRank = positionRank
    }

    public var isRookie: Bool { priorPoints == nil }
    /// "RB12".
    public var positionLabel: String { "\(position.rawValue)\(positionRank)" }
}

/// The league's pre-draft rankings: prior-season totals scored under the league's rules (never the season being drafted).
///
/// Rules:
/// - Veterans (players with prior-season data) rank by prior-season points, highest first; ties by player id.
/// - Rookies (no prior-season data) rank after every veteran of their position, and after every veteran overall;
///   among themselves by position (QB, RB, WR, TE, K, DEF), then player id — a stable key, since nothing better is known.
/// - A player with several prior-season rows (e.g. traded) is scored on the sum of his rows.
public struct DraftRankings: Hashable, Sendable {
    /// Every player of the pool, best first.
    public let players: [RankedPlayer]
    private let indexByID: [PlayerID: Int]

    /// Ranks `players` by `priorSeason` scored with `points` (the league's scoring, passed in by the caller).
    public init(players: [Player], priorSeason: [PriorSeasonStat], points: (StatLine, Position) -> Points) {
        var totals: [PlayerID: StatLine] = [:]
        for row in priorSeason { totals[row.playerID, default: StatLine()] = totals[row.playerID, default: StatLine()] + row.stats }
        var seen = Set<PlayerID>()
        let pool = players.filter { seen.insert($0.id).inserted }
        let scored: [(id: PlayerID, position: Position, points: Points?)] = pool.map { p in
            (p.id, p.position, totals[p.id].map { points($0, p.position) })
        }
        self.init(scored: scored)
    }

    /// Rankings from already-scored players (nil points = rookie).
    public init(scored: [(id: PlayerID, position: Position, points: Points?)]) {
        let sorted = scored.sorted { a, b in
            switch (a.points, b.points) {
            case let (x?, y?): x != y ? x > y : a.id < b.id
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): a.position != b.position ? a.position < b.position : a.id < b.id
            }
        }
        var perPosition: [Position: Int] = [:]
        var ranked: [RankedPlayer] = []
        ranked.reserveCapacity(sorted.count)
        for (i, p) in sorted.enumerated() {
            perPosition[p.position, default: 0] += 1
            ranked.append(RankedPlayer(playerID: p.id, position: p.position, priorPoints: p.points, overallRank: i + 1, positionRank: perPosition[p.position]!))
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
}
