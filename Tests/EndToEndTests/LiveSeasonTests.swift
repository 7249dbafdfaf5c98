import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// A league on the season being played: its clock is the wall clock (injected: `CLUBHOUSE_TEST_NOW` puts "now" inside
/// 2019's week 3, at 18:45 UTC on Sunday September 22, the early games in their third quarter), and stats keep
/// arriving. `clubhouse serve --refresh-season 2019 --every 2s` fetches the season from a local mirror; the mirror's
/// play-by-play grows from the first quarter of the early games to the first half, and the score on an open matchup
/// moves with no key pressed.
@Suite(.serialized) struct LiveSeasonTests {
    static let now = ISO8601.parse("2019-09-22T18:45:00Z")!
    static let leagueName = "Live Sunday Club"
    /// Quarterbacks of the early games of week 3, each with passing yards in the second quarter.
    static let quarterbacks: [PlayerID] = ["00-0033873", "00-0033119", "00-0031280", "00-0034857"]   // Mahomes, Brissett, Carr, Allen

    /// The season's files as nflverse would have them at some point on that Sunday: weekly stats through week 2,
    /// play-by-play through week 2 and the week-3 plays snapped in the first `seconds` of the game.
    static func season(upTo seconds: Int, in dir: URL) throws {
        let fm = FileManager.default
        for tag in ["players", "schedules", "stats_player", "stats_team", "pbp"] {
            try fm.createDirectory(at: dir.appendingPathComponent(tag), withIntermediateDirectories: true)
        }
        try ShippedSeason.text("players.csv").write(to: dir.appendingPathComponent("players/players.csv"), atomically: true, encoding: .utf8)
        try ShippedSeason.text("games.csv").write(to: dir.appendingPathComponent("schedules/games.csv"), atomically: true, encoding: .utf8)
        try filtered("stats_player_week_2019.csv", into: dir.appendingPathComponent("stats_player/stats_player_week_2019.csv")) { row, c in
            Int(row[c["week"]!])! <= 2
        }
        try filtered("stats_team_week_2019.csv", into: dir.appendingPathComponent("stats_team/stats_team_week_2019.csv")) { row, c in
            Int(row[c["week"]!])! <= 2
        }
        try filtered("play_by_play_2019.csv", into: dir.appendingPathComponent("pbp/play_by_play_2019.csv")) { row, c in
            let week = Int(row[c["week"]!])!
            guard week == 3 else { return week < 3 }
            let q = Int(row[c["qtr"]!]) ?? 1, left = Int(row[c["quarter_seconds_remaining"]!]) ?? 0
            return (q - 1) * 900 + 900 - left <= seconds
        }
    }

    /// Writes the rows of a shipped file that `keep` accepts, gzip-compressed as nflverse publishes it (`path` + `.gz`).
    static func filtered(_ name: String, into path: URL, keep: ([String], [String: Int]) -> Bool) throws {
        let reader = CSVReader(bytes: Array(try ShippedSeason.text(name).utf8), fileName: name)
        let header = try reader.readHeader()
        let columns = Dictionary(uniqueKeysWithValues: header.enumerated().map { ($1, $0) })
        var out = line(header) + "\n"
        while let r = try reader.next() { if keep(r.fields, columns) { out += line(r.fields) + "\n" } }
        try out.write(to: path, atomically: true, encoding: .utf8)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/gzip")
        gzip.arguments = ["-nf", path.path]
        try gzip.run()
        gzip.waitUntilExit()
    }

