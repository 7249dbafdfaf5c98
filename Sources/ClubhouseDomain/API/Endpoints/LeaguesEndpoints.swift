import Foundation

extension Endpoints {
    /// Finding, creating, joining and leaving leagues.
    public enum Leagues {
        public static let publicLeagues = Endpoint<At.LeagueList, Wire.Empty, [LeagueSummary]>.read("publicLeagues", "/v1/leagues") { c, a in
            try c.service.leagues.publicLeagues(filter: a.filter, caller: c.caller)
        }
        public static let myLeagues = Endpoint<At.Root, Wire.Empty, [LeagueSummary]>.read("myLeagues", "/v1/me/leagues") { c, _ in
            try c.service.leagues.myLeagues(caller: c.caller)
        }
        public static let league = Endpoint<At.League, Wire.Empty, LeagueDetail>.leagueRead("league", "/v1/leagues/{league}") { try $0.leagues.league($1, caller: $2) }
        public static let standings = Endpoint<At.League, Wire.Empty, [StandingsEntry]>.leagueRead("standings", "/v1/leagues/{league}/standings") { try $0.matchups.standings($1, caller: $2) }
        public static let seasons = Endpoint<At.Root, Wire.Empty, [SeasonInfo]>.read("seasons", "/v1/seasons") { c, _ in try c.service.seasons() }
        /// Every season of the league's renewal chain with its champion, standings and draft, and the all-time records
        /// (`LeagueHistory`). It reads the chain's other leagues too, so the server never keeps it by this league's
        /// revision alone (`Endpoints.readsAcrossLeagues`).
        public static let history = Endpoint<At.League, Wire.Empty, LeagueHistory>.leagueRead("history", "/v1/leagues/{league}/history") { try $0.history.history($1, caller: $2) }

        public static let createLeague = Endpoint<At.Root, NewLeague, Wire.CreatedLeague>.gated(
            "createLeague", .post, "/v1/leagues", idempotent: true,
            GateWords(reason: { _, new, _ in "Sign in or create an account to create \(new.name) — you'll be its commissioner." },
                      resume: { _, new, _ in "Finish creating \(new.name)?" },
                      success: { _, new in "\(new.name) created — you're its commissioner" })
        ) { c, _, new in
            Wire.CreatedLeague(league: try c.service.leagues.createLeague(name: new.name, settings: new.settings, isPublic: new.isPublic, teamName: new.teamName,
                                                                  season: new.season, seasonClock: new.seasonClock, seed: c.seed, caller: c.caller))
        }
        public static let requestToJoin = Endpoint<At.League, Wire.TeamName, JoinRequest>.gated(
            "requestToJoin", .post, "/v1/leagues/{league}/join-requests", idempotent: true,
            GateWords(reason: "Sign in or create an account to join {league}.", resume: "Finish joining {league}?",
                      success: "Join request sent — waiting for the commissioner")
        ) { c, a, b in try c.service.leagues.requestToJoin(a.league, teamName: b.teamName, caller: c.caller) }
        public static let redeemInvite = Endpoint<At.Root, Wire.Redeem, Wire.TeamTaken>.gated(
            "redeemInvite", .post, "/v1/invites/redeem", idempotent: true,
            GateWords(reason: "Sign in or create an account to join with this invite code.", resume: "Finish joining with your invite code?",
                      success: "Invite accepted — welcome to the league")
        ) { c, _, b in Wire.TeamTaken(team: try c.service.leagues.redeemInvite(code: b.code, teamName: b.teamName, caller: c.caller)) }
        public static let leaveLeague = Endpoint<At.League, Wire.Empty, Wire.Empty>.gated(
            "leaveLeague", .post, "/v1/leagues/{league}/leave",
            GateWords(reason: "Sign in to leave {league}.", resume: "Finish leaving {league}?", success: "You left the league")
        ) { c, a, _ in try c.service.leagues.leaveLeague(a.league, caller: c.caller); return Wire.Empty() }

        public static let myJoinRequests = Endpoint<At.Root, Wire.Empty, [MyJoinRequest]>.read("myJoinRequests", "/v1/me/join-requests") { c, _ in
            try c.service.leagues.myJoinRequests(caller: c.caller)
        }
        public static let withdrawJoinRequest = Endpoint<At.League, Wire.Empty, Wire.Empty>.gated(
            "withdrawJoinRequest", .post, "/v1/leagues/{league}/join-requests/withdrawal",
            GateWords(reason: "Sign in to withdraw your request to join {league}.", resume: "Finish withdrawing your request to join {league}?",
                      success: "Join request withdrawn")
        ) { c, a, _ in try c.service.leagues.withdrawJoinRequest(a.league, caller: c.caller); return Wire.Empty() }

