import Foundation
import Testing
import ClubhouseDomain

/// The weekly recap from hand-built final scores and lineups: every award, ties included, the bench rule and the power
/// rankings' order.
@Suite("Matchups: the weekly recap")
struct WeeklyRecapTests {
    let league = LeagueID(1)
    func t(_ n: Int64) -> TeamID { TeamID(n) }
    func p(_ x: Double) -> Points { Points(hundredths: Int((x * 100).rounded())) }

    func game(_ week: Int, _ home: Int64, _ hp: Double, _ away: Int64?, _ ap: Double?, final: Bool = true, playoff: Bool = false) -> MatchupRecord {
        MatchupRecord(matchup: Matchup(leagueID: league, week: week, home: t(home), away: away.map(t), isPlayoff: playoff),
                      homePoints: final ? p(hp) : nil, awayPoints: final ? ap.map(p) : nil)
    }

    func recap(_ week: Int, _ games: [MatchupRecord], lineups: [TeamID: [WeeklyRecap.LineupPlayer]] = [:],
               slots: [Slot: Int] = LeagueSettings().rosterSlots) throws -> WeeklyRecap {
        try #require(WeeklyRecap.compute(week: week, matchups: games, lineups: lineups, rosterSlots: slots))
    }

    @Test func highLowBlowoutAndClosestComeFromTheWeeksFinalScores() throws {
        let week = [game(3, 1, 120.5, 2, 80.25), game(3, 3, 101, 4, 99.5), game(3, 5, 60, 6, 140)]
        let r = try recap(3, week + [game(2, 1, 300, 2, 1)])   // another week's scores never enter the awards
        #expect(r.highScore == .init(teams: [t(6)], points: p(140)))
        #expect(r.lowScore == .init(teams: [t(5)], points: p(60)))
        #expect(r.biggestBlowout == [.init(winner: t(6), winnerPoints: p(140), loser: t(5), loserPoints: p(60))])
        #expect(r.biggestBlowout?.first?.margin == p(80))
        #expect(r.closestGame == [.init(winner: t(3), winnerPoints: p(101), loser: t(4), loserPoints: p(99.5))])
        #expect(r.closestGame?.first?.margin == p(1.5))
    }

    @Test func tiedAwardsNameEveryTeamAndGameTiedForThem() throws {
        // 2 and 3 share the high score, 1 and 4 the low one; two games are won by 10, two by the same closest margin.
        let r = try recap(1, [game(1, 1, 90, 2, 100), game(1, 3, 100, 4, 90)])
        #expect(r.highScore == .init(teams: [t(2), t(3)], points: p(100)))
        #expect(r.lowScore == .init(teams: [t(1), t(4)], points: p(90)))
        #expect(r.biggestBlowout?.map(\.winner) == [t(2), t(3)])
        #expect(r.closestGame?.map(\.winner) == [t(2), t(3)])
    }

    @Test func aTiedGameIsTheClosestWithItsHomeSideFirst() throws {
        let r = try recap(1, [game(1, 1, 95.5, 2, 95.5), game(1, 3, 110, 4, 100)])
        let closest = try #require(r.closestGame)
        #expect(closest.count == 1 && closest[0].isTie && closest[0].winner == t(1) && closest[0].loser == t(2))
        #expect(r.biggestBlowout?.map(\.winner) == [t(3)])
    }

    @Test func aByeTeamScoresForHighAndLowButPlaysNoGame() throws {
        let r = try recap(1, [game(1, 1, 100, 2, 90), game(1, 3, 150, nil, nil)])
        #expect(r.highScore.teams == [t(3)])
        #expect(r.biggestBlowout?.count == 1 && r.closestGame?.count == 1)
        let onlyBye = try recap(1, [game(1, 3, 150, nil, nil)])
        #expect(onlyBye.biggestBlowout == nil && onlyBye.closestGame == nil)
    }

