import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// The league page's outlook on the season clock: the next waiver run, kickoff and week final (the commissioner's
/// clock controls move the clock to these).
@Suite("Contract: the season clock's outlook", .bothTransports) struct ClockOutlookContractTests {
    @Test func theLeagueSaysWhatComesNextAndMovesOnWithTheClock() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let before = try #require(try await world.api().league(league).outlook)
        #expect(before.nextWaiverRun == DemoSeeder.utc("2019-11-06T08:00:00Z"))
        #expect(before.nextWeekFinal == ClockOutlook.WeekMoment(week: 9, at: DemoSeeder.utc("2019-11-05T04:45:00Z")))
        #expect(before.nextKickoff == ClockOutlook.WeekMoment(week: 10, at: DemoSeeder.utc("2019-11-08T01:20:00Z")))

        _ = try await world.api(try world.person("alice")).advanceClock(league, to: DemoSeeder.utc("2019-11-06T09:00:00Z"))
        let after = try #require(try await world.api().league(league).outlook)
        #expect(after.nextWaiverRun == DemoSeeder.utc("2019-11-13T08:00:00Z"))
        #expect(after.nextWeekFinal?.week == 10)
        #expect(after.nextKickoff?.week == 10)
    }

    @Test func aFinishedSeasonHasNoKickoffOrWeekLeft() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Champions Circle").id
        let o = try #require(try await world.api().league(league).outlook)
        #expect(o.nextKickoff == nil && o.nextWeekFinal == nil)
    }
}
