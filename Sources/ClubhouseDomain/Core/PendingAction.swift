import Foundation

/// A gated write the person asked for while signed out (ClubhouseDomain/README.md, “Gated writes”): kept durably through sign-in, then performed.
/// Older than 24 h it is dropped.
public struct PendingAction: Hashable, Codable, Sendable {
    public var write: GatedWrite
    public var createdAt: Date

    public init(_ write: GatedWrite, createdAt: Date) { self.write = write; self.createdAt = createdAt }

    public static let lifetime: TimeInterval = 24 * 3600

    public func isExpired(at now: Date) -> Bool { now.timeIntervalSince(createdAt) > Self.lifetime || createdAt > now + 300 }

    /// Performs the write as whoever `api` now speaks for. A write that is no longer valid (pick slot passed, league
    /// full) fails with the use case's own `DomainError`, whose message the app shows.
    public func perform(on api: any LeagueTransport) async throws { _ = try await write.perform(on: api) }
}

/// One gated write with its parameters: a gated `Endpoint` (by name), its address and its JSON body. It is a value
/// the soft gate can keep on disk through a sign-in and perform afterwards, and whose words (the sign-in reason, the
/// resume question, the success toast) come from the endpoint's definition.
public struct GatedWrite: Hashable, Codable, Sendable {
    /// The endpoint's `name`.
    public let endpoint: String
    public let address: RawAddress
    /// The body as JSON, keys sorted (the same write is the same bytes).
    public let body: Data

    public init<A, B, R>(_ endpoint: Endpoint<A, B, R>, _ address: A, _ body: B) {
        precondition(endpoint.access == .gated, "\(endpoint.name) is not a gated write")
        self.endpoint = endpoint.name
        self.address = address.raw
        self.body = (try? Self.encoder.encode(body)) ?? Data("{}".utf8)
    }

    public init<A, R>(_ endpoint: Endpoint<A, Wire.Empty, R>, _ address: A) { self.init(endpoint, address, Wire.Empty()) }

    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = .sortedKeys
        return e
    }()

    /// This write's address and body when it is a call of `endpoint`; nil otherwise.
    public func of<A, B, R>(_ endpoint: Endpoint<A, B, R>) -> (address: A, body: B)? {
        guard self.endpoint == endpoint.name, let a = try? A(address), let b = try? JSONDecoder().decode(B.self, from: body) else { return nil }
        return (a, b)
    }

    public func `is`<A, B, R>(_ endpoint: Endpoint<A, B, R>) -> Bool { self.endpoint == endpoint.name }

    /// The league it concerns (nil for creating a league or redeeming an invite).
    public var league: LeagueID? { address.path["league"].flatMap { Int64($0) }.map { LeagueID($0) } }

    /// "My team in this league": a write recorded while signed out doesn't know the team yet; performing resolves it.
    public static let myTeam = TeamID(0)

    /// Whether the write names "my team" (`myTeam`) rather than a team.
    public var needsMyTeam: Bool { address.path["team"] == "0" }

    /// The same write for `team` in place of "my team".
    public func withTeam(_ team: TeamID) -> GatedWrite {
        var a = address
        a.path["team"] = "\(team.rawValue)"
        return GatedWrite(endpoint: endpoint, address: a, body: body)
    }

    private init(endpoint: String, address: RawAddress, body: Data) { self.endpoint = endpoint; self.address = address; self.body = body }

    /// Performs the write on `api`; the endpoint's answer (a created league's id, an invite, a clock summary…).
    public func perform(on api: any LeagueTransport) async throws -> any Sendable {
        guard let e = Endpoints.gated[endpoint] else { throw DomainError.conflict("This app doesn't know how to finish that any more") }
        let decoded: any Sendable
        do { decoded = try Self.decodeBody(e.bodyType, body) } catch {
            throw DomainError.validation(field: "request", message: "That request can't be read any more")
        }
        return try await e.invoke(api, address, decoded)
    }

    private static func decodeBody<T: Codable & Sendable>(_ type: T.Type, _ data: Data) throws -> any Sendable {
        try JSONDecoder().decode(T.self, from: data)
    }

    /// The gate's words, from the endpoint's definition.
    var words: (any GateWordsErased)? { Endpoints.gated[endpoint] as? any GateWordsErased }

    /// "Sign in or create an account to join Sunday Funday." (`leagueName` nil: "this league").
    public func gateReason(leagueName: String?) -> String {
        words?.reason(address, body, leagueName ?? "this league") ?? "Sign in to do that in \(leagueName ?? "this league")."
    }
    /// "Finish joining Sunday Funday?" — asked when a pending write is found on launch (nil name: "the league").
    public func resumeQuestion(leagueName: String?) -> String {
        words?.resume(address, body, leagueName ?? "the league") ?? "Finish what you started in \(leagueName ?? "the league")?"
    }
    /// The sentence shown once the write went through.
    public var successMessage: String { words?.success(address, body) ?? "Done" }
}