    @Test func aWeekWithoutAFinalGameHasNoRecap() {
        #expect(WeeklyRecap.compute(week: 4, matchups: [game(4, 1, 0, 2, 0, final: false), game(3, 1, 1, 2, 2)],
                                    lineups: [:], rosterSlots: LeagueSettings().rosterSlots) == nil)
    }

    // MARK: - Bench

    func player(_ id: String, _ pos: Position, _ slot: Slot, _ pts: Double) -> WeeklyRecap.LineupPlayer {
        .init(player: PlayerID(id), position: pos, slot: slot, points: p(pts))
    }

    @Test func benchPointsAreTheOptimalLineupMinusTheStartersUsingTheLeaguesSlots() throws {
        // Slots: 1 QB, 1 RB, 1 WR, 1 FLEX. Started: QB 20, RB 5, WR 10, FLEX (WR) 3 = 38.
        // Best: QB 20, RB 25 (bench), WR 10, FLEX the better of RB 5 / WR 3 / bench TE 12 → TE 12 = 67. Left 29.
        let slots: [Slot: Int] = [.qb: 1, .rb: 1, .wr: 1, .flex: 1, .bench: 5, .ir: 1]
        let lineup = [player("qb", .qb, .qb, 20), player("rb1", .rb, .rb, 5), player("wr1", .wr, .wr, 10), player("wr2", .wr, .flex, 3),
                      player("rb2", .rb, .bench, 25), player("te", .te, .bench, 12), player("qb2", .qb, .bench, 15),
                      player("ir", .rb, .ir, 50)]   // IR can't start; the benched QB is worse than the starter
        #expect(OptimalLineup.points(lineup, rosterSlots: slots) == p(67))
        let r = try recap(1, [game(1, 1, 38, 2, 10)], lineups: [t(1): lineup, t(2): [player("k", .k, .k, 10)]], slots: slots)
        #expect(r.benches.first == .init(team: t(1), started: p(38), optimal: p(67)))
        #expect(r.benches.first?.left == p(29))
        #expect(r.mostLeftOnBench.map(\.team) == [t(1)])
        // Team 2 started its only player: nothing left, and the league's slots have no K, so its best is 0 — never below 0 left.
        #expect(r.benches.last?.team == t(2) && r.benches.last?.left == .zero)
    }

    @Test func aSlotStaysEmptyRatherThanStartNegativePoints() {
        let lineup = [player("d1", .def, .def, -4), player("d2", .def, .bench, -1), player("k", .k, .k, 7)]
        #expect(OptimalLineup.points(lineup, rosterSlots: [.def: 1, .k: 1]) == p(7))
    }

    @Test func teamsLevelOnBenchPointsAreAllNamedAndNoneWhenEveryoneStartedTheirBest() throws {
        let slots: [Slot: Int] = [.qb: 1]
        let a = [player("a1", .qb, .qb, 10), player("a2", .qb, .bench, 15)]
        let b = [player("b1", .qb, .qb, 20), player("b2", .qb, .bench, 25)]
        let r = try recap(1, [game(1, 1, 10, 2, 20)], lineups: [t(1): a, t(2): b], slots: slots)
        #expect(r.mostLeftOnBench.map(\.team) == [t(1), t(2)] && r.mostLeftOnBench.allSatisfy { $0.left == p(5) })
        let best = try recap(1, [game(1, 1, 15, 2, 25)], lineups: [t(1): [player("a2", .qb, .qb, 15)], t(2): [player("b2", .qb, .qb, 25)]], slots: slots)
        #expect(best.mostLeftOnBench.isEmpty && best.benches.count == 2)
    }

    // MARK: - Power rankings

    @Test func powerRankingsOrderBySeasonAllPlayThenPointsForAndShareARankWhenLevel() throws {
        // Week 1: 1=100, 2=90, 3=80, 4=70. Week 2: 1=60, 2=95, 3=85, 4=85.
        let games = [game(1, 1, 100, 2, 90), game(1, 3, 80, 4, 70), game(2, 1, 60, 2, 95), game(2, 3, 85, 4, 85)]
        let r = try recap(2, games + [game(3, 1, 0, 2, 200, final: false)])
        let byTeam = Dictionary(uniqueKeysWithValues: r.powerRankings.map { ($0.team, $0) })
        // All-play week 2: 2 beats all three (3-0); 3 and 4 beat 1, lose to 2 and tie each other (1-1-1); 1 is 0-3.
        #expect(byTeam[t(2)]?.weekAllPlay == .init(wins: 3, losses: 0, ties: 0))
        #expect(byTeam[t(3)]?.weekAllPlay == .init(wins: 1, losses: 1, ties: 1))
        #expect(byTeam[t(1)]?.weekAllPlay == .init(wins: 0, losses: 3, ties: 0))
        // Season: 2 = 2-1 + 3-0 = 5-1; 1 = 3-0 + 0-3 = 3-3; 3 = 1-2 + 1-1-1 = 2-3-1; 4 = 0-3 + 1-1-1 = 1-4-1.
        #expect(r.powerRankings.map(\.team) == [t(2), t(1), t(3), t(4)])
        #expect(r.powerRankings.map(\.rank) == [1, 2, 3, 4])
        #expect(byTeam[t(2)]?.seasonAllPlay == .init(wins: 5, losses: 1, ties: 0) && byTeam[t(2)]?.pointsFor == p(185))
        #expect(byTeam[t(2)]?.weekPoints == p(95) && byTeam[t(2)]?.seasonAllPlay.text == "5-1")
        #expect(byTeam[t(4)]?.seasonAllPlay.text == "1-4-1")

        // Level all-play: points for decides; level on both: the same rank, by team id.
        let level = try recap(1, [game(1, 1, 100, 2, 100), game(1, 3, 50, 4, 50)])
        #expect(level.powerRankings.map(\.team) == [t(1), t(2), t(3), t(4)])
        #expect(level.powerRankings.map(\.rank) == [1, 1, 3, 3])
        let byPoints = try recap(2, [game(1, 1, 100, 2, 90), game(2, 1, 90, 2, 130)])
        #expect(byPoints.powerRankings.map(\.team) == [t(2), t(1)], "both 1-1 in all-play: 220 points for beats 190")
    }

    @Test func aTeamThatSatOutThePlayoffWeekIsRankedWithoutAWeekLine() throws {
        let r = try recap(2, [game(1, 1, 100, 2, 90), game(1, 3, 80, 4, 70), game(2, 1, 100, 2, 120, playoff: true)])
        let three = try #require(r.powerRankings.first { $0.team == t(3) })
        #expect(three.weekAllPlay == nil && three.weekPoints == nil && three.seasonAllPlay == .init(wins: 1, losses: 2, ties: 0))
        #expect(r.highScore.teams == [t(2)] && r.lowScore.teams == [t(1)])
    }
}
