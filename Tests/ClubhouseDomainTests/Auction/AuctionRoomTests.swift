import Foundation
import Testing
@testable import ClubhouseDomain

/// Auction rooms for tests: four teams (Team 1 … Team 4), three spots each, $20 budgets unless told.
enum AuctionFixtures {
    static let t0 = DraftFixtures.t0

    static func room(teams n: Int = 4, spots: Int = 3, settings: AuctionSettings = AuctionSettings(budget: 20),
                     rules: DraftRosterRules = DraftRosterRules(LeagueSettings()), pool: DraftRankings = DraftFixtures.pool()) -> AuctionRoom {
        let order = (1...n).map { TeamID(Int64($0)) }
        let draft = Draft(leagueID: DraftFixtures.league, status: .scheduled, order: order, rounds: spots, type: .auction, pickClockSeconds: nil)
        let names = Dictionary(uniqueKeysWithValues: order.map { ($0, "Team \($0.rawValue)") })
        return AuctionRoom(draft: draft, picks: [], pool: pool, rules: rules, settings: settings, teamNames: names, botSeed: 99)
    }

    static func started(teams n: Int = 4, spots: Int = 3, settings: AuctionSettings = AuctionSettings(budget: 20)) -> AuctionRoom {
        var r = room(teams: n, spots: spots, settings: settings)
        try! r.start(now: t0)
        return r
    }

    /// A started room with `player` on the block: nominated by team 1 at `bid`, stored as nomination 1.
    static func onTheBlock(_ player: PlayerID = "RB1", bid: Int = 1, settings: AuctionSettings = AuctionSettings(budget: 20)) -> AuctionRoom {
        var r = started(settings: settings)
        try! r.nominate(player, bid: bid, team: T(1), by: .manager, now: t0)
        r.setNominationID(NominationID(1))
        return r
    }

    static func T(_ n: Int64) -> TeamID { TeamID(n) }
    static func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }
}

@Suite struct AuctionRoomTests {
    typealias F = AuctionFixtures
    let n1 = NominationID(1)

    @Test func maxBidKeepsTheMinimumForEveryOtherOpenSpot() throws {
        var r = F.onTheBlock("RB1", bid: 5)
        #expect(r.maxBid(of: F.T(1)) == 18)   // $20 − $1 × (3 − 1)
        _ = try r.tick(now: F.at(21), teams: [], queues: DraftQueues(), values: AuctionValues(rankings: r.pool, teams: 4, spots: 3, settings: r.settings))
        #expect(r.budgetLeft(of: F.T(1)) == 15)
        #expect(r.maxBid(of: F.T(1)) == 14)   // $15 − $1 × (2 − 1)
        #expect(r.picks.first?.price == 5)
    }

    @Test func nominationOrderRepeatsInDraftOrderAndSkipsFullRosters() throws {
        var r = F.started(teams: 3, spots: 2, settings: AuctionSettings(budget: 10))
        var nominators: [TeamID] = []
        var t = 0.0
        let players: [PlayerID] = ["QB1", "RB1", "WR1", "TE1", "QB2", "RB2"]
        var buyers = [F.T(1), F.T(1), F.T(2), F.T(3), F.T(2), F.T(3)].makeIterator()
        for p in players {
            guard let turn = r.nominator else { break }
            nominators.append(turn)
            let buyer = buyers.next()!
            try r.nominate(p, bid: 1, team: turn, by: .manager, now: F.at(t))
            r.setNominationID(NominationID(Int64(nominators.count)))
            if buyer != turn { try r.bid(2, on: NominationID(Int64(nominators.count)), team: buyer, by: .manager, now: F.at(t + 1)) }
            t += 30
            _ = try r.tick(now: F.at(t), teams: [], queues: DraftQueues(), values: AuctionValues(rankings: r.pool, teams: 3, spots: 2, settings: r.settings))
            #expect(r.picks.last?.teamID == buyer)
        }
        // Team 1 is full after two sales, team 2 after five: the turn goes 1, 2, 3, then 2 (1 skipped), 3, 3 (1 and 2 skipped).
        #expect(nominators == [F.T(1), F.T(2), F.T(3), F.T(2), F.T(3), F.T(3)])
        #expect(r.draft.status == .complete)
    }

