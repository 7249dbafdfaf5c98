import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// An auction draft through the endpoints, on the embedded and the remote transport (SQLite, and PostgreSQL with a
/// test server). A fresh four-team auction league ($200 budgets, 15 spots: max bid $186 at the start) nominates in a
/// set order: commissioner, Dana, Eli, Fay — all people, so nothing moves until the test moves the clock.
@Suite("Contract: auction", .bothTransports) struct AuctionContractTests {
    typealias A = Endpoints.Auction

    struct Room {
        let world: ContractWorld
        let id: LeagueID
        let commissioner: Caller
        let dana: Caller, eli: Caller, fay: Caller
        let order: [TeamID]
        func api(_ c: Caller = .anonymous) -> any LeagueAPI { world.api(c) }
        func best(_ n: Int = 1) async throws -> [PlayerID] { try await api().draftablePlayers(id).prefix(n).map(\.player.id) }
        func board(_ c: Caller = .anonymous) async throws -> AuctionBoard { try #require(try await api(c).draftBoard(id).auction) }
    }

    static func room(_ world: ContractWorld) async throws -> Room {
        let league = try await world.newLeague(teams: 4, members: ["Dana", "Eli", "Fay"]) { $0.draftType = .auction }
        var order: [TeamID] = [try await world.team(of: league.commissioner, in: league.id)]
        for m in league.members { order.append(try await world.team(of: m, in: league.id)) }
        _ = try await world.api(league.commissioner).setDraftOrder(league.id, order: order)
        _ = try await world.api(league.commissioner).startDraft(league.id)
        return Room(world: world, id: league.id, commissioner: league.commissioner, dana: league.members[0], eli: league.members[1],
                    fay: league.members[2], order: order)
    }

    @Test func nominateBidAndMaxBidThroughTheEndpointsThenTheClockSells() async throws {
        let r = try await Self.room(try ContractWorld())
        let start = try await r.board()
        #expect(start.nominator == r.order[0] && start.nomination == nil)
        #expect(start.teams.allSatisfy { $0.budgetLeft == 200 && $0.maxBid == 186 && $0.openSpots == 15 })
        let player = try #require(try await r.best().first)

        // Only the team whose turn it is nominates; signed out is refused before anything else.
        #expect(await failure { try await r.api(r.dana).call(A.nominate, At.League(r.id), Wire.Nomination(player: player, bid: 1)) }?.code == "forbidden")
        #expect(await failure { try await r.api().call(A.nominate, At.League(r.id), Wire.Nomination(player: player, bid: 1)) } == .unauthenticated)
        let opened = try await r.api(r.commissioner).call(A.nominate, At.League(r.id), Wire.Nomination(player: player, bid: 1))
        let n = try #require(opened.nomination)
        #expect(n.player == player && n.highBid == 1 && n.highBidder == r.order[0])
        #expect(opened.deadline == r.world.clock.now().addingTimeInterval(20))

        // Equal bids: the first committed wins, the other is told who outbid it.
        let five = try await r.api(r.dana).call(A.bid, At.League(r.id), Wire.Bid(nomination: n.id, amount: 5))
        #expect(five.nomination?.highBid == 5 && five.nomination?.highBidder == r.order[1])
        #expect(await failure { try await r.api(r.eli).call(A.bid, At.League(r.id), Wire.Bid(nomination: n.id, amount: 5)) }
                == .conflict("outbid — $5 by Dana FC"))
        #expect(await failure { try await r.api(r.eli).call(A.bid, At.League(r.id), Wire.Bid(nomination: n.id, amount: 187)) }?.code == "validation")

        // A private maximum bids the minimum needed, and only its owner reads it.
        let proxied = try await r.api(r.fay).call(A.setMaxBid, At.League(r.id), Wire.MaxBid(nomination: n.id, amount: 30))
        #expect(proxied.nomination?.highBid == 6 && proxied.nomination?.highBidder == r.order[3] && proxied.myMaxBid == 30)
        #expect(try await r.board(r.dana).myMaxBid == nil)
        #expect(try await r.board(r.fay).myMaxBid == 30)
        let answered = try await r.api(r.eli).call(A.bid, At.League(r.id), Wire.Bid(nomination: n.id, amount: 20))
        #expect(answered.nomination?.highBid == 21 && answered.nomination?.highBidder == r.order[3])
        #expect(answered.deadline == opened.deadline, "a proxy's answer never resets the clock, an early bid neither")

