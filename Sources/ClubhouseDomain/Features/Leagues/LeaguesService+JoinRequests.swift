import Foundation

// MARK: - A person's own join requests (README.md, “Membership”): seeing them, withdrawing one, and commissioners that
// answer by themselves.
//
// The rule for a commissioner that answers by itself: a league whose commissioner isn't at the keyboard — no
// commissioner, or the commissioner's own team is a bot or on autopick (the demo leagues' people are) — answers each
// pending request `JoinAnswer.delay` after it was made (15–44 s of real time; the clock driver looks every 5 s, so
// within a minute). It approves while the league can take the person (before its draft, an open team left, the team
// name free: the same checks as a commissioner's approval), and otherwise declines, saying why in the refusal's words.

/// When a commissioner that answers by itself answers a join request.
public enum JoinAnswer {
    /// 15–44 s after the request, spread by league and person so a room of requests isn't answered in one instant.
    public static func delay(league: LeagueID, user: UserID) -> TimeInterval {
        let mixed = UInt64(bitPattern: league.rawValue &* 1_000_003 &+ user.rawValue &* 7_919)
        return 15 + Double(mixed % 30)
    }
}

extension LeaguesService {
    /// The caller's pending and declined join requests, oldest first (empty when signed out).
    public func myJoinRequests(caller: Caller) throws -> [MyJoinRequest] {
        guard let user = caller.userID else { return [] }
        return try store.read { r in
            try r.joinRequests(of: user).filter { $0.status != .approved }.compactMap { request in
                guard let league = try r.league(request.leagueID) else { return nil }
                let teams = try r.teams(in: league.id)
                var reason: String?
                if request.status == .denied {
                    do { try requireCanTakeTeam(league, teams: teams, user: user, teamName: request.teamName) } catch let e as DomainError {
                        reason = e.message
                    }
                }
                return MyJoinRequest(league: league.id, leagueName: league.name, teamName: request.teamName, status: request.status,
                                     requestedAt: request.requestedAt, reason: reason,
                                     answeredByItself: Self.commissionerAnswersByItself(league, teams: teams))
            }
        }
    }

    /// Takes back the caller's join request in a league (pending, or declined: it is cleared). Refused when there is none.
    public func withdrawJoinRequest(_ id: LeagueID, caller: Caller) throws {
        let user = try signedIn(caller)
        try store.write { w in
            let league = try existingLeague(w, id)
            guard let request = try w.joinRequests(in: id).first(where: { $0.user == user }), request.status != .approved else {
                throw DomainError.notFound("A join request of yours in \(league.name)")
            }
            try w.deleteJoinRequest(league: id, user: user)
            try w.appendEvent(league: id, LeagueEvent.JoinWithdrawn(user: user), at: clock.now())
        }
    }

    /// Whether `league`'s commissioner answers join requests by itself (the rule above).
    static func commissionerAnswersByItself(_ league: League, teams: [Team]) -> Bool {
        guard let commissioner = league.commissioner else { return true }
        guard let team = teams.first(where: { $0.manager == commissioner }) else { return false }
        return TradesService.answersByItself(team)
    }

    /// The leagues with a join request a commissioner that answers by itself is due to answer now (for the clock driver).
    public func leaguesWithJoinRequestsDue() throws -> [LeagueID] {
        let now = clock.now()
        return try store.read { r in
            try r.leagues().filter { $0.needsCommissioner == nil }.compactMap { league in
                let due = try r.joinRequests(in: league.id).contains {
                    $0.status == .pending && now >= $0.requestedAt.addingTimeInterval(JoinAnswer.delay(league: league.id, user: $0.user))
                }
                return try due && Self.commissionerAnswersByItself(league, teams: r.teams(in: league.id)) ? league.id : nil
            }
        }
    }

    /// Answers the league's due join requests if its commissioner answers by itself: approved while the league can take
    /// the person, else declined with why. Returns the requests answered. Idempotent: a request answered meanwhile is skipped.
    @discardableResult
    public func answerJoinRequests(_ id: LeagueID) throws -> [JoinRequest] {
        try store.write { w in
            let league = try existingLeague(w, id)
            guard league.needsCommissioner == nil, Self.commissionerAnswersByItself(league, teams: try w.teams(in: id)) else { return [] }
            let now = clock.now()
            var answered: [JoinRequest] = []
            for var request in try w.joinRequests(in: id)
            where request.status == .pending && now >= request.requestedAt.addingTimeInterval(JoinAnswer.delay(league: id, user: request.user)) {
                let teams = try w.teams(in: id)
                do {
                    try requireCanTakeTeam(league, teams: teams, user: request.user, teamName: request.teamName)
                    let team = try takeOpenTeam(w, teams: teams, user: request.user, name: request.teamName)
                    request.status = .approved
                    try w.setJoinRequest(request)
                    try w.appendEvent(league: id, LeagueEvent.MemberJoined(team: team.id, user: request.user), at: now)
                    try w.appendEvent(league: id, LeagueEvent.JoinDecided(user: request.user, approved: true), at: now)
                } catch let refusal as DomainError {
                    request.status = .denied
                    try w.setJoinRequest(request)
                    try w.appendEvent(league: id, LeagueEvent.JoinDecided(user: request.user, approved: false, reason: refusal.message), at: now)
                }
                answered.append(request)
            }
            return answered
        }
    }
}
