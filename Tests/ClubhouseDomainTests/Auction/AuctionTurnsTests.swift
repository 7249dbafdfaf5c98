import Foundation
import Testing
@testable import ClubhouseDomain

/// An auction's clock always has a next move: spending keeps the minimum bid for every other open spot, a team that
/// can't buy is skipped for nomination, and the spots of teams that can't bid are filled when only they remain.
@Suite struct AuctionTurnsTests {
    typealias F = AuctionFixtures
    static let bots = DraftFixtures.teams(4, bots: [1, 2, 3, 4])

    /// A running room as an older version could leave it: each team in `spent` paid that much for one player.
    static func after(spent: [Int64: Int], rules: DraftRosterRules = DraftRosterRules(LeagueSettings()), pool: DraftRankings = DraftFixtures.pool(),
                      players: [PlayerID] = ["RB1", "RB2", "RB3", "RB4"]) -> AuctionRoom {
        var draft = F.room().draft
        draft.status = .running
        draft.pickOpenedAt = F.t0
        draft.deadline = F.at(30)
        var picks: [Pick] = [], sales: [AuctionSale] = []
        for (i, (team, price)) in spent.sorted(by: { $0.key < $1.key }).enumerated() {
            picks.append(Pick(number: i + 1, round: 1, teamID: F.T(team), playerID: players[i], source: .commissioner, madeAt: F.t0, price: price))
            sales.append(AuctionSale(number: i + 1, price: price, nominatedBy: nil))
        }
        draft.currentPick = picks.count + 1
        let names = Dictionary(uniqueKeysWithValues: draft.order.map { ($0, "Team \($0.rawValue)") })
        return AuctionRoom(draft: draft, picks: picks, sales: sales, pool: pool, rules: rules, settings: AuctionSettings(budget: 20),
                           teamNames: names, botSeed: 99)
    }

    static func values(_ r: AuctionRoom) -> AuctionValues { AuctionValues(rankings: r.pool, teams: 4, spots: 3, settings: r.settings) }

    /// Ticks a room of bots every second until it completes (or 10,000 steps).
    static func runToTheEnd(_ r: inout AuctionRoom) throws {
        var now = F.at(1)
        for _ in 0..<10_000 where r.draft.status != .complete {
            _ = try r.tick(now: now, teams: bots, queues: DraftQueues(), values: values(r))
            now = now.addingTimeInterval(1)
        }
    }

    @Test func anAssignmentKeepsTheMinimumBidForEveryOtherOpenSpot() throws {
        var r = F.started()   // $20, 3 spots
        #expect(throws: DomainError.validation(field: "price",
                                               message: "Team 1 has $20 left — the price is $0–$18 (it keeps $1 for each of its 2 other open spots)")) {
            try r.assign("RB1", to: F.T(1), price: 20, now: F.at(1))
        }
        #expect(r.picks.isEmpty)
        let pick = try r.assign("RB1", to: F.T(1), price: 18, now: F.at(1))
        #expect(pick.price == 18 && r.maxBid(of: F.T(1)) == 1 && r.nominator == F.T(1))
        // Whatever happens next, the team can still nominate at the minimum and the draft runs to its end.
        try Self.runToTheEnd(&r)
        #expect(r.draft.status == .complete)
        #expect(r.draft.order.allSatisfy { r.picks(of: $0).count == 3 && r.budgetLeft(of: $0) >= 0 })
    }

    @Test func aTeamThatCantBidIsSkippedForNominationAndItsSpotsAreFilledAtTheEnd() throws {
        var r = Self.after(spent: [1: 20])   // team 1: $0 left, 2 open spots
        #expect(r.maxBid(of: F.T(1)) == 0 && !r.canNominate(F.T(1)))
        #expect(r.nominator == F.T(2))
        try Self.runToTheEnd(&r)
        #expect(r.draft.status == .complete)
        #expect(r.draft.order.allSatisfy { r.picks(of: $0).count == 3 })
        // Team 1 never nominated and bought nothing more: its two spots were filled last, at $0 (its budget is spent).
        let ones = r.picks(of: F.T(1)).dropFirst()
        #expect(ones.allSatisfy { $0.price == 0 } && ones.allSatisfy { r.sales[$0.number]?.nominatedBy == nil })
        #expect(ones.allSatisfy { p in r.picks.allSatisfy { $0.number <= p.number || $0.teamID == F.T(1) } })
        #expect(!r.sales.values.contains { $0.nominatedBy == F.T(1) })
    }

    @Test func whenNoTeamCanBidTheClockFillsEverySpotAtOnceAndCompletes() throws {
        var r = Self.after(spent: [1: 20, 2: 19, 3: 20, 4: 19])   // $0, $1, $0, $1 left: max bids $0
        #expect(r.nominator == nil && r.needsFill)
        #expect(r.due(teams: Self.bots, values: Self.values(r)) == F.t0)
        let step = try r.tick(now: F.at(1), teams: Self.bots, queues: DraftQueues(), values: Self.values(r))
        guard case .filled(let picks)? = step else { Issue.record("expected the spots filled, got \(String(describing: step))"); return }
        #expect(picks.count == 8 && r.draft.status == .complete)
        // The minimum bid while the budget covers it, else $0.
        #expect(r.picks(of: F.T(2)).map(\.price) == [19, 1, 0])
        #expect(r.picks(of: F.T(4)).map(\.price) == [19, 1, 0])
        #expect(r.picks(of: F.T(1)).map(\.price) == [20, 0, 0])
    }

    @Test func aNominatorWithNoPlayerItHasRoomForIsSkipped() throws {
        // Only quarterbacks are left to buy, and team 1 already holds the most a roster may.
        let qbs = DraftRankings(scored: (1...12).map { (PlayerID("QB\($0)"), Position.qb, Points(hundredths: 10_000 - $0)) })
        let rules = DraftRosterRules(rosterSlots: LeagueSettings().rosterSlots, positionMaxima: [.qb: 1])
        var r = Self.after(spent: [1: 1], rules: rules, pool: qbs, players: ["QB1"])
        #expect(r.maxBid(of: F.T(1)) == 18 && !r.hasSpotToFill(F.T(1)) && r.nominator == F.T(2))
        try Self.runToTheEnd(&r)
        #expect(r.draft.status == .complete)
        #expect(r.picks(of: F.T(1)).count == 1)
        #expect([F.T(2), F.T(3), F.T(4)].allSatisfy { r.picks(of: $0).count == 1 })
    }
}
