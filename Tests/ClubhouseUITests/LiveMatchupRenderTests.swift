import Foundation
import Testing
import ClubhouseData
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The live matchup page and the board's score-over-time chart, over the real embedded API and the seeded demo
/// world: Gridiron Greats stands at Sunday 3 Nov 2019 20:00 UTC, two hours into week 9's early games.
@Suite(.serialized) struct LiveMatchupRenderTests {
    static let greats = LeagueID(1), bits = TeamID(1)

    static func harness(_ size: Size) throws -> (Harness, URL) {
        let (api, dir) = try DemoWorldSmokeTests.world()
        var h = Harness(size: size)
        h = Harness(state: h.state, api: api)
        h.followEvents = false
        return (h, dir)
    }

    static func isBraille(_ c: Character) -> Bool { c.unicodeScalars.allSatisfy { (0x2801...0x28FF).contains($0.value) } }

    func open(_ size: Size) async throws -> (Screen, URL) {
        var (h, dir) = try Self.harness(size)
        h.send(.started)
        await h.settle()
        h.send(.deepLink(.matchup(Self.greats, week: 9, team: Self.bits)))
        await h.settle()
        return (Screen(h.state), dir)
    }

    @Test func theLiveMatchupAt160x48ShowsGameStatesProjectionsTheFeedAndTheChart() async throws {
        let (s, dir) = try await open(Size(width: 160, height: 48))
        defer { try? FileManager.default.removeItem(at: dir) }
        print(s.text)
        #expect(s.inSheet("Week 9 · ● live"), "\(s.text)")
        #expect(s.inSheet("proj "), "\(s.text)")
        // Every starter's game state: the 1 pm games are in the third quarter; Thursday's is final; later ones not started.
        #expect(s.inSheet("Q3 8:20"), "\(s.text)")          // 20:00 is 2 h into a 18:00 kickoff: Q3 8:20
        #expect(s.inSheet("not started"), "\(s.text)")
        #expect(s.inSheet("final") || s.inSheet("bye"), "\(s.text)")
        #expect(s.inSheet("Scoring plays"), "\(s.text)")
        let feed = s.lines.filter { $0.contains("◀ +") || $0.contains("▶ +") || $0.contains("◀ -") || $0.contains("▶ -") }
        #expect(!feed.isEmpty && feed.allSatisfy { $0.contains(" · Q") }, "\(s.text)")
        // The board: both sides' score over the week in braille, the clock marked, each side's projected finish.
        let boardLines = s.lines[s.layout.board.y..<s.layout.sheet.y]
        #expect(boardLines.joined().contains { Self.isBraille($0) }, "\(s.text)")
        #expect(s.inBoard("▲ Sun 20:00"), "\(s.text)")
        #expect(s.inBoard("→"), "\(s.text)")
        #expect(s.inBoard("Live"), "standings' live column\n\(s.text)")
    }

    @Test func theLiveMatchupAt80x24FitsStatesAndTheChart() async throws {
        let (s, dir) = try await open(Size(width: 80, height: 24))
        defer { try? FileManager.default.removeItem(at: dir) }
        print(s.text)
        #expect(s.inSheet("● live"), "\(s.text)")
        #expect(s.inSheet("Q3 8:20"), "\(s.text)")
        #expect(s.inSheet("not started"), "\(s.text)")
        #expect(s.inSheet("proj "), "\(s.text)")
        let boardLines = s.lines[s.layout.board.y..<s.layout.sheet.y]
        #expect(boardLines.joined().contains { Self.isBraille($0) }, "\(s.text)")
        // Nothing overflows the frame.
        #expect(s.brokenFrameRows.isEmpty, "\(s.text)")
    }
}
