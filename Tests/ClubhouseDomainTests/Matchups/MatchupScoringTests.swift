import Foundation
import Testing
import ClubhouseDomain

@Suite("Matchups: weekly team score on the season clock")
struct MatchupScoringTests {
    let fixture = Fixture.season2019
    var cmc: PlayerID { fixture.playerID(named: "Christian McCaffrey") }
    var tucker: PlayerID { fixture.playerID(named: "Justin Tucker") }
    var carKickoff: Date { fixture.games.game(of: "CAR", week: 1)!.kickoff }

    func scoring(at now: Date) -> MatchupScoring {
        MatchupScoring(rules: .preset(.ppr), players: fixture.players, weeklyStats: fixture.weeklyStats, games: fixture.games, now: now)
    }

    func lineup(week: Int = 1) -> Lineup {
        Lineup(teamID: TeamID(1), week: week, slots: [cmc: .rb, "DST-CAR": .def, tucker: .bench])
    }

    @Test func teamScoreIsTheSumOfStartersOnlyOnceTheirGamesAreFinal() {
        let score = scoring(at: carKickoff + Game.finalAfter).teamScore(lineup())
        // McCaffrey 12.8 + 12 + 10 + 8.1 = 42.90; Carolina D: sack 1 + INT 2 + blocked kick 2 + 30 allowed −1 = 4.00; Tucker (11.00) is benched.
        #expect(score.points == Points(hundredths: 4_690))
        #expect(score.starters.map(\.playerID) == [cmc, "DST-CAR"])
        #expect(score.starters.allSatisfy { $0.state == .final })
    }

    @Test func statsCountOnlyOnceTheGameIsFinalAtKickoffPlusThreeAndAHalfHours() {
        let before = scoring(at: carKickoff - 1).teamScore(lineup())
        let during = scoring(at: carKickoff + Game.finalAfter - 1).teamScore(lineup())
        let after = scoring(at: carKickoff + Game.finalAfter).teamScore(lineup())
        #expect(before.starters.map(\.state) == [.notStarted, .notStarted] && before.points == .zero)
        #expect(during.starters.map(\.state) == [.inProgress, .inProgress] && during.points == .zero)
        #expect(after.points == Points(hundredths: 4_690))
    }

    @Test func aStarterOnByeScoresNothing() {
        let score = scoring(at: fixture.games.filter { $0.week == 7 }.map(\.finalAt).max()!).teamScore(lineup(week: 7))
        #expect(score.starters.map(\.state) == [.bye, .bye])
        #expect(score.points == .zero)
    }

    @Test func matchupIsFinalOnlyWhenEveryGameOfTheWeekIsFinal() {
        let lastWeek1Final = fixture.games.filter { $0.week == 1 }.map(\.finalAt).max()!
        let matchup = Matchup(leagueID: LeagueID(1), week: 1, home: TeamID(1), away: TeamID(2))
        let other = Lineup(teamID: TeamID(2), week: 1, slots: [tucker: .k])
        let lineups = [TeamID(1): lineup(), TeamID(2): other]

        let sundayNight = scoring(at: carKickoff + Game.finalAfter).result(of: matchup, lineups: lineups)
        #expect(!sundayNight.isFinal && sundayNight.winner == nil)
        #expect(sundayNight.homePoints == Points(hundredths: 4_690) && sundayNight.awayPoints == 11)

        let done = scoring(at: lastWeek1Final).result(of: matchup, lineups: lineups)
        #expect(done.isFinal && done.winner == TeamID(1) && !done.isTie)
    }

    @Test func missingLineupScoresZeroAndByeHasNoOpponent() {
        let s = scoring(at: fixture.games.map(\.finalAt).max()!)
        let bye = s.result(of: Matchup(leagueID: LeagueID(1), week: 1, home: TeamID(3), away: nil), lineups: [:])
        #expect(bye.isBye && bye.awayPoints == nil && bye.winner == nil && !bye.isTie)
        let empty = s.result(of: Matchup(leagueID: LeagueID(1), week: 1, home: TeamID(3), away: TeamID(4)), lineups: [:])
        #expect(empty.isTie && empty.homePoints == .zero)
    }
}
