import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// Events carry only what every reader of the stream may know — the rule of the REST read of the same thing — on the
/// embedded and the remote transport (the live fan-out), SQLite and PostgreSQL: a negotiation between two teams is
/// for the league's members, a bid placed by a team's hidden maximum is only a bid to everyone but that team.
@Suite("Contract: who gets which event", .bothTransports) struct EventAudienceContractTests {
    typealias T = Endpoints.Trades
    typealias A = Endpoints.Auction

    func lastEventID(_ world: ContractWorld) throws -> Int64 {
        try world.scalar("SELECT COALESCE(MAX(id), 0) FROM events", as: Int64.self) ?? 0
    }

    func decoded<B: LeagueEventBody>(_ events: [LeagueEvent], _ type: B.Type) -> [B] {
        events.compactMap { try? $0.decodedBody(as: B.self) }
    }

    @Test func aNegotiationBetweenTwoTeamsReachesTheLeaguesMembersOnly() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try world.person("alice"), ben = try world.person("ben"), dev = try world.person("dev")
        let aliceTeam = try await world.team(of: alice, in: league), benTeam = try await world.team(of: ben, in: league)
        let mine = try await world.api().roster(league, team: aliceTeam), theirs = try await world.api().roster(league, team: benTeam)
        func tradeable(_ r: TeamRoster) -> PlayerID {
            r.rows.first { $0.slot == .bench && !$0.locked && $0.player.position != .def && $0.player.position != .k }!.player.id
        }
        let after = try lastEventID(world)
        let outsider = try world.signUp("Zed")
        let streams = [("anonymous", world.api().events(league: nil, after: after)),
                       ("a signed-in outsider", world.api(outsider).events(league: league, after: after)),
                       ("a member", world.api(dev).events(league: league, after: after))]

        let proposal = TradeProposal(team: aliceTeam, with: benTeam, give: TradeAssets(players: [tradeable(mine)]), get: TradeAssets(players: [tradeable(theirs)]))
        let trade = try await world.api(alice).call(T.propose, At.League(league), proposal).trade
        _ = try await world.api(ben).call(T.reject, At.Trade(league, trade: trade))
        // What REST shows them: a member every trade, anyone else only what went through.
        #expect(try await world.api(dev).call(T.list, At.League(league)).contains { $0.id == trade })
        #expect(try await world.api().call(T.list, At.League(league)).allSatisfy { $0.id != trade })
        // A public event after them: every stream has had what it will get of them once it arrives.
        _ = try await world.api(alice).call(T.tradingBlock, At.League(league), Wire.TradingBlockChange(team: aliceTeam, player: tradeable(mine), on: true))

        // Resumed after they happened (the server's replay from the table): the same rule.
        let resumed = [("anonymous, resumed", world.api().events(league: league, after: after)),
                       ("a member, resumed", world.api(dev).events(league: league, after: after))]
        for (who, stream) in streams + resumed {
            let got = await collect(stream) { $0.kind == .tradingBlockChanged && $0.leagueID == league }
            #expect(got.last?.kind == .tradingBlockChanged, "\(who): the public event arrived")
            let trades = got.filter { $0.kind == .tradeProposed || $0.kind == .tradeRejected }.map(\.kind)
            if who.hasPrefix("a member") {
                #expect(trades == [.tradeProposed, .tradeRejected], "\(who): \(trades)")
            } else {
                #expect(trades.isEmpty, "\(who) got \(trades)")
            }
        }
    }

    @Test func aBidPlacedByAHiddenMaximumIsOnlyABidToEveryoneButItsTeam() async throws {
        let world = try ContractWorld()
        let r = try await AuctionContractTests.room(world)
        let after = try lastEventID(world)
        let streams = [("anonymous", world.api().events(league: nil, after: after)),
                       ("another manager", world.api(r.dana).events(league: r.id, after: after)),
                       ("the commissioner", world.api(r.commissioner).events(league: r.id, after: after)),
                       ("the team with the maximum", world.api(r.fay).events(league: r.id, after: after))]
        let player = try #require(try await r.best().first)
        let n = try #require(try await r.api(r.commissioner).call(A.nominate, At.League(r.id), Wire.Nomination(player: player, bid: 1)).nomination)
        _ = try await r.api(r.dana).call(A.bid, At.League(r.id), Wire.Bid(nomination: n.id, amount: 5))
        _ = try await r.api(r.fay).call(A.setMaxBid, At.League(r.id), Wire.MaxBid(nomination: n.id, amount: 30))
        let answered = try await r.api(r.eli).call(A.bid, At.League(r.id), Wire.Bid(nomination: n.id, amount: 20))
        #expect(answered.nomination?.highBid == 21 && answered.nomination?.highBidder == r.order[3])
        // The board (REST) never tells anyone but Fay that her maximum placed the high bid.
        for caller in [Caller.anonymous, r.dana] {
            let board = try await r.board(caller)
            #expect(board.myMaxBid == nil && board.nomination?.highSource == .manager)
        }

        for (who, stream) in streams {
            let got = await collect(stream) { e in
                (try? e.decodedBody(as: LeagueEvent.AuctionBidPlaced.self)).map { $0.amount == 21 } ?? false
            }
            let bids = decoded(got.filter { $0.leagueID == r.id }, LeagueEvent.AuctionBidPlaced.self)
            #expect(bids.map(\.amount) == [5, 6, 21], "\(who): \(bids.map(\.amount))")
            let proxies = bids.filter(\.proxy).map(\.amount)
            if who == "the team with the maximum" {
                #expect(proxies == [6, 21], "\(who): \(proxies)")
            } else {
                #expect(proxies.isEmpty, "\(who) learns of a hidden maximum: \(proxies)")
                #expect(!got.contains { $0.payload.contains("\"proxy\":true") })
            }
        }
    }
}
