import Foundation

// MARK: - When live draft rooms next need a tick (for the processes that drive the clock)

/// A league the clock drivers leave alone for now, and why: its stored data needs the commissioner, or planning or
/// stepping it failed. The drivers log it once and try it again after a backoff; the other leagues go on.
public struct HeldLeague: Hashable, Sendable {
    public var league: LeagueID
    public var reason: String
    public init(league: LeagueID, reason: String) { self.league = league; self.reason = reason }

    /// One line for the log from whatever a league's step threw.
    public static func reason(_ error: any Error) -> String {
        String(((error as? DomainError)?.message ?? "\(error)").prefix(300))
    }
}

extension DraftService {
    /// Every running draft with the moment its pick on the clock is due: a bot's (or autopick team's)
    /// think time, else the pick clock's deadline. Soft timers with a person on the clock never fall due.
    public func draftsDue() throws -> [(league: LeagueID, due: Date)] { try draftPlan().due }

    /// `draftsDue`, and the drafting leagues the driver must leave alone with why (stored data that needs the
    /// commissioner, a room that can't be read). One league's failure never hides another's pick.
    public func draftPlan() throws -> (due: [(league: LeagueID, due: Date)], held: [HeldLeague]) {
        try store.read { r in
            var due: [(league: LeagueID, due: Date)] = [], held: [HeldLeague] = []
            for league in try r.leagues() where league.state == .drafting {
                if let repair = league.needsCommissioner {
                    held.append(HeldLeague(league: league.id, reason: repair.sentence))
                    continue
                }
                do {
                    if let at = try self.dueAt(league, r) { due.append((league.id, at)) }
                } catch {
                    held.append(HeldLeague(league: league.id, reason: HeldLeague.reason(error)))
                }
            }
            return (due, held)
        }
    }

    /// When one league's pick on the clock falls due (nil when its room isn't running or nothing will fall due).
    /// A cheap read: a process about to tick checks this first, so most of many processes woken for the same
    /// pick see it already made and never queue for the write lock.
    public func draftDue(_ id: LeagueID) throws -> Date? {
        try store.read { r in
            try r.prefetch(.draftRoom, of: id)
            guard let league = try r.league(id), league.state == .drafting, league.needsCommissioner == nil else { return nil }
            return try dueAt(league, r)
        }
    }

    private func dueAt(_ league: League, _ r: any LeagueStoreReader) throws -> Date? {
        guard let draft = try r.draft(in: league.id), draft.status == .running else { return nil }
        if draft.type == .auction { return try core.auction.auctionDue(league, r) }
        let room = DraftRoom(draft: draft, picks: try r.picks(in: league.id), pool: DraftRankings(scored: []),
                             rules: DraftRosterRules(league.settings), pickOwners: try r.pickOwners(in: league.id))
        return room.botDeadline(teams: try r.teams(in: league.id)) ?? draft.deadline
    }
}
