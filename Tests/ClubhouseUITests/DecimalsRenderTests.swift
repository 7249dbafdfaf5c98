import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The league's `decimals` on the pages beyond the scores' own: the week's recap, the history, the draft recap and the
/// free agents, headless at 120×30. The fake Gridiron Greats answers its settings with 0, 1 or 2 decimals (none: one,
/// as before the setting); each number checked is the page's own data shown that way.
@Suite struct DecimalsRenderTests {
    static func opened(_ page: Page, decimals: Int?, history: Bool = false) async -> Harness {
        let fake = FakeLeague()
        var settings = Demo.settings(10)
        settings.decimals = decimals
        await fake.setSettings(settings, for: Demo.greats)
        if history {
            await fake.editCommish {
                $0.nextLeagues[Demo.greats] = Demo.couch; $0.states[Demo.greats] = .complete
                $0.histories[Demo.greats] = HistoryRenderTests.history; $0.histories[Demo.couch] = HistoryRenderTests.history
            }
        }
        var h = await Harness.started(fake: fake, size: Size(width: 120, height: 30), now: { Demo.now })
        h.send(.open(.league(Demo.greats)))
        await h.settle()
        h.send(.open(page))
        await h.settle()
        h.setDetent(.full)
        return h
    }

    @Test func theRecapShowsTheLeaguesDecimals() async {
        for d in [2, 0, nil] as [Int?] {
            let h = await Self.opened(.recap(Demo.greats, week: 8), decimals: d)
            let r = h.state.top[RecapFeature.self]?.recap.value?.recap
            let s = Screen(h.state)
            let high = r.map { "Bits \($0.highScore.points.shown(d)) " }, margin = r?.closestGame?.first.map { "(by \($0.margin.shown(d)))" }
            #expect(high != nil && s.lines.contains { $0.contains("High") && ($0 + " ").contains(high!) }, "\(String(describing: d)): \(s.text)")
            #expect(margin != nil && s.lines.contains { $0.contains("Closest") && $0.contains(margin!) }, "\(String(describing: d)): \(s.text)")
        }
    }

    @Test func theHistoryShowsTheLeaguesDecimals() async {
        // The newest season shows first.
        let bits = HistoryRenderTests.history.seasons[1].standings[1].pointsFor
        for d in [0, 2] {
            var h = await Self.opened(.history(Demo.greats), decimals: d, history: true)
            h.keyIgnored(.char("1"))   // the seasons' tab is the one open
            let s = Screen(h.state)
            #expect(s.lines.contains { $0.contains("Bits") && ($0.contains(" \(bits.shown(d)) ") || $0.hasSuffix(" \(bits.shown(d))")) }, "\(d): \(s.text)")
        }
    }

    @Test func theDraftRecapShowsTheLeaguesDecimals() async {
        for d in [0, 2] {
            let h = await Self.opened(.draftRecap(Demo.greats), decimals: d)
            let recap = h.state.top[DraftRecapFeature.self]?.recap.value
            let team = recap?.teams.first
            let s = Screen(h.state)
            #expect(team != nil && s.lines.contains { $0.contains(team!.team.name) && $0.contains(" \(team!.value.shown(d)) ") }, "\(d): \(s.text)")
        }
    }

    @Test func theFreeAgentsShowTheLeaguesDecimals() async {
        for d in [0, 2] {
            let h = await Self.opened(.freeAgents(Demo.greats), decimals: d)
            let first = h.state.top[FreeAgentsFeature.self]?.visible.first
            let s = Screen(h.state)
            #expect(first != nil && s.lines.contains { $0.contains(first!.player.name) && $0.contains(" \(first!.seasonPoints.shown(d)) ") }, "\(d): \(s.text)")
        }
    }
}
