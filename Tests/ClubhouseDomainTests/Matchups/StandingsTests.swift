import Testing
import ClubhouseDomain

@Suite("Matchups: standings and tiebreaks")
struct StandingsTests {
    typealias M = MatchupTestSupport
    let a = TeamID(1), b = TeamID(2), c = TeamID(3), d = TeamID(4)

    @Test func recordsWinsLossesTiesAndPoints() {
        let s = Standings(teams: M.teams(1, 2, 3, 4), results: [M.final(1, 1, 100, 2, 90), M.final(1, 3, 80, 4, 80)])
        #expect(s.row(a) == StandingsRow(teamID: a, wins: 1, pointsFor: 100, pointsAgainst: 90))
        #expect(s.row(b) == StandingsRow(teamID: b, losses: 1, pointsFor: 90, pointsAgainst: 100))
        #expect(s.row(c)?.record == "0-0-1")
        #expect(s.rows.map(\.teamID) == [a, c, d, b])
    }

    @Test func liveByeAndPlayoffResultsDoNotCount() {
        var live = M.final(2, 1, 50, 2, 60)
        live.isFinal = false
        let bye = MatchupResult(matchup: Matchup(leagueID: M.league, week: 1, home: c, away: nil), homePoints: 99, awayPoints: nil, isFinal: true)
        let s = Standings(teams: M.teams(1, 2, 3), results: [live, bye, M.final(15, 1, 10, 2, 20, playoff: true)])
        #expect(s.rows.allSatisfy { $0.games == 0 && $0.pointsFor == .zero })
    }

    @Test func winPercentageComesFirst() {
        // b scores far more but a has the better record; a tie counts half.
        let s = Standings(teams: M.teams(1, 2, 3, 4), results: [
            M.final(1, 1, 60, 3, 50), M.final(1, 2, 200, 4, 201),
            M.final(2, 1, 60, 4, 60), M.final(2, 2, 200, 3, 10),
        ])
        #expect(s.row(a)?.record == "1-0-1" && s.row(b)?.record == "1-1")
        #expect(s.ranksAbove(a, b))
        #expect(s.decidingTiebreak(a, b) == .winPercentage)
    }

    @Test func pointsForBreaksEqualRecords() {
        let s = Standings(teams: M.teams(1, 2, 3, 4), results: [M.final(1, 1, 110, 3, 100), M.final(1, 2, 120, 4, 100)])
        #expect(s.ranksAbove(b, a))
        #expect(s.decidingTiebreak(a, b) == .pointsFor)
    }

    @Test func fewerPointsAgainstBreaksEqualRecordsAndPointsFor() {
        let s = Standings(teams: M.teams(1, 2, 3, 4), results: [M.final(1, 1, 110, 3, 100), M.final(1, 2, 110, 4, 90)])
        #expect(s.ranksAbove(b, a))
        #expect(s.decidingTiebreak(a, b) == .pointsAgainst)
    }

    @Test func headToHeadBreaksEqualRecordPointsForAndAgainst() {
        // a beat b; a lost to c; b beat d — a and b are both 1-1, 18 for, 18 against.
        let s = Standings(teams: M.teams(1, 2, 3, 4), results: [
            M.final(1, 2, 8, 1, 10), M.final(1, 3, 10, 4, 10),
            M.final(2, 1, 8, 3, 10), M.final(2, 2, 10, 4, 8),
        ])
        #expect(s.row(a)?.pointsFor == s.row(b)?.pointsFor && s.row(a)?.pointsAgainst == s.row(b)?.pointsAgainst)
        #expect(s.ranksAbove(a, b))
        #expect(s.decidingTiebreak(a, b) == .headToHead)
    }

    @Test func teamIDBreaksWhatHeadToHeadCannot() {
        // a and b are identical and never met.
        let s = Standings(teams: M.teams(2, 1, 3, 4), results: [M.final(1, 2, 10, 4, 8), M.final(1, 1, 10, 3, 8)])
        #expect(s.rows.map(\.teamID).prefix(2) == [a, b])
        #expect(s.decidingTiebreak(b, a) == .teamID)
    }

