import ClubhouseDomain
import Foundation

/// How the fake answers an endpoint called through `call`: the soft gate's kept writes (`GatedWrite.perform`) and pages
/// that call an endpoint directly. One answer per endpoint name, run on the actor with the typed address and body.
///
/// `standardAnswers` answers the endpoints whose effects the fake models (each by the fake's method of the same name,
/// so tests see the same calls as when a page calls the method). Any other endpoint — a new operation's included —
/// needs nothing here: every call is recorded in `endpointCalls`; a test gives an answer with `answer(_:with:)`, and
/// without one an endpoint that answers `Wire.Empty` succeeds, and any other says it has no answer.
typealias FakeAnswer = @Sendable (isolated FakeLeague, any Sendable, any Sendable) async throws -> any Sendable

/// One call through `call`: the endpoint's name, where, and what was sent.
struct EndpointCall: Sendable {
    let name: String
    let address: RawAddress
    let body: any Sendable
    /// The body as the endpoint's type (nil when it was another endpoint's).
    func body<B>(_: B.Type) -> B? { body as? B }
}

extension FakeLeague {
    func call<A, B, R>(_ endpoint: ClubhouseDomain.Endpoint<A, B, R>, _ address: A, _ body: B) async throws -> R {
        endpointCalls.append(EndpointCall(name: endpoint.name, address: address.raw, body: body))
        guard let answer = answers[endpoint.name] ?? Self.standardAnswers[endpoint.name] else {
            if let nothing = Wire.Empty() as? R { return nothing }
            throw DomainError.conflict("FakeLeague has no answer for \(endpoint.name): give it one with answer(_:with:)")
        }
        let value = try await answer(self, address, body)
        guard let r = value as? R else { throw DomainError.conflict("FakeLeague answered \(endpoint.name) with a \(type(of: value))") }
        return r
    }

    /// From now on `endpoint` is answered by `reply` (in place of the standard answer, if it has one).
    func answer<A, B, R>(_ endpoint: ClubhouseDomain.Endpoint<A, B, R>,
                         with reply: @escaping @Sendable (isolated FakeLeague, A, B) async throws -> R) {
        answers[endpoint.name] = Self.erased(reply)
    }

    /// The calls made to `endpoint` through `call`, in order.
    func calls<A, B, R>(to endpoint: ClubhouseDomain.Endpoint<A, B, R>) -> [EndpointCall] { endpointCalls.filter { $0.name == endpoint.name } }

    private static func erased<A: Sendable, B: Sendable, R: Sendable>(_ reply: @escaping @Sendable (isolated FakeLeague, A, B) async throws -> R) -> FakeAnswer {
        { fake, a, b in
            guard let a = a as? A, let b = b as? B else { throw DomainError.conflict("FakeLeague was called with a \(type(of: a)) and a \(type(of: b))") }
            return try await reply(fake, a, b)
        }
    }
    private static func on<A, B, R>(_ endpoint: ClubhouseDomain.Endpoint<A, B, R>,
                                    _ reply: @escaping @Sendable (isolated FakeLeague, A, B) async throws -> R) -> (String, FakeAnswer) {
        (endpoint.name, erased(reply))
    }

