import Testing
import ClubhouseDomain

@Suite("Matchups: median game, all-play and divisions")
struct StandingsFormatsTests {
    typealias M = MatchupTestSupport
    let t1 = TeamID(1), t2 = TeamID(2), t3 = TeamID(3), t4 = TeamID(4)

    /// Two weeks of four teams. Week 1: 1 beats 2 (150–140), 3 beats 4 (60–50). Week 2: 1 beats 3 (100–90), 2 beats 4 (130–20).
    let weeks = [M.final(1, 1, 150, 2, 140), M.final(1, 3, 60, 4, 50), M.final(2, 1, 100, 3, 90), M.final(2, 2, 130, 4, 20)]

    @Test func theMedianGameAddsAWinAboveTheWeeksMedianAndALossBelowIt() {
        let plain = Standings(teams: M.teams(1, 2, 3, 4), results: weeks)
        let median = Standings(teams: M.teams(1, 2, 3, 4), results: weeks, medianGame: true)
        // Medians: week 1 (60 + 140) / 2 = 100 → 1 and 2 above; week 2 (90 + 100) / 2 = 95 → 1 and 2 above.
        for team in M.teams(1, 2, 3, 4) {
            let before = plain.row(team)!, after = median.row(team)!
            let weekScores = weeks.compactMap { $0.points(of: team) }
            let above = weekScores.enumerated().filter { i, p in
                let all = weeks.filter { $0.matchup.week == i + 1 }.flatMap { [$0.homePoints, $0.awayPoints!] }.sorted()
                return p.hundredths * 2 > all[1].hundredths + all[2].hundredths
            }.count
            #expect(after.wins == before.wins + above)
            #expect(after.losses == before.losses + weekScores.count - above)
            #expect(after.pointsFor == before.pointsFor && after.pointsAgainst == before.pointsAgainst)
        }
        // Without it 2 (1-1) and 3 (1-1) are level on record and 2 is ahead on points; with it 2 is 3-1 and 3 is 1-3.
        #expect(plain.row(t2)?.record == "1-1" && plain.row(t3)?.record == "1-1")
        #expect(median.row(t2)?.record == "3-1" && median.row(t3)?.record == "1-3")
        #expect(median.row(t1)?.record == "4-0" && median.row(t4)?.record == "0-4")
    }

    @Test func aScoreEqualToTheMedianTiesAndPlayoffWeeksHaveNoMedianGame() {
        // Three teams: 2 is on a bye and still scores; its 100 is the median of 120, 100, 80.
        let bye = MatchupResult(matchup: Matchup(leagueID: M.league, week: 1, home: t2, away: nil), homePoints: 100, awayPoints: nil, isFinal: true)
        let s = Standings(teams: M.teams(1, 2, 3), results: [M.final(1, 1, 120, 3, 80), bye, M.final(15, 1, 10, 3, 90, playoff: true)],
                          medianGame: true)
        #expect(s.row(t1)?.record == "2-0" && s.row(t3)?.record == "0-2")
        #expect(s.row(t2)?.record == "0-0-1")
    }

    @Test func allPlayRecordsEachTeamAgainstEveryTeamThatScoredThatWeek() {
        let s = Standings(teams: M.teams(1, 2, 3, 4), results: weeks + [M.final(15, 1, 0, 2, 1, playoff: true)])
        // Week 1: 150 > 140 > 60 > 50; week 2: 130 > 100 > 90 > 20.
        #expect(s.allPlay[t1] == WeeklyRecap.Record(wins: 5, losses: 1))
        #expect(s.allPlay[t2] == WeeklyRecap.Record(wins: 5, losses: 1))
        #expect(s.allPlay[t3] == WeeklyRecap.Record(wins: 2, losses: 4))
        #expect(s.allPlay[t4] == WeeklyRecap.Record(wins: 0, losses: 6))
        let games = s.allPlay.values.reduce(0) { $0 + $1.wins + $1.losses + $1.ties }
        #expect(games == 2 * 4 * 3, "each week every team meets the three others")
    }

    @Test func divisionsDealTeamsRoundRobinAndSeedEachWinnerFirst() {
        // Records: 1 2-0, 2 1-1 (280 PF), 3 1-1 (150 PF), 4 0-2. Divisions of 2: {1, 3} and {2, 4}.
        let plain = Standings(teams: M.teams(1, 2, 3, 4), results: weeks)
        #expect(plain.seeded == [t1, t2, t3, t4] && plain.divisionOf.isEmpty)
        let divided = Standings(teams: M.teams(4, 3, 2, 1), results: weeks, divisions: 2)
        #expect(divided.divisionOf == [t1: 1, t2: 2, t3: 1, t4: 2])
        #expect(divided.rows.map(\.teamID) == plain.rows.map(\.teamID), "the record order is the same")
        #expect(divided.seeded == [t1, t2, t3, t4])
        #expect(divided.leadsDivision(t2) && !divided.leadsDivision(t3))

        // Teams 2 and 3 trade results: now 3 (1-1) has more points than 2 (1-1), yet 2 leads {2, 4} and is seeded above 3.
        let swapped = weeks.map { r -> MatchupResult in
            var r = r
            func swap(_ t: TeamID) -> TeamID { t == t2 ? t3 : t == t3 ? t2 : t }
            r.matchup.home = swap(r.matchup.home); r.matchup.away = r.matchup.away.map(swap)
            return r
        }
        let s = Standings(teams: M.teams(1, 2, 3, 4), results: swapped, divisions: 2)
        #expect(s.rows.map(\.teamID) == [t1, t3, t2, t4])
        #expect(s.seeded == [t1, t2, t3, t4])
        let threeDivisions = Standings(teams: M.teams(1, 2, 3, 4), results: weeks, divisions: 3)
        // {1, 4}, {2}, {3}: winners 1, 2, 3 in record order, then 4.
        #expect(threeDivisions.seeded == [t1, t2, t3, t4])
    }

    @Test func theBracketSeedsDivisionWinnersBeforeABetterRecord() throws {
        // Records 1 3-0, 3 2-1, 4 1-2, 2 0-3. Divisions {1, 3} and {2, 4}: 4 leads its division and takes the second seed from 3.
        let results = [M.final(1, 1, 100, 2, 90), M.final(1, 3, 100, 4, 90), M.final(2, 1, 100, 3, 90), M.final(2, 4, 100, 2, 90),
                       M.final(3, 3, 100, 2, 90), M.final(3, 1, 100, 4, 90)]
        var settings = LeagueSettings()
        settings.teamCount = 4; settings.playoffTeams = 2; settings.regularSeasonWeeks = 1...3
        let plain = Standings(teams: M.teams(1, 2, 3, 4), results: results, settings: settings)
        #expect(try PlayoffBracket(leagueID: M.league, standings: plain, settings: settings).seeds == [t1, t3])
        settings.divisions = 2
        let divided = Standings(teams: M.teams(1, 2, 3, 4), results: results, settings: settings)
        #expect(divided.row(t3)?.record == "2-1" && divided.row(t4)?.record == "1-2")
        #expect(try PlayoffBracket(leagueID: M.league, standings: divided, settings: settings).seeds == [t1, t4])
    }
}
