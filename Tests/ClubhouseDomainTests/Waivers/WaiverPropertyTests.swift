import Foundation
import Testing
@testable import ClubhouseDomain

@Suite struct WaiverPropertyTests {
    @Test(arguments: WaiverType.allCases)
    func processingNeverDoubleRostersAndNeverOverspends(type: WaiverType) {
        var rng = SeededRandom(seed: type == .faab ? 0xFAAB : 0x5011)
        let now = Date(timeIntervalSince1970: 1_568_800_800)
        for league in 0..<2_000 {
            let teamCount = Int.random(in: 4...16, using: &rng)
            let teams = (1...teamCount).map { TeamID(Int64($0)) }
            let playerCount = Int.random(in: 20...80, using: &rng)
            let players = (0..<playerCount).map { PlayerID("p\($0)") }
            var positions: [PlayerID: Position] = [:]
            for p in players { positions[p] = Position.allCases.randomElement(using: &rng)! }
            var settings = LeagueSettings()
            settings.waiverType = type
            settings.rosterSlots = [.qb: 1, .rb: 1, .wr: 1, .bench: Int.random(in: 0...3, using: &rng), .ir: 1]
            settings.positionMaxima = [.qb: 2, .rb: 3, .wr: 3, .te: 2, .k: 1, .def: 1]
            // Deal some players to rosters (never more than one roster each); the rest are unrostered.
            var rosters = teams.map { Roster(teamID: $0) }
            for p in players where Int.random(in: 0..<3, using: &rng) == 0 {
                let t = Int.random(in: 0..<teamCount, using: &rng)
                rosters[t].entries.append(RosterEntry(playerID: p, slot: Bool.random(using: &rng) ? .bench : .ir, acquisition: .draft, acquiredAt: now))
            }
            var budgets: [TeamID: Int] = [:]
            for t in teams { budgets[t] = Int.random(in: 0...100, using: &rng) }
            let state = WaiverState(rosters: rosters, priority: teams.shuffled(using: &rng), budgets: budgets, holds: [])
            var claims: [WaiverClaim] = []
            for id in 0..<Int.random(in: 0...40, using: &rng) {
                let team = teams.randomElement(using: &rng)!
                let own = rosters.first { $0.teamID == team }!.playerIDs
                let drop: PlayerID? = Bool.random(using: &rng) ? (own + players).randomElement(using: &rng) : nil
                claims.append(WaiverClaim(id: Int64(id), leagueID: LeagueID(Int64(league)), teamID: team, addPlayer: players.randomElement(using: &rng)!,
                                          dropPlayer: drop, bid: Int.random(in: 0...120, using: &rng), rank: Int.random(in: 1...5, using: &rng), createdAt: now))
            }
            let r = WaiverProcessor.process(claims: claims, state: state, positions: positions, settings: settings, now: now, firstTransactionID: 1)

            let all = r.state.rosters.values.flatMap(\.playerIDs)
            #expect(all.count == Set(all).count, "a player is on two rosters")
            #expect(r.state.budgets.values.allSatisfy { $0 >= 0 }, "a FAAB balance went negative")
            #expect(r.claims.allSatisfy { $0.status != .pending }, "a claim was left pending")
            #expect(r.results.count == claims.count)
            #expect(Set(r.state.priority) == Set(teams) && r.state.priority.count == teamCount)
            let won = r.claims.filter { $0.outcome == .won }
            #expect(won.count == r.transactions.count)
            #expect(Set(won.map(\.addPlayer)).count == won.count, "a player was won twice")
            if type == .faab {
                for t in teams {
                    let spent = won.filter { $0.teamID == t }.map(\.bid).reduce(0, +)
                    #expect(r.state.budgets[t] == budgets[t]! - spent)
                }
            } else {
                #expect(r.state.budgets == budgets)
            }
            // Every roster keeps its limits after the run (claims only add within them).
            let limits = RosterLimits(settings)
            for roster in r.state.rosters.values where roster.entries.contains(where: { $0.acquisition == .waiver }) {
                #expect(roster.entries.filter { $0.slot != .ir }.count <= limits.activeCapacity)
            }
        }
    }
}
