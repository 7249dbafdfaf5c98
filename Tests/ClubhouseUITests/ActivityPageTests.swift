import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The Activity page (`a` on a league) and the board's newest line, headless at 80×24, 60×16 and without colour, and
/// the reducer's "since you last looked" mark: Gridiron Greats' feed holds a draft pick, a drop, an add with a drop, a
/// waiver claim won for $7 and an executed trade; the person last looked after the drop (line 11).
@Suite struct ActivityPageTests {
    static let at = Demo.now
    static func line(_ id: Int64, _ kind: ActivityKind, _ event: LeagueEvent.Kind, _ text: String, _ details: [String] = [],
                     minutesAgo: Int) -> ActivityLine {
        ActivityLine(id: id, at: at.addingTimeInterval(Double(-60 * minutesAgo)), kind: kind, event: event, text: text, details: details, teams: [Demo.bits])
    }

    static let lines: [ActivityLine] = [
        line(14, .trades, .tradeExecuted, "Trade executed: Bits and Bytes", ["Bits gets Travis Kelce (TE KC)", "Bytes gets Cooper Kupp (WR LAR)"], minutesAgo: 5),
        line(13, .waivers, .waiversProcessed, "Waivers: 1 claim awarded", ["Bits claimed Raheem Mostert (RB SF) for $7, dropped Julio Jones (WR ATL)"],
             minutesAgo: 60),
        line(12, .moves, .playerAdded, "Bits added Kenny Golladay (WR DET), dropped Harrison Butker (K KC)", minutesAgo: 120),
        line(11, .moves, .playerDropped, "Bytes dropped Raheem Mostert (RB SF)", minutesAgo: 180),
        line(3, .draft, .pickMade, "Pick 1: Bits took Christian McCaffrey (RB CAR)", minutesAgo: 60 * 24 * 60),
    ]

    static func onLeague(size: Size, colorAllowed: Bool = true, seen: Int64? = 11) async -> Harness {
        let fake = FakeLeague()
        await fake.setActivity(Demo.greats, lines)
        var settings = UserSettings()
        if let seen { settings.activitySeen[String(Demo.greats.rawValue)] = seen }
        var h = Harness(fake: fake, size: size, colorAllowed: colorAllowed, settings: settings)
        h.send(.started)
        await h.settle()
        h.send(.open(.league(Demo.greats)))
        await h.settle()
        return h
    }

    static func openActivity(size: Size, colorAllowed: Bool = true, seen: Int64? = 11) async -> Harness {
        var h = await onLeague(size: size, colorAllowed: colorAllowed, seen: seen)
        h.key(.char("a")); await h.settle()
        h.setDetent(.full)
        return h
    }

    @Test func at80x24TheFeedShowsNewestFirstWithWhatCameSinceTheLastLook() async {
        let h = await Self.openActivity(size: Size(width: 80, height: 24))
        #expect(h.state.top.page == .activity(Demo.greats))
        let s = Screen(h.state)
        #expect(s.inSheet("All kinds · 3 new since you last looked"), "\(s.text)")
        let rows = s.lines
        let trade = rows.firstIndex { $0.contains("Trade executed: Bits and Bytes") }, pick = rows.firstIndex { $0.contains("Pick 1: Bits took") }
        #expect(trade != nil && pick != nil && trade! < pick!, "newest first: \(s.text)")
        #expect(rows.contains { $0.contains("•") && $0.contains("Waiver") && $0.contains("Waivers: 1 claim awarded") })
        #expect(rows.contains { $0.contains("Bytes dropped Raheem Mostert") && !$0.contains("•") }, "seen before: no mark")
        #expect(s.inSheet("Bits gets Travis Kelce (TE KC)"), "the selected line in full below the list: \(s.text)")
        #expect(s.footer.contains("f kind: adds & drops"), "\(s.footer)")
        #expect(s.brokenFrameRows.isEmpty, "\(s.text)")
        // The page told the settings it saw up to line 14: the next visit starts from there.
        #expect(h.state.settings.activitySeen[String(Demo.greats.rawValue)] == 14)
    }

    @Test func theLeaguePageOpensItWithA() async {
        let h = await Self.onLeague(size: Size(width: 200, height: 60))
        let s = Screen(h.state)
        #expect(s.footer.contains("a activity"), "\(s.footer)")
        let key = LeagueFeature.keymap(h.state.top[LeagueFeature.self]!).bindings.filter { $0.keys.contains(.char("a")) }
        #expect(key.count == 1 && key.first?.label == "activity", "one binding on a")
    }

    @Test func theFilterStepsThroughTheKinds() async {
        var h = await Self.openActivity(size: Size(width: 80, height: 24))
        h.key(.char("f")); await h.settle()
        var s = Screen(h.state)
        #expect(s.inSheet("Adds & drops · 1 new since you last looked"), "\(s.text)")
        #expect(!s.text.contains("Trade executed") && s.text.contains("Bits added Kenny Golladay"))
        h.key(.char("2")); await h.settle()
        s = Screen(h.state)
        #expect(s.inSheet("Waivers · 1 new since you last looked") && s.text.contains("for $7"), "\(s.text)")
        h.key(.char("4")); await h.settle()
        #expect(Screen(h.state).inSheet("No keepers in this league yet."), "\(Screen(h.state).text)")
        h.key(.char("0")); await h.settle()
        #expect(Screen(h.state).inSheet("All kinds · 3 new since you last looked"))
    }

