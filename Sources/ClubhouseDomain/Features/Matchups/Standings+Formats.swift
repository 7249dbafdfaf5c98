/// The standings formats (ClubhouseDomain/README.md, “Scoring and standings formats”): the median game,
/// all-play records and divisions.
extension Standings {
    /// Each final regular-season week's scores: every team of the league that has a final score that week (both sides
    /// of a game, and a team on a bye, which still scores).
    static func weekScores(_ results: [MatchupResult], teams: Set<TeamID>) -> [Int: [TeamID: Points]] {
        var weeks: [Int: [TeamID: Points]] = [:]
        for r in results where r.isFinal && !r.matchup.isPlayoff {
            if teams.contains(r.matchup.home) { weeks[r.matchup.week, default: [:]][r.matchup.home] = r.homePoints }
            if let away = r.matchup.away, let points = r.awayPoints, teams.contains(away) { weeks[r.matchup.week, default: [:]][away] = points }
        }
        return weeks
    }

    /// The median game: in each week a team above the median of that week's scores wins, below it loses, equal ties
    /// (an even count's median is halfway between the middle two, compared exactly by doubling).
    static func recordMedianGames(_ table: inout [TeamID: StandingsRow], weeks: [Int: [TeamID: Points]]) {
        for scores in weeks.values where scores.count > 1 {
            let doubledMedian = doubledMedian(Array(scores.values))
            for (team, points) in scores where table[team] != nil {
                let doubled = points.hundredths.multipliedReportingOverflow(by: 2).partialValue
                if doubled > doubledMedian { table[team]!.wins += 1 } else if doubled < doubledMedian { table[team]!.losses += 1 } else { table[team]!.ties += 1 }
            }
        }
    }

    /// Twice the median of `scores` in hundredths (the sum of the middle two for an even count).
    static func doubledMedian(_ scores: [Points]) -> Int {
        let sorted = scores.map(\.hundredths).sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid].addingSaturated(sorted[mid]) : sorted[mid - 1].addingSaturated(sorted[mid])
    }

    /// All-play over the weeks: each week a team against every other team that scored (more wins, fewer loses, equal ties).
    static func allPlay(_ weeks: [Int: [TeamID: Points]], teams: [TeamID]) -> [TeamID: WeeklyRecap.Record] {
        var out = Dictionary(uniqueKeysWithValues: Set(teams).map { ($0, WeeklyRecap.Record()) })
        for scores in weeks.values {
            for (team, r) in WeeklyRecap.allPlay(scores) where out[team] != nil { out[team] = out[team]! + r }
        }
        return out
    }

    /// Teams by id dealt round-robin into `count` divisions (1-based); none for 0.
    static func divisions(_ teams: [TeamID], count: Int) -> [TeamID: Int] {
        guard count > 1 else { return [:] }
        return Dictionary(uniqueKeysWithValues: Set(teams).sorted().enumerated().map { ($1, $0 % count + 1) })
    }

    /// Division winners (each division's first team in `order`), in `order`, then everyone else in `order`.
    static func seeds(_ order: [TeamID], divisionOf: [TeamID: Int]) -> [TeamID] {
        guard !divisionOf.isEmpty else { return order }
        var seen = Set<Int>()
        let winners = order.filter { t in divisionOf[t].map { seen.insert($0).inserted } ?? false }
        return winners + order.filter { !winners.contains($0) }
    }

    /// 1-based place in the playoff order (`seeded`).
    public func seed(of team: TeamID) -> Int? { seeded.firstIndex(of: team).map { $0 + 1 } }

    /// Whether the team leads its division (false without divisions).
    public func leadsDivision(_ team: TeamID) -> Bool {
        guard let d = divisionOf[team] else { return false }
        return seeded.first { divisionOf[$0] == d } == team
    }
}
