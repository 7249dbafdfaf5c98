import ClubhouseDomain

/// Final results written by hand for standings and playoff tests.
enum MatchupTestSupport {
    static let league = LeagueID(1)

    static func final(_ week: Int, _ home: Int64, _ homePoints: Int, _ away: Int64, _ awayPoints: Int, playoff: Bool = false) -> MatchupResult {
        MatchupResult(matchup: Matchup(leagueID: league, week: week, home: TeamID(home), away: TeamID(away), isPlayoff: playoff),
                      homePoints: Points(integerLiteral: homePoints), awayPoints: Points(integerLiteral: awayPoints), isFinal: true)
    }

    static func teams(_ ids: Int64...) -> [TeamID] { ids.map { TeamID($0) } }
}
