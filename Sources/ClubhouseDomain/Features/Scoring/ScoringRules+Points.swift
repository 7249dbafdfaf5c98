/// Turning a stat line into fantasy points under a league's rules.
extension ScoringRules {
    /// Fantasy points for one stat line (a week or a season total) of a player at `position`.
    /// Points are linear in every stat, so scoring a season total equals summing the weekly scores.
    public func points(for stats: StatLine, position: Position) -> Points {
        breakdown(for: stats, position: position).reduce(.zero) { $0 + $1.points }
    }

    /// Where the points came from, in stat-column order: one line per scored stat the player recorded,
    /// plus, for team defenses, the points-allowed tier (always shown, even at 0 allowed).
    public func breakdown(for stats: StatLine, position: Position) -> [ScoreBreakdownLine] {
        var lines: [ScoreBreakdownLine] = []
        for column in StatLine.columns {
            let value = stats[keyPath: column.keyPath]
            guard value != 0, let perUnit = pointsPerUnit(column: column.name) else { continue }
            lines.append(ScoreBreakdownLine(column: column.name, value: value, points: perUnit * value))
        }
        if position == .def {
            let allowed = stats.pointsAllowed
            lines.append(ScoreBreakdownLine(column: "points_allowed", value: allowed, points: pointsAllowedPoints(allowed)))
        }
        return lines
    }

    /// The tier points a team defense earns for allowing `allowed` points (0 when no tier covers it).
    public func pointsAllowedPoints(_ allowed: Int) -> Points {
        pointsAllowedTiers.first { $0.contains(allowed) }?.points ?? .zero
    }

    /// Points per unit of a column, from the per-stat table or the field-goal buckets; nil if the column is not scored.
    /// `points_allowed` is never scored per unit: it goes through the tiers, and only for `DEF`.
    func pointsPerUnit(column: String) -> Points? {
        guard column != "points_allowed" else { return nil }
        return perStat[column] ?? fieldGoalBuckets[column]
    }
}

/// One line of a score breakdown: "Rushing yards 1,387 → 138.70".
public struct ScoreBreakdownLine: Hashable, Codable, Sendable {
    /// The nflverse stat column ("rushing_yards"), or "points_allowed" for the defense tier.
    public var column: String
    /// The stat's value (for the tier line: points the defense allowed).
    public var value: Int
    public var points: Points

    public init(column: String, value: Int, points: Points) {
        self.column = column; self.value = value; self.points = points
    }

    /// What a person reads in the breakdown ("Rushing yards").
    public var label: String { ScoreBreakdownLine.labels[column] ?? column }

    /// Human labels for every stat column.
    static let labels: [String: String] = [
        "completions": "Completions", "attempts": "Pass attempts",
        "passing_yards": "Passing yards", "passing_tds": "Passing TDs", "interceptions": "Interceptions thrown",
        "passing_2pt_conversions": "Passing 2-pt conversions",
        "carries": "Carries", "rushing_yards": "Rushing yards", "rushing_tds": "Rushing TDs",
        "rushing_2pt_conversions": "Rushing 2-pt conversions",
        "receptions": "Receptions", "receiving_yards": "Receiving yards", "receiving_tds": "Receiving TDs",
        "receiving_2pt_conversions": "Receiving 2-pt conversions",
        "fumbles_lost": "Fumbles lost", "special_teams_tds": "Return TDs",
        "fg_made": "Field goals made", "fg_att": "Field goal attempts", "fg_missed": "Field goals missed",
        "fg_made_0_19": "FG made 0–19", "fg_made_20_29": "FG made 20–29", "fg_made_30_39": "FG made 30–39",
        "fg_made_40_49": "FG made 40–49", "fg_made_50_59": "FG made 50–59", "fg_made_60_": "FG made 60+",
        "pat_made": "PAT made", "pat_att": "PAT attempts", "pat_missed": "PAT missed",
        "def_sacks": "Sacks", "def_interceptions": "Interceptions", "def_fumble_recovery": "Fumble recoveries",
        "def_tds": "Defensive TDs", "def_safeties": "Safeties", "def_blocked_kicks": "Blocked kicks",
        "points_allowed": "Points allowed",
    ]
}
