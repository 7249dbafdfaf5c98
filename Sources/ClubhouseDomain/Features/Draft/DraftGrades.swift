/// A finished draft judged twice: by value drafted against the room (the grade), and by how each pick actually
/// scored afterwards (best and worst picks).
///
/// Rules:
/// - A team's drafted value = Σ max(0, value over replacement) of its picks, in the league's rankings at draft time.
/// - Grade by drafted value ÷ the room's average: A ≥ 1.10, B ≥ 1.03, C ≥ 0.97, D ≥ 0.90, else F (an empty room: C).
/// - By position: the team's drafted value at the position minus the room's average there.
/// - A pick's outcome: its player's season points (weeks final on the league's clock); `seasonRank` is his place by
///   those points among every drafted player (ties: earlier pick first); `surplus` = pick number − season rank
///   (drafted 40th, finished 10th: +30).
/// - Best picks: highest surplus (ties: earlier pick); worst picks: lowest surplus (ties: earlier pick).
public enum DraftGrades {
    public struct TeamGrade: Hashable, Sendable {
        public var team: TeamID
        public var letter: String
        public var value: Points
        public var roomAverage: Points
        public var byPosition: [Position: Points]
    }

    public struct PickOutcome: Hashable, Sendable {
        public var pick: Pick
        public var value: Points
        public var seasonPoints: Points
        public var seasonRank: Int
        public var surplus: Int { pick.number - seasonRank }
    }

    public static func letter(ratio: Double) -> String {
        ratio >= 1.10 ? "A" : ratio >= 1.03 ? "B" : ratio >= 0.97 ? "C" : ratio >= 0.90 ? "D" : "F"
    }

    /// Grades every team of `teams` from its picks.
    public static func grades(teams: [TeamID], picks: [Pick], rankings: DraftRankings) -> [TeamGrade] {
        var total: [TeamID: Points] = [:], byPos: [TeamID: [Position: Points]] = [:], roomPos: [Position: Points] = [:]
        for p in picks {
            guard let r = rankings.ranking(of: p.playerID) else { continue }
            let v = max(.zero, r.value)
            total[p.teamID, default: .zero] = total[p.teamID, default: .zero] + v
            byPos[p.teamID, default: [:]][r.position, default: .zero] = byPos[p.teamID, default: [:]][r.position, default: .zero] + v
            roomPos[r.position, default: .zero] = roomPos[r.position, default: .zero] + v
        }
        let n = max(1, teams.count)
        let average = Points(hundredths: teams.reduce(0) { $0 + total[$1, default: .zero].hundredths } / n)
        return teams.map { t in
            let v = total[t, default: .zero]
            let ratio = average.hundredths > 0 ? Double(v.hundredths) / Double(average.hundredths) : 1
            var positions: [Position: Points] = [:]
            for pos in Position.allCases {
                positions[pos] = byPos[t]?[pos, default: .zero] ?? .zero
                positions[pos] = positions[pos]! - Points(hundredths: roomPos[pos, default: .zero].hundredths / n)
            }
            return TeamGrade(team: t, letter: letter(ratio: ratio), value: v, roomAverage: average, byPosition: positions)
        }
    }

    /// Every pick with its outcome, in pick order.
    public static func outcomes(picks: [Pick], rankings: DraftRankings, seasonPoints: (PlayerID) -> Points) -> [PickOutcome] {
        let ordered = picks.sorted { $0.number < $1.number }
        let points = ordered.map { seasonPoints($0.playerID) }
        let byPoints = ordered.indices.sorted { points[$0] != points[$1] ? points[$0] > points[$1] : ordered[$0].number < ordered[$1].number }
        var rank = Array(repeating: 0, count: ordered.count)
        for (place, i) in byPoints.enumerated() { rank[i] = place + 1 }
        return ordered.indices.map { i in
            PickOutcome(pick: ordered[i], value: rankings.ranking(of: ordered[i].playerID)?.value ?? .zero,
                        seasonPoints: points[i], seasonRank: rank[i])
        }
    }

    /// The `n` best and worst picks by surplus.
    public static func bestAndWorst(_ outcomes: [PickOutcome], count n: Int) -> (best: [PickOutcome], worst: [PickOutcome]) {
        let best = outcomes.sorted { $0.surplus != $1.surplus ? $0.surplus > $1.surplus : $0.pick.number < $1.pick.number }
        let worst = outcomes.sorted { $0.surplus != $1.surplus ? $0.surplus < $1.surplus : $0.pick.number < $1.pick.number }
        return (Array(best.prefix(n)), Array(worst.prefix(n)))
    }
}
