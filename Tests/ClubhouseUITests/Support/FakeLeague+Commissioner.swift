import ClubhouseDomain
import Foundation

/// The commissioner's tools, invites and leaving on the UI double: writes succeed for a signed-in person (the
/// commissioner's ones only in `commissionerOf` leagues) and are recorded in `calls`; `refusal` makes the next one fail.
struct CommishDouble: Sendable {
    /// Leagues where the signed-in person is the commissioner.
    var commissionerOf: Set<LeagueID> = []
    /// League states overriding the demo's (e.g. a league whose draft is complete).
    var states: [LeagueID: LeagueState] = [:]
    var outlooks: [LeagueID: ClockOutlook] = [:]
    /// Leagues renewed into a next season (`LeagueDetail.nextLeague`), and the league `renewLeague` answers.
    var nextLeagues: [LeagueID: LeagueID] = [:]
    var renewInto = LeagueID(3)
    /// What `history` answers per league (none: "League N doesn't exist").
    var histories: [LeagueID: LeagueHistory] = [:]
    var requests: [JoinRequestView] = []
    var invites: [Invite] = []
    /// Writes made, in words: "approve 7", "deny 7", "invite 5", "revoke ABCD", "order 4,3,2,1", "randomize", "schedule …", "advance …", "leave 2", "redeem CODE as Name".
    var calls: [String] = []
    /// The next write answers this error instead.
    var refusal: DomainError?
    /// What `advanceClock` answers.
    var advance: ClockAdvance?
    /// The team `redeemInvite` joins (its league shows in myLeagues via `myTeams`).
    var redeemInto: (LeagueID, TeamID)?
    var nextCode = 1
}

extension FakeLeague {
    func editCommish(_ change: @Sendable (inout CommishDouble) -> Void) { change(&commish) }

    private func commishWrite(_ league: LeagueID?, _ call: String) throws {
        guard signedInUser != nil else { throw DomainError.unauthenticated }
        if let e = commish.refusal { commish.refusal = nil; throw e }
        if let league, !commish.commissionerOf.contains(league) { throw DomainError.forbidden("Only the commissioner can do that") }
        commish.calls.append(call)
    }

    func redeemInvite(code: String, teamName: String) async throws -> TeamID {
        try commishWrite(nil, "redeem \(code) as \(teamName)")
        guard let (league, team) = commish.redeemInto else { throw DomainError.notFound("Invite code \(code)") }
        myTeams[league] = team
        return team
    }
    func leaveLeague(_ league: LeagueID) async throws {
        try commishWrite(nil, "leave \(league.rawValue)")
        myTeams[league] = nil
    }

    func joinRequests(_ league: LeagueID) async throws -> [JoinRequestView] {
        guard signedInUser != nil else { throw DomainError.unauthenticated }
        guard commish.commissionerOf.contains(league) else { throw DomainError.forbidden("Only the commissioner can see join requests") }
        return commish.requests.filter { $0.request.leagueID == league }
    }
    func decideJoinRequest(_ league: LeagueID, user: UserID, approve: Bool) async throws -> JoinRequest {
        try commishWrite(league, "\(approve ? "approve" : "deny") \(user.rawValue)")
        guard let i = commish.requests.firstIndex(where: { $0.request.user == user && $0.request.leagueID == league }) else {
            throw DomainError.notFound("Join request")
        }
        commish.requests[i].request.status = approve ? .approved : .denied
        return commish.requests[i].request
    }
    func createInvite(_ league: LeagueID, uses: Int, expiresAt: Date?) async throws -> Invite {
        try commishWrite(league, "invite \(uses)" + (expiresAt.map { " until \(Int($0.timeIntervalSince1970))" } ?? ""))
        let invite = Invite(code: "NEWCODE\(commish.nextCode)", leagueID: league, usesLeft: uses, expiresAt: expiresAt)
        commish.nextCode += 1
        commish.invites.append(invite)
        return invite
    }
    func invites(_ league: LeagueID) async throws -> [Invite] {
        guard signedInUser != nil else { throw DomainError.unauthenticated }
        guard commish.commissionerOf.contains(league) else { throw DomainError.forbidden("Only the commissioner can see invite codes") }
        return commish.invites.filter { $0.leagueID == league }
    }
    func revokeInvite(_ league: LeagueID, code: String) async throws {
        try commishWrite(league, "revoke \(code)")
        commish.invites.removeAll { $0.code == code }
    }
    func setDraftOrder(_ league: LeagueID, order: [TeamID]) async throws -> Draft {
        try commishWrite(league, "order " + order.map { "\($0.rawValue)" }.joined(separator: ","))
        var r = room ?? Demo.draftRoom(league)
        r.draft.order = order
        r.teams = order.map { id in r.teams.first { $0.id == id }! }
        room = r
        return r.draft
    }
    func randomizeDraftOrder(_ league: LeagueID) async throws -> Draft {
        try commishWrite(league, "randomize")
        var r = room ?? Demo.draftRoom(league)
        r.teams.reverse(); r.draft.order = r.teams.map(\.id)
        room = r
        return r.draft
    }
    func scheduleDraft(_ league: LeagueID, at: Date?) async throws -> League {
        try commishWrite(league, "schedule " + (at.map { "\(Int($0.timeIntervalSince1970))" } ?? "cleared"))
        var r = room ?? Demo.draftRoom(league)
        r.draft.scheduledAt = at
        room = r
        return Demo.detail(league).league
    }
    func renewLeague(_ league: LeagueID) async throws -> LeagueID {
        try commishWrite(league, "renew \(league.rawValue)")
        commish.nextLeagues[league] = commish.renewInto
        return commish.renewInto
    }
    func advanceClock(_ league: LeagueID, to: Date) async throws -> ClockAdvance {
        try commishWrite(league, "advance \(Int(to.timeIntervalSince1970))")
        return commish.advance ?? ClockAdvance(from: Demo.now, to: to, state: .inSeason)
    }
}
