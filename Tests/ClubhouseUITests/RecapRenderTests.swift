import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The Recap page (`R` on a final week's scoreboard), headless at 80×24, 60×16 and without colour, over the fake
/// league's recap: the demo scoreboard's weeks 1–8 are final (week 8: Bits 115.4 beat Bytes, Hail Marys beat
/// Tailgaters 94.6–90.1), week 9 is still being played, and Bits benched Ekeler's 14.8 for Golladay's 0.
@Suite struct RecapRenderTests {
    /// The scoreboard of the current week (9), then `h` to week 8 and `R`.
    static func openRecap(size: Size, colorAllowed: Bool = true) async -> Harness {
        var h = await Harness.started(fake: FakeLeague(), size: size, colorAllowed: colorAllowed, now: { Demo.now })
        h.send(.open(.scoreboard(Demo.greats, week: nil)))
        await h.settle()
        h.key(.char("h")); await h.settle()
        h.key(.char("R")); await h.settle()
        h.setDetent(.full)
        return h
    }

    @Test func aWeekStillBeingPlayedHasNoRecapKeyAndAFinalWeekOpensIt() async {
        var h = await Harness.started(fake: FakeLeague(), size: Size(width: 120, height: 30), now: { Demo.now })
        h.send(.open(.scoreboard(Demo.greats, week: nil)))
        await h.settle()
        let live = ScoreboardFeature.keymap(h.state.top[ScoreboardFeature.self]!).bindings.first { $0.label == "week recap" }
        #expect(live?.keys == [.char("R")] && live?.isEnabled == false)
        #expect(live?.disabledReason == "week 9 isn't final yet")
        #expect(!Screen(h.state).footer.contains("R week recap"), "\(Screen(h.state).footer)")
        h.key(.char("R")); await h.settle()
        #expect(h.state.top.page == .scoreboard(Demo.greats, week: 9), "a disabled R opens nothing")

        h.key(.char("h")); await h.settle()
        let final = ScoreboardFeature.keymap(h.state.top[ScoreboardFeature.self]!).bindings.first { $0.label == "week recap" }
        #expect(final?.isEnabled == true)
        #expect(Screen(h.state).footer.contains("R week recap"), "\(Screen(h.state).footer)")
        h.key(.char("R")); await h.settle()
        #expect(h.state.top.page == .recap(Demo.greats, week: 8))
        #expect(Page.recap(Demo.greats, week: 8).path == [.home, .league(Demo.greats), .scoreboard(Demo.greats, week: 8), .recap(Demo.greats, week: 8)])
    }

    @Test func theRecapAt80x24NamesEveryAwardAndRanksTheTeams() async {
        var h = await Self.openRecap(size: Size(width: 80, height: 24))
        let s = Screen(h.state)
        #expect(s.inSheet("Week 8 recap · Gridiron Greats"), "\(s.text)")
        #expect(s.lines.contains { $0.contains("High") && $0.contains("Bits 115.4") }, "\(s.text)")
        #expect(s.lines.contains { $0.contains("Low") && $0.contains("Tailgaters 90.1") })
        #expect(s.lines.contains { $0.contains("Blowout") && $0.contains("Bits 115.4 – 101.2 Bytes (by 14.2)") })
        #expect(s.lines.contains { $0.contains("Closest") && $0.contains("Hail Marys 94.6 – 90.1 Tailgaters (by 4.5)") })
        #expect(s.lines.contains { $0.contains("Bench") && $0.contains("Bits left 14.8 (best 127.2, started 112.4)") })
        #expect(s.inSheet("Power rankings"))
        // All-play: Bits has had the week's best score every week (24-0), Tailgaters the worst.
        let bits = s.lines.first { $0.contains("Bits") && $0.contains("24-0") }
        #expect(bits != nil && s.lines.contains { $0.contains("Tailgaters") && $0.contains("0-24") }, "\(s.text)")
        #expect(s.brokenFrameRows.isEmpty, "\(s.text)")
        #expect(s.footer.contains("enter open matchup") && s.footer.contains("h/l"), "\(s.footer)")

        // Enter on the first ranked team opens its week-8 matchup.
        h.key(.enter); await h.settle()
        #expect(h.state.top.page == .matchup(Demo.greats, week: 8, team: Demo.bits))
    }

    @Test func hAndLStepThroughTheFinalWeeksOnly() async {
        var h = await Self.openRecap(size: Size(width: 80, height: 24))
        let next = RecapFeature.keymap(h.state.top[RecapFeature.self]!).bindings.first { $0.label == "next final week" }
        #expect(next?.isEnabled == false && next?.disabledReason == "no later week is final")
        h.key(.char("l")); await h.settle()
        #expect(h.state.top.page == .recap(Demo.greats, week: 8))
        h.key(.char("h")); await h.settle()
        #expect(h.state.top.page == .recap(Demo.greats, week: 7))
        #expect(Screen(h.state).inSheet("Week 7 recap"), "\(Screen(h.state).text)")
    }

    @Test func aWeekNotFinalSaysSoOnThePage() async {
        var h = await Harness.started(fake: FakeLeague(), size: Size(width: 80, height: 24), now: { Demo.now })
        h.send(.open(.recap(Demo.greats, week: 9)))
        await h.settle()
        h.setDetent(.full)
        #expect(Screen(h.state).text.contains("Week 9 isn't final yet"), "\(Screen(h.state).text)")
    }

    @Test func theRecapFitsAt60x16() async {
        let h = await Self.openRecap(size: Size(width: 60, height: 16))
        let s = Screen(h.state)
        #expect(s.brokenFrameRows.isEmpty, "\(s.text)")
        #expect(s.inSheet("Week 8 recap"), "\(s.text)")
        #expect(s.lines.contains { $0.contains("High") && $0.contains("Bits 115.4") }, "\(s.text)")
        #expect(s.lines.contains { $0.contains("Closest") && $0.contains("Hail Marys") }, "\(s.text)")
        #expect(s.lines.contains { $0.contains("Bits") && $0.contains("24-0") }, "a ranked team's line fits: \(s.text)")
    }

    @Test func withoutColourTheRecapStaysLegible() async {
        let h = await Self.openRecap(size: Size(width: 80, height: 24), colorAllowed: false)
        let s = Screen(h.state)
        #expect(s.firstColouredCell == nil, "colour at \(String(describing: s.firstColouredCell))")
        #expect(s.lines.contains { $0.contains("High") && $0.contains("Bits 115.4") }, "\(s.text)")
        #expect(s.lines.contains { $0.contains("Bench") && $0.contains("Bits left 14.8") })
        let selected = s.lines.firstIndex { $0.contains("Bits") && $0.contains("24-0") }
        #expect(selected.map { y in (0..<s.buffer.size.width).contains { s.buffer[$0, y].style.attributes.contains(.reverse) } } == true,
                "the selected ranking is reverse video")
    }
}
