import ClubhouseData
import ClubhouseDomain
import ClubhousePostgres
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Three `clubhouse serve` instances on one PostgreSQL database behind HAProxy (`dist/haproxy/clubhouse.cfg` with this
/// run's ports), all on this machine, beside nginx serving the same bytes: kept reads through the proxy, one pick to
/// event streams spread over the instances, and an instance killed (SIGKILL) and restarted while streams follow it,
/// each stream resuming through the proxy with `Last-Event-ID`. The figures the capacity model (docs/operating.md,
/// "Capacity") is checked against; a stream that misses an event fails the run.
enum ClusterBench {
    /// The next pick of the bench's draft: the manager on the clock picks the first player the server accepts.
    struct PickCursor {
        let league: LeagueID
        let board: DraftBoard
        let players: [PlayerID]
        let teamOwner: [TeamID: String]
        var pick: Int
        var player: Int

        /// The draft as `database` has it now: the pick after the last one made, the players nobody has.
        static func resuming(database: String, league: LeagueID, board: DraftBoard, players: [PlayerID],
                             teamOwner: [TeamID: String]) throws -> PickCursor {
            let pg = try PostgresConnection(url: database)
            let made = try pg.scalar("SELECT COALESCE(max(number), 0) FROM picks WHERE league_id = $1", [league.rawValue], as: Int64.self) ?? 0
            let rows = try pg.query("SELECT player_id FROM picks WHERE league_id = $1", [league.rawValue])
            var taken = Set<String>()
            while rows.next() { taken.insert(rows.string(at: 0)) }
            return PickCursor(league: league, board: board, players: players.filter { !taken.contains($0.rawValue) }, teamOwner: teamOwner,
                              pick: Int(made) + 1, player: 0)
        }

        /// Makes the next pick through `http`; true when one was made (false: the draft is over or nothing was accepted).
        mutating func next(_ http: BenchHTTP) -> Bool {
            while pick <= board.draft.totalPicks, player < players.count,
                  let token = teamOwner[DraftOrder.team(forPick: pick, order: board.draft.order, type: board.draft.type)] {
                let body = "{\"expectedPick\":\(pick),\"player\":\"\(players[player].rawValue)\"}"
                let answer = http.request("POST", Endpoints.Drafting.makePick.path(At.League(league).raw),
                                          headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"], body: Array(body.utf8))
                player += 1
                // A refusal (a position already full on that roster) tries the next player; anything else is a lost pick.
                guard answer?.status == 200 else { if answer?.status == 409 || answer?.status == 422 { continue } else { return false } }
                pick += 1
                return true
            }
            return false
        }
    }

    static func measureCluster(app: String, database: String, cursor: inout PickCursor, quick: Bool) throws {
        let haproxyBinary = "/usr/sbin/haproxy"
        guard FileManager.default.isExecutableFile(atPath: haproxyBinary) else {
            print("  3 instances behind HAProxy: skipped (apt-get install haproxy; make bench installs it)")
            return
        }
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        print(" 3 instances on one PostgreSQL behind HAProxy (load average at the start: \(load)):")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-bench-cluster-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Appended one by one, so an instance that fails to start doesn't leave the ones before it running.
        var started: [ClusterInstance] = []
        defer { for i in started { i.stop() } }
        for n in 1...3 { started.append(try ClusterInstance(app: app, database: database, name: "instance\(n)", directory: dir)) }
        let instances = started
        let streamsPerInstance = quick ? 500 : 2_000
        let proxy = try HAProxyProcess(binary: haproxyBinary, servers: instances.map { ($0.name, $0.port) },
                                       maxConnections: 3 * streamsPerInstance + 1_024, directory: dir)
        defer { proxy.stop() }
        let http = BenchHTTP(port: UInt16(proxy.port))

        // (a) Kept reads: through HAProxy to the 3 instances, one instance asked directly, nginx serving the same bytes,
        // and HAProxy in front of that nginx (what the proxy itself costs on these cores).
        let seconds = quick ? 5 : 10
        let reads = [("standings (Gridiron Greats)", Endpoints.Leagues.standings.path(At.League(LeagueID(1)).raw)),
                     ("16-team draft board", Endpoints.Drafting.draftBoard.path(At.League(cursor.league).raw))]
        let answers = try reads.map { try Bench.bodyAndTag(instances[0].http, $0.1).body }
        let nginx = try StaticNginx(files: zip(reads, answers).map { ($0.1, $1) })
        defer { nginx.stop() }
        let nginxProxy = try HAProxyProcess(binary: haproxyBinary, servers: [("nginx", nginx.port)], maxConnections: 1_024,
                                            directory: dir, health: reads[0].1)
        defer { nginxProxy.stop() }
        for ((name, path), body) in zip(reads, answers) {
            for i in instances { _ = try Bench.bodyAndTag(i.http, path) }   // each instance keeps the answer before wrk
            let through = try Bench.wrk("http://127.0.0.1:\(proxy.port)\(path)", seconds: seconds)
            let direct = try Bench.wrk("http://127.0.0.1:\(instances[0].port)\(path)", seconds: seconds)
            let served = try Bench.wrk("http://127.0.0.1:\(nginx.port)\(path)", seconds: seconds)
            let proxied = try Bench.wrk("http://127.0.0.1:\(nginxProxy.port)\(path)", seconds: seconds)
            print("  GET \(pad(name, 30)) HAProxy → 3 instances \(lpad(fmt(through.rps, 0), 6)) req/s  p99 \(through.p99)   "
                  + "= \(fmt(100 * through.rps / served.rps, 1)) % of nginx, \(fmt(100 * through.rps / direct.rps, 1)) % of one instance direct, "
                  + "\(fmt(100 * through.rps / proxied.rps, 1)) % of HAProxy → nginx   (non-2xx: \(through.errors))")
            print("      one instance direct \(lpad(fmt(direct.rps, 0), 6)) req/s  p99 \(direct.p99) (\(fmt(100 * direct.rps / served.rps, 1)) % of nginx);   "
                  + "nginx, the same \(body.count) bytes \(lpad(fmt(served.rps, 0), 6)) req/s;   HAProxy → nginx \(lpad(fmt(proxied.rps, 0), 6)) req/s "
                  + "(\(fmt(100 * proxied.rps / served.rps, 1)) %)   (wrk -t2 -c32 -d\(seconds)s each)")
        }

        // (b) One pick → 3×N streams opened through HAProxy (leastconn spreads them), each timed from just before the
        // POST (through HAProxy too) to its arrival on every stream.
        let eventsPath = ServiceRoutes.eventsPath(league: cursor.league)
        let startID = try lastEventID(database: database, league: cursor.league)
        let total = 3 * streamsPerInstance
        let rssBefore = (proxy: FollowersBench.residentKiB(pid: proxy.pid), instances: instances.map { FollowersBench.residentKiB(pid: $0.pid) }.reduce(0, +))
        let opened = ContinuousClock.now
        let streams = try ResumingStreams(port: UInt16(proxy.port), path: eventsPath, count: total, after: startID)
        let openedIn = ContinuousClock.now - opened
        let spread = proxy.connections().map { "\($0.name) \($0.current)" }.joined(separator: ", ")
        usleep(500_000)
        let rssAfter = (proxy: FollowersBench.residentKiB(pid: proxy.pid), instances: instances.map { FollowersBench.residentKiB(pid: $0.pid) }.reduce(0, +))
        let rounds = quick ? 5 : 10
        var delivery = Samples()
        var missed = 0, made = 0
        let cpuBefore = instances.map { MemoryBench.cpuTime(pid: $0.pid) }, proxyBefore = MemoryBench.cpuTime(pid: proxy.pid)
        var measured = Set<Int64>()
        for _ in 0..<rounds {
            let t0 = ContinuousClock.now
            guard cursor.next(http) else { break }
            made += 1
            var newest: (id: Int64, arrivals: [ContinuousClock.Instant]) = (0, [])
            Wait.blockingUntil(.seconds(10), every: .milliseconds(1)) {
                newest = streams.newestPick(excluding: measured)
                return newest.arrivals.count >= total
            }
            measured.insert(newest.id)
            for a in newest.arrivals { delivery.add(a - t0) }
            missed += total - newest.arrivals.count
        }
        let cpuUsed = zip(instances, cpuBefore).map { MemoryBench.cpuTime(pid: $0.pid) - $1 }
        let proxyUsed = MemoryBench.cpuTime(pid: proxy.pid) - proxyBefore
        let perStreamEvent = cpuUsed.reduce(0, +) * 1e6 / Double(max(1, made * total))
        print("  pick (POST through HAProxy) → \(total) event streams through HAProxy (\(spread)), \(made) picks: p50 \(fmt(delivery.p50)) ms   "
              + "p99 \(fmt(delivery.p99)) ms   max \(fmt(delivery.max)) ms   (missed within 10 s: \(missed); opened in \(fmt(Samples.milliseconds(openedIn) / 1000, 1)) s)")
        print("      CPU per pick: instances \(cpuUsed.map { fmt($0 * 1000 / Double(max(1, made)), 0) }.joined(separator: " / ")) ms, "
              + "HAProxy \(fmt(proxyUsed * 1000 / Double(max(1, made)), 0)) ms: per stream per event the instances \(fmt(perStreamEvent, 1)) µs, "
              + "HAProxy \(fmt(proxyUsed * 1e6 / Double(max(1, made * total)), 1)) µs; memory per open stream: the instances "
              + "\(fmt(Double(rssAfter.instances - rssBefore.instances) / Double(total), 1)) KiB, HAProxy \(fmt(Double(rssAfter.proxy - rssBefore.proxy) / Double(total), 1)) KiB")
        streams.close()

        // (c) An instance killed and restarted while streams follow picks: every stream must end with every pick.
        try killAndRestart(instances: instances, proxy: proxy, database: database, eventsPath: eventsPath, cursor: &cursor,
                           streams: quick ? 600 : 3_000)
    }

    /// Streams follow picks (10 a second, made on instance 1 directly) while instance 3 is SIGKILLed, then restarted on
    /// its port and taken back by HAProxy's health check; then more streams open (most land on it) from the start.
    /// Expected per stream: every pick committed (read from the database); received: the picks it was sent.
    static func killAndRestart(instances: [ClusterInstance], proxy: HAProxyProcess, database: String, eventsPath: String,
                               cursor: inout PickCursor, streams count: Int) throws {
        // The streams of the run before gone from HAProxy first: it notices a client gone only when it next writes to it
        // (an event, or the 15 s comment), and until then each still holds one of its maxconn slots. One pick writes to all.
        _ = cursor.next(instances[0].http)
        Wait.blockingUntil(.seconds(20), every: .milliseconds(50)) { proxy.connections().allSatisfy { $0.current == 0 } }
        let startID = try lastEventID(database: database, league: cursor.league)
        let streams = try ResumingStreams(port: UInt16(proxy.port), path: eventsPath, count: count, after: startID)
        defer { streams.close() }
        let victim = instances[2]
        let writer = instances[0].http
        var picks = 0
        func pickFor(_ d: Duration, until: () -> Bool = { false }) {
            let end = ContinuousClock.now + d
            while ContinuousClock.now < end, !until() {
                if cursor.next(writer) { picks += 1 }
                usleep(100_000)
            }
        }
        pickFor(.seconds(2))
        // Counted after the first picks: HAProxy notices a stream's client gone only when it next writes to it.
        let spread = proxy.connections().map { "\($0.name) \($0.current)" }.joined(separator: ", ")
        let killedAt = ContinuousClock.now
        let reconnectsBefore = streams.reconnects
        victim.kill()
        // Its streams end; each reconnects through HAProxy with Last-Event-ID while picks go on.
        pickFor(.seconds(15)) { streams.reconnects > reconnectsBefore && streams.connected == count }
        pickFor(.seconds(1))
        let restartedAt = ContinuousClock.now
        try victim.restart()
        pickFor(.seconds(30)) { proxy.connections().first { $0.name == victim.name }?.status == "UP" }
        let upIn = ContinuousClock.now - restartedAt
        let late = try ResumingStreams(port: UInt16(proxy.port), path: eventsPath, count: count / 3, after: startID)
        defer { late.close() }
        let lateOnVictim = proxy.connections().first { $0.name == victim.name }?.current ?? 0
        pickFor(.seconds(2))
        let expected = try pickEventIDs(database: database, league: cursor.league, after: startID)
        let last = expected.last ?? startID
        Wait.blockingUntil(.seconds(30), every: .milliseconds(20)) { streams.allHave(last) && late.allHave(last) }
        let report = streams.missing(expected) + late.missing(expected)
        let dropped = streams.drops.filter { $0 > 0 }.count
        let resumedIn = streams.resumedAt.map { $0 - killedAt }
        let complete = report.filter { $0.missing == 0 && $0.duplicates == 0 }.count
        print("  instance 3 killed (SIGKILL) and restarted while \(count) streams through HAProxy (\(spread)) followed \(picks) picks (10/s, made on instance 1):")
        let r = streams.resumes
        print("      \(dropped) streams ended with it; each open again through HAProxy with Last-Event-ID after p50 \(fmt(r.p50)) ms, p99 \(fmt(r.p99)) ms, "
              + "all \(resumedIn.map { fmt(Samples.milliseconds($0)) + " ms" } ?? "(none resumed)") after the kill (\(streams.reconnects - reconnectsBefore) reconnections; refused meanwhile: \(streams.refusals)\(streams.refusals > 0 ? " — " + streams.refusedWith : "")); "
              + "restarted, back in HAProxy in \(fmt(Samples.milliseconds(upIn) / 1000, 1)) s; then \(count / 3) more streams from the start, \(lateOnVictim) on it")
        print("      expected \(expected.count) picks on each of \(report.count) streams; received: \(complete) streams complete, "
              + "\(report.reduce(0) { $0 + $1.missing }) events missed, \(report.reduce(0) { $0 + $1.duplicates }) seen twice, \(streams.resets + late.resets) resets")
        let short = report.enumerated().filter { $0.element.missing > 0 || $0.element.duplicates > 0 }
        if !short.isEmpty {
            for (i, s) in short.prefix(10) { print("      stream \(i + 1): expected \(expected.count), received \(s.received), missed \(s.missing), twice \(s.duplicates)") }
            throw BenchFailure(description: "\(short.count) of \(report.count) streams missed or repeated an event across the instance's kill and restart")
        }
    }

    /// Ids of `league`'s pick events after `after`, in order (what every stream of the league must be sent).
    static func pickEventIDs(database: String, league: LeagueID, after: Int64) throws -> [Int64] {
        let pg = try PostgresConnection(url: database)
        let rows = try pg.query("SELECT id FROM events WHERE league_id = $1 AND kind = $2 AND id > $3 ORDER BY id",
                                [league.rawValue, LeagueEvent.Kind.pickMade.rawValue, after])
        var ids: [Int64] = []
        while rows.next() { ids.append(rows.int64(at: 0)) }
        return ids
    }

    static func lastEventID(database: String, league: LeagueID) throws -> Int64 {
        try PostgresConnection(url: database).scalar("SELECT COALESCE(max(id), 0) FROM events", as: Int64.self) ?? 0
    }
}

/// One `clubhouse serve` on a port of its own, which it keeps across a kill and a restart.
final class ClusterInstance {
    let name: String
    let port: Int
    private let app: String
    private let database: String
    private let log: URL
    private var process = Process()
    var pid: pid_t { process.processIdentifier }
    var http: BenchHTTP { BenchHTTP(port: UInt16(port)) }

    init(app: String, database: String, name: String, directory: URL) throws {
        self.app = app; self.database = database; self.name = name
        port = try Bench.freePort()
        log = directory.appendingPathComponent("\(name).log")
        try start()
    }

    private func start() throws {
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let out = try FileHandle(forWritingTo: log)
        process = Process()
        process.executableURL = URL(fileURLWithPath: app)
        process.arguments = ["serve", "--listen", "127.0.0.1:\(port)", "--database", database, "--trusted-proxy", "127.0.0.1"]
        process.standardOutput = out
        process.standardError = out
        try process.run()
        guard Wait.blockingUntil(.seconds(60), every: .milliseconds(20), { http.request("GET", "/healthz")?.status == 200 || !process.isRunning }),
              process.isRunning else {
            throw BenchFailure(description: "\(name) did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
    }

    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func restart() throws { try start() }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}

/// HAProxy in the foreground on `dist/haproxy/clubhouse.cfg`, its bind and servers replaced by this run's, with a stats
/// listener (CSV) to see where connections went and when a server is back up.
final class HAProxyProcess {
    let port: Int
    let statsPort: Int
    private let process = Process()
    private let file: URL
    var pid: pid_t { process.processIdentifier }

    init(binary: String, servers: [(name: String, port: Int)], maxConnections: Int, directory: URL, health: String = "/healthz") throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sample = try String(contentsOf: root.appendingPathComponent("dist/haproxy/clubhouse.cfg"), encoding: .utf8)
        let port = try Bench.freePort()
        self.port = port
        statsPort = try Bench.freePort()
        let lines = sample.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            if line.hasPrefix("    server ") { return nil }
            if line.hasPrefix("    bind ") { return "    bind 127.0.0.1:\(port)" }
            if line.hasPrefix("    maxconn ") { return "    maxconn \(maxConnections)" }
            if line.hasPrefix("    option httpchk ") { return "    option httpchk GET \(health)" }
            return String(line)
        }
        let config = lines.joined(separator: "\n") + "\n"
            + servers.map { "    server \($0.name) 127.0.0.1:\($0.port) check inter 2s" }.joined(separator: "\n") + "\n\n"
            + "listen stats\n    bind 127.0.0.1:\(self.statsPort)\n    stats enable\n    stats uri /stats\n"
        file = directory.appendingPathComponent("haproxy-\(port).cfg")
        try config.write(to: file, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["-f", file.path, "-db"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let http = BenchHTTP(port: UInt16(port))
        guard Wait.blockingUntil(.seconds(30), every: .milliseconds(50), { http.request("GET", health)?.status == 200 || !process.isRunning }),
              process.isRunning else {
            throw BenchFailure(description: "haproxy did not start (haproxy -c -f \(file.path) says why)")
        }
    }

    /// Each server's status ("UP", "DOWN", …) and current connections, from the stats CSV.
    func connections() -> [(name: String, status: String, current: Int)] {
        guard let answer = BenchHTTP(port: UInt16(statsPort)).request("GET", "/stats;csv"),
              let end = answer.body.range(of: Data("\r\n\r\n".utf8)) else { return [] }
        let lines = String(decoding: answer.body[end.upperBound...], as: UTF8.self).split(separator: "\n")
        guard let head = lines.first?.dropFirst(2).split(separator: ",", omittingEmptySubsequences: false),
              let name = head.firstIndex(of: "svname"), let scur = head.firstIndex(of: "scur"), let status = head.firstIndex(of: "status") else { return [] }
        var servers: [(name: String, status: String, current: Int)] = []
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count > max(name, scur, status), fields[0] != "stats", fields[name] != "FRONTEND", fields[name] != "BACKEND" else { continue }
            servers.append((String(fields[name]), String(fields[status]), Int(fields[scur]) ?? 0))
        }
        return servers
    }

    func stop() {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        try? FileManager.default.removeItem(at: file)
    }
}
