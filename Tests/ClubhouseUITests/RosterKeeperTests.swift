import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The roster page of a keeper league's renewed season before its draft, rendered headless: last season's final roster
/// with each player's keeper cost, kept ones starred with the round they fill; `space` in the footer marks or unmarks
/// the selected player with his cost, the deadline shown; a closed deadline or a full keeper list says why it can't.
@Suite struct RosterKeeperTests {
    static let due = ISO8601.parse("2020-09-04T19:00:00Z")!

    /// Alice's Bits, renewed from 2019: McCaffrey kept (pushed to round 3), Kelce and Jones keepable at round 4 and 10.
    static func state(open: Bool = true, kept: [KeeperView] = [KeeperView(player: Demo.cmc.id, cost: KeeperCostView(round: 3), years: 1, summary: Demo.cmc)],
                      commissioner: Bool = false, selected: Int = 1) -> RosterFeature.State {
        var s = RosterFeature.State(id: Demo.greats, team: Demo.bits)
        var d = Demo.detail(Demo.greats)
        d.league.settings.leagueType = .keeper
        d.league.state = .predraft
        d.previousLeague = LeagueID(99)
        d.capabilities = Capabilities(signedIn: true, myTeam: commissioner ? Demo.bytes : Demo.bits, isCommissioner: commissioner)
        s.detail = Loadable(d)
        let candidates = [
            KeeperCandidate(player: Demo.cmc.id, cost: KeeperCostView(round: 4), years: 1, summary: Demo.cmc, refusal: nil),
            KeeperCandidate(player: Demo.kelce.id, cost: KeeperCostView(round: 4), years: 1, summary: Demo.kelce, refusal: nil),
            KeeperCandidate(player: Demo.jones.id, cost: KeeperCostView(round: 10), years: 1, summary: Demo.jones, refusal: nil),
        ]
        s.keepers = Loadable(LeagueKeepers(keeperCount: 2, deadline: due, open: open, fromSeason: 2019,
                                           teams: [TeamKeepers(team: Demo.bits, keepers: kept, candidates: candidates)]))
        s.list.selected = selected
        return s
    }