/// An endpoint's gate words over a raw address and body (what a `GatedWrite` keeps).
protocol GateWordsErased {
    func reason(_ raw: RawAddress, _ body: Data, _ league: String) -> String?
    func resume(_ raw: RawAddress, _ body: Data, _ league: String) -> String?
    func success(_ raw: RawAddress, _ body: Data) -> String?
}

extension Endpoint: GateWordsErased {
    private func typed(_ raw: RawAddress, _ body: Data) -> (Address, Body, GateWords<Address, Body>)? {
        guard let gate, let a = try? Address(raw), let b = try? JSONDecoder().decode(Body.self, from: body) else { return nil }
        return (a, b, gate)
    }
    func reason(_ raw: RawAddress, _ body: Data, _ league: String) -> String? { typed(raw, body).map { $2.reason($0, $1, league) } }
    func resume(_ raw: RawAddress, _ body: Data, _ league: String) -> String? { typed(raw, body).map { $2.resume($0, $1, league) } }
    func success(_ raw: RawAddress, _ body: Data) -> String? { typed(raw, body).map { $2.success($0, $1) } }
}

// The gated writes by their former names, so a page reads as what it asks for.
extension GatedWrite {
    public static func createLeague(_ new: NewLeague) -> Self { Self(Endpoints.Leagues.createLeague, At.Root(), new) }
    public static func requestToJoin(league: LeagueID, teamName: String) -> Self {
        Self(Endpoints.Leagues.requestToJoin, At.League(league), Wire.TeamName(teamName: teamName))
    }
    public static func redeemInvite(code: String, teamName: String) -> Self {
        Self(Endpoints.Leagues.redeemInvite, At.Root(), Wire.Redeem(code: code, teamName: teamName))
    }
    public static func leaveLeague(_ league: LeagueID) -> Self { Self(Endpoints.Leagues.leaveLeague, At.League(league)) }
    public static func withdrawJoinRequest(_ league: LeagueID) -> Self { Self(Endpoints.Leagues.withdrawJoinRequest, At.League(league)) }
    public static func moveInLineup(league: LeagueID, team: TeamID, move: LineupMove) -> Self {
        Self(Endpoints.Rosters.moveInLineup, At.Team(league, team), move)
    }
    public static func addFreeAgent(league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?) -> Self {
        Self(Endpoints.Rosters.addFreeAgent, At.Team(league, team), Wire.AddPlayer(player: player, dropping: dropping))
    }
    public static func dropPlayer(league: LeagueID, team: TeamID, player: PlayerID) -> Self {
        Self(Endpoints.Rosters.dropPlayer, At.Team(league, team), Wire.PlayerRef(player: player))
    }
    public static func placeClaim(league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?, bid: Int) -> Self {
        Self(Endpoints.Waivers.placeClaim, At.Team(league, team), Wire.Claim(player: player, dropping: dropping, bid: bid))
    }
    public static func cancelClaim(league: LeagueID, claim: Int64) -> Self { Self(Endpoints.Waivers.cancelClaim, At.Claim(league, claim: claim)) }
    public static func reorderClaims(league: LeagueID, team: TeamID, order: [Int64]) -> Self {
        Self(Endpoints.Waivers.reorderClaims, At.Team(league, team), Wire.ClaimOrder(order: order))
    }
    public static func makePick(league: LeagueID, expectedPick: Int, expectedTeam: TeamID? = nil, player: PlayerID) -> Self {
        Self(Endpoints.Drafting.makePick, At.League(league), Wire.PickRequest(expectedPick: expectedPick, expectedTeam: expectedTeam, player: player))
    }
    public static func nominate(league: LeagueID, player: PlayerID, bid: Int) -> Self {
        Self(Endpoints.Auction.nominate, At.League(league), Wire.Nomination(player: player, bid: bid))
    }
    public static func bid(league: LeagueID, nomination: NominationID, amount: Int) -> Self {
        Self(Endpoints.Auction.bid, At.League(league), Wire.Bid(nomination: nomination, amount: amount))
    }
    public static func setMaxBid(league: LeagueID, nomination: NominationID, amount: Int?) -> Self {
        Self(Endpoints.Auction.setMaxBid, At.League(league), Wire.MaxBid(nomination: nomination, amount: amount))
    }
    public static func editQueue(league: LeagueID, edit: DraftQueueEdit) -> Self { Self(Endpoints.Drafting.editQueue, At.League(league), edit) }
    public static func sendChat(league: LeagueID, text: String, replyTo: Int64? = nil) -> Self {
        Self(Endpoints.LeagueChat.sendChat, At.League(league), Wire.ChatText(text: text, replyTo: replyTo))
    }
    public static func reactToChat(league: LeagueID, message: Int64, emoji: String) -> Self {
        Self(Endpoints.LeagueChat.reactToChat, At.Message(league, message: message), Wire.Reaction(emoji: emoji))
    }
    public static func removeChatMessage(league: LeagueID, message: Int64) -> Self {
        Self(Endpoints.LeagueChat.removeChatMessage, At.Message(league, message: message), Wire.Empty())
    }
    /// A commissioner's write (kept for the pages that build them as `CommissionerAction`s).
    public static func commissioner(_ a: CommissionerAction) -> Self { a.write }
}

