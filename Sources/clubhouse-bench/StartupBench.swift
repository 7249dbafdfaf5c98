import ClubhouseData
import Foundation

/// Start-up and weight beside the terminal apps people already use: the real `clubhouse` on the seeded
/// demo database, `tig` in this repository and `htop`, each on a 120×40 pty, measured the same way in the same run.
/// Per run: exec → first byte and exec → settled screen (the last output before a quiet spell, once the screen
/// shows what it is for), RSS and Private_Dirty of a second instance started while the first still runs, and the
/// bytes written for 20 cursor moves on a list (10 down, 10 up) beside the whole first frame.
enum StartupBench {
    /// One program under test.
    struct Subject {
        var name: String
        var executable: String
        var arguments: [String]
        var environment: [String: String]
        /// What the settled screen shows (nil: any output, then quiet).
        var settledWhen: String?
        /// The keys of one move down and one move up on its list.
        var down: String, up: String
        var keysLabel: String
    }

    /// The figures of one subject over all runs.
    struct Figures {
        var firstByte = Samples(), settled = Samples()
        var rssKiB: [Double] = [], privateDirtyKiB: [Double] = []
        var bytesPerMove: [Double] = [], firstFrameBytes: [Double] = []
    }

    /// Output stops for this long: the screen has settled (htop redraws every 1.5 s, the others only on input).
    static let quiet = Duration.milliseconds(250)

