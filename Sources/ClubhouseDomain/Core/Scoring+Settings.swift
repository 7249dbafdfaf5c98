/// Scoring presets (ClubhouseDomain/README.md, “Scoring”); every value is overridable per league.
public enum ScoringPreset: String, CaseIterable, Codable, Sendable {
    case standard = "Standard", halfPPR = "Half-PPR", ppr = "PPR"
}

/// A points-allowed tier for team defenses: `range` of opponent points → `points`.
public struct PointsAllowedTier: Hashable, Codable, Sendable {
    public var minimum: Int
    /// Inclusive upper bound; nil means "and above".
    public var maximum: Int?
    public var points: Points
    public init(_ minimum: Int, _ maximum: Int?, _ points: Points) {
        self.minimum = minimum; self.maximum = maximum; self.points = points
    }
    public func contains(_ allowed: Int) -> Bool { allowed >= minimum && (maximum.map { allowed <= $0 } ?? true) }
}

/// The league's scoring rules: points per unit of each stat column, plus kicker and defense tables.
public struct ScoringRules: Hashable, Codable, Sendable {
    public var preset: ScoringPreset
    /// Points per unit of an nflverse stat column (e.g. "passing_yards" → 0.04).
    public var perStat: [String: Points]
    /// Kicker field goals by distance bucket column ("fg_made_0_19" … "fg_made_60_").
    public var fieldGoalBuckets: [String: Points]
    public var pointsAllowedTiers: [PointsAllowedTier]
    /// Week bonuses (league setting `bonuses`, stored and sent beside `scoring`, not inside it): none by default.
    public var bonuses: [ScoringBonus] = []
    /// Decimals a player's week is rounded to (league setting `decimals`: 0, 1 or 2); nil keeps exact hundredths.
    public var decimals: Int? = nil

    private enum CodingKeys: String, CodingKey { case preset, perStat, fieldGoalBuckets, pointsAllowedTiers }

    public init(preset: ScoringPreset, perStat: [String: Points], fieldGoalBuckets: [String: Points], pointsAllowedTiers: [PointsAllowedTier]) {
        self.preset = preset; self.perStat = perStat; self.fieldGoalBuckets = fieldGoalBuckets; self.pointsAllowedTiers = pointsAllowedTiers
    }

    /// The preset's rules with no overrides.
    public static func preset(_ preset: ScoringPreset) -> ScoringRules {
        let reception: Points = switch preset {
        case .standard: .zero
        case .halfPPR: Points(hundredths: 50)
        case .ppr: 1
        }
        return ScoringRules(
            preset: preset,
            perStat: [
                "passing_yards": Points(hundredths: 4), "passing_tds": 4, "interceptions": -2,
                "rushing_yards": Points(hundredths: 10), "rushing_tds": 6,
                "receiving_yards": Points(hundredths: 10), "receiving_tds": 6, "receptions": reception,
                "passing_2pt_conversions": 2, "rushing_2pt_conversions": 2, "receiving_2pt_conversions": 2,
                "fumbles_lost": -2, "special_teams_tds": 6,
                "pat_made": 1, "pat_missed": -1, "fg_missed": -1,
                "def_sacks": 1, "def_interceptions": 2, "def_fumble_recovery": 2, "def_tds": 6,
                "def_safeties": 2, "def_blocked_kicks": 2,
            ],
            fieldGoalBuckets: [
                "fg_made_0_19": 3, "fg_made_20_29": 3, "fg_made_30_39": 3,
                "fg_made_40_49": 4, "fg_made_50_59": 5, "fg_made_60_": 5,
            ],
            pointsAllowedTiers: [
                PointsAllowedTier(0, 0, 10), PointsAllowedTier(1, 6, 7), PointsAllowedTier(7, 13, 4),
                PointsAllowedTier(14, 20, 1), PointsAllowedTier(21, 27, 0), PointsAllowedTier(28, 34, -1),
                PointsAllowedTier(35, nil, -4),
            ]
        )
    }
}
