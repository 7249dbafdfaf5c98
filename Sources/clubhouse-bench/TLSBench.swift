import ClubhouseData
import ClubhouseDomain
import ClubhouseRemote
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `clubhouse serve --tls-cert` beside plain HTTP on one SQLite database — wrk on the heaviest browse route,
/// the remote client's fresh connection (connect, the TLS handshake, one read), and one pick reaching 1,000 event
/// streams held by the remote client's own transport (`RemoteLeagueAPI.events`: a socket, and a GnuTLS session over
/// it for https://). A test CA and certificate are made with openssl for the run.
extension Bench {
    static func tlsBenches(quick: Bool) throws {
        let app = try appBinary()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-bench-tls-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let certs = try makeCertificates(in: dir.path)
        let dbPath = dir.appendingPathComponent("league.sqlite").path

        // A 16-team draft with a manager per team, as the server bench has.
        let (_, service, league, owner) = try startedBenchDraft(database: dbPath, accounts: "tls", name: "TLS Bench Draft")
        let players = try service.draft.draftablePlayers(league, caller: .anonymous).map(\.player.id)
        let draft = try service.draft.draftBoard(league, caller: .anonymous).draft
        let trust = try TLSTrust(caFile: certs.ca)

        print("HTTPS beside plain HTTP (clubhouse serve, release, loopback, SQLite; TLS 1.3, ECDSA P-256 certificate)")
        var next = (pick: draft.currentPick, player: 0)
        for tls in [false, true] {
            let scheme = tls ? "https" : "http"
            // Two instances on the file: each holds 500 of the streams (a server keeps at most 600).
            var servers: [(Process, Int)] = []
            defer { for (p, _) in servers { p.terminate(); p.waitUntilExit() } }
            for _ in 0..<2 {
                let port = try freePort()
                let p = Process()
                p.executableURL = URL(fileURLWithPath: app)
                p.arguments = ["serve", "--listen", "127.0.0.1:\(port)", "--database", dbPath] + (tls ? ["--tls-cert", certs.cert, "--tls-key", certs.key] : [])
                p.standardOutput = FileHandle.nullDevice; p.standardError = FileHandle.nullDevice
                try p.run()
                servers.append((p, port))
            }
            let urls = servers.map { URL(string: "\(scheme)://127.0.0.1:\($0.1)")! }
            for url in urls {
                guard Wait.blockingUntil(.seconds(60), every: .milliseconds(100), { blockingPreflight(url, trust: trust) }) else {
                    throw BenchFailure(description: "clubhouse serve \(scheme) did not start")
                }
            }
            print(" \(tls ? "HTTPS" : "plain HTTP"):")
            let seconds = quick ? 5 : 10
            let w = try wrk(urls[0].absoluteString + Endpoints.Leagues.standings.path(At.League(LeagueID(1)).raw), seconds: seconds)
            print("  GET \(pad("standings (Gridiron Greats)", 32)) \(lpad(fmt(w.rps, 0), 6)) req/s   p50 \(w.p50)   p99 \(w.p99)   (wrk -t2 -c32 -d\(seconds)s, kept-alive; non-2xx: \(w.errors))")

            // The remote client's fresh connection: connect (+ handshake) and GET /v1/meta, a new client each time.
            var fresh = Samples()
            for _ in 0..<(quick ? 20 : 50) {
                let t0 = ContinuousClock.now
                _ = blockingPreflight(urls[0], trust: trust)
                fresh.add(ContinuousClock.now - t0)
            }
            print("  client: new connection + GET /v1/meta (\(fresh.ms.count)×)       p50 \(fmt(fresh.p50)) ms   p99 \(fmt(fresh.p99)) ms")

            // One pick → 1,000 streams (the client transport's own threads), timed from before the POST to each arrival.
            let rounds = quick ? 5 : 10
            let fan = ClientFanOut(urls: urls, league: league, trust: trust, count: 1000)
            defer { fan.stop() }
            let poster = RemoteLeagueAPI(server: urls[0], token: { nil }, idleTimeout: 30, requestTimeout: 60, trust: trust)
            func pick() throws {
                guard let token = owner[DraftOrder.team(forPick: next.pick, order: draft.order, type: draft.type)] else {
                    throw BenchFailure(description: "no manager for pick \(next.pick)")
                }
                let (number, player) = (next.pick, players[next.player])
                try blocking { _ = try await RemoteLeagueAPI(sharing: poster, token: { token }).makePick(league, expectedPick: number, player: player) }
                next.pick += 1; next.player += 1
            }
            // Every stream open (each instance's /metrics counts them), then a first pick every stream must see.
            for url in urls {
                let perInstance = fan.count / urls.count
                guard Wait.blockingUntil(.seconds(120), every: .milliseconds(200), { openStreams(url, ca: certs.ca) >= perInstance }) else {
                    throw BenchFailure(description: "only \(openStreams(url, ca: certs.ca)) of \(perInstance) \(scheme) streams opened on \(url)")
                }
            }
            try pick()
            guard fan.waitForPicks(1, timeout: .seconds(120)).count == fan.count else {
                throw BenchFailure(description: "only \(fan.waitForPicks(1, timeout: .zero).count) of \(fan.count) \(scheme) streams saw the first pick")
            }
            var delivery = Samples()
            for round in 2...(rounds + 1) {
                let t0 = ContinuousClock.now
                try pick()
                for a in fan.waitForPicks(round, timeout: .seconds(10)) { delivery.add(a - t0) }
            }
            let missed = rounds * fan.count - delivery.ms.count
            print("  pick → \(fan.count) client event streams, 2 instances (\(rounds) picks): p50 \(fmt(delivery.p50)) ms   p99 \(fmt(delivery.p99)) ms   max \(fmt(delivery.max)) ms   (missed within 10 s: \(missed))")
        }
        print()
    }

