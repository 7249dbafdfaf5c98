import Foundation
import Testing

/// `clubhouse season fetch YEAR --from BASE_URL` against a local server laid out like nflverse's releases: a progress
/// line per file, an interrupted download resumed where it stopped, a damaged download refused before the importer
/// sees it, an unchanged file not downloaded again. No test touches the internet.
@Suite struct SeasonFetchTests {
    let home: TemporaryHome
    let server: FileServer
    let releases: URL

    init() throws {
        home = try TemporaryHome()
        releases = home.url.appendingPathComponent("releases")
        try FileServer.nflverseLayout(in: releases)
        server = try FileServer(root: releases)
    }

    var environment: [String: String] { home.environment.merging(["XDG_CACHE_HOME": cache.path]) { $1 } }
    var cache: URL { home.url.appendingPathComponent("cache") }
    var database: String { home.url.appendingPathComponent("league.sqlite").path }
    var downloads: URL { cache.appendingPathComponent("clubhouse/nflverse/2019") }

    func fetch() throws -> (status: Int32, out: String, err: String) {
        try Binary.run(["season", "fetch", "2019", "--from", server.url + "/", "--database", database], environment: environment)
    }

    @Test func aSeasonIsDownloadedWithAProgressLinePerFileThenImported() throws {
        let r = try fetch()
        #expect(r.status == 0, "\(r.err)")
        for name in ["players.csv", "games.csv", "stats_player_week_2019.csv.gz", "stats_team_week_2019.csv.gz", "play_by_play_2019.csv.gz"] {
            #expect(r.err.split(separator: "\n").contains { $0.hasPrefix(name) && $0.contains("100%") },
                    "no finished progress line for \(name):\n\(r.err)")
        }
        #expect(r.err.split(separator: "\n").contains { $0.hasPrefix("play_by_play_2019.csv.gz") && $0.contains("[######") && !$0.contains("100%") },
                "the big file shows its progress on the way:\n\(r.err)")
        #expect(r.out.contains("stored:  2019  players 600  games 256  player-weeks 5500  plays 45016\n"), "\(r.out)")
        // 2019's injury report and weekly rosters aren't on this mirror: skipped, and the import says so.
        #expect(r.err.contains("injuries_2019.csv: not published (yet) — skipped"), "\(r.err)")
        #expect(r.err.contains("roster_weekly_2019.csv: not published (yet) — skipped"), "\(r.err)")
        #expect(r.out.contains("  no injuries_2019.csv (release tag injuries) nor roster_weekly_2019.csv (release tag weekly_rosters) "
                               + "among these files: no injury statuses for 2019 (none are guessed)\n"), "\(r.out)")
        #expect(server.requests.map(\.path).contains("/pbp/play_by_play_2019.csv.gz"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: downloads.path).filter { $0.hasSuffix(".part") }.isEmpty)

        // Fetched again: every file is asked for with its ETag, none comes back, nothing changes.
        let again = try fetch()
        #expect(again.status == 0, "\(again.err)")
        #expect(again.err.contains("play_by_play_2019.csv.gz: unchanged since the last download"), "\(again.err)")
        #expect(again.out.contains("nothing changed"), "\(again.out)")
        let published = server.requests.suffix(7).filter { !$0.path.hasPrefix("/injuries/") && !$0.path.hasPrefix("/weekly_rosters/") }
        #expect(published.count == 5 && published.allSatisfy { $0.ifNoneMatch != nil })
        let list = try Binary.run(["season", "list", "--database", database], environment: environment)
        #expect(list.out == "2019  players 600  games 256  player-weeks 5500  plays 45016\n")
    }

    @Test func anInterruptedDownloadResumesWhereItStopped() throws {
        server.cut("/pbp/play_by_play_2019.csv.gz", after: 1_000_000)
        let r = try fetch()
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("play_by_play_2019.csv.gz: interrupted at"), "\(r.err)")
        let pbp = server.requests.filter { $0.path == "/pbp/play_by_play_2019.csv.gz" }
        #expect(pbp.map(\.range) == [nil, "bytes=1000000-"], "the second request asks for the rest only: \(pbp)")
        #expect(r.out.contains("plays 45016"), "the resumed file is whole:\n\(r.out)")
    }

    @Test func aDamagedDownloadIsRefusedAndNothingIsImported() throws {
        var bytes = [UInt8](try Data(contentsOf: releases.appendingPathComponent("pbp/play_by_play_2019.csv.gz")))
        for i in stride(from: bytes.count / 2, to: bytes.count / 2 + 4096, by: 7) { bytes[i] ^= 0x5A }
        server.replace("/pbp/play_by_play_2019.csv.gz", with: bytes)
        let r = try fetch()
        #expect(r.status == 1)
        // Damage inside the compressed stream shows as damaged data, or as rows that aren't rows once inflated: either way refused.
        #expect(r.err.contains("play_by_play_2019.csv.gz: refused: the downloaded file is damaged ("), "\(r.err)")
        #expect(r.err.contains("it was deleted, and the next run downloads it afresh"))
        #expect(r.err.contains("Nothing was imported."))
        let files = try FileManager.default.contentsOfDirectory(atPath: downloads.path)
        #expect(!files.contains("play_by_play_2019.csv.gz") && !files.contains("play_by_play_2019.csv.gz.part"), "\(files)")
        let list = try Binary.run(["season", "list", "--database", database], environment: environment)
        #expect(list.out.hasPrefix("No season stored yet"), "\(list.out)")
    }

    @Test func aSeasonNotPublishedIsNamedAndAnUnreachableMirrorFailsCleanly() throws {
        let missing = try Binary.run(["season", "fetch", "2031", "--from", server.url, "--database", database], environment: environment)
        #expect(missing.status == 1)
        #expect(missing.err.contains("stats_player_week_2031.csv.gz: not published (yet) — skipped"), "\(missing.err)")
        #expect(missing.err.contains("no regular-season games of 2031 (it has 2019): this schedule is of another season"), "\(missing.err)")
        server.stop()
        let down = try fetch()
        #expect(down.status == 1)
        #expect(down.err.contains("players.csv: the download was interrupted"), "\(down.err)")
        #expect(try Binary.run(["season", "fetch", "19", "--from", server.url]).status == 2, "a usage error")
        #expect(try Binary.run(["season", "fetch", "2019", "--from", "ftp://example.org"]).status == 2)
    }

    /// A season whose injury report and weekly rosters are published: fetched beside the other files and imported
    /// through the same importer; the weeks' statuses are stored and the summary counts them.
    @Test func theInjuryReportAndWeeklyRostersAreFetchedAndImported() throws {
        for tag in ["injuries", "weekly_rosters"] {
            try FileManager.default.createDirectory(at: releases.appendingPathComponent(tag), withIntermediateDirectories: true)
        }
        try InjuryFiles.injuries.write(to: releases.appendingPathComponent("injuries/injuries_2019.csv"), atomically: true, encoding: .utf8)
        try InjuryFiles.rosters.write(to: releases.appendingPathComponent("weekly_rosters/roster_weekly_2019.csv"), atomically: true, encoding: .utf8)
        let r = try fetch()
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("  injuries_2019.csv ") && $0.hasSuffix(" 3 rows, 3 imported") }, "\(r.out)")
        #expect(lines.contains { $0.hasPrefix("  roster_weekly_2019.csv ") && $0.hasSuffix(" 2 rows, 2 imported") }, "\(r.out)")
        #expect(r.out.contains(", 4 injury statuses\n"), "\(r.out)")
        #expect(!r.out.contains("none are guessed"), "\(r.out)")
        #expect(r.out.contains("stored:  2019  players 600  games 256  player-weeks 5500  plays 45016  injury statuses 4\n"), "\(r.out)")
    }
}