    @Test func aThreeWayHeadToHeadCycleFallsToTeamID() {
        // a beat b, b beat c, c beat a — each 1-1 with 18 for and 18 against.
        let s = Standings(teams: M.teams(3, 2, 1), results: [M.final(1, 1, 10, 2, 8), M.final(2, 2, 10, 3, 8), M.final(3, 3, 10, 1, 8)])
        #expect(s.rows.map(\.teamID) == [a, b, c])
        #expect(s.decidingTiebreak(a, c) == .teamID)
        #expect(s.rank(of: c) == 3)
    }

    @Test func headToHeadIsAMiniLeagueAmongAllTiedTeams() {
        // a, b, c all 2-2 with equal points: in games among them a is 2-0, b 1-1, c 0-2 (d, 3-3 with more points, is first).
        let s = Standings(teams: M.teams(1, 2, 3, 4), results: [
            M.final(1, 1, 10, 2, 8), M.final(2, 1, 10, 3, 8), M.final(3, 2, 10, 3, 8),
            M.final(4, 4, 10, 1, 8), M.final(5, 4, 10, 1, 8), M.final(6, 4, 8, 2, 10),
            M.final(7, 4, 10, 2, 8), M.final(8, 3, 10, 4, 8), M.final(9, 3, 10, 4, 8),
        ])
        // a: W b, W c, L d, L d → 2-2, 36 for, 36 against. b: L a, W c, W d, L d → 2-2, 36/36. c: L a, L b, W d, W d → 2-2, 36/36.
        #expect([a, b, c].allSatisfy { s.row($0)?.record == "2-2" && s.row($0)?.pointsFor == 36 && s.row($0)?.pointsAgainst == 36 })
        #expect(s.rows.map(\.teamID) == [d, a, b, c])
        #expect(s.decidingTiebreak(b, c) == .headToHead)
    }

    /// Thousands of random seasons with low scores (so every tiebreak level is reached): the order is strict and total.
    @Test func standingsAreAStrictTotalOrderOverRandomSeasons() {
        var random = SeededRandom(seed: 31)
        var levelsReached = Set<Standings.Tiebreak>()
        for season in 0..<3_000 {
            let n = Int.random(in: 4...10, using: &random)
            let teams = (1...n).map { TeamID(Int64($0)) }
            let weeks = 1...Int.random(in: 1...14, using: &random)
            let maxScore = Int.random(in: 0...3, using: &random)
            let results = RoundRobinSchedule.schedule(leagueID: LeagueID(Int64(season)), teams: teams, weeks: weeks).map {
                MatchupResult(matchup: $0, homePoints: Points(integerLiteral: Int.random(in: 0...maxScore, using: &random)),
                              awayPoints: $0.away == nil ? nil : Points(integerLiteral: Int.random(in: 0...maxScore, using: &random)), isFinal: true)
            }
            let s = Standings(teams: teams, results: results)
            #expect(s.rows.map(\.teamID).sorted() == teams)
            var above = [[Bool]](repeating: [Bool](repeating: false, count: n), count: n)
            for i in 0..<n { for j in 0..<n { above[i][j] = s.ranksAbove(teams[i], teams[j]) } }
            for i in 0..<n {
                #expect(!above[i][i])
                for j in 0..<n where i != j {
                    #expect(above[i][j] != above[j][i], "antisymmetric and total: \(teams[i]) vs \(teams[j])")
                    if let level = s.decidingTiebreak(teams[i], teams[j]) { levelsReached.insert(level) } else { Issue.record("equal rows") }
                    for k in 0..<n where above[i][j] && above[j][k] { #expect(above[i][k], "transitive") }
                }
            }
            // The listed order agrees with the comparison.
            for (x, y) in zip(s.rows, s.rows.dropFirst()) { #expect(s.ranksAbove(x.teamID, y.teamID)) }
        }
        #expect(levelsReached == Set(Standings.Tiebreak.allCases))
    }
}
