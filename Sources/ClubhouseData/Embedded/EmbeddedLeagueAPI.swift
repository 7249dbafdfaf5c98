import ClubhouseDomain
import Foundation

/// The default transport: the Domain's use cases running in this process over the SQLite store.
/// Calls run off the caller's task on a background queue (SQLite blocks), and live events come from
/// the database's append-only log, noticed cheaply by the follower (`PRAGMA data_version`).
public final class EmbeddedLeagueAPI: LeagueAPI, @unchecked Sendable {
    // Immutable after init; LeagueService and the credentials provider are Sendable.
    public let service: LeagueService
    private let databasePath: String
    private let caller: @Sendable () -> Caller
    /// Invite codes and random draft orders (seeded in tests).
    private let random: RandomSource

    /// - Parameters:
    ///   - caller: who is asking (the local session's account, or anonymous).
    ///   - random: the source of invite codes and random draft orders; seed it for reproducible tests.
    public init(service: LeagueService, databasePath: String, caller: @escaping @Sendable () -> Caller = { .anonymous },
                random: RandomSource = .system()) {
        self.service = service
        self.databasePath = databasePath
        self.caller = caller
        self.random = random
    }

    /// Runs a blocking use case on a background thread.
    private func call<T: Sendable>(_ body: @escaping @Sendable (LeagueService, Caller) throws -> T) async throws -> T {
        let service = self.service, who = caller()
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try body(service, who) })
            }
        }
    }

    // MARK: - LeagueBrowsing

    public func publicLeagues(filter: LeagueFilter) async throws -> [LeagueSummary] {
        try await call { try $0.publicLeagues(filter: filter, caller: $1) }
    }
    public func myLeagues() async throws -> [LeagueSummary] { try await call { try $0.myLeagues(caller: $1) } }
    public func league(_ id: LeagueID) async throws -> LeagueDetail { try await call { try $0.league(id, caller: $1) } }
    public func standings(_ id: LeagueID) async throws -> [StandingsEntry] { try await call { try $0.standings(id, caller: $1) } }
    public func scoreboard(_ id: LeagueID, week: Int?) async throws -> Scoreboard {
        try await call { try $0.scoreboard(id, week: week, caller: $1) }
    }
    public func matchup(_ id: LeagueID, week: Int, team: TeamID) async throws -> MatchupDetail {
        try await call { try $0.matchup(id, week: week, team: team, caller: $1) }
    }
    public func roster(_ id: LeagueID, team: TeamID) async throws -> TeamRoster { try await call { try $0.roster(id, team: team, caller: $1) } }
    public func player(_ id: PlayerID, league: LeagueID?) async throws -> PlayerDetail {
        try await call { try $0.player(id, league: league, caller: $1) }
    }
    public func availablePlayers(_ id: LeagueID, position: Position?, sort: PlayerSort) async throws -> [AvailablePlayer] {
        try await call { try $0.availablePlayers(id, position: position, sort: sort, caller: $1) }
    }
    public func draftBoard(_ id: LeagueID) async throws -> DraftBoard { try await call { try $0.draftBoard(id, caller: $1) } }
    public func draftablePlayers(_ id: LeagueID) async throws -> [DraftablePlayer] { try await call { try $0.draftablePlayers(id, caller: $1) } }

    // MARK: - LeagueMembership

    public func createLeague(_ new: NewLeague) async throws -> LeagueID {
        let seed = random.with { $0.next() }
        return try await call {
            try $0.createLeague(name: new.name, settings: new.settings, isPublic: new.isPublic, teamName: new.teamName,
                                seasonClock: new.seasonClock, seed: seed, caller: $1)
        }
    }
    public func requestToJoin(_ league: LeagueID, teamName: String) async throws -> JoinRequest {
        try await call { try $0.requestToJoin(league, teamName: teamName, caller: $1) }
    }
    public func redeemInvite(code: String, teamName: String) async throws -> TeamID {
        try await call { try $0.redeemInvite(code: code, teamName: teamName, caller: $1) }
    }
    public func leaveLeague(_ league: LeagueID) async throws { try await call { try $0.leaveLeague(league, caller: $1) } }

    // MARK: - TeamManaging

    public func moveInLineup(_ league: LeagueID, team: TeamID, move: LineupMove) async throws -> TeamRoster {
        try await call { service, who in
            try service.moveInLineup(league, team: team, move: move, caller: who)
            return try service.roster(league, team: team, caller: who)
        }
    }
    public func addFreeAgent(_ league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?) async throws -> Transaction {
        try await call { try $0.addFreeAgent(league, team: team, player: player, dropping: dropping, caller: $1) }
    }
    public func dropPlayer(_ league: LeagueID, team: TeamID, player: PlayerID) async throws -> Transaction {
        try await call { try $0.dropPlayer(league, team: team, player: player, caller: $1) }
    }
    public func placeClaim(_ league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?, bid: Int) async throws -> WaiverClaim {
        try await call { try $0.placeClaim(league, team: team, player: player, dropping: dropping, bid: bid, caller: $1) }
    }
    public func cancelClaim(_ league: LeagueID, claim: Int64) async throws { try await call { try $0.cancelClaim(league, claim: claim, caller: $1) } }
    public func reorderClaims(_ league: LeagueID, team: TeamID, order: [Int64]) async throws -> [WaiverClaim] {
        try await call { try $0.reorderClaims(league, team: team, order: order, caller: $1) }
    }
    public func myClaims(_ league: LeagueID) async throws -> [ClaimView] { try await call { try $0.myClaims(league, caller: $1) } }
    public func transactions(_ league: LeagueID) async throws -> [TransactionView] { try await call { try $0.transactions(league, caller: $1) } }

    // MARK: - DraftRoomControl

    public func makePick(_ league: LeagueID, expectedPick: Int, player: PlayerID) async throws -> Pick {
        try await call { try $0.makePick(league, expectedPick: expectedPick, player: player, caller: $1) }
    }
    public func myQueue(_ league: LeagueID) async throws -> [PlayerSummary] { try await call { try $0.myQueue(league, caller: $1) } }
    public func editQueue(_ league: LeagueID, _ edit: DraftQueueEdit) async throws -> [PlayerSummary] {
        try await call { try $0.editQueue(league, edit, caller: $1) }
    }
    public func sendChat(_ league: LeagueID, text: String) async throws -> ChatMessage {
        try await call { try $0.sendChat(league, text: text, caller: $1) }
    }
    public func chatMessages(_ league: LeagueID, after: Int64?) async throws -> [ChatMessage] {
        try await call { try $0.chatMessages(league, after: after, caller: $1) }
    }

    // MARK: - Commissioning

    public func joinRequests(_ league: LeagueID) async throws -> [JoinRequestView] { try await call { try $0.joinRequests(league, caller: $1) } }
    public func decideJoinRequest(_ league: LeagueID, user: UserID, approve: Bool) async throws -> JoinRequest {
        try await call { try $0.decideJoinRequest(league, user: user, approve: approve, caller: $1) }
    }
    public func createInvite(_ league: LeagueID, uses: Int, expiresAt: Date?) async throws -> Invite {
        let generator = SeededRandom(seed: random.with { $0.next() })   // drawn here: the lock isn't held across the write
        return try await call { service, who in
            var g = generator
            return try service.createInvite(league, uses: uses, expiresAt: expiresAt, caller: who, using: &g)
        }
    }
    public func invites(_ league: LeagueID) async throws -> [Invite] { try await call { try $0.invites(league, caller: $1) } }
    public func revokeInvite(_ league: LeagueID, code: String) async throws { try await call { try $0.revokeInvite(league, code: code, caller: $1) } }
    public func updateSettings(_ league: LeagueID, settings: LeagueSettings) async throws -> League {
        try await call { try $0.updateSettings(league, settings: settings, caller: $1) }
    }
    public func setDraftOrder(_ league: LeagueID, order: [TeamID]) async throws -> Draft {
        try await call { try $0.setDraftOrder(league, order: order, caller: $1) }
    }
    public func randomizeDraftOrder(_ league: LeagueID) async throws -> Draft {
        let generator = SeededRandom(seed: random.with { $0.next() })
        return try await call { service, who in
            var g = generator
            return try service.randomizeDraftOrder(league, caller: who, using: &g)
        }
    }
    public func scheduleDraft(_ league: LeagueID, at date: Date?) async throws -> League {
        try await call { try $0.scheduleDraft(league, at: date, caller: $1) }
    }
    public func startDraft(_ league: LeagueID) async throws -> Draft { try await call { try $0.startDraft(league, caller: $1) } }
    public func pauseDraft(_ league: LeagueID) async throws -> Draft { try await call { try $0.pauseDraft(league, caller: $1) } }
    public func resumeDraft(_ league: LeagueID) async throws -> Draft { try await call { try $0.resumeDraft(league, caller: $1) } }
    public func undoLastPick(_ league: LeagueID) async throws -> Draft { try await call { try $0.undoLastPick(league, caller: $1) } }
    public func pickForTeam(_ league: LeagueID, expectedPick: Int, player: PlayerID) async throws -> Pick {
        try await call { try $0.pickForTeam(league, expectedPick: expectedPick, player: player, caller: $1) }
    }
    public func setAutopick(_ league: LeagueID, team: TeamID, on: Bool) async throws -> Team {
        try await call { try $0.setAutopick(league, team: team, on: on, caller: $1) }
    }
    public func advanceClock(_ league: LeagueID, to date: Date) async throws -> ClockAdvance {
        try await call { try $0.advanceClock(league, to: date, caller: $1) }
    }

    // MARK: - LeagueEvents

    public func events(league: LeagueID?, after id: Int64?) -> AsyncStream<LeagueEvent> {
        EventFollower(path: databasePath).events(after: id ?? 0, league: league)
    }
}
