import Foundation
import Testing
@testable import ClubhouseDomain

@Suite struct DraftGradesTests {
    let pool = DraftFixtures.pool()
    static func pick(_ n: Int, _ team: Int64, _ player: PlayerID) -> Pick {
        Pick(number: n, round: (n - 1) / 2 + 1, teamID: TeamID(team), playerID: player, source: .bot, madeAt: DraftFixtures.t0)
    }

    @Test func gradesCompareDraftedValueWithTheRoomAverage() {
        // Team 1: QB1 (120.00) + RB1 (119.90) = 239.90; team 2: QB3 (100.00) + RB3 (99.90) = 199.90; average 219.90.
        let picks = [Self.pick(1, 1, "QB1"), Self.pick(2, 2, "QB3"), Self.pick(3, 2, "RB3"), Self.pick(4, 1, "RB1")]
        let grades = DraftGrades.grades(teams: [TeamID(1), TeamID(2)], picks: picks, rankings: pool)
        #expect(grades[0].value == Points("239.90") && grades[0].roomAverage == Points("219.90"))
        #expect(grades[0].letter == "B" && grades[1].letter == "D")   // 239.90 / 219.90 = 1.091; 199.90 / 219.90 = 0.909
        #expect(grades[0].byPosition[.qb] == Points("10.00") && grades[1].byPosition[.rb] == Points("-10.00"))
        #expect(grades[0].byPosition[.k] == .zero)
        #expect(DraftGrades.letter(ratio: 1.10) == "A" && DraftGrades.letter(ratio: 1.0) == "C" && DraftGrades.letter(ratio: 0.89) == "F")
    }

    @Test func negativeValuesDontCountAgainstATeam() {
        let rankings = DraftRankings(scored: [("a", .rb, Points(hundredths: 10_000)), ("b", .rb, Points(hundredths: 5_000))],
                                     valuation: DraftValuation(teamCount: 1, rosterSlots: [.rb: 1]))
        // Replacement RB = b (50.00): a is worth 50.00, b 0.00.
        #expect(rankings.ranking(of: "a")?.value == Points("50.00") && rankings.ranking(of: "b")?.value == .zero)
        let g = DraftGrades.grades(teams: [TeamID(1)], picks: [Self.pick(1, 1, "a"), Self.pick(2, 1, "b")], rankings: rankings)
        #expect(g[0].value == Points("50.00") && g[0].letter == "C")
    }

    @Test func outcomesRankEveryPickBySeasonPointsAndFindStealsAndBusts() {
        let picks = [Self.pick(1, 1, "QB1"), Self.pick(2, 2, "RB1"), Self.pick(3, 2, "WR1"), Self.pick(4, 1, "TE1")]
        let season: [PlayerID: Points] = ["QB1": 100, "RB1": 300, "WR1": 50, "TE1": 300]
        let o = DraftGrades.outcomes(picks: picks, rankings: pool) { season[$0] ?? .zero }
        // By points: RB1 (pick 2) and TE1 (pick 4) tie at 300 — the earlier pick first — then QB1, WR1.
        #expect(o.map(\.seasonRank) == [3, 1, 4, 2])
        #expect(o.map(\.surplus) == [-2, 1, -1, 2])
        let (best, worst) = DraftGrades.bestAndWorst(o, count: 2)
        #expect(best.map(\.pick.number) == [4, 2] && worst.map(\.pick.number) == [1, 3])
    }

    @Test func replacementLevelCountsFlexAcrossTheLeague() {
        // 2 teams × (1 RB + 1 WR + 1 FLEX): RBs 90, 80, 70, 60; WRs 85, 50. Dedicated: RB 90, 80; WR 85, 50.
        // FLEX slots go to the best left: RB 70, then RB 60 (beats no WR left) → 4 RB starters, replacement RB = 0 (none left).
        let v = DraftValuation(teamCount: 2, rosterSlots: [.rb: 1, .wr: 1, .flex: 1])
        let projections: [Position: [Points]] = [.rb: [90, 80, 70, 60], .wr: [85, 50, 40]]
        #expect(v.starters(projections: projections)[.rb] == 4 && v.starters(projections: projections)[.wr] == 2)
        #expect(v.replacementLevels(projections: projections)[.rb] == .zero && v.replacementLevels(projections: projections)[.wr] == 40)
        let more: [Position: [Points]] = [.rb: [90, 80, 30], .wr: [85, 50, 45, 20]]
        // FLEX: WR 45 (beats RB 30), then RB 30 vs WR 20 → RB. Replacement: RB none left → 0; WR 20.
        #expect(v.starters(projections: more) == [.qb: 0, .rb: 3, .wr: 3, .te: 0, .k: 0, .def: 0])
        #expect(v.replacementLevels(projections: more)[.wr] == 20)
    }

    @Test func tiersBreakWhereValueDropsSharply() {
        // RB values 200, 195, 190, 150, 148, 100: gap G = max(5, 6 % of 200 = 12) = 12 → tiers 1,1,1,2,2,3.
        let values = [200, 195, 190, 150, 148, 100]
        let r = DraftRankings(scored: values.enumerated().map { (PlayerID("RB\($0.offset)"), Position.rb, Points(integerLiteral: $0.element)) })
        #expect(r.players(at: .rb).map(\.tier) == [1, 1, 1, 2, 2, 3])
        // A long slide with small steps (100, 96, …; G = 6) still breaks once it falls more than 3·G = 18 below the
        // tier's first player: at 80 (100 − 20), then at 60.
        let slide = DraftRankings(scored: (0..<12).map { (PlayerID("WR\($0)"), Position.wr, Points(integerLiteral: 100 - $0 * 4)) })
        #expect(slide.players(at: .wr).map(\.tier) == [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3])
    }
}
