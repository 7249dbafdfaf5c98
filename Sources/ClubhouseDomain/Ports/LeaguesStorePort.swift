import Foundation

// Leagues and their membership: the league row, its teams, join requests and invites.

/// Reads of this journey inside one transaction (part of `LeagueStoreReader`).
public protocol LeaguesStoreReader {
    /// Reads `parts` of `league` together, for this transaction's own reads of them to answer from (on PostgreSQL one
    /// round trip instead of one per read). A hint: the reads answer the same with or without it.
    func prefetch(_ parts: LeagueReads, of league: LeagueID) throws
    /// What every read of `league` is computed from, as one value each change of it moves on
    /// (`LeaguesService.readRevision`).
    func revision(of league: LeagueID) throws -> String
    func leagues() throws -> [League]
    /// When the leagues `user` is commissioner of were created, for those created after `since`, oldest first.
    func leaguesCreated(by user: UserID, since: Date) throws -> [Date]
    func league(_ id: LeagueID) throws -> League?
    func teams(in league: LeagueID) throws -> [Team]
    func joinRequests(in league: LeagueID) throws -> [JoinRequest]
    /// Every join request `user` has made, in any league, oldest first.
    func joinRequests(of user: UserID) throws -> [JoinRequest]
    /// The league's invite codes (used-up and expired ones included), oldest first.
    func invites(in league: LeagueID) throws -> [Invite]
    /// An invite by its exact code.
    func invite(code: String) throws -> Invite?
}

/// Writes of this journey inside one transaction (part of `LeagueStoreWriter`).
public protocol LeaguesStoreWriter: LeaguesStoreReader {
    func insertLeague(_ league: League) throws -> LeagueID
    func updateLeague(_ league: League) throws
    func insertTeam(_ team: Team) throws -> TeamID
    func updateTeam(_ team: Team) throws
    func deleteTeam(_ id: TeamID) throws
    func setJoinRequest(_ request: JoinRequest) throws
    /// Removes `user`'s join request in `league` (withdrawn).
    func deleteJoinRequest(league: LeagueID, user: UserID) throws
    /// Fails with `DomainError.conflict` when the code is taken.
    func insertInvite(_ invite: Invite, createdBy: UserID?, at: Date) throws
    func updateInvite(_ invite: Invite) throws
    func deleteInvite(code: String) throws
}

extension LeaguesStoreReader {
    /// Stores that read as fast one part at a time: nothing to do.
    public func prefetch(_ parts: LeagueReads, of league: LeagueID) throws {}
}
