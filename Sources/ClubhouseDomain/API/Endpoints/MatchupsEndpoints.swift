import Foundation

extension Endpoints {
    /// Standings' neighbours: the week's scoreboard and one matchup.
    public enum Matchups {
        public static let scoreboard = Endpoint<At.Scoreboard, Wire.Empty, Scoreboard>.read("scoreboard", "/v1/leagues/{league}/scoreboard") { c, a in
            try c.service.matchups.scoreboard(a.league, week: a.week, caller: c.caller)
        }
        public static let matchup = Endpoint<At.Matchup, Wire.Empty, MatchupDetail>.read("matchup", "/v1/leagues/{league}/matchups/{week}/{team}") { c, a in
            try c.service.matchups.matchup(a.league, week: a.week, team: a.team, caller: c.caller)
        }

        static let all: [any AnyEndpoint] = [scoreboard, matchup]
    }
}

public protocol MatchupsClient: LeagueTransport {
    func scoreboard(_ id: LeagueID, week: Int?) async throws -> Scoreboard
    /// The matchup of `team` in `week` (either side).
    func matchup(_ id: LeagueID, week: Int, team: TeamID) async throws -> MatchupDetail
}

extension MatchupsClient {
    public func scoreboard(_ id: LeagueID, week: Int?) async throws -> Scoreboard { try await call(Endpoints.Matchups.scoreboard, At.Scoreboard(id, week: week)) }
    public func matchup(_ id: LeagueID, week: Int, team: TeamID) async throws -> MatchupDetail {
        try await call(Endpoints.Matchups.matchup, At.Matchup(id, week: week, team: team))
    }
}
