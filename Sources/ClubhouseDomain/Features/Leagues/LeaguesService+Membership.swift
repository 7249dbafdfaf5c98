import Foundation

// MARK: - Membership (README.md, “Membership”): request to join a public league, the commissioner's decision, invite codes,
// and leaving before the draft. A person takes over an open bot team; leaving hands it back to a bot.

/// How an invite code looks: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L).
public enum InviteCode {
    public static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    public static let length = 8
    public static let uses = 1...100

    public static func generate(using generator: inout some RandomNumberGenerator) -> String {
        String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// What people type, as stored: trimmed, upper-cased, spaces and dashes removed.
    public static func normalized(_ raw: String) -> String {
        raw.uppercased().filter { !$0.isWhitespace && $0 != "-" }
    }

    /// How a refusal names a typed code: "Invite code K7MX2QPA" — or "That invite code" when what was typed is not
    /// a short run of letters and digits (a refusal never echoes controls or a pasted page back).
    public static func named(_ code: String) -> String {
        code.count <= 20 && code.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) })
            ? "Invite code \(code)" : "That invite code"
    }
}

extension LeaguesService {
    /// Asks the commissioner of a public league for a team. Refused when the league is private, has drafted, is full,
    /// or the caller already has a team or a pending request there.
    public func requestToJoin(_ id: LeagueID, teamName rawName: String, caller: Caller) throws -> JoinRequest {
        let user = try signedIn(caller)
        let teamName = try TextRules.name(rawName, field: "teamName", what: "A team name")
        return try store.write { w in
            let league = try existingLeague(w, id)
            guard league.isPublic else {
                throw DomainError.forbidden("\(league.name) is a private league — join it with an invite code")
            }
            let teams = try w.teams(in: id)
            try requireCanTakeTeam(league, teams: teams, user: user, teamName: teamName)
            if try w.joinRequests(in: id).contains(where: { $0.user == user && $0.status == .pending }) {
                throw DomainError.conflict("You already asked to join \(league.name) — the commissioner hasn't answered yet")
            }
            let request = JoinRequest(leagueID: id, user: user, teamName: teamName, status: .pending, requestedAt: clock.now())
            try w.setJoinRequest(request)
            try w.appendEvent(league: id, LeagueEvent.JoinRequested(user: user), at: request.requestedAt)
            return request
        }
    }

