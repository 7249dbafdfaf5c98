import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// One account can't fill Home with public leagues — at most 10 created in any 24 hours, the refusal saying
/// so in a sentence with when it frees up, the same on both transports and both databases.
@Suite(.bothTransports) struct LeagueLimitContractTests {
    let world: ContractWorld
    init() throws { world = try ContractWorld() }

    func newLeague(_ n: Int) -> NewLeague { NewLeague(name: "Cap \(n)", teamName: "Mine", seasonClock: DemoSeeder.preseason) }

    @Test func anAccountCreatesAtMostTenLeaguesInADay() async throws {
        let me = try world.signUp("Prolific")
        let api = world.api(me)
        for n in 1...LeagueLimits.maxCreatedPerDay {
            _ = try await api.createLeague(newLeague(n))
            world.clock.advance(by: 60)   // one a minute: the first frees up first
        }
        // The eleventh waits until the first is a day old: 24 h less the 10 minutes gone since.
        let wait = 24 * 3600 - 10 * 60
        #expect(await failure { try await api.createLeague(newLeague(11)) }
                == .limitReached("You can create at most 10 leagues a day — try again in 24 h", retryAfterSeconds: wait))
        #expect(try world.scalar("SELECT count(*) FROM leagues WHERE commissioner_id = ?", [me.userID!], as: Int.self) == 10)

        // Someone else isn't limited by it.
        _ = try await world.api(try world.signUp("Other")).createLeague(newLeague(1))

        world.clock.advance(by: TimeInterval(wait - 1))
        #expect(await failure { try await api.createLeague(newLeague(11)) } == .limitReached(
            "You can create at most 10 leagues a day — try again in 1 s", retryAfterSeconds: 1))
        world.clock.advance(by: 1)
        _ = try await api.createLeague(newLeague(11))
        #expect(await failure { try await api.createLeague(newLeague(12)) } != nil, "the second one frees up a minute later")
    }

    /// The count and the insert are one transaction: requests at the cap at once can't all be the tenth.
    @Test func createsAtTheCapAtOnceMakeOnlyTheTenth() async throws {
        let me = try world.signUp("Racer")
        for n in 1..<LeagueLimits.maxCreatedPerDay { _ = try await world.api(me).createLeague(newLeague(n)) }
        let outcomes = await withTaskGroup(of: DomainError?.self) { group in
            for n in 0..<6 {
                let api = world.api(me), league = newLeague(100 + n)
                group.addTask { await failure { try await api.createLeague(league) } }
            }
            return await group.reduce(into: [DomainError?]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == nil }.count == 1, "\(outcomes)")
        #expect(outcomes.compactMap { $0 }.allSatisfy { if case .limitReached = $0 { true } else { false } }, "\(outcomes)")
        #expect(try world.scalar("SELECT count(*) FROM leagues WHERE commissioner_id = ?", [me.userID!], as: Int.self) == 10)
    }
}
