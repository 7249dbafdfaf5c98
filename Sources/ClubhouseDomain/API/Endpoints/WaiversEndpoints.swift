import Foundation

extension Endpoints {
    /// Waiver claims: placed, cancelled, ordered, and their results.
    public enum Waivers {
        public static let myClaims = Endpoint<At.League, Wire.Empty, [ClaimView]>.leagueRead("myClaims", "/v1/leagues/{league}/my-claims") { try $0.waivers.myClaims($1, caller: $2) }
        public static let myClaimResults = Endpoint<At.League, Wire.Empty, [ClaimView]>.leagueRead("myClaimResults", "/v1/leagues/{league}/my-claims/results") { try $0.waivers.myClaimResults($1, caller: $2) }

        static let manageWords = GateWords<At.Claim, Wire.Empty>(reason: "Sign in to manage your waiver claims in {league}.",
                                                                 resume: "Finish changing your waiver claims in {league}?", success: "Waiver claim cancelled")
        public static let placeClaim = Endpoint<At.Team, Wire.Claim, WaiverClaim>.gated(
            "placeClaim", .post, "/v1/leagues/{league}/teams/{team}/claims", idempotent: true,
            GateWords(reason: "Sign in to claim this player in {league}.", resume: "Finish your waiver claim in {league}?", success: "Waiver claim placed")
        ) { c, a, b in try c.service.waivers.placeClaim(a.league, team: a.team, player: b.player, dropping: b.dropping, bid: b.bid, caller: c.caller) }
        public static let cancelClaim = Endpoint<At.Claim, Wire.Empty, Wire.Empty>.gated(
            "cancelClaim", .delete, "/v1/leagues/{league}/claims/{claim}", manageWords
        ) { c, a, _ in try c.service.waivers.cancelClaim(a.league, claim: a.claim, caller: c.caller); return Wire.Empty() }
        public static let reorderClaims = Endpoint<At.Team, Wire.ClaimOrder, [WaiverClaim]>.gated(
            "reorderClaims", .put, "/v1/leagues/{league}/teams/{team}/claims/order",
            GateWords(reason: "Sign in to manage your waiver claims in {league}.", resume: "Finish changing your waiver claims in {league}?",
                      success: "Claim order saved")
        ) { c, a, b in try c.service.waivers.reorderClaims(a.league, team: a.team, order: b.order, caller: c.caller) }

        static let all: [any AnyEndpoint] = [myClaims, myClaimResults, placeClaim, cancelClaim, reorderClaims]
    }
}

public protocol WaiversClient: LeagueTransport {
    /// Claims a player on waivers (`bid` in FAAB leagues, 0 under rolling priority).
    func placeClaim(_ league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?, bid: Int) async throws -> WaiverClaim
    func cancelClaim(_ league: LeagueID, claim: Int64) async throws
    /// Sets the order the team's pending claims are tried in; `order` lists exactly those claims' ids.
    func reorderClaims(_ league: LeagueID, team: TeamID, order: [Int64]) async throws -> [WaiverClaim]
    /// The caller's pending claims in the order they will be tried (empty when signed out or not a member).
    func myClaims(_ league: LeagueID) async throws -> [ClaimView]
    /// The caller's processed claims (won or lost, `claim.outcome` says why), newest first, at most 10.
    func myClaimResults(_ league: LeagueID) async throws -> [ClaimView]
}

extension WaiversClient {
    public func placeClaim(_ league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?, bid: Int) async throws -> WaiverClaim {
        try await call(Endpoints.Waivers.placeClaim, At.Team(league, team), Wire.Claim(player: player, dropping: dropping, bid: bid))
    }
    public func cancelClaim(_ league: LeagueID, claim: Int64) async throws { _ = try await call(Endpoints.Waivers.cancelClaim, At.Claim(league, claim: claim)) }
    public func reorderClaims(_ league: LeagueID, team: TeamID, order: [Int64]) async throws -> [WaiverClaim] {
        try await call(Endpoints.Waivers.reorderClaims, At.Team(league, team), Wire.ClaimOrder(order: order))
    }
    public func myClaims(_ league: LeagueID) async throws -> [ClaimView] { try await call(Endpoints.Waivers.myClaims, At.League(league)) }
    public func myClaimResults(_ league: LeagueID) async throws -> [ClaimView] { try await call(Endpoints.Waivers.myClaimResults, At.League(league)) }
}