    @Test func at60x16ItFits() async {
        var h = await Self.openActivity(size: Size(width: 60, height: 16))
        let s = Screen(h.state)
        #expect(s.inSheet("3 new since you last looked"), "\(s.text)")
        #expect(s.lines.contains { $0.contains("Trade") && $0.contains("Trade executed") }, "\(s.text)")
        #expect(s.brokenFrameRows.isEmpty, "\(s.text)")
        h.key(.char("G"))
        #expect(Screen(h.state).brokenFrameRows.isEmpty)
        #expect(Screen(h.state).inSheet("Pick 1: Bits took Christian McCaffrey (RB CAR)"), "\(Screen(h.state).text)")
    }

    @Test func withoutColourTheMarkStillReads() async {
        let h = await Self.openActivity(size: Size(width: 80, height: 24), colorAllowed: false)
        let s = Screen(h.state)
        #expect(s.firstColouredCell == nil, "colour at \(String(describing: s.firstColouredCell))")
        #expect(s.lines.filter { $0.contains("•") }.count == 3, "the mark is a character, not a colour: \(s.text)")
    }

    @Test func theBoardsLeagueStripShowsTheNewestLine() async {
        let h = await Self.onLeague(size: Size(width: 120, height: 40))
        #expect(Screen(h.state).inBoard("Latest: Trade executed: Bits and Bytes"), "\(Screen(h.state).text)")
    }

    // MARK: - The mark, in the reducer

    static func context() -> PageContext {
        PageContext(env: AppEnvironment(api: FakeLeague(), settings: InMemorySettingsStore(), now: { Demo.now }, sleep: { _ in }), viewport: 10)
    }

    @Test func theMarkStaysForTheVisitAndTheSettingsMoveOn() {
        let context = Self.context()
        var state = ActivityFeature.State(id: Demo.greats, seen: 11)
        var t = state.feed.begin()
        var fx = ActivityFeature.reduce(into: &state, action: .feedLoaded(t, .success(ActivityFeed(lines: Self.lines, before: nil, newest: 14))),
                                        context: context)
        #expect(fx.delegated == [.activitySeen(Demo.greats, 14)], "the settings keep the newest line shown")
        #expect(state.lines.filter(state.isNew).map(\.id) == [14, 13, 12], "new: after line 11")
        #expect(state.seen == 11 && state.told == 14)

        // A live line arrives: it is new too, the visit's mark stays, the settings move on once more.
        let live = Self.line(15, .moves, .playerDropped, "Bits dropped Julio Jones (WR ATL)", minutesAgo: 0)
        t = state.feed.beginRefresh()
        fx = ActivityFeature.reduce(into: &state, action: .feedLoaded(t, .success(ActivityFeed(lines: [live] + Self.lines, before: nil, newest: 15))),
                                    context: context)
        #expect(fx.delegated == [.activitySeen(Demo.greats, 15)])
        #expect(state.newCount == 4 && state.seen == 11)

        // The same feed again tells nothing; a filtered page tells the whole feed's newest line, never an older one.
        t = state.feed.beginRefresh()
        fx = ActivityFeature.reduce(into: &state, action: .feedLoaded(t, .success(ActivityFeed(lines: [live] + Self.lines, before: nil, newest: 15))),
                                    context: context)
        #expect(fx.delegated.isEmpty)

        // Next visit: the page opens from the settings' mark, so nothing is new.
        var next = ActivityFeature.State(id: Demo.greats, seen: 15)
        t = next.feed.begin()
        fx = ActivityFeature.reduce(into: &next, action: .feedLoaded(t, .success(ActivityFeed(lines: [live] + Self.lines, before: nil, newest: 15))),
                                    context: context)
        #expect(fx.delegated.isEmpty && next.newCount == 0)
        #expect(ActivityFeature.header(next) == "All kinds · nothing new since you last looked")

        // Never looked: everything is new.
        var first = ActivityFeature.State(id: Demo.greats)
        t = first.feed.begin()
        fx = ActivityFeature.reduce(into: &first, action: .feedLoaded(t, .success(ActivityFeed(lines: Self.lines, before: nil, newest: 14))), context: context)
        #expect(first.newCount == Self.lines.count && fx.delegated == [.activitySeen(Demo.greats, 14)])
    }

    /// Live events of the feed's kinds reload it in place; chat and clock moves don't.
    @Test func itReloadsAfterTheFeedsOwnEventsOnly() {
        let after = ActivityFeature.live(ActivityFeature.State(id: Demo.greats)).after
        for kind: LeagueEvent.Kind in [.pickMade, .playerAdded, .waiversProcessed, .tradeExecuted, .keepersSet, .seasonUpdated] {
            if case .liveRefreshed? = after?([kind]) {} else { Issue.record("\(kind) should reload the feed") }
        }
        for kind: LeagueEvent.Kind in [.chat, .chatReacted, .clockAdvanced, .lineupChanged, .queueChanged] {
            #expect(after?([kind]) == nil, "\(kind) is not in the feed")
        }
    }

    @Test func theShellKeepsTheMarkAndNeverMovesItBack() async throws {
        var h = Harness()
        h.send(.activitySeen(Demo.greats, 20))
        #expect(h.state.settings.activitySeen["1"] == 20)
        h.send(.activitySeen(Demo.greats, 12))
        #expect(h.state.settings.activitySeen["1"] == 20, "never back")
        // The Settings page's older copy doesn't lose it.
        h.send(.settingsChanged(UserSettings(theme: .dark)))
        #expect(h.state.settings.activitySeen["1"] == 20 && h.state.settings.theme == .dark)
        await h.settle()
        #expect(try h.store.load()?.activitySeen["1"] == 20, "saved")
    }
}