    /// The endpoints whose effects the fake models, each answered by the fake's own method.
    static let standardAnswers: [String: FakeAnswer] = Dictionary(uniqueKeysWithValues: [
        on(Endpoints.Leagues.createLeague) { f, _, b in Wire.CreatedLeague(league: try await f.createLeague(b)) },
        on(Endpoints.Leagues.requestToJoin) { f, a, b in try await f.requestToJoin(a.league, teamName: b.teamName) },
        on(Endpoints.Leagues.redeemInvite) { f, _, b in Wire.TeamTaken(team: try await f.redeemInvite(code: b.code, teamName: b.teamName)) },
        on(Endpoints.Leagues.leaveLeague) { f, a, _ in try await f.leaveLeague(a.league); return Wire.Empty() },
        on(Endpoints.Leagues.withdrawJoinRequest) { f, a, _ in try await f.withdrawJoinRequest(a.league); return Wire.Empty() },
        on(Endpoints.Leagues.history) { f, a, _ in
            guard let h = f.commish.histories[a.league] else { throw DomainError.notFound("League \(a.league.rawValue)") }
            return h
        },
        on(Endpoints.Rosters.moveInLineup) { f, a, b in try await f.moveInLineup(a.league, team: a.team, move: b) },
        on(Endpoints.Rosters.addFreeAgent) { f, a, b in try await f.addFreeAgent(a.league, team: a.team, player: b.player, dropping: b.dropping) },
        on(Endpoints.Rosters.dropPlayer) { f, a, b in try await f.dropPlayer(a.league, team: a.team, player: b.player) },
        on(Endpoints.Waivers.placeClaim) { f, a, b in
            try await f.placeClaim(a.league, team: a.team, player: b.player, dropping: b.dropping, bid: b.bid)
        },
        on(Endpoints.Waivers.cancelClaim) { f, a, _ in try await f.cancelClaim(a.league, claim: a.claim); return Wire.Empty() },
        on(Endpoints.Waivers.reorderClaims) { f, a, b in try await f.reorderClaims(a.league, team: a.team, order: b.order) },
        on(Endpoints.Drafting.makePick) { f, a, b in
            try await f.makePick(a.league, expectedPick: b.expectedPick, expectedTeam: b.expectedTeam, player: b.player)
        },
        on(Endpoints.Drafting.editQueue) { f, a, b in try await f.editQueue(a.league, b) },
        on(Endpoints.Auction.nominate) { f, _, b in try f.nominate(player: b.player, bid: b.bid) },
        on(Endpoints.Auction.bid) { f, _, b in try f.bid(b.nomination, b.amount) },
        on(Endpoints.Auction.setMaxBid) { f, _, b in try f.setMax(b.nomination, b.amount) },
        on(Endpoints.LeagueChat.sendChat) { f, a, b in try await f.sendChat(a.league, text: b.text, replyTo: b.replyTo) },
        on(Endpoints.LeagueChat.reactToChat) { f, a, b in try await f.reactToChat(a.league, message: a.message, emoji: b.emoji) },
        on(Endpoints.LeagueChat.removeChatMessage) { f, a, _ in try await f.removeChatMessage(a.league, message: a.message) },
        on(Endpoints.Recap.recap) { f, a, _ in try f.weekRecap(a.league, week: a.week) },
        on(Endpoints.Activity.activity) { f, a, _ in f.activityPage(a) },
    ] + commissionerAnswers + tradeAnswers)

    private static var commissionerAnswers: [(String, FakeAnswer)] {
        typealias C = Endpoints.Commissioner
        return [
            on(C.decideJoinRequest) { f, a, b in try await f.decideJoinRequest(a.league, user: a.user, approve: b.approve) },
            on(C.createInvite) { f, a, b in try await f.createInvite(a.league, uses: b.uses, expiresAt: b.expiresAt) },
            on(C.revokeInvite) { f, a, _ in try await f.revokeInvite(a.league, code: a.code); return Wire.Empty() },
            on(C.updateSettings) { f, a, b in try await f.updateSettings(a.league, settings: b) },
            on(C.setDraftOrder) { f, a, b in try await f.setDraftOrder(a.league, order: b.order) },
            on(C.randomizeDraftOrder) { f, a, _ in try await f.randomizeDraftOrder(a.league) },
            on(C.scheduleDraft) { f, a, b in try await f.scheduleDraft(a.league, at: b.at) },
            on(C.startDraft) { f, a, _ in try await f.startDraft(a.league) },
            on(C.pauseDraft) { f, a, _ in try await f.pauseDraft(a.league) },
            on(C.resumeDraft) { f, a, _ in try await f.resumeDraft(a.league) },
            on(C.undoLastPick) { f, a, _ in try await f.undoLastPick(a.league) },
            on(C.pickForTeam) { f, a, b in try await f.pickForTeam(a.league, expectedPick: b.expectedPick, expectedTeam: b.expectedTeam, player: b.player) },
            on(C.setAutopick) { f, a, b in try await f.setAutopick(a.league, team: a.team, on: b.on) },
            on(C.renewLeague) { f, a, _ in Wire.CreatedLeague(league: try await f.renewLeague(a.league)) },
            on(C.advanceClock) { f, a, b in try await f.advanceClock(a.league, to: b.to) },
        ]
    }

