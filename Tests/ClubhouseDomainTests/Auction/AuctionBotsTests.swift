import Foundation
import Testing
@testable import ClubhouseDomain

/// Whole all-bot auctions on a simulated clock: bots enter one maximum per nomination, prices land near value
/// and every team spends its budget.
enum BotAuction {
    /// A pool shaped like an NFL season's: each position's points fall off from its best player, with seeded noise.
    static func pool(seed: UInt64, valuation: DraftValuation) -> DraftRankings {
        var rng = SeededRandom(seed: seed ^ 0x706F_6F6C)
        let shape: [(Position, Int, Double, Double)] = [(.qb, 40, 380, 0.035), (.rb, 80, 330, 0.028), (.wr, 90, 320, 0.024),
                                                         (.te, 35, 230, 0.05), (.k, 32, 160, 0.015), (.def, 32, 170, 0.02)]
        var scored: [(id: PlayerID, position: Position, points: Points?)] = []
        for (position, count, top, fall) in shape {
            for i in 0..<count {
                let points = top * pow(1 - fall, Double(i)) * Double.random(in: 0.97...1.03, using: &rng)
                scored.append((PlayerID("\(position.rawValue)\(i + 1)"), position, Points(hundredths: Int(points * 100))))
            }
        }
        return DraftRankings(scored: scored, valuation: valuation)
    }

    struct Outcome {
        var room: AuctionRoom
        var values: AuctionValues
        var seconds: Double
        /// Mean over the sales of price ÷ auction value.
        var meanRatio: Double { room.picks.map { Double($0.price ?? 0) / Double(max(1, values.value(of: $0.playerID))) }.reduce(0, +) / Double(max(1, room.picks.count)) }
        /// The largest share of its budget a team left unspent.
        var mostUnspent: Double { room.draft.order.map { Double(room.budgetLeft(of: $0)) / Double(room.settings.budget) }.max() ?? 0 }
        /// Each sale: player, value, price, buyer.
        var sales: String {
            room.picks.map { "\($0.playerID) $\(values.value(of: $0.playerID))→$\($0.price ?? 0) \($0.teamID)" }.joined(separator: ", ")
        }
        var summary: String {
            String(format: "%.1f min, %d sales, mean price/value %.3f, most unspent %.1f%%", seconds / 60, room.picks.count, meanRatio, mostUnspent * 100)
        }
    }

    /// Runs a whole auction of `teams` on a manual clock, stepping to each moment the clock step falls due.
    /// `people` are team numbers that are people on autopick (absent managers); the rest are bots.
    static func run(teams n: Int, slots: [Slot: Int], budget: Int, nominationSeconds: Int = 30, bidSeconds: Int = 20,
                    resetTo: Int? = nil, seed: UInt64, people: Set<Int> = []) throws -> Outcome {
        var league = LeagueSettings()
        league.teamCount = n; league.rosterSlots = slots; league.draftType = .auction; league.auctionBudget = budget
        league.nominationSeconds = nominationSeconds; league.bidSeconds = bidSeconds
        if let resetTo { league.bidResetSeconds = resetTo }
        try league.validate()
        let settings = AuctionSettings(league)
        let pool = pool(seed: seed, valuation: DraftValuation(league))
        let order = (1...n).map { TeamID(Int64($0)) }
        let draft = Draft(leagueID: LeagueID(Int64(seed % 1000) + 1), status: .scheduled, order: order, rounds: league.draftRounds, type: .auction,
                          pickClockSeconds: nil)
        let teams = order.map { id in
            Team(id: id, leagueID: draft.leagueID, name: "Team \(id.rawValue)", manager: people.contains(Int(id.rawValue)) ? UserID(id.rawValue) : nil,
                 waiverPriority: Int(id.rawValue), faabRemaining: 0, autopick: people.contains(Int(id.rawValue)))
        }
        var room = AuctionRoom(draft: draft, picks: [], pool: pool, rules: DraftRosterRules(league), settings: settings, botSeed: seed)
        let values = AuctionValues(pool, settings: league)
        let t0 = DraftFixtures.t0
        try room.start(now: t0)
        var now = t0, nextID: Int64 = 1
        for _ in 0..<200_000 where room.draft.status != .complete {
            guard let due = room.due(teams: teams, values: values) else { break }
            now = max(now, due)
            let step = try room.tick(now: now, teams: teams, queues: DraftQueues(), values: values)
            if case .nominated? = step { room.setNominationID(NominationID(nextID)); nextID += 1 }
            if step == nil { now = now.addingTimeInterval(0.01) }
        }
        return Outcome(room: room, values: values, seconds: now.timeIntervalSince(t0))
    }

    static let threeSpots: [Slot: Int] = [.qb: 1, .rb: 1, .wr: 1, .te: 0, .flex: 0, .k: 0, .def: 0, .bench: 0, .ir: 0]
}

@Suite struct AuctionBotsTests {
    /// The room: 8 teams, 3 spots, $60, 5-second clocks — every team fills its spots within budget, no player is
    /// sold twice, prices land near value and no team leaves more than 5 % of its budget.
    @Test(arguments: Array(1...12) as [UInt64])
    func anAllBotAuctionOfEightTeamsLandsNearValueAndSpendsItsBudgets(seed: UInt64) throws {
        let out = try BotAuction.run(teams: 8, slots: BotAuction.threeSpots, budget: 60, nominationSeconds: 5, bidSeconds: 5, seed: seed)
        print("8 teams × 3 spots × $60, seed \(seed): \(out.summary)")
        let room = out.room
        #expect(room.draft.status == .complete)
        #expect(room.picks.count == 24)
        #expect(Set(room.picks.map(\.playerID)).count == room.picks.count)
        for team in room.draft.order {
            #expect(room.picks(of: team).count == 3)
            #expect(room.budgetLeft(of: team) >= 0)
        }
        #expect((0.85...1.15).contains(out.meanRatio), "\(out.summary)\n\(out.sales)")
        #expect(out.mostUnspent <= 0.05, "\(out.summary): \(room.draft.order.map { room.budgetLeft(of: $0) })")
    }

    /// The benchmark's room: 12 teams of 15 spots, $200, default clocks, 11 bots and a person on autopick.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aTwelveTeamAuctionAtDefaultClocksLandsNearValueAndSpendsItsBudgets(seed: UInt64) throws {
        let out = try BotAuction.run(teams: 12, slots: LeagueSettings().rosterSlots, budget: 200, seed: seed, people: [1])
        print("12 teams × 15 spots × $200, seed \(seed): \(out.summary)")
        let room = out.room
        #expect(room.draft.status == .complete)
        #expect(room.picks.count == 180)
        #expect(Set(room.picks.map(\.playerID)).count == room.picks.count)
        #expect((0.85...1.15).contains(out.meanRatio), "\(out.summary)")
        #expect(out.mostUnspent <= 0.05, "\(out.summary): \(room.draft.order.map { room.budgetLeft(of: $0) })")
    }

    /// Reproducible: the same seed gives the same sales at the same prices.
    @Test func theSameSeedGivesTheSameAuction() throws {
        let a = try BotAuction.run(teams: 8, slots: BotAuction.threeSpots, budget: 60, nominationSeconds: 5, bidSeconds: 5, seed: 9)
        let b = try BotAuction.run(teams: 8, slots: BotAuction.threeSpots, budget: 60, nominationSeconds: 5, bidSeconds: 5, seed: 9)
        #expect(a.room.picks == b.room.picks)
    }
}

