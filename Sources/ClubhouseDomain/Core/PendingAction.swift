import Foundation

/// A gated write the person asked for while signed out (SPEC 4.4): kept durably through sign-in, then performed.
/// Older than 24 h it is dropped.
public struct PendingAction: Hashable, Codable, Sendable {
    public var write: GatedWrite
    public var createdAt: Date

    public init(_ write: GatedWrite, createdAt: Date) { self.write = write; self.createdAt = createdAt }

    public static let lifetime: TimeInterval = 24 * 3600

    public func isExpired(at now: Date) -> Bool { now.timeIntervalSince(createdAt) > Self.lifetime || createdAt > now + 300 }

    /// Performs the write as whoever `api` now speaks for. A write that is no longer valid (pick slot passed, league
    /// full) fails with the use case's own `DomainError`, whose message the app shows.
    public func perform(on api: any LeagueAPI) async throws { try await write.perform(on: api) }
}

/// Every gated write, with its parameters (the contract's methods in LeagueManaging.swift).
public enum GatedWrite: Hashable, Codable, Sendable {
    // LeagueMembership
    case createLeague(NewLeague)
    case requestToJoin(league: LeagueID, teamName: String)
    case redeemInvite(code: String, teamName: String)
    case leaveLeague(LeagueID)
    // TeamManaging
    case moveInLineup(league: LeagueID, team: TeamID, move: LineupMove)
    case addFreeAgent(league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?)
    case dropPlayer(league: LeagueID, team: TeamID, player: PlayerID)
    case placeClaim(league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?, bid: Int)
    case cancelClaim(league: LeagueID, claim: Int64)
    case reorderClaims(league: LeagueID, team: TeamID, order: [Int64])
    // DraftRoomControl
    case makePick(league: LeagueID, expectedPick: Int, player: PlayerID)
    case editQueue(league: LeagueID, edit: DraftQueueEdit)
    case sendChat(league: LeagueID, text: String)
    // Commissioning
    case commissioner(CommissionerAction)

    /// The league it concerns (nil for creating a league or redeeming an invite).
    public var league: LeagueID? {
        switch self {
        case .createLeague, .redeemInvite: nil
        case .requestToJoin(let l, _), .leaveLeague(let l), .moveInLineup(let l, _, _), .addFreeAgent(let l, _, _, _),
             .dropPlayer(let l, _, _), .placeClaim(let l, _, _, _, _), .cancelClaim(let l, _), .reorderClaims(let l, _, _),
             .makePick(let l, _, _), .editQueue(let l, _), .sendChat(let l, _): l
        case .commissioner(let a): a.league
        }
    }

    public func perform(on api: any LeagueAPI) async throws {
        switch self {
        case .createLeague(let new): _ = try await api.createLeague(new)
        case .requestToJoin(let l, let name): _ = try await api.requestToJoin(l, teamName: name)
        case .redeemInvite(let code, let name): _ = try await api.redeemInvite(code: code, teamName: name)
        case .leaveLeague(let l): try await api.leaveLeague(l)
        case .moveInLineup(let l, let t, let m): _ = try await api.moveInLineup(l, team: t, move: m)
        case .addFreeAgent(let l, let t, let p, let d): _ = try await api.addFreeAgent(l, team: t, player: p, dropping: d)
        case .dropPlayer(let l, let t, let p): _ = try await api.dropPlayer(l, team: t, player: p)
        case .placeClaim(let l, let t, let p, let d, let bid): _ = try await api.placeClaim(l, team: t, player: p, dropping: d, bid: bid)
        case .cancelClaim(let l, let c): try await api.cancelClaim(l, claim: c)
        case .reorderClaims(let l, let t, let o): _ = try await api.reorderClaims(l, team: t, order: o)
        case .makePick(let l, let n, let p): _ = try await api.makePick(l, expectedPick: n, player: p)
        case .editQueue(let l, let e): _ = try await api.editQueue(l, e)
        case .sendChat(let l, let text): _ = try await api.sendChat(l, text: text)
        case .commissioner(let a): try await a.perform(on: api)
        }
    }
}

/// The commissioner's gated writes.
public enum CommissionerAction: Hashable, Codable, Sendable {
    case decideJoinRequest(league: LeagueID, user: UserID, approve: Bool)
    case createInvite(league: LeagueID, uses: Int, expiresAt: Date?)
    case revokeInvite(league: LeagueID, code: String)
    case updateSettings(league: LeagueID, settings: LeagueSettings)
    case setDraftOrder(league: LeagueID, order: [TeamID])
    case randomizeDraftOrder(LeagueID)
    case scheduleDraft(league: LeagueID, at: Date?)
    case startDraft(LeagueID)
    case pauseDraft(LeagueID)
    case resumeDraft(LeagueID)
    case undoLastPick(LeagueID)
    case pickForTeam(league: LeagueID, expectedPick: Int, player: PlayerID)
    case setAutopick(league: LeagueID, team: TeamID, on: Bool)
    case advanceClock(league: LeagueID, to: Date)
    case setClockSpeed(league: LeagueID, speed: ClockSpeed)

    public var league: LeagueID {
        switch self {
        case .decideJoinRequest(let l, _, _), .createInvite(let l, _, _), .revokeInvite(let l, _), .updateSettings(let l, _),
             .setDraftOrder(let l, _), .randomizeDraftOrder(let l), .scheduleDraft(let l, _), .startDraft(let l), .pauseDraft(let l),
             .resumeDraft(let l), .undoLastPick(let l), .pickForTeam(let l, _, _), .setAutopick(let l, _, _), .advanceClock(let l, _),
             .setClockSpeed(let l, _): l
        }
    }

    public func perform(on api: any LeagueAPI) async throws {
        switch self {
        case .decideJoinRequest(let l, let u, let a): _ = try await api.decideJoinRequest(l, user: u, approve: a)
        case .createInvite(let l, let uses, let exp): _ = try await api.createInvite(l, uses: uses, expiresAt: exp)
        case .revokeInvite(let l, let code): try await api.revokeInvite(l, code: code)
        case .updateSettings(let l, let s): _ = try await api.updateSettings(l, settings: s)
        case .setDraftOrder(let l, let o): _ = try await api.setDraftOrder(l, order: o)
        case .randomizeDraftOrder(let l): _ = try await api.randomizeDraftOrder(l)
        case .scheduleDraft(let l, let at): _ = try await api.scheduleDraft(l, at: at)
        case .startDraft(let l): _ = try await api.startDraft(l)
        case .pauseDraft(let l): _ = try await api.pauseDraft(l)
        case .resumeDraft(let l): _ = try await api.resumeDraft(l)
        case .undoLastPick(let l): _ = try await api.undoLastPick(l)
        case .pickForTeam(let l, let n, let p): _ = try await api.pickForTeam(l, expectedPick: n, player: p)
        case .setAutopick(let l, let t, let on): _ = try await api.setAutopick(l, team: t, on: on)
        case .advanceClock(let l, let to): _ = try await api.advanceClock(l, to: to)
        case .setClockSpeed(let l, let speed): _ = try await api.setClockSpeed(l, speed: speed)
        }
    }
}
