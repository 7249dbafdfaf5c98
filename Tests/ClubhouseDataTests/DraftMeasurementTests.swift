import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// The domain README's measurement: 100 seeded bot drafts of the demo's 12-team PPR league ("Bot Bowl Live":
/// default roster, snake), every team a bot, each team's 2019 season points (weeks 1–16) under the new rules
/// (value over replacement, bots with temperaments) against the old ones (raw 2018 points, starters first in rank
/// order). Prints its figures; runs in full with CLUBHOUSE_DRAFT_MEASURE=1 (else 5 drafts, as a smoke test).
@Suite struct DraftMeasurementTests {
    static var facts: SeasonFacts { SeasonFactsDerivedValuesTests.facts }

    /// The autopick rule before value-based drafting: the best raw-ranked player with an open starting slot (K and
    /// DEF included), else the best within maxima.
    static func oldChoice(rankings: DraftRankings, taken: Set<PlayerID>, held positions: [Position], rules: DraftRosterRules) -> PlayerID? {
        var held: [Position: Int] = [:]
        for p in positions { held[p, default: 0] += 1 }
        let needed = rules.positionsWithOpenStarterSlot(given: held)
        var fallback: PlayerID?
        for p in rankings.players where !taken.contains(p.playerID) && rules.allows(p.position, given: held) {
            if needed.isEmpty || needed.contains(p.position) { return p.playerID }
            if fallback == nil { fallback = p.playerID }
        }
        return fallback
    }

    /// The old rules' draft: rooms run pick by pick with the old choice.
    static func oldDraft(_ settings: LeagueSettings, order: [TeamID]) throws -> DraftRoom {
        let rankings = facts.draftRankings(settings.scoring)
        let draft = Draft(leagueID: LeagueID(1), status: .scheduled, order: order, rounds: settings.draftRounds, type: settings.draftType, pickClockSeconds: 90)
        var room = DraftRoom(draft: draft, picks: [], pool: rankings, rules: DraftRosterRules(settings))
        try room.start(now: DraftIntelligenceTests.t0)
        while let team = room.onTheClock {
            let id = try #require(oldChoice(rankings: rankings, taken: room.taken, held: room.positions(of: team), rules: room.rules))
            _ = try room.makePick(expectedPickNumber: room.draft.currentPick, team: team, player: id, by: .bot, now: DraftIntelligenceTests.t0)
        }
        return room
    }

    /// A team's season, weeks 1–16, its drafted roster kept all season. `hindsight`: each week's best lineup by that
    /// week's actual points (what the roster could score). Otherwise the lineup a manager would set before the week:
    /// by points per game so far this season (before any game, 2018 points ÷ 16; rookies 0), nobody on bye.
    static func seasonPoints(_ room: DraftRoom, team: TeamID, settings: LeagueSettings, hindsight: Bool = false) -> Points {
        let scored = facts.scored(settings.scoring)
        let roster = DraftIntelligenceTests.roster(room, team)
        var total = Points.zero
        var sums: [PlayerID: (Points, Int)] = [:]
        for week in 1...16 {
            let lineup = LineupRules.defaultLineup(for: roster, players: facts.players, settings: settings) { id in
                if hindsight { return scored.points(id, week: week, finalAt: .distantFuture) }
                guard facts.game(for: id, week: week) != nil else { return Points(hundredths: -100_000) }
                if let (sum, games) = sums[id], games > 0 { return Points(hundredths: sum.hundredths / games) }
                return Points(hundredths: (scored.priorSeasonPoints(id) ?? .zero).hundredths / 16)
            }
            for e in lineup.entries where e.slot.isStarter { total = total + scored.points(e.playerID, week: week, finalAt: .distantFuture) }
            for e in roster.entries where facts.stats(e.playerID, week: week, finalAt: .distantFuture) != nil {
                let (sum, games) = sums[e.playerID] ?? (.zero, 0)
                sums[e.playerID] = (sum + scored.points(e.playerID, week: week, finalAt: .distantFuture), games + 1)
            }
        }
        return total
    }

