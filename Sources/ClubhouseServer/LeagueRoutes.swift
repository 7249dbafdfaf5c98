import ClubhouseDomain
import Foundation

/// The route table: one row per `LeagueAPI` method, under `/v1/`. Reads are GET; writes POST/PUT/DELETE with a
/// JSON body from `Wire`. Adding a contract method is one row here (and one line in `RemoteLeagueAPI`).
public enum LeagueRoutes {
    public static let all: [Route] = browsing + membership + team + draft + commissioner + accounts + system

    static let browsing: [Route] = [
        .get("/v1/leagues") { api, p in
            try await api.publicLeagues(filter: LeagueFilter(nameContains: p.query["name"], state: try p.optional("state", LeagueState.self)))
        },
        .get("/v1/me/leagues") { api, _ in try await api.myLeagues() },
        .get("/v1/leagues/{league}") { api, p in try await api.league(try p.league) },
        .get("/v1/leagues/{league}/standings") { api, p in try await api.standings(try p.league) },
        .get("/v1/leagues/{league}/scoreboard") { api, p in try await api.scoreboard(try p.league, week: try p.optionalInt("week")) },
        .get("/v1/leagues/{league}/matchups/{week}/{team}") { api, p in try await api.matchup(try p.league, week: try p.week, team: try p.team) },
        .get("/v1/leagues/{league}/teams/{team}/roster") { api, p in try await api.roster(try p.league, team: try p.team) },
        .get("/v1/players/{player}") { api, p in
            try await api.player(try p.player, league: try p.optionalInt("league").map { LeagueID(Int64($0)) })
        },
        .get("/v1/leagues/{league}/players") { api, p in
            try await api.availablePlayers(try p.league, position: try p.optional("position", Position.self),
                                           sort: try p.optional("sort", PlayerSort.self) ?? .seasonPoints)
        },
        .get("/v1/leagues/{league}/draft") { api, p in try await api.draftBoard(try p.league) },
        .get("/v1/leagues/{league}/draft/recap") { api, p in try await api.draftRecap(try p.league) },
        .get("/v1/leagues/{league}/draft/players") { api, p in try await api.draftablePlayers(try p.league) },
        .get("/v1/seasons") { api, _ in try await api.seasons() },
    ]

    static let membership: [Route] = [
        .write("POST", "/v1/leagues", NewLeague.self) { api, _, b in Wire.CreatedLeague(league: try await api.createLeague(b)) },
        .write("POST", "/v1/leagues/{league}/join-requests", Wire.TeamName.self) { api, p, b in
            try await api.requestToJoin(try p.league, teamName: b.teamName)
        },
        .write("POST", "/v1/invites/redeem", Wire.Redeem.self) { api, _, b in
            Wire.TeamTaken(team: try await api.redeemInvite(code: b.code, teamName: b.teamName))
        },
        .write("POST", "/v1/leagues/{league}/leave") { api, p in try await api.leaveLeague(try p.league); return Wire.Empty() },
    ]

    static let team: [Route] = [
        .write("POST", "/v1/leagues/{league}/teams/{team}/lineup", LineupMove.self) { api, p, b in
            try await api.moveInLineup(try p.league, team: try p.team, move: b)
        },
        .write("POST", "/v1/leagues/{league}/teams/{team}/adds", Wire.AddPlayer.self) { api, p, b in
            try await api.addFreeAgent(try p.league, team: try p.team, player: b.player, dropping: b.dropping)
        },
        .write("POST", "/v1/leagues/{league}/teams/{team}/drops", Wire.PlayerRef.self) { api, p, b in
            try await api.dropPlayer(try p.league, team: try p.team, player: b.player)
        },
        .write("POST", "/v1/leagues/{league}/teams/{team}/claims", Wire.Claim.self) { api, p, b in
            try await api.placeClaim(try p.league, team: try p.team, player: b.player, dropping: b.dropping, bid: b.bid)
        },
        .write("DELETE", "/v1/leagues/{league}/claims/{claim}") { api, p in try await api.cancelClaim(try p.league, claim: try p.claim); return Wire.Empty() },
        .write("PUT", "/v1/leagues/{league}/teams/{team}/claims/order", Wire.ClaimOrder.self) { api, p, b in
            try await api.reorderClaims(try p.league, team: try p.team, order: b.order)
        },
        .get("/v1/leagues/{league}/my-claims") { api, p in try await api.myClaims(try p.league) },
        .get("/v1/leagues/{league}/my-claims/results") { api, p in try await api.myClaimResults(try p.league) },
        .get("/v1/leagues/{league}/transactions") { api, p in try await api.transactions(try p.league) },
    ]

