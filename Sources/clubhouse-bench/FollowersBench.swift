import ClubhouseData
import ClubhouseDomain
import ClubhouseServer
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// 10,000 followers on one instance: a fresh `clubhouse serve`, N event streams on one draft room opened
/// from this process (raw sockets read by one poll(2) loop), then picks: how long until the last stream has each,
/// and the server's resident memory per idle stream. Then, on another fresh instance, 600 streams resuming from
/// `Last-Event-ID: 0` at once while `/healthz` is asked every 10 ms.
enum FollowersBench {
    struct FollowersFigures {
        var streams = 0
        var delivery = Samples()
        var missed = 0
        var picks = 0
        var rssBeforeKiB = 0
        var rssAfterKiB = 0
        var opening: Duration = .zero
        var kibPerStream: Double { Double(rssAfterKiB - rssBeforeKiB) / Double(max(1, streams)) }
    }

    /// Picks on `league` by the managers in `teamOwner`, each timed from just before its POST to its arrival on every
    /// stream of `fan`. `next` is the next pick's number and player index (moved on).
    static func picksToStreams(http: BenchHTTP, fan: FanOut, league: LeagueID, board: DraftBoard, players: [PlayerID],
                               teamOwner: [TeamID: String], next: inout (pick: Int, player: Int), rounds: Int,
                               streams: Int) -> (Samples, missed: Int, picks: Int) {
        var delivery = Samples()
        var done = 0
        for round in 1...rounds {
            guard next.pick <= board.draft.totalPicks,
                  let token = teamOwner[DraftOrder.team(forPick: next.pick, order: board.draft.order, type: board.draft.type)] else { break }
            let body = "{\"expectedPick\":\(next.pick),\"player\":\"\(players[next.player].rawValue)\"}"
            let t0 = ContinuousClock.now
            _ = http.request("POST", Endpoints.Drafting.makePick.path(At.League(league).raw),
                             headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"], body: Array(body.utf8))
            for a in fan.waitForPicks(round, timeout: .seconds(10)) { delivery.add(a - t0) }
            next.pick += 1; next.player += 1
            done += 1
        }
        return (delivery, done * streams - delivery.ms.count, done)
    }

    /// 10,000 and 50,000 followers (quick: 2,000), each count on a fresh instance, then the resume storm.
    static func measureFollowers(app: String, database: String, league: LeagueID, board: DraftBoard, players: [PlayerID],
                                 teamOwner: [TeamID: String], next: inout (pick: Int, player: Int), quick: Bool) throws {
        OpenFileLimit.raiseHard(to: 2 * goal + 8_192)
        let most = mostStreams()
        if !quick, most < goal {
            print("  (50,000 streams don't fit here: the hard open-file limit is \(OpenFiles.current().hard) descriptors a process and can't be "
                  + "raised (no CAP_SYS_RESOURCE), so one instance holds at most \(most); measured at that instead)")
        }
        for count in quick ? [2_000] : [10_000, most] {
            try measureFollowers(count: count, app: app, database: database, league: league, board: board, players: players,
                                 teamOwner: teamOwner, next: &next, rounds: quick ? 3 : 5)
        }
        let floor = try SendFloorBench.measure(count: quick ? 2_000 : 5_000)
        print("  beside it, send(2) alone of a 300-byte frame to each of \(quick ? 2_000 : 5_000) loopback sockets: \(fmt(floor.withReader, 2)) µs "
              + "of the sender's CPU each with a reader waiting in epoll (its receive and wake-up run on the sender's CPU on loopback), "
              + "\(fmt(floor.alone, 2)) µs with none")
        try resumeStorm(app: app, database: database, quick: quick)
    }

    /// The followers one instance is built to carry.
    static let goal = 50_000

    /// The most streams one instance may hold here: `goal`, or what the open-file limit leaves the server (its own
    /// arithmetic, `OpenFiles.fit`) and this process (a descriptor a stream).
    static func mostStreams() -> Int {
        let hard = OpenFiles.current().hard
        return min(goal, OpenFiles.fit(streams: goal, limit: hard).streams, hard - 512)
    }

    /// `count` followers on a fresh instance: picks timed to the last stream, the server's CPU per stream and event
    /// (its CPU per pick with the streams open, less the same with none, ÷ streams), and its memory per idle stream.
    static func measureFollowers(count: Int, app: String, database: String, league: LeagueID, board: DraftBoard, players: [PlayerID],
                                 teamOwner: [TeamID: String], next: inout (pick: Int, player: Int), rounds: Int) throws {
        let (server, http) = try Bench.startServer(app: app, database: database, extra: ["--max-streams", "\(count)"])
        defer { server.terminate(); server.waitUntilExit() }
        var f = FollowersFigures(streams: count)
        usleep(500_000)   // the clocks' first steps settle
        // What a pick costs the server with no stream open: taken off the figure per stream.
        let cpuAlone = MemoryBench.cpuTime(pid: server.processIdentifier)
        let none = try FanOut(port: http.port, path: ServiceRoutes.eventsPath(league: league), count: 0)
        let alone = picksToStreams(http: http, fan: none, league: league, board: board, players: players, teamOwner: teamOwner,
                                   next: &next, rounds: 3, streams: 0)
        none.close()
        let cpuPerPickAlone = (MemoryBench.cpuTime(pid: server.processIdentifier) - cpuAlone) * 1000 / Double(max(1, alone.picks))
        f.rssBeforeKiB = residentKiB(pid: server.processIdentifier)
        let opened = ContinuousClock.now
        let fan = try FanOut(port: http.port, path: ServiceRoutes.eventsPath(league: league), count: count)
        f.opening = ContinuousClock.now - opened
        usleep(1_000_000)
        f.rssAfterKiB = residentKiB(pid: server.processIdentifier)
        let cpuBefore = MemoryBench.cpuSplit(pid: server.processIdentifier)
        (f.delivery, f.missed, f.picks) = picksToStreams(http: http, fan: fan, league: league, board: board, players: players,
                                                         teamOwner: teamOwner, next: &next, rounds: rounds, streams: count)
        let cpuAfter = MemoryBench.cpuSplit(pid: server.processIdentifier)
        let perPick = { (seconds: Double) in seconds * 1000 / Double(max(1, f.picks)) }
        let cpuPerPick = perPick(cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system)
        let perStreamMicros = (cpuPerPick - cpuPerPickAlone) * 1000 / Double(count)
        let kernelMicros = perPick(cpuAfter.system - cpuBefore.system) * 1000 / Double(count)
        fan.close()
        print("  pick → \(count) open event streams on one instance (\(f.picks) picks): p50 \(fmt(f.delivery.p50)) ms   p99 \(fmt(f.delivery.p99)) ms   "
              + "max \(fmt(f.delivery.max)) ms   (missed within 10 s: \(f.missed); opened in \(fmt(Samples.milliseconds(f.opening) / 1000, 1)) s)")
        print("    server CPU per stream per event: \(fmt(perStreamMicros, 2)) µs, \(fmt(kernelMicros, 2)) µs of it in the kernel   "
              + "(\(fmt(cpuPerPick, 0)) ms per pick with the streams, \(fmt(cpuPerPickAlone, 1)) ms without)")
        print("    server memory per idle stream: \(fmt(f.kibPerStream, 1)) KiB   (VmRSS \(f.rssBeforeKiB / 1024) → \(f.rssAfterKiB / 1024) MiB with \(count) streams open)")
    }

    /// 600 streams of every league resuming from `Last-Event-ID: 0` at once (each gets a `reset` and the last 1,000
    /// events it may read, page by page) while one client asks `/healthz` every 10 ms.
    static func resumeStorm(app: String, database: String, quick: Bool) throws {
        let count = 600
        let db = try Database.open(at: DatabaseLocation(path: database)).database
        // The newest event an anonymous follower of every league gets: the last of a public league.
        let last = try db.scalar("SELECT max(e.id) FROM events e JOIN leagues l ON l.id = e.league_id WHERE l.is_public = 1", as: Int64.self) ?? 0
        let (server, http) = try Bench.startServer(app: app, database: database)
        defer { server.terminate(); server.waitUntilExit() }
        OpenFileLimit.raise(to: count + 256)
        let health = Mutex((samples: Samples(), failed: 0, running: true))
        let pinger = Thread {
            while health.withLock({ $0.running }) {
                let t0 = ContinuousClock.now
                let ok = http.request("GET", "/healthz")?.status == 200
                let took = ContinuousClock.now - t0
                health.withLock { h in if ok { h.samples.add(took) } else { h.failed += 1 } }
                usleep(10_000)
            }
        }
        pinger.start()
        let started = ContinuousClock.now
        var fds: [Int32] = []
        defer { for fd in fds { Glibc.close(fd) } }
        for _ in 0..<count {
            guard let fd = http.connect() else { throw BenchFailure(description: "could not open resuming stream \(fds.count + 1)") }
            BenchHTTP.send(fd, Array("GET \(ServiceRoutes.events.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nLast-Event-ID: 0\r\n\r\n".utf8))
            fds.append(fd)
        }
        // Each stream is caught up once it has the newest event's id.
        let needle = Array("id: \(last)\n".utf8)
        var caught = [Bool](repeating: false, count: count)
        var tails = [[UInt8]](repeating: [], count: count)
        var pfds = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var events = 0
        let deadline = ContinuousClock.now + .seconds(120)
        while caught.contains(false), ContinuousClock.now < deadline {
            guard poll(&pfds, nfds_t(pfds.count), 100) > 0 else { continue }
            for i in pfds.indices where pfds[i].revents != 0 {
                pfds[i].revents = 0
                let n = recv(pfds[i].fd, &buffer, buffer.count, 0)
                guard n > 0 else { pfds[i].events = 0; continue }
                let chunk = tails[i] + buffer[0..<n]
                events += chunk.indices.dropLast(3).filter { chunk[$0] == UInt8(ascii: "i") && chunk[$0 + 1] == UInt8(ascii: "d") && chunk[$0 + 2] == UInt8(ascii: ":") && ($0 == 0 || chunk[$0 - 1] == UInt8(ascii: "\n")) }.count
                if !caught[i], chunk.firstRange(of: needle) != nil { caught[i] = true; pfds[i].events = 0 }
                tails[i] = Array(chunk.suffix(needle.count - 1))
            }
        }
        let allCaughtUp = ContinuousClock.now - started
        usleep(200_000)
        let h = health.withLock { h in h.running = false; return h }
        let caughtUp = caught.filter { $0 }.count
        print("  \(count) streams resuming from Last-Event-ID: 0 at once (~\(events / max(1, caughtUp)) frames each): all caught up in "
              + "\(fmt(Samples.milliseconds(allCaughtUp))) ms (\(caughtUp) of \(count)); /healthz every 10 ms meanwhile: p50 \(fmt(h.samples.p50)) ms   "
              + "p99 \(fmt(h.samples.p99)) ms   max \(fmt(h.samples.max)) ms   (\(h.samples.ms.count) answered, \(h.failed) failed)")
    }

    /// VmRSS of `pid`, in KiB (0 when unreadable).
    static func residentKiB(pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
}

/// The bench's own open-file limit: one descriptor per stream it holds.
enum OpenFileLimit {
    /// Raises the hard limit too (root may; the servers the bench starts inherit it), and the soft one with it.
    static func raiseHard(to descriptors: Int) {
        var r = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &r) == 0 else { return }
        if r.rlim_max < rlim_t(descriptors) {
            var wanted = r
            wanted.rlim_max = rlim_t(descriptors)
            wanted.rlim_cur = rlim_t(descriptors)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &wanted) == 0 { return }
        }
        raise(to: descriptors)
    }

    static func raise(to descriptors: Int) {
        var r = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &r) == 0 else { return }
        let want = min(rlim_t(descriptors), r.rlim_max)
        if want > r.rlim_cur { r.rlim_cur = want; _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &r) }
    }
}
