import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// A player's injury status for the week is a short tag beside his name — Q, D, O, IR — in text, so it reads with
/// NO_COLOR too: on the roster, in the lineup chooser, on the player's page; an unlocked starter who is out is in
/// Home's Needs attention.
@Suite struct InjuryTagRenderTests {
    /// Bits with McCaffrey questionable (a starter), the hurt receiver out and Ekeler on the reserve list (IR).
    static var roster: TeamRoster {
        var r = TeamWorld.bits
        for i in r.rows.indices {
            if r.rows[i].player.id == Demo.cmc.id { r.rows[i].player.injury = .questionable }
            if r.rows[i].player.id == Demo.ekeler.id { r.rows[i].player.injury = .injuredReserve }
        }
        return r
    }

    @Test func theRosterShowsEachTagInTheInjuryColumnWithoutColour() async throws {
        let h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits), roster: Self.roster, colorAllowed: false)
        let lines = Screen(h.state).lines
        func line(_ name: String) throws -> String { try #require(lines.first { $0.contains(name) }, "\(name) not shown") }
        let hurt = try line("Hurt Receiver"), cmc = try line("Christian McCaffrey"), ekeler = try line("Austin Ekeler"), jones = try line("Aaron Jones")
        #expect(hurt.contains("NYG  11 O   "), "\(hurt)")
        #expect(cmc.contains("CAR   7 Q   "), "\(cmc)")
        #expect(ekeler.contains("LAC  12 IR  "), "\(ekeler)")
        #expect(jones.contains("GB   11     "), "healthy, no tag: \(jones)")
    }

    @Test func theLineupChooserNamesEachPlayerWithHisTag() async throws {
        var h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits), roster: Self.roster, colorAllowed: false)
        LineupTests.select("Aaron Jones", &h)
        h.key(.char("m"))
        await h.settle()
        let screen = Screen(h.state)
        #expect(screen.inSheet("RB ⇄ Christian McCaffrey Q"), "\(screen.text)")
        h.key(.escape)
        await h.settle()
        LineupTests.select("Hurt Receiver", &h)
        h.key(.char("m"))
        await h.settle()
        #expect(Screen(h.state).inSheet("Move Hurt Receiver O (BN) to:"), "\(Screen(h.state).text)")
        #expect(Screen(h.state).inSheet("Move to IR"), "out: the IR slot takes him")
    }

    @Test func thePlayersPageShowsTheTagAndWhatTheReportSays() async throws {
        var h = await Harness.started(size: Size(width: 100, height: 24), colorAllowed: false)
        h.send(.open(.player(Demo.mahomes.id, league: Demo.greats)))
        await h.settle()
        h.setDetent(.full)
        let screen = Screen(h.state)
        #expect(screen.inSheet("Patrick Mahomes · QB · KC team (KC) · bye 12 · Q"), "\(screen.text)")
        #expect(screen.inSheet("Week 9: Questionable — Ankle"), "\(screen.text)")
    }

    @Test func anUnlockedStarterWhoIsOutIsInNeedsAttention() async {
        var h = await Harness.started(size: Size(width: 140, height: 40))
        h.setDetent(.full)
        h.send(.page(id: h.state.sheet.stack[0].id, HomeFeature.pageAction(.sessionChanged(signedIn: true))))
        h.pending = []
        var greats = Demo.summaries[0]
        greats.myTeam = Demo.bits; greats.startersOut = ["Christian McCaffrey (RB, O)"]
        h.send(.page(id: h.state.sheet.stack[0].id, HomeFeature.pageAction(.myLeaguesLoaded([greats]))))
        let s = Screen(h.state)
        #expect(s.inSheet("Needs attention"))
        #expect(s.inSheet("Gridiron Greats: Christian McCaffrey (RB, O) is out and starts in week 9 — m in the league to set your lineup"), "\(s.text)")
        greats.startersOut = ["Christian McCaffrey (RB, O)", "Travis Kelce (TE, IR)"]
        h.send(.page(id: h.state.sheet.stack[0].id, HomeFeature.pageAction(.myLeaguesLoaded([greats]))))
        #expect(Screen(h.state).inSheet("Gridiron Greats: 2 starters are out (Christian McCaffrey (RB, O), Travis Kelce (TE, IR)) in week 9"))
    }
}