    static let draft: [Route] = [
        .write("POST", "/v1/leagues/{league}/draft/picks", Wire.PickRequest.self) { api, p, b in
            try await api.makePick(try p.league, expectedPick: b.expectedPick, player: b.player)
        },
        .get("/v1/leagues/{league}/draft/queue") { api, p in try await api.myQueue(try p.league) },
        .write("POST", "/v1/leagues/{league}/draft/queue", DraftQueueEdit.self) { api, p, b in try await api.editQueue(try p.league, b) },
        .write("POST", "/v1/leagues/{league}/chat", Wire.ChatText.self) { api, p, b in try await api.sendChat(try p.league, text: b.text) },
        .get("/v1/leagues/{league}/chat") { api, p in
            try await api.chatMessages(try p.league, after: try p.optionalInt("after").map(Int64.init))
        },
    ]

    static let commissioner: [Route] = [
        .get("/v1/leagues/{league}/join-requests") { api, p in try await api.joinRequests(try p.league) },
        .write("POST", "/v1/leagues/{league}/join-requests/{user}/decision", Wire.Decision.self) { api, p, b in
            try await api.decideJoinRequest(try p.league, user: try p.user, approve: b.approve)
        },
        .write("POST", "/v1/leagues/{league}/invites", Wire.NewInvite.self) { api, p, b in
            try await api.createInvite(try p.league, uses: b.uses, expiresAt: b.expiresAt)
        },
        .get("/v1/leagues/{league}/invites") { api, p in try await api.invites(try p.league) },
        .write("DELETE", "/v1/leagues/{league}/invites/{code}") { api, p in try await api.revokeInvite(try p.league, code: try p.code); return Wire.Empty() },
        .write("PUT", "/v1/leagues/{league}/settings", LeagueSettings.self) { api, p, b in try await api.updateSettings(try p.league, settings: b) },
        .write("PUT", "/v1/leagues/{league}/draft/order", Wire.TeamOrder.self) { api, p, b in try await api.setDraftOrder(try p.league, order: b.order) },
        .write("POST", "/v1/leagues/{league}/draft/order/randomize") { api, p in try await api.randomizeDraftOrder(try p.league) },
        .write("PUT", "/v1/leagues/{league}/draft/schedule", Wire.Schedule.self) { api, p, b in try await api.scheduleDraft(try p.league, at: b.at) },
        .write("POST", "/v1/leagues/{league}/draft/start") { api, p in try await api.startDraft(try p.league) },
        .write("POST", "/v1/leagues/{league}/draft/pause") { api, p in try await api.pauseDraft(try p.league) },
        .write("POST", "/v1/leagues/{league}/draft/resume") { api, p in try await api.resumeDraft(try p.league) },
        .write("POST", "/v1/leagues/{league}/draft/undo") { api, p in try await api.undoLastPick(try p.league) },
        .write("POST", "/v1/leagues/{league}/draft/picks-for-team", Wire.PickRequest.self) { api, p, b in
            try await api.pickForTeam(try p.league, expectedPick: b.expectedPick, player: b.player)
        },
        .write("PUT", "/v1/leagues/{league}/teams/{team}/autopick", Wire.Autopick.self) { api, p, b in
            try await api.setAutopick(try p.league, team: try p.team, on: b.on)
        },
        .write("POST", "/v1/leagues/{league}/clock", Wire.ClockTo.self) { api, p, b in try await api.advanceClock(try p.league, to: b.to) },
        .write("PUT", "/v1/leagues/{league}/clock/speed", Wire.ClockSpeedBody.self) { api, p, b in try await api.setClockSpeed(try p.league, speed: b.speed) },
    ]

