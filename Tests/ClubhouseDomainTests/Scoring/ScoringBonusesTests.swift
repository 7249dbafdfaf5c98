import Testing
import ClubhouseDomain

@Suite("Scoring formats: bonuses and decimals")
struct ScoringBonusesTests {
    let fixture = Fixture.season2019

    /// His touchdown plays of 40+ yards, found in the stored play rows themselves: rows of one play (game, play id)
    /// that give him a rushing or receiving TD, with that play's yards of the same kind.
    func longTouchdownsFromPlays(_ id: PlayerID, yards: Int) -> [Int: Int] {
        let mine = fixture.plays.filter { $0.playerID == id && $0.quarter != nil }
        let byPlay = Dictionary(grouping: mine) { "\($0.gameID)#\($0.sequence)" }
        var perWeek: [Int: Int] = [:]
        for rows in byPlay.values {
            func value(_ stat: String) -> Int { rows.filter { $0.stat == stat }.reduce(0) { $0 + $1.value } }
            let long = (value("rushing_tds") > 0 && value("rushing_yards") >= yards) || (value("receiving_tds") > 0 && value("receiving_yards") >= yards)
            if long { perWeek[rows[0].week, default: 0] += 1 }
        }
        return perWeek
    }

    // ClubhouseDomain/README.md, “Scoring formats”: McCaffrey's 2019 PPR season with the example bonuses is his 471.20,
    // plus +3 for each week of 100–199 rushing or receiving yards, +6 for 200+, +2 for each TD of 40+ yards.
    @Test func mcCaffrey2019PPRWithTheExampleBonusesScoresHisSeasonPlusEachWeeksBonusesAsDocumented() {
        let id = fixture.playerID(named: "Christian McCaffrey")
        var rules = ScoringRules.preset(.ppr)
        rules.bonuses = ScoringBonus.yardageAndLongPlays
        let weeks = fixture.weeklyStats.filter { $0.playerID == id }
        let longTDs = longTouchdownsFromPlays(id, yards: 40)

        var expected = rules.points(for: fixture.seasonTotal(id), position: .rb)
        #expect(expected == Points(hundredths: 47_120))
        var yardageWeeks = 0, bigWeeks = 0
        for w in weeks {
            for yards in [w.stats.rushingYards, w.stats.receivingYards] {
                if (100...199).contains(yards) { expected = expected + 3; yardageWeeks += 1 }
                if yards >= 200 { expected = expected + 6; bigWeeks += 1 }
            }
            expected = expected + Points(integerLiteral: 2) * (longTDs[w.week] ?? 0)
        }
        let stored = Dictionary(grouping: fixture.touchdowns.filter { $0.playerID == id }, by: \.week)
        let scored = weeks.reduce(Points.zero) { $0 + rules.weekPoints(for: $1.stats, position: .rb, longTouchdowns: stored[$1.week] ?? []) }
        #expect(scored == expected)
        // The figures the README documents: 8 weeks of 100–199 rushing or receiving yards (+24), none of 200+, 4 touchdowns
        // of 40+ yards (weeks 3, 5, 8, 9: +8) — 471.20 + 24 + 8 = 503.20.
        #expect(yardageWeeks == 8 && bigWeeks == 0, "\(yardageWeeks) \(bigWeeks)")
        #expect(longTDs == [3: 1, 5: 1, 8: 1, 9: 1])
        #expect(scored == Points(hundredths: 50_320))
    }

    @Test func theStoredTouchdownPlaysAreThePlayRowsTouchdownsWithTheSamePlaysYards() {
        let id = fixture.playerID(named: "Christian McCaffrey")
        let stored = fixture.touchdowns.filter { $0.playerID == id && $0.yards >= 40 && $0.stat != "passing_tds" }
        #expect(Dictionary(grouping: stored, by: \.week).mapValues(\.count) == longTouchdownsFromPlays(id, yards: 40))
        let total = fixture.seasonTotal(id)
        #expect(fixture.touchdowns.filter { $0.playerID == id }.count == total.rushingTds + total.receivingTds)
    }

    @Test func aThresholdBonusCountsOnceAWeekWithinItsRangeAndNeverOnASeasonTotal() {
        var rules = ScoringRules.preset(.standard)
        rules.bonuses = [.threshold("passing_yards", 300, nil, 3)]
        var week = StatLine()
        week.passingYards = 300
        #expect(rules.weekPoints(for: week, position: .qb) == 15)   // 300 × 0.04 + 3
        week.passingYards = 299
        #expect(rules.weekPoints(for: week, position: .qb) == Points(hundredths: 1_196))
        week.passingYards = 4_000
        #expect(rules.points(for: week, position: .qb) == 160, "a season total scores without bonuses")
        #expect(rules.bonusLines(for: week, longTouchdowns: []).map(\.column) == ["bonus 300+ passing yards"])
    }

    @Test func longPlayBonusesCountEachTouchdownLongEnoughOfTheirKind() {
        var rules = ScoringRules.preset(.standard)
        rules.bonuses = [.longTouchdown("rushing_tds", yards: 40, 2)]
        let p = PlayerID("x")
        let tds = [LongTouchdown(playerID: p, week: 1, stat: "rushing_tds", yards: 40, elapsed: 10),
                   LongTouchdown(playerID: p, week: 1, stat: "rushing_tds", yards: 75, elapsed: 900),
                   LongTouchdown(playerID: p, week: 1, stat: "rushing_tds", yards: 39, elapsed: 1_000),
                   LongTouchdown(playerID: p, week: 1, stat: "receiving_tds", yards: 60, elapsed: 2_000)]
        var line = StatLine()
        line.rushingTds = 3
        #expect(rules.weekPoints(for: line, position: .rb, longTouchdowns: tds) == 22)   // 3 × 6 + 2 × 2
        #expect(rules.bonusLines(for: line, longTouchdowns: tds).first?.value == 2)
    }

    @Test func decimalsRoundEachPlayersWeekHalfAwayFromZero() {
        var rules = ScoringRules.preset(.halfPPR)
        var line = StatLine()
        line.passingYards = 263   // 10.52
        line.interceptions = 3    // −6 → 4.52
        #expect(rules.weekPoints(for: line, position: .qb) == Points(hundredths: 452))
        rules.decimals = 1
        #expect(rules.weekPoints(for: line, position: .qb) == Points(hundredths: 450))
        rules.decimals = 0
        #expect(rules.weekPoints(for: line, position: .qb) == 5)
        line.interceptions = 6    // 10.52 − 12 = −1.48
        #expect(rules.weekPoints(for: line, position: .qb) == -1)
        rules.decimals = 1
        #expect(rules.weekPoints(for: line, position: .qb) == Points(hundredths: -150))
        #expect(rules.rounded(Points(hundredths: 25)) == Points(hundredths: 30))
        #expect(rules.rounded(Points(hundredths: -25)) == Points(hundredths: -30))
        rules.decimals = 2
        #expect(rules.weekPoints(for: line, position: .qb) == Points(hundredths: -148))
    }

    @Test func pointsAreShownWithTheLeaguesDecimalsOrOneWhenItChoseNone() {
        let p = Points(hundredths: 46_950)
        #expect(p.shown(nil) == "469.5" && p.shown(1) == "469.5" && p.shown(2) == "469.50" && p.shown(0) == "470")
        #expect(Points(hundredths: -149).shown(0) == "-1" && Points(hundredths: -49).shown(0) == "0" && Points(hundredths: -150).shown(0) == "-2")
    }
}
