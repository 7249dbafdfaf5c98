import Foundation
import Testing
import ClubhouseDomain

/// `RosterLimits` (waivers' wording) asks `RosterRules.limitRefusal` (the roster rule): one size/maxima decision.
@Suite("Waivers: roster limits follow the roster rules") struct RosterLimitsTests {
    let players = Fixture.season2019.players

    /// The limits as the Waivers feature first wrote them, kept here as the reference the shared rule must match.
    func reference(_ limits: RosterLimits, adding position: Position, dropping drop: PlayerID?, to roster: Roster,
                   positions: [PlayerID: Position]) -> String? {
        let kept = roster.entries.filter { $0.playerID != drop }
        let active = kept.filter { $0.slot != .ir }.count
        if active + 1 > limits.activeCapacity { return "the roster already holds \(active) of \(limits.activeCapacity) players outside IR" }
        if let max = limits.positionMaxima[position] {
            let same = kept.filter { positions[$0.playerID] == position }.count
            if same + 1 > max { return "the roster already holds \(same) \(position.rawValue), the most allowed" }
        }
        return nil
    }

    @Test func randomRostersGetTheSameAnswerAndWordsAsBefore() {
        var random = SeededRandom(seed: 44)
        let pool = players.keys.sorted()
        let positions = players.mapValues(\.position)
        for _ in 0..<3_000 {
            var settings = LeagueSettings()
            for p in Position.allCases { settings.positionMaxima[p] = Int.random(in: 1...5, using: &random) }
            settings.rosterSlots[.bench] = Int.random(in: 0...6, using: &random)
            settings.rosterSlots[.ir] = Int.random(in: 0...2, using: &random)
            let size = Int.random(in: 0...20, using: &random)
            let ids = Array(pool.shuffled(using: &random).prefix(size))
            let roster = Roster(teamID: TeamID(1), entries: ids.map {
                RosterEntry(playerID: $0, slot: Bool.random(using: &random) ? .ir : .bench, acquisition: .draft, acquiredAt: Date(timeIntervalSince1970: 0))
            })
            let position = Position.allCases.randomElement(using: &random)!
            let drop = Bool.random(using: &random) ? ids.randomElement(using: &random) : nil
            let limits = RosterLimits(settings)
            let kept = roster.entries.filter { $0.playerID != drop }
            let problem = limits.problem(adding: position, dropping: drop, to: roster, positions: positions)
            #expect(problem == reference(limits, adding: position, dropping: drop, to: roster, positions: positions))
            let refusal = RosterRules.limitRefusal(adding: position, to: kept, activeCapacity: RosterRules.activeCapacity(settings),
                                                   positionMaxima: settings.positionMaxima, position: { positions[$0] })
            #expect((problem == nil) == (refusal == nil))
        }
    }

    @Test func theCapacityIsTheRosterRulesCapacity() {
        var settings = LeagueSettings()
        settings.rosterSlots[.ir] = 2
        #expect(RosterLimits(settings).activeCapacity == RosterRules.activeCapacity(settings))
        #expect(RosterLimits(settings).activeCapacity == 15)
    }
}