    /// A CA and a certificate for 127.0.0.1 it signs (openssl), the key private.
    static func makeCertificates(in dir: String) throws -> (ca: String, cert: String, key: String) {
        let script = """
        set -e
        cd "$1"
        openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ca.key 2>/dev/null
        openssl req -x509 -new -key ca.key -out ca.pem -days 2 -subj "/CN=Bench CA" 2>/dev/null
        openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out server.key 2>/dev/null
        chmod 600 server.key ca.key
        openssl req -new -key server.key -out server.csr -subj "/CN=127.0.0.1" 2>/dev/null
        printf 'subjectAltName=IP:127.0.0.1\\n' > server.ext
        openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile server.ext 2>/dev/null
        """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script, "sh", dir]
        do { try p.run() } catch { throw BenchFailure(description: "openssl is missing (apt-get install openssl)") }
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw BenchFailure(description: "openssl could not make the bench's certificates") }
        return (dir + "/ca.pem", dir + "/server.pem", dir + "/server.key")
    }

    /// The event streams open on the instance at `url` (its `/metrics`, asked from loopback with curl).
    static func openStreams(_ url: URL, ca: String) -> Int {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        p.arguments = ["-sS", "--cacert", ca, url.absoluteString + "/metrics"]
        let out = Pipe()
        p.standardOutput = out; p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return 0 }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let line = text.split(separator: "\n").first { $0.hasPrefix("clubhouse_event_streams_open ") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
    }

    /// True when a new client's `GET /v1/meta` was answered.
    static func blockingPreflight(_ url: URL, trust: TLSTrust) -> Bool {
        (try? blocking { () async -> Bool in
            if case .reached = await RemoteLeagueAPI(server: url, idleTimeout: 5, requestTimeout: 10, trust: trust).preflight() { return true }
            return false
        }) ?? false
    }

    /// Runs async work from this synchronous bench, waiting for it.
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let result = Mutex<Result<T, any Error>?>(nil), done = DispatchSemaphore(value: 0)
        Task.detached {
            do { let v = try await work(); result.withLock { $0 = .success(v) } } catch { result.withLock { $0 = .failure(error) } }
            done.signal()
        }
        done.wait()
        return try result.withLock { $0! }.get()
    }
}

/// `count` event streams of one league held by the remote client's transport, spread over `urls`; records when each
/// stream sees its n-th pick.
final class ClientFanOut: Sendable {
    let count: Int
    private final class Arrivals: Sendable { let byRound = Mutex<[Int: [ContinuousClock.Instant]]>([:]) }   // pick round → arrival per stream
    private let arrivals = Arrivals()
    private let tasks: Mutex<[Task<Void, Never>]>
    private let apis: [RemoteLeagueAPI]

    init(urls: [URL], league: LeagueID, trust: TLSTrust, count: Int) {
        self.count = count
        apis = urls.map { RemoteLeagueAPI(server: $0, idleTimeout: 30, requestTimeout: 60, trust: trust) }
        var started: [Task<Void, Never>] = []
        let arrivals = self.arrivals
        for i in 0..<count {
            let stream = apis[i % apis.count].events(league: league, after: nil)
            started.append(Task.detached {
                var seen = 0
                for await e in stream where e.kind == .pickMade {
                    seen += 1
                    let now = ContinuousClock.now
                    arrivals.byRound.withLock { $0[seen, default: []].append(now) }
                }
            })
        }
        tasks = Mutex(started)
    }

    /// The arrival times of pick `round` on every stream that got it within `timeout`.
    func waitForPicks(_ round: Int, timeout: Duration) -> [ContinuousClock.Instant] {
        let deadline = ContinuousClock.now + timeout
        while arrivals.byRound.withLock({ $0[round]?.count ?? 0 }) < count, ContinuousClock.now < deadline { usleep(2000) }
        return arrivals.byRound.withLock { $0[round] ?? [] }
    }

    func stop() { tasks.withLock { for t in $0 { t.cancel() } } }
}
