// The limits of the scoring and standings formats: divisions, bonuses, decimals. `validate()` calls
// `validateFormats()`; `clampedToLimits()` calls `clampedFormats()`.

extension LeagueSettings.Limits {
    /// 0 (no divisions) or 2–4.
    public static let divisions: Set<Int> = [0, 2, 3, 4]
    /// Most bonuses a league lists.
    public static let bonusCount = 0...20
    /// The values a threshold bonus's range may start and end at.
    public static let bonusThreshold = 1...2_000
    /// The yards a long-play bonus may ask for.
    public static let longTouchdownYards = 1...99
    /// 0, 1 or 2 decimals (or none set: exact hundredths shown to one decimal).
    public static let decimals = 0...2
}

extension LeagueSettings {
    /// Divisions: none, or 2–4 of at least two teams each, no more than the playoff places (each winner gets a seed).
    /// Bonuses: at most 20, each on a known stat with its points within −100…100; threshold ranges within 1–2,000 and
    /// not overlapping another of the same stat; long plays of 1–99 yards on a rushing, receiving or passing TD.
    func validateFormats() throws(DomainError) {
        guard Limits.divisions.contains(divisions) else {
            throw .validation(field: "divisions", message: "A league has no divisions (0) or 2–4 of them (not \(divisions))")
        }
        if divisions > 0 {
            guard teamCount >= 2 * divisions else {
                throw .validation(field: "divisions", message: "\(divisions) divisions need at least \(2 * divisions) teams — two in each (the league has \(teamCount))")
            }
            guard divisions <= playoffTeams else {
                throw .validation(field: "divisions",
                                  message: "Every division winner is seeded: \(divisions) divisions need at least \(divisions) playoff teams (not \(playoffTeams))")
            }
        }
        if let decimals, !Limits.decimals.contains(decimals) {
            throw .validation(field: "decimals", message: "Points are kept to 0, 1 or 2 decimals (not \(decimals))")
        }
        try validateBonuses()
    }

    private func validateBonuses() throws(DomainError) {
        guard Limits.bonusCount.contains(bonuses.count) else {
            throw .validation(field: "bonuses", message: "A league has at most 20 bonuses (not \(bonuses.count))")
        }
        let columns = Set(StatLine.columns.map(\.name)).subtracting(["points_allowed"])
        for (i, bonus) in bonuses.enumerated() {
            let field = "bonuses[\(i)]"
            guard Limits.points.contains(bonus.points) else {
                throw .validation(field: field, message: "A bonus is −100 to 100 points (not \(bonus.points))")
            }
            switch bonus.kind {
            case .threshold:
                guard columns.contains(bonus.stat) else {
                    throw .validation(field: field, message: "Unknown stat column \"\(bonus.stat.prefix(40))\" for a bonus")
                }
                let upper = bonus.maximum ?? Limits.bonusThreshold.upperBound
                guard Limits.bonusThreshold.contains(bonus.minimum), Limits.bonusThreshold.contains(upper), bonus.minimum <= upper else {
                    throw .validation(field: field, message: "A bonus range runs from 1 to 2,000, low to high (not \(bonus.label))")
                }
                if let other = bonuses[..<i].first(where: { $0.kind == .threshold && $0.stat == bonus.stat && $0.overlaps(bonus) }) {
                    throw .validation(field: field, message: "The bonus for \(bonus.label) overlaps the one for \(other.label) — one week earns one of them")
                }
            case .longTouchdown:
                guard ScoringBonus.touchdownYards[bonus.stat] != nil else {
                    throw .validation(field: field, message: "A long-play bonus is for rushing_tds, receiving_tds or passing_tds (not \"\(bonus.stat.prefix(40))\")")
                }
                guard bonus.maximum == nil, Limits.longTouchdownYards.contains(bonus.minimum) else {
                    throw .validation(field: field, message: "A long-play bonus counts touchdowns of 1–99 yards or more, with no upper end (not \(bonus.minimum))")
                }
            }
        }
    }

    /// Stored formats brought into their limits: unknown divisions off, decimals to 0–2, at most 20 bonuses.
    func clampedFormats() -> LeagueSettings {
        var s = self
        if !Limits.divisions.contains(divisions) { s.divisions = 0 }
        s.decimals = decimals.map { $0.clamped(to: Limits.decimals) }
        s.bonuses = bonuses.prefix(Limits.bonusCount.upperBound).map { b in
            var b = b
            b.points = b.points.clamped(to: Limits.points)
            return b
        }
        return s
    }
}

extension ScoringBonus {
    /// Whether two threshold ranges share a value.
    func overlaps(_ other: ScoringBonus) -> Bool {
        let upper = maximum ?? Int.max, otherUpper = other.maximum ?? Int.max
        return minimum <= otherUpper && other.minimum <= upper
    }
}
