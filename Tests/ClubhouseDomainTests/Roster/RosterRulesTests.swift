import Foundation
import Testing
import ClubhouseDomain

@Suite("Roster: size and position maxima on adds")
struct RosterRulesTests {
    typealias S = RosterTestSupport
    let settings = LeagueSettings()
    let fixture = Fixture.season2019

    func add(_ id: PlayerID, dropping drop: PlayerID? = nil, to roster: Roster, settings: LeagueSettings? = nil) throws(RosterRefusal) -> Roster {
        try RosterRules.adding(id, dropping: drop, to: roster, players: fixture.players, settings: settings ?? self.settings, acquisition: .freeAgent, at: S.day)
    }

    func ids(_ position: Position, _ count: Int) -> [PlayerID] {
        fixture.players.values.filter { $0.position == position }.map(\.id).sorted().prefix(count).map { $0 }
    }

    @Test func addsFillAnEmptyStartingSlotThenFlexThenTheBench() throws {
        var roster = Roster(teamID: TeamID(1))
        for id in ids(.wr, 8) { roster = try add(id, to: roster) }
        let slots = ids(.wr, 8).map { roster.entry(for: $0)!.slot }
        #expect(slots == [.wr, .wr, .flex, .bench, .bench, .bench, .bench, .bench])
    }

    @Test func refusesAPlayerAlreadyOnTheRosterOrUnknown() throws {
        let wr = ids(.wr, 1)[0]
        let roster = try add(wr, to: Roster(teamID: TeamID(1)))
        #expect(throws: RosterRefusal.alreadyOnRoster(wr)) { try add(wr, to: roster) }
        #expect(throws: RosterRefusal.unknownPlayer("nobody")) { try add("nobody", to: roster) }
        #expect(throws: RosterRefusal.dropNotOnRoster("nobody")) { try add(ids(.wr, 2)[1], dropping: "nobody", to: roster) }
    }

    @Test func refusesTheNinthReceiverButAcceptsHimWithADrop() throws {
        var roster = Roster(teamID: TeamID(1))
        let receivers = ids(.wr, 9)
        for id in receivers.prefix(8) { roster = try add(id, to: roster) }
        #expect(throws: RosterRefusal.positionMaximum(.wr, limit: 8)) { try add(receivers[8], to: roster) }
        let swapped = try add(receivers[8], dropping: receivers[0], to: roster)
        #expect(swapped.contains(receivers[8]) && !swapped.contains(receivers[0]))
    }

    @Test func refusesASixteenthActivePlayerButIRDoesNotCount() throws {
        var roster = Roster(teamID: TeamID(1))
        let squad = ids(.qb, 1) + ids(.rb, 5) + ids(.wr, 5) + ids(.te, 2) + ids(.k, 1) + ids(.def, 1)
        for id in squad { roster = try add(id, to: roster) }
        #expect(roster.entries.count == 15)
        let extra = ids(.te, 3)[2]
        #expect(throws: RosterRefusal.rosterFull(limit: 15)) { try add(extra, to: roster) }
        let benched = try #require(roster.entries.firstIndex { $0.slot == .bench })
        roster.entries[benched].slot = .ir
        #expect(RosterRules.refusalToAdd(extra, to: roster, players: fixture.players, settings: settings) == nil)
    }

    @Test func refusesWhenNoOpenSlotTakesThePosition() throws {
        var small = LeagueSettings()
        small.rosterSlots = [.qb: 1, .k: 1, .bench: 1]   // room for 3, but the third QB has nowhere to go
        var roster = Roster(teamID: TeamID(1))
        roster = try add(ids(.qb, 1)[0], to: roster, settings: small)
        roster = try add(ids(.qb, 2)[1], to: roster, settings: small)
        #expect(throws: RosterRefusal.noOpenSlot(.qb)) { try add(ids(.qb, 3)[2], to: roster, settings: small) }
    }

    @Test func droppingRemovesThePlayerOrRefuses() throws {
        let wr = ids(.wr, 1)[0]
        let roster = try add(wr, to: Roster(teamID: TeamID(1)))
        #expect(try RosterRules.dropping(wr, from: roster).entries.isEmpty)
        #expect(throws: RosterRefusal.dropNotOnRoster("nobody")) { try RosterRules.dropping("nobody", from: roster) }
    }

    /// Thousands of random add/drop sequences under random maxima: whatever the API accepts never breaks a limit.
    @Test func randomRostersNeverExceedMaximaThroughTheValidationAPI() throws {
        var random = SeededRandom(seed: 2019)
        let pool = fixture.players.keys.sorted()
        for _ in 0..<2_000 {
            var settings = LeagueSettings()
            for position in Position.allCases { settings.positionMaxima[position] = Int.random(in: 1...4, using: &random) }
            settings.rosterSlots[.bench] = Int.random(in: 0...6, using: &random)
            settings.rosterSlots[.ir] = Int.random(in: 0...2, using: &random)
            var roster = Roster(teamID: TeamID(1))
            for _ in 0..<30 {
                let candidate = pool[Int.random(in: 0..<pool.count, using: &random)]
                let drop = Bool.random(using: &random) ? roster.playerIDs.randomElement(using: &random) : nil
                if let next = try? RosterRules.adding(candidate, dropping: drop, to: roster, players: fixture.players, settings: settings,
                                                      acquisition: .freeAgent, at: S.day) {
                    roster = next
                }
                if Int.random(in: 0..<5, using: &random) == 0, let injured = roster.entries.indices.randomElement(using: &random) {
                    roster.entries[injured].slot = .ir   // as a lineup move would, ignoring capacity to stress the add checks
                }
            }
            for (position, maximum) in settings.positionMaxima {
                #expect(roster.entries.filter { fixture.players[$0.playerID]!.position == position }.count <= maximum)
            }
            #expect(roster.entries.filter { $0.slot != .ir }.count <= RosterRules.activeCapacity(settings))
            #expect(Set(roster.playerIDs).count == roster.entries.count)
        }
    }
}
