import ClubhouseDomain
import Foundation
import Testing

/// The draft room's read model carries each team's real autopick flag (the room shows it and `A` toggles from it),
/// and the league's season clock its draft date is measured on.
@Suite("Contract: autopick in the draft room", .bothBackends) struct DraftAutopickContractTests {
    @Test func theBoardCarriesEachTeamsAutopickFlagAsItIsSwitched() async throws {
        let r = try await DraftRoomContractTests().room(started: false)
        #expect(try await r.api().draftBoard(r.id).onAutopick.isEmpty, "a new league's managed teams aren't on autopick")

        _ = try await r.api(r.commissioner).setAutopick(r.id, team: r.order[0], on: true)
        _ = try await r.api(r.dana).setAutopick(r.id, team: r.order[1], on: true)
        let board = try await r.api(r.eli).draftBoard(r.id)
        #expect(board.onAutopick == [r.order[0], r.order[1]], "everyone sees the flags, whoever switched them")

        _ = try await r.api(r.commissioner).setAutopick(r.id, team: r.order[0], on: false)
        #expect(try await r.api().draftBoard(r.id).onAutopick == [r.order[1]])
    }

    @Test func theRoomShowsTheDraftDateTheLeagueShows() async throws {
        let world = try ContractWorld()
        let funday = try #require(try await world.api().publicLeagues(filter: LeagueFilter()).first { $0.name == "Sunday Funday" })
        let league = try await world.api().league(funday.id).league
        #expect(league.draftScheduledAt != nil)
        #expect(try await world.api().draftBoard(funday.id).draft.scheduledAt == league.draftScheduledAt)

        let r = try await DraftRoomContractTests().room(started: false)
        let date = try await r.api().league(r.id).league.clock.addingTimeInterval(86_400)
        _ = try await r.api(r.commissioner).scheduleDraft(r.id, at: date)
        #expect(try await r.api().draftBoard(r.id).draft.scheduledAt == date)
    }

    @Test func theBoardCarriesTheLeaguesSeasonClock() async throws {
        let r = try await DraftRoomContractTests().room(started: false)
        let league = try await r.api().league(r.id).league
        #expect(try await r.api().draftBoard(r.id).seasonClock == league.clock)
    }
}
