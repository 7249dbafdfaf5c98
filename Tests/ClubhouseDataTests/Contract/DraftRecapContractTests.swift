import ClubhouseDomain
import Foundation
import Testing

/// The draft recap and the room's draft intelligence through the contract, on the demo world.
@Suite("Contract: draft recap", .bothBackends) struct DraftRecapContractTests {
    @Test func aPlayedLeaguesRecapGradesEveryTeamAndScoresEveryPickSoFar() async throws {
        let world = try ContractWorld()
        let id = try await world.league("Gridiron Greats").id
        let recap = try await world.api().draftRecap(id)
        #expect(recap.complete && recap.teams.count == 10 && recap.throughWeek == 8)
        #expect(recap.teams.map(\.value) == recap.teams.map(\.value).sorted(by: >), "best drafted value first")
        // The grades follow the ratio to the room's average; position lines sum to the total minus the average.
        for t in recap.teams {
            let ratio = Double(t.value.hundredths) / Double(t.roomAverage.hundredths)
            #expect(t.grade == DraftGrades.letter(ratio: ratio))
            let sum = t.byPosition.values.reduce(0) { $0 + $1.hundredths }
            #expect(abs(sum - (t.value - t.roomAverage).hundredths) <= 6, "rounding of six position averages at most")
        }
        #expect(recap.best.count == 5 && recap.worst.count == 5)
        #expect(recap.best.map(\.surplus) == recap.best.map(\.surplus).sorted(by: >))
        #expect(recap.best.allSatisfy { $0.surplus == $0.pick.number - $0.seasonRank })
        #expect((recap.best.first?.surplus ?? 0) > 0 && (recap.worst.first?.surplus ?? 0) < 0)
    }

    @Test func theRecapWaitsForTheDraftToStart() async throws {
        let world = try ContractWorld()
        let id = try await world.league("Sunday Funday").id
        await #expect(throws: DomainError.self) { try await world.api().draftRecap(id) }
    }

    @Test func aLiveRoomShowsTiersLeftAndTheNeedsOfTheTeamOnTheClock() async throws {
        let world = try ContractWorld()
        let id = try await world.league("Bot Bowl Live").id
        let board = try await world.api().draftBoard(id)
        #expect(board.tiers.map(\.position) == Position.allCases)
        #expect(board.tiers.allSatisfy { $0.left >= 1 && $0.tier >= 1 })
        #expect(!board.tiers.contains { t in board.picks.contains { $0.player.id == t.best.id } })
        // Pick 18 (round 2): the team on the clock has one player, so eight starting slots are open.
        let needs = try #require(board.onClockNeeds)
        #expect(needs.values.reduce(0, +) == 8, "\(needs)")
        let draftable = try await world.api().draftablePlayers(id)
        #expect(draftable.map(\.value) == draftable.map(\.value).sorted(by: >), "the Available tab ranks by value")
        // The bots no longer take quarterbacks in round 1 of a 12-team PPR league.
        let round1 = board.picks.filter { $0.pick.round == 1 }
        #expect(round1.count == 12 && !round1.contains { $0.player.position == .qb }, "\(round1.map(\.player.name))")
    }
}
