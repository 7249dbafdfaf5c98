import ClubhouseDomain
@testable import ClubhouseServer
import Foundation
import Synchronization
import Testing
@testable import ClubhouseData
@testable import ClubhousePostgres

/// The embedded backend, with every read of the events table recorded.
final class CountingBackend: LeagueServerBackend, @unchecked Sendable {
    struct Read: Sendable { var after: Int64; var league: LeagueID?; var limit: Int; var got: Int }
    let inner: EmbeddedServerBackend
    let reads = Mutex<[Read]>([])
    init(_ inner: EmbeddedServerBackend) { self.inner = inner }

    func api(for caller: Caller) -> any LeagueAPI { inner.api(for: caller) }
    func user(forToken token: String) async throws -> User { try await inner.user(forToken: token) }
    func signIn(email: String, password: String, from origin: ClientOrigin) async throws -> AccountSession {
        try await inner.signIn(email: email, password: password, from: origin)
    }
    func createAccount(email: String, password: String, displayName: String, from origin: ClientOrigin) async throws -> AccountSession {
        try await inner.createAccount(email: email, password: password, displayName: displayName, from: origin)
    }
    func claimIdempotencyKey(_ key: String, request: String, caller: Caller) async throws -> IdempotencyClaim {
        try await inner.claimIdempotencyKey(key, request: request, caller: caller)
    }
    func finishIdempotentRequest(_ key: String, response: IdempotentResponse?, caller: Caller) async throws {
        try await inner.finishIdempotentRequest(key, response: response, caller: caller)
    }
    func signOut(token: String) async throws { try await inner.signOut(token: token) }
    /// Reads of the events table under way now, and the most there ever were at once.
    let reading = Mutex((now: 0, most: 0))
    func events(after id: Int64, league: LeagueID?, limit: Int) async throws -> [LeagueEvent] {
        reading.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
        defer { reading.withLock { $0.now -= 1 } }
        let got = try await inner.events(after: id, league: league, limit: limit)
        reads.withLock { $0.append(Read(after: id, league: league, limit: limit, got: got.count)) }
        return got
    }
    func eventFloor(keeping count: Int, league: LeagueID?) async throws -> Int64 { try await inner.eventFloor(keeping: count, league: league) }
    func readers(of league: LeagueID) async throws -> LeagueReaders { try await inner.readers(of: league) }
    func lastEventID() throws -> Int64 { try inner.lastEventID() }
    func follow(after id: Int64) -> AsyncStream<LeagueEvent> { inner.follow(after: id) }
    func runClocks() async {}
}

@Suite("Server: resuming and leaving event streams") struct ServerEventResumeTests {
    /// A server of its own over an embedded world, counting the backend's reads of the events table.
    static func server(_ world: ContractWorld, _ configure: (inout LeagueServer.Options) -> Void) throws -> (LeagueServer, CountingBackend) {
        var options = LeagueServer.Options()
        options.http.port = 0
        options.runsClocks = false
        configure(&options)
        let backend = CountingBackend(EmbeddedServerBackend(service: world.service, events: world.events))
        let server = LeagueServer(backend: backend, options: options, log: { _ in })
        try server.start()
        return (server, backend)
    }

    /// The ids of the newest `count` events (of `league`), oldest first.
    static func newest(_ world: ContractWorld, _ count: Int, league: LeagueID?) throws -> [Int64] {
        let filter = league.map { "WHERE league_id = \($0.rawValue)" } ?? ""
        return try world.database.query("SELECT id FROM events \(filter) ORDER BY id DESC LIMIT \(count)")
            .compactMap { Int64(sqliteValue: $0[0]) }.reversed()
    }

