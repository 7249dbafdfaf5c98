import Testing
import ClubhouseDomain

@Suite("Matchups: playoff seeding and bracket")
struct PlayoffBracketTests {
    typealias M = MatchupTestSupport

    /// Standings where team k finishes k-th (team 1 wins most).
    func standings(_ count: Int) -> Standings {
        let teams = (1...count).map { TeamID(Int64($0)) }
        var results: [MatchupResult] = []
        var week = 1
        for i in 1...count { for j in (i + 1)...max(i + 1, count) where j <= count { results.append(M.final(week, Int64(i), 10, Int64(j), 5)); week += 1 } }
        return Standings(teams: teams, results: results)
    }

    func settings(_ playoffTeams: Int) -> LeagueSettings {
        var s = LeagueSettings()
        s.playoffTeams = playoffTeams
        return s
    }

    func ids(_ matchups: [Matchup]) -> [[Int64]] { matchups.map { [$0.home.rawValue, $0.away!.rawValue] } }

    @Test func twoTeamsPlayOneFinalInWeek15() throws {
        let bracket = try PlayoffBracket(leagueID: M.league, standings: standings(6), settings: settings(2))
        #expect(bracket.seeds == M.teams(1, 2))
        #expect(bracket.roundCount == 1 && bracket.weeks == 15...15)
        #expect(ids(bracket.matchups(week: 15, results: [])) == [[1, 2]])
        #expect(bracket.matchups(week: 15, results: []).allSatisfy { $0.isPlayoff })
        #expect(bracket.champion(results: []) == nil)
        #expect(bracket.champion(results: [M.final(15, 1, 90, 2, 100, playoff: true)]) == TeamID(2))
    }

    @Test func fourTeamsPlaySemifinalsThenAFinal() throws {
        let bracket = try PlayoffBracket(leagueID: M.league, standings: standings(8), settings: settings(4))
        #expect(bracket.seeds == M.teams(1, 2, 3, 4))
        #expect(ids(bracket.matchups(week: 15, results: [])) == [[1, 4], [2, 3]])
        #expect(bracket.matchups(week: 16, results: []).isEmpty, "the final waits for the semifinals")
        let semis = [M.final(15, 1, 80, 4, 90, playoff: true), M.final(15, 2, 100, 3, 70, playoff: true)]
        #expect(ids(bracket.matchups(week: 16, results: semis)) == [[2, 4]])
        #expect(bracket.champion(results: semis) == nil)
        #expect(bracket.champion(results: semis + [M.final(16, 2, 99, 4, 101, playoff: true)]) == TeamID(4))
    }

    @Test func sixTeamsGiveSeedsOneAndTwoAByeThenReseed() throws {
        let bracket = try PlayoffBracket(leagueID: M.league, standings: standings(10), settings: settings(6))
        #expect(bracket.seeds == M.teams(1, 2, 3, 4, 5, 6))
        #expect(bracket.roundCount == 3 && bracket.weeks == 15...17)
        let round1 = bracket.rounds(results: [])
        #expect(round1.count == 1 && round1[0].byes == M.teams(1, 2))
        #expect(ids(round1[0].matchups) == [[3, 6], [4, 5]])
        // 6 upsets 3: seed 1 meets the lowest remaining seed (6), seed 2 the other (4).
        let wildcard = [M.final(15, 3, 70, 6, 80, playoff: true), M.final(15, 4, 90, 5, 80, playoff: true)]
        #expect(ids(bracket.matchups(week: 16, results: wildcard)) == [[1, 6], [2, 4]])
        let semis = wildcard + [M.final(16, 1, 100, 6, 90, playoff: true), M.final(16, 2, 80, 4, 85, playoff: true)]
        #expect(ids(bracket.matchups(week: 17, results: semis)) == [[1, 4]])
        #expect(bracket.champion(results: semis + [M.final(17, 1, 120, 4, 110, playoff: true)]) == TeamID(1))
    }

    @Test func aTiedPlayoffGameGoesToTheHigherSeed() throws {
        let bracket = try PlayoffBracket(leagueID: M.league, standings: standings(4), settings: settings(2))
        #expect(bracket.champion(results: [M.final(15, 1, 100, 2, 100, playoff: true)]) == TeamID(1))
    }

    @Test func aLivePlayoffGameDecidesNothingYet() throws {
        let bracket = try PlayoffBracket(leagueID: M.league, standings: standings(4), settings: settings(4))
        var live = M.final(15, 1, 100, 4, 90, playoff: true)
        live.isFinal = false
        let rounds = bracket.rounds(results: [live, M.final(15, 2, 100, 3, 90, playoff: true)])
        #expect(rounds.count == 1 && rounds[0].winners == nil)
    }

    @Test func refusesAPlayoffSizeOtherThanTwoFourOrSixOrLargerThanTheLeague() {
        #expect(throws: DomainError.self) { try PlayoffBracket(leagueID: M.league, standings: standings(8), settings: settings(3)) }
        #expect(throws: DomainError.self) { try PlayoffBracket(leagueID: M.league, standings: standings(4), settings: settings(6)) }
    }
}
