import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// Relative dates: a league's moments are measured on its season clock, never the wall clock; durations round the way
/// people read them (one rule, `Format.relative(seconds:)`).
@Suite struct LeagueDatesTests {
    /// The wall clock far from the demo leagues' 2019 season clock (Demo.now).
    static let realNow = Date(timeIntervalSince1970: 1_800_000_000)
    static let day: TimeInterval = 86_400

    @Test(arguments: [
        (0.0, "now"), (29, "now"), (-29, "now"), (30, "in 1 min"), (-90, "2 min ago"),
        (59 * 60 + 29, "in 59 min"), (59 * 60 + 30, "in 1 h"),
        (23 * 3600 + 29 * 60, "in 23 h"), (23 * 3600 + 30 * 60, "in 1 day"),
        (36 * 3600 - 60, "in 1 day"), (36 * 3600, "in 2 days"),
        (7 * 86_400 - 5, "in 7 days"), (6.5 * 86_400, "in 7 days"), (6.5 * 86_400 - 60, "in 6 days"),
        (-2 * 86_400, "2 days ago"), (-2647 * 86_400, "2647 days ago"),
    ] as [(TimeInterval, String)])
    func durationsRoundToTheNearestUnit(seconds: TimeInterval, text: String) {
        #expect(Format.relative(seconds: seconds) == text)
    }

    @Test func aSevenDayInviteMadeAMomentAgoSaysSevenDays() async {
        var h = await CommissionerTests.onPage()
        await h.fake.editCommish { $0.invites = [Invite(code: "WXYZ2345", leagueID: Demo.nerds, usesLeft: 1, expiresAt: Demo.now.addingTimeInterval(7 * Self.day - 3))] }
        h.key(.char("r")); await h.settle()
        h.setDetent(.full)
        h.key(.char("2"))
        #expect(CommissionerRenderTests.sheet(h).contains { $0.hasSuffix("(in 7 days)") }, "\(CommissionerRenderTests.sheet(h))")
    }

    @Test func theCommissionerPageMeasuresTheDraftDateOnTheLeaguesClock() async {
        var h = await CommissionerRenderTests.full(tab: "3")
        h.state.now = Self.realNow          // years after the league's 2019 clock
        #expect(CommissionerRenderTests.sheet(h)[2] == " Draft: planned for Tue Nov 5 16:53 UTC (in 2 days)")
    }

    @Test func theLeagueAndCommissionerPagesAgreeOnTheDraftDate() async {
        var h = await CommissionerTests.onPage()
        h.state.now = Self.realNow
        h.setDetent(.full)
        h.key(.char("3"))
        #expect(Screen(h.state).inSheet("(in 2 days)"))
        h.key(.escape); await h.settle()
        guard h.state.top.is(LeagueFeature.self) else { Issue.record("not back on the league page: \(h.state.pages)"); return }
        #expect(Screen(h.state).inSheet("Tue Nov 5 (in 2 days)"))
    }

    @Test func theDraftRoomMeasuresThePlannedDateOnTheLeaguesClock() async {
        var room = Demo.draftRoom(Demo.nerds)
        room.picks = []; room.draft.status = .scheduled; room.draft.currentPick = 1
        room.draft.scheduledAt = Demo.now.addingTimeInterval(10 * Self.day)
        var h = await DraftRoomTests.opened(room, size: Size(width: 120, height: 24))
        h.state.now = Self.realNow
        #expect(Screen(h.state).inSheet("planned for Wed Nov 13 (in 10 days)"), "\(Screen(h.state).lines)")
    }

    @Test func homeCountsMyDraftsComingUpOnEachLeaguesClock() async {
        var h = await Harness.started()
        h.state.now = Self.realNow
        #expect(!Screen(h.state).inSheet("Sunday Nerds: "), "not my league")
        h.send(.page(id: h.state.sheet.stack[0].id, HomeFeature.pageAction(.sessionChanged(signedIn: true))))
        h.pending = []
        h.send(.page(id: h.state.sheet.stack[0].id, HomeFeature.pageAction(.myLeaguesLoaded([Demo.summaries[1]]))))
        #expect(Screen(h.state).inSheet("Sunday Nerds: your draft in 2 days"))
    }

