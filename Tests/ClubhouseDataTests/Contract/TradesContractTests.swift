import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// Trades through the endpoints, on the embedded and the remote transport (SQLite, and PostgreSQL with a test server),
/// in Gridiron Greats (week 9 Sunday on its clock, ten teams all managed by people: a vote needs 3 of the 8 others).
@Suite("Contract: trades", .bothTransports) struct TradesContractTests {
    typealias T = Endpoints.Trades

    struct Manager {
        let caller: Caller, team: TeamID, roster: TeamRoster
        /// A bench player whose game hasn't kicked off (tradeable this week).
        var tradeable: RosterRow { roster.rows.first { $0.slot == .bench && !$0.locked && $0.player.position != .def && $0.player.position != .k }! }
    }

    func manager(_ handle: String, _ world: ContractWorld, _ league: LeagueID) async throws -> Manager {
        let caller = try world.person(handle)
        let team = try await world.team(of: caller, in: league)
        return Manager(caller: caller, team: team, roster: try await world.api().roster(league, team: team))
    }

    func offer(_ from: Manager, _ to: Manager) -> TradeProposal {
        TradeProposal(team: from.team, with: to.team, give: TradeAssets(players: [from.tradeable.player.id]), get: TradeAssets(players: [to.tradeable.player.id]))
    }

    @Test func anOfferIsAnsweredAndGoesIntoReviewWhereOtherManagersVote() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try await manager("alice", world, league), ben = try await manager("ben", world, league), dev = try await manager("dev", world, league)

        let id = try await world.api(alice.caller).call(T.propose, At.League(league), offer(alice, ben)).trade
        let seen = try #require(try await world.api(ben.caller).call(T.list, At.League(league)).first { $0.id == id })
        #expect(seen.state == .proposed && seen.team.id == alice.team && seen.with.id == ben.team)
        #expect(seen.player(alice.tradeable.player.id)?.player.name == alice.tradeable.player.name)
        #expect(seen.giveValue > 0 && seen.getValue > 0)
        // Each side sees its own roster after it: ben's loses his player and gains alice's, the count unchanged.
        let benAfter = try #require(seen.myRosterAfter)
        #expect(benAfter.team == ben.team && benAfter.leaving == [ben.tradeable.player.id] && benAfter.arriving == [alice.tradeable.player.id])
        #expect(Set(benAfter.players.map(\.player.id)) == Set(ben.roster.rows.map(\.player.id)).subtracting([ben.tradeable.player.id]).union([alice.tradeable.player.id]))
        let aliceView = try #require(try await world.api(alice.caller).call(T.list, At.League(league)).first { $0.id == id })
        #expect(aliceView.myRosterAfter?.team == alice.team && aliceView.myRosterAfter?.leaving == [alice.tradeable.player.id])

        // Only the other side answers; only the proposer withdraws.
        #expect(await failure { try await world.api(alice.caller).call(T.accept, At.Trade(league, trade: id), Wire.TradeAcceptance()) }?.code == "forbidden")
        #expect(await failure { try await world.api(ben.caller).call(T.withdraw, At.Trade(league, trade: id)) }?.code == "forbidden")