    static func run(app: String, runs: Int) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-bench-startup-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let dbPath = dir.appendingPathComponent("league.sqlite").path
        let db = try Database.open(at: DatabaseLocation(path: dbPath)).database
        _ = try DemoWorld.seedIfNeeded(db)
        let repo = FileManager.default.currentDirectoryPath
        let env = FanOutBench.environment(home: dir.appendingPathComponent("home").path)
        var subjects = [Subject(name: "clubhouse", executable: app, arguments: ["--database", dbPath], environment: env,
                                settledWhen: "Public leagues (", down: "j", up: "k", keysLabel: "j/k")]
        for (name, args, down, up, label) in [("tig", ["-C", repo], "j", "k", "j/k"), ("htop", [], "\u{1B}[B", "\u{1B}[A", "↓/↑")] {
            if let path = which(name) {
                subjects.append(Subject(name: name, executable: path, arguments: args, environment: env, settledWhen: nil,
                                        down: down, up: up, keysLabel: label))
            } else {
                print("  (\(name) is not installed: make bench-deps installs it)")
            }
        }
        print("Start-up beside tig and htop: 120×40 pty, TERM=xterm-256color; median of \(runs) runs [min–max]")
        print("  clubhouse: \(app) on the seeded demo database (embedded, no server); tig in \(repo); htop with a fresh config")
        var figures: [String: Figures] = [:]
        for s in subjects { _ = try? measure(s) }   // warm the page cache once, not counted
        for _ in 0..<runs {
            for s in subjects {   // interleaved, so a busy moment on the machine hits every subject alike
                let f = try measure(s)
                var all = figures[s.name] ?? Figures()
                all.firstByte.ms.append(f.firstByteMS); all.settled.ms.append(f.settledMS)
                all.rssKiB.append(Double(f.second.rssKiB)); all.privateDirtyKiB.append(Double(f.second.privateDirtyKiB))
                all.bytesPerMove.append(f.bytesPerMove); all.firstFrameBytes.append(Double(f.firstFrameBytes))
                figures[s.name] = all
            }
        }
        print(table(subjects: subjects, figures: figures))
    }

    /// One run of one subject.
    struct Run {
        var firstByteMS: Double, settledMS: Double
        var firstFrameBytes: Int
        var second: ProcessMemory
        var bytesPerMove: Double
    }

    static func measure(_ s: Subject) throws -> Run {
        let clock = ContinuousClock()
        let start = clock.now
        let first = try PTYClient(executable: s.executable, arguments: s.arguments, environment: s.environment)
        defer { first.stop() }
        let (firstByte, settled) = try settle(first, start: start, clock: clock, shows: s.settledWhen, name: s.name)
        let frameBytes = first.bytesRead
        // A second instance while the first runs: what one more session costs.
        let second = try PTYClient(executable: s.executable, arguments: s.arguments, environment: s.environment)
        defer { second.stop() }
        _ = try settle(second, start: clock.now, clock: clock, shows: s.settledWhen, name: s.name)
        guard let memory = ProcessMemory.read(pid: second.pid) else { throw BenchFailure(description: "cannot read /proc/\(second.pid)/smaps_rollup") }
        // 20 moves on the first instance's list, each typed once the previous one's output is done.
        let before = first.bytesRead
        for i in 0..<20 {
            let mark = first.bytesRead
            first.type(i < 10 ? s.down : s.up)
            _ = PTYClient.wait(for: [first], timeout: .milliseconds(500)) { first.bytesRead > mark }
            quietly(first, clock: clock)
        }
        return Run(firstByteMS: Samples.milliseconds(firstByte - start), settledMS: Samples.milliseconds(settled - start),
                   firstFrameBytes: frameBytes, second: memory, bytesPerMove: Double(first.bytesRead - before) / 20)
    }

    /// Waits for the first byte, then for the screen to show `shows` (if given) and go quiet; returns when the first
    /// byte and the last byte before the quiet spell came.
    static func settle(_ c: PTYClient, start: ContinuousClock.Instant, clock: ContinuousClock, shows: String?,
                       name: String) throws -> (ContinuousClock.Instant, ContinuousClock.Instant) {
        let deadline = start + .seconds(20)
        var firstByte: ContinuousClock.Instant?
        var last = start
        while clock.now < deadline {
            let read = c.bytesRead
            PTYClient.poll([c], timeout: .milliseconds(5))
            let now = clock.now
            if c.bytesRead > read { last = now; if firstByte == nil { firstByte = now } }
            if let firstByte, now - last >= quiet, shows.map({ c.shows($0) }) ?? true { return (firstByte, last) }
            if c.exited { break }
        }
        throw BenchFailure(description: "\(name) did not settle within 20 s" + (shows.map { " (waiting for \"\($0)\")" } ?? ""))
    }

    /// Reads until no output has come for a short spell (the end of one move's update).
    static func quietly(_ c: PTYClient, clock: ContinuousClock) {
        var last = clock.now
        while clock.now - last < .milliseconds(60) {
            let read = c.bytesRead
            PTYClient.poll([c], timeout: .milliseconds(10))
            if c.bytesRead > read { last = clock.now }
        }
    }

    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    // MARK: - The table

    /// "median [min–max]" of values.
    static func cell(_ values: [Double], digits: Int) -> String {
        guard !values.isEmpty else { return "—" }
        var s = Samples(); s.ms = values
        return "\(fmt(s.median, digits)) [\(fmt(values.min()!, digits))–\(fmt(values.max()!, digits))]"
    }

    static func median(_ values: [Double]) -> Double { var s = Samples(); s.ms = values; return s.median }

    static func table(subjects: [Subject], figures: [String: Figures]) -> String {
        let rows: [(String, (Figures) -> [Double], Int)] = [
            ("exec → first byte (ms)", { $0.firstByte.ms }, 1),
            ("exec → settled (ms)", { $0.settled.ms }, 1),
            ("RSS at settle, 2nd instance (MiB)", { $0.rssKiB.map { $0 / 1024 } }, 1),
            ("Private_Dirty, 2nd instance (MiB)", { $0.privateDirtyKiB.map { $0 / 1024 } }, 1),
            ("bytes per list move", { $0.bytesPerMove }, 0),
            ("bytes of the first full frame", { $0.firstFrameBytes }, 0),
            ("move / full frame (%)", { f in zip(f.bytesPerMove, f.firstFrameBytes).map { $0 / $1 * 100 } }, 1),
        ]
        let names = subjects.map(\.name)
        var lines = ["  " + pad("figure", 36) + names.map { lpad($0, 24) }.joined()
                     + names.dropFirst().map { lpad("×\($0)", 8) }.joined()]
        for (label, values, digits) in rows {
            var line = "  " + pad(label, 36)
            for n in names { line += lpad(cell(figures[n].map(values) ?? [], digits: digits), 24) }
            let mine = figures[names[0]].map { median(values($0)) } ?? .nan
            for n in names.dropFirst() {
                let theirs = figures[n].map { median(values($0)) } ?? .nan
                line += lpad(theirs > 0 ? fmt(mine / theirs, 2) : "—", 8)
            }
            lines.append(line)
        }
        lines.append("  list moves: clubhouse j/k on Home's public leagues, tig j/k in its commit list, htop ↓/↑ in its process list")
        lines.append("  settled: the last byte before \(Samples.milliseconds(quiet).formatted()) ms without output (clubhouse: once Home lists its public leagues)")
        return lines.joined(separator: "\n")
    }
}
