import Foundation

// The gated writes (SPEC 4.4), by who does them. Every method refuses a signed-out caller with
// `DomainError.unauthenticated` (the app turns it into the sign-in gate), a caller without the right role with
// `.forbidden` and one sentence, a stale or out-of-state request with `.conflict`, and bad input with `.validation`.

/// Joining and leaving leagues, as any signed-in person.
public protocol LeagueMembership: Sendable {
    /// Creates a league; the caller becomes its commissioner and manages its first team.
    func createLeague(_ new: NewLeague) async throws -> LeagueID
    /// Asks the commissioner of a public, not yet drafted, not full league for a team named `teamName` (1–40 characters).
    func requestToJoin(_ league: LeagueID, teamName: String) async throws -> JoinRequest
    /// Joins the invite's league at once under `teamName`; returns the team taken over.
    func redeemInvite(code: String, teamName: String) async throws -> TeamID
    /// Leaves a league before its draft; the team goes back to a bot. The commissioner can't leave.
    func leaveLeague(_ league: LeagueID) async throws
}

/// A manager's own team through the season: lineup, free agents, waivers.
public protocol TeamManaging: Sendable {
    /// One lineup move on the league's current week; returns the team's roster page as it now stands.
    func moveInLineup(_ league: LeagueID, team: TeamID, move: LineupMove) async throws -> TeamRoster
    /// Adds a free agent (not one on waivers), dropping `dropping` when given; a full roster needs a drop.
    func addFreeAgent(_ league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?) async throws -> Transaction
    /// Drops a player; he stays on waivers for the league's waiver period.
    func dropPlayer(_ league: LeagueID, team: TeamID, player: PlayerID) async throws -> Transaction
    /// Claims a player on waivers (`bid` in FAAB leagues, 0 under rolling priority).
    func placeClaim(_ league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?, bid: Int) async throws -> WaiverClaim
    func cancelClaim(_ league: LeagueID, claim: Int64) async throws
    /// Sets the order the team's pending claims are tried in; `order` lists exactly those claims' ids.
    func reorderClaims(_ league: LeagueID, team: TeamID, order: [Int64]) async throws -> [WaiverClaim]
    /// The caller's pending claims in the order they will be tried (empty when signed out or not a member).
    func myClaims(_ league: LeagueID) async throws -> [ClaimView]
    /// The caller's processed claims (won or lost, `claim.outcome` says why), newest first, at most 10.
    func myClaimResults(_ league: LeagueID) async throws -> [ClaimView]
    /// The league's completed adds, drops and claims, newest first (a read: no account needed for public leagues).
    func transactions(_ league: LeagueID) async throws -> [TransactionView]
}

/// A manager in the draft room: picks, the queue, the chat.
public protocol DraftRoomControl: Sendable {
    /// The caller's pick (or the commissioner's, for the team on the clock). `expectedPick` is the pick number the
    /// person saw on the clock: a stale one is refused with `.conflict`, never replayed.
    func makePick(_ league: LeagueID, expectedPick: Int, player: PlayerID) async throws -> Pick
    /// The caller's queue (empty when signed out or without a team).
    func myQueue(_ league: LeagueID) async throws -> [PlayerSummary]
    /// Edits the caller's own queue; returns it as it now stands.
    func editQueue(_ league: LeagueID, _ edit: DraftQueueEdit) async throws -> [PlayerSummary]
    /// Posts a one-line message (1–200 characters, no control characters) to the room; members and the commissioner.
    func sendChat(_ league: LeagueID, text: String) async throws -> ChatMessage
    /// The room's chat after a message id (the latest 100 when nil), oldest first; readable by whoever can see the league.
    func chatMessages(_ league: LeagueID, after: Int64?) async throws -> [ChatMessage]
}

/// The commissioner's actions. Every one refuses anyone else with `.forbidden("Only the commissioner can …")`.
public protocol Commissioning: Sendable {
    func joinRequests(_ league: LeagueID) async throws -> [JoinRequestView]
    /// Approves (the person takes over an open bot team under the requested name) or denies a pending request.
    func decideJoinRequest(_ league: LeagueID, user: UserID, approve: Bool) async throws -> JoinRequest
    /// A new random invite code good for `uses` joins (1–100), until `expiresAt` (real time) when given.
    func createInvite(_ league: LeagueID, uses: Int, expiresAt: Date?) async throws -> Invite
    func invites(_ league: LeagueID) async throws -> [Invite]
    func revokeInvite(_ league: LeagueID, code: String) async throws
    /// Replaces the settings before the draft; a new team count adds or removes bot teams.
    func updateSettings(_ league: LeagueID, settings: LeagueSettings) async throws -> League
    /// Sets the draft order (every team exactly once) before the draft starts.
    func setDraftOrder(_ league: LeagueID, order: [TeamID]) async throws -> Draft
    func randomizeDraftOrder(_ league: LeagueID) async throws -> Draft
    /// Plans the draft for a future date, or clears the date; the draft still starts only with `startDraft`.
    func scheduleDraft(_ league: LeagueID, at: Date?) async throws -> League
    func startDraft(_ league: LeagueID) async throws -> Draft
    func pauseDraft(_ league: LeagueID) async throws -> Draft
    func resumeDraft(_ league: LeagueID) async throws -> Draft
    func undoLastPick(_ league: LeagueID) async throws -> Draft
    /// Picks for the team on the clock (an absent manager).
    func pickForTeam(_ league: LeagueID, expectedPick: Int, player: PlayerID) async throws -> Pick
    /// Switches autopick for a team (the team's own manager may do this too).
    func setAutopick(_ league: LeagueID, team: TeamID, on: Bool) async throws -> Team
    /// Moves the league's season clock forward, processing waivers and finalizing weeks on the way.
    func advanceClock(_ league: LeagueID, to: Date) async throws -> ClockAdvance
    /// Sets how fast the league's season clock runs on its own (off, 1×, 10×, 60×).
    func setClockSpeed(_ league: LeagueID, speed: ClockSpeed) async throws -> ClockRun
}

extension Commissioning {
    /// Transports without running clocks refuse it.
    public func setClockSpeed(_ league: LeagueID, speed: ClockSpeed) async throws -> ClockRun {
        throw DomainError.conflict("This connection can't run the season clock")
    }
}