    @Test func aLateBidResetsTheClockToResetToAnEarlyOneDoesNot() throws {
        var r = F.onTheBlock()   // bidding clock 20 s, reset-to 10 s
        try r.bid(2, on: n1, team: F.T(2), by: .manager, now: F.at(5))   // 15 s left
        #expect(r.draft.deadline == F.at(20))
        try r.bid(3, on: n1, team: F.T(3), by: .manager, now: F.at(16))  // 4 s left → 10 s
        #expect(r.draft.deadline == F.at(26))
        try r.bid(4, on: n1, team: F.T(2), by: .manager, now: F.at(16.5)) // 9.5 s left → 10 s from now
        #expect(r.draft.deadline == F.at(26.5))
        try r.bid(5, on: n1, team: F.T(3), by: .manager, now: F.at(17))   // 9.5 s left again
        #expect(r.draft.deadline == F.at(27))
    }

    @Test func theServersClockDecidesABidAtTheEnd() throws {
        var r = F.onTheBlock()
        #expect(throws: DomainError.self) { try r.bid(2, on: n1, team: F.T(2), by: .manager, now: F.at(20)) }
        let v = AuctionValues(rankings: r.pool, teams: 4, spots: 3, settings: r.settings)
        guard case .sold(let pick) = try r.tick(now: F.at(20), teams: [], queues: DraftQueues(), values: v) else { Issue.record("not sold"); return }
        #expect(pick.teamID == F.T(1) && pick.price == 1 && pick.number == 1)
        // Sold once: the next step only has the nomination clock.
        #expect(try r.tick(now: F.at(20), teams: [], queues: DraftQueues(), values: v) == nil)
        #expect(r.picks.count == 1)
        #expect(throws: DomainError.conflict("Bidding on that player has closed")) { try r.bid(2, on: n1, team: F.T(2), by: .manager, now: F.at(20)) }
    }

    @Test func equalBidsTheFirstCommittedWins() throws {
        var r = F.onTheBlock()
        try r.bid(11, on: n1, team: F.T(2), by: .manager, now: F.at(3))
        #expect(throws: DomainError.conflict("outbid — $11 by Team 2")) { try r.bid(11, on: n1, team: F.T(3), by: .manager, now: F.at(3)) }
        #expect(r.nomination?.highBidder == F.T(2) && r.nomination?.highBid == 11)
    }

