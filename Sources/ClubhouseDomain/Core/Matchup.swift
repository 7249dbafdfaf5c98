/// A head-to-head pairing in one week. `away == nil` is a bye (odd team counts).
public struct Matchup: Hashable, Codable, Sendable {
    public var leagueID: LeagueID
    public var week: Int
    public var home: TeamID
    public var away: TeamID?
    public var isPlayoff: Bool
    public init(leagueID: LeagueID, week: Int, home: TeamID, away: TeamID?, isPlayoff: Bool = false) {
        self.leagueID = leagueID; self.week = week; self.home = home; self.away = away; self.isPlayoff = isPlayoff
    }
    public func involves(_ team: TeamID) -> Bool { home == team || away == team }
    public func opponent(of team: TeamID) -> TeamID? { team == home ? away : team == away ? home : nil }
}

/// A team's line in the standings.
public struct StandingsRow: Hashable, Codable, Sendable {
    public var teamID: TeamID
    public var wins: Int
    public var losses: Int
    public var ties: Int
    public var pointsFor: Points
    public var pointsAgainst: Points
    public init(teamID: TeamID, wins: Int = 0, losses: Int = 0, ties: Int = 0, pointsFor: Points = .zero, pointsAgainst: Points = .zero) {
        self.teamID = teamID; self.wins = wins; self.losses = losses; self.ties = ties; self.pointsFor = pointsFor; self.pointsAgainst = pointsAgainst
    }
    public var games: Int { wins + losses + ties }
    /// Win percentage in thousandths (ties count half), exact for comparison.
    public var winPermille: Int { games == 0 ? 0 : (wins * 1000 + ties * 500) / games }
    public var record: String { ties > 0 ? "\(wins)-\(losses)-\(ties)" : "\(wins)-\(losses)" }
}
