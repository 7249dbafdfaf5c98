import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseServer
@testable import ClubhouseData
@testable import ClubhousePostgres

/// PostgreSQL outages as an operator sees them, each on a cluster of the test's own that it stops, freezes (SIGSTOP:
/// a hung host whose TCP stack still accepts) and starts again: `/healthz` turns 503 while the database is away and
/// 200 when it is back, without restarting the server; a request ends with 503 and a generic sentence within the
/// deadline instead of hanging, and the server's log gets the cause, once; connections killed on the server are
/// replaced before the next request fails; idle connections are closed; a server with no connection slot left makes a
/// call wait for the pool's own connection instead of failing; the event follower resumes without a gap.
@Suite("PostgreSQL: outages", .enabled(if: ContractPostgres.url != nil, Comment(rawValue: PostgresStoreTests.skipped)))
struct PostgresOutageTests {
    /// What a client is told when the database fails, whatever the cause.
    static let generic = "The league's database isn't answering — try again shortly"
    /// Far beyond the deadlines used here (2 s): "answers instead of hanging", not a speed limit.
    static let bound: Duration = .seconds(20)

    @Test func aStoppedDatabaseTurnsHealthAndRequestsTo503AndTheServerRecoversWhenItIsBack() async throws {
        let cluster = try OwnCluster()
        let instance = try Instance(url: cluster.url, callTimeout: .seconds(2))
        #expect(await Wait.until(.seconds(60), every: .milliseconds(100)) { await instance.get("/healthz").answer?.status == 200 })
        #expect(await instance.get("/v1/leagues").answer?.status == 200)

        try cluster.down()
        #expect(await Wait.until(.seconds(30), every: .milliseconds(100)) { await instance.get("/healthz").answer?.status == 503 }, "/healthz says the database is down")
        let health = await instance.get("/healthz")
        #expect(health.answer?.json?["ok"] as? Bool == false)
        #expect(health.elapsed < Self.bound)
        for _ in 0..<20 {
            let read = await instance.get("/v1/leagues")
            #expect(read.answer?.status == 503)
            #expect(read.elapsed < Self.bound)
            expectGeneric(read.answer, cluster: cluster)
        }
        let write = await instance.send("POST", "/v1/accounts", #"{"email":"ann@example.com","password":"a long password","displayName":"Ann"}"#)
        #expect(write.answer?.status == 503)
        expectGeneric(write.answer, cluster: cluster)
        // The log names the cause (where it couldn't connect), once per kind of failure, not once per failing request.
        let failed = instance.logged("storage.failed")
        #expect(failed.contains { $0.contains("\(cluster.port)") && $0.contains("127.0.0.1") }, "the log names the database: \(failed)")
        let causes = failed.compactMap { ($0.data(using: .utf8).flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any])?["cause"] as? String }
        #expect(causes.count == failed.count && Set(causes.map { $0.replacing(#/[0-9]+/#, with: "#") }).count == causes.count,
                "one line per kind of failure: \(failed)")
        #expect(failed.count <= 3, "23 failed requests and health checks wrote \(failed.count) lines: \(failed)")

