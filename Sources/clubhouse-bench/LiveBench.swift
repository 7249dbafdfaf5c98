import ClubhouseData
import ClubhouseDomain
import Foundation

/// Live Sundays: what one step of the running season clock costs with every in-season league running, what a
/// live week's plays cost to load and hold, and the CPU of one idle session watching a live matchup at 10×.
extension Bench {
    static func liveScoring(_ db: Database, quick: Bool) throws {
        print("Live Sundays (plays.csv: \(try db.scalar("SELECT count(*) FROM plays", as: Int.self) ?? 0) rows in SQLite)")
        let store = SQLiteLeagueStore(database: db)
        // Real time starts where the seed left the running clocks, so the first step is an ordinary one.
        let real = ManualClock(Date())
        let service = LeagueService(store: store, clock: real)
        let leagues = try store.read { try $0.leagues() }.filter { $0.state == .inSeason || $0.state == .playoffs }
        for l in leagues {
            guard let c = l.commissioner else { continue }
            _ = try service.season.setClockSpeed(l.id, speed: .x10, caller: .user(c))
        }
        let greats = try store.read { try $0.leagues().first { $0.name == "Gridiron Greats" } }
        // Loading a live week's plays (first read of a live matchup in a process), then a warm read.
        let cold = LeagueService(store: store, clock: real)
        let team = try greats.flatMap { g in try store.read { try $0.teams(in: g.id).first?.id } }
        var firstRead = Duration.zero
        if let g = greats, let team {
            let week = try cold.facts(league: g.id).week(at: g.clock)
            (_, firstRead) = try time { try cold.matchups.matchup(g.id, week: week, team: team, caller: .anonymous) }
            var warm = Samples()
            for _ in 0..<(quick ? 20 : 100) { warm.add(try clock.measure { _ = try cold.matchups.matchup(g.id, week: week, team: team, caller: .anonymous) }) }
            let facts = try cold.facts(league: g.id)
            let live = try store.read { try facts.liveWeek(week, reader: $0) }
            print("  live matchup read (Gridiron Greats, week \(week)): first \(fmt(Samples.milliseconds(firstRead))) ms (loads the week's "
                  + "\(live.rowCount) play rows), then p50 \(fmt(warm.p50)) ms, p99 \(fmt(warm.p99)) ms")
            print("  a live week in memory: \(live.entryCount) running lines × \(MemoryLayout<StatLine>.stride + 8) B ≈ "
                  + "\(fmt(Double(live.memoryEstimate) / 1_048_576, 1)) MiB (only weeks read while a game is on; plays of other weeks stay on disk)")
        }
        // One pass of the clock driver: which clocks are due, then a step of each due one (one write each).
        var passes = Samples(), writes = 0, steps = 0
        for _ in 0..<(quick ? 60 : 300) {
            real.advance(by: 1)
            passes.add(try clock.measure {
                for (id, at) in try service.season.clocksDue() where at <= real.now() {
                    steps += 1
                    if try service.season.stepClock(id) != nil { writes += 1 }
                }
            })
        }
        print("  clock step, \(leagues.count) leagues running at 10× (one in a live Sunday): driver pass p50 \(fmt(passes.p50)) ms, "
              + "p99 \(fmt(passes.p99)) ms; \(writes) writes in \(passes.ms.count) s of real time")
        for l in leagues { if let c = l.commissioner { _ = try service.season.setClockSpeed(l.id, speed: .off, caller: .user(c)) } }
        print()
    }

    /// One session on a fresh demo world, watching Gridiron Greats' live matchup at 10× with no key pressed.
    static func liveSessionCPU(app: String, directory: URL, window: Duration) throws -> (cpu: Double, memory: ProcessMemory?) {
        let path = directory.appendingPathComponent("live.sqlite").path
        let db = try Database.open(at: DatabaseLocation(path: path)).database
        _ = try DemoWorld.seedIfNeeded(db)
        let client = try PTYClient(executable: app, arguments: ["--database", path],
                                   environment: FanOutBench.environment(home: directory.appendingPathComponent("live-client").path))
        defer { client.stop() }
        func step(_ what: String, _ done: @escaping () -> Bool) throws {
            guard PTYClient.wait(for: [client], timeout: .seconds(60), until: done) else {
                throw BenchFailure(description: "live session: \(what) never showed")
            }
        }
        try step("Home") { client.shows("Public leagues (") }
        client.type("/gridiron\r")
        try step("the filter") { client.shows("(1/") }
        client.type("\r")
        try step("the league page") { client.shows("s standings") }
        client.type("w")
        try step("the scoreboard") { client.shows("› Week 9") }
        client.type("\r")
        try step("the live matchup") { client.shows("proj ") }
        _ = PTYClient.wait(for: [client], timeout: .seconds(3)) { false }
        let memory = ProcessMemory.read(pid: client.pid)
        let before = MemoryBench.cpuTime(pid: client.pid)
        _ = PTYClient.wait(for: [client], timeout: window) { false }
        let used = MemoryBench.cpuTime(pid: client.pid) - before
        return (used / Samples.milliseconds(window) * 1000, memory)
    }
}
