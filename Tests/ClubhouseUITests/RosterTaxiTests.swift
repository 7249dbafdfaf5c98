import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// A dynasty league's roster page with a taxi squad of 2: its taxi players listed under "Taxi squad"; `space` on the
/// team's own page sends the selected player there, or promotes a taxi player for good; a taxi player can't be moved
/// into the lineup (`m` says why), and a full squad, another team or a league without one say why `space` can't.
@Suite struct RosterTaxiTests {
    /// Alice's Bits in a dynasty league with `places` taxi places, its last bench player (a rookie) on the taxi squad.
    static func state(places: Int = 2, mine: Bool = true) -> RosterFeature.State {
        var s = RosterFeature.State(id: Demo.greats, team: Demo.bits)
        var roster = Demo.roster(Demo.bits)
        let last = roster.rows.lastIndex { $0.slot == .bench }!
        roster.rows[last].slot = .taxi
        s.roster = Loadable(roster)
        var d = Demo.detail(Demo.greats)
        d.league.settings.leagueType = .dynasty
        d.league.settings.taxiSlots = places
        d.capabilities = Capabilities(signedIn: true, myTeam: mine ? Demo.bits : Demo.bytes)
        s.detail = Loadable(d)
        return s
    }

    static func context() -> PageContext {
        PageContext(env: AppEnvironment(api: FakeLeague(), settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)
    }

    @Test func spaceSendsABenchPlayerToTheTaxiSquadAndPromotesATaxiPlayer() async {
        var onBench = Self.state()
        let taxi = onBench.players.firstIndex { $0.slot == .taxi }!, bench = onBench.players.firstIndex { !$0.slot.isReserve }!
        onBench.list.selected = bench
        #expect(RosterFeature.taxiLabel(onBench) == "to taxi squad")
        let store = TestStore(RosterFeature.self, onBench, context: Self.context())
        await store.send(.taxiToggled)
        store.delegated(.perform(GatedWrite(Endpoints.Rosters.moveToTaxi, At.Team(Demo.greats, Demo.bits),
                                            Wire.PlayerRef(player: onBench.players[bench].player.id))))
        store.finish()

        var onTaxi = Self.state()
        onTaxi.list.selected = taxi
        #expect(RosterFeature.taxiLabel(onTaxi) == "promote (for good)")
        #expect(RosterFeature.moveReason(onTaxi) == "He is on the taxi squad — taxi players can't be started; promote him to the roster first")
        let promoting = TestStore(RosterFeature.self, onTaxi, context: Self.context())
        await promoting.send(.moveRequested)
        await promoting.send(.taxiToggled)
        promoting.delegated(.perform(GatedWrite(Endpoints.Rosters.promoteFromTaxi, At.Team(Demo.greats, Demo.bits),
                                                Wire.PlayerRef(player: onTaxi.players[taxi].player.id))))
        promoting.finish()
    }

    @Test func aFullSquadAnotherTeamOrNoSquadSayWhyNot() async {
        var full = Self.state(places: 1)
        full.list.selected = full.players.firstIndex { !$0.slot.isReserve }
        #expect(RosterFeature.taxiReason(full) == "the taxi squad is full (1 place) — promote a player first")
        let store = TestStore(RosterFeature.self, full, context: Self.context())
        await store.send(.taxiToggled)
        store.finish()
        var other = Self.state(mine: false)
        other.list.selected = 0
        #expect(RosterFeature.taxiReason(other) == "not your team — only its manager sets its taxi squad")
        var none = Self.state(places: 0)
        none.list.selected = 0
        #expect(RosterFeature.taxiReason(none) == "this league has no taxi squad")
        #expect(!RosterFeature.keymap(none).footerHints.contains { $0.keys == "space" }, "no taxi key without a squad")
        #expect(RosterFeature.keymap(Self.state()).footerHints.contains { $0.keys == "space" && $0.label == "to taxi squad" })
    }

    @Test func theTaxiSquadIsListedUnderItsOwnRule() {
        var b = Buffer(size: Size(width: 80, height: 30))
        RosterFeature.render(Self.state(), in: Rect(x: 0, y: 0, width: 80, height: 30), buffer: &b, context: RenderContext(theme: .monochrome))
        let lines = b.text().components(separatedBy: "\n")
        let rule = lines.firstIndex { $0.contains("Taxi squad") }
        #expect(rule != nil, "\(b.text())")
        #expect(rule.map { lines[$0 + 1].contains("TX") } == true, "\(b.text())")
    }
}
