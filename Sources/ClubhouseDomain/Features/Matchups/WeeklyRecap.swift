import Foundation

/// A final week in a few lines: the high and low scores, the biggest blowout and the closest game, the most points left
/// on a bench, and power rankings. Computed from the stored final scores (`MatchupRecord`) and the week's lineups, so
/// it never disagrees with the scoreboard. Every award lists all the teams or games tied for it, by team id.
/// The rules, one line each, are in `ClubhouseDomain/README.md` ("Weekly recap").
public struct WeeklyRecap: Hashable, Codable, Sendable {
    public var week: Int
    /// The week's best team score (several teams when tied).
    public var highScore: TeamPoints
    /// The week's worst team score (several teams when tied).
    public var lowScore: TeamPoints
    /// The head-to-head games with the largest margin (nil when the week had only byes).
    public var biggestBlowout: [GameMargin]?
    /// The head-to-head games with the smallest margin: a tied game is the closest there is.
    public var closestGame: [GameMargin]?
    /// Every team that played, most points left on its bench first (then team id).
    public var benches: [BenchLine]
    /// Best first: season all-play record (ties count half), then season points for; teams level on both share a rank.
    public var powerRankings: [PowerRanking]

    public init(week: Int, highScore: TeamPoints, lowScore: TeamPoints, biggestBlowout: [GameMargin]?, closestGame: [GameMargin]?,
                benches: [BenchLine], powerRankings: [PowerRanking]) {
        self.week = week; self.highScore = highScore; self.lowScore = lowScore; self.biggestBlowout = biggestBlowout
        self.closestGame = closestGame; self.benches = benches; self.powerRankings = powerRankings
    }

    /// The teams that left the most points on their benches (several when tied); empty when every team started its best.
    public var mostLeftOnBench: [BenchLine] {
        guard let most = benches.first?.left, most > .zero else { return [] }
        return benches.filter { $0.left == most }
    }

    /// One score shared by one or more teams.
    public struct TeamPoints: Hashable, Codable, Sendable {
        public var teams: [TeamID]
        public var points: Points
        public init(teams: [TeamID], points: Points) { self.teams = teams; self.points = points }
    }

    /// A head-to-head game with its final score, winner first (home first in a tie).
    public struct GameMargin: Hashable, Codable, Sendable {
        public var winner: TeamID, winnerPoints: Points
        public var loser: TeamID, loserPoints: Points
        public init(winner: TeamID, winnerPoints: Points, loser: TeamID, loserPoints: Points) {
            self.winner = winner; self.winnerPoints = winnerPoints; self.loser = loser; self.loserPoints = loserPoints
        }
        public var margin: Points { winnerPoints - loserPoints }
        public var isTie: Bool { margin == .zero }
    }

    /// What a team's best possible lineup would have scored against what its starters scored.
    public struct BenchLine: Hashable, Codable, Sendable {
        public var team: TeamID
        /// The starters' points (their final points this week).
        public var started: Points
        /// The best lineup its roster allowed this week (`OptimalLineup`).
        public var optimal: Points
        public init(team: TeamID, started: Points, optimal: Points) { self.team = team; self.started = started; self.optimal = optimal }
        /// Points left on the bench: `optimal − started` (never below 0).
        public var left: Points { max(.zero, optimal - started) }
    }

    /// A win-loss-tie line.
    public struct Record: Hashable, Codable, Sendable {
        public var wins: Int, losses: Int, ties: Int
        public init(wins: Int = 0, losses: Int = 0, ties: Int = 0) { self.wins = wins; self.losses = losses; self.ties = ties }
        /// "7-2" or "7-2-1".
        public var text: String { ties > 0 ? "\(wins)-\(losses)-\(ties)" : "\(wins)-\(losses)" }
        var fraction: Fraction { Fraction(wins: wins, losses: losses, ties: ties, whenNoGames: Fraction(numerator: 0, denominator: 1)) }
        static func + (a: Record, b: Record) -> Record { Record(wins: a.wins + b.wins, losses: a.losses + b.losses, ties: a.ties + b.ties) }
    }

    /// One team's place in the power rankings.
    public struct PowerRanking: Hashable, Codable, Sendable {
        /// 1-based; teams level on all-play record and points for share it.
        public var rank: Int
        public var team: TeamID
        /// Against every other team that played this week (nil when the team didn't play it: a playoff week it sat out).
        public var weekAllPlay: Record?
        /// The sum of its weekly all-play records over every final week up to this one.
        public var seasonAllPlay: Record
        /// Its points over those weeks.
        public var pointsFor: Points
        /// Its score this week (nil when it didn't play).
        public var weekPoints: Points?
        public init(rank: Int, team: TeamID, weekAllPlay: Record?, seasonAllPlay: Record, pointsFor: Points, weekPoints: Points?) {
            self.rank = rank; self.team = team; self.weekAllPlay = weekAllPlay; self.seasonAllPlay = seasonAllPlay
            self.pointsFor = pointsFor; self.weekPoints = weekPoints
        }
    }

    /// One player of a team's week: where he was slotted and his final points.
    public struct LineupPlayer: Hashable, Sendable {
        public var player: PlayerID, position: Position, slot: Slot, points: Points
        public init(player: PlayerID, position: Position, slot: Slot, points: Points) {
            self.player = player; self.position = position; self.slot = slot; self.points = points
        }
    }
}

