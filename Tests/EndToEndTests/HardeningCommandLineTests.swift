import Foundation
import Testing

/// On the real binary: absurd numbers, the wrong file as --database, private files, flat memory.
@Suite struct HardeningCommandLineTests {
    let home: TemporaryHome
    init() throws { home = try TemporaryHome() }

    var database: String { home.url.appendingPathComponent("db.sqlite").path }

    /// A file in a folder of its own, named as nflverse names a season's weekly player stats unless told otherwise.
    func write(_ text: String, name: String = "stats_player_week_2019.csv") throws -> String {
        let folder = home.url.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func mode(_ path: String) -> Int {
        var st = stat()
        guard stat(path, &st) == 0 else { return -1 }
        return Int(st.st_mode & 0o777)
    }

    @Test(arguments: ["999999999999999999", "9999999999999999999"])
    func aStatThatWouldOverflowScoringIsRefusedByLine(value: String) throws {
        let file = try write(ShippedSeason.playerWeek({ $0["player_id"] == "00-0019596" && ["1", "2"].contains($0["week"]) }) {
            if $0["week"] == "2" { $0["passing_tds"] = value }
        })
        let r = try Binary.run(["import-stats", file, "--database", database], environment: home.environment)
        #expect(r.status == 1)
        #expect(r.err.contains("\(file):3: passing_tds \(value) is outside 0–50"), "\(r.err)")
        #expect(r.err.contains("Nothing was imported."))
    }

    @Test func seasonZeroIsRefused() throws {
        let file = try write(ShippedSeason.playerWeek(ShippedSeason.row("00-0033280", week: 1)) { $0["season"] = "0000" })
        let r = try Binary.run(["import-stats", file, "--database", database], environment: home.environment)
        #expect(r.status == 1)
        #expect(r.err.contains("\(file):2: season 0000 is outside 1920–2100"), "\(r.err)")
    }

    /// `--database` given the CSV by mistake: refused with an explanation; the file is not renamed or replaced.
    @Test func aDatabasePathThatIsNotSQLiteIsRefusedAndLeftAlone() throws {
        let text = try ShippedSeason.playerWeek(ShippedSeason.row("00-0033280", week: 1))
        let csv = try write(text, name: "stats.csv")
        let r = try Binary.run(["import-stats", csv, "--database", csv], environment: home.environment)
        #expect(r.status == 1)
        #expect(r.err.contains("\(csv) is not an SQLite database"), "\(r.err)")
        #expect(r.err.contains("left untouched"))
        #expect(try String(contentsOfFile: csv, encoding: .utf8) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: (csv as NSString).deletingLastPathComponent) == ["stats.csv"])
    }

    /// The default data folder is 0700 and the files 0600; loose ones from an older version are tightened, and
    /// the activity log says so once.
    @Test func theDatabaseIsPrivateAndLooseFilesAreTightenedOnceWithALogLine() throws {
        let file = try write(ShippedSeason.playerWeek(ShippedSeason.row("00-0033280", week: 1)))
        let dataDir = home.url.appendingPathComponent("data/clubhouse").path
        let db = dataDir + "/clubhouse.sqlite"
        #expect(try Binary.run(["import-stats", file], environment: home.environment).status == 0)
        #expect(mode(dataDir) == 0o700)
        #expect(mode(db) == 0o600)
        chmod(dataDir, 0o755)
        chmod(db, 0o644)
        for _ in 0..<2 { #expect(try Binary.run(["import-stats", file], environment: home.environment).status == 0) }
        #expect(mode(dataDir) == 0o700)
        #expect(mode(db) == 0o600)
        let log = try String(contentsOfFile: home.url.appendingPathComponent("state/clubhouse/clubhouse.log").path, encoding: .utf8)
        let lines = log.split(separator: "\n").filter { $0.contains("database.permissions") }
        #expect(lines.count == 2, "\(log)")
        #expect(lines.contains { $0.contains("path=\(db) from=644 to=600") }, "\(lines)")
        #expect(lines.contains { $0.contains("path=\(dataDir) from=755 to=700") }, "\(lines)")
    }

    /// A play-by-play file 5 times bigger (the same plays, each with a long extra column, as nflverse's real ~370-column
    /// rows are) must not take memory in proportion: rows are streamed, not loaded.
    @Test func importMemoryStaysFlatWithFileSize() throws {
        // Written a row at a time, so this process stays small too (a spawned child's peak can include the parent's).
        let pbp = try ShippedSeason.text("play_by_play_2019.csv")
        func folder(padding: Int) throws -> String {
            let dir = home.url.appendingPathComponent("season-\(padding)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try ShippedSeason.writeSeason(to: dir)
            let path = dir.appendingPathComponent("play_by_play_2019.csv").path
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            let out = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? out.close() }
            // An extra column nflverse's real files would have many of (the importer ignores columns it doesn't read).
            let pad = String(repeating: "p", count: padding)
            var first = true
            for line in pbp.split(separator: "\n") {
                try out.write(contentsOf: Data((line + (first ? ",notes" : "," + pad) + "\n").utf8))
                first = false
            }
            return dir.path
        }
        // A spawned child's peak counts this process's own peak (exec records the old address space's high-water mark),
        // which grows while other tests run: each import is measured against `--version` run just before it.
        let smallFolder = try folder(padding: 0)
        let smallBase = try peakKilobytes(["--version"])
        let small = try peakKilobytes(["season", "import", smallFolder, "--database", database + "-small"]) - smallBase
        let bigFolder = try folder(padding: 1500)
        let size = { (dir: String) in (try? FileManager.default.attributesOfItem(atPath: dir + "/play_by_play_2019.csv")[.size] as? Int) ?? 0 }
        #expect(size(bigFolder) > 3 * size(home.url.appendingPathComponent("season-0").path), "the padded file isn't much bigger")
        let bigBase = try peakKilobytes(["--version"])
        let big = try peakKilobytes(["season", "import", bigFolder, "--database", database + "-big"]) - bigBase
        // Loading the file whole would cost several times its size; streaming keeps the difference small.
        #expect(big - small < 12 * 1024, "peak RSS over --version's: \(small) KB for the plain play-by-play, \(big) KB for the padded one")
    }

    /// Runs the binary and returns its peak resident set size (`wait4`'s rusage), in KB.
    func peakKilobytes(_ args: [String]) throws -> Int {
        var pid: pid_t = 0
        var env = ProcessInfo.processInfo.environment
        env.merge(home.environment) { $1 }
        let argv = ([Binary.path] + args).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        guard posix_spawn(&pid, Binary.path, &actions, nil, argv, envp) == 0 else { throw POSIXError(.ENOENT) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        #expect(status == 0, "\(args) exited \(status)")
        return Int(usage.ru_maxrss)
    }
}