    /// `Last-Event-ID: 0` on a league with more events than a stream replays: a `reset` (its id: where the client
    /// resumes from next), then the league's newest `maxReplay` events, read from the table in pages of that league
    /// only — then live events.
    @Test func aResumeFromTooFarBackGetsAResetThenTheNewestEventsReadInPages() async throws {
        let world = try ContractWorld()
        let (server, backend) = try Self.server(world) { $0.maxReplay = 50; $0.replayPage = 10 }
        defer { server.stopNow() }
        let league = LeagueID(1)
        let kept = try Self.newest(world, 50, league: league)
        let floor = try #require(try Self.newest(world, 51, league: league).first)
        #expect(kept.count == 50 && floor < kept[0], "the demo league has more than 50 events")

        let sse = try #require(await io { RawSSE(port: server.port, path: "/v1/events?league=1", headers: ["Last-Event-ID": "0"]) })
        #expect(sse.status == 200)
        let replayed = await io { sse.frames { $0.id == kept.last } }
        #expect(replayed.first?.event == "reset" && replayed.first?.id == floor, "\(replayed.first.map { "\($0)" } ?? "none")")
        #expect(replayed.dropFirst().map(\.id) == kept, "then the newest 50, in order")
        #expect(replayed.dropFirst().allSatisfy { $0.league == league })

        try EventLog.append(world.database, league: league, kind: .chat, payload: #"{"live":true}"#)
        let live = await io { sse.frames { _ in true } }
        #expect(live.first?.data.contains("live") == true, "live events follow the replay")

        let reads = backend.reads.withLock { $0 }
        #expect(!reads.isEmpty && reads.allSatisfy { $0.league == league && $0.limit == 10 }, "pages of the league's events only")
        #expect(reads.map(\.got).reduce(0, +) <= 50 + 10, "no more read than is sent (and one short page): \(reads.map(\.got))")
        #expect(reads.first?.after == floor, "read from the floor on, not from 0")
    }

    /// A resume within the limit replays exactly what was missed, with no reset; a stream of every league resumed
    /// from 0 gets a reset and the newest events of the leagues it may read.
    @Test func aResumeWithinTheLimitGetsWhatItMissed() async throws {
        let world = try ContractWorld()
        let (server, _) = try Self.server(world) { $0.maxReplay = 50; $0.replayPage = 7 }
        defer { server.stopNow() }
        let kept = try Self.newest(world, 50, league: LeagueID(1))
        let sse = try #require(await io { RawSSE(port: server.port, path: "/v1/events?league=1", headers: ["Last-Event-ID": "\(kept[9])"]) })
        let frames = await io { sse.frames { $0.id == kept.last } }
        #expect(frames.map(\.id) == Array(kept[10...]), "the 40 after it, no reset")

        let office = LeagueID(7)
        try EventLog.append(world.database, league: office, kind: .chat, payload: #"{"private":true}"#)
        try EventLog.append(world.database, league: LeagueID(3), kind: .chat, payload: #"{"public":true}"#)
        let all = try Self.newest(world, 50, league: nil)
        let visible = try world.database.query("SELECT id FROM events WHERE id >= \(all[0]) AND league_id <> \(office.rawValue) ORDER BY id")
            .compactMap { Int64(sqliteValue: $0[0]) }
        #expect(visible.count < all.count, "the newest 50 hold one of the private league's at least")
        let every = try #require(await io { RawSSE(port: server.port, path: "/v1/events", headers: ["Last-Event-ID": "0"]) })
        let got = await io { every.frames { $0.id == visible.last } }
        #expect(got.first?.event == "reset")
        #expect(got.dropFirst().map(\.id) == visible, "the newest 50 of every league, the private one's left out")
    }

    /// 600 streams resumed from 0 at once (the stream cap), on a table of 20,000 more events, by clients that read
    /// nothing: `/healthz` is answered meanwhile; the table is read a page at a time, by at most `replaysAtOnce`
    /// replays at once, never more than `maxReplay` events (and a short page) per stream. Prints how long `/healthz`
    /// took and how the process's memory grew (other suites share the process: not asserted).
    @Test func sixHundredResumesAtOnceReadTheTableInBoundedPages() async throws {
        let world = try ContractWorld()
        try world.database.transaction { c in
            for i in 0..<20_000 { try EventLog.append(c, league: LeagueID(1 + Int64(i % 7)), kind: .chat, payload: #"{"message":\#(i)}"#) }
        }
        let (server, backend) = try Self.server(world) { _ in }
        defer { server.stopNow() }
        let options = server.options
        let http = RawHTTP(port: server.port)
        let before = residentBytes()
        let request = RawHTTP.bytes("GET", "/v1/events", headers: ["Last-Event-ID": "0"])
        let (streams, healthMs, health) = await io { () -> ([Int32], Double, Int) in
            var fds: [Int32] = []
            for _ in 0..<600 {
                guard let fd = http.connect(timeoutSeconds: 120) else { continue }
                _ = RawHTTP.send(fd, request)
                fds.append(fd)
            }
            let start = ContinuousClock.now
            let status = http.request("GET", "/healthz")?.status ?? 0
            let took = ContinuousClock.now - start
            return (fds, Double(took.components.seconds) * 1000 + Double(took.components.attoseconds) / 1e15, status)
        }
        defer { streams.forEach { close($0) } }
        #expect(streams.count == 600)
        #expect(health == 200, "/healthz is answered while 600 resumes are served")
        #expect(await Wait.until(.seconds(120)) { server.openStreams == 600 })
        let grew = Double(residentBytes() - before) / 1_048_576
        print("600 resumes from 0 at once (20,768 events): /healthz in \(String(format: "%.0f", healthMs)) ms, resident memory \(String(format: "%+.1f", grew)) MiB")
        let reads = backend.reads.withLock { $0 }
        #expect(reads.allSatisfy { $0.limit == options.replayPage && $0.got <= options.replayPage })
        #expect(backend.reading.withLock { $0.most } <= options.replaysAtOnce, "replays read one page at a time, a few at once")
        #expect(reads.map(\.got).reduce(0, +) <= 600 * (options.maxReplay + options.replayPage))
        #expect(reads.allSatisfy { $0.after > 0 }, "never from the start of the table")
    }

    /// The frames are written by hand: what the clients decode is the event, whatever its payload holds.
    @Test func aFrameDecodesToItsEvent() throws {
        let events = [
            LeagueEvent(id: 1, leagueID: LeagueID(7), kind: .chat, payload: #"{"message":12}"#, at: Date(timeIntervalSince1970: 1_800_000_000.25)),
            LeagueEvent(id: 9_007_199_254_740_993, leagueID: LeagueID(1), kind: .pickMade,
                        payload: "{\"note\":\"é \\\" \\n \u{1}\u{2028} 🏈\"}", at: Date(timeIntervalSinceReferenceDate: 0)),
        ]
        for event in events {
            let text = String(decoding: EventHub.frame(event), as: UTF8.self)
            #expect(text.hasPrefix("id: \(event.id)\nevent: \(event.kind.rawValue)\ndata: ") && text.hasSuffix("\n\n"))
            let data = try #require(text.split(separator: "\n").first { $0.hasPrefix("data: ") }?.dropFirst(6))
            #expect(try JSONDecoder().decode(LeagueEvent.self, from: Data(data.utf8)) == event)
        }
    }

    /// A client that closes its stream without reading a byte frees its slot at once, not at the next heartbeat
    /// (an hour here): the cap of 3 streams is full, all three hang up, and new streams are served again.
    @Test func streamsWhoseClientsLeftFreeTheirSlotsBeforeTheHeartbeat() async throws {
        let world = try ContractTransport.$current.withValue(.remote) {
            try ContractWorld { $0.heartbeat = .seconds(3_600); $0.maxStreams = 3 }
        }
        let http = RawHTTP(port: world.server!.port)
        var open: [Int32] = []
        for _ in 0..<3 {
            let fd = try #require(http.connect())
            _ = RawHTTP.send(fd, RawHTTP.bytes("GET", "/v1/events?league=3"))
            open.append(fd)
        }
        #expect(await Wait.until(.seconds(60)) { world.server!.openStreams == 3 })
        let full = try #require(await io { http.request("GET", "/v1/events?league=3") })
        #expect(full.status == 503, "the cap is full")
        for fd in open { close(fd) }
        // The heartbeat is an hour: three minutes is "well before" it, with room for a machine under a full parallel run.
        #expect(await Wait.until(.seconds(180)) { world.server!.openStreams == 0 }, "slots freed well before the heartbeat")
        let again = try #require(await io { RawSSE(port: world.server!.port, path: "/v1/events?league=3") })
        #expect(again.status == 200)
    }

    /// The events table is read by league through `events_by_league (league_id, id)`, on SQLite and PostgreSQL.
    @Test func resumesReadThroughTheLeagueIndex() throws {
        let db = ContractWorld.template
        for sql in ["SELECT id, league_id, kind, payload, at FROM events WHERE id > 5 AND league_id = 1 ORDER BY id LIMIT 10",
                    "SELECT id FROM events WHERE league_id = 1 ORDER BY id DESC LIMIT 1 OFFSET 50"] {
            let plan = try db.query("EXPLAIN QUERY PLAN " + sql).map { String(sqliteValue: $0[3]) ?? "" }.joined(separator: " | ")
            #expect(plan.contains("INDEX events_by_league"), "\(sql): \(plan)")
            #expect(!plan.contains("SCAN events") && !plan.contains("TEMP B-TREE"), "\(plan)")
        }
        #expect(try EventLog.floor(db, keeping: 50, league: LeagueID(1)) == (try Self.newestTemplate(51, league: 1)))
        #expect(try EventLog.floor(db, keeping: 1_000_000, league: LeagueID(1)) == 0)
    }

    static func newestTemplate(_ n: Int, league: Int) throws -> Int64? {
        try ContractWorld.template.scalar("SELECT min(id) FROM (SELECT id FROM events WHERE league_id = \(league) ORDER BY id DESC LIMIT \(n))", as: Int64.self)
    }

    @Test(.enabled(if: ContractPostgres.url != nil, Comment(rawValue: PostgresStoreTests.skipped)))
    func theLeagueIndexExistsOnPostgreSQL() throws {
        let pg = try PostgresDatabase(url: ContractPostgres.url(database: try ContractPostgres.template.get()), maxConnections: 1)
        defer { pg.close() }
        let def = try pg.scalar("SELECT indexdef FROM pg_indexes WHERE tablename = 'events' AND indexname = 'events_by_league'", as: String.self)
        #expect(def?.contains("(league_id, id)") == true, "\(def ?? "no index")")
        let floor = try pg.read { try EventLog.floor($0, keeping: 50, league: LeagueID(1)) }
        #expect(floor == (try Self.newestTemplate(51, league: 1)))
    }
}