extension WeeklyRecap {
    /// The recap of `week` from the league's stored `matchups` (every week's: the power rankings sum weeks 1…`week`),
    /// the week's `lineups` and the league's `rosterSlots`. Nil when `week` has no final matchup. Only final
    /// matchups count; weeks after `week` are ignored.
    public static func compute(week: Int, matchups: [MatchupRecord], lineups: [TeamID: [LineupPlayer]], rosterSlots: [Slot: Int]) -> WeeklyRecap? {
        let scores = weekScores(matchups, week: week)
        guard let high = scores.values.max(), let low = scores.values.min() else { return nil }
        func teams(at points: Points) -> [TeamID] { scores.filter { $0.value == points }.map(\.key).sorted() }

        let games: [GameMargin] = matchups.filter { $0.matchup.week == week && $0.isFinal }.compactMap { m in
            guard let away = m.matchup.away, let hp = m.homePoints, let ap = m.awayPoints else { return nil }
            return ap > hp ? GameMargin(winner: away, winnerPoints: ap, loser: m.matchup.home, loserPoints: hp)
                : GameMargin(winner: m.matchup.home, winnerPoints: hp, loser: away, loserPoints: ap)
        }.sorted { ($0.winner, $0.loser) < ($1.winner, $1.loser) }
        let widest = games.map(\.margin).max(), narrowest = games.map(\.margin).min()

        let benches = scores.keys.map { team -> BenchLine in
            let players = lineups[team] ?? []
            let started = players.filter { $0.slot.isStarter }.reduce(Points.zero) { $0 + $1.points }
            return BenchLine(team: team, started: started, optimal: OptimalLineup.points(players, rosterSlots: rosterSlots))
        }.sorted { $0.left != $1.left ? $0.left > $1.left : $0.team < $1.team }

        return WeeklyRecap(week: week, highScore: TeamPoints(teams: teams(at: high), points: high),
                           lowScore: TeamPoints(teams: teams(at: low), points: low),
                           biggestBlowout: widest.map { w in games.filter { $0.margin == w } },
                           closestGame: narrowest.map { n in games.filter { $0.margin == n } },
                           benches: benches, powerRankings: powerRankings(matchups, through: week))
    }

    /// Each team's final score in `week` (both sides of a game, and a team on a bye).
    static func weekScores(_ matchups: [MatchupRecord], week: Int) -> [TeamID: Points] {
        var scores: [TeamID: Points] = [:]
        for m in matchups where m.matchup.week == week && m.isFinal {
            if let hp = m.homePoints { scores[m.matchup.home] = hp }
            if let away = m.matchup.away, let ap = m.awayPoints { scores[away] = ap }
        }
        return scores
    }

    /// A week's all-play: each team against every other team that scored that week (more wins, fewer loses, equal ties).
    static func allPlay(_ scores: [TeamID: Points]) -> [TeamID: Record] {
        scores.mapValues { mine in
            var r = Record()
            var selfSeen = false
            for other in scores.values {
                // Skip the team's own score once (another team with the same score is a tie).
                if other == mine && !selfSeen { selfSeen = true; continue }
                if mine > other { r.wins += 1 } else if mine < other { r.losses += 1 } else { r.ties += 1 }
            }
            return r
        }
    }

    /// Power rankings through `week`: every final week 1…`week` adds its all-play record and points.
    static func powerRankings(_ matchups: [MatchupRecord], through week: Int) -> [PowerRanking] {
        let weeks = Set(matchups.filter { $0.isFinal && $0.matchup.week <= week }.map(\.matchup.week))
        var season: [TeamID: Record] = [:], points: [TeamID: Points] = [:]
        var thisWeek: [TeamID: Record] = [:], thisWeekPoints: [TeamID: Points] = [:]
        for w in weeks {
            let scores = weekScores(matchups, week: w)
            let records = allPlay(scores)
            for (team, r) in records { season[team, default: Record()] = season[team, default: Record()] + r }
            for (team, p) in scores { points[team, default: .zero] = points[team, default: .zero] + p }
            if w == week { thisWeek = records; thisWeekPoints = scores }
        }
        func above(_ a: TeamID, _ b: TeamID) -> Bool {
            let (fa, fb) = (season[a]!.fraction, season[b]!.fraction)
            return fa != fb ? fa > fb : points[a]! > points[b]!
        }
        let order = season.keys.sorted { above($0, $1) || (!above($1, $0) && $0 < $1) }
        return order.map { team in
            PowerRanking(rank: 1 + order.filter { above($0, team) }.count, team: team, weekAllPlay: thisWeek[team],
                         seasonAllPlay: season[team]!, pointsFor: points[team]!, weekPoints: thisWeekPoints[team])
        }
    }
}

/// The best lineup a team could have started in a finished week: its players in starting or bench slots (IR can't
/// start) placed in the league's starting slots (`rosterSlots`) for the most points. Single-position slots (QB, RB,
/// WR, TE, K, DEF) take the best players of their position first, then FLEX takes the best RB/WR/TE left — with one
/// kind of multi-position slot this greedy order is the optimum (any better lineup would swap a FLEX player into a
/// dedicated slot of his position for no loss). A slot stays empty rather than start a player below 0 points, as a
/// manager may leave it empty.
public enum OptimalLineup {
    public static func points(_ players: [WeeklyRecap.LineupPlayer], rosterSlots: [Slot: Int]) -> Points {
        var pool = players.filter { !$0.slot.isReserve }.sorted { $0.points != $1.points ? $0.points > $1.points : $0.player < $1.player }
        let starting = Slot.allCases.filter(\.isStarter)
        // Narrow slots first, so a player who fits only one slot kind is never taken by a wider one.
        let order = starting.sorted { ($0.eligiblePositions.count, $0) < ($1.eligiblePositions.count, $1) }
        var total = Points.zero
        for slot in order {
            for _ in 0..<max(0, rosterSlots[slot] ?? 0) {
                guard let i = pool.firstIndex(where: { slot.accepts($0.position) }), pool[i].points > .zero else { break }
                total = total + pool[i].points
                pool.remove(at: i)
            }
        }
        return total
    }
}
