import CMicroHTTPD
import ClubhouseData
import ClubhousePostgres
import ClubhouseDomain
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `clubhouse serve` (the release binary) on loopback: wrk against the heaviest browse routes (beside nginx serving the
/// same bytes, `StaticFilesBench`), a manager's picks one after another, one pick delivered to 500 open event streams,
/// and on SQLite to 10,000 on a fresh instance with its memory per stream, and 600 resumes beside /healthz
/// (`FollowersBench`) — on SQLite, and on PostgreSQL beside it when `CLUBHOUSE_BENCH_POSTGRES` names a server
/// (`make bench` starts a throw-away cluster), where 1,000 streams are measured on a second instance, then 3 instances
/// behind HAProxy (`ClusterBench`).
extension Bench {
    /// Which of the league server's figures a run measures.
    enum ServerPart { case all, followers, picks, reads, cluster }

    static func serverBenches(quick: Bool, part: ServerPart = .all) throws {
        let app = try appBinary()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-bench-server-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let dbPath = dir.appendingPathComponent("league.sqlite").path

        // The world, and a 16-team draft with a manager per team (their own tokens, so no write limit is near).
        let (db, service, league, teamOwner) = try startedBenchDraft(database: dbPath, accounts: "bench", name: "Server Bench Draft")
        let players = try service.draft.draftablePlayers(league, caller: .anonymous).map(\.player.id)
        let board = try service.draft.draftBoard(league, caller: .anonymous)

        // The same world on PostgreSQL, copied before any pick (each database then runs the same picks).
        var postgres: String?
        if let server = ProcessInfo.processInfo.environment["CLUBHOUSE_BENCH_POSTGRES"], !server.isEmpty {
            let name = "clubhouse_bench_\(getpid())"
            let admin = try PostgresConnection(url: server)
            try admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            try admin.execute("CREATE DATABASE \(name)")
            var url = URLComponents(string: server)!
            url.path = "/" + name
            let pg = try PostgresDatabase(url: url.string!, maxConnections: 1)
            try PostgresSchema.migrate(pg)
            try PostgresSeeder.copyIfEmpty(from: db, to: pg)
            pg.close()
            postgres = url.string!
        }
        print("League server (clubhouse serve, release, loopback; log to /dev/null)")
        if part != .cluster {
            try measureServer(app: app, database: dbPath, label: "SQLite", league: league, board: board, players: players,
                              teamOwner: teamOwner, quick: quick, part: part)
        }
        if part == .followers { return }
        if let postgres {
            if part != .cluster {
                try measureServer(app: app, database: postgres, label: "PostgreSQL", league: league, board: board, players: players,
                                  teamOwner: teamOwner, quick: quick, streamsOnSecondInstance: true, part: part)
            }
            if part == .all || part == .cluster {
                var cursor = try ClusterBench.PickCursor.resuming(database: postgres, league: league, board: board, players: players, teamOwner: teamOwner)
                try ClusterBench.measureCluster(app: app, database: postgres, cursor: &cursor, quick: quick)
            }
        } else {
            print("  PostgreSQL: skipped (CLUBHOUSE_BENCH_POSTGRES is not set; make bench sets it)")
        }
        print()
    }

    /// The demo world in `database`, and a started 16-team public draft (no pick clock) with a signed-in manager per
    /// team, each with its own token so no write limit is near: the database, the service, the league and each team's token.
    static func startedBenchDraft(database: String, accounts prefix: String, name: String) throws -> (Database, LeagueService, LeagueID, [TeamID: String]) {
        let db = try Database.open(at: DatabaseLocation(path: database)).database
        try DemoWorld.seedIfNeeded(db)
        let service = LeagueService(store: SQLiteLeagueStore(database: db), accounts: .sodium)
        var settings = LeagueSettings()
        settings.teamCount = 16
        settings.pickClockSeconds = nil
        var managers: [(caller: Caller, token: String)] = []
        for i in 0..<16 {
            let s = try service.accounts.createAccount(email: "\(prefix)\(i)@server.bench", password: "bench password \(i)", displayName: "\(prefix.capitalized) \(i)")
            managers.append((.user(s.user.id), s.token))
        }
        let league = try service.leagues.createLeague(name: name, settings: settings, isPublic: true, teamName: "\(prefix.capitalized) 0",
                                              seasonClock: Date(timeIntervalSince1970: 1_567_000_000), caller: managers[0].caller)
        var rng = SystemRandomNumberGenerator()
        let invite = try service.leagues.createInvite(league, uses: 15, expiresAt: nil, caller: managers[0].caller, using: &rng)
        var teamOwner: [TeamID: String] = [try service.draft.draftBoard(league, caller: managers[0].caller).capabilities.myTeam!: managers[0].token]
        for m in managers.dropFirst() { teamOwner[try service.leagues.redeemInvite(code: invite.code, teamName: "Team \(m.token.prefix(4))", caller: m.caller)] = m.token }
        _ = try service.draft.startDraft(league, caller: managers[0].caller)
        return (db, service, league, teamOwner)
    }

    /// Starts `clubhouse serve` on `database` and waits for it to answer.
    static func startServer(app: String, database: String, extra: [String] = []) throws -> (Process, BenchHTTP) {
        let port = try freePort()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: app)
        server.arguments = ["serve", "--listen", "127.0.0.1:\(port)", "--database", database] + extra
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        let http = BenchHTTP(port: UInt16(port))
        guard Wait.blockingUntil(.seconds(60), every: .milliseconds(50), { http.request("GET", "/healthz")?.status == 200 }) else {
            server.terminate()
            throw BenchFailure(description: "clubhouse serve did not start")
        }
        return (server, http)
    }

    static func measureServer(app: String, database: String, label: String, league: LeagueID, board: DraftBoard, players: [PlayerID],
                              teamOwner: [TeamID: String], quick: Bool, streamsOnSecondInstance: Bool = false, part: ServerPart = .all) throws {
        print(" \(label):")
        if part == .followers {
            var next = (pick: board.draft.currentPick, player: 0)
            try FollowersBench.measureFollowers(app: app, database: database, league: league, board: board, players: players, teamOwner: teamOwner,
                                 next: &next, quick: quick)
            return
        }
        let (server, http) = try startServer(app: app, database: database)
        defer { server.terminate(); server.waitUntilExit() }
        let port = Int(http.port)

        // Browse: wrk, 2 threads, 32 connections, beside nginx serving the same bytes.
        if part == .all || part == .reads {
            try browseBesideNginx(port: port, reads: [("standings (Gridiron Greats)", Endpoints.Leagues.standings.path(At.League(LeagueID(1)).raw)),
                                                      ("live scoreboard (Gridiron Greats, week 9)", Endpoints.Matchups.scoreboard.path(At.League(LeagueID(1)).raw)),
                                                      ("draft board (16 teams)", Endpoints.Drafting.draftBoard.path(At.League(league).raw))],
                                  seconds: quick ? 5 : 10)
            // On PostgreSQL, Gridiron Greats' kept reads again while the bench draft (another league) is written.
            if database.hasPrefix("postgres") {
                try KeptReadsUnderWrites.measure(port: port, database: database, other: league,
                                                 reads: [("standings (Gridiron Greats)", Endpoints.Leagues.standings.path(At.League(LeagueID(1)).raw)),
                                                         ("live scoreboard (Gridiron Greats, week 9)", Endpoints.Matchups.scoreboard.path(At.League(LeagueID(1)).raw))],
                                                 seconds: quick ? 5 : 10, perSecond: 200)
            }
        }

        if part == .reads { return }

        // Picks: each the next valid one, by the manager on the clock, one after another (a race would only measure 409s).
        // The room read once first, as everyone in it has: the season's facts and rankings are loaded before the first
        // pick (a --picks-only run has no browse before it).
        _ = http.request("GET", Endpoints.Drafting.draftBoard.path(At.League(league).raw))
        var picks = Samples()
        var pickNumber = board.draft.currentPick
        var playerIndex = 0
        // 60 leaves picks for the fan-out below before any roster fills a position; alone, more picks steady the p50.
        let pickCount = part == .picks ? 150 : 60
        let pickStart = ContinuousClock.now
        var refused = 0
        for _ in 0..<pickCount {
            guard pickNumber <= board.draft.totalPicks,
                  let token = teamOwner[DraftOrder.team(forPick: pickNumber, order: board.draft.order, type: board.draft.type)] else { break }
            let body = "{\"expectedPick\":\(pickNumber),\"player\":\"\(players[playerIndex].rawValue)\"}"
            let t0 = ContinuousClock.now
            let answer = http.request("POST", Endpoints.Drafting.makePick.path(At.League(league).raw), headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"], body: Array(body.utf8))
            picks.add(ContinuousClock.now - t0)
            if answer?.status != 200 { refused += 1 }
            pickNumber += 1; playerIndex += 1
        }
        let pickSeconds = Samples.milliseconds(ContinuousClock.now - pickStart) / 1000
        print("  POST pick (\(picks.ms.count) in a row, one connection each) \(lpad(fmt(Double(picks.ms.count) / pickSeconds, 0), 6)) picks/s   p50 \(fmt(picks.p50)) ms   p99 \(fmt(picks.p99)) ms   (refused: \(refused))")
        if part == .picks { return }

        // Fan-out: 500 streams on the room; each pick's event timed from just before the POST to its arrival on every stream.
        // On PostgreSQL 1,000 streams, on a second instance: each pick crosses LISTEN/NOTIFY to reach them.
        let streamCount = streamsOnSecondInstance ? 1_000 : 500
        var second: Process?
        defer { second?.terminate(); second?.waitUntilExit() }
        var streamPort = UInt16(port)
        if streamsOnSecondInstance {
            let (other, otherHTTP) = try startServer(app: app, database: database)
            second = other
            streamPort = otherHTTP.port
        }
        let fan = try FanOut(port: streamPort, path: ServiceRoutes.eventsPath(league: league), count: streamCount)
        let rounds = quick ? 5 : 10
        var delivery = Samples()
        for round in 1...rounds {
            guard pickNumber <= board.draft.totalPicks,
                  let token = teamOwner[DraftOrder.team(forPick: pickNumber, order: board.draft.order, type: board.draft.type)] else { break }
            let body = "{\"expectedPick\":\(pickNumber),\"player\":\"\(players[playerIndex].rawValue)\"}"
            let t0 = ContinuousClock.now
            _ = http.request("POST", Endpoints.Drafting.makePick.path(At.League(league).raw), headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"], body: Array(body.utf8))
            let arrivals = fan.waitForPicks(round, timeout: .seconds(10))
            for a in arrivals { delivery.add(a - t0) }
            pickNumber += 1; playerIndex += 1
        }
        let missed = rounds * streamCount - delivery.ms.count
        let whereStreams = streamsOnSecondInstance ? " on a second instance" : ""
        print("  pick → \(streamCount) open event streams\(whereStreams) (\(rounds) picks): p50 \(fmt(delivery.p50)) ms   p99 \(fmt(delivery.p99)) ms   max \(fmt(delivery.max)) ms   (missed within 10 s: \(missed))")
        fan.close()
        // Thousands of followers and a resume storm, each on a fresh instance (SQLite; on PostgreSQL the second instance above).
        if !streamsOnSecondInstance {
            var next = (pick: pickNumber, player: playerIndex)
            try FollowersBench.measureFollowers(app: app, database: database, league: league, board: board, players: players, teamOwner: teamOwner,
                                 next: &next, quick: quick)
        }
    }

    static func freePort() throws -> Int { try Loopback.freePort() }

    /// Runs wrk and reads its requests/s and latency percentiles.
    static func wrk(_ url: String, seconds: Int, headers: [String] = []) throws -> (rps: Double, p50: String, p99: String, errors: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/wrk")
        p.arguments = ["-t2", "-c32", "-d\(seconds)s", "--latency"] + headers.flatMap { ["-H", $0] } + [url]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { throw BenchFailure(description: "wrk is missing (apt-get install wrk; make bench installs it)") }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        func field(_ prefix: String) -> String? {
            text.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) }
                .map { $0.trimmingCharacters(in: .whitespaces).dropFirst(prefix.count).trimmingCharacters(in: .whitespaces) }
        }
        let rps = Double(field("Requests/sec:") ?? "") ?? .nan
        return (rps, field("50%") ?? "?", field("99%") ?? "?", field("Non-2xx or 3xx responses:") ?? "0")
    }
}