        try cluster.up()
        #expect(await Wait.until(.seconds(60), every: .milliseconds(100)) { await instance.get("/healthz").answer?.status == 200 }, "/healthz is back without a restart")
        #expect(await instance.get("/v1/leagues").answer?.status == 200)
        #expect(await instance.send("POST", "/v1/accounts", #"{"email":"ann@example.com","password":"a long password","displayName":"Ann"}"#)
            .answer?.status == 200)
        #expect(!instance.logged("storage.recovered").isEmpty)
    }

    @Test func aFrozenDatabaseEndsRequestsWith503WithinTheDeadlineInsteadOfHanging() async throws {
        let cluster = try OwnCluster()
        let instance = try Instance(url: cluster.url, callTimeout: .seconds(2))
        // Several connections in the pool, so some requests wait on pooled connections and others on new ones.
        let warm = await instance.getAll("/v1/leagues", times: 6)
        #expect(warm.allSatisfy { $0.answer?.status == 200 })

        try cluster.freeze()
        defer { try? cluster.thaw() }
        let frozen = await instance.getAll("/v1/leagues", times: 6)
        let health = await instance.get("/healthz")
        for r in frozen {
            #expect(r.answer?.status == 503, "a read on a frozen database ends with 503")
            #expect(r.elapsed < Self.bound)
            expectGeneric(r.answer, cluster: cluster)
        }
        #expect(health.answer?.status == 503 && health.elapsed < Self.bound)
        let slowest = frozen.map(\.elapsed).max() ?? .zero
        print("frozen database, 2 s deadline: 6 reads ended with 503 in at most \(slowest); /healthz 503 in \(health.elapsed)")
        #expect(instance.logged("storage.failed").contains { $0.contains("no answer") || $0.contains("within") }, "\(instance.log.value)")

        try cluster.thaw()
        #expect(await Wait.until(.seconds(60), every: .milliseconds(100)) { await instance.get("/healthz").answer?.status == 200 }, "/healthz is back after SIGCONT")
        #expect(await instance.getAll("/v1/leagues", times: 6).allSatisfy { $0.answer?.status == 200 })
    }

    @Test func connectionsKilledOnTheServerAreReplacedAndTheNextRequestsSucceed() async throws {
        let cluster = try OwnCluster()
        let instance = try Instance(url: cluster.url)
        let admin = try PostgresConnection(url: cluster.url + "?application_name=admin")
        for round in ["at once", "after the backends are gone"] {
            #expect(await instance.get("/v1/leagues").answer?.status == 200)
            try holdAtOnce(instance.database, 4)
            let open = instance.database.connectionCount.open
            let pids = try admin.scalar("SELECT string_agg(pid::text, ',') FROM (SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'clubhouse') k",
                                        as: String.self) ?? ""
            let killed = pids.split(separator: ",").count
            #expect(killed >= open && open == 4, "killed \(killed) connections, the pool had \(open)")
            if round == "after the backends are gone" {
                // The killed backends have exited (the event follower may already have connected again).
                #expect(await Wait.until(.seconds(30)) {
                    (try? admin.scalar("SELECT count(*) FROM pg_stat_activity WHERE pid IN (\(pids))", as: Int.self)) == 0
                })
            }
            for i in 0..<10 {
                #expect(await instance.get("/v1/leagues").answer?.status == 200, "read \(i) \(round) after the kill")
            }
            #expect(await instance.send("POST", "/v1/accounts", "{\"email\":\"k\(round.count)@example.com\",\"password\":\"a long password\",\"displayName\":\"K\"}")
                .answer?.status == 200, "a write \(round) after the kill")
        }
    }

    @Test func idleConnectionsAreClosedAfterTheIdleTimeDownToTheMinimum() async throws {
        let cluster = try OwnCluster()
        var options = PostgresDatabase.Options(maxConnections: 6)
        options.idleTimeout = .milliseconds(300)
        options.minIdle = 1
        let db = try PostgresDatabase(url: cluster.url, options: options)
        let admin = try PostgresConnection(url: cluster.url + "?application_name=admin")
        func onServer() -> Int? {
            try? admin.scalar("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'clubhouse'", as: Int.self)
        }
        try holdAtOnce(db, 6)
        #expect(db.connectionCount.open == 6)
        #expect(onServer() == 6)
        #expect(await Wait.until(.seconds(30)) { db.connectionCount.open == 1 && db.connectionCount.idle == 1 }, "\(db.connectionCount)")
        #expect(await Wait.until(.seconds(30)) { onServer() == 1 }, "the server's slots are given back")
        #expect(try db.scalar("SELECT 1", as: Int.self) == 1)
    }

    @Test func anInstanceThatLostItsConnectionsToAFullServerWaitsForItsOwnInsteadOfFailing() async throws {
        // 10 slots: another instance holds 8 (idle, kept), this one has 1 and a burst of 16 calls at once.
        let cluster = try OwnCluster(maxConnections: 10)
        let other = try PostgresDatabase(url: cluster.url, options: PostgresDatabase.Options(maxConnections: 8))
        try holdAtOnce(other, 8)
        let mine = try PostgresDatabase(url: cluster.url, options: PostgresDatabase.Options(maxConnections: 8))
        let failures = Locked<[String]>([])
        onThreads(16) { _ in
            do { _ = try mine.read { try $0.scalar("SELECT 1 FROM pg_sleep(0.05)", as: Int.self) } } catch {
                failures.mutate { $0.append("\(error)") }
            }
        }
        #expect(failures.value.isEmpty, "\(failures.value.count) of 16 calls failed: \(failures.value.first ?? "")")
        #expect(mine.connectionCount.open <= 2)
        withExtendedLifetime(other) {}
    }

    @Test func theEventFollowerRidesOutKilledConnectionsAndARestartWithoutAGap() async throws {
        let cluster = try OwnCluster()
        let db = try PostgresDatabase(url: cluster.url, options: PostgresDatabase.Options())
        try PostgresSchema.migrate(db)
        let source = PostgresEventSource(database: db)
        let received = Locked<[Int64]>([])
        // Consumed on a Dispatch executor, as the server does (`ServerExecutor`): sync tests elsewhere in the process may
        // hold the cooperative pool's threads for longer than the waits below.
        let follow = Task(executorPreference: ServerExecutor(label: "test.postgres-follower")) {
            for await e in source.follow(after: 0, league: nil) { received.mutate { $0.append(e.id) } }
        }
        defer { follow.cancel() }
        func append() throws -> Int64 {
            // The append goes with the next statement (`runLater`): the id read after it is the appended one.
            try db.transaction { c in
                try c.appendEvent([Int64(1), LeagueEvent.Kind.chat.rawValue, "{}", Date()])
                return try c.scalar("SELECT max(id) FROM events", [], as: Int64.self) ?? 0
            }
        }
        var written = [try append()]
        #expect(await Wait.until(.seconds(30)) { received.value == written })

        let admin = try PostgresConnection(url: cluster.url + "?application_name=admin")
        try admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'clubhouse'")
        written.append(try append())
        #expect(await Wait.until(.seconds(30)) { received.value == written }, "after its connection was killed: \(received.value)")

        try cluster.down()
        try cluster.up()
        written += [try append(), try append()]
        #expect(await Wait.until(.seconds(60)) { received.value == written }, "after a restart: \(received.value) of \(written)")
    }

    // MARK: - Helpers

    func expectGeneric(_ answer: RawHTTP.Answer?, cluster: OwnCluster, sourceLocation: SourceLocation = #_sourceLocation) {
        let body = String(decoding: answer?.body ?? Data(), as: UTF8.self)
        #expect(answer?.errorCode == "unavailable", sourceLocation: sourceLocation)
        #expect(((answer?.json?["error"] as? [String: Any])?["message"] as? String) == Self.generic, "\(body)", sourceLocation: sourceLocation)
        for secret in [cluster.url, "127.0.0.1", "\(cluster.port)", "clubhouse@", "postgres", "PostgreSQL", "connect", "refused", "SELECT"] {
            #expect(!body.contains(secret), "the answer shows \(secret): \(body)", sourceLocation: sourceLocation)
        }
        #expect(answer?.headers["retry-after"] != nil, sourceLocation: sourceLocation)
    }

    /// Takes `count` connections of `db` at once (each call waits for the others), then gives them back.
    func holdAtOnce(_ db: PostgresDatabase, _ count: Int) throws {
        let arrived = Locked(0)
        let errors = Locked<[String]>([])
        onThreads(count) { _ in
            do {
                try db.withConnection(timeout: .seconds(60)) { c in
                    try c.execute("SELECT 1")
                    arrived.mutate { $0 += 1 }
                    Wait.blockingUntil(.seconds(60), every: .milliseconds(1)) { arrived.value >= count }
                }
            } catch { errors.mutate { $0.append("\(error)") } }
        }
        #expect(errors.value.isEmpty, "\(errors.value)")
    }
}