/// The commissioner's gated writes, by name: each is one endpoint of `Endpoints.Commissioner` (or, for the league's
/// webhooks, of `Endpoints.Webhooks`).
public enum CommissionerAction: Hashable, Sendable {
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
    case pickForTeam(league: LeagueID, expectedPick: Int, expectedTeam: TeamID?, player: PlayerID)
    case setAutopick(league: LeagueID, team: TeamID, on: Bool)
    case advanceClock(league: LeagueID, to: Date)
    case setClockSpeed(league: LeagueID, speed: ClockSpeed)
    case renewLeague(LeagueID)
    /// Adds an outgoing webhook (`Endpoints.Webhooks.addWebhook`); its answer carries the secret, shown once.
    case addWebhook(league: LeagueID, url: String, kinds: [ActivityKind], format: WebhookFormat)
    case deleteWebhook(league: LeagueID, hook: Int64)

    public var write: GatedWrite {
        typealias C = Endpoints.Commissioner
        switch self {
        case .decideJoinRequest(let l, let u, let a): return GatedWrite(C.decideJoinRequest, At.JoinRequest(l, user: u), Wire.Decision(approve: a))
        case .createInvite(let l, let uses, let exp): return GatedWrite(C.createInvite, At.League(l), Wire.NewInvite(uses: uses, expiresAt: exp))
        case .revokeInvite(let l, let code): return GatedWrite(C.revokeInvite, At.Invite(l, code: code))
        case .updateSettings(let l, let s): return GatedWrite(C.updateSettings, At.League(l), s)
        case .setDraftOrder(let l, let o): return GatedWrite(C.setDraftOrder, At.League(l), Wire.TeamOrder(order: o))
        case .randomizeDraftOrder(let l): return GatedWrite(C.randomizeDraftOrder, At.League(l))
        case .scheduleDraft(let l, let at): return GatedWrite(C.scheduleDraft, At.League(l), Wire.Schedule(at: at))
        case .startDraft(let l): return GatedWrite(C.startDraft, At.League(l))
        case .pauseDraft(let l): return GatedWrite(C.pauseDraft, At.League(l))
        case .resumeDraft(let l): return GatedWrite(C.resumeDraft, At.League(l))
        case .undoLastPick(let l): return GatedWrite(C.undoLastPick, At.League(l))
        case .pickForTeam(let l, let n, let t, let p):
            return GatedWrite(C.pickForTeam, At.League(l), Wire.PickRequest(expectedPick: n, expectedTeam: t, player: p))
        case .setAutopick(let l, let t, let on): return GatedWrite(C.setAutopick, At.Team(l, t), Wire.Autopick(on: on))
        case .advanceClock(let l, let to): return GatedWrite(C.advanceClock, At.League(l), Wire.ClockTo(to: to))
        case .setClockSpeed(let l, let speed): return GatedWrite(C.setClockSpeed, At.League(l), Wire.ClockSpeedBody(speed: speed))
        case .renewLeague(let l): return GatedWrite(C.renewLeague, At.League(l))
        case .addWebhook(let l, let url, let kinds, let format):
            return GatedWrite(Endpoints.Webhooks.addWebhook, At.League(l), Wire.NewWebhook(url: url, kinds: kinds, format: format))
        case .deleteWebhook(let l, let hook): return GatedWrite(Endpoints.Webhooks.deleteWebhook, At.Webhook(l, hook: hook))
        }
    }

    public var league: LeagueID { write.league! }
    public func perform(on api: any LeagueTransport) async throws { _ = try await write.perform(on: api) }
    public var successMessage: String { write.successMessage }
}
