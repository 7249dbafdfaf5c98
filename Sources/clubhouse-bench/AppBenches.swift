import ClubhouseData
import Foundation

/// The benchmarks that run the real `clubhouse` binary on pseudo-terminals: one idle session's memory and
/// CPU, and pick fan-out to 12 and to 240 clients.
extension Bench {
    /// The goal: everyone in the room sees a new pick within 100 ms on one host (README.md, “Performance”).
    static let fanOutTargetMS = 100.0

    /// The release app next to this binary, or $CLUBHOUSE_BIN.
    static func appBinary() throws -> String {
        if let bin = ProcessInfo.processInfo.environment["CLUBHOUSE_BIN"], !bin.isEmpty { return bin }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let sibling = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("clubhouse").path
        guard FileManager.default.isExecutableFile(atPath: sibling) else {
            throw BenchFailure(description: "no clubhouse binary at \(sibling) (build it, or set CLUBHOUSE_BIN)")
        }
        return sibling
    }

    static func appBenches(quick: Bool, fanOut: Bool, rooms: Int?, sshSessions: Bool = false) throws {
        let app = try appBinary()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-bench-app-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        print("Real app on pseudo-terminals (\(app), TERM=xterm-256color, 120×40, one state folder per client,")
        let wakes = DatabaseChangeWatcher.shared(for: dir.appendingPathComponent("probe.sqlite").path) != nil
        print("  one database file; event followers " + (wakes ? "wake on writes to it (inotify)" : "poll every \(EventFollower(path: "").pollInterval)")
              + "; the app under test may differ)")

        if sshSessions {
            print("  clients: 'clubhouse ssh-session' processes (sshd's ForceCommand for host-ssh, without sshd), each a client of one")
            print("  'clubhouse serve' on the bench's database, signed out, a device folder per key")
        }
        let idle = Duration.seconds(quick ? 5 : 10)
        if sshSessions { return try fanOutTable(app: app, dir: dir, quick: quick, rooms: rooms, sshSessions: true) }
        let single = try MemoryBench.run(app: app, directory: dir, idleWindow: idle)
        let m = single.memory
        print("  one session in a draft room, settled: private \(mib(m.privateKiB)) MiB (Private_Clean+Private_Dirty), PSS \(mib(m.pssKiB)) MiB, RSS \(mib(m.rssKiB)) MiB")
        print("  idle in the room for \(idle.components.seconds) s: \(fmt(single.idleCPU * 100, 2)) % of one core")
        let window = Duration.seconds(quick ? 10 : 30)
        let live = try liveSessionCPU(app: app, directory: dir, window: window)
        print("  watching a live matchup at 10× (Gridiron Greats, week 9 Sunday; the session's own clock driver steps it) for "
              + "\(window.components.seconds) s, no key: \(fmt(live.cpu * 100, 2)) % of one core"
              + (live.memory.map { ", private \(mib($0.privateKiB)) MiB" } ?? ""))
        guard fanOut else { print(); return }
        try fanOutTable(app: app, dir: dir, quick: quick, rooms: rooms, sshSessions: false)
    }

