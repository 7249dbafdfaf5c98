import Foundation
import Testing
import ClubhouseData
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The browsing app over the real embedded API and the seeded 2019 demo world: every page a person
/// reaches from Home renders its content, with no error shown.
@Suite(.serialized) struct DemoWorldSmokeTests {
    static func world() throws -> (EmbeddedLeagueAPI, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-ui-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("league.sqlite").path
        let db = try Database.open(at: DatabaseLocation(path: path)).database
        _ = try DemoWorld.seedIfNeeded(db, now: Demo.now)
        let service = LeagueService(store: SQLiteLeagueStore(database: db), clock: ManualClock(Demo.now))
        return (EmbeddedLeagueAPI(service: service, databasePath: path), dir)
    }

    @Test func browsingTheDemoWorld() async throws {
        let (api, dir) = try Self.world()
        defer { try? FileManager.default.removeItem(at: dir) }
        var h = Harness(size: Size(width: 120, height: 40))
        h = Harness(state: h.state, api: api)
        h.followEvents = false          // the embedded event stream stays open for live updates
        h.send(.started)
        await h.settle()
        var s = Screen(h.state)
        #expect(s.sheetHeader.contains("Home"))
        #expect(!s.text.contains("✖"), "\(s.text)")
        guard let home = h.state.top[HomeFeature.self], let leagues = home.publicLeagues.value, !leagues.isEmpty else {
            Issue.record("no public leagues in the demo world\n\(s.text)"); return
        }
        // Open the first league that has been drafted, and walk its pages.
        let league = leagues.first { $0.state == .inSeason || $0.state == .playoffs || $0.state == .complete } ?? leagues[0]
        h.send(.open(.league(league.id)))
        await h.settle()
        s = Screen(h.state)
        #expect(s.inSheet(league.name), "\(s.text)")
        for key: Character in ["s", "w", "f", "d", "c", "e"] {
            h.key(.char(key))
            await h.settle()
            s = Screen(h.state)
            #expect(h.state.pages.count == 3, "key \(key) opened a page")
            #expect(!s.text.contains("✖"), "page for \(key) shows an error\n\(s.text)")
            #expect(!s.text.contains("Loading"), "page for \(key) still loading\n\(s.text)")
            if key == "w" {
                h.key(.enter)                 // the first matchup
                await h.settle()
                s = Screen(h.state)
                #expect(s.sheetHeader.contains(" vs "), "\(s.text)")
                h.key(.enter)                 // its first player
                await h.settle()
                s = Screen(h.state)
                #expect(s.inSheet("Season"), "\(s.text)")
                #expect(!s.text.contains("✖"), "\(s.text)")
                h.key(.escape); h.key(.escape)
            }
            h.key(.escape)
        }
    }
}
