import Foundation

// MARK: - When live draft rooms next need a tick (for the processes that drive the clock)

extension LeagueService {
    /// Every running draft with the moment its pick on the clock is due: a bot's (or autopick team's)
    /// think time, else the pick clock's deadline. Soft timers with a person on the clock never fall due.
    public func draftsDue() throws -> [(league: LeagueID, due: Date)] {
        try store.read { r in
            try r.leagues().filter { $0.state == .drafting }.compactMap { league in
                try Self.due(league, r).map { (league.id, $0) }
            }
        }
    }

    /// When one league's pick on the clock falls due (nil when its room isn't running or nothing will fall due).
    /// A cheap read: a process about to tick checks this first, so most of many processes woken for the same
    /// pick see it already made and never queue for the write lock.
    public func draftDue(_ id: LeagueID) throws -> Date? {
        try store.read { r in
            guard let league = try r.league(id), league.state == .drafting else { return nil }
            return try Self.due(league, r)
        }
    }

    private static func due(_ league: League, _ r: any LeagueStoreReader) throws -> Date? {
        guard let draft = try r.draft(in: league.id), draft.status == .running else { return nil }
        let room = DraftRoom(draft: draft, picks: try r.picks(in: league.id), pool: DraftRankings(scored: []),
                             rules: DraftRosterRules(league.settings))
        return room.botDeadline(teams: try r.teams(in: league.id)) ?? draft.deadline
    }
}
