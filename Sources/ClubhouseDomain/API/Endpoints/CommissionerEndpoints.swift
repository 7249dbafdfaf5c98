import Foundation

extension Endpoints {
    /// The commissioner's actions. Every one refuses anyone else with `.forbidden("Only the commissioner can …")`.
    public enum Commissioner {
        public static let joinRequests = Endpoint<At.League, Wire.Empty, [JoinRequestView]>.leagueRead("joinRequests", "/v1/leagues/{league}/join-requests") { try $0.leagues.joinRequests($1, caller: $2) }
        public static let invites = Endpoint<At.League, Wire.Empty, [Invite]>.leagueRead("invites", "/v1/leagues/{league}/invites") { try $0.leagues.invites($1, caller: $2) }

        static let reason = "Sign in as the commissioner of {league} to do that."
        /// A commissioner's write: the shared sign-in sentence, and its own success toast.
        static func words<A, B>(_ success: @escaping @Sendable (A, B) -> String) -> GateWords<A, B> {
            GateWords(reason: { _, _, name in GateWords<A, B>.fill(reason, name) },
                      resume: { _, _, name in GateWords<A, B>.fill(GateWords<A, B>.resumeAnything, name) }, success: success)
        }
        static func words<A, B>(_ success: String) -> GateWords<A, B> { words { _, _ in success } }

