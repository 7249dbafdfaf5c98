/// A bonus on top of a week's points (league setting `bonuses`): a week's stat within a range
/// (`threshold`: 100–199 rushing yards +3), or each touchdown play of at least so many yards (`longTouchdown`: a 40+
/// yard rushing TD +2). Bonuses are scored per player and week, never on a season total.
public struct ScoringBonus: Hashable, Codable, Sendable {
    public enum Kind: String, CaseIterable, Codable, Sendable {
        case threshold
        case longTouchdown = "long_td"
    }

    public var kind: Kind
    /// `threshold`: the stat column the week's line is measured by (`rushing_yards`); `longTouchdown`: the touchdown's
    /// column (`rushing_tds`, `receiving_tds` or `passing_tds`).
    public var stat: String
    /// `threshold`: the least value that earns the bonus; `longTouchdown`: the least yards of the scoring play.
    public var minimum: Int
    /// `threshold` only: the most that still earns it (inclusive); nil is no upper end ("200+").
    public var maximum: Int?
    public var points: Points

    public init(_ kind: Kind, stat: String, minimum: Int, maximum: Int? = nil, points: Points) {
        self.kind = kind; self.stat = stat; self.minimum = minimum; self.maximum = maximum; self.points = points
    }

    public static func threshold(_ stat: String, _ minimum: Int, _ maximum: Int?, _ points: Points) -> ScoringBonus {
        ScoringBonus(.threshold, stat: stat, minimum: minimum, maximum: maximum, points: points)
    }

    public static func longTouchdown(_ stat: String, yards: Int, _ points: Points) -> ScoringBonus {
        ScoringBonus(.longTouchdown, stat: stat, minimum: yards, points: points)
    }

    /// Whether a week's value of the stat earns a threshold bonus.
    public func covers(_ value: Int) -> Bool { value >= minimum && (maximum.map { value <= $0 } ?? true) }

    /// The touchdown columns a long-play bonus may name, with the yards column of the same play.
    public static let touchdownYards: [String: String] = [
        "rushing_tds": "rushing_yards", "receiving_tds": "receiving_yards", "passing_tds": "passing_yards",
    ]

    /// The issue's example set (the league form's "Yardage and long-play bonuses" preset): 100–199 rushing or
    /// receiving yards +3, 200+ +6, 300+ passing yards +3, and a rushing, receiving or passing TD of 40+ yards +2.
    public static let yardageAndLongPlays: [ScoringBonus] = [
        .threshold("rushing_yards", 100, 199, 3), .threshold("rushing_yards", 200, nil, 6),
        .threshold("receiving_yards", 100, 199, 3), .threshold("receiving_yards", 200, nil, 6),
        .threshold("passing_yards", 300, nil, 3),
        .longTouchdown("rushing_tds", yards: 40, 2), .longTouchdown("receiving_tds", yards: 40, 2),
        .longTouchdown("passing_tds", yards: 40, 2),
    ]

    /// "100–199 rushing yards", "200+ receiving yards", "40+ yd rushing TD".
    public var label: String {
        let name = ScoreBreakdownLine.labels[stat] ?? stat
        switch kind {
        case .threshold: return "\(minimum)\(maximum.map { "–\($0)" } ?? "+") \(name.lowercased())"
        case .longTouchdown:
            let td = name.hasSuffix("TDs") ? String(name.dropLast()) : name
            return "\(minimum)+ yd \(td.prefix(1).lowercased())\(td.dropFirst())"
        }
    }
}

/// A touchdown play of a player's week with its yards (from the stored plays: the yards column of the same play and
/// player), what long-play bonuses count.
public struct LongTouchdown: Hashable, Sendable {
    public var playerID: PlayerID
    public var week: Int
    /// `rushing_tds`, `receiving_tds` or `passing_tds`.
    public var stat: String
    public var yards: Int
    /// Game seconds at the snap (a game in progress counts only the plays already run).
    public var elapsed: Int
    public init(playerID: PlayerID, week: Int, stat: String, yards: Int, elapsed: Int) {
        self.playerID = playerID; self.week = week; self.stat = stat; self.yards = yards; self.elapsed = elapsed
    }
}