    static func line(_ fields: [String]) -> String {
        fields.map { $0.contains(",") || $0.contains("\"") ? "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : $0 }
            .joined(separator: ",")
    }

    /// A four-team league on 2019 created "now" (so it follows real time), one quarterback a team, drafted.
    static func league(in dbPath: String, at now: Date) throws -> LeagueID {
        let db = try Database.open(at: DatabaseLocation(path: dbPath)).database
        let clock = ManualClock(now.addingTimeInterval(-600))
        let service = LeagueService(store: SQLiteLeagueStore(database: db), clock: clock)
        let owner = try service.store.write { try $0.insertUser(email: "lee@live.example", displayName: "Lee", passwordHash: "!", at: clock.now()) }
        var settings = LeagueSettings()
        settings.teamCount = 4
        settings.playoffTeams = 2
        settings.rosterSlots = [.qb: 1]
        let id = try service.leagues.createLeague(name: leagueName, settings: settings, isPublic: true, season: 2019, caller: .user(owner))
        #expect(try service.leagues.league(id, caller: .anonymous).league.followsRealTime, "a league on the season being played follows real time")
        _ = try service.draft.startDraft(id, caller: .user(owner))
        for (i, qb) in quarterbacks.enumerated() {
            let team = try service.draft.draftBoard(id, caller: .user(owner)).owner(ofPick: i + 1)
            _ = try service.draft.pickForTeam(id, expectedPick: i + 1, expectedTeam: team, player: qb, caller: .user(owner))
        }
        return id
    }

    @Test(.timeLimit(.minutes(10))) func aRefreshWithMorePlaysMovesAScoreOnAnOpenScreenWithNoKeyPressed() throws {
        let home = try TemporaryHome()
        let mirror = home.url.appendingPathComponent("mirror")
        try Self.season(upTo: 900, in: mirror)
        let secondHalf = home.url.appendingPathComponent("later")
        try Self.season(upTo: 1800, in: secondHalf)
        let server = try FileServer(root: mirror)
        let environment = ["CLUBHOUSE_TEST_NOW": ISO8601.format(Self.now), "XDG_CACHE_HOME": home.url.appendingPathComponent("cache").path]

        // The season as the mirror has it now, then the league on it.
        let dbPath = home.url.appendingPathComponent("league.sqlite").path
        let imported = try Binary.run(["season", "fetch", "2019", "--from", server.url, "--database", dbPath],
                                      environment: home.environment.merging(environment) { $1 })
        #expect(imported.status == 0, "\(imported.err)")
        _ = try Self.league(in: dbPath, at: Self.now)

        let serve = try RemoteDraftTests.Server.start(database: dbPath, home: home,
                                                      arguments: ["--refresh-season", "2019", "--every", "2s", "--from", server.url], environment: environment)
        let port = serve.port
        // A debug build seeds the demo world first.
        Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { serve.output.contains("Clubhouse league server on") }
        #expect(serve.output.contains("Refreshing the 2019 season from \(server.url) every 2s."), "\(serve.output)")

        let tmux = try Tmux(command: "\(Binary.path) --server http://127.0.0.1:\(port)", width: 160, height: 48, environment: home.environment)
        #expect(try tmux.waitFor("Public leagues (", timeout: 60).matched)
        try RemoteDraftTests.openLeague(tmux, named: Self.leagueName)
        try tmux.send("w")
        #expect(try tmux.waitForLoaded("› Week 3").matched)
        try tmux.send("Enter")
        let opened = try tmux.waitFor(timeout: 30) { $0.contains("● live") && LiveSundayTests.totals($0) != nil }
        #expect(opened.matched, "the week-3 matchup did not open live:\n\(opened.screen)")
        let first = try #require(LiveSundayTests.totals(opened.screen), "\(opened.screen)")

        // The mirror publishes the second quarter: the next refresh brings it, and the screen follows by itself.
        server.replace("/pbp/play_by_play_2019.csv.gz", with: [UInt8](try Data(contentsOf: secondHalf.appendingPathComponent("pbp/play_by_play_2019.csv.gz"))))
        let moved = try tmux.waitFor(timeout: 90) { screen in LiveSundayTests.totals(screen).map { $0 != first } ?? false }
        #expect(moved.matched, "the score stayed at \(first):\n\(moved.screen)\n\(serve.output)")
        // Log lines are written in batches (LineLog, within 20 ms), so wait for the line rather than look once.
        #expect(Wait.blockingUntil(.seconds(10), every: .milliseconds(50)) { serve.output.contains("\"event\":\"season.refresh\"") }, "the refresh logs what it did:\n\(serve.output)")
        #expect(serve.stop() == 0)
    }
}
