import Testing
import ClubhouseDomain

/// No stored stat, however absurd, can make scoring trap.
@Suite("Scoring: arithmetic that cannot overflow")
struct PointsSaturationTests {
    @Test func pointsArithmeticSaturatesInsteadOfTrapping() {
        let max = Points(hundredths: Int.max)
        #expect((max + 1).hundredths == Int.max)
        #expect((-max - 1).hundredths == -Int.max)
        #expect((Points(hundredths: 400) * 999_999_999_999_999_999).hundredths == Int.max)
        #expect((Points(hundredths: -200) * Int.max).hundredths == -Int.max)
        #expect((Points(hundredths: -200) * Int.min).hundredths == Int.max)
        #expect(Points(hundredths: Int.min).hundredths == -Int.max, "Int.min is never held, so negation and abs are safe")
        #expect((-Points(hundredths: Int.min)).hundredths == Int.max)
        #expect((Points(hundredths: 250) * 4).hundredths == 1000, "ordinary arithmetic is exact as before")
        #expect(max.description == "92233720368547758.07")
        #expect(max.oneDecimal == "92233720368547758.1")
        var held = Points.zero
        held.hundredths = Int.min   // even set directly
        #expect(held.description.hasPrefix("-"))
    }

    /// The row: passing_tds = 999999999999999999 used to trap on `Points * Int` in every scoring path.
    @Test(arguments: [999_999_999_999_999_999, Int.max, Int.min])
    func scoringAnAbsurdLineGivesAHugeNumberNotACrash(value: Int) {
        var line = StatLine()
        for column in StatLine.columns { line[keyPath: column.keyPath] = value }
        for preset in [ScoringPreset.standard, .halfPPR, .ppr] {
            for position in [Position.qb, .k, .def] {
                let points = ScoringRules.preset(preset).points(for: line, position: position)
                #expect(points.hundredths != Int.min)
                _ = points.oneDecimal
            }
        }
        let season = Array(repeating: line, count: 20).reduce(StatLine(), +)
        #expect(season.passingTds == (value < 0 ? Int.min : Int.max), "season totals saturate too")
    }

    @Test func plausibleWeeklyRangesCoverEveryColumnAndEveryNFLRecord() {
        #expect(StatLine.plausibleWeeklyRange("passing_yards") == -200...2_000)
        #expect(StatLine.plausibleWeeklyRange("carries") == 0...200)
        #expect(StatLine.plausibleWeeklyRange("points_allowed") == 0...300)
        #expect(StatLine.plausibleWeeklyRange("passing_tds") == 0...50)
        // A whole season of the largest plausible lines, at a per-unit value far above any league's, is far from overflow.
        var line = StatLine()
        for c in StatLine.columns { line[keyPath: c.keyPath] = StatLine.plausibleWeeklyRange(c.name).upperBound }
        let season = Array(repeating: line, count: 18).reduce(StatLine(), +)
        let points = ScoringRules.preset(.ppr).points(for: season, position: .qb)
        #expect(points.hundredths < Int.max / 1_000_000)
    }
}
