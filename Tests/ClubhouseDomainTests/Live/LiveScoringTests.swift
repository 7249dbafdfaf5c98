import Foundation
import Testing
import ClubhouseDomain

@Suite("Live: stat lines play by play on the season clock")
struct LiveScoringTests {
    let fixture = Fixture.season2019
    let mahomes = PlayerID("00-0033873")
    /// KC at JAX, week 1 2019, kickoff 2019-09-08 17:00 UTC; KC won 40–26.
    let kcAtJax = "2019_01_KC_JAX"
    var game: Game { fixture.games.first { $0.id == kcAtJax }! }

    @Test func gameSecondsMapOntoThreeHoursTenOfWallTimeWithHalftimeAndOvertimeEndsAtFinal() {
        #expect(GameClock.wallOffset(elapsed: 0) == 0)
        #expect(GameClock.wallOffset(elapsed: 1800) == 90 * 60)          // end of the first half: 1 h 30
        #expect(GameClock.wallOffset(elapsed: 1801) == 100 * 60 + 3)     // after a 10-minute halftime
        #expect(GameClock.wallOffset(elapsed: 3600) == 190 * 60)         // regulation: 3 h 10
        #expect(GameClock.wallOffset(elapsed: 4200) == Game.finalAfter)  // the longest overtime ends as the game goes final
        #expect(GameClock.elapsed(atOffset: 95 * 60) == 1800)            // halftime holds the clock
        for e in [0, 1, 899, 1800, 2448, 3600, 3900, 4200] { #expect(GameClock.elapsed(atOffset: GameClock.wallOffset(elapsed: e)) == e) }
        #expect(GameClock.label(elapsed: 2448) == "Q3 4:12")
        #expect(GameClock.label(elapsed: 3600) == "Q4 0:00")
        #expect(GameClock.label(elapsed: 3725) == "OT 7:55")
    }

    @Test func mahomesAtHalftimeHasHisFirstHalfPassingYardsAndTheBoxScoreOnceFinal() throws {
        let facts = fixture.facts, live = Fixture.liveWeek(1)
        let halftime = game.kickoff.addingTimeInterval(95 * 60)
        let half = facts.moment(mahomes, week: 1, at: halftime, live: live)
        #expect(half.phase == .inProgress(elapsed: 1800))
        #expect(half.stats?.passingYards == 313)
        // The box score: 25/33, 378 yd, 3 TD; 1 carry for 2 yd.
        let box = try #require(fixture.weeklyStats.first { $0.playerID == mahomes && $0.week == 1 }).stats
        let final = facts.moment(mahomes, week: 1, at: game.finalAt, live: live)
        #expect(final.phase == .final && final.stats == box)
        #expect(box.passingYards == 378 && box.passingTds == 3)
        // The last play has landed (3 h 10 in): his plays already add up to the box score.
        let endOfPlay = facts.moment(mahomes, week: 1, at: game.kickoff.addingTimeInterval(190 * 60), live: live)
        #expect(endOfPlay.stats == box)
        // Before kickoff nothing; points follow the line (Half-PPR: 313 × 0.04 + his first-half TDs).
        #expect(facts.moment(mahomes, week: 1, at: game.kickoff - 1, live: live).phase == .notStarted)
        let scored = facts.scored(.preset(.halfPPR))
        #expect(scored.points(mahomes, week: 1, at: halftime, live: live) == scored.points(of: half.stats!, player: mahomes))
        #expect(scored.points(mahomes, week: 1, at: game.finalAt, live: live) == scored.points(of: box, player: mahomes))
    }

    @Test func everyPlayersPlaysAddUpToHisBoxScoreInEveryGame() {
        for week in 1...17 {
            let live = Fixture.liveWeek(week)
            for row in fixture.weeklyStats where row.week == week {
                let id = live.gameID(of: row.playerID)
                let plays = id.flatMap { live.games[$0]?.finalStats(row.playerID) } ?? StatLine()
                #expect(plays == row.stats, "\(row.playerID.rawValue) week \(week)")
            }
        }
    }

    @Test func jacksonvillesDefenseDropsATierOnThePlayThatTakesKansasCityPastThirteen() {
        let facts = fixture.facts, live = Fixture.liveWeek(1), ppr = facts.scored(.preset(.ppr))
        let jax = PlayerID("DST-JAX")
        // Play 26, Q1 2:45 (elapsed 735): a KC touchdown makes it 16 allowed — the 7–13 tier (+4) gives way to 14–20 (+1).
        func at(_ elapsed: Int) -> Date { game.kickoff.addingTimeInterval(GameClock.wallOffset(elapsed: elapsed)) }
        let before = facts.moment(jax, week: 1, at: at(734), live: live), after = facts.moment(jax, week: 1, at: at(735), live: live)
        #expect(before.stats?.pointsAllowed == 10 && after.stats?.pointsAllowed == 16)
        let rules = ScoringRules.preset(.ppr)
        #expect(rules.pointsAllowedPoints(10) == 4 && rules.pointsAllowedPoints(16) == 1)
        #expect(ppr.points(jax, week: 1, at: at(735), live: live) - ppr.points(jax, week: 1, at: at(734), live: live) == -3)
        #expect(GameClock.label(elapsed: 735) == "Q1 2:45")
        // At kickoff the defense has allowed nothing yet: the shutout tier, which the score then takes away.
        #expect(facts.moment(jax, week: 1, at: game.kickoff, live: live).stats?.pointsAllowed == 0)
        #expect(ppr.points(jax, week: 1, at: game.kickoff, live: live) >= 10)
    }

    @Test func mcCaffreysSeasonFromPlaysEqualsTheOneFromWeeklyStats() {
        let facts = fixture.facts, ppr = facts.scored(.preset(.ppr))
        let cmc = fixture.playerID(named: "Christian McCaffrey")
        var fromPlays = Points.zero
        for week in 1...17 {
            let live = Fixture.liveWeek(week)
            guard let id = live.gameID(of: cmc), let line = live.games[id]?.finalStats(cmc) else { continue }
            fromPlays = fromPlays + ppr.points(of: line, player: cmc)
        }
        let fromWeekly = ppr.seasonPoints(cmc, finalAt: .distantFuture)
        #expect(fromPlays == fromWeekly)
        #expect(fromWeekly == Points(hundredths: 47_120))
    }
}
