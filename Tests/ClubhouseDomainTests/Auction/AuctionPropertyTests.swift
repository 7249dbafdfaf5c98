import Foundation
import Testing
@testable import ClubhouseDomain

/// Random auctions from a seeded generator — people bidding and setting maximums at random, bots and absent managers
/// bidding by value — checked against the invariants after every step.
@Suite struct AuctionPropertyTests {
    static func randomAuction(_ rng: inout SeededRandom) -> (room: AuctionRoom, teams: [Team], values: AuctionValues) {
        let teamCount = Int.random(in: 3...10, using: &rng)
        let spots = Int.random(in: 1...6, using: &rng)
        let budget = Int.random(in: spots...(spots * 40), using: &rng)
        let settings = AuctionSettings(budget: budget, minBid: 1, increment: Int.random(in: 1...2, using: &rng), nominationSeconds: 30,
                                       bidSeconds: Int.random(in: 5...20, using: &rng), resetToSeconds: Int.random(in: 1...5, using: &rng))
        var scored: [(id: PlayerID, position: Position, points: Points?)] = []
        for p in Position.allCases {
            for n in 0..<(teamCount * 3) {
                scored.append((PlayerID("\(p.rawValue)-\(n)"), p, Points(hundredths: Int.random(in: 0...40_000, using: &rng))))
            }
        }
        let pool = DraftRankings(scored: scored)
        let ids = (1...teamCount).map { TeamID(Int64($0)) }
        let draft = Draft(leagueID: LeagueID(1), status: .scheduled, order: ids.shuffled(using: &rng), rounds: spots, type: .auction, pickClockSeconds: nil)
        let teams = ids.map { id in
            Team(id: id, leagueID: LeagueID(1), name: "\(id)", manager: Bool.random(using: &rng) ? nil : UserID(id.rawValue),
                 waiverPriority: Int(id.rawValue), faabRemaining: 0, autopick: Bool.random(using: &rng))
        }
        let room = AuctionRoom(draft: draft, picks: [], pool: pool, rules: DraftRosterRules(LeagueSettings()), settings: settings,
                               botSeed: rng.next())
        return (room, teams, AuctionValues(rankings: pool, teams: teamCount, spots: spots, settings: settings))
    }

    @Test(arguments: 0..<40) func randomAuctionsKeepBudgetsRostersAndSales(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 7919 &+ 1)
        var (room, teams, values) = Self.randomAuction(&rng)
        try room.start(now: DraftFixtures.t0)
        var now = DraftFixtures.t0
        var nextID: Int64 = 1
        var highest: [Int: (team: TeamID, amount: Int)] = [:]   // the last accepted bid per sale number
        for _ in 0..<20_000 where room.draft.status != .complete {
            now = now.addingTimeInterval(Double.random(in: 0.2...4, using: &rng))
            let team = teams.randomElement(using: &rng)!.id
            if let n = room.nomination {
                let amount = Int.random(in: n.highBid...(n.highBid + 15), using: &rng)
                if Bool.random(using: &rng) {
                    let before = room.nomination
                    do {
                        let placed = try room.bid(amount, on: n.id, team: team, by: .manager, now: now)
                        #expect(amount <= room.maxBid(of: team) || placed.first?.team != team)
                    } catch {
                        #expect(room.nomination == before)   // a refused bid changes nothing
                    }
                } else {
                    _ = try? room.setMaxBid(Bool.random(using: &rng) ? amount : nil, on: n.id, team: team, now: now)
                }
            } else if room.nominator == team, let p = room.pool.available(excluding: room.taken).randomElement(using: &rng) {
                if (try? room.nominate(p.playerID, bid: Int.random(in: 1...3, using: &rng), team: team, by: .manager, now: now)) != nil {
                    room.setNominationID(NominationID(nextID)); nextID += 1
                }
            }
            if let n = room.nomination { highest[n.number] = (n.highBidder, n.highBid) }
            let sales = room.picks.count
            switch try room.tick(now: now, teams: teams, queues: DraftQueues(), values: values) {
            case .nominated?: room.setNominationID(NominationID(nextID)); nextID += 1
            default: break
            }
            if let n = room.nomination { highest[n.number] = (n.highBidder, n.highBid) }
            if room.picks.count > sales, let sale = room.picks.last {
                // Every sale at the highest valid bid, to its bidder.
                #expect(highest[sale.number].map { $0.team == sale.teamID && $0.amount == sale.price } == true)
            }
            // Invariants after every step.
            for t in room.draft.order {
                #expect(room.budgetLeft(of: t) >= 0)
                #expect(room.picks(of: t).count <= room.rosterSpots)
                // Whatever is left always fills the open spots at the minimum bid.
                #expect(room.budgetLeft(of: t) >= room.openSpots(of: t) * room.settings.minBid)
            }
            #expect(Set(room.picks.map(\.playerID)).count == room.picks.count)
            if let n = room.nomination { #expect(n.highBid <= room.maxBid(of: n.highBidder)) }
            #expect(zip(room.bids, room.bids.dropFirst()).allSatisfy { $0.amount < $1.amount })
        }
        #expect(room.draft.status == .complete)
        #expect(room.picks.count == room.draft.order.count * room.rosterSpots)
    }
}
