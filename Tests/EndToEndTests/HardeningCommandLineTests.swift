import Foundation
import Testing

/// Issue #18 on the real binary: absurd numbers, the wrong file as --database, private files, flat memory.
@Suite struct HardeningCommandLineTests {
    let home: TemporaryHome
    init() throws { home = try TemporaryHome() }

    var database: String { home.url.appendingPathComponent("db.sqlite").path }

    func write(_ text: String, name: String = "stats-\(UUID().uuidString).csv") throws -> String {
        let path = home.url.appendingPathComponent(name).path
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
        let file = try write("player_id,season,week,passing_tds\n00-0019596,2019,1,3\n00-0019596,2019,2,\(value)\n")
        let r = try Binary.run(["import-stats", file, "--database", database], environment: home.environment)
        #expect(r.status == 1)
        #expect(r.err.contains("\(file):3: passing_tds \(value) is outside 0–50"), "\(r.err)")
        #expect(r.err.contains("Nothing was imported."))
    }

    @Test func seasonZeroIsRefused() throws {
        let file = try write("player_id,season,week,receptions\n00-0033280,0000,1,3\n")
        let r = try Binary.run(["import-stats", file, "--database", database], environment: home.environment)
        #expect(r.status == 1)
        #expect(r.err.contains("\(file):2: season 0000 is outside 1920–2100"), "\(r.err)")
    }

    /// `--database` given the CSV by mistake: refused with an explanation; the file is not renamed or replaced.
    @Test func aDatabasePathThatIsNotSQLiteIsRefusedAndLeftAlone() throws {
        let text = "player_id,season,week,receptions\n00-0033280,2019,1,11\n"
        let csv = try write(text, name: "stats.csv")
        let r = try Binary.run(["import-stats", csv, "--database", csv], environment: home.environment)
        #expect(r.status == 1)
        #expect(r.err.contains("\(csv) is not an SQLite database"), "\(r.err)")
        #expect(r.err.contains("left untouched"))
        #expect(try String(contentsOfFile: csv, encoding: .utf8) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.url.path).filter { $0.hasPrefix("stats.csv") } == ["stats.csv"])
    }

    /// The default data folder is 0700 and the files 0600; loose ones from an older version are tightened, and
    /// the activity log says so once.
    @Test func theDatabaseIsPrivateAndLooseFilesAreTightenedOnceWithALogLine() throws {
        let file = try write("player_id,season,week,receptions\n00-0033280,2019,1,11\n")
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

    /// A file 8 times bigger must not take memory in proportion: rows are streamed, not loaded.
    @Test func importMemoryStaysFlatWithFileSize() throws {
        // Written a row at a time, so this process stays small too (a spawned child's peak can include the parent's).
        func file(megabytes: Int) throws -> String {
            let path = home.url.appendingPathComponent("big-\(megabytes).csv").path
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            let out = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? out.close() }
            let padding = String(repeating: "p", count: 10_000)
            var written = 0, season = 1920, week = 1
            func put(_ line: String) throws { let d = Data(line.utf8); try out.write(contentsOf: d); written += d.count }
            try put("player_id,season,week,receptions,notes\n")
            while written < megabytes << 20 {
                for player in ["00-0033280", "00-0019596"] { try put("\(player),\(season),\(week),3,\(padding)\n") }
                week += 1
                if week > 18 { week = 1; season += 1 }
            }
            return path
        }
        let small = try peakKilobytes(["import-stats", try file(megabytes: 4), "--database", database + "-small"])
        let big = try peakKilobytes(["import-stats", try file(megabytes: 32), "--database", database + "-big"])
        // Loading the file whole cost several times its size (~525 MB for 50 MB); streaming keeps the difference small.
        #expect(big - small < 12 * 1024, "peak RSS \(small) KB for 4 MB, \(big) KB for 32 MB")
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
