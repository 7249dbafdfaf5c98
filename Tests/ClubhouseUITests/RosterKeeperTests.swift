import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The roster page of a keeper league's renewed season before its draft, rendered headless: last season's final roster
/// with each player's keeper cost, kept ones starred with the round they fill; `k` in the footer marks or unmarks the
/// selected player with his cost, the deadline shown; a closed deadline or a full keeper list says why `k` can't.
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

    static func screen(_ s: RosterFeature.State) -> String {
        var b = Buffer(size: Size(width: 80, height: 10))
        RosterFeature.render(s, in: Rect(x: 0, y: 0, width: 80, height: 10), buffer: &b, context: RenderContext(theme: .monochrome))
        return b.text()
    }

    static func footer(_ s: RosterFeature.State) -> [KeyHint] { RosterFeature.keymap(s).footerHints.filter { $0.keys == "k" } }

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
        #expect(Self.footer(s) == [KeyHint(keys: "k", label: "keep · round 4", enabled: true)])
        #expect(RosterFeature.keeperToggle(s) == GatedWrite(Endpoints.Rosters.setKeepers, At.Team(Demo.greats, Demo.bits),
                                                            Wire.KeeperPlayers(players: [Demo.cmc.id, Demo.kelce.id])),
                "the new keeper is declared after the one kept")
        let onKept = Self.state(selected: 0)
        #expect(Self.footer(onKept) == [KeyHint(keys: "k", label: "unkeep (round 3)", enabled: true)])
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
}
