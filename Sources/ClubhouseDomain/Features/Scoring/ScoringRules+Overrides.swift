/// Per-league edits to a preset, validated so a typo can never silently score nothing.
extension ScoringRules {
    /// The rules with one stat's points per unit replaced. Field-goal bucket columns (`fg_made_40_49`) edit the
    /// bucket table; any other stat column edits the per-stat table. `points_allowed` is refused: it is scored
    /// by tiers (see `overridingPointsAllowedTier`). Unknown columns are refused.
    public func overriding(stat column: String, with points: Points) throws(DomainError) -> ScoringRules {
        guard StatLine.columns.contains(where: { $0.name == column }) else {
            throw .validation(field: "scoring.\(column)", message: "Unknown stat column \"\(column)\"")
        }
        guard column != "points_allowed" else {
            throw .validation(field: "scoring.\(column)", message: "Points allowed is scored by tiers, not per point")
        }
        var rules = self
        if fieldGoalBuckets[column] != nil || column.hasPrefix("fg_made_") {
            rules.fieldGoalBuckets[column] = points
        } else {
            rules.perStat[column] = points
        }
        return rules
    }

    /// The rules with the points of the tier that covers `allowed` replaced (tier boundaries stay as they are).
    public func overridingPointsAllowedTier(containing allowed: Int, with points: Points) throws(DomainError) -> ScoringRules {
        guard let index = pointsAllowedTiers.firstIndex(where: { $0.contains(allowed) }) else {
            throw .validation(field: "scoring.points_allowed", message: "No points-allowed tier covers \(allowed)")
        }
        var rules = self
        rules.pointsAllowedTiers[index].points = points
        return rules
    }
}
