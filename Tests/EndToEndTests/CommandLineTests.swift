import Foundation
import Testing

/// The binary's command line, run without a terminal: help, version, usage errors and exit codes (dist/man/clubhouse.1, EXIT STATUS).
@Suite struct CommandLineTests {
    @Test func versionPrintsAndExitsZero() throws {
        let r = try Binary.run(["--version"])
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("clubhouse "))
    }

    @Test func helpListsTheCommandsAndExitsZero() throws {
        let r = try Binary.run(["--help"])
        #expect(r.status == 0)
        #expect(r.out.contains("Usage: clubhouse"))
        #expect(r.out.contains("import-stats"))
    }

    /// The embedded app starts without loading a networking library (libcurl and its 30 dependencies cost ~10 ms of
    /// every start); clubhouse-net, beside it, has them.
    @Test func theEmbeddedAppLinksNoNetworkingLibrary() throws {
        func libraries(_ binary: String) throws -> String {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
            p.arguments = [binary]
            let pipe = Pipe()
            p.standardOutput = pipe
            try p.run()
            let out = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return String(decoding: out, as: UTF8.self)
        }
        let app = try libraries(Binary.path)
        for lib in ["libcurl", "libpq", "libmicrohttpd", "libgnutls", "libFoundationNetworking"] {
            #expect(!app.contains(lib), "clubhouse loads \(lib)")
        }
        let net = try libraries((Binary.path as NSString).deletingLastPathComponent + "/clubhouse-net")
        for lib in ["libpq", "libmicrohttpd", "libFoundationNetworking"] {
            #expect(net.contains(lib), "clubhouse-net lacks \(lib)")
        }
    }

    /// `clubhouse serve` runs clubhouse-net in the same process (exec); without it beside the binary, the command
    /// says what is missing and fails instead of starting something else.
    @Test func aNetworkedCommandRunsClubhouseNetOrSaysItIsMissing() throws {
        let r = try Binary.run(["serve", "--listen", "not-an-address"])
        #expect(r.status == 2)
        #expect(r.err.contains("--listen"))

        let alone = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: alone) }
        let copy = alone.appendingPathComponent("clubhouse").path
        try FileManager.default.linkItem(atPath: URL(fileURLWithPath: Binary.path).resolvingSymlinksInPath().path, toPath: copy)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: copy)
        p.arguments = ["serve", "--listen", "127.0.0.1:1"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(said.contains("needs clubhouse-net, which is not installed beside this binary"))
    }

    /// `season list` on a fresh HOME creates no database; it says where the app will put one and lists the season the
    /// app ships, with the player count README gives (600 players; the 32 team defenses aren't counted as players).
    @Test func seasonListOnAFreshHomeCreatesNothingAndNamesTheShippedSeason() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("season-list-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let r = try Binary.run(["season", "list"], environment: ["HOME": home, "XDG_DATA_HOME": ""])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("No league database at \(home)/.local/share/clubhouse/clubhouse.sqlite yet"), "\(r.out)")
        #expect(r.out.contains("2019  players 600  games 256"), "\(r.out)")
        #expect(!r.out.contains("No season stored yet"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty, "nothing created under HOME")
        let readme = try String(contentsOfFile: Binary.repository + "/README.md", encoding: .utf8)
        #expect(readme.contains("2019 season (600 players and 32 team defenses"), "README's count agrees with season list")
    }

    @Test func unknownOptionIsBadUsage() throws {
        let r = try Binary.run(["--bogus"])
        #expect(r.status == 2)
        #expect(r.err.contains("unknown option '--bogus'"))
    }

    @Test func unknownCommandIsBadUsage() throws {
        let r = try Binary.run(["frobnicate"])
        #expect(r.status == 2)
        #expect(r.err.contains("unknown command 'frobnicate'"))
    }

    @Test func missingOptionValueIsBadUsage() throws {
        let r = try Binary.run(["--database"])
        #expect(r.status == 2)
        #expect(r.err.contains("needs a value"))
    }

    @Test func withoutATerminalTheAppExplainsInOneLineAndExitsTwo() throws {
        let home = try TemporaryHome()
        let r = try Binary.run([], environment: home.environment.merging(["TERM": "xterm-256color"]) { $1 })
        #expect(r.status == 2)
        #expect(r.err.split(separator: "\n").count == 1)
        #expect(r.err.contains("interactive terminal"))
        #expect(r.out.isEmpty, "nothing may be drawn on a pipe")
    }
}

