import Foundation

// MARK: - Lineups (ClubhouseDomain/README.md, “Roster”): a manager moves players between slots on the league's season clock.

extension LeagueService {
    /// Applies one lineup move to the caller's team for the current week of the league's clock.
    /// Refusals (locked, ineligible, IR, full slot, …) come back as one sentence each.
    @discardableResult
    public func moveInLineup(_ id: LeagueID, team teamID: TeamID, move: LineupMove, caller: Caller) throws -> Roster {
        try managerWrite(id, team: teamID, caller: caller, doing: "set its lineup", season: "Lineups") { w, facts, league, team in
            let roster = try w.rosters(in: id).first { $0.teamID == team.id } ?? Roster(teamID: team.id)
            let week = facts.calendar.week(at: league.clock)
            let context = LineupContext(settings: league.settings, week: week, now: league.clock,
                                        players: facts.players, injuries: facts.injuries(week: week), games: facts.games)
            let updated: Roster
            do throws(LineupRefusal) {
                updated = try LineupRules.applyLineupChange(move, to: roster, context: context)
            } catch {
                throw facts.naming(error.domainError, players: [move.playerID, move.swapWith])
            }
            guard updated != roster else { return roster }
            try w.setRoster(updated)
            try w.appendEvent(league: id, LeagueEvent.LineupChanged(team: team.id, player: move.playerID, slot: move.slot),
                              at: clock.now())
            return updated
        }
    }
}