/// Runs `body` on `count` threads at once (Dispatch's `concurrentPerform` runs only as many as there are cores) and
/// waits for them all.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let done = DispatchGroup()
    for i in 0..<count {
        done.enter()
        Thread.detachNewThread {
            body(i)
            done.leave()
        }
    }
    done.wait()
}

/// A throw-away PostgreSQL cluster of the test's own (`scripts/pg-test-cluster.sh`), which it may stop, freeze and
/// start again without touching the run's shared one; stopped and deleted with the value.
final class OwnCluster: @unchecked Sendable {   // immutable
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/pg-test-cluster.sh").path
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-pg-\(UUID().uuidString)").path
    let url: String
    var port: Int { URLComponents(string: url)?.port ?? 0 }

    init(maxConnections: Int = 300) throws {
        url = try Self.run("start", dir, environment: ["PG_TEST_MAX_CONNECTIONS": "\(maxConnections)"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        _ = try? Self.run("thaw", dir)
        _ = try? Self.run("stop", dir)
    }

    /// Fast shutdown (connections are ended, as in a restart); the data stays.
    func down() throws { try Self.run("down", dir) }
    /// Starts again on the same port.
    func up() throws { try Self.run("up", dir) }
    /// SIGSTOP the server and every backend.
    func freeze() throws { try Self.run("freeze", dir) }
    func thaw() throws { try Self.run("thaw", dir) }

    /// Runs the script through system(3), which waits for the script itself: Foundation's `Process.waitUntilExit`
    /// was seen never to return here once the script had started a server that outlives it.
    @discardableResult
    static func run(_ command: String, _ dir: String, environment: [String: String] = [:]) throws -> String {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("pg-cluster-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out + ".out"); try? FileManager.default.removeItem(atPath: out + ".err") }
        let assignments = environment.map { "\($0.key)='\($0.value)' " }.joined()
        let status = system("\(assignments)/bin/bash '\(script)' \(command) '\(dir)' >'\(out).out' 2>'\(out).err' </dev/null")
        let text = (try? String(contentsOfFile: out + ".out", encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw TestFailure("pg-test-cluster.sh \(command) failed (\(status)): \((try? String(contentsOfFile: out + ".err", encoding: .utf8)) ?? "")")
        }
        return text
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// One server instance in this process on a PostgreSQL database: its pool, its `LeagueServer` (the log kept), and a
/// raw HTTP client.
final class Instance: @unchecked Sendable {   // immutable after init
    let database: PostgresDatabase
    let server: LeagueServer
    let log = Locked<[String]>([])
    let http: RawHTTP

    init(url: String, callTimeout: Duration = .seconds(10)) throws {
        var options = PostgresDatabase.Options()
        options.callTimeout = callTimeout
        options.connectTimeout = min(options.connectTimeout, callTimeout)
        database = try PostgresDatabase(url: url, options: options)
        try PostgresSchema.migrate(database)
        let service = LeagueService(store: PostgresLeagueStore(database: database), accounts: fastAccountPorts)
        var server = LeagueServer.Options()
        server.http.port = 0
        server.runsClocks = false
        server.failureLogInterval = .seconds(3600)   // "once per kind" even when a loaded machine takes minutes over a test
        var backend = EmbeddedServerBackend(service: service, events: PostgresEventSource(database: database))
        backend.healthTimeout = callTimeout   // the call's deadline, not 1.5 s: a machine running every suite at once is slow
        let log = self.log
        self.server = LeagueServer(backend: backend, options: server, log: { line in log.mutate { $0.append(line) } })
        try self.server.start()
        http = RawHTTP(port: self.server.port)
    }

    deinit {
        server.stopNow()
        database.close()
    }

    /// The log lines of `event` (on `route`, when given).
    func logged(_ event: String, route: String? = nil) -> [String] {
        log.value.filter { line in line.contains("\"event\":\"\(event)\"") && (route.map { line.contains("\"route\":\"\($0)\"") } ?? true) }
    }

    func get(_ path: String) async -> (answer: RawHTTP.Answer?, elapsed: Duration) {
        await send("GET", path, nil)
    }

    func send(_ method: String, _ path: String, _ body: String?) async -> (answer: RawHTTP.Answer?, elapsed: Duration) {
        let http = self.http
        return await io {
            let start = ContinuousClock.now
            let answer = http.request(method, path, headers: body == nil ? [:] : ["Content-Type": "application/json"], body: body.map { Array($0.utf8) })
            return (answer, ContinuousClock.now - start)
        }
    }

    /// `times` GETs at once.
    func getAll(_ path: String, times: Int) async -> [(answer: RawHTTP.Answer?, elapsed: Duration)] {
        await withTaskGroup(of: (answer: RawHTTP.Answer?, elapsed: Duration).self) { group in
            for _ in 0..<times { group.addTask { await self.get(path) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }
}
