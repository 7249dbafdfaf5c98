import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The commissioner page's tabs as text, at 80×24 (the sheet at full height) and at 60×16.
@Suite struct CommissionerRenderTests {
    static func sheet(_ h: Harness) -> [String] {
        let c = Screen(h.state).layout.sheetContent
        return (c.y..<c.bottom).map { String(Screen(h.state).lines[$0].dropFirst(c.x).prefix(c.width)).trimmingTrailing() }
    }

    static func full(_ league: LeagueID = Demo.nerds, tab: Character, size: Size = Size(width: 80, height: 24)) async -> Harness {
        var h = await CommissionerTests.onPage(league, size: size)
        h.setDetent(.full)
        h.send(.event(.key(.char(tab))))   // the tab (already open when it is the first)
        return h
    }

    @Test func requestsTab() async {
        let h = await Self.full(tab: "1")
        let lines = Self.sheet(h)
        #expect(lines[0] == " Sunday Nerds · Pre-draft")
        #expect(lines[1] == "  1 Requests (1) │ 2 Invites │ 3 Draft │ 4 Season clock │ 5 Webhooks")
        #expect(lines[2].hasPrefix(" Person") && lines[2].contains("Team name") && lines[2].contains("Asked"))
        #expect(lines[3].hasPrefix(" Jo ") && lines[3].contains("Jo's Jets") && lines[3].hasSuffix("Sun Nov 3 13:53 (3 h ago)"))
        #expect(Screen(h.state).footer.hasPrefix(" a approve · x deny"))
    }

    @Test func invitesTab() async {
        let h = await Self.full(tab: "2")
        let lines = Self.sheet(h)
        #expect(lines[1] == "  1 Requests (1) │ 2 Invites │ 3 Draft │ 4 Season clock │ 5 Webhooks")
        #expect(lines[2].hasPrefix(" Code") && lines[2].contains("Uses left") && lines[2].contains("Expires"))
        #expect(lines[3].hasPrefix(" ABCD2345") && lines[3].contains(" 3 ") && lines[3].hasSuffix("Tue Nov 5 (in 2 days)"))
        #expect(Screen(h.state).footer.hasPrefix(" n new invite · x revoke"))
    }

    @Test func invitesEmptyStateIsInWords() async {
        var h = await CommissionerTests.onPage()
        await h.fake.editCommish { $0.invites = [] }
        h.key(.char("r")); await h.settle()
        h.key(.char("2"))
        #expect(Self.sheet(h)[2] == " No invite codes yet — n creates one to share.")
    }

    @Test func draftTab() async {
        let h = await Self.full(tab: "3")
        let lines = Self.sheet(h)
        #expect(lines[2] == " Draft: planned for Tue Nov 5 16:53 UTC (in 2 days)")
        #expect(lines[3].hasPrefix(" Pick Team") && lines[3].hasSuffix("Manager"))
        #expect(lines[4].hasPrefix("    1 Bits") && lines[4].hasSuffix("alice"))
        #expect(lines[7].hasPrefix("    4 Hail Marys") && lines[7].hasSuffix("carol"))
        #expect(Screen(h.state).footer.hasPrefix(" R randomise · S schedule · J/K move team down"), "s save appears once the order changed")
    }

    @Test func seasonClockTab() async {
        let h = await Self.full(Demo.greats, tab: "4")
        let lines = Self.sheet(h)
        #expect(lines[0] == " Gridiron Greats · In season")
        #expect(lines[2] == " League clock: Sun Nov 3 16:53 UTC · week 9")
        #expect(lines[3] == " Next: week 9 final Tue Nov 5 04:45 · waivers run Wed Nov 6 08:00")
        #expect(lines[4].hasPrefix(" Move the clock") && lines[4].hasSuffix("Lands on"))
        #expect(lines[5].hasPrefix(" Advance 1 hour") && lines[5].hasSuffix("→ Sun Nov 3 17:53"))
        #expect(lines[7].hasPrefix(" Advance to the next waiver run") && lines[7].hasSuffix("→ Wed Nov 6 08:00"))
        #expect(lines[8].hasPrefix(" Advance to kickoff of week 10") && lines[8].hasSuffix("→ Fri Nov 8 01:20"))
        #expect(lines[9].hasPrefix(" Advance to the end of week 9") && lines[9].hasSuffix("→ Tue Nov 5 04:45"))
        #expect(Screen(h.state).footer.hasPrefix(" enter move the clock"))
    }

    @Test func seasonClockBeforeTheDraftSaysWhy() async {
        let h = await Self.full(tab: "4")
        #expect(Self.sheet(h)[3] == " The season clock moves once the draft is complete")
    }

    @Test func aLongConfirmationWrapsAboveTheBody() async {
        var h = await Self.full(Demo.greats, tab: "4")
        h.key(.char("j")); h.key(.char("j")); h.key(.enter)
        let lines = Self.sheet(h)
        #expect(lines[1] == " Move the clock from Sun Nov 3 16:53 to Wed Nov 6 08:00 — waivers run, week 9")
        #expect(lines[2] == " becomes final? y confirm · n cancel")
        #expect(lines[3] == " League clock: Sun Nov 3 16:53 UTC · week 9")
        #expect(Screen(h.state).footer.hasPrefix(" y confirm · n cancel"))
    }

    @Test func smallTerminalKeepsTabsAndRows() async {
        let h = await Self.full(tab: "1", size: Size(width: 60, height: 16))
        let lines = Self.sheet(h)
        #expect(lines[1] == "  1 Requests (1) │ 2 Codes │ 3 Draft │ 4 Clock │ 5 Hooks", "short titles keep every tab on screen")
        #expect(lines[3].hasPrefix(" Jo ") && lines[3].contains("Jo's Jets"))
        #expect(Screen(h.state).brokenFrameRows.isEmpty, "\(Screen(h.state).text)")
        #expect(Screen(h.state).footer.contains("a approve"))
    }
}

extension String {
    func trimmingTrailing() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
