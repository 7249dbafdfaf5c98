import ClubhouseDomain
import Foundation

/// The gated writes on the UI double: it plays a signed-out person, so every write asks for sign-in and
/// "my" reads are empty. UI tests that need a write to succeed replace these.
extension FakeLeague: LeagueMembership, TeamManaging, DraftRoomControl, Commissioning {
    private func signedOut<T>() throws -> T { throw DomainError.unauthenticated }

    func createLeague(_ new: NewLeague) async throws -> LeagueID { try signedOut() }
    func redeemInvite(code: String, teamName: String) async throws -> TeamID { try signedOut() }
    func leaveLeague(_ league: LeagueID) async throws { throw DomainError.unauthenticated }

    func moveInLineup(_ league: LeagueID, team: TeamID, move: LineupMove) async throws -> TeamRoster { try signedOut() }
    func dropPlayer(_ league: LeagueID, team: TeamID, player: PlayerID) async throws -> Transaction { try signedOut() }
    func placeClaim(_ league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?, bid: Int) async throws -> WaiverClaim { try signedOut() }
    func cancelClaim(_ league: LeagueID, claim: Int64) async throws { throw DomainError.unauthenticated }
    func reorderClaims(_ league: LeagueID, team: TeamID, order: [Int64]) async throws -> [WaiverClaim] { try signedOut() }
    func myClaims(_ league: LeagueID) async throws -> [ClaimView] { [] }
    func transactions(_ league: LeagueID) async throws -> [TransactionView] { [] }

    func makePick(_ league: LeagueID, expectedPick: Int, player: PlayerID) async throws -> Pick { try signedOut() }
    func myQueue(_ league: LeagueID) async throws -> [PlayerSummary] { [] }
    func editQueue(_ league: LeagueID, _ edit: DraftQueueEdit) async throws -> [PlayerSummary] { try signedOut() }
    func sendChat(_ league: LeagueID, text: String) async throws -> ChatMessage { try signedOut() }
    func chatMessages(_ league: LeagueID, after: Int64?) async throws -> [ChatMessage] { [] }

    func joinRequests(_ league: LeagueID) async throws -> [JoinRequestView] { try signedOut() }
    func decideJoinRequest(_ league: LeagueID, user: UserID, approve: Bool) async throws -> JoinRequest { try signedOut() }
    func createInvite(_ league: LeagueID, uses: Int, expiresAt: Date?) async throws -> Invite { try signedOut() }
    func invites(_ league: LeagueID) async throws -> [Invite] { try signedOut() }
    func revokeInvite(_ league: LeagueID, code: String) async throws { throw DomainError.unauthenticated }
    func updateSettings(_ league: LeagueID, settings: LeagueSettings) async throws -> League { try signedOut() }
    func setDraftOrder(_ league: LeagueID, order: [TeamID]) async throws -> Draft { try signedOut() }
    func randomizeDraftOrder(_ league: LeagueID) async throws -> Draft { try signedOut() }
    func scheduleDraft(_ league: LeagueID, at: Date?) async throws -> League { try signedOut() }
    func startDraft(_ league: LeagueID) async throws -> Draft { try signedOut() }
    func pauseDraft(_ league: LeagueID) async throws -> Draft { try signedOut() }
    func resumeDraft(_ league: LeagueID) async throws -> Draft { try signedOut() }
    func undoLastPick(_ league: LeagueID) async throws -> Draft { try signedOut() }
    func pickForTeam(_ league: LeagueID, expectedPick: Int, player: PlayerID) async throws -> Pick { try signedOut() }
    func setAutopick(_ league: LeagueID, team: TeamID, on: Bool) async throws -> Team { try signedOut() }
    func advanceClock(_ league: LeagueID, to: Date) async throws -> ClockAdvance { try signedOut() }
}
