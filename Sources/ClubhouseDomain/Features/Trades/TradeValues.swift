import Foundation

/// Rest-of-season trade values: what a player is worth from now to the end of the fantasy regular season,
/// over the replacement player at his position. The builder, the bots' answers (`TradeBot`) and the trade review
/// (`TradeView`) all read these numbers; the rule is written out in `Sources/ClubhouseDomain/README.md` ("Trade values").
///
/// - Points per game: this season's blended with the previous season's by games played,
///   `(g·ppgNow + k·ppgPrior) / (g + k)` with `k` = `priorGames` (4). A player without games this season has his
///   prior ppg; one without a prior season has this season's ppg; one with neither (a rookie yet to play) has
///   `rookiePointsPerGame`. Before the season (the draft not done) this season counts no games: prior ppg alone.
/// - Rest of season: ppg × the games his NFL team has left in the league's regular season (weeks whose game hasn't
///   kicked off on the league clock; a bye is no game).
/// - Replacement: the blended points per game of the Nth best at the position (among players with games left),
///   N = that position's starting slots × teams, FLEX slots × teams shared out one by one to the best RB/WR/TE left
///   (`DraftValuation.starters`). Per game, so a bye costs a player his own game, not his replacement's.
/// - Value = max(`minimum`, (ppg − replacement ppg) × games left).
public struct TradeValues: Hashable, Sendable {
    /// What the formula needs of one player.
    public struct Line: Hashable, Sendable {
        public var position: Position
        /// This season: games played (final) and fantasy points in them.
        public var gamesNow: Int, pointsNow: Double
        /// The previous season: games and fantasy points (nil: no previous season).
        public var gamesPrior: Int, pointsPrior: Double?
        /// Games his team has left in the fantasy regular season.
        public var gamesLeft: Int
        public init(position: Position, gamesNow: Int = 0, pointsNow: Double = 0, gamesPrior: Int = 0, pointsPrior: Double? = nil, gamesLeft: Int) {
            self.position = position; self.gamesNow = gamesNow; self.pointsNow = pointsNow
            self.gamesPrior = gamesPrior; self.pointsPrior = pointsPrior; self.gamesLeft = gamesLeft
        }
    }

    /// k: the previous season counts as this many games of this season.
    public static let priorGames = 4.0
    /// Points per game of a player with neither this season's games nor a previous season.
    public static let rookiePointsPerGame = 2.0
    /// The least a player is worth (depth is never worth nothing).
    public static let minimum = 1.0

    /// Every player's value, rest-of-season points, and the replacement level per position (points per game).
    public let values: [PlayerID: Double]
    public let restOfSeason: [PlayerID: Double]
    public let replacement: [Position: Double]

    /// The blended points per game of one line.
    public static func pointsPerGame(_ l: Line) -> Double {
        let prior: Double? = l.gamesPrior > 0 ? l.pointsPrior.map { $0 / Double(l.gamesPrior) } : nil
        guard l.gamesNow > 0 else { return prior ?? rookiePointsPerGame }
        let now = l.pointsNow / Double(l.gamesNow)
        guard let prior else { return now }
        let g = Double(l.gamesNow)
        return (g * now + priorGames * prior) / (g + priorGames)
    }

    public init(lines: [PlayerID: Line], valuation: DraftValuation) {
        var ppg: [PlayerID: Double] = [:]
        var byPosition: [Position: [Double]] = [:]
        for (id, l) in lines {
            let p = Self.pointsPerGame(l)
            ppg[id] = p
            // The replacement is someone a team could start in his place: a player with games left.
            if l.gamesLeft > 0 { byPosition[l.position, default: []].append(p) }
        }
        for k in byPosition.keys { byPosition[k]!.sort(by: >) }
        let starters = valuation.starters(projections: byPosition.mapValues { $0.map { Points(hundredths: Int(($0 * 100).rounded())) } })
        var replacement: [Position: Double] = [:]
        for position in Position.allCases {
            let list = byPosition[position] ?? [], n = starters[position, default: 0]
            replacement[position] = n >= 1 && n <= list.count ? list[n - 1] : 0
        }
        self.replacement = replacement
        var ros: [PlayerID: Double] = [:], values: [PlayerID: Double] = [:]
        for (id, l) in lines {
            let left = Double(max(0, l.gamesLeft))
            ros[id] = ppg[id]! * left
            values[id] = max(Self.minimum, (ppg[id]! - (replacement[l.position] ?? 0)) * left)
        }
        restOfSeason = ros
        self.values = values
    }

    /// A player's value (`minimum` for one the season doesn't know).
    public func value(_ player: PlayerID) -> Double { values[player] ?? Self.minimum }

    /// The players not in `taken`, most valuable first (ties by id), for valuing a pick.
    public func available(excluding taken: Set<PlayerID>) -> [(id: PlayerID, value: Double)] {
        values.filter { !taken.contains($0.key) }.map { (id: $0.key, value: $0.value) }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.id < $1.id }
    }
}

extension TradeValues {
    /// The league's values at its clock: this season's games final on the league clock (none before the draft is
    /// done), the previous season's totals, each team's games left in the regular season, all under its scoring.
    public init(league: League, facts: SeasonFacts) {
        let scored = facts.scored(league.settings.scoring)
        let preseason = league.state == .predraft || league.state == .drafting
        let clock = league.clock
        let weeks = league.settings.regularSeasonWeeks
        var gamesLeftByTeam: [String: Int] = [:]
        var lines: [PlayerID: Line] = [:]
        for (id, p) in facts.players {
            let left: Int
            if let known = gamesLeftByTeam[p.nflTeam] { left = known } else {
                left = weeks.reduce(0) { n, week in
                    guard let game = facts.game(team: p.nflTeam, week: week) else { return n }
                    return preseason || !game.hasKickedOff(at: clock) ? n + 1 : n
                }
                gamesLeftByTeam[p.nflTeam] = left
            }
            let prior = facts.priorSeason[id]
            lines[id] = Line(position: p.position,
                             gamesNow: preseason ? 0 : facts.gamesPlayed(id, finalAt: clock),
                             pointsNow: preseason ? 0 : Double(scored.seasonPoints(id, finalAt: clock).hundredths) / 100,
                             gamesPrior: prior?.games ?? 0,
                             pointsPrior: scored.priorSeasonPoints(id).map { Double($0.hundredths) / 100 },
                             gamesLeft: left)
        }
        self.init(lines: lines, valuation: DraftValuation(league.settings))
    }
}