        // A late bid resets the clock to 10 s.
        r.world.clock.advance(by: 15)
        let late = try await r.api(r.eli).call(A.bid, At.League(r.id), Wire.Bid(nomination: n.id, amount: 40))
        #expect(late.nomination?.highBid == 40 && late.nomination?.highBidder == r.order[2])
        #expect(late.deadline == r.world.clock.now().addingTimeInterval(10))
        let cleared = try await r.api(r.fay).call(A.setMaxBid, At.League(r.id), Wire.MaxBid(nomination: n.id, amount: nil))
        #expect(cleared.myMaxBid == nil)

        // The clock's end sells him once, to the high bid; the sale is a pick with its price.
        r.world.clock.advance(by: 10)
        _ = try r.world.service.draft.tickDraft(r.id)
        _ = try r.world.service.draft.tickDraft(r.id)
        let board = try await r.api().draftBoard(r.id)
        #expect(board.picks.map(\.pick.playerID) == [player])
        #expect(board.picks.first?.pick.price == 40 && board.picks.first?.pick.teamID == r.order[2])
        let auction = try #require(board.auction)
        #expect(auction.nomination == nil && auction.nominator == r.order[1])
        #expect(auction.teams.first { $0.team == r.order[2] }.map { ($0.budgetLeft, $0.maxBid, $0.openSpots) } ?? (0, 0, 0) == (160, 147, 14))
        #expect(await failure { try await r.api(r.dana).call(A.bid, At.League(r.id), Wire.Bid(nomination: n.id, amount: 50)) }?.code == "conflict")
        #expect(try await r.api().roster(r.id, team: r.order[2]).rows.map(\.player.id) == [player])
    }

    @Test func theCommissionerUndoesTheLastSaleAndTheNominatorGoesAgain() async throws {
        let r = try await Self.room(try ContractWorld())
        let player = try #require(try await r.best().first)
        let n = try #require(try await r.api(r.commissioner).call(A.nominate, At.League(r.id), Wire.Nomination(player: player, bid: 3)).nomination)
        r.world.clock.advance(by: 21)
        _ = try r.world.service.draft.tickDraft(r.id)
        #expect(try await r.board().nominator == r.order[1])
        _ = try await r.api(r.commissioner).undoLastPick(r.id)
        let after = try await r.api().draftBoard(r.id)
        #expect(after.picks.isEmpty && after.auction?.nominator == r.order[0])
        #expect(after.auction?.teams.first?.budgetLeft == 200)
        #expect(try await r.api().roster(r.id, team: r.order[0]).rows.isEmpty)
        #expect(await failure { try await r.api(r.dana).call(A.bid, At.League(r.id), Wire.Bid(nomination: n.id, amount: 5)) }?.code == "conflict")
        // The commissioner's correction: a player to a team at a price, outside the nomination order.
        let assigned = try await r.api(r.commissioner).call(A.assign, At.League(r.id), Wire.Assignment(player: player, team: r.order[2], price: 12))
        #expect(assigned.price == 12 && assigned.teamID == r.order[2] && assigned.source == .commissioner)
        #expect(await failure { try await r.api(r.dana).call(A.assign, At.League(r.id), Wire.Assignment(player: player, team: r.order[1], price: 1)) }
                == .forbidden("Only the commissioner can assign players"))
        let corrected = try await r.board()
        #expect(corrected.nominator == r.order[0] && corrected.teams.first { $0.team == r.order[2] }?.budgetLeft == 188)
        // A snake pick is refused in an auction.
        #expect(await failure { try await r.api(r.commissioner).makePick(r.id, expectedPick: 1, player: player) }?.code == "conflict")
    }
}

