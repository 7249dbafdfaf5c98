import ClubhouseDomain
import Foundation

/// Accounts on the UI double: an in-memory account table and one session. Signed out by default; `addAccount`
/// registers someone who can sign in, `revokeSession` makes the next authenticated call answer `.unauthenticated`.
extension FakeLeague: AccountAPI {
    func addAccount(email: String, password: String, displayName: String) -> User {
        let user = User(id: UserID(nextUserID), email: email, displayName: displayName)
        nextUserID += 1
        accounts[email.lowercased()] = (password, user)
        return user
    }
    func setSignedIn(_ user: User?) { signedInUser = user }
    func setRevoked(_ on: Bool) { revokeSession = on }
    func refuseJoins(_ league: LeagueID, with error: DomainError) { joinRefusals[league] = error }

    /// Answers `.unauthenticated` once the session was revoked (and forgets it, like the transport does).
    func checkSession() throws {
        guard revokeSession, signedInUser != nil else { return }
        revokeSession = false
        signedInUser = nil
        throw DomainError.unauthenticated
    }

    private func session(_ user: User) -> AccountSession {
        signedInUser = user
        return AccountSession(token: "token-\(user.id.rawValue)", user: user, expiresAt: Demo.now.addingTimeInterval(30 * 86_400))
    }

    func createAccount(email: String, password: String, displayName: String) async throws -> AccountSession {
        guard email.contains("@") else { throw DomainError.validation(field: "email", message: "That doesn't look like an email address") }
        guard password.count >= 8 else { throw DomainError.validation(field: "password", message: "A password needs at least 8 characters") }
        guard accounts[email.lowercased()] == nil else { throw DomainError.conflict("An account with that email already exists — sign in instead") }
        return session(addAccount(email: email, password: password, displayName: displayName))
    }
    func signIn(email: String, password: String) async throws -> AccountSession {
        if email == "slow@down.example" { throw DomainError.rateLimited(retryAfterSeconds: 42) }
        guard let a = accounts[email.lowercased()], a.password == password else { throw AccountRules.wrongCredentials }
        return session(a.user)
    }
    func signOut() async throws { signOutCalls += 1; signedInUser = nil }
    func currentUser() async throws -> User? { try checkSession(); return signedInUser }
    func updateProfile(displayName: String?, email: String?) async throws -> User {
        try checkSession()
        guard var user = signedInUser else { throw DomainError.unauthenticated }
        if let displayName { user.displayName = displayName }
        if let email { user.email = email }
        for (k, v) in accounts where v.user.id == user.id { accounts[k] = (v.password, user) }
        signedInUser = user
        return user
    }
    func signIn(sshKeyFingerprint: String) async throws -> AccountSession {
        guard let user = sshKeys[sshKeyFingerprint] else { throw DomainError.unauthenticated }
        return session(user)
    }
    func linkSSHKey(fingerprint: String, publicKey: String) async throws {
        try checkSession()
        guard let user = signedInUser else { throw DomainError.unauthenticated }
        if let owner = sshKeys[fingerprint], owner.id != user.id { throw DomainError.conflict("This key is linked to another account") }
        sshKeys[fingerprint] = user
    }
    func unlinkSSHKey(fingerprint: String) async throws {
        guard let user = signedInUser, sshKeys[fingerprint]?.id == user.id else { throw DomainError.notFound("That SSH key on your account") }
        sshKeys[fingerprint] = nil
    }
    func linkKey(_ fingerprint: String, to user: User?) { sshKeys[fingerprint] = user }

    func setMyTeam(_ team: TeamID, in league: LeagueID) { myTeams[league] = team }

    func addFreeAgent(_ league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?) async throws -> Transaction {
        try checkSession()
        guard signedInUser != nil else { throw DomainError.unauthenticated }
        guard myTeams[league] == team else { throw DomainError.forbidden("That isn't your team") }
        if let r = teamRefusal { throw r }
        teamWrites.append(.addFreeAgent(league: league, team: team, player: player, dropping: dropping))
        let t = Transaction(id: Int64(adds.count + 1), leagueID: league, teamID: team, kind: .add, added: player, dropped: dropping, at: Demo.now)
        adds.append(t)
        return t
    }

    func myJoinRequests() async throws -> [MyJoinRequest] {
        guard let user = signedInUser else { return [] }
        return joinRequests.filter { $0.user == user.id }.map { r in
            MyJoinRequest(league: r.leagueID, leagueName: Demo.summaries.first { $0.id == r.leagueID }?.name ?? "League", teamName: r.teamName,
                          status: r.status, requestedAt: r.requestedAt, reason: nil, answeredByItself: true)
        }
    }

    func withdrawJoinRequest(_ league: LeagueID) async throws {
        try checkSession()
        guard let user = signedInUser else { throw DomainError.unauthenticated }
        guard joinRequests.contains(where: { $0.leagueID == league && $0.user == user.id }) else { throw DomainError.notFound("A join request of yours") }
        joinRequests.removeAll { $0.leagueID == league && $0.user == user.id }
        teamWrites.append(.withdrawJoinRequest(league))
    }

    func requestToJoin(_ league: LeagueID, teamName: String) async throws -> JoinRequest {
        try checkSession()
        guard let user = signedInUser else { throw DomainError.unauthenticated }
        if let refusal = joinRefusals[league] { throw refusal }
        let r = JoinRequest(leagueID: league, user: user.id, teamName: teamName, status: .pending, requestedAt: Demo.now)
        appendJoinRequest(r)
        return r
    }
}