    /// Needs attention lists only the person's own leagues and what waits for them there — an offer for their answer,
    /// their pending claims, their own join request (and how to withdraw it) — never a league they aren't in.
    @Test func needsAttentionIsAboutMyLeaguesOnly() async {
        var h = await Harness.started(size: Size(width: 120, height: 40))
        h.state.now = Self.realNow
        h.setDetent(.full)
        #expect(!Screen(h.state).inSheet("Couch Coaches: draft in progress"), "signed out: a league I'm not in")
        h.send(.page(id: h.state.sheet.stack[0].id, HomeFeature.pageAction(.sessionChanged(signedIn: true))))
        h.pending = []
        var greats = Demo.summaries[0]
        greats.myTeam = Demo.bits; greats.tradeOffersToMe = 1; greats.pendingClaims = 2
        h.send(.page(id: h.state.sheet.stack[0].id, HomeFeature.pageAction(.myLeaguesLoaded([greats]))))
        h.send(.page(id: h.state.sheet.stack[0].id, HomeFeature.pageAction(.joinRequestsLoaded([
            MyJoinRequest(league: Demo.nerds, leagueName: "Sunday Nerds", teamName: "Zebras", status: .pending, requestedAt: Demo.now,
                          reason: nil, answeredByItself: true)]))))
        let s = Screen(h.state)
        #expect(s.inSheet("Needs attention"))
        #expect(s.inSheet("Gridiron Greats: a trade offer waits for your answer — t in the league"))
        #expect(s.inSheet("Gridiron Greats: 2 waiver claims wait for Wednesday's run"))
        #expect(s.inSheet("Sunday Nerds: you asked to join as Zebras — its commissioner answers within a minute · W on its page withdraws"))
        #expect(!s.inSheet("Couch Coaches: draft in progress"), "Couch Coaches isn't mine")
    }

    /// A declined join request says why in Needs attention until the person dismisses it with x: it leaves the list at
    /// once and the server is asked to forget it (the same write as withdrawing); with none left, x is off.
    @Test func aDeclinedJoinRequestCanBeDismissed() async {
        let fake = FakeLeague()
        let zed = await fake.addAccount(email: "zed@example.com", password: "long enough pw", displayName: "Zed")
        await fake.setSignedIn(zed)
        await fake.appendJoinRequest(JoinRequest(leagueID: Demo.nerds, user: zed.id, teamName: "Zebras", status: .denied, requestedAt: Demo.now))
        var h = await Harness.started(fake: fake, size: Size(width: 120, height: 40))
        h.state.now = Self.realNow
        h.setDetent(.full)
        #expect(Screen(h.state).inSheet("Sunday Nerds: your request to join was declined · x dismisses"), "\(Screen(h.state).text)")
        #expect(Screen(h.state).footer.contains("dismiss"))
        h.key(.char("x"))
        await h.settle()
        #expect(!Screen(h.state).inSheet("your request to join was declined"), "\(Screen(h.state).text)")
        #expect(await fake.joinRequests.isEmpty, "the server forgot it")
        #expect(!Screen(h.state).footer.contains("dismiss"))
    }

    @Test func theDraftDateFormIsCheckedAgainstTheLeaguesClock() async {
        var h = await CommissionerTests.onPage(now: { Self.realNow })
        h.key(.char("3")); h.key(.char("S"))
        guard CommissionerTests.page(h)?.form != nil else { Issue.record("no form"); return }
        // Clear the field, type a date in the league's future (its clock is Sun Nov 3 2019), well before the wall clock's now.
        for _ in 0..<20 { h.send(.event(.key(.backspace))) }   // more than the field holds: the last ones do nothing
        for c in "2019-11-10 19:00" { h.key(.char(c)) }
        h.key(.enter)
        await h.settle()
        #expect(CommissionerTests.page(h)?.form == nil, "accepted: \(String(describing: CommissionerTests.page(h)?.form?.error))")
        #expect(await CommissionerTests.calls(h).last?.hasPrefix("schedule") == true)
    }

