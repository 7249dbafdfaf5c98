import Foundation

/// A final week's recap as the app shows it: the awards and power rankings (`WeeklyRecap`) with the teams they name.
public struct LeagueRecap: Hashable, Codable, Sendable {
    public var leagueID: LeagueID
    public var leagueName: String
    public var week: Int
    /// The weeks whose recap can be read now (every week whose games are all final), for ←/→.
    public var finalWeeks: [Int]
    /// Every team the recap names, by id.
    public var teams: [TeamSummary]
    public var recap: WeeklyRecap
    public init(leagueID: LeagueID, leagueName: String, week: Int, finalWeeks: [Int], teams: [TeamSummary], recap: WeeklyRecap) {
        self.leagueID = leagueID; self.leagueName = leagueName; self.week = week; self.finalWeeks = finalWeeks; self.teams = teams; self.recap = recap
    }

    public func team(_ id: TeamID) -> TeamSummary? { teams.first { $0.id == id } }
    /// A team's name, or "Team N" for one the league no longer has.
    public func name(_ id: TeamID) -> String { team(id)?.name ?? "Team \(id.rawValue)" }
}

extension MatchupsService {
    /// The recap of a final `week`, from the scores stored when the week was finalized. Anyone who may read the league
    /// may read it. A week outside 1–18 is refused; a week the league has no games in is not found; a week whose games
    /// aren't all final yet is refused with when it will be.
    public func recap(_ id: LeagueID, week: Int, caller: Caller) throws -> LeagueRecap {
        try LeaguesService.checkWeek(week)
        return try store.read { r in
            let s = try LeagueSnapshot(r, league: id, cache: factsCache)
            try requireVisible(s.league, caller: caller, reader: r)
            let games = s.matchups.filter { $0.matchup.week == week }
            guard !games.isEmpty else { throw DomainError.notFound("A week \(week) game in \(s.league.name)") }
            guard games.allSatisfy(\.isFinal) else {
                let when = s.facts.calendar.weekFinal(week).map { " (its last game ends \(ISO8601.format($0)))" } ?? ""
                throw DomainError.validation(field: "week", message: "Week \(week) isn't final yet: its recap comes once every game is over\(when)")
            }
            let lineups = try lineupsByTeam(r, s, week: week).mapValues { slots in
                slots.compactMap { player, slot -> WeeklyRecap.LineupPlayer? in
                    guard let position = s.facts.players[player]?.position else { return nil }
                    return WeeklyRecap.LineupPlayer(player: player, position: position, slot: slot, points: s.points(player, week: week))
                }
            }
            guard let recap = WeeklyRecap.compute(week: week, matchups: s.matchups, lineups: lineups, rosterSlots: s.league.settings.rosterSlots) else {
                throw DomainError.notFound("A final week \(week) game in \(s.league.name)")
            }
            let finalWeeks = Dictionary(grouping: s.matchups, by: \.matchup.week).filter { $0.value.allSatisfy(\.isFinal) }.keys.sorted()
            return LeagueRecap(leagueID: id, leagueName: s.league.name, week: week, finalWeeks: finalWeeks,
                               teams: s.teams.map { s.summary($0) }, recap: recap)
        }
    }
}
