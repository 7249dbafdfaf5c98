import ClubhouseDomain
import ClubhouseServer
import Foundation
import Synchronization
import Testing
@testable import ClubhouseData
@testable import ClubhouseRemote

@Suite("Remote transport: offline") struct RemoteOfflineTests {
    /// Pages already read come from the cache, marked with their age; a write fails at once, saying the server
    /// can't be reached; a page never read fails the same way.
    @Test func cachedPagesStayReadableAndWritesFailAtOnceWhenTheServerIsGone() async throws {
        let world = try ContractTransport.$current.withValue(.remote) { try ContractWorld() }
        let alice = try world.person("alice")
        // A transport whose request limit is a minute: a write queued or retried would wait it out; one refused at once
        // doesn't, however slow a loaded machine is to schedule the test.
        let token = world.newSessionToken(alice.userID!)
        let api = RemoteLeagueAPI(server: URL(string: "http://127.0.0.1:\(world.server!.port)")!, token: { token }, idleTimeout: 60, requestTimeout: 60)
        let asked = Date()
        let standings = try await api.standings(LeagueID(1))
        let answered = Date()
        #expect(api.connection == .online)
        world.server!.stopNow()

        #expect(try await api.standings(LeagueID(1)) == standings)
        guard case .offline(let asOf?) = api.connection else { Issue.record("not marked offline: \(api.connection)"); return }
        // As of the last answer: between asking and hearing it (not "recent": a loaded machine may take a minute here).
        #expect(asOf >= asked.addingTimeInterval(-1) && asOf <= answered.addingTimeInterval(1), "\(asked) ≤ \(asOf) ≤ \(answered)")

        let started = ContinuousClock.now
        let refused = await failure { try await api.sendChat(LeagueID(1), text: "anyone there?") }
        // Queued or retried, it would wait out the 60 s request limit at least; at once, it doesn't (30 s: room for a
        // machine under load, which once took 14 s to get here with the 15 s limit).
        #expect(ContinuousClock.now - started < .seconds(30), "not queued, not retried")
        guard case .transport(let why)? = refused else { Issue.record("\(String(describing: refused))"); return }
        #expect(why.contains("can't be reached"))
        #expect(await failure { try await api.roster(LeagueID(1), team: TeamID(1)) } == refused, "a page never read")
    }

    /// A client following a league's events hears the server go away without reading anything — `connection` turns
    /// offline as of its last answer (the top bar reads it every frame) — and hears it come back: the stream
    /// reconnects, the connection is online again, and what happens next arrives.
    @Test func aStreamThatLosesTheServerSaysOfflineThenFollowsItBack() async throws {
        let world = try ContractTransport.$current.withValue(.remote) { try ContractWorld() }
        let alice = try world.person("alice")
        let api = world.api(alice) as! RemoteLeagueAPI
        let asked = Date()
        _ = try await api.standings(LeagueID(1))
        let changes = Mutex<[RemoteLeagueAPI.Connection]>([])
        api.onConnectionChange { c in changes.withLock { $0.append(c) } }
        let seen = Mutex<[LeagueEvent]>([])
        let follower = Task {
            for await e in api.events(league: LeagueID(1), after: nil) { seen.withLock { $0.append(e) } }
        }
        defer { follower.cancel() }
        let first = try #require(world.server)
        let port = try #require(URLComponents(string: first.url)?.port)
        #expect(await Wait.until(.seconds(20)) { first.openStreams == 1 }, "the stream is open")
        first.stopNow()
        let stopped = Date()

        #expect(await Wait.until(.seconds(20)) { api.connection != .online }, "no read was made: only the stream can tell")
        guard case .offline(let asOf?) = api.connection else { Issue.record("\(api.connection)"); return }
        #expect(asOf >= asked.addingTimeInterval(-1) && asOf <= stopped.addingTimeInterval(1), "as of the last answer: \(asked) ≤ \(asOf) ≤ \(stopped)")
        #expect(changes.withLock { $0 } == [.offline(asOf: asOf)], "the app is told at once (it redraws its top bar)")

        var options = LeagueServer.Options()
        options.http.port = UInt16(port)
        options.runsClocks = false
        let again = LeagueServer(backend: EmbeddedServerBackend(service: world.service, events: world.events,
                                                                random: { RandomSource(seed: world.randomSeed) }),
                                 options: options, log: { _ in })
        try again.start()
        defer { again.stopNow() }
        #expect(await Wait.until(.seconds(30)) { api.connection == .online }, "the stream reconnected")
        #expect(changes.withLock { $0 } == [.offline(asOf: asOf), .online], "and told once it is back")
        _ = try await api.sendChat(LeagueID(1), text: "back again")
        #expect(await Wait.until(.seconds(30)) { seen.withLock { $0.contains { $0.kind == .chat } } })
    }
}
