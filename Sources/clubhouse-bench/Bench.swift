import ClubhouseData
import ClubhouseDomain
import Foundation

/// CPU time of the calling thread: unlike wall-clock time, it doesn't grow when other work shares the cores.
func threadCPUTime() -> Duration {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return .seconds(ts.tv_sec) + .nanoseconds(ts.tv_nsec)
}

/// Timing figures: one sample per repetition, in milliseconds.
struct Samples {
    var ms: [Double] = []

    mutating func add(_ d: Duration) { ms.append(Samples.milliseconds(d)) }

    static func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    func percentile(_ p: Double) -> Double {
        guard !ms.isEmpty else { return .nan }
        let sorted = ms.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[Swift.min(Swift.max(rank, 0), sorted.count - 1)]
    }
    var p50: Double { percentile(50) }
    var p99: Double { percentile(99) }
    var max: Double { ms.max() ?? .nan }
    var median: Double { p50 }
}

func fmt(_ ms: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", ms) }
func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }

struct BenchFailure: Error, CustomStringConvertible { var description: String }

enum Bench {
    static let clock = ContinuousClock()

    static func time<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        var result: T?
        let d = try clock.measure { result = try body() }
        return (result!, d)
    }

    /// Wall-clock and CPU time of one synchronous call.
    static func timeWithCPU<T>(_ body: () throws -> T) rethrows -> (T, wall: Duration, cpu: Duration) {
        let cpu0 = threadCPUTime()
        let (result, wall) = try time(body)
        return (result, wall, threadCPUTime() - cpu0)
    }

    static var configuration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    static func main(_ args: [String]) async {
        let quick = args.contains("--quick")
        let rooms = args.firstIndex(of: "--rooms").flatMap { args.indices.contains($0 + 1) ? Int(args[$0 + 1]) : nil }
        do {
            // One part alone, named by its flag (the first of these given wins).
            let appOnly: () throws -> Void = {
                try appBenches(quick: quick, fanOut: !args.contains("--no-fan-out"), rooms: rooms, sshSessions: args.contains("--ssh-sessions"))
            }
            let parts: [(flag: String, run: () throws -> Void)] = [
                ("--followers-only", { try serverBenches(quick: quick, part: .followers) }),
                ("--reads-only", { try serverBenches(quick: quick, part: .reads) }),
                ("--cluster-only", { try serverBenches(quick: quick, part: .cluster) }),
                ("--picks-only", { try serverBenches(quick: quick, part: .picks) }),
                ("--server-only", { try serverBenches(quick: quick) }),
                ("--tls-only", { try tlsBenches(quick: quick) }),
                ("--auction-only", { try AuctionBench.report() }),
                ("--seed-only", { try seedOnly(quick: quick) }),
                ("--startup-only", { try StartupBench.run(app: try appBinary(), runs: quick ? 5 : 7) }),
                ("--app-only", appOnly), ("--ssh-sessions", appOnly),
            ]
            if let part = parts.first(where: { args.contains($0.flag) }) {
                try part.run()
                return
            }
            try await report(quick: quick)
            if !args.contains("--skip-server") { try serverBenches(quick: quick); try tlsBenches(quick: quick) }
            if !args.contains("--skip-app") {
                try StartupBench.run(app: try appBinary(), runs: quick ? 5 : 7)
                print()
                try appBenches(quick: quick, fanOut: !args.contains("--no-fan-out"), rooms: rooms)
                // The same fan-out with the clients host-ssh runs: ssh-session processes on one league server.
                if !args.contains("--no-fan-out") { try appBenches(quick: quick, fanOut: true, rooms: rooms, sshSessions: true) }
            }
        } catch {
            fail(error)
        }
    }

    static func syncMain(_ args: [String]) {
        do {
            if let i = args.firstIndex(of: "--profile-reads") {
                try profileReads(times: i + 1 < args.count ? Int(args[i + 1]) ?? 100 : 100)
                return
            }
            guard let i = args.firstIndex(of: "--dump"), i + 1 < args.count else { throw BenchFailure(description: "--dump needs a file") }
            try dump(to: args[i + 1])
        } catch {
            fail(error)
        }
    }

    static func fail(_ error: any Error) -> Never {
        FileHandle.standardError.write(Data("clubhouse-bench: \(error)\n".utf8))
        exit(1)
    }

    // MARK: - The report

    static func report(quick: Bool) async throws {
        let info = ProcessInfo.processInfo
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        print("Clubhouse League benchmarks")
        print("  build: \(configuration)   cores: \(info.activeProcessorCount) active / \(info.processorCount)   load average: \(load)")
        print("  \(info.operatingSystemVersionString)")
        print("  figures are wall-clock (ContinuousClock) on a shared machine; reported, never asserted")
        print()

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        guard let db = try seeding(dir: dir, quick: quick) else { return }
        try seasonImport(app: try appBinary(), dir: dir, runs: quick ? 1 : 3)
        try await browse(db, quick: quick)
        try await follower(db, quick: quick)
        try draftWrites(db, quick: quick)
        print()
        try AuctionBench.report()
        try liveScoring(db, quick: quick)
    }

    /// `--seed-only`: the first-run seeding figures alone.
    static func seedOnly(quick: Bool) throws {
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        print("Clubhouse League seeding (build: \(configuration), load average: \(load))")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try seeding(dir: dir, quick: quick)
        try seasonImport(app: try appBinary(), dir: dir, runs: quick ? 1 : 3)
    }

    /// First-run seeding: the whole demo world into a fresh file (median of runs) and in memory, then its breakdown.
    /// Returns the first seeded file's database.
    static func seeding(dir: URL, quick: Bool) throws -> Database? {
        let seedRuns = quick ? 1 : 3
        print("Seeding the demo world (DemoWorld.seedIfNeeded, fresh migrated database)")
        var fileSeeds = Samples(), fileCPU = Samples()
        var seeded: Database?
        for run in 0..<seedRuns {
            let db = try Database.open(at: DatabaseLocation(path: dir.appendingPathComponent("seed-\(run).sqlite").path)).database
            SeasonImport.forgetShippedSeasons()   // a first start reads the shipped files
            let (_, d, cpu) = try timeWithCPU { try DemoWorld.seedIfNeeded(db) }
            fileSeeds.add(d); fileCPU.add(cpu)
            if seeded == nil { seeded = db }
        }
        print("  temp file, whole seed:   median \(fmt(fileSeeds.median / 1000, 3)) s wall, \(fmt(fileCPU.median / 1000, 3)) s CPU  (runs: \(fileSeeds.ms.map { fmt($0 / 1000, 3) }.joined(separator: ", ")) s)")
        let mem = try Database.inMemory()
        _ = try mem.migrate()
        SeasonImport.forgetShippedSeasons()
        let (_, memSeed, memCPU) = try timeWithCPU { try DemoWorld.seedIfNeeded(mem) }
        print("  in memory, whole seed:   \(fmt(Samples.milliseconds(memSeed) / 1000, 3)) s wall, \(fmt(Samples.milliseconds(memCPU) / 1000, 3)) s CPU")
        // Breakdown: the season import on its own (the shipped nflverse files through `SeasonImport`), then the leagues
        // (seedIfNeeded skips an imported season).
        let split = try Database.open(at: DatabaseLocation(path: dir.appendingPathComponent("seed-split.sqlite").path)).database
        let shipped = try SeasonImport.shippedDirectory()
        let files = try SeasonFileSet.scan(shipped.path)
        let (data, readTime) = try time {
            try SeasonReader(season: DemoWorld.season, files: files.shared.merging(files.seasons[DemoWorld.season] ?? [:]) { a, _ in a },
                             context: SeasonReader.Context()).read()
        }
        let plays = data.playByPlay?.values.reduce(0) { $0 + $1.plays.count } ?? 0
        let (report, importTime) = try time { try SeasonImport.run(path: shipped.path, into: split).get() }   // reads the files itself
        let (_, leaguesTime) = try time { try DemoWorld.seedIfNeeded(split) }
        print("  breakdown (temp file):   season import \(fmt(Samples.milliseconds(importTime), 0)) ms + leagues \(fmt(Samples.milliseconds(leaguesTime), 0)) ms")
        print("  of which reading:         \(fmt(Samples.milliseconds(readTime), 0)) ms to inflate, parse and check 2019's nflverse files and derive "
              + "\(plays) per-play stat changes from \(report.seasons.last?.stored.plays ?? 0) play-by-play rows")
        print()
        return seeded
    }

    /// `clubhouse season import` of the shipped seasons into a fresh database, run as its own process: wall time and
    /// the process's peak resident memory, as `/usr/bin/time` reports it (this process's own size would count in a
    /// child it forks, before the exec).
    static func seasonImport(app: String, dir: URL, runs: Int) throws {
        let shipped = try SeasonImport.shippedDirectory()
        print("Importing a full season (clubhouse season import of the shipped 2019 nflverse files + 2018 totals, fresh database, own process)")
        var wall = Samples()
        var peak: [Int] = []
        let timer = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        for run in 0..<runs {
            let path = dir.appendingPathComponent("import-\(run).sqlite").path
            let p = Process()
            p.executableURL = URL(fileURLWithPath: timer ? "/usr/bin/time" : app)
            p.arguments = (timer ? ["-f", "maxrss=%M", app] : []) + ["season", "import", shipped.path, "--database", path]
            p.standardOutput = FileHandle.nullDevice
            let err = Pipe()
            p.standardError = err
            let start = clock.now
            try p.run()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            wall.add(clock.now - start)
            guard p.terminationStatus == 0 else { throw BenchFailure(description: "season import exited \(p.terminationStatus): \(text)") }
            if let line = text.split(separator: "\n").last(where: { $0.hasPrefix("maxrss=") }), let kb = Int(line.dropFirst(7)) { peak.append(kb) }
        }
        print("  wall: median \(fmt(wall.median / 1000, 3)) s (runs: \(wall.ms.map { fmt($0 / 1000, 3) }.joined(separator: ", ")) s); "
              + (peak.isEmpty ? "peak RSS: no /usr/bin/time to measure it" : "peak RSS \(fmt(Double(peak.max()!) / 1024, 1)) MiB"))
        print()
    }

    // MARK: - Browse reads

    /// Seeds an in-memory world, then runs every browse read `times` times: a synchronous workload for callgrind.
    static func profileReads(times: Int) throws {
        let db = try Database.inMemory()
        _ = try db.migrate()
        try DemoWorld.seedIfNeeded(db)
        for (name, body) in try reads(db) {
            let (_, d) = try time { for _ in 0..<times { try body() } }
            print("\(name): \(fmt(Samples.milliseconds(d) / Double(times), 3)) ms per call")
        }
    }

    /// The browse reads the report times, by name.
    static func reads(_ db: Database) throws -> [(String, () throws -> Void)] {
        let service = LeagueService(store: SQLiteLeagueStore(database: db))
        let leagues = try service.leagues.publicLeagues(filter: LeagueFilter(), caller: .anonymous)
        func league(_ name: String) throws -> LeagueID {
            guard let l = leagues.first(where: { $0.name == name }) else { throw BenchFailure(description: "no league named \(name)") }
            return l.id
        }
        let gridiron = try league("Gridiron Greats")
        let bots = try league("Bot Bowl Live")
        let team = try service.leagues.league(gridiron, caller: .anonymous).teams[0].id
        let facts = try service.facts(league: gridiron)
        guard let cmc = facts.players.values.first(where: { $0.fullName == "Christian McCaffrey" })?.id else {
            throw BenchFailure(description: "no Christian McCaffrey in the season data")
        }
        return [
            ("public league list", { _ = try service.leagues.publicLeagues(filter: LeagueFilter(), caller: .anonymous) }),
            ("league detail: Gridiron Greats", { _ = try service.leagues.league(gridiron, caller: .anonymous) }),
            ("standings: Gridiron Greats", { _ = try service.matchups.standings(gridiron, caller: .anonymous) }),
            ("scoreboard: Gridiron Greats week 9 (live)", { _ = try service.matchups.scoreboard(gridiron, week: 9, caller: .anonymous) }),
            ("scoreboard: Gridiron Greats week 8 (final)", { _ = try service.matchups.scoreboard(gridiron, week: 8, caller: .anonymous) }),
            ("matchup detail: Gridiron Greats week 9, team 1", { _ = try service.matchups.matchup(gridiron, week: 9, team: team, caller: .anonymous) }),
            ("team roster: Gridiron Greats team 1", { _ = try service.roster.roster(gridiron, team: team, caller: .anonymous) }),
            ("player page + game log: C. McCaffrey, Gridiron scoring", { _ = try service.roster.player(cmc, league: gridiron, caller: .anonymous) }),
            ("available players by season points: Gridiron Greats", {
                _ = try service.waivers.availablePlayers(gridiron, position: nil, sort: .seasonPoints, caller: .anonymous)
            }),
            ("draft board: Bot Bowl Live", { _ = try service.draft.draftBoard(bots, caller: .anonymous) }),
            ("draftable players: Bot Bowl Live", { _ = try service.draft.draftablePlayers(bots, caller: .anonymous) }),
        ]
    }

    static func browse(_ db: Database, quick: Bool) async throws {
        // Cold: a new service (as a freshly started app has) pays for loading the season facts, and for the values
        // under each scoring rule set the first time a league with it is read.
        let cold = LeagueService(store: SQLiteLeagueStore(database: db))
        let (list, coldList) = try time { try cold.leagues.publicLeagues(filter: LeagueFilter(), caller: .anonymous) }
        let gridiron = list.first { $0.name == "Gridiron Greats" }?.id ?? LeagueID(1)
        let (_, coldAvailable) = try time { try cold.waivers.availablePlayers(gridiron, position: nil, sort: .seasonPoints, caller: .anonymous) }
        let (_, warmAvailable) = try time { try cold.waivers.availablePlayers(gridiron, position: nil, sort: .seasonPoints, caller: .anonymous) }
        print("Cold start (new LeagueService on the seeded file)")
        print("  first public league list (loads the season facts):          \(fmt(Samples.milliseconds(coldList))) ms")
        print("  first available players (values under Half-PPR scoring):    \(fmt(Samples.milliseconds(coldAvailable))) ms (then \(fmt(Samples.milliseconds(warmAvailable))) ms)")
        print()

        let queries = try reads(db)
        let reps = quick ? 30 : 200
        let budget = Duration.seconds(quick ? 1 : 3)
        print("Browse reads on the seeded file database (anonymous caller; up to \(reps) repetitions or \(budget.components.seconds) s each, after one warm-up)")
        print("  \(pad("query", 58)) \(lpad("reps", 5)) \(lpad("p50 ms", 9)) \(lpad("p99 ms", 9)) \(lpad("CPU p50", 9))")
        for (name, body) in queries {
            try body()  // warm-up: statement cache, season facts
            var samples = Samples(), cpu = Samples()
            let started = clock.now
            while samples.ms.count < reps && clock.now - started < budget {
                let (_, wall, c) = try timeWithCPU(body)
                samples.add(wall); cpu.add(c)
            }
            print("  \(pad(name, 58)) \(lpad("\(samples.ms.count)", 5)) \(lpad(fmt(samples.p50), 9)) \(lpad(fmt(samples.p99), 9)) \(lpad(fmt(cpu.p50), 9))")
        }
        print()
    }

    // MARK: - Event follower latency

    static func follower(_ db: Database, quick: Bool) async throws {
        let leagueID = try db.scalar("SELECT id FROM leagues ORDER BY id LIMIT 1", as: Int64.self).map { LeagueID($0) } ?? LeagueID(1)
        let follower = EventFollower(database: db)
        let stream = follower.events(after: try EventLog.lastID(db))
        var iterator = stream.makeAsyncIterator()
        let writer = try Database(path: db.path)
        let reps = quick ? 20 : 100
        var samples = Samples()
        try await Task.sleep(for: .milliseconds(50))  // let the follower open its connection
        for i in 0..<reps {
            let start = clock.now
            let appended = try EventLog.append(writer, league: leagueID, kind: .chat, payload: #"{"bench":\#(i)}"#)
            while let e = await iterator.next() {
                if e.id == appended.id { break }
            }
            samples.add(clock.now - start)
            // Desynchronise the next append from the follower's poll phase.
            try await Task.sleep(for: .microseconds(Int.random(in: 0..<25_000)))
        }
        print("Event follower (append on one connection → EventFollower stream yields it; poll interval \(follower.pollInterval))")
        print("  \(reps) events: p50 \(fmt(samples.p50)) ms, p99 \(fmt(samples.p99)) ms")
        print()
    }

    // MARK: - Draft writes

    static func draftWrites(_ db: Database, quick: Bool) throws {
        let store = SQLiteLeagueStore(database: db)
        let manual = ManualClock(Date().addingTimeInterval(3600))
        let service = LeagueService(store: store, clock: manual)
        guard let bots = try service.leagues.publicLeagues(filter: LeagueFilter(), caller: .anonymous).first(where: { $0.name == "Bot Bowl Live" }) else {
            throw BenchFailure(description: "no Bot Bowl Live")
        }
        let detail = try service.leagues.league(bots.id, caller: .anonymous)
        guard let commissioner = detail.league.commissioner else { throw BenchFailure(description: "Bot Bowl Live has no commissioner") }

        // A tick with nothing to do (the pick on the clock is not due): what every embedded process calls often.
        let live = LeagueService(store: store)
        var idle = Samples()
        for _ in 0..<(quick ? 20 : 100) { idle.add(try clock.measure { _ = try live.draft.tickDraft(bots.id) }) }

        // Ticks that autopick: the clock stepped past each deadline.
        var ticks = Samples()
        for _ in 0..<(quick ? 10 : 40) {
            manual.advance(by: 3600)
            let (pick, d) = try time { try service.draft.tickDraft(bots.id) }
            if pick == nil { throw BenchFailure(description: "tickDraft made no pick") }
            ticks.add(d)
        }

        // The commissioner picks for the team on the clock: the best available player.
        var picks = Samples()
        for _ in 0..<(quick ? 10 : 30) {
            let board = try service.draft.draftBoard(bots.id, caller: .user(commissioner))
            guard board.draft.status == .running,
                  let best = try service.draft.draftablePlayers(bots.id, caller: .user(commissioner)).first else { break }
            manual.advance(by: 1)
            picks.add(try clock.measure {
                _ = try service.draft.makePick(bots.id, expectedPick: board.draft.currentPick, player: best.player.id, caller: .user(commissioner))
            })
        }
        print("Draft writes on Bot Bowl Live (each one write transaction)")
        print("  tickDraft, nothing due:      \(idle.ms.count) calls, p50 \(fmt(idle.p50)) ms, p99 \(fmt(idle.p99)) ms")
        print("  tickDraft, autopicks:        \(ticks.ms.count) picks, p50 \(fmt(ticks.p50)) ms, p99 \(fmt(ticks.p99)) ms")
        print("  makePick (commissioner):     \(picks.ms.count) picks, p50 \(fmt(picks.p50)) ms, p99 \(fmt(picks.p99)) ms")
    }

    // MARK: - Behaviour check

    /// Seeds an in-memory world at a fixed real time and writes every table's rows, sorted, to `path`.
    /// `teams.created_at` (wall-clock time of the insert) is left out.
    static func dump(to path: String) throws {
        let db = try Database.inMemory()
        _ = try db.migrate()
        let (_, d) = try time { try DemoWorld.seedIfNeeded(db, now: Date(timeIntervalSince1970: 1_800_000_000)) }
        var out = ""
        let tables = try db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .compactMap { try $0.optional(0, as: String.self) }
        for table in tables {
            let rows = try db.query("SELECT * FROM \(table)")
            out += "== \(table) (\(rows.count) rows)\n"
            let lines = rows.map { row in
                zip(row.columns, row.values).filter { !(table == "teams" && $0.0 == "created_at") && !(table == "schema_migrations") }
                    .map { "\($0.0)=\($0.1)" }.joined(separator: " | ")
            }
            out += lines.sorted().joined(separator: "\n") + "\n"
        }
        try out.write(toFile: path, atomically: true, encoding: .utf8)
        print("seeded in \(fmt(Samples.milliseconds(d) / 1000, 3)) s; dump of \(tables.count) tables written to \(path)")
    }
}