    /// The renewed season's roster is empty before its draft: once the keepers' list arrives its first player is
    /// selected, so `space` keeps someone at once (it used to find no selection and do nothing), and `k` is the list's.
    @Test func theKeepersListArrivingSelectsItsFirstPlayerAndKMovesUp() {
        var s = Self.state(kept: [])
        s.list.selected = nil
        RosterFeature.keepSelectionInList(&s)
        #expect(s.list.selected == 0)
        #expect(RosterFeature.keeperToggle(s) == GatedWrite(Endpoints.Rosters.setKeepers, At.Team(Demo.greats, Demo.bits),
                                                            Wire.KeeperPlayers(players: [Demo.cmc.id])))
        if case .list(.up)? = RosterFeature.keymap(Self.state(selected: 2)).action(for: .char("k")) {} else { Issue.record("k doesn't move up") }
        if case .keeperToggled? = RosterFeature.keymap(Self.state()).action(for: .char(" ")) {} else { Issue.record("space doesn't keep") }
    }

    static func screen(_ s: RosterFeature.State) -> String {
        var b = Buffer(size: Size(width: 80, height: 10))
        RosterFeature.render(s, in: Rect(x: 0, y: 0, width: 80, height: 10), buffer: &b, context: RenderContext(theme: .monochrome))
        return b.text()
    }

    static func footer(_ s: RosterFeature.State) -> [KeyHint] { RosterFeature.keymap(s).footerHints.filter { $0.keys == "space" } }

    @Test func lastSeasonsRosterShowsEachPlayersCostAndTheKeepersStarred() {
        let text = Self.screen(Self.state())
        #expect(text.contains("1 of 2 from 2019"), "\(text)")
        #expect(text.contains(Format.day(Self.due)), "the deadline is shown:\n\(text)")
        let lines = text.components(separatedBy: "\n")
        let cmc = lines.first { $0.contains("Christian McCaffrey") } ?? "", kelce = lines.first { $0.contains("Travis Kelce") } ?? ""
        #expect(cmc.contains("★") && cmc.contains("round 3"), "kept, in the round he fills:\n\(text)")
        #expect(!kelce.contains("★") && kelce.contains("round 4"), "keepable at his cost:\n\(text)")
        #expect(text.contains("Aaron Jones") && text.contains("round 10"))
    }

    @Test func kInTheFooterMarksTheSelectedPlayerWithHisCost() {
        let s = Self.state()
        #expect(Self.footer(s) == [KeyHint(keys: "space", label: "keep · round 4", enabled: true)])
        #expect(RosterFeature.keeperToggle(s) == GatedWrite(Endpoints.Rosters.setKeepers, At.Team(Demo.greats, Demo.bits),
                                                            Wire.KeeperPlayers(players: [Demo.cmc.id, Demo.kelce.id])),
                "the new keeper is declared after the one kept")
        let onKept = Self.state(selected: 0)
        #expect(Self.footer(onKept) == [KeyHint(keys: "space", label: "unkeep (round 3)", enabled: true)])
        #expect(RosterFeature.keeperToggle(onKept) == GatedWrite(Endpoints.Rosters.setKeepers, At.Team(Demo.greats, Demo.bits),
                                                                 Wire.KeeperPlayers(players: [])))
    }

    @Test func aClosedDeadlineOrAFullListSaysWhyNot() {
        let closed = Self.state(open: false)
        #expect(Self.footer(closed).first?.enabled == false)
        #expect(RosterFeature.keeperReason(closed) == "keepers were due \(Format.day(Self.due)) — only the commissioner can set them now")
        #expect(Self.screen(closed).contains("(closed)"))
        #expect(RosterFeature.keeperReason(Self.state(open: false, commissioner: true)) == nil, "the commissioner sets keepers after the deadline")
        let full = Self.state(kept: [KeeperView(player: Demo.cmc.id, cost: KeeperCostView(round: 3), years: 1, summary: Demo.cmc),
                                     KeeperView(player: Demo.jones.id, cost: KeeperCostView(round: 10), years: 1, summary: Demo.jones)])
        #expect(RosterFeature.keeperReason(full) == "already keeping 2 — the most a team keeps; unmark one first")
        #expect(RosterFeature.keeperToggle(full) == nil)
    }

    /// An auction keeper league ($50 budgets, five spots): costs are prices, the budget the keepers take is said, and
    /// `k` says why a keeper the budget can't pay for can't be marked.
    static func auction(kept: [KeeperView]) -> RosterFeature.State {
        var s = state(kept: kept)
        var d = s.detail.value!
        d.league.settings.draftType = .auction; d.league.settings.keeperCost = .auction; d.league.settings.auctionBudget = 50
        d.league.settings.rosterSlots = [.qb: 1, .rb: 1, .wr: 1, .te: 0, .flex: 0, .k: 0, .def: 0, .bench: 2, .ir: 0]
        s.detail = Loadable(d)
        let prices = [Demo.cmc.id: 28, Demo.kelce.id: 6, Demo.jones.id: 21]
        var k = s.keepers.value!
        k.teams[0].candidates = k.teams[0].candidates.map { var c = $0; c.cost = KeeperCostView(price: prices[c.player]!); return c }
        s.keepers = Loadable(k)
        return s
    }

    @Test func anAuctionLeaguesKeepersCostAPriceOutOfTheBudget() {
        let s = Self.auction(kept: [KeeperView(player: Demo.cmc.id, cost: KeeperCostView(price: 28), years: 1, summary: Demo.cmc)])
        let text = Self.screen(s)
        let lines = text.components(separatedBy: "\n")
        let cmc = lines.first { $0.contains("Christian McCaffrey") } ?? "", kelce = lines.first { $0.contains("Travis Kelce") } ?? ""
        #expect(cmc.contains("★") && cmc.contains("$28") && !cmc.contains("round"), "kept at his price:\n\(text)")
        #expect(!kelce.contains("★") && kelce.contains("$6"), "keepable at his price:\n\(text)")
        #expect(text.contains("$28 of $50 kept"), "the budget the keepers take:\n\(text)")
        #expect(Self.footer(s) == [KeyHint(keys: "space", label: "keep · $6", enabled: true)])
        #expect(Self.footer(Self.auction(kept: s.keepers.value!.teams[0].keepers).selecting(0)) == [KeyHint(keys: "space", label: "unkeep ($28)", enabled: true)])
        // $28 + $21 = $49, but two keepers leave three spots to buy at $1 at least: $47 at most.
        let tooDear = Self.auction(kept: s.keepers.value!.teams[0].keepers).selecting(2)
        #expect(RosterFeature.keeperReason(tooDear) == "keeping him makes $49 — the budget leaves $47 for 2 keepers ($1 stays for each other spot)")
        #expect(Self.footer(tooDear).first?.enabled == false && RosterFeature.keeperToggle(tooDear) == nil)
    }
}

extension RosterFeature.State {
    func selecting(_ row: Int) -> Self { var s = self; s.list.selected = row; return s }
}