extension AuctionContractTests {
    /// A bid that arrives the moment the clock ends: the server's clock decides — the bid is refused with the sale's
    /// sentence, and the clock step sells him once, to the high bid before it.
    @Test func aBidAtTheMomentTheClockEndsIsRefusedAndTheHighBidBuys() async throws {
        let r = try await Self.room(try ContractWorld())
        let player = try #require(try await r.best().first)
        let opened = try await r.api(r.commissioner).call(A.nominate, At.League(r.id), Wire.Nomination(player: player, bid: 1))
        let n = try #require(opened.nomination)
        _ = try await r.api(r.dana).call(A.bid, At.League(r.id), Wire.Bid(nomination: n.id, amount: 7))
        r.world.clock.advance(by: 20)
        #expect(r.world.clock.now() == opened.deadline, "exactly the clock's end")
        let refused = await failure { try await r.api(r.eli).call(A.bid, At.League(r.id), Wire.Bid(nomination: n.id, amount: 8)) }
        #expect(refused?.code == "conflict")
        #expect(refused?.message.hasSuffix("has closed — $7 by Dana FC when the clock ran out") == true, "\(String(describing: refused))")
        _ = try r.world.service.draft.tickDraft(r.id)
        _ = try r.world.service.draft.tickDraft(r.id)
        let board = try await r.api().draftBoard(r.id)
        #expect(board.picks.map(\.pick.playerID) == [player])
        #expect(board.picks.first?.pick.price == 7 && board.picks.first?.pick.teamID == r.order[1])
    }

    /// A sale while a bidder's connection is cut: her bid from before the cut stands and buys him when the clock
    /// ends; the bid her app tries while cut never reaches the server (nothing is kept to replay at a later price);
    /// back on a new connection she reads the sale as it stands, and a bid on that nomination is refused.
    @Test func aSaleWhileABiddersConnectionIsCutGoesToHerStandingBid() async throws {
        let r = try await Self.room(try ContractWorld())
        let player = try #require(try await r.best().first)
        let n = try #require(try await r.api(r.commissioner).call(A.nominate, At.League(r.id), Wire.Nomination(player: player, bid: 1)).nomination)
        _ = try await r.api(r.dana).call(A.bid, At.League(r.id), Wire.Bid(nomination: n.id, amount: 6))
        let cut = r.world.cutAPI(r.dana)
        #expect(await failure { try await cut.call(A.bid, At.League(r.id), Wire.Bid(nomination: n.id, amount: 9)) }?.code == "transport")
        #expect(try await r.board().nomination?.highBid == 6, "the bid tried while cut never arrived")
        r.world.clock.advance(by: 20)
        _ = try r.world.service.draft.tickDraft(r.id)
        // Back: the room as it stands — he is hers at $6 — and the old nomination takes no bid.
        let back = try await r.api(r.dana).draftBoard(r.id)
        #expect(back.picks.map(\.pick.playerID) == [player])
        #expect(back.picks.first?.pick.teamID == r.order[1] && back.picks.first?.pick.price == 6)
        #expect(back.auction?.nomination == nil && back.auction?.teams.first { $0.team == r.order[1] }?.budgetLeft == 194)
        #expect(await failure { try await r.api(r.dana).call(A.bid, At.League(r.id), Wire.Bid(nomination: n.id, amount: 9)) }?.code == "conflict")
        #expect(try r.world.service.store.read { try $0.auctionBids(n.id) }.map(\.amount) == [1, 6])
    }
}

