import Testing
import ClubhouseDomain

@Suite("Scoring: points for a stat line")
struct ScoringRulesPointsTests {
    let fixture = Fixture.season2019

    // The product was specified with 469.2 PPR (ClubhouseDomain/README.md, “Scoring”). The fixture also records McCaffrey's week-8 rushing two-point conversion
    // (CAR 13 = TD + 2-pt + FG + safety at SF), which the rules score at 2: the season is 471.20 with it.
    // The test pins both numbers exactly so neither the rules nor the fixture can drift.
    @Test func mcCaffrey2019ScoresExactly469_2PPRFromYardsTouchdownsAndReceptionsPlusHisTwoPointConversion() {
        let id = fixture.playerID(named: "Christian McCaffrey")
        #expect(id == "00-0033280")
        let season = fixture.seasonTotal(id)
        #expect(season.receptions == 116)
        #expect(season.rushing2ptConversions == 1)

        let rules = ScoringRules.preset(.ppr)
        var withoutTwoPoint = season
        withoutTwoPoint.rushing2ptConversions = 0
        #expect(rules.points(for: withoutTwoPoint, position: .rb) == Points(hundredths: 46_920))
        #expect(rules.points(for: withoutTwoPoint, position: .rb).oneDecimal == "469.2")
        #expect(rules.points(for: season, position: .rb) == Points(hundredths: 47_120))
    }

    @Test func mcCaffreyHalfPPRAndStandardDifferBy58AndThen116PointsForHis116Receptions() {
        let season = fixture.seasonTotal(fixture.playerID(named: "Christian McCaffrey"))
        let ppr = ScoringRules.preset(.ppr).points(for: season, position: .rb)
        let half = ScoringRules.preset(.halfPPR).points(for: season, position: .rb)
        let standard = ScoringRules.preset(.standard).points(for: season, position: .rb)
        #expect(half == Points(hundredths: 41_320))
        #expect(standard == Points(hundredths: 35_520))
        #expect(ppr - half == 58)
        #expect(ppr - standard == 116)
    }

    @Test func seasonScoreEqualsSumOfWeeklyScores() {
        let id = fixture.playerID(named: "Christian McCaffrey")
        let rules = ScoringRules.preset(.ppr)
        let weekly = fixture.weeklyStats.filter { $0.playerID == id }
            .reduce(Points.zero) { $0 + rules.points(for: $1.stats, position: .rb) }
        #expect(weekly == rules.points(for: fixture.seasonTotal(id), position: .rb))
    }

    @Test func justinTucker2019ScoresFieldGoalsByDistanceBucketPlusPATsMinusMisses() {
        let id = fixture.playerID(named: "Justin Tucker")
        let season = fixture.seasonTotal(id)
        #expect(season.fgMade == 28 && season.fgAtt == 29)
        let rules = ScoringRules.preset(.halfPPR)
        let lines = rules.breakdown(for: season, position: .k)
        func points(_ column: String) -> Points? { lines.first { $0.column == column }?.points }
        #expect(points("fg_made_20_29") == 24)   // 8 × 3
        #expect(points("fg_made_30_39") == 27)   // 9 × 3
        #expect(points("fg_made_40_49") == 40)   // 10 × 4
        #expect(points("fg_made_50_59") == 5)    // 1 × 5
        #expect(points("pat_made") == 57)
        #expect(points("pat_missed") == -2)
        #expect(points("fg_missed") == -1)
        #expect(points("fg_made") == nil, "total FGs are not scored on top of the buckets")
        #expect(rules.points(for: season, position: .k) == 150)
    }

    @Test func everyFieldGoalBucketScoresItsPresetValue() {
        let rules = ScoringRules.preset(.standard)
        let expected: [(WritableKeyPath<StatLine, Int>, Points)] = [
            (\.fgMade019, 3), (\.fgMade2029, 3), (\.fgMade3039, 3), (\.fgMade4049, 4), (\.fgMade5059, 5), (\.fgMade60Plus, 5),
        ]
        for (keyPath, points) in expected {
            var line = StatLine()
            line[keyPath: keyPath] = 1
            #expect(rules.points(for: line, position: .k) == points)
        }
    }

    @Test func defenseAllowingZeroPointsScores10FromPointsAllowed() {
        let rules = ScoringRules.preset(.halfPPR)
        #expect(rules.points(for: StatLine(), position: .def) == 10)
        #expect(rules.breakdown(for: StatLine(), position: .def) == [ScoreBreakdownLine(column: "points_allowed", value: 0, points: 10)])
    }

    @Test(arguments: [(0, 10), (1, 7), (6, 7), (7, 4), (13, 4), (14, 1), (20, 1), (21, 0), (27, 0), (28, -1), (34, -1), (35, -4), (70, -4)])
    func pointsAllowedTierBoundaries(allowed: Int, points: Int) {
        var line = StatLine()
        line.pointsAllowed = allowed
        #expect(ScoringRules.preset(.ppr).points(for: line, position: .def) == Points(integerLiteral: points))
    }

    @Test func pointsAllowedTiersApplyOnlyToDefenses() {
        let rules = ScoringRules.preset(.ppr)
        for position in Position.allCases where position != .def {
            #expect(rules.points(for: StatLine(), position: position) == .zero)
        }
    }

    @Test func defenseScoresSacksTakeawaysTouchdownsSafetiesBlocksAndItsTier() {
        var line = StatLine()
        line.defSacks = 3; line.defInterceptions = 2; line.defFumbleRecovery = 1
        line.defTds = 1; line.defSafeties = 1; line.defBlockedKicks = 1; line.pointsAllowed = 17
        // 3 + 4 + 2 + 6 + 2 + 2 + 1 (14–20 tier)
        #expect(ScoringRules.preset(.standard).points(for: line, position: .def) == 20)
    }

    @Test func carolinaDefenseWeek8AtSanFrancisco() {
        let row = fixture.weeklyStats.first { $0.playerID == "DST-CAR" && $0.week == 8 }!
        // 3 sacks, 1 INT, 1 safety, 51 allowed: 3 + 2 + 2 − 4
        #expect(ScoringRules.preset(.halfPPR).points(for: row.stats, position: .def) == 3)
    }

    @Test func quarterbackYardageIsExactInHundredths() {
        var line = StatLine()
        line.passingYards = 4_355; line.passingTds = 29; line.interceptions = 11; line.fumblesLost = 2
        // 174.20 + 116 − 22 − 4
        #expect(ScoringRules.preset(.standard).points(for: line, position: .qb) == Points(hundredths: 26_420))
    }

    @Test func breakdownSumsToPointsAndListsOnlyRecordedScoredStats() {
        let season = fixture.seasonTotal(fixture.playerID(named: "Christian McCaffrey"))
        let rules = ScoringRules.preset(.ppr)
        let lines = rules.breakdown(for: season, position: .rb)
        #expect(lines.reduce(Points.zero) { $0 + $1.points } == rules.points(for: season, position: .rb))
        #expect(lines.map(\.column) == ["rushing_yards", "rushing_tds", "rushing_2pt_conversions", "receptions", "receiving_yards", "receiving_tds"])
        #expect(lines[0].label == "Rushing yards" && lines[0].value == 1_387 && lines[0].points == Points(hundredths: 13_870))
    }
}
