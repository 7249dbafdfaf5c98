import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// The auction's use cases on the stores: a room of one person and bots runs to the end on the clock step alone, and
/// a bid at the moment the clock ends loses to the clock.
@Suite("Use cases: auction", .bothBackends) struct AuctionUseCaseTests {
    /// A four-team auction league (small rosters so it runs quickly): the commissioner's team and three bots.
    func botRoom(_ world: ContractWorld) async throws -> (id: LeagueID, commissioner: Caller) {
        let league = try await world.newLeague(teams: 4) { s in
            s.draftType = .auction
            s.rosterSlots = [.qb: 1, .rb: 1, .wr: 1, .te: 0, .flex: 0, .k: 0, .def: 0, .bench: 2, .ir: 0]
            s.auctionBudget = 50
        }
        _ = try await world.api(league.commissioner).startDraft(league.id)
        return (league.id, league.commissioner)
    }

    @Test func aRoomOfBotsAndAnAbsentManagerRunsToTheEndOnTheClockStepAlone() async throws {
        let world = try ContractWorld()
        let (id, commissioner) = try await botRoom(world)
        let mine = try await world.team(of: commissioner, in: id)
        var steps = 0
        while try world.service.draft.draftBoard(id, caller: .anonymous).draft.status != .complete, steps < 5_000 {
            world.clock.advance(by: 0.5)
            _ = try world.service.draft.tickDraft(id)
            steps += 1
        }
        let board = try world.service.draft.draftBoard(id, caller: .anonymous)
        #expect(board.draft.status == .complete)
        #expect(board.picks.count == 4 * 5)
        #expect(Set(board.picks.map(\.pick.playerID)).count == board.picks.count)
        for team in board.draft.order {
            let sales = board.picks.filter { $0.pick.teamID == team }
            #expect(sales.count == 5)
            #expect(sales.reduce(0) { $0 + ($1.pick.price ?? 0) } <= 50)
            #expect(try world.service.store.read { try $0.rosters(in: id) }.first { $0.teamID == team }?.entries.count == 5)
        }
        // The person missed every nomination: his turns went up at $1 from the best available.
        #expect(board.picks.contains { $0.pick.teamID == mine } )
        #expect(try world.service.leagues.league(id, caller: .anonymous).league.state == .inSeason)
        // Every sale told everyone once.
        let sold = try world.service.store.read { r in try r.auctionSales(in: id) }
        #expect(sold.count == 20)
    }

    @Test func aBidAtTheMomentTheClockEndsLosesToTheClock() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana", "Eli", "Fay"]) { $0.draftType = .auction }
        _ = try await world.api(league.commissioner).startDraft(league.id)
        let player = try #require(try world.service.draft.draftablePlayers(league.id, caller: .anonymous).first?.player.id)
        let turn = try #require(try world.service.draft.draftBoard(league.id, caller: .anonymous).auction?.nominator)
        var nominator = league.commissioner
        for c in league.members where try await world.team(of: c, in: league.id) == turn { nominator = c }
        let bidder = try await world.team(of: league.members[0], in: league.id) == turn ? league.members[1] : league.members[0]
        let n = try #require(try world.service.auction.nominate(league.id, player: player, bid: 2, caller: nominator).nomination)
        world.clock.advance(by: 20)
        let late = await failure { try world.service.auction.bid(league.id, nomination: n.id, amount: 3, caller: bidder) }
        #expect(late?.code == "conflict" && late?.message.contains("closed") == true, "\(String(describing: late))")
        let sold = try world.service.draft.tickDraft(league.id)
        #expect(sold?.price == 2 && sold?.playerID == player && sold?.teamID == turn)
        #expect(try world.service.draft.tickDraft(league.id) == nil)
        #expect(try world.service.draft.draftBoard(league.id, caller: .anonymous).picks.count == 1)
    }

    /// Ticks the room every half second until it completes (at most 5,000 steps); a step that throws fails the test.
    static func runToTheEnd(_ world: ContractWorld, _ id: LeagueID) throws {
        var steps = 0
        while try world.service.draft.draftBoard(id, caller: .anonymous).draft.status != .complete, steps < 5_000 {
            world.clock.advance(by: 0.5)
            _ = try world.service.draft.tickDraft(id)
            steps += 1
        }
    }

    @Test func anAssignmentKeepsTheMinimumBidForEveryOtherSpotAndTheDraftRunsToItsEnd() async throws {
        let world = try ContractWorld()
        let (id, commissioner) = try await botRoom(world)
        let mine = try await world.team(of: commissioner, in: id)
        let players = try world.service.draft.draftablePlayers(id, caller: .anonymous).map(\.player.id)
        let name = try world.service.store.read { try $0.teams(in: id) }.first { $0.id == mine }?.name ?? ""
        // $50 and five open spots: $46 at most, so $1 stays for each of the four others.
        let whole = await failure { try world.service.auction.assignPlayer(id, player: players[0], team: mine, price: 50, caller: commissioner) }
        #expect(whole == .validation(field: "price", message: "\(name) has $50 left — the price is $0–$46 (it keeps $1 for each of its 4 other open spots)"))
        #expect(try world.service.draft.draftBoard(id, caller: .anonymous).picks.isEmpty, "a refused assignment changes nothing")
        #expect(try world.service.auction.assignPlayer(id, player: players[0], team: mine, price: 46, caller: commissioner).price == 46)
        try Self.runToTheEnd(world, id)
        let board = try world.service.draft.draftBoard(id, caller: .anonymous)
        #expect(board.draft.status == .complete && board.picks.count == 20)
        let ours = board.picks.filter { $0.pick.teamID == mine }
        #expect(ours.count == 5 && ours.reduce(0) { $0 + ($1.pick.price ?? 0) } == 50)
    }

    /// A room an older version left with a team that spent its whole budget and has spots open (an assignment at the
    /// whole budget): the clock skips its nominations, the others buy, and its spots are filled at $0 at the end.
    @Test func aRoomWithATeamThatCantBidRunsToItsEnd() async throws {
        let world = try ContractWorld()
        let (id, commissioner) = try await botRoom(world)
        let mine = try await world.team(of: commissioner, in: id)
        let player = try #require(try world.service.draft.draftablePlayers(id, caller: .anonymous).first?.player.id)
        let now = world.clock.now()
        try world.service.store.write { w in
            var draft = try #require(try w.draft(in: id))
            let pick = Pick(number: draft.currentPick, round: 1, teamID: mine, playerID: player, source: .commissioner, madeAt: now, price: 50)
            try w.insertPick(pick, in: id)
            try w.insertAuctionSale(AuctionSale(number: pick.number, price: 50, nominatedBy: nil), in: id)
            var roster = try w.rosters(in: id).first { $0.teamID == mine } ?? Roster(teamID: mine)
            roster.entries.append(RosterEntry(playerID: player, slot: .bench, acquisition: .draft, acquiredAt: now))
            try w.setRoster(roster)
            draft.currentPick += 1
            try w.setDraft(draft)
        }
        #expect(try world.service.draft.draftBoard(id, caller: .anonymous).auction?.nominator != mine)
        try Self.runToTheEnd(world, id)
        let board = try world.service.draft.draftBoard(id, caller: .anonymous)
        #expect(board.draft.status == .complete && board.picks.count == 20)
        let ours = board.picks.filter { $0.pick.teamID == mine }
        #expect(ours.count == 5 && ours.dropFirst().allSatisfy { $0.pick.price == 0 })
        #expect(try world.service.leagues.league(id, caller: .anonymous).league.state == .inSeason)
    }
}