    @Test func newRulesAgainstOldOnTheDemosTwelveTeamPPRLeague() throws {
        var settings = LeagueSettings()
        settings.teamCount = 12; settings.scoring = .preset(.ppr); settings.pickClockSeconds = 60
        let drafts = ProcessInfo.processInfo.environment["CLUBHOUSE_DRAFT_MEASURE"] == "1" ? 100 : 5
        var new = Points.zero, old = Points.zero, plain = Points.zero, teams = 0
        var newHindsight = Points.zero, oldHindsight = Points.zero
        var byPosNew: [Position: Points] = [:], byPosOld: [Position: Points] = [:]
        var newBest = Points.zero, newWorst = Points(hundredths: Int.max / 2)
        for seed in 1...drafts {
            var rng = SeededRandom(seed: UInt64(seed))
            let order = DraftOrder.random(teams: (1...12).map { TeamID(Int64($0)) }, using: &rng)
            let newRoom = try DraftIntelligenceTests.botDraft(settings, seed: UInt64(seed), order: order)
            let oldRoom = try Self.oldDraft(settings, order: order)
            let plainRoom = try DraftIntelligenceTests.botDraft(settings, seed: UInt64(seed), order: order, temperaments: false)
            for room in [newRoom, oldRoom, plainRoom] {
                #expect(room.onTheClock == nil && room.picks.count == settings.draftRounds * 12, "draft \(seed) ran to its last pick")
            }
            for team in order {
                plain = plain + Self.seasonPoints(plainRoom, team: team, settings: settings)
                for (room, tally) in [(newRoom, 0), (oldRoom, 1)] {
                    for pick in room.picks(of: team) {
                        let pos = Self.facts.players[pick.playerID]!.position
                        let pts = Self.facts.scored(settings.scoring).seasonPoints(pick.playerID, finalAt: .distantFuture)
                        if tally == 0 { byPosNew[pos, default: .zero] = byPosNew[pos, default: .zero] + pts } else { byPosOld[pos, default: .zero] = byPosOld[pos, default: .zero] + pts }
                    }
                }
                let n = Self.seasonPoints(newRoom, team: team, settings: settings)
                new = new + n; old = old + Self.seasonPoints(oldRoom, team: team, settings: settings)
                newHindsight = newHindsight + Self.seasonPoints(newRoom, team: team, settings: settings, hindsight: true)
                oldHindsight = oldHindsight + Self.seasonPoints(oldRoom, team: team, settings: settings, hindsight: true)
                newBest = max(newBest, n); newWorst = min(newWorst, n)
                teams += 1
            }
        }
        let newAverage = Double(new.hundredths) / 100 / Double(teams), oldAverage = Double(old.hundredths) / 100 / Double(teams)
        print(String(format: "draft measurement: %d seeded drafts × 12 bot teams, PPR, weeks 1–16, lineups by points per game so far: new rules %.1f points a team (range %.1f–%.1f), old rules %.1f (%+.1f, %+.1f %%)",
                     drafts, newAverage, Double(newWorst.hundredths) / 100, Double(newBest.hundredths) / 100, oldAverage,
                     newAverage - oldAverage, (newAverage / oldAverage - 1) * 100))
        print("plain (no temperament): \(Double(plain.hundredths) / 100 / Double(teams))")
        print(String(format: "hindsight (best lineup each week): new %.1f, old %.1f", Double(newHindsight.hundredths) / 100 / Double(teams), Double(oldHindsight.hundredths) / 100 / Double(teams)))
        print("drafted season points by position new/old: " + Position.allCases.map { "\($0.rawValue) \(byPosNew[$0] ?? .zero)/\(byPosOld[$0] ?? .zero)" }.joined(separator: " "))
        // What the domain README reports of the full run, which holds from the first few drafts on: the old rules
        // hoard quarterbacks (QB points drafted: 533 a team against 279), the new bots take tight ends by value.
        #expect((byPosNew[.qb] ?? .zero) < (byPosOld[.qb] ?? .zero), "QB points drafted, new \(byPosNew[.qb] ?? .zero) against old \(byPosOld[.qb] ?? .zero)")
        #expect((byPosNew[.te] ?? .zero) > (byPosOld[.te] ?? .zero), "TE points drafted, new \(byPosNew[.te] ?? .zero) against old \(byPosOld[.te] ?? .zero)")
    }
}