    /// Sign-in and account creation run through the backend, limited by who the client is as the server can vouch for
    /// it (`origin`) — never by the device name a client sends. SSH-key sign-in is refused over HTTP unless the SSH host
    /// asks: sshd proves the key on the SSH host, nothing proves it here.
    static let accounts: [Route] = [
        Route("POST", "/v1/accounts", access: .account) { c in
            let b = try StrictJSON.decode(Wire.NewAccount.self, from: c.request.body)
            return try .ok(await c.backend.createAccount(email: b.email, password: b.password, displayName: b.displayName,
                                                         from: try origin(c, device: b.device)))
        },
        Route("POST", "/v1/sessions", access: .account) { c in
            let b = try StrictJSON.decode(Wire.SignIn.self, from: c.request.body)
            return try .ok(await c.backend.signIn(email: b.email, password: b.password, from: try origin(c, device: b.device)))
        },
        Route("POST", "/v1/sessions/ssh-key", access: .account) { c in
            // Only an SSH host that shares the server's secret may vouch for a key (sshd proved it there).
            try requireSSHHost(c)
            let b = try StrictJSON.decode(Wire.Fingerprint.self, from: c.request.body)
            return try .ok(await c.api.signIn(sshKeyFingerprint: b.fingerprint))
        },
        // Whom a key is linked to (the SSH host's key check and its "K: sign in as Ann"): only for the SSH host.
        Route("POST", "/v1/ssh-keys/owner", access: .account) { c in
            try requireSSHHost(c)
            let b = try StrictJSON.decode(Wire.Fingerprint.self, from: c.request.body)
            return try .ok(Wire.SSHKeyOwner(name: await c.backend.sshKeyOwner(fingerprint: b.fingerprint)))
        },
        Route("DELETE", "/v1/session", access: .account) { c in
            if let token = c.token { try await c.backend.signOut(token: token) }
            return try .ok(Wire.Empty())
        },
        Route("GET", "/v1/me", access: .read) { c in try .ok(c.user) },
        .write("PUT", "/v1/me", Wire.Profile.self) { api, _, b in try await api.updateProfile(displayName: b.displayName, email: b.email) },
        .write("POST", "/v1/me/ssh-keys", Wire.LinkKey.self) { api, _, b in
            try await api.linkSSHKey(fingerprint: b.fingerprint, publicKey: b.publicKey); return Wire.Empty()
        },
        .write("POST", "/v1/me/ssh-keys/unlink", Wire.Fingerprint.self) { api, _, b in
            try await api.unlinkSSHKey(fingerprint: b.fingerprint); return Wire.Empty()
        },
    ]

    /// 403 unless the request carries the server's SSH host secret (`X-Clubhouse-SSH-Host`), compared in constant time.
    static func requireSSHHost(_ c: RouteCall) throws {
        guard c.fromSSHHost else {
            throw DomainError.forbidden("SSH key sign-in works only through the club's SSH host (clubhouse host-ssh)")
        }
    }

    /// Whether `request` carries the SSH host secret (`X-Clubhouse-SSH-Host`), compared in constant time.
    public static func carriesSSHHostSecret(_ request: HTTPRequest, secret: String?) -> Bool {
        guard let secret, let sent = request.headers["x-clubhouse-ssh-host"] else { return false }
        return sent.utf8.count == secret.utf8.count && zip(sent.utf8, secret.utf8).reduce(0, { $0 | ($1.0 ^ $1.1) }) == 0
    }

    /// Whom the sign-in limits count a sign-in or new account against: the client's address (an IPv6 /64). From the
    /// SSH host (its secret proves it), the SSH client's address it forwards and the key the session connected with
    /// (`device` "ssh:SHA256:…") — not the loopback address every SSH session shares. A device a client names itself
    /// is ignored: a new name each try would get past any limit.
    static func origin(_ c: RouteCall, device: String?) throws -> ClientOrigin {
        if c.request.headers["x-clubhouse-ssh-host"] != nil, !c.fromSSHHost {
            throw DomainError.forbidden("This SSH host's secret isn't the league server's — restart clubhouse host-ssh with the server's secret file")
        }
        let address = ClientOrigin.address(c.client?.limitBucket ?? "unknown")
        guard c.fromSSHHost else { return address }
        let key = device.flatMap { $0.hasPrefix("ssh:") ? ClientOrigin.device(String($0.prefix(200))) : nil }
        let forwarded = c.request.headers["x-forwarded-for"] != nil
        switch (forwarded, key) {
        case (true, let key?): return address + key
        case (true, nil): return address
        case (false, let key?): return key
        case (false, nil): return address
        }
    }

    static let system: [Route] = [
        // Answered by the server itself (`LeagueServer.healthz`: the database checked, the answer cached for a second).
        Route("GET", "/healthz", access: .account) { _ in throw ServerErrors.noRoute },
        // The server's version and API version (`LeagueServer.Options.version`), to anyone; every answer also carries
        // them in `Clubhouse-Version`.
        Route("GET", "/v1/meta", access: .account) { call in try .ok(call.serverVersion) },
        // Answered by the server itself (`LeagueServer.metricsAnswer`: loopback or the metrics token only).
        Route("GET", "/metrics", access: .account) { _ in throw ServerErrors.noRoute },
    ]
}