        public static let decideJoinRequest = Endpoint<At.JoinRequest, Wire.Decision, JoinRequest>.gated(
            "decideJoinRequest", .post, "/v1/leagues/{league}/join-requests/{user}/decision",
            words { _, b in b.approve ? "Request approved — the team is theirs" : "Request denied" }
        ) { c, a, b in try c.service.leagues.decideJoinRequest(a.league, user: a.user, approve: b.approve, caller: c.caller) }
        public static let createInvite = Endpoint<At.League, Wire.NewInvite, Invite>.gated(
            "createInvite", .post, "/v1/leagues/{league}/invites", idempotent: true, words("Invite created — share the code")
        ) { c, a, b in
            var random = SeededRandom(seed: c.seed)
            return try c.service.leagues.createInvite(a.league, uses: b.uses, expiresAt: b.expiresAt, caller: c.caller, using: &random)
        }
        public static let revokeInvite = Endpoint<At.Invite, Wire.Empty, Wire.Empty>.gated(
            "revokeInvite", .delete, "/v1/leagues/{league}/invites/{code}", words { a, _ in "Invite \(a.code) revoked" }
        ) { c, a, _ in try c.service.leagues.revokeInvite(a.league, code: a.code, caller: c.caller); return Wire.Empty() }
        public static let updateSettings = Endpoint<At.League, LeagueSettings, League>.gated(
            "updateSettings", .put, "/v1/leagues/{league}/settings",
            GateWords(reason: "Sign in as the commissioner of {league} to save its settings.", success: "Settings saved")
        ) { c, a, settings in try c.service.commissioner.updateSettings(a.league, settings: settings, caller: c.caller) }
        public static let setDraftOrder = Endpoint<At.League, Wire.TeamOrder, Draft>.gated(
            "setDraftOrder", .put, "/v1/leagues/{league}/draft/order", words("Draft order saved")
        ) { c, a, b in try c.service.commissioner.setDraftOrder(a.league, order: b.order, caller: c.caller) }
        public static let randomizeDraftOrder = Endpoint<At.League, Wire.Empty, Draft>.gated(
            "randomizeDraftOrder", .post, "/v1/leagues/{league}/draft/order/randomize", words("Draft order randomised")
        ) { c, a, _ in
            var random = SeededRandom(seed: c.seed)
            return try c.service.commissioner.randomizeDraftOrder(a.league, caller: c.caller, using: &random)
        }
        public static let scheduleDraft = Endpoint<At.League, Wire.Schedule, League>.gated(
            "scheduleDraft", .put, "/v1/leagues/{league}/draft/schedule", words { _, b in b.at == nil ? "Draft date cleared" : "Draft scheduled" }
        ) { c, a, b in try c.service.commissioner.scheduleDraft(a.league, at: b.at, caller: c.caller) }
        /// A button of the draft's controls: no body, the draft as it stands after it, "Done".
        static func draftControl(_ name: String, _ template: String,
                                 _ run: @escaping @Sendable (UseCaseContext, LeagueID) throws -> Draft) -> Endpoint<At.League, Wire.Empty, Draft> {
            .gated(name, .post, template, words("Done")) { c, a, _ in try run(c, a.league) }
        }
        public static let startDraft = draftControl("startDraft", "/v1/leagues/{league}/draft/start") { c, l in try c.service.draft.startDraft(l, caller: c.caller) }
        public static let pauseDraft = draftControl("pauseDraft", "/v1/leagues/{league}/draft/pause") { c, l in try c.service.draft.pauseDraft(l, caller: c.caller) }
        public static let resumeDraft = draftControl("resumeDraft", "/v1/leagues/{league}/draft/resume") { c, l in try c.service.draft.resumeDraft(l, caller: c.caller) }
        public static let undoLastPick = draftControl("undoLastPick", "/v1/leagues/{league}/draft/undo") { c, l in try c.service.draft.undoLastPick(l, caller: c.caller) }
        public static let pickForTeam = Endpoint<At.League, Wire.PickRequest, Pick>.gated(
            "pickForTeam", .post, "/v1/leagues/{league}/draft/picks-for-team", idempotent: true, words("Done")
        ) { c, a, b in try c.service.draft.pickForTeam(a.league, expectedPick: b.expectedPick, expectedTeam: b.expectedTeam, player: b.player, caller: c.caller) }
        public static let setAutopick = Endpoint<At.Team, Wire.Autopick, Team>.gated(
            "setAutopick", .put, "/v1/leagues/{league}/teams/{team}/autopick", words("Done")
        ) { c, a, b in try c.service.draft.setAutopick(a.league, team: a.team, on: b.on, caller: c.caller) }
        public static let advanceClock = Endpoint<At.League, Wire.ClockTo, ClockAdvance>.gated(
            "advanceClock", .post, "/v1/leagues/{league}/clock", words("Season clock moved")
        ) { c, a, b in try c.service.season.advanceClock(a.league, to: b.to, caller: c.caller) }
        public static let setClockSpeed = Endpoint<At.League, Wire.ClockSpeedBody, ClockRun>.gated(
            "setClockSpeed", .put, "/v1/leagues/{league}/clock/speed",
            words { _, b in b.speed == .off ? "Season clock stopped" : "Season clock running at \(b.speed.label)" }
        ) { c, a, b in try c.service.season.setClockSpeed(a.league, speed: b.speed, caller: c.caller) }

        /// Renews a league whose season is over into the next season: `{"league": ID}`, the new league, as creating one
        /// answers. Idempotent: a retry after a lost answer gets the same league, not a refusal.
        public static let renewLeague = Endpoint<At.League, Wire.Empty, Wire.CreatedLeague>.gated(
            "renewLeague", .post, "/v1/leagues/{league}/renew", idempotent: true,
            GateWords(reason: "Sign in as the commissioner of {league} to renew it into next season.", resume: "Finish renewing {league}?",
                      success: "League renewed — next season's league is ready for its draft")
        ) { c, a, _ in Wire.CreatedLeague(league: try c.service.history.renewLeague(a.league, seed: c.seed, caller: c.caller)) }

        static let all: [any AnyEndpoint] = [joinRequests, invites, decideJoinRequest, createInvite, revokeInvite, updateSettings, setDraftOrder,
                                             randomizeDraftOrder, scheduleDraft, startDraft, pauseDraft, resumeDraft, undoLastPick, pickForTeam,
                                             setAutopick, advanceClock, setClockSpeed, renewLeague]
    }
}

