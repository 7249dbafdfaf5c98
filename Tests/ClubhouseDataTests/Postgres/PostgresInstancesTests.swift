import ClubhouseDomain
import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData
@testable import ClubhouseRemote
@testable import ClubhousePostgres

/// Several `clubhouse serve` instances on one PostgreSQL database, as behind a load balancer: each instance here is a
/// `LeagueServer` with its own connection pool, its own use cases and its own event follower (LISTEN/NOTIFY), on one
/// world database. What one instance writes, a stream on the other sees; a client moving between them misses nothing
/// and sees nothing twice; of the instances ticking one pick, exactly one tick lands.
@Suite("PostgreSQL: several server instances", .enabled(if: ContractPostgres.url != nil, Comment(rawValue: PostgresStoreTests.skipped)))
final class PostgresInstancesTests: @unchecked Sendable {   // immutable after init
    let world: ContractWorld
    let services: [LeagueService]
    let servers: [LeagueServer]
    /// One client connection pool per instance, kept for the whole test (its event streams reconnect through it).
    let remotes: [RemoteLeagueAPI]
    let league: LeagueID
    let omar: Caller

    init() throws {
        world = try ContractBackend.$current.withValue(.postgres) { try ContractWorld() }
        var services: [LeagueService] = []
        var servers: [LeagueServer] = []
        for _ in 0..<2 {
            let db = try PostgresDatabase(url: world.postgres!.url)
            let service = LeagueService(store: PostgresLeagueStore(database: db), clock: world.clock, factsCache: ContractWorld.facts,
                                        accounts: fastAccountPorts)
            var options = LeagueServer.Options()
            options.http.port = 0
            options.runsClocks = false
            options.writeBurst = 10_000
            let server = LeagueServer(backend: EmbeddedServerBackend(service: service, events: PostgresEventSource(database: db)),
                                      options: options, log: { _ in })
            try server.start()
            services.append(service)
            servers.append(server)
        }
        self.services = services
        self.servers = servers
        remotes = servers.map { RemoteLeagueAPI(server: URL(string: $0.url)!, idleTimeout: 120, requestTimeout: 240) }
        league = try #require(try world.service.leagues.publicLeagues(filter: LeagueFilter(nameContains: "Bot Bowl"), caller: .anonymous).first).id
        omar = try world.person("omar")   // commissioner of the live bot draft: picks for the team on the clock
    }

    deinit { servers.forEach { $0.stopNow() } }

    func api(_ instance: Int, token: String? = nil) -> RemoteLeagueAPI {
        RemoteLeagueAPI(sharing: remotes[instance], token: { token })
    }

    /// The commissioner makes the pick on the clock through `instance`; `sending` hears when the pick request starts.
    func pick(through instance: Int, token: String, sending: () -> Void = {}) async throws -> Pick {
        let api = api(instance, token: token)
        let board = try await api.draftBoard(league)
        let player = try #require(try await api.draftablePlayers(league).first).player.id
        sending()
        return try await api.makePick(league, expectedPick: board.draft.currentPick, player: player)
    }

    @Test func aPickThroughOneInstanceReachesAStreamOnTheOther() async throws {
        let token = world.newSessionToken(omar.userID!)
        let stream = api(1).events(league: league, after: nil)
        let picks = 12
        let arrivals = Locked<[(Int, ContinuousClock.Instant)]>([])
        let collecting = Task {
            for await e in stream {
                guard let made = try? e.decodedBody(as: LeagueEvent.PickMade.self) else { continue }
                arrivals.mutate { $0.append((made.pick, .now)) }
                if arrivals.value.count == picks { break }
            }
        }
        #expect(await Wait.until(.seconds(60)) { servers[1].openStreams == 1 }, "the stream is open on instance 2")
        var sent: [(Int, ContinuousClock.Instant)] = []
        for _ in 0..<picks {
            var before = ContinuousClock.now
            let made = try await pick(through: 0, token: token) { before = .now }
            sent.append((made.number, before))
            let number = made.number
            #expect(await Wait.until(.seconds(30)) { arrivals.value.contains { $0.0 == number } }, "pick \(number) reached instance 2")
        }
        collecting.cancel()
        #expect(arrivals.value.map(\.0) == sent.map(\.0), "every pick once, in order")
        // A figure, not an assertion: pick request sent to instance 1 → its event on instance 2's stream (debug build).
        let latencies = zip(sent, arrivals.value).map { s, a in (a.1 - s.1) / .milliseconds(1) }.sorted()
        if let p50 = latencies.dropFirst(latencies.count / 2).first, let max = latencies.last {
            print("two instances: pick through 1 → event on 2: p50 \(Int(p50)) ms, max \(Int(max)) ms over \(latencies.count) picks")
        }
    }

    @Test func aClientMovingToTheOtherInstanceMissesNothingAndSeesNothingTwice() async throws {
        let token = world.newSessionToken(omar.userID!)
        let start = try world.events.lastEventID()
        for _ in 0..<3 { _ = try await pick(through: 0, token: token) }
        let firstCount = try world.events.events(after: start, league: league, limit: 1000).count
        // On instance 1 the client reads what there is so far, then its connection drops.
        let onFirst = await collect(api(0).events(league: league, after: start), count: firstCount, timeout: .seconds(30))
        #expect(onFirst.count == firstCount)
        // Picks go on through both instances while the client is away; it comes back on instance 2 from its last id.
        for i in 0..<4 { _ = try await pick(through: i % 2, token: token) }
        let all = try world.events.events(after: start, league: league, limit: 1000)
        let last = try #require(onFirst.last).id
        let onSecond = await collect(api(1).events(league: league, after: last), count: all.count - onFirst.count, timeout: .seconds(30))
        #expect((onFirst + onSecond).map(\.id) == all.map(\.id), "no gap, no duplicate")
        #expect(all.filter { $0.kind == .pickMade }.count == 7)
    }

    @Test func ofTwoInstancesTickingOnePickExactlyOneTickLands() throws {
        let league = league
        for _ in 0..<5 {
            let draft = try #require(try world.service.store.read { try $0.draft(in: league) })
            let before = try world.service.store.read { try $0.picks(in: league) }.count
            let due = try #require(try world.service.draft.draftDue(league))
            world.clock.set(max(world.clock.now(), due) + 1)
            let results = Locked<[Result<Pick?, any Error>]>([])
            let start = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            for service in services {
                done.enter()
                Thread.detachNewThread {
                    start.wait()
                    let r = Result { try service.draft.tickDraft(league) }
                    results.mutate { $0.append(r) }
                    done.leave()
                }
            }
            start.signal(); start.signal()
            done.wait()
            let landed = results.value.compactMap { try? $0.get() }.compactMap { $0 }
            #expect(landed.count == 1 && landed.first?.number == draft.currentPick, "\(results.value)")
            let picks = try world.service.store.read { try $0.picks(in: league) }
            #expect(picks.count == before + 1)
            #expect(Set(picks.map(\.number)).count == picks.count)
            #expect(try world.service.store.read { try $0.draft(in: league) }?.currentPick == draft.currentPick + 1)
        }
    }
}
