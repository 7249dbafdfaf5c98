import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// The same for an auction keeper league, on both transports and both databases: a four-team auction league ($50
/// budgets, five spots) that keeps two players at auction prices buys its players — Dana's two best at $23 and $12,
/// the rest on the clock — plays 2019 to its end on the clock and renews into the crafted 2020; Dana's keepers cost
/// their last price + $5 (the one moved by a trade keeps his price, the one dropped and re-added starts from the $1
/// minimum bid); keepers costing more than the budget leaves with $1 for each other spot are refused, when declared and
/// when the auction starts; the auction opens with them on Dana's roster at their prices, her budget reduced by them,
/// and the first team to nominate.
extension KeeperContractTests {
    @Test func anAuctionKeeperLeagueRenewsAndItsKeepersAreBoughtAtTheirPricesBeforeTheFirstNomination() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana"]) { s in
            s.draftType = .auction; s.auctionBudget = 50
            s.rosterSlots = [.qb: 1, .rb: 1, .wr: 1, .te: 0, .flex: 0, .k: 0, .def: 0, .bench: 2, .ir: 0]
            s.leagueType = .keeper; s.keeperCost = .auction; s.keeperCount = 2
        }
        let commish = world.api(league.commissioner), dana = world.api(league.members[0])
        #expect(try await commish.league(league.id).league.settings.keeperAuctionRaise == 5, "the raise nobody sent: $5")
        let oldTeam = try await world.team(of: league.members[0], in: league.id)

        // The 2019 auction: Dana's two best players at prices the test knows (the commissioner's assignments), the
        // rest sold on the clock.
        _ = try await commish.startDraft(league.id)
        let best = try await world.api().draftablePlayers(league.id).prefix(2).map(\.player.id)
        for (player, price) in zip(best, [23, 12]) {
            _ = try await commish.call(Endpoints.Auction.assign, At.League(league.id), Wire.Assignment(player: player, team: oldTeam, price: price))
        }
        try AuctionUseCaseTests.runToTheEnd(world, league.id)
        let sold = try await world.api().draftBoard(league.id).picks.map(\.pick)
        let bought = try #require(sold.first { $0.teamID == oldTeam && !best.contains($0.playerID) })
        let (star, dropped) = (best[0], best[1])
        // `star` came through a trade's move of him, `dropped` was dropped once (and is back on the team).
        try Self.record([("trade", star), ("drop", dropped)], team: oldTeam, league: league.id, in: world)
        _ = try await commish.advanceClock(league.id, to: Renewal.after2019)
        try Renewal.store2020(in: world, alsoPlaying: [star, dropped, bought.playerID])
        let renewed = try await commish.renewLeague(league.id)
        let team = try await world.team(of: league.members[0], in: renewed)

        // Each at his price kept alone: his last price + $5.
        let candidates = try #require(try await world.api().keepers(renewed).teams.first { $0.team == team }).candidates
        #expect(candidates.first { $0.player == star }?.cost == KeeperCostView(price: 28), "bought for $23, moved by a trade: $23 + $5")
        #expect(candidates.first { $0.player == dropped }?.cost == KeeperCostView(price: 6), "dropped and re-added: the $1 minimum bid + $5")
        #expect(candidates.first { $0.player == bought.playerID }?.cost == KeeperCostView(price: max(1, bought.price ?? 0) + 5))

        // Keepers must leave $1 for each other spot: with a $35 budget two keepers may cost $32 at most.
        var settings = try await commish.league(renewed).league.settings
        func budget(_ dollars: Int) async throws {
            settings.auctionBudget = dollars
            _ = try await commish.updateSettings(renewed, settings: settings)
        }
        let tooMuch = "Dana FC's keepers would cost $34 of its $35 budget — with $1 kept for each of its 3 other spots, its keepers can cost $32 at most"
        try await budget(35)
        #expect(await failure { try await dana.setKeepers(renewed, team: team, players: [star, dropped]) } == .validation(field: "players", message: tooMuch))
        try await budget(50)
        let declared = try #require(try await dana.setKeepers(renewed, team: team, players: [star, dropped]).teams.first { $0.team == team }).keepers
        #expect(declared.map(\.cost) == [KeeperCostView(price: 28), KeeperCostView(price: 6)])
        // A budget lowered after they were declared: the auction doesn't start.
        try await budget(35)
        #expect(await failure { try await commish.startDraft(renewed) }
                == .conflict(tooMuch + " — the commissioner changes its keepers or the budget; the draft didn't start"))
        try await budget(50)

        // The auction opens with the keepers bought at their prices, before the first nomination.
        let draft = try await commish.startDraft(renewed)
        let board = try await world.api().draftBoard(renewed)
        #expect(board.picks.map(\.pick.playerID) == [star, dropped] && board.picks.map(\.pick.price) == [28, 6])
        #expect(board.picks.allSatisfy { $0.pick.source == .keeper && $0.pick.teamID == team } && draft.currentPick == 3)
        let auction = try #require(board.auction)
        #expect(auction.nomination == nil && auction.nominator == board.draft.order.first)
        #expect(auction.teams.first { $0.team == team }.map { [$0.budgetLeft, $0.maxBid, $0.openSpots] } == [16, 14, 3], "$50 − $34; $1 kept for 2 spots")
        #expect(auction.teams.filter { $0.team != team }.allSatisfy { $0.budgetLeft == 50 && $0.maxBid == 46 && $0.openSpots == 5 })
        #expect(Set(try await world.api().roster(renewed, team: team).rows.map(\.player.id)) == [star, dropped])
        #expect(try world.scalar("SELECT count(*) FROM roster_entries WHERE league_id = ?", [renewed], as: Int.self) == 2,
                "the two keepers are the only players on any roster of the new season")
        // Nobody else can buy a kept player, an undo never reaches a keeper's sale, and keepers are set once it started.
        #expect(await failure { try await commish.nominate(renewed, player: star, bid: 1) } == .conflict("\(board.picks[0].player.name) was already sold"))
        #expect(await failure { try await commish.undoLastPick(renewed) } == .conflict("No player has been sold — there is nothing to undo"))
        #expect(await failure { try await commish.setKeepers(renewed, team: team, players: [star]) }
                == .conflict("The draft of Test League has started — its keepers are in it and can't change"))
    }
}