    /// Commissioner: approves (the person takes over an open bot team, renamed to the requested name) or denies a request.
    @discardableResult
    public func decideJoinRequest(_ id: LeagueID, user applicant: UserID, approve: Bool, caller: Caller) throws -> JoinRequest {
        _ = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: approve ? "approve join requests" : "deny join requests")
            guard var request = try w.joinRequests(in: id).first(where: { $0.user == applicant }) else {
                throw DomainError.notFound("A join request from that person")
            }
            guard request.status == .pending else {
                throw DomainError.conflict("That request was already \(request.status == .approved ? "approved" : "denied")")
            }
            let now = clock.now()
            if approve {
                let teams = try w.teams(in: id)
                try requireCanTakeTeam(league, teams: teams, user: applicant, teamName: request.teamName)
                let team = try takeOpenTeam(w, teams: teams, user: applicant, name: request.teamName)
                request.status = .approved
                try w.setJoinRequest(request)
                try w.appendEvent(league: id, LeagueEvent.MemberJoined(team: team.id, user: applicant), at: now)
            } else {
                request.status = .denied
                try w.setJoinRequest(request)
            }
            try w.appendEvent(league: id, LeagueEvent.JoinDecided(user: applicant, approved: approve), at: now)
            return request
        }
    }

    /// Commissioner: a new invite code good for `uses` joins (1–100), until `expiresAt` in real time when given.
    public func createInvite(_ id: LeagueID, uses: Int, expiresAt: Date?, caller: Caller,
                             using generator: inout some RandomNumberGenerator) throws -> Invite {
        _ = try signedIn(caller)
        guard InviteCode.uses.contains(uses) else {
            throw DomainError.validation(field: "uses", message: "An invite is good for 1–100 uses (not \(uses))")
        }
        let now = clock.now()
        if let expiresAt, expiresAt <= now {
            throw DomainError.validation(field: "expiresAt", message: "An invite's expiry must be in the future")
        }
        if let expiresAt, expiresAt > now.addingTimeInterval(SeasonWindow.inviteAhead) {
            throw DomainError.validation(field: "expiresAt", message: "An invite expires within a year, or never")
        }
        var codes = (0..<5).map { _ in InviteCode.generate(using: &generator) }
        return try store.write { w in
            let league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: "create invite codes")
            try requirePredraft(league, "\(league.name) has drafted — invites are for joining before the draft")
            while let code = codes.first, try w.invite(code: code) != nil { codes.removeFirst() }
            guard let code = codes.first else { throw DomainError.conflict("Couldn't find a free invite code — try again") }
            let invite = Invite(code: code, leagueID: id, usesLeft: uses, expiresAt: expiresAt)
            try w.insertInvite(invite, createdBy: caller.userID, at: now)
            try w.appendEvent(league: id, LeagueEvent.InviteChanged.createdInvite, at: now)
            return invite
        }
    }

    /// Commissioner: withdraws an invite code.
    public func revokeInvite(_ id: LeagueID, code rawCode: String, caller: Caller) throws {
        _ = try signedIn(caller)
        let code = InviteCode.normalized(rawCode)
        try store.write { w in
            let league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: "revoke invite codes")
            guard try w.invite(code: code)?.leagueID == id else { throw DomainError.notFound(InviteCode.named(code)) }
            try w.deleteInvite(code: code)
            try w.appendEvent(league: id, LeagueEvent.InviteChanged.revokedInvite, at: clock.now())
        }
    }

    /// Joins the invite's league at once (public or private), taking an open bot team under `teamName`.
    /// Refused when the code is unknown, expired or used up, or the league has drafted, is full, or the caller is in it.
    public func redeemInvite(code rawCode: String, teamName rawName: String, caller: Caller) throws -> TeamID {
        let user = try signedIn(caller)
        let code = InviteCode.normalized(rawCode)
        let teamName = try TextRules.name(rawName, field: "teamName", what: "A team name")
        return try store.write { w in
            guard var invite = try w.invite(code: code) else { throw DomainError.notFound(InviteCode.named(code)) }
            let now = clock.now()
            if let expiry = invite.expiresAt, expiry <= now { throw DomainError.conflict("Invite code \(code) has expired") }
            guard invite.usesLeft > 0 else { throw DomainError.conflict("Invite code \(code) has been used up") }
            let league = try existingLeague(w, invite.leagueID)
            let teams = try w.teams(in: league.id)
            try requireCanTakeTeam(league, teams: teams, user: user, teamName: teamName)
            let team = try takeOpenTeam(w, teams: teams, user: user, name: teamName)
            invite.usesLeft -= 1
            try w.updateInvite(invite)
            if var pending = try w.joinRequests(in: league.id).first(where: { $0.user == user && $0.status == .pending }) {
                pending.status = .approved
                try w.setJoinRequest(pending)
            }
            try w.appendEvent(league: league.id, LeagueEvent.MemberJoined(team: team.id, user: user), at: now)
            return team.id
        }
    }

    /// Leaves a league before its draft: the team goes back to being a bot, and its open trades (offers either way and
    /// trades in review) are cancelled — what the person agreed to never executes for the bot. The commissioner can't leave.
    public func leaveLeague(_ id: LeagueID, caller: Caller) throws {
        let user = try signedIn(caller)
        try store.write { w in
            let league = try existingLeague(w, id)
            var team = try myTeam(w, league: league, user: user)
            guard league.commissioner != user else {
                throw DomainError.forbidden("The commissioner can't leave \(league.name)")
            }
            try requirePredraft(league, "\(league.name) has drafted — you can leave a league only before its draft")
            try core.trades.processDueTrades(w, league: league)
            try core.trades.cancelOpenTrades(w, league: league, of: team.id, reason: "\(team.name)'s manager left \(league.name)")
            let index = (try w.teams(in: id).sorted { $0.id < $1.id }.firstIndex { $0.id == team.id } ?? 0) + 1
            team.manager = nil
            team.name = "Team \(index)"
            team.autopick = false
            try w.updateTeam(team)
            try w.setQueue(team: team.id, players: [])
            try w.appendEvent(league: id, LeagueEvent.MemberLeft(team: team.id, user: user), at: clock.now())
        }
    }

    // MARK: Reads for the commissioner

    /// Commissioner: every join request of the league with who asked, pending first, then newest first.
    public func joinRequests(_ id: LeagueID, caller: Caller) throws -> [JoinRequestView] {
        _ = try signedIn(caller)
        return try store.read { r in
            let league = try existingLeague(r, id)
            try requireCommissioner(league, caller: caller, doing: "see join requests")
            let requests = try r.joinRequests(in: id)
            let names = Dictionary(try r.users(requests.map(\.user)).map { ($0.id, $0.displayName) }, uniquingKeysWith: { a, _ in a })
            return requests
                .sorted { ($0.status == .pending ? 0 : 1, $1.requestedAt) < ($1.status == .pending ? 0 : 1, $0.requestedAt) }
                .map { JoinRequestView(request: $0, displayName: names[$0.user] ?? "User \($0.user.rawValue)") }
        }
    }

    /// Commissioner: the league's invite codes.
    public func invites(_ id: LeagueID, caller: Caller) throws -> [Invite] {
        _ = try signedIn(caller)
        return try store.read { r in
            let league = try existingLeague(r, id)
            try requireCommissioner(league, caller: caller, doing: "see invite codes")
            return try r.invites(in: id)
        }
    }

    /// Renames a team: its manager may, and the commissioner may rename any team (a name that breaks the league's
    /// tone). The name follows the names rule (`TextRules.name`) and no other team in the league has it, case aside;
    /// the same name again changes nothing. A renewed league is history and refuses it, as every write does.
    public func renameTeam(_ id: LeagueID, team teamID: TeamID, to rawName: String, caller: Caller) throws -> Team {
        let user = try signedIn(caller)
        let name = try TextRules.name(rawName, field: "teamName", what: "A team name")
        return try store.write { w in
            let league = try existingLeague(w, id)
            let teams = try w.teams(in: id)
            guard var team = teams.first(where: { $0.id == teamID }) else { throw DomainError.notFound("Team \(teamID.rawValue) in \(league.name)") }
            if team.manager != user { try requireCommissioner(league, caller: caller, doing: "rename another manager's team") }
            guard team.name != name else { return team }
            if let other = teams.first(where: { $0.id != teamID && $0.name.lowercased() == name.lowercased() }) {
                throw DomainError.validation(field: "teamName", message: "\(league.name) already has a team called \(other.name)")
            }
            team.name = name
            try w.updateTeam(team)
            try w.appendEvent(league: id, LeagueEvent.LeagueUpdated(teams: teams.count), at: clock.now())
            return team
        }
    }

    // MARK: Helpers

    /// The checks joining shares: before the draft, not already in, a free team, a team name nobody else uses.
    func requireCanTakeTeam(_ league: League, teams: [Team], user: UserID, teamName: String) throws {
        if teams.contains(where: { $0.manager == user }) { throw DomainError.conflict("You already have a team in \(league.name)") }
        try requirePredraft(league, "\(league.name) has already drafted — joining is closed")
        guard teams.contains(where: \.isBot) else { throw DomainError.conflict("\(league.name) is full") }
        if teams.contains(where: { !$0.isBot && $0.name.lowercased() == teamName.lowercased() }) {
            throw DomainError.validation(field: "teamName", message: "\(league.name) already has a team called \(teamName)")
        }
    }

    /// Hands the first open bot team to `user` under `name`.
    func takeOpenTeam(_ w: any LeagueStoreWriter, teams: [Team], user: UserID, name: String) throws -> Team {
        guard var team = teams.sorted(by: { $0.id < $1.id }).first(where: \.isBot) else { throw DomainError.conflict("The league is full") }
        team.manager = user
        team.name = name
        team.autopick = false
        try w.updateTeam(team)
        return team
    }
}
