import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// IR in the app (`InjuredReserveRules`): the league form's "IR takes" row (`irAllowsDoubtful`), the lineup chooser's IR
/// option following it, the roster marking an IR player who is no longer eligible, Free agents' `a` saying why a team
/// with one can't add, and the claims page's words for a claim the waiver run refused for it.
@Suite struct InjuredReserveUITests {
    var topForm: (Harness) -> LeagueFormFeature.State? = { h in if let s = h.state.top[LeagueFormFeature.self] { s } else { nil } }

    // MARK: - The league form

    @Test func theFormsIRRowChoosesWhetherIRTakesDoubtfulPlayers() async throws {
        var h = await LeagueFormRenderTests.onForm(size: Size(width: 120, height: 40))
        for _ in 0..<40 where topForm(h)?.focused != .irDoubtful { h.key(.down) }
        #expect(topForm(h)?.focused == .irDoubtful, "the row follows the IR slot count")
        var screen = Screen(h.state)
        #expect(screen.inSheet("IR takes") && screen.inSheet("‹ OUT, IR ›"), "\(screen.text)")
        #expect(screen.inSheet("OUT and IR only, or Doubtful too · one no longer eligible blocks adds"))
        h.key(.char("l"))
        let form = try #require(topForm(h)?.form)
        #expect(form.settings.irAllowsDoubtful)
        screen = Screen(h.state)
        #expect(screen.inSheet("‹ Doubtful, OUT, IR ›"), "\(screen.text)")
        #expect(screen.inSheet("Doubtful too, or OUT and IR only · one no longer eligible blocks adds"))
        #expect(form.write(.create).of(Endpoints.Leagues.createLeague)?.body.settings.irAllowsDoubtful == true, "the write sends the choice")
    }

    @Test func withoutIRPlacesTheRowIsGoneAndAServerRefusalNamesIt() {
        var form = LeagueForm()
        #expect(form.fields(.create).contains(.irDoubtful))
        form.settings.rosterSlots[.ir] = 0
        #expect(!form.fields(.create).contains(.irDoubtful))
        #expect(LeagueFormField.named("irAllowsDoubtful") == .irDoubtful && LeagueFormField.irDoubtful.section == "Roster")
        #expect(form.step(.irDoubtful, by: 1) && form.settings.irAllowsDoubtful && form.value(.irDoubtful) == "Doubtful, OUT, IR")
    }

    // MARK: - The lineup chooser

    @Test func theLineupChoosersIROptionFollowsTheSetting() throws {
        var rows = Demo.roster(Demo.bits).rows
        let i = try #require(rows.firstIndex { $0.player.id == Demo.ekeler.id })
        rows[i].player.injury = .doubtful
        let ir = { (doubtful: Bool) in
            LineupTargets.options(moving: rows[i], in: rows, slots: Demo.settings(4).rosterSlots, irAllowsDoubtful: doubtful).first { $0.label.contains("IR") }
        }
        #expect(ir(false)?.value == nil && ir(false)?.reason == "IR takes only players who are OUT or on IR")
        #expect(ir(true)?.value == LineupMove(Demo.ekeler.id, to: .ir), "a league whose IR takes Doubtful players")
    }

    // MARK: - An IR player who recovered

    /// Alice's Bits with Austin Ekeler on IR and `status` this week.
    static func bits(_ status: InjuryStatus, doubtful: Bool = false) -> (TeamRoster, LeagueDetail) {
        var roster = Demo.roster(Demo.bits)
        let i = roster.rows.firstIndex { $0.player.id == Demo.ekeler.id }!
        roster.rows[i].slot = .ir
        roster.rows[i].player.injury = status
        var d = Demo.detail(Demo.greats)
        d.league.settings.irAllowsDoubtful = doubtful
        d.capabilities = Capabilities(signedIn: true, myTeam: Demo.bits)
        return (roster, d)
    }

    @Test func theRosterMarksAnIRPlayerWhoIsNoLongerEligible() {
        func screen(_ status: InjuryStatus, doubtful: Bool = false) -> String {
            var s = RosterFeature.State(id: Demo.greats, team: Demo.bits)
            (s.roster, s.detail) = { let (r, d) = Self.bits(status, doubtful: doubtful); return (Loadable(r), Loadable(d)) }()
            var b = Buffer(size: Size(width: 100, height: 30))
            RosterFeature.render(s, in: Rect(x: 0, y: 0, width: 100, height: 30), buffer: &b, context: RenderContext(theme: .monochrome))
            return b.text()
        }
        let recovered = screen(.healthy)
        let line = recovered.components(separatedBy: "\n").first { $0.contains("Austin Ekeler") } ?? ""
        #expect(line.contains("— no longer eligible, move him") && line.hasPrefix(" IR "), "\(recovered)")
        #expect(!screen(.out).contains("no longer eligible"))
        #expect(!screen(.doubtful, doubtful: true).contains("no longer eligible"))
        #expect(screen(.doubtful).contains("no longer eligible"), "Doubtful isn't enough where IR takes OUT and IR only")
    }

    @Test func freeAgentsSaysWhyATeamWithARecoveredIRPlayerCantAdd() async {
        func state(_ status: InjuryStatus) -> FreeAgentsFeature.State {
            var s = FreeAgentsFeature.State(id: Demo.greats)
            s.players = Loadable(Demo.available)
            s.list = ListState(selected: Demo.available.firstIndex { $0.availability == .freeAgent })
            let (r, d) = Self.bits(status)
            s.myRoster = Loadable(r); s.detail = Loadable(d)
            return s
        }
        let blocked = state(.healthy)
        #expect(FreeAgentsFeature.addReason(blocked) == "Move Austin Ekeler off IR first — he is no longer OUT or on IR")
        #expect(FreeAgentsFeature.addReason(state(.injuredReserve)) == nil)
        let ctx = PageContext(env: AppEnvironment(api: FakeLeague(), settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)
        let store = TestStore(FreeAgentsFeature.self, blocked, context: ctx)
        await store.send(.addRequested)   // refused here: no write
        store.finish()
    }

    @Test func theClaimsPageSaysWhyTheRunRefusedAClaim() {
        var claim = WaiverClaim(id: 7, leagueID: Demo.greats, teamID: Demo.bits, addPlayer: Demo.waller.id, dropPlayer: nil, bid: 0, rank: 1,
                                status: .lost, outcome: .injuredReserveNotInOrder, createdAt: Demo.now)
        claim.processedAt = Demo.now
        #expect(ClaimsFeature.outcome(ClaimView(claim: claim, player: Demo.waller, drop: nil))
                == "lost — a player on your IR was no longer eligible; move him off IR")
    }
}