    @Test func everyBidIsCheckedWhenPlaced() throws {
        var r = F.onTheBlock()
        #expect(throws: DomainError.validation(field: "amount", message: "Your max bid is $18")) {
            try r.bid(19, on: n1, team: F.T(2), by: .manager, now: F.at(1))
        }
        #expect(throws: DomainError.conflict("You're already the high bidder at $1")) { try r.bid(2, on: n1, team: F.T(1), by: .manager, now: F.at(1)) }
        #expect(throws: DomainError.conflict("Bidding on that player has closed")) { try r.bid(2, on: NominationID(9), team: F.T(2), by: .manager, now: F.at(1)) }
        try r.pause(now: F.at(2))
        #expect(throws: DomainError.self) { try r.bid(2, on: n1, team: F.T(2), by: .manager, now: F.at(3)) }
    }

    @Test func proxiesBidTheMinimumNeededWithoutResettingTheClock() throws {
        var r = F.onTheBlock()
        try r.setMaxBid(12, on: n1, team: F.T(2), now: F.at(1))
        #expect(r.nomination?.highBidder == F.T(2) && r.nomination?.highBid == 2)
        try r.setMaxBid(9, on: n1, team: F.T(3), now: F.at(18))   // 2 s left: a proxy never resets
        #expect(r.nomination?.highBidder == F.T(2) && r.nomination?.highBid == 10)
        #expect(r.draft.deadline == F.at(20))
        try r.setMaxBid(15, on: n1, team: F.T(4), now: F.at(18.5))
        #expect(r.nomination?.highBidder == F.T(4) && r.nomination?.highBid == 13)
        #expect(r.draft.deadline == F.at(20))
        // Amounts only rise, one bid at a time.
        #expect(zip(r.bids, r.bids.dropFirst()).allSatisfy { $0.amount < $1.amount })
    }

    @Test func equalMaximumsGoToTheEarlierOne() throws {
        var r = F.onTheBlock()
        try r.setMaxBid(10, on: n1, team: F.T(2), now: F.at(1))
        try r.setMaxBid(10, on: n1, team: F.T(3), now: F.at(2))
        #expect(r.nomination?.highBidder == F.T(2) && r.nomination?.highBid == 10)
        // A typed bid the holder's maximum already covers loses to it.
        var s = F.onTheBlock()
        try s.setMaxBid(10, on: n1, team: F.T(2), now: F.at(1))
        try s.bid(10, on: n1, team: F.T(3), by: .manager, now: F.at(2))
        #expect(s.nomination?.highBidder == F.T(2) && s.nomination?.highBid == 10)
        try s.bid(11, on: n1, team: F.T(3), by: .manager, now: F.at(3))
        #expect(s.nomination?.highBidder == F.T(3) && s.nomination?.highBid == 11)
    }

    @Test func aMissedNominationPutsTheQueueTopOrTheBestAvailableUpAtTheMinimum() throws {
        var r = F.started()
        let v = AuctionValues(rankings: r.pool, teams: 4, spots: 3, settings: r.settings)
        let people = DraftFixtures.teams(4)
        #expect(try r.tick(now: F.at(29), teams: people, queues: DraftQueues([F.T(1): ["WR5"]]), values: v) == nil)
        guard case .nominated(let n) = try r.tick(now: F.at(30), teams: people, queues: DraftQueues([F.T(1): ["WR5"]]), values: v) else {
            Issue.record("nothing nominated"); return
        }
        #expect(n.player == "WR5" && n.highBid == 1 && n.team == F.T(1))
        var s = F.started()
        guard case .nominated(let m) = try s.tick(now: F.at(30), teams: people, queues: DraftQueues(), values: v) else {
            Issue.record("nothing nominated"); return
        }
        #expect(m.player == "QB1" && m.highBid == 1)
    }

    @Test func commissionerUndoesTheLastSaleAndAssignsAPlayer() throws {
        var r = F.onTheBlock("RB1", bid: 4)
        let v = AuctionValues(rankings: r.pool, teams: 4, spots: 3, settings: r.settings)
        _ = try r.tick(now: F.at(20), teams: [], queues: DraftQueues(), values: v)
        #expect(r.budgetLeft(of: F.T(1)) == 16 && r.nominator == F.T(2))
        let undone = try r.undoLastSale(now: F.at(25))
        #expect(undone.playerID == "RB1" && r.picks.isEmpty && r.budgetLeft(of: F.T(1)) == 20 && r.nominator == F.T(1))
        #expect(r.draft.deadline == F.at(55))
        let pick = try r.assign("RB1", to: F.T(3), price: 7, now: F.at(26))
        #expect(pick.price == 7 && pick.source == .commissioner && r.budgetLeft(of: F.T(3)) == 13)
        #expect(r.nominator == F.T(1))   // an assignment takes no nomination turn
        #expect(throws: DomainError.self) { try r.assign("RB1", to: F.T(2), price: 1, now: F.at(27)) }
        #expect(throws: DomainError.self) { try r.assign("RB2", to: F.T(2), price: 21, now: F.at(27)) }
    }

    @Test func valuesShareTheLeaguesMoneyByValueOverReplacement() {
        let pool = DraftFixtures.pool()
        let v = AuctionValues(rankings: pool, teams: 4, spots: 3, settings: AuctionSettings(budget: 200))
        let total = v.dollars.values.reduce(0, +)
        #expect(total <= 800 && total >= 800 - 12)
        #expect(v.dollars.count == 12)
        let best = pool.players[0].playerID, worst = pool.players.last!.playerID
        #expect(v.value(of: best) >= v.value(of: pool.players[5].playerID))
        #expect(v.value(of: worst) == 1)
    }

    /// In a small room the best player's share of the money passes what one team can bid: his value stops there.
    @Test func aValueIsNeverMoreThanOneTeamCanBid() {
        let pool = DraftFixtures.pool()
        // Eight teams of one spot share 8 × $199 over the eight best: the best one's share passes a team's $200.
        let v = AuctionValues(rankings: pool, teams: 8, spots: 1, settings: AuctionSettings(budget: 200))
        #expect(v.dollars.values.max() == 200, "the best player is worth the most a team can bid: \(v.dollars.values.sorted())")
        #expect(v.dollars.values.filter { $0 == 200 }.count >= 1 && v.dollars.values.allSatisfy { $0 <= 200 })
        let uncapped = AuctionValues(rankings: pool, teams: 4, spots: 3, settings: AuctionSettings(budget: 200))
        #expect(uncapped.dollars.values.allSatisfy { $0 < 198 }, "a roomier league is not capped")
    }

    /// Bots enter one maximum each on a nomination, at once: the price moves to the second-highest plus the increment,
    /// nobody bids a dollar at a time, and the seeded decision is the same every time.
    @Test func botsEnterOneMaximumEachAndThePriceMovesToTheSecondHighestAtOnce() throws {
        var r = F.onTheBlock("QB1", bid: 1, settings: AuctionSettings(budget: 200))
        let v = AuctionValues(rankings: r.pool, teams: 4, spots: 3, settings: r.settings)
        let bots = DraftFixtures.teams(4, bots: [2, 3, 4])
        let pending = r.pendingBots(teams: bots, values: v)
        #expect(pending.count == 3)
        #expect(pending.map(\.amount) == r.pendingBots(teams: bots, values: v).map(\.amount))   // the same every time
        #expect(r.due(teams: bots, values: v) == F.at(0), "they enter at once")
        guard case .bid(let placed)? = try r.tick(now: F.at(0.2), teams: bots, queues: DraftQueues(), values: v) else {
            Issue.record("no bids"); return
        }
        let limits = pending.map(\.amount).sorted(by: >)
        let n = try #require(r.nomination)
        #expect(n.highBid == min(limits[0], limits[1] + 1), "second-highest maximum plus the increment: \(limits)")
        #expect(n.highBidder == pending.first { $0.amount == limits[0] }?.team)
        #expect(placed.allSatisfy(\.proxy) && placed.allSatisfy { $0.source == .bot })
        #expect(r.bids.count <= 4, "no dollar-at-a-time bidding: \(r.bids.map(\.amount))")
        #expect(r.draft.deadline == F.at(20), "entered early, the clock keeps its time")
        #expect(r.pendingBots(teams: bots, values: v).isEmpty, "once per nomination")
        #expect(r.due(teams: bots, values: v) == F.at(20))
        // A person's bid past the leader's maximum is answered by nobody; one under it by the proxy, without a reset.
        try r.bid(n.highBid + 1, on: n1, team: F.T(1), by: .manager, now: F.at(18))
        #expect(r.draft.deadline == F.at(28), "a person's late bid resets the clock")
        _ = try r.tick(now: F.at(28), teams: bots, queues: DraftQueues(), values: v)
        let sale = try #require(r.picks.first)
        #expect(sale.price! <= 198 && sale.price! > 1)
    }

    /// A bot's first entry late on the clock resets it, as a bid does.
    @Test func aBotsLateFirstEntryResetsTheClock() throws {
        var r = F.onTheBlock("QB1", bid: 1, settings: AuctionSettings(budget: 200))
        let v = AuctionValues(rankings: r.pool, teams: 4, spots: 3, settings: r.settings)
        let absent = DraftFixtures.teams(4, autopick: [2])   // team 2's manager turns autopick on with 4 s left
        _ = try r.tick(now: F.at(16), teams: absent, queues: DraftQueues(), values: v)
        #expect(r.nomination?.highBidder == F.T(2) && r.nomination?.highSource == .autopick)
        #expect(r.draft.deadline == F.at(26))
    }
}
