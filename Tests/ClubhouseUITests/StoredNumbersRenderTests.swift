import Foundation
import Testing
import ClubhouseData
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// Every stored value renders. Rows an older version or a hand edit left absurd — written here with raw SQL —
/// open as pages: the league says it needs its commissioner, dates far out of range show as dates, nothing traps.
@Suite(.serialized) struct StoredNumbersRenderTests {
    static func poisonedWorld() throws -> (EmbeddedLeagueAPI, Database, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-ui-numbers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("league.sqlite").path
        let db = try Database.open(at: DatabaseLocation(path: path)).database
        _ = try DemoWorld.seedIfNeeded(db, now: Demo.now)
        // Settings no write accepts: weeks near Int.max, a bench of Int.max, a stat worth Int.max hundredths.
        let settings = try #require(try db.scalar("SELECT settings FROM leagues WHERE name = 'Champions Circle'", as: String.self))
        var json = try #require(try JSONSerialization.jsonObject(with: Data(settings.utf8)) as? [String: Any])
        json["regularSeasonWeeks"] = [1, Int.max - 1]
        var slots = try #require(json["rosterSlots"] as? [String: Any])
        slots["BN"] = Int.max
        json["rosterSlots"] = slots
        let text = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        try db.run("UPDATE leagues SET settings = ? WHERE name = 'Champions Circle'", [text])
        // A season clock and dates of 1e300 s; a draft row whose numbers overflow.
        try db.run("UPDATE leagues SET clock = 1e300, draft_scheduled_at = 1e300 WHERE name = 'Playoff Push'")
        try db.run("UPDATE leagues SET draft_scheduled_at = 1e300 WHERE name = 'Sunday Funday'")
        try db.run("""
            UPDATE drafts SET deadline = 1e300, rounds = 9223372036854775807, pick_clock_seconds = 9223372036854775807
            WHERE league_id = (SELECT id FROM leagues WHERE name = 'Bot Bowl Live')
            """)
        let service = LeagueService(store: SQLiteLeagueStore(database: db), clock: ManualClock(Demo.now))
        return (EmbeddedLeagueAPI(service: service, databasePath: path), db, dir)
    }

    func open(_ name: String, _ h: inout Harness, leagues: [LeagueSummary]) async throws -> Screen {
        let league = try #require(leagues.first { $0.name == name }, "\(name) is listed")
        h.send(.open(.league(league.id)))
        await h.settle()
        return Screen(h.state)
    }

    @Test func theLeaguePagesOfAbsurdRowsRenderAndSayWhatNeedsTheCommissioner() async throws {
        let (api, db, dir) = try Self.poisonedWorld()
        _ = db
        defer { try? FileManager.default.removeItem(at: dir) }
        var h = Harness(size: Size(width: 160, height: 40))
        h = Harness(state: h.state, api: api)
        h.followEvents = false
        h.send(.started)
        await h.settle()
        let leagues = try #require(h.state.top[HomeFeature.self]?.publicLeagues.value, "Home lists the public leagues, the absurd ones too")
        #expect(leagues.count >= 6)

        var s = try await open("Champions Circle", &h, leagues: leagues)
        // The first thing wrong is said (the bench); the commissioner's repair is checked as a whole.
        #expect(s.text.contains("This league's settings need the commissioner: The bench takes 0–20 players (not 9223372036854775807)"),
                "\(s.text)")
        #expect(!s.text.contains("✖"), "\(s.text)")
        h.key(.escape); await h.settle()

        s = try await open("Playoff Push", &h, leagues: leagues)
        #expect(s.text.contains("This league's season clock needs the commissioner"), "\(s.text)")
        h.key(.escape); await h.settle()

        // The crash: a draft date of 1e300 on a pre-draft league's page (`Format.relative`).
        s = try await open("Sunday Funday", &h, leagues: leagues)
        #expect(s.text.contains("in over 100 years"), "\(s.text)")
        h.key(.escape); await h.settle()

        // A draft row with a deadline of 1e300 and Int.max rounds: the room and its board draw.
        s = try await open("Bot Bowl Live", &h, leagues: leagues)
        h.key(.char("d"))
        await h.settle()
        s = Screen(h.state)
        #expect(s.text.contains("99:59") || s.text.contains("soft timer"), "\(s.text)")
        #expect(!s.text.contains("✖"), "\(s.text)")
    }

    /// A stored clock of 1e300: the commissioner's Season clock tab offers the repair, back before the opener.
    @Test func aClockOutsideItsSeasonIsOfferedOneStepBack() throws {
        var league = League(id: LeagueID(1), name: "L", isPublic: true, commissioner: nil, settings: LeagueSettings(), state: .inSeason,
                            clock: Date(timeIntervalSince1970: 1e300), createdAt: Demo.now)
        league = league.checkedAfterReading()
        let detail = LeagueDetail(league: league, teams: [], currentWeek: 17, commissionerName: nil, champion: nil, capabilities: .signedOut)
        let steps = CommissionerInputs.clockSteps(detail)
        #expect(steps.map(\.label) == ["Set the clock back to before the season"])
        let to = try #require(steps.first?.to)
        #expect(ISO8601.format(to) == "2019-08-22T12:00:00Z")
        try league.checkClockTarget(to, calendar: SeasonCalendar(games: []))
        #expect(CommissionerInputs.preview(detail, to: to).hasSuffix("(nothing is processed on the way)?"))
    }

    @Test func everyDateFormatterTakesAnyStoredDate() {
        for t in [1e300, -1e300, .nan, .infinity, -.infinity, 9.3e18, -9.3e18] {
            let d = Date(timeIntervalSince1970: t)
            #expect(!Format.day(d).isEmpty && !Format.weekdayTime(d).isEmpty)
            #expect(!Format.relative(d, leagueClock: Demo.now).isEmpty && !Format.relative(d, realNow: Demo.now).isEmpty)
        }
        #expect(Format.relative(seconds: 1e300) == "in over 100 years" && Format.relative(seconds: -1e300) == "over 100 years ago")
        #expect(Format.relative(seconds: .nan) == "—")
        #expect(Format.relative(seconds: 7 * 86_400) == "in 7 days", "ordinary spans read as before")
        #expect(Format.day(Date(timeIntervalSince1970: 1e300)) == "Fri Dec 31", "the last day a calendar writes")
        var draft = Draft(leagueID: LeagueID(1), status: .running, order: [TeamID(1)], rounds: 1, type: .snake, pickClockSeconds: 60,
                          deadline: Date(timeIntervalSince1970: 1e300))
        #expect(DraftRoomFeature.countdown(draft, now: Demo.now)?.text == "99:59")
        draft.deadline = Date(timeIntervalSince1970: -1e300)
        #expect(DraftRoomFeature.countdown(draft, now: Demo.now)?.text == "0:00")
    }
}