    /// Trades: the offers and answers are kept (`tradeWrites`, `tradeCalls`) for tests to read.
    private static var tradeAnswers: [(String, FakeAnswer)] {
        typealias T = Endpoints.Trades
        return [
            on(T.list) { f, _, _ in f.tradeList },
            on(T.market) { f, _, _ in
                f.tradeMarket ?? TradeMarket(season: 2019, players: [], picks: [], activeCapacity: RosterRules.activeCapacity(LeagueSettings()))
            },
            on(T.propose) { f, a, b in try f.offer(a.league, b) },
            on(T.counter) { f, a, b in try f.offer(a.league, b) },
            on(T.accept) { f, a, b in
                try f.answerTrade(T.accept, a)
                f.tradeWrites.append(GatedWrite(T.accept, a, b))
                return try f.trade(a.trade)
            },
            on(T.reject) { f, a, _ in try f.answerTrade(T.reject, a); return try f.trade(a.trade) },
            on(T.withdraw) { f, a, _ in try f.answerTrade(T.withdraw, a); return try f.trade(a.trade) },
            on(T.veto) { f, a, _ in try f.answerTrade(T.veto, a); return try f.trade(a.trade) },
            on(T.reverse) { f, a, _ in try f.answerTrade(T.reverse, a); return try f.trade(a.trade) },
            on(T.tradingBlock) { f, a, b in try f.setTradingBlock(a.league, b) },
        ]
    }

    private func offer(_ league: LeagueID, _ proposal: TradeProposal) throws -> Wire.TradeCreated {
        guard signedInUser != nil else { throw DomainError.unauthenticated }
        tradeWrites.append(GatedWrite(Endpoints.Trades.propose, At.League(league), proposal))
        return Wire.TradeCreated(trade: TradeID(Int64(100 + tradeWrites.count)))
    }
    private func answerTrade<B, R>(_ endpoint: ClubhouseDomain.Endpoint<At.Trade, B, R>, _ a: At.Trade) throws {
        guard signedInUser != nil else { throw DomainError.unauthenticated }
        tradeCalls.append("\(endpoint.name) \(a.trade.rawValue)")
    }
    private func trade(_ id: TradeID) throws -> Trade {
        guard let t = tradeList.first(where: { $0.id == id })?.trade else { throw DomainError.notFound("Trade \(id.rawValue)") }
        return t
    }
    private func setTradingBlock(_ league: LeagueID, _ change: Wire.TradingBlockChange) throws -> Wire.TradingBlock {
        guard signedInUser != nil else { throw DomainError.unauthenticated }
        tradeWrites.append(GatedWrite(Endpoints.Trades.tradingBlock, At.League(league), change))
        guard var r = rosters[change.team], let i = r.rows.firstIndex(where: { $0.player.id == change.player }) else {
            throw DomainError.validation(field: "player", message: "not on the roster")
        }
        r.rows[i].onTradingBlock = change.on
        rosters[change.team] = r
        return Wire.TradingBlock(team: change.team, players: r.rows.filter(\.onTradingBlock).map(\.player.id))
    }
    /// The activity feed paged and filtered as the server does.
    private func activityPage(_ a: At.Activity) -> ActivityFeed {
        let all = activityLines[a.league] ?? []
        let kept = all.filter { l in (a.kind.map { $0 == l.kind } ?? true) && (a.before.map { l.id < $0 } ?? true) }
        let page = Array(kept.prefix(a.limit ?? ActivityFeed.defaultLimit))
        return ActivityFeed(lines: page, before: kept.count > page.count ? page.last?.id : nil, newest: all.first?.id)
    }
}