    static func fanOutTable(app: String, dir: URL, quick: Bool, rooms: Int?, sshSessions: Bool) throws {

        // One room picks every second; many rooms each every 10 s (2 picks/s in all across 20 rooms — a real
        // draft picks every 30–90 s, and every commit wakes every process on the file).
        let scenarios: [(String, Int, Int)] = rooms.map { [("\($0) room\($0 == 1 ? "" : "s") × 12 clients", $0, $0 == 1 ? (quick ? 8 : 20) : (quick ? 2 : 4))] }
            ?? [("1 room × 12 clients", 1, quick ? 8 : 20), ("20 rooms × 12 clients", 20, quick ? 2 : 4)]
        print()
        print("Pick fan-out: commit (pickForTeam returned) → each client's screen shows it (target \(Int(fanOutTargetMS)) ms)")
        print("  \(pad("scenario", 24)) \(pad("shown on", 7)) \(lpad("picks", 5)) \(lpad("seen", 6)) \(lpad("p50 ms", 8)) \(lpad("p99 ms", 8)) \(lpad("max ms", 8)) \(lpad("p99/100ms", 9)) \(lpad("missed", 6))")
        for (name, n, picks) in scenarios {
            let interval = Duration.seconds(n == 1 ? 1 : 10)
            let r = try FanOutBench.run(FanOutBench.Options(app: app, rooms: n, picksPerRoom: picks, pickInterval: interval, directory: dir,
                                                            sshSessions: sshSessions))
            for (label, s) in [("board", r.board), ("header", r.header)] {
                print("  \(pad(name, 24)) \(pad(label, 7)) \(lpad("\(r.picks)", 5)) \(lpad("\(s.ms.count)", 6)) \(lpad(fmt(s.p50, 1), 8)) \(lpad(fmt(s.p99, 1), 8)) \(lpad(fmt(s.max, 1), 8)) \(lpad(fmt(s.p99 / fanOutTargetMS, 2) + "×", 9)) \(lpad("\(label == "board" ? r.missed : 0)", 6))")
            }
            let priv = r.privateKiB.isEmpty ? 0 : r.privateKiB.reduce(0, +) / r.privateKiB.count
            let pss = r.pssKiB.reduce(0, +)
            let dirty = r.privateDirtyKiB.isEmpty ? 0 : r.privateDirtyKiB.reduce(0, +) / r.privateDirtyKiB.count
            print("  \(pad("", 24)) \(r.clients) clients started and in the room in \(fmt(Samples.milliseconds(r.setup) / 1000, 1)) s; each private \(mib(priv)) MiB on average (Private_Dirty \(mib(dirty)) MiB), PSS of all \(mib(pss)) MiB")
            print("  \(pad("", 24)) sitting in the running room, no pick, 5 s: \(fmt(r.idleCPU * 100, 2)) % of one core per client")
            print("  \(pad("", 24)) a pick every \(interval.components.seconds) s per room (\(fmt(Double(n) / Double(interval.components.seconds), 1)) picks/s in all), ±50% jitter")
            print("  \(pad("", 24)) CPU the clients used while picks went out: \(fmt(r.cpuPerClientPickMS, 1)) ms per client per pick")
            if let server = r.serverCPUPerPickMS { print("  \(pad("", 24)) CPU the league server used while picks went out: \(fmt(server, 1)) ms per pick") }
            print("  \(pad("", 24)) draftsDue() with \(n) running draft\(n == 1 ? "" : "s"): \(fmt(r.draftsDueMS)) ms (each app's clock driver, on every draft event)")
        }
        print("  board: the grid cell of the pick shows \"•F. Last\"; header: the room moves on to \"pick N+1 · on the clock\".")
        print("  missed: client-picks not shown within 10 s, or before the room's next pick.")
        print()
        if sshSessions { try bidFanOutTable(app: app, dir: dir, quick: quick, rooms: rooms) }
    }

    /// Bid fan-out over SSH sessions: auction rooms with a player on the block; a bid (the next team's manager,
    /// through the real LeagueService) → each session's bid line shows "High bid $N — Team".
    static func bidFanOutTable(app: String, dir: URL, quick: Bool, rooms: Int?) throws {
        let scenarios: [(String, Int, Int)] = rooms.map { [("\($0) room\($0 == 1 ? "" : "s") × 12 sessions", $0, $0 == 1 ? (quick ? 8 : 20) : (quick ? 2 : 4))] }
            ?? [("1 room × 12 sessions", 1, quick ? 8 : 20), ("20 rooms × 12 sessions", 20, quick ? 2 : 4)]
        print("Bid fan-out (auction): commit (bid returned) → each SSH session's bid line shows it (goals: p99 ≤ 50 ms for one room, ≤ 150 ms for 20)")
        print("  \(pad("scenario", 24)) \(lpad("bids", 5)) \(lpad("seen", 6)) \(lpad("p50 ms", 8)) \(lpad("p99 ms", 8)) \(lpad("max ms", 8)) \(lpad("missed", 6))")
        for (name, n, bids) in scenarios {
            let interval = Duration.seconds(n == 1 ? 1 : 10)
            let r = try FanOutBench.run(FanOutBench.Options(app: app, rooms: n, picksPerRoom: bids, pickInterval: interval, directory: dir,
                                                            sshSessions: true, bids: true))
            let s = r.board
            print("  \(pad(name, 24)) \(lpad("\(r.picks)", 5)) \(lpad("\(s.ms.count)", 6)) \(lpad(fmt(s.p50, 1), 8)) \(lpad(fmt(s.p99, 1), 8)) \(lpad(fmt(s.max, 1), 8)) \(lpad("\(r.missed)", 6))")
            if let server = r.serverCPUPerPickMS { print("  \(pad("", 24)) a bid every \(interval.components.seconds) s per room; CPU the league server used: \(fmt(server, 1)) ms per bid") }
        }
        print("  missed: session-bids not shown within 10 s, or before the room's next bid.")
        print()
    }

    static func mib(_ kib: Int) -> String { fmt(Double(kib) / 1024, 1) }
}