    /// The same through the commissioner page's reducer, exhaustively (TestStore), with the wall clock years later:
    /// a date in the league's future but the wall clock's past is accepted and asked of the shell.
    @Test func theDraftDateFormUsesTheLeaguesClockStepByStep() async {
        let store = CommissionerTests.draftTabStore(now: Self.realNow)
        let detail = store.state.detail.value!
        #expect(detail.league.clock < Self.realNow, "the league's clock is in 2019")
        let form = CommissionerInputs.scheduleForm(current: detail.league.draftScheduledAt ?? store.state.room.value?.draft.scheduledAt,
                                                   clock: detail.league.clock)
        await store.send(.schedulePressed) { $0.form = form; $0.formKind = .schedule }
        await store.send(.typed(.ctrl("u"))) { $0.form?.fields[0].value.killToStart() }
        await store.send(.pasted("2019-11-10 19:00")) { $0.form?.fields[0].value.insert("2019-11-10 19:00") }
        await store.send(.typed(.enter)) { $0.form = nil; $0.formKind = nil }
        store.delegated(.perform(.commissioner(.scheduleDraft(league: Demo.nerds, at: CommissionerInputs.parseDate("2019-11-10 19:00")!))))
        store.finish()
    }
}

/// Home lists every league the person belongs to, in a table that scrolls when they don't fit.
@Suite struct HomeMyLeaguesTests {
    static func signedInWith(_ leagues: Int, size: Size = Size(width: 80, height: 24)) async -> Harness {
        var h = await Harness.started(size: size)
        let mine = (1...leagues).map { i in
            LeagueSummary(id: LeagueID(Int64(100 + i)), name: String(format: "League %02d", i), state: .inSeason, isPublic: false, teamCount: 8,
                          managedTeams: 8, currentWeek: 9, scoring: .ppr, draftScheduledAt: nil, commissionerName: "hiro", myTeam: TeamID(Int64(i)))
        }
        h.send(.page(id: h.state.sheet.stack[0].id, HomeFeature.pageAction(.sessionChanged(signedIn: true))))
        h.pending = []
        h.send(.page(id: h.state.sheet.stack[0].id, HomeFeature.pageAction(.myLeaguesLoaded(mine))))
        h.setDetent(.full)
        return h
    }

    static func home(_ h: Harness) -> HomeFeature.State? { if let s = h.state.top[HomeFeature.self] { s } else { nil } }

    @Test func aFourthLeagueIsListedToo() async {
        let h = await Self.signedInWith(4)
        let screen = Screen(h.state)
        #expect(screen.inSheet("My leagues (4)"))
        for i in 1...4 { #expect(screen.inSheet(String(format: "League %02d", i)), "League \(i) listed") }
    }

    @Test func theNameFilterFiltersMyLeaguesTooAndEnterOpensTheFirstMatch() async {
        var h = await Self.signedInWith(12)
        h.key(.char("/")); h.keys("league 03"); h.key(.enter)
        #expect(Screen(h.state).inSheet("My leagues (1/12)"))
        #expect(!Screen(h.state).inSheet("League 01"))
        h.key(.enter)
        #expect(h.state.pages.last == .league(LeagueID(103)))
    }

    @Test func manyLeaguesScrollAndEachOpens() async {
        var h = await Self.signedInWith(12)
        #expect(!Screen(h.state).inSheet("League 12"), "more than fit: the table scrolls")
        for _ in 0..<11 { h.key(.char("j")) }
        #expect(Self.home(h)?.list.selected == 11)
        #expect(Screen(h.state).inSheet("League 12"), "the selection scrolled it into view")
        #expect(Screen(h.state).inSheet("Public leagues (3)"), "the public leagues are still there below")
        h.key(.enter)
        #expect(h.state.pages.last == .league(LeagueID(112)))
        h.key(.escape)
        h.key(.char("j"))
        h.key(.enter)
        #expect(h.state.pages.last == .league(Demo.summaries[0].id), "after my leagues come the public ones")
    }
}