public protocol CommissionerClient: LeagueTransport {
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
    /// Picks for the team on the clock (an absent manager): `expectedTeam` is the team the person saw on the clock.
    func pickForTeam(_ league: LeagueID, expectedPick: Int, expectedTeam: TeamID?, player: PlayerID) async throws -> Pick
    /// Switches autopick for a team (the team's own manager may do this too).
    func setAutopick(_ league: LeagueID, team: TeamID, on: Bool) async throws -> Team
    /// Moves the league's season clock forward, processing waivers and finalizing weeks on the way.
    func advanceClock(_ league: LeagueID, to: Date) async throws -> ClockAdvance
    /// Sets how fast the league's season clock runs on its own (off, 1×, 10×, 60×).
    func setClockSpeed(_ league: LeagueID, speed: ClockSpeed) async throws -> ClockRun
    /// Renews a league whose season is over into the next season stored; returns the new league.
    func renewLeague(_ league: LeagueID) async throws -> LeagueID
}

extension CommissionerClient {
    typealias C = Endpoints.Commissioner
    public func joinRequests(_ league: LeagueID) async throws -> [JoinRequestView] { try await call(C.joinRequests, At.League(league)) }
    public func decideJoinRequest(_ league: LeagueID, user: UserID, approve: Bool) async throws -> JoinRequest {
        try await call(C.decideJoinRequest, At.JoinRequest(league, user: user), Wire.Decision(approve: approve))
    }
    public func createInvite(_ league: LeagueID, uses: Int, expiresAt: Date?) async throws -> Invite {
        try await call(C.createInvite, At.League(league), Wire.NewInvite(uses: uses, expiresAt: expiresAt))
    }
    public func invites(_ league: LeagueID) async throws -> [Invite] { try await call(C.invites, At.League(league)) }
    public func revokeInvite(_ league: LeagueID, code: String) async throws { _ = try await call(C.revokeInvite, At.Invite(league, code: code)) }
    public func updateSettings(_ league: LeagueID, settings: LeagueSettings) async throws -> League {
        try await call(C.updateSettings, At.League(league), settings)
    }
    public func setDraftOrder(_ league: LeagueID, order: [TeamID]) async throws -> Draft {
        try await call(C.setDraftOrder, At.League(league), Wire.TeamOrder(order: order))
    }
    public func randomizeDraftOrder(_ league: LeagueID) async throws -> Draft { try await call(C.randomizeDraftOrder, At.League(league)) }
    public func scheduleDraft(_ league: LeagueID, at: Date?) async throws -> League { try await call(C.scheduleDraft, At.League(league), Wire.Schedule(at: at)) }
    public func startDraft(_ league: LeagueID) async throws -> Draft { try await call(C.startDraft, At.League(league)) }
    public func pauseDraft(_ league: LeagueID) async throws -> Draft { try await call(C.pauseDraft, At.League(league)) }
    public func resumeDraft(_ league: LeagueID) async throws -> Draft { try await call(C.resumeDraft, At.League(league)) }
    public func undoLastPick(_ league: LeagueID) async throws -> Draft { try await call(C.undoLastPick, At.League(league)) }
    public func pickForTeam(_ league: LeagueID, expectedPick: Int, expectedTeam: TeamID?, player: PlayerID) async throws -> Pick {
        try await call(C.pickForTeam, At.League(league), Wire.PickRequest(expectedPick: expectedPick, expectedTeam: expectedTeam, player: player))
    }
    public func setAutopick(_ league: LeagueID, team: TeamID, on: Bool) async throws -> Team {
        try await call(C.setAutopick, At.Team(league, team), Wire.Autopick(on: on))
    }
    public func advanceClock(_ league: LeagueID, to: Date) async throws -> ClockAdvance { try await call(C.advanceClock, At.League(league), Wire.ClockTo(to: to)) }
    public func setClockSpeed(_ league: LeagueID, speed: ClockSpeed) async throws -> ClockRun {
        try await call(C.setClockSpeed, At.League(league), Wire.ClockSpeedBody(speed: speed))
    }
    public func renewLeague(_ league: LeagueID) async throws -> LeagueID { try await call(C.renewLeague, At.League(league)).league }
}