        let accepted = try await world.api(ben.caller).call(T.accept, At.Trade(league, trade: id), Wire.TradeAcceptance())
        #expect(accepted.state == .inReview && accepted.vetoThreshold == 3)
        let forDev = try #require(try await world.api(dev.caller).call(T.list, At.League(league)).first { $0.id == id })
        #expect(forDev.canVote)
        #expect(forDev.myRosterAfter == nil, "dev is not in the trade")
        let voted = try await world.api(dev.caller).call(T.veto, At.Trade(league, trade: id))
        #expect(voted.state == .inReview && voted.votes == 1)
        #expect(await failure { try await world.api(dev.caller).call(T.veto, At.Trade(league, trade: id)) }?.code == "conflict")
        // A signed-out person reads only what went through.
        #expect(try await world.api().call(T.list, At.League(league)).allSatisfy { $0.state == .executed || $0.state == .reversed })
    }

    @Test func withoutReviewAnAcceptedTradeMovesThePlayersAtOnceAndTheLogSaysSo() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try await manager("alice", world, league), ben = try await manager("ben", world, league)
        var settings = try await world.api().league(league).league.settings
        settings.tradeReview = .noReview
        _ = try await world.api(alice.caller).updateSettings(league, settings: settings)

        // Alice shops the player she trades: once he changes teams he is off the block.
        _ = try await world.api(alice.caller).call(T.tradingBlock, At.League(league),
                                                   Wire.TradingBlockChange(team: alice.team, player: alice.tradeable.player.id, on: true))
        let id = try await world.api(alice.caller).call(T.propose, At.League(league), offer(alice, ben)).trade
        let done = try await world.api(ben.caller).call(T.accept, At.Trade(league, trade: id), Wire.TradeAcceptance())
        #expect(done.state == .executed)
        #expect(try await world.api().roster(league, team: ben.team).rows.first { $0.player.id == alice.tradeable.player.id }?.onTradingBlock == false)
        let mine = try await world.api().roster(league, team: alice.team), theirs = try await world.api().roster(league, team: ben.team)
        #expect(mine.rows.contains { $0.player.id == ben.tradeable.player.id } && !mine.rows.contains { $0.player.id == alice.tradeable.player.id })
        #expect(theirs.rows.contains { $0.player.id == alice.tradeable.player.id } && !theirs.rows.contains { $0.player.id == ben.tradeable.player.id })
        let log = try await world.api().transactions(league)
        #expect(log.prefix(2).allSatisfy { $0.transaction.kind == .trade })
        // A trade already executed can't be accepted again.
        #expect(await failure { try await world.api(ben.caller).call(T.accept, At.Trade(league, trade: id), Wire.TradeAcceptance()) }?.code == "conflict")
    }

    @Test func aManagerShopsAPlayerOnTheTradingBlockAndEveryoneSeesTheMark() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try await manager("alice", world, league), ben = try await manager("ben", world, league)
        let player = alice.tradeable.player.id
        func change(_ team: TeamID, _ player: PlayerID, on: Bool) -> Wire.TradingBlockChange { Wire.TradingBlockChange(team: team, player: player, on: on) }

        let block = try await world.api(alice.caller).call(T.tradingBlock, At.League(league), change(alice.team, player, on: true))
        #expect(block == Wire.TradingBlock(team: alice.team, players: [player]))
        #expect(try await world.api(ben.caller).roster(league, team: alice.team).rows.filter(\.onTradingBlock).map(\.player.id) == [player])
        #expect(try await world.api().roster(league, team: alice.team).rows.filter(\.onTradingBlock).map(\.player.id) == [player], "a public mark")
        #expect(try await world.api().roster(league, team: ben.team).rows.allSatisfy { !$0.onTradingBlock })
        // Only the team's manager, only the team's own players, signed in.
        #expect(await failure { try await world.api(ben.caller).call(T.tradingBlock, At.League(league), change(alice.team, player, on: false)) }?.code == "forbidden")
        #expect(await failure { try await world.api(alice.caller).call(T.tradingBlock, At.League(league), change(alice.team, ben.tradeable.player.id, on: true)) }?
            .code == "validation")
        #expect(await failure { try await world.api().call(T.tradingBlock, At.League(league), change(alice.team, player, on: false)) }?.code == "unauthenticated")
        // Off again.
        let off = try await world.api(alice.caller).call(T.tradingBlock, At.League(league), change(alice.team, player, on: false))
        #expect(off.players.isEmpty)
        #expect(try await world.api().roster(league, team: alice.team).rows.allSatisfy { !$0.onTradingBlock })
    }

    @Test func aCounterReplacesTheOfferItAnswers() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try await manager("alice", world, league), ben = try await manager("ben", world, league)
        let first = try await world.api(alice.caller).call(T.propose, At.League(league), offer(alice, ben)).trade
        let counter = try await world.api(ben.caller).call(T.counter, At.Trade(league, trade: first), offer(ben, alice)).trade
        let list = try await world.api(alice.caller).call(T.list, At.League(league))
        #expect(list.first { $0.id == first }?.state == .countered)
        let answer = try #require(list.first { $0.id == counter })
        #expect(answer.state == .proposed && answer.team.id == ben.team && answer.trade.countersTradeID == first)
    }

    /// A pick is read as `{"season", "round", "originalTeam"}` everywhere a client reads a trade — this season's too,
    /// offered without its season (the stores keep it as the league's own).
    @Test func everyPickAClientReadsNamesItsSeasonThisSeasonsToo() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana", "Eli"]) { $0.tradeReview = TradeReview.noReview }
        let season = try await world.api().league(league.id).league.season
        let dana = try await world.team(of: league.members[0], in: league.id), eli = try await world.team(of: league.members[1], in: league.id)
        let market = try await world.api(league.members[0]).call(T.market, At.League(league.id))
        #expect(!market.picks(of: dana).isEmpty && market.picks(of: dana).allSatisfy { $0.pick.season == season })
        let swap = TradeProposal(team: dana, with: eli, give: TradeAssets(picks: [DraftPickRef(round: 1, team: dana)]),
                                 get: TradeAssets(picks: [DraftPickRef(season: season, round: 2, team: eli)]))
        let id = try await world.api(league.members[0]).call(T.propose, At.League(league.id), swap).trade
        let dated = [DraftPickRef(season: season, round: 1, team: dana), DraftPickRef(season: season, round: 2, team: eli)]
        let view = try #require(try await world.api(league.members[1]).call(T.list, At.League(league.id)).first { $0.id == id })
        #expect(view.trade.proposal.give.picks + view.trade.proposal.get.picks == dated)
        #expect(view.picks.map(\.pick) == dated && view.picks.map(\.label).first == "\(season) round 1 (\(view.team.name))")
        let accepted = try await world.api(league.members[1]).call(T.accept, At.Trade(league.id, trade: id), Wire.TradeAcceptance())
        #expect(accepted.state == .executed && accepted.proposal.give.picks + accepted.proposal.get.picks == dated)
        // The picks moved: each is its new owner's on the draft board (where this season's picks carry no season).
        let board = try await world.api().draftBoard(league.id)
        #expect(Set((board.tradedPicks ?? []).map { "\($0.pick.round) \($0.owner.rawValue)" }) == ["1 \(eli.rawValue)", "2 \(dana.rawValue)"])
    }
}

