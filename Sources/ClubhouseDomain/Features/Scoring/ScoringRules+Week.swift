/// A player's week under a league's rules: the stat line's points, the week's bonuses, rounded to the league's decimals
/// (ClubhouseDomain/README.md, “Scoring formats”). A season total is scored with `points(for:position:)` alone.
extension ScoringRules {
    /// Points of one player's week: `points(for:position:)` plus every bonus the week earns (`longTouchdowns`: his
    /// touchdown plays of that week), rounded to `decimals`.
    public func weekPoints(for stats: StatLine, position: Position, longTouchdowns: [LongTouchdown] = []) -> Points {
        guard !bonuses.isEmpty || decimals != nil else { return points(for: stats, position: position) }
        let bonus = bonusLines(for: stats, longTouchdowns: longTouchdowns).reduce(Points.zero) { $0 + $1.points }
        return rounded(points(for: stats, position: position) + bonus)
    }

    /// The bonuses a week earns, one line each in the order the league lists them: a threshold bonus with the week's
    /// value, a long-play bonus with the number of touchdown plays long enough (each earns the points).
    public func bonusLines(for stats: StatLine, longTouchdowns: [LongTouchdown]) -> [ScoreBreakdownLine] {
        var lines: [ScoreBreakdownLine] = []
        for bonus in bonuses {
            switch bonus.kind {
            case .threshold:
                guard let i = StatLine.index(ofColumn: bonus.stat) else { continue }
                let value = stats[keyPath: StatLine.columns[i].keyPath]
                guard bonus.covers(value) else { continue }
                lines.append(ScoreBreakdownLine(column: "bonus " + bonus.label, value: value, points: bonus.points))
            case .longTouchdown:
                let count = longTouchdowns.filter { $0.stat == bonus.stat && $0.yards >= bonus.minimum }.count
                guard count > 0 else { continue }
                lines.append(ScoreBreakdownLine(column: "bonus " + bonus.label, value: count, points: bonus.points * count))
            }
        }
        return lines
    }

    /// `points` at the league's precision: to the nearest whole point (0 decimals) or tenth (1), half away from zero;
    /// unchanged with 2 decimals or none set.
    public func rounded(_ points: Points) -> Points {
        guard let decimals, decimals < 2 else { return points }
        let unit = decimals <= 0 ? 100 : 10
        let v = points.hundredths.magnitude
        let steps = v / UInt(unit) + (v % UInt(unit) * 2 >= UInt(unit) ? 1 : 0)
        let (product, overflow) = steps.multipliedReportingOverflow(by: UInt(unit))
        let magnitude = overflow || product > UInt(Points.limit) ? Points.limit : Int(product)
        return Points(hundredths: points.hundredths < 0 ? -magnitude : magnitude)
    }
}
