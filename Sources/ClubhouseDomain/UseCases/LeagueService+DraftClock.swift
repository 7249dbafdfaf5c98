import Foundation

// MARK: - When live draft rooms next need a tick (for the processes that drive the clock)

extension LeagueService {
    /// Every running draft with the moment its pick on the clock is due: a bot's (or autopick team's)
    /// think time, else the pick clock's deadline. Soft timers with a person on the clock never fall due.
    public func draftsDue() throws -> [(league: LeagueID, due: Date)] {
        try store.read { r in
            try r.leagues().filter { $0.state == .drafting }.compactMap { league in
                guard let draft = try r.draft(in: league.id), draft.status == .running else { return nil }
                let room = DraftRoom(draft: draft, picks: try r.picks(in: league.id), pool: DraftRankings(scored: []),
                                     rules: DraftRosterRules(league.settings))
                guard let due = room.botDeadline(teams: try r.teams(in: league.id)) ?? draft.deadline else { return nil }
                return (league.id, due)
            }
        }
    }
}