/// Races through the transports (the services' own races are in `TradeUseCaseTests`): an acceptance and a drop of one
/// of the trade's players at the same moment — exactly one wins, on the embedded and the remote transport, on SQLite
/// and PostgreSQL.
@Suite("Contract: trade races", .bothTransports) struct TradeRaceContractTests {
    @Test func anAcceptanceAndADropOfItsPlayerAtOnceEndWithExactlyOneWinner() async throws {
        for round in 0..<3 {
            let world = try ContractWorld()
            let league = try await world.league("Gridiron Greats").id
            let t = TradesContractTests()
            let alice = try await t.manager("alice", world, league), ben = try await t.manager("ben", world, league)
            var settings = try await world.api().league(league).league.settings
            settings.tradeReview = .noReview
            _ = try await world.api(alice.caller).updateSettings(league, settings: settings)
            let id = try await world.api(alice.caller).call(Endpoints.Trades.propose, At.League(league), t.offer(alice, ben)).trade
            let given = alice.tradeable.player.id

            func outcome<T>(_ body: () async throws -> T) async -> Result<T, any Error> {
                do { return .success(try await body()) } catch { return .failure(error) }
            }
            let benAPI = world.api(ben.caller), aliceAPI = world.api(alice.caller)
            async let accepting = outcome { try await benAPI.call(Endpoints.Trades.accept, At.Trade(league, trade: id), Wire.TradeAcceptance()) }
            async let dropping = outcome { try await aliceAPI.dropPlayer(league, team: alice.team, player: given) }
            let (accepted, dropped) = await (accepting, dropping)

            let state = try #require(try await world.api(alice.caller).call(Endpoints.Trades.list, At.League(league)).first { $0.id == id }?.state)
            let benHas = try await world.api().roster(league, team: ben.team).rows.contains { $0.player.id == given }
            switch (state, dropped) {
            case (.executed, .failure):
                #expect(benHas, "round \(round): the trade won: \(given) is on Bytes")
            case (.invalidated, .success), (.proposed, .success):
                // The drop won: the acceptance was refused or invalidated, and the player went to waivers.
                #expect(!benHas, "round \(round): the drop won: \(given) is not on Bytes")
                if case .success(let trade) = accepted { #expect(trade.state == TradeState.invalidated && trade.invalidationReason != nil) }
            default:
                Issue.record("round \(round): both or neither won — trade \(state), drop \(dropped)")
            }
        }
    }
}
