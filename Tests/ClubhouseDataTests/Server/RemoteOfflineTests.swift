import ClubhouseDomain
import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData
@testable import ClubhouseRemote

@Suite("Remote transport: offline") struct RemoteOfflineTests {
    /// Pages already read come from the cache, marked with their age; a write fails at once, saying the server
    /// can't be reached; a page never read fails the same way.
    @Test func cachedPagesStayReadableAndWritesFailAtOnceWhenTheServerIsGone() async throws {
        let world = try ContractTransport.$current.withValue(.remote) { try ContractWorld() }
        let alice = try world.person("alice")
        let api = world.api(alice) as! RemoteLeagueAPI
        let standings = try await api.standings(LeagueID(1))
        #expect(api.connection == .online)
        world.server!.stopNow()

        #expect(try await api.standings(LeagueID(1)) == standings)
        guard case .offline(let asOf?) = api.connection else { Issue.record("not marked offline: \(api.connection)"); return }
        #expect(abs(asOf.timeIntervalSinceNow) < 60)

        let started = ContinuousClock.now
        let refused = await failure { try await api.sendChat(LeagueID(1), text: "anyone there?") }
        // Queued or retried, it would wait out the 15 s request limit at least; at once, it doesn't (10 s: room for a
        // machine under load).
        #expect(ContinuousClock.now - started < .seconds(10), "not queued, not retried")
        guard case .transport(let why)? = refused else { Issue.record("\(String(describing: refused))"); return }
        #expect(why.contains("can't be reached"))
        #expect(await failure { try await api.roster(LeagueID(1), team: TeamID(1)) } == refused, "a page never read")
    }
}