/// A bare HTTP/1.1 client (Connection: close) for the bench.
struct BenchHTTP {
    let port: UInt16
    /// A new connection; from `source` (another loopback address, 127.0.0.N) when given: one source address has
    /// about 28,000 ports to connect from, so 50,000 streams come from several.
    func connect(from source: String? = nil) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            guard bound == 0 else { Glibc.close(fd); return nil }
        }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard ok == 0 else { Glibc.close(fd); return nil }
        return fd
    }
    static func send(_ fd: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }
    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) -> (status: Int, body: Data)? {
        guard let fd = connect() else { return nil }
        defer { Glibc.close(fd) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        for (k, v) in headers { head += "\(k): \(v)\r\n" }
        Self.send(fd, Array((head + "\r\n").utf8) + body)
        var out = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            out.append(contentsOf: buffer[0..<n])
        }
        let line = String(decoding: out.prefix(32), as: UTF8.self).split(separator: " ")
        guard line.count > 1, let status = Int(line[1]) else { return nil }
        return (status, out)
    }
}

/// `count` open event streams, read by one thread with epoll (no thread per stream: 10,000 sockets cost the bench
/// a descriptor each); records when each stream sees its n-th pick.
final class FanOut: Sendable {
    private let fds: [Int32]
    private struct State {
        var seen: [Int]        // picks seen per stream
        var arrivals: [Int: [ContinuousClock.Instant]] = [:]   // pick round → arrival per stream
        var running = true
    }
    private let state: Mutex<State>