        /// A team's new name, by its manager (or the commissioner, for any team): `{"teamName"}` → the team.
        public static let renameTeam = Endpoint<At.Team, Wire.TeamName, Team>.gated(
            "renameTeam", .put, "/v1/leagues/{league}/teams/{team}/name",
            GateWords(reason: { _, _, league in "Sign in to rename your team in \(league)." },
                      resume: { _, b, league in "Finish renaming your team in \(league) to \(TextRules.normalized(b.teamName))?" },
                      success: { _, b in "Team renamed to \(TextRules.normalized(b.teamName))" })
        ) { c, a, b in try c.service.leagues.renameTeam(a.league, team: a.team, to: b.teamName, caller: c.caller) }

        static let all: [any AnyEndpoint] = [publicLeagues, myLeagues, league, standings, seasons, history, createLeague, requestToJoin, redeemInvite, leaveLeague,
                                             myJoinRequests, withdrawJoinRequest, renameTeam]
    }
}

/// Finding, creating, joining and leaving leagues. Reading never needs an account; the writes refuse a signed-out
/// caller with `.unauthenticated` (the app turns it into the sign-in gate), a caller without the right role with
/// `.forbidden` and one sentence, a stale or out-of-state request with `.conflict`, and bad input with `.validation`.
public protocol LeaguesClient: LeagueTransport {
    /// Public leagues, filtered by name/state, newest activity first.
    func publicLeagues(filter: LeagueFilter) async throws -> [LeagueSummary]
    /// Leagues the signed-in person belongs to (empty when signed out).
    func myLeagues() async throws -> [LeagueSummary]
    func league(_ id: LeagueID) async throws -> LeagueDetail
    func standings(_ id: LeagueID) async throws -> [StandingsEntry]
    /// The NFL seasons the database holds, oldest first (a new league picks one; the newest is the default).
    func seasons() async throws -> [SeasonInfo]
    /// Every season of the league's renewal chain, its champions and all-time records.
    func history(_ id: LeagueID) async throws -> LeagueHistory
    /// Creates a league; the caller becomes its commissioner and manages its first team.
    func createLeague(_ new: NewLeague) async throws -> LeagueID
    /// Asks the commissioner of a public, not yet drafted, not full league for a team named `teamName` (1–40 characters).
    func requestToJoin(_ league: LeagueID, teamName: String) async throws -> JoinRequest
    /// Joins the invite's league at once under `teamName`; returns the team taken over.
    func redeemInvite(code: String, teamName: String) async throws -> TeamID
    /// Leaves a league before its draft; the team goes back to a bot. The commissioner can't leave.
    func leaveLeague(_ league: LeagueID) async throws
    /// The signed-in person's pending and declined join requests (empty when signed out).
    func myJoinRequests() async throws -> [MyJoinRequest]
    /// Takes back the person's join request in `league` (a declined one is cleared).
    func withdrawJoinRequest(_ league: LeagueID) async throws
}

extension LeaguesClient {
    public func publicLeagues(filter: LeagueFilter) async throws -> [LeagueSummary] { try await call(Endpoints.Leagues.publicLeagues, At.LeagueList(filter)) }
    public func myLeagues() async throws -> [LeagueSummary] { try await call(Endpoints.Leagues.myLeagues, At.Root()) }
    public func league(_ id: LeagueID) async throws -> LeagueDetail { try await call(Endpoints.Leagues.league, At.League(id)) }
    public func standings(_ id: LeagueID) async throws -> [StandingsEntry] { try await call(Endpoints.Leagues.standings, At.League(id)) }
    public func seasons() async throws -> [SeasonInfo] { try await call(Endpoints.Leagues.seasons, At.Root()) }
    public func history(_ id: LeagueID) async throws -> LeagueHistory { try await call(Endpoints.Leagues.history, At.League(id)) }
    public func createLeague(_ new: NewLeague) async throws -> LeagueID { try await call(Endpoints.Leagues.createLeague, At.Root(), new).league }
    public func requestToJoin(_ league: LeagueID, teamName: String) async throws -> JoinRequest {
        try await call(Endpoints.Leagues.requestToJoin, At.League(league), Wire.TeamName(teamName: teamName))
    }
    public func redeemInvite(code: String, teamName: String) async throws -> TeamID {
        try await call(Endpoints.Leagues.redeemInvite, At.Root(), Wire.Redeem(code: code, teamName: teamName)).team
    }
    public func leaveLeague(_ league: LeagueID) async throws { _ = try await call(Endpoints.Leagues.leaveLeague, At.League(league)) }
    public func myJoinRequests() async throws -> [MyJoinRequest] { try await call(Endpoints.Leagues.myJoinRequests, At.Root()) }
    public func withdrawJoinRequest(_ league: LeagueID) async throws { _ = try await call(Endpoints.Leagues.withdrawJoinRequest, At.League(league)) }
}
