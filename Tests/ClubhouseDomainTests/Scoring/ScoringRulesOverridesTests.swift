import Testing
import ClubhouseDomain

@Suite("Scoring: per-league overrides")
struct ScoringRulesOverridesTests {
    @Test func overridingAStatChangesOnlyThatStat() throws {
        let rules = try ScoringRules.preset(.halfPPR).overriding(stat: "passing_tds", with: 6)
        var line = StatLine()
        line.passingTds = 2; line.receptions = 2
        #expect(rules.points(for: line, position: .qb) == 13)
        #expect(rules.perStat["receptions"] == Points(hundredths: 50))
    }

    @Test func overridingAFieldGoalBucketEditsTheBucketTable() throws {
        let rules = try ScoringRules.preset(.ppr).overriding(stat: "fg_made_50_59", with: 6)
        #expect(rules.fieldGoalBuckets["fg_made_50_59"] == 6)
        #expect(rules.perStat["fg_made_50_59"] == nil)
    }

    @Test func overridingAnUnscoredKnownColumnStartsScoringIt() throws {
        let rules = try ScoringRules.preset(.ppr).overriding(stat: "completions", with: Points(hundredths: 25))
        var line = StatLine()
        line.completions = 4
        #expect(rules.points(for: line, position: .qb) == 1)
    }

    @Test func overridingAnUnknownColumnIsRefused() {
        #expect(throws: DomainError.validation(field: "scoring.passing_yds", message: "Unknown stat column \"passing_yds\"")) {
            try ScoringRules.preset(.ppr).overriding(stat: "passing_yds", with: 1)
        }
    }

    @Test func pointsAllowedIsOverriddenByTierNotPerPoint() throws {
        #expect(throws: DomainError.self) { try ScoringRules.preset(.ppr).overriding(stat: "points_allowed", with: 1) }
        let rules = try ScoringRules.preset(.ppr).overridingPointsAllowedTier(containing: 0, with: 12)
        #expect(rules.points(for: StatLine(), position: .def) == 12)
        #expect(rules.pointsAllowedPoints(1) == 7)
    }
}