/// Two `LeagueService`s on one database (two processes on SQLite, two server instances on PostgreSQL) place the same
/// bid at once: exactly one lands, the other is told it was outbid at that amount.
@Suite("Use cases: racing auction bids", .bothBackends) struct AuctionBidRaceTests {
    @Test func twoEqualBidsAtOnceLandExactlyOne() async throws {
        let world = try ContractWorld()
        let r = try await AuctionContractTests.room(world)
        let second = try world.secondService()
        let services = [world.service, second]
        let player = try #require(try world.service.draft.draftablePlayers(r.id, caller: .anonymous).first?.player.id)
        let n = try #require(try world.service.auction.nominate(r.id, player: player, bid: 1, caller: r.commissioner).nomination)
        let bidders = [r.dana, r.eli, r.fay]
        for round in 0..<6 {
            let board = try #require(try world.service.draft.draftBoard(r.id, caller: .anonymous).auction?.nomination)
            let amount = board.highBid + 1
            // Two teams that aren't the high bidder.
            let pair = zip(bidders, r.order.dropFirst()).filter { $0.1 != board.highBidder }.prefix(2).map(\.0)
            let results = Locked<[Result<AuctionBoard, DomainError>]>([])
            let start = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            for i in 0..<2 {
                done.enter()
                Thread.detachNewThread {
                    start.wait()
                    let out = Result { () throws(DomainError) -> AuctionBoard in
                        do { return try services[i].auction.bid(r.id, nomination: n.id, amount: amount, caller: pair[i]) }
                        catch let e as DomainError { throw e } catch { throw .transport("\(error)") }
                    }
                    results.mutate { $0.append(out) }
                    done.leave()
                }
            }
            start.signal(); start.signal()
            done.wait()
            let landed = results.value.compactMap { try? $0.get() }
            let refused = results.value.compactMap { if case .failure(let e) = $0 { e } else { nil } }
            #expect(landed.count == 1, "round \(round)")
            #expect(refused.count == 1 && refused.first?.message.hasPrefix("outbid — $\(amount)") == true, "\(refused)")
            let now = try #require(try world.service.draft.draftBoard(r.id, caller: .anonymous).auction?.nomination)
            #expect(now.highBid == amount && now.bids == board.bids + 1)
        }
        let bids = try world.service.store.read { try $0.auctionBids(n.id) }
        #expect(bids.map(\.amount) == Array(1...7))
    }

    /// The clock's end and a bid at that moment, on two services at once (whichever runs first): the bid is refused,
    /// the player is sold exactly once, to the high bid before it. Three nominations in a row.
    @Test func aBidRacingTheClocksEndNeverLandsAndTheSaleHappensOnce() async throws {
        let world = try ContractWorld()
        let r = try await AuctionContractTests.room(world)
        let second = try world.secondService()
        let bidders = zip([r.dana, r.eli, r.fay], r.order.dropFirst()).map { ($0, $1) }
        for round in 0..<3 {
            let player = try #require(try world.service.draft.draftablePlayers(r.id, caller: .anonymous).first?.player.id)
            let opened = try world.service.auction.nominate(r.id, player: player, bid: 1, caller: r.commissioner)
            let n = try #require(opened.nomination)
            // One bid by a team that isn't the nominator; at the clock's end another team bids over it.
            let others = bidders.filter { $0.1 != n.team }
            _ = try world.service.auction.bid(r.id, nomination: n.id, amount: 4, caller: others[0].0)
            world.clock.advance(by: 20)
            let bidResult = Locked<Result<AuctionBoard, any Error>?>(nil)
            let start = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            done.enter()
            Thread.detachNewThread {
                start.wait()
                bidResult.mutate { $0 = Result { try second.auction.bid(r.id, nomination: n.id, amount: 5, caller: others[1].0) } }
                done.leave()
            }
            done.enter()
            Thread.detachNewThread {
                start.wait()
                _ = try? world.service.draft.tickDraft(r.id)
                done.leave()
            }
            start.signal(); start.signal()
            done.wait()
            _ = try world.service.draft.tickDraft(r.id)
            let refused: DomainError?
            if case .failure(let e as DomainError)? = bidResult.value { refused = e } else { refused = nil }
            #expect(refused?.code == "conflict", "round \(round): the bid at the clock's end was not refused: \(String(describing: bidResult.value))")
            let picks = try world.service.draft.draftBoard(r.id, caller: .anonymous).picks
            #expect(picks.count == round + 1, "round \(round): one sale")
            #expect(picks.last?.pick.playerID == player && picks.last?.pick.price == 4 && picks.last?.pick.teamID == others[0].1)
            #expect(try world.service.store.read { try $0.auctionBids(n.id) }.map(\.amount) == [1, 4], "no bid after the clock's end")
        }
    }
}
