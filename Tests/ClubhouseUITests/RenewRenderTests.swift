import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// Renewing into the next season from the app: the commissioner's Season clock tab offers R (with a confirmation) once
/// the season is over, and y renews and opens the new league; the league page says which season it is in the chain
/// and opens the next one with >. Headless, at 80×24.
@Suite struct RenewRenderTests {
    /// The commissioner page on Gridiron Greats' Season clock tab, the league in `state`.
    static func clockTab(_ state: LeagueState) async -> Harness {
        var h = await CommissionerTests.onPage(Demo.greats)
        await h.fake.editCommish { $0.states[Demo.greats] = state }
        h.key(.char("r")); await h.settle()
        h.setDetent(.full)
        h.key(.char("4"))
        return h
    }

    @Test func aFinishedSeasonOffersRenewalWithAConfirmationThenOpensTheNewLeague() async {
        var h = await Self.clockTab(.complete)
        var lines = CommissionerRenderTests.sheet(h)
        #expect(lines.contains(" The 2019 season is over — R renews Gridiron Greats into 2020."), "\(lines)")
        #expect(Screen(h.state).footer.hasPrefix(" R renew into next season"), "\(Screen(h.state).footer)")
        h.key(.char("R"))
        lines = CommissionerRenderTests.sheet(h)
        #expect(lines[1] == " Renew Gridiron Greats into the 2020 season? Same members, team names and")
        #expect(lines[2] == " settings, a new draft; 2019 becomes read-only history. y confirm · n cancel")
        #expect(await CommissionerTests.calls(h) == [], "nothing is written before y")
        h.key(.char("y")); await h.settle()
        #expect(await CommissionerTests.calls(h) == ["renew 1"])
        #expect(h.state.top.page == .league(Demo.couch), "the new league's page opens")
    }

    @Test func renewingWaitsForTheSeasonsEnd() async {
        var h = await Self.clockTab(.inSeason)
        #expect(!Screen(h.state).footer.contains("renew"))
        h.key(.char("R"))
        #expect(CommissionerTests.page(h)?.confirm == nil)
        #expect(CommissionerFeature.renewLocked(CommissionerTests.page(h)?.detail.value)
                == "Renewing opens once the 2019 season is over (its last week final)")
    }

    @Test func aRenewedLeagueSaysSoAndOpensItsNextSeason() async {
        let fake = FakeLeague()
        await fake.editCommish { $0.nextLeagues[Demo.greats] = Demo.couch; $0.states[Demo.greats] = .complete }
        var h = await Harness.started(fake: fake, size: Size(width: 80, height: 24), now: { Demo.now })
        h.send(.open(.league(Demo.greats)))
        await h.settle()
        #expect(Screen(h.state).text.contains("2019 season — renewed as 2020 (> opens it)"), "\(Screen(h.state).text)")
        let next = LeagueFeature.keymap(h.state.top[LeagueFeature.self]!).bindings.first { $0.label == "next season" }
        #expect(next?.isEnabled == true && next?.keys == [.char(">")])
        h.key(.char(">")); await h.settle()
        #expect(h.state.top.page == .league(Demo.couch))
        let d = LeagueFeature.seasonLine
        var detail = Demo.detail(Demo.greats)
        #expect(d(detail) == "2019")
        detail.previousLeague = Demo.nerds
        #expect(d(detail) == "2019 · renewed from 2018 (< opens it)")
    }
}