    /// Streams connected from one loopback source address (127.0.0.1, then .2, …): well under its ~28,000 local ports,
    /// which the connections an earlier run closed still hold for a minute (TIME_WAIT).
    static let streamsPerSource = 10_000

    /// Opens the streams `batch` at a time, each batch answered (": connected") before the next: thousands of
    /// connects at once would only measure the listen backlog.
    init(port: UInt16, path: String, count: Int, batch: Int = 250) throws {
        OpenFileLimit.raise(to: count + 256)
        let http = BenchHTTP(port: port)
        var fds: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while fds.count < count {
            var opened: [Int32] = []
            for _ in 0..<min(batch, count - fds.count) {
                let n = fds.count + opened.count
                guard let fd = http.connect(from: "127.0.0.\(1 + n / FanOut.streamsPerSource)") else { throw BenchFailure(description: "could not open event stream \(fds.count + opened.count + 1)") }
                BenchHTTP.send(fd, Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".utf8))
                opened.append(fd)
            }
            var connected = Set<Int>()
            let deadline = ContinuousClock.now + .seconds(30)
            var pfds = opened.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            while connected.count < opened.count, ContinuousClock.now < deadline {
                _ = poll(&pfds, nfds_t(pfds.count), 100)
                for (i, p) in pfds.enumerated() where p.revents != 0 {
                    pfds[i].revents = 0
                    let n = recv(p.fd, &buffer, buffer.count, 0)
                    if n > 0, String(decoding: buffer[0..<n], as: UTF8.self).contains(": connected") { connected.insert(i); pfds[i].events = 0 }
                }
            }
            fds += opened
            guard connected.count == opened.count else {
                for fd in fds { Glibc.close(fd) }
                throw BenchFailure(description: "only \(fds.count - opened.count + connected.count) of \(count) event streams opened")
            }
        }
        self.fds = fds
        state = Mutex(State(seen: Array(repeating: 0, count: count)))
        Thread { [unowned self] in self.readLoop() }.start()
    }

    private func readLoop() {
        // One epoll set: a round costs the streams that have bytes, not all of them (poll(2) over 10,000 sockets
        // would cost the bench a pass over every one per wake-up, on the cores the server uses).
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        defer { Glibc.close(epoll) }
        for (i, fd) in fds.enumerated() {
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            event.data.u64 = UInt64(i)
            _ = epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
        }
        var buffer = [UInt8](repeating: 0, count: 16384)
        var ready = [epoll_event](repeating: epoll_event(), count: 256)
        let marker = Array("event: draft.pick".utf8)
        var tails = [[UInt8]](repeating: [], count: fds.count)   // each stream's last bytes, for a marker split across reads
        while state.withLock({ $0.running }) {
            let n = epoll_wait(epoll, &ready, Int32(ready.count), 50)
            guard n > 0 else { continue }
            let now = ContinuousClock.now
            for event in ready.prefix(Int(n)) {
                let i = Int(event.data.u64)
                let got = recv(fds[i], &buffer, buffer.count, Int32(MSG_DONTWAIT))
                guard got > 0 else {
                    if got == 0 { _ = epoll_ctl(epoll, EPOLL_CTL_DEL, fds[i], nil) }   // hung up: not watched again
                    continue
                }
                let chunk = tails[i] + buffer[0..<got]
                var count = 0, j = 0
                while j + marker.count <= chunk.count {
                    if chunk[j] == marker[0], Array(chunk[j..<(j + marker.count)]) == marker { count += 1; j += marker.count } else { j += 1 }
                }
                tails[i] = Array(chunk.suffix(marker.count - 1))
                if count > 0 {
                    state.withLock { s in
                        for _ in 0..<count { s.seen[i] += 1; s.arrivals[s.seen[i], default: []].append(now) }
                    }
                }
            }
        }
    }

    /// The arrival times of pick `round` on every stream that got it within `timeout`.
    func waitForPicks(_ round: Int, timeout: Duration) -> [ContinuousClock.Instant] {
        Wait.blockingUntil(timeout, every: .milliseconds(1)) { state.withLock { $0.arrivals[round]?.count ?? 0 } >= fds.count }
        return state.withLock { $0.arrivals[round] ?? [] }
    }

    func close() {
        state.withLock { $0.running = false }
        usleep(100_000)
        for fd in fds { Glibc.close(fd) }
    }
}