/// `clubhouse import-stats FILE` (= `season import FILE`): all or nothing, with the first bad row by line number.
@Suite struct ImportStatsCommandTests {
    let home: TemporaryHome
    init() throws { home = try TemporaryHome() }

    /// A weekly stats file named as nflverse names it, in a folder of its own.
    func write(_ text: String) throws -> String {
        let folder = home.url.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("stats_player_week_2019.csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func goodFileIsImportedWithCounts() throws {
        // McCaffrey's weeks 1 and 2, week 1 corrected to 11 catches.
        let file = try write(ShippedSeason.playerWeek({ $0["player_id"] == "00-0033280" && ["1", "2"].contains($0["week"]) }) {
            if $0["week"] == "1" { $0["receptions"] = "11" }
        })
        let r = try Binary.run(["import-stats", file, "--database", home.url.appendingPathComponent("db.sqlite").path], environment: home.environment)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("stats_player_week_2019.csv  2 rows, 2 imported"), "\(r.out)")
        #expect(r.out.contains(" 1 weekly lines"), "\(r.out)")
    }

    @Test func badRowIsReportedByLineAndNothingIsImported() throws {
        let file = try write(ShippedSeason.playerWeek({ $0["player_id"] == "00-0033280" && ["1", "2"].contains($0["week"]) }) {
            if $0["week"] == "2" { $0["receptions"] = "-4" }
        })
        let r = try Binary.run(["import-stats", file, "--database", home.url.appendingPathComponent("db.sqlite").path], environment: home.environment)
        #expect(r.status == 1)
        #expect(r.err.contains("\(file):3:"))
        #expect(r.err.contains("Nothing was imported."))
    }

    @Test func missingFileArgumentIsBadUsage() throws {
        let r = try Binary.run(["import-stats"], environment: home.environment)
        #expect(r.status == 2)
    }
}

/// `clubhouse season import` with nflverse's optional injury files: a season without them imports as before and says
/// so; an injury report with a bad row is refused by its line and nothing of the folder is imported.
@Suite struct InjuryImportCommandTests {
    let home: TemporaryHome
    init() throws { home = try TemporaryHome() }

    /// The whole 2019 season in a folder of its own, with `extra` files beside it.
    func season(_ extra: [String: String] = [:]) throws -> String {
        let folder = home.url.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try ShippedSeason.writeSeason(to: folder)
        for (name, text) in extra { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder.path
    }

    var database: String { home.url.appendingPathComponent("db.sqlite").path }

    @Test func aSeasonWithoutInjuryFilesImportsAsBeforeAndSaysTheyWereAbsent() throws {
        let r = try Binary.run(["season", "import", try season(), "--database", database], environment: home.environment)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("  no injuries_2019.csv (release tag injuries) nor roster_weekly_2019.csv (release tag weekly_rosters) "
                               + "among these files: no injury statuses for 2019 (none are guessed)\n"), "\(r.out)")
        #expect(r.out.contains("stored:  2019  players 600  games 256  player-weeks 5500  plays 45016\n"), "\(r.out)")
    }

    @Test func anInjuryReportWithABadRowIsRefusedByLineAndNothingIsImported() throws {
        var lines = InjuryFiles.injuries.split(separator: "\n").map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: ",Questionable,", with: ",Sidelined,")
        let folder = try season(["injuries_2019.csv": lines.joined(separator: "\n") + "\n", "roster_weekly_2019.csv": InjuryFiles.rosters])
        let r = try Binary.run(["season", "import", folder, "--database", database], environment: home.environment)
        #expect(r.status == 1)
        #expect(r.err.contains("injuries_2019.csv:3: report_status \"Sidelined\" is not an injury report's status"), "\(r.err)")
        #expect(r.err.contains("Nothing was imported."))
        let list = try Binary.run(["season", "list", "--database", database], environment: home.environment)
        #expect(list.out.hasPrefix("No season stored yet"), "not the season either: \(list.out)")
    }
}
