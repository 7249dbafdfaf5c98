import Foundation
import Testing
@testable import ClubhouseDomain

/// Random leagues from a seeded generator: the same failures every run.
@Suite struct DraftPropertyTests {
    struct RandomLeague {
        var room: DraftRoom
        var teams: [Team]
        var queues: DraftQueues
    }

    static func randomLeague(_ rng: inout SeededRandom) -> RandomLeague {
        let teamCount = Int.random(in: 4...16, using: &rng)
        var maxima: [Position: Int] = [:]
        for p in Position.allCases { maxima[p] = Int.random(in: 1...4, using: &rng) }
        var slots: [Slot: Int] = [:]
        for s in [Slot.qb, .rb, .wr, .te, .k, .def] { slots[s] = Int.random(in: 0...2, using: &rng) }
        slots[.flex] = Int.random(in: 0...1, using: &rng)
        let rounds = Int.random(in: 1...min(8, maxima.values.reduce(0, +)), using: &rng)
        // Enough of every position that a legal player always exists; some of them rookies (no prior points).
        var scored: [(id: PlayerID, position: Position, points: Points?)] = []
        for p in Position.allCases {
            for n in 0..<(teamCount * maxima[p]!) {
                let points: Points? = Int.random(in: 0..<10, using: &rng) == 0 ? nil : Points(hundredths: Int.random(in: -500...40_000, using: &rng))
                scored.append((PlayerID("\(p.rawValue)-\(n)"), p, points))
            }
        }
        let pool = DraftRankings(scored: scored)
        let ids = (1...teamCount).map { TeamID(Int64($0)) }
        let order = DraftOrder.random(teams: ids, using: &rng)
        let type = DraftType.allCases.randomElement(using: &rng)!
        let clock = LeagueSettings.allowedPickClocks.randomElement(using: &rng)!
        let draft = Draft(leagueID: LeagueID(1), status: .scheduled, order: order, rounds: rounds, type: type, pickClockSeconds: clock)
        let teams = ids.map { id in
            Team(id: id, leagueID: LeagueID(1), name: "\(id)", manager: Bool.random(using: &rng) ? nil : UserID(id.rawValue),
                 waiverPriority: Int(id.rawValue), faabRemaining: 100, autopick: Bool.random(using: &rng))
        }
        var queues = DraftQueues()
        for id in ids {
            for _ in 0..<Int.random(in: 0...5, using: &rng) {
                try? queues.add(scored.randomElement(using: &rng)!.id, for: id, taken: [])
            }
        }
        let room = DraftRoom(draft: draft, picks: [], pool: pool,
                             rules: DraftRosterRules(rosterSlots: slots, positionMaxima: maxima), botSeed: rng.next())
        return RandomLeague(room: room, teams: teams, queues: queues)
    }

    @Test func fullAutopickedDraftsFillEverySlotOnceWithinPositionMaxima() throws {
        var rng = SeededRandom(seed: 0x5EED_D4AF7)
        // Plain checks inside the loops (one #expect per league keeps thousands of picks fast).
        var failures: [String] = []
        for leagueNumber in 0..<500 {
            var league = Self.randomLeague(&rng)
            var room = league.room
            var now = Date(timeIntervalSince1970: 0)
            try room.start(now: now)
            var ticks = 0
            while room.draft.status != .complete {
                // Jump to whichever comes first: the bot think time or the pick clock; soft timers need a bot.
                let team = league.teams.first { $0.id == room.onTheClock }!
                if room.draft.deadline == nil && !(team.isBot || team.autopick) {
                    league.teams = league.teams.map { $0.id == team.id ? $0.settingAutopick(true) : $0 }
                }
                now = min(room.botDeadline(teams: league.teams) ?? .distantFuture, room.draft.deadline ?? .distantFuture)
                guard let pick = try room.tick(now: now, teams: league.teams, queues: league.queues) else {
                    failures.append("league \(leagueNumber): tick at the deadline made no pick"); break
                }
                league.queues = league.queues.removingDrafted([pick.playerID])
                if pick.teamID != DraftOrder.team(forPick: pick.number, order: room.draft.order, type: room.draft.type) {
                    failures.append("league \(leagueNumber): pick \(pick.number) went to the wrong team")
                }
                // Idempotent: a second tick at the same moment does nothing.
                if try room.tick(now: now, teams: league.teams, queues: league.queues) != nil {
                    failures.append("league \(leagueNumber): a second tick made another pick")
                }
                ticks += 1
            }
            let draft = room.draft
            if room.picks.count != draft.rounds * draft.order.count || ticks != room.picks.count {
                failures.append("league \(leagueNumber): \(room.picks.count) picks for \(draft.rounds) rounds × \(draft.order.count) teams")
            }
            if Set(room.picks.map(\.playerID)).count != room.picks.count { failures.append("league \(leagueNumber): a player was drafted twice") }
            if room.picks.map(\.number) != Array(1...room.picks.count) { failures.append("league \(leagueNumber): pick numbers have a gap") }
            for team in draft.order {
                var held: [Position: Int] = [:]
                for p in room.positions(of: team) { held[p, default: 0] += 1 }
                for (p, n) in held where n > room.rules.positionMaxima[p]! {
                    failures.append("league \(leagueNumber): \(team) drafted \(n) \(p.rawValue)")
                }
            }
            if !league.queues.byTeam.values.allSatisfy({ $0.allSatisfy { room.isAvailable($0) } }) {
                failures.append("league \(leagueNumber): a drafted player stayed queued")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func autopickFillsTheFieldStartersFirstAndKAndDEFLate() {
        var rng = SeededRandom(seed: 77)
        let settings = LeagueSettings()
        let rules = DraftRosterRules(settings)
        for _ in 0..<200 {
            let league = Self.randomLeague(&rng)
            var held: [Position] = []
            var taken = Set<PlayerID>()
            // A whole 15-round draft for one team against an empty field.
            for _ in 0..<rules.draftRounds {
                guard let id = Autopick.choose(queue: [], rankings: league.room.pool, taken: taken, teamPositions: held, rules: rules),
                      let p = league.room.pool.position(of: id) else { Issue.record("no pick"); return }
                held.append(p)
                taken.insert(id)
            }
            var first: [Position: Int] = [:]
            for p in held.prefix(7) { first[p, default: 0] += 1 }
            // The first seven fill QB, RB×2, WR×2, TE and FLEX; K and DEF come in the last three picks, one each.
            #expect(first[.qb] == 1 && first[.te, default: 0] >= 1 && first[.rb, default: 0] >= 2 && first[.wr, default: 0] >= 2)
            #expect(first[.rb, default: 0] + first[.wr, default: 0] + first[.te, default: 0] == 6)
            #expect(Set(held.suffix(3)).isSuperset(of: [.k, .def]) && held.filter { $0 == .k || $0 == .def }.count == 2)
            #expect(held.filter { $0 == .qb }.count <= 2)
        }
    }
}
