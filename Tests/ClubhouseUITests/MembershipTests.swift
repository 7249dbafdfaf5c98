import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// Membership on the league page (who I am here, L to leave, C for the commissioner) and Home's I (join with a code).
@Suite struct MembershipTests {
    /// Signed in as Sam on `league`'s page, with `team` when given (and as commissioner when asked).
    static func onLeague(_ league: LeagueID, team: TeamID? = nil, commissioner: Bool = false) async -> Harness {
        let fake = FakeLeague()
        let sam = await fake.addAccount(email: "sam@example.com", password: "long enough pw", displayName: "Sam")
        await fake.setSignedIn(sam)
        await fake.editCommish { if commissioner { $0.commissionerOf = [league] } }
        if let team { await fake.setMyTeam(team, in: league) }
        var h = await Harness.started(fake: fake)
        h.send(.open(.league(league)))
        await h.settle()
        return h
    }

    static func league(_ h: Harness) -> LeagueFeature.State? { if let s = h.state.top[LeagueFeature.self] { s } else { nil } }

    // MARK: - Membership line

    @Test func theLeaguePageSaysWhoIAmThere() async {
        var h = await Self.onLeague(Demo.greats, team: Demo.bits)
        #expect(Screen(h.state).inSheet("Your team: Bits"))
        h = await Self.onLeague(Demo.greats, team: Demo.bits, commissioner: true)
        #expect(Screen(h.state).inSheet("Commissioner — C opens your tools · Your team: Bits"))
        #expect(Screen(h.state).footer.contains("C commissioner tools"))
    }

    // MARK: - W

    /// A pending join request can be taken back from the league's page: `W` (in the footer while one waits).
    @Test func wWithdrawsMyPendingJoinRequest() async {
        let fake = FakeLeague()
        let sam = await fake.addAccount(email: "sam@example.com", password: "long enough pw", displayName: "Sam")
        await fake.setSignedIn(sam)
        await fake.appendJoinRequest(JoinRequest(leagueID: Demo.nerds, user: sam.id, teamName: "Sam's team", status: .pending, requestedAt: Demo.now))
        var h = await Harness.started(fake: fake)
        h.send(.open(.league(Demo.nerds)))
        await h.settle()
        #expect(Screen(h.state).footer.contains("W withdraw join request"))
        h.key(.char("W"))
        await h.settle()
        #expect(await fake.teamWrites == [.withdrawJoinRequest(Demo.nerds)])
        #expect(h.toast == "Join request withdrawn")
        #expect(Self.league(h)?.detail.value?.capabilities.hasPendingJoinRequest == false)
        #expect(!Screen(h.state).footer.contains("W withdraw"))
    }

    // MARK: - C

    @Test func cIsDisabledWithTheReasonForSomeoneWhoIsNotTheCommissioner() async {
        var h = await Self.onLeague(Demo.nerds)
        h.key(.char("C"))
        await h.settle()
        #expect(h.toast == "Only the commissioner of Sunday Nerds can do this")
        #expect(h.state.top.page == .league(Demo.nerds))
    }

    @Test func cSignedOutOpensSignIn() async {
        var h = await Harness.started()
        h.send(.open(.league(Demo.nerds)))
        await h.settle()
        h.key(.char("C"))
        await h.settle()
        #expect(h.state.top.page == .account(.signIn))
    }

    // MARK: - L

    @Test func leavingAsksFirstThenLeaves() async {
        var h = await Self.onLeague(Demo.nerds, team: Demo.tailgaters)
        h.key(.char("L"))
        #expect(Self.league(h)?.confirmingLeave == true)
        #expect(Screen(h.state).inSheet("Leave Sunday Nerds? Your team goes back to a bot."))
        h.key(.char("n"))
        #expect(Self.league(h)?.confirmingLeave == false)
        #expect(await h.fake.commish.calls == [])
        h.key(.char("L")); h.key(.escape)
        #expect(Self.league(h)?.confirmingLeave == false, "esc stays too")
        #expect(h.state.top.page == .league(Demo.nerds))

        h.key(.char("L")); h.key(.char("y"))
        await h.settle()
        #expect(await h.fake.commish.calls == ["leave 2"])
        #expect(h.toast == "You left the league")
        #expect(Self.league(h)?.detail.value?.capabilities.myTeam == nil, "reloaded")
    }

    @Test func leavingIsDisabledWithTheReason() async {
        var h = await Self.onLeague(Demo.nerds, team: Demo.bits, commissioner: true)
        h.key(.char("L"))
        #expect(h.toast == "The commissioner can't leave Sunday Nerds")
        h = await Self.onLeague(Demo.nerds)
        h.key(.char("L"))
        #expect(h.toast == "You don't have a team in Sunday Nerds")
        h = await Self.onLeague(Demo.greats, team: Demo.bits)
        h.key(.char("L"))
        #expect(h.toast == "Gridiron Greats has drafted — leaving is closed")
        #expect(Self.league(h)?.confirmingLeave == false)
    }

    // MARK: - Home: I

    @Test func joinWithAnInviteCodeChecksTheFormThenOpensTheLeague() async {
        let fake = FakeLeague()
        let sam = await fake.addAccount(email: "sam@example.com", password: "long enough pw", displayName: "Sam")
        await fake.setSignedIn(sam)
        await fake.editCommish { $0.redeemInto = (Demo.nerds, TeamID(9)) }
        var h = await Harness.started(fake: fake)
        h.key(.char("I"))
        guard let home = h.state.top[HomeFeature.self] else { Issue.record("not home"); return }
        #expect(home.redeem?.title == "Join with an invite code")
        #expect(Screen(h.state).inSheet("Join with an invite code"))
        h.key(.enter)
        if let s = h.state.top[HomeFeature.self] { #expect(s.redeem?.error == "Enter the invite code the commissioner gave you") }
        h.keys("abcd2345"); h.key(.enter)
        if let s = h.state.top[HomeFeature.self] {
            #expect(s.redeem?.error == "Name your team (1–40 characters)")
            #expect(s.redeem?.focus == 1)
        }
        h.keys("Sam's Slingers"); h.key(.enter)
        await h.settle()
        #expect(await fake.commish.calls == ["redeem abcd2345 as Sam's Slingers"])
        #expect(h.toast == "Invite accepted — welcome to the league")
        #expect(h.state.top.page == .league(Demo.nerds), "the league joined opens")
        #expect(Screen(h.state).inSheet("Your team: "))
    }

    @Test func escClosesTheInviteForm() async {
        var h = await Harness.started()
        h.key(.char("I")); h.keys("abc"); h.key(.escape)
        if let s = h.state.top[HomeFeature.self] { #expect(s.redeem == nil) }
        #expect(h.state.top.page == .home)
    }

    @Test func signedOutTheInviteGoesThroughSignInFirst() async {
        let fake = FakeLeague()
        _ = await fake.addAccount(email: "sam@example.com", password: "long enough pw", displayName: "Sam")
        await fake.editCommish { $0.redeemInto = (Demo.nerds, TeamID(9)) }
        var h = await Harness.started(fake: fake)
        h.key(.char("I")); h.keys("abcd2345"); h.key(.tab); h.keys("Slingers"); h.key(.enter)
        await h.settle()
        #expect(h.state.top.page == .account(.signIn))
        #expect(h.state.pendingAction?.write == .redeemInvite(code: "abcd2345", teamName: "Slingers"))
        h.keys("sam@example.com"); h.key(.tab); h.keys("long enough pw"); h.key(.enter)
        await h.settle()
        #expect(await fake.commish.calls == ["redeem abcd2345 as Slingers"])
        #expect(h.state.top.page == .league(Demo.nerds))
    }

    // MARK: - The league page's reducer, exhaustively (TestStore)

    /// W on the page itself: the load shows my pending request, W asks the shell for the withdrawal, and once the
    /// league no longer has it (the page reloads on the write's event) W asks for nothing.
    @Test func wAsksTheShellToWithdrawOnlyWhileARequestWaits() async {
        let fake = FakeLeague()
        let sam = await fake.addAccount(email: "sam@example.com", password: "long enough pw", displayName: "Sam")
        await fake.setSignedIn(sam)
        await fake.appendJoinRequest(JoinRequest(leagueID: Demo.nerds, user: sam.id, teamName: "Sam's team", status: .pending, requestedAt: Demo.now))
        let ctx = PageContext(env: AppEnvironment(api: fake, settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)
        let store = TestStore(LeagueFeature.self, LeagueFeature.State(id: Demo.nerds), context: ctx)
        var t = RequestToken(0)
        var loaded: LeagueDetail?
        await store.send(.onAppear) { t = $0.detail.begin() }
        await store.receive({ if case .detailLoaded(_, .success(let d)) = $0 { loaded = d; return true } else { return false } }) {
            if let loaded { $0.detail.finish(t, .success(loaded)) }
        }
        #expect(loaded?.capabilities.hasPendingJoinRequest == true)
        await store.send(.joinWithdrawn)
        store.delegated(.perform(.withdrawJoinRequest(Demo.nerds)))

        try? await fake.withdrawJoinRequest(Demo.nerds)               // what the shell's write does
        await store.send(.liveRefreshed) { t = $0.detail.beginRefresh() }
        await store.receive({ if case .detailLoaded(_, .success(let d)) = $0 { loaded = d; return true } else { return false } }) {
            if let loaded { $0.detail.finish(t, .success(loaded)) }
        }
        #expect(loaded?.capabilities.hasPendingJoinRequest == false)
        await store.send(.joinWithdrawn)                               // nothing waits: nothing asked
        store.finish()
    }

    /// C asks the shell for the commissioner page when signed in, and for Sign in when not.
    @Test func cOpensTheToolsOrSignIn() async {
        let ctx = PageContext(env: AppEnvironment(api: FakeLeague(), settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)
        var detail = Demo.detail(Demo.nerds)
        detail.capabilities = Capabilities(signedIn: true, myTeam: nil, isCommissioner: true)
        var s = LeagueFeature.State(id: Demo.nerds)
        s.detail = Loadable(detail)
        let signedIn = TestStore(LeagueFeature.self, s, context: ctx)
        await signedIn.send(.commissionerOpened)
        signedIn.delegated(.open(.commissioner(Demo.nerds)))
        signedIn.finish()

        s.detail = Loadable(Demo.detail(Demo.nerds))
        let signedOut = TestStore(LeagueFeature.self, s, context: ctx)
        #expect(Demo.detail(Demo.nerds).capabilities.signedIn == false)
        await signedOut.send(.commissionerOpened)
        signedOut.delegated(.open(.account(.signIn)))
        signedOut.finish()

        let loading = TestStore(LeagueFeature.self, LeagueFeature.State(id: Demo.nerds), context: ctx)
        await loading.send(.commissionerOpened)                        // nothing loaded yet: nothing asked
        loading.finish()
    }
}

@Suite struct SessionChangeTests {
    @Test func aPageUnderTheTopIsReloadedWhenWhoIsSignedInChanges() async {
        let fake = FakeLeague()
        let casey = await fake.addAccount(email: "casey@example.com", password: "long enough pw", displayName: "Casey")
        _ = await fake.addAccount(email: "jo@example.com", password: "long enough pw", displayName: "Jo")
        await fake.setSignedIn(casey)
        await fake.editCommish { $0.commissionerOf = [Demo.nerds] }
        var h = await Harness.started(fake: fake)
        h.send(.open(.league(Demo.nerds)))
        await h.settle()
        h.key(.char("C"))
        await h.settle()
        await fake.editCommish { $0.commissionerOf = [] }      // Jo isn't the commissioner
        h.key(.char("O"))
        await h.settle()
        h.key(.char("i"))
        h.keys("jo@example.com"); h.key(.tab); h.keys("long enough pw"); h.key(.enter)
        await h.settle()
        #expect(h.state.top.page == .commissioner(Demo.nerds))
        h.key(.escape)
        await h.settle()
        #expect(h.state.top.page == .league(Demo.nerds))
        guard let page = h.state.top[LeagueFeature.self] else { Issue.record("the league page is not on top: \(h.state.top.page)"); return }
        #expect(page.detail.value?.capabilities.isCommissioner == false, "the league page shows Jo's view, not Casey's")
        #expect(!Screen(h.state).inSheet("Commissioner — C opens your tools"))
    }
}

@Suite struct MembershipWordingTests {
    @Test func gateAndResumeWordsForMembershipAndCommissionerWrites() {
        #expect(GatedWrite.redeemInvite(code: "X", teamName: "Y").resumeQuestion(leagueName: nil) == "Finish joining with your invite code?")
        #expect(GatedWrite.leaveLeague(Demo.nerds).resumeQuestion(leagueName: "Sunday Nerds") == "Finish leaving Sunday Nerds?")
        #expect(GatedWrite.leaveLeague(Demo.nerds).gateReason(leagueName: "Sunday Nerds") == "Sign in to leave Sunday Nerds.")
        #expect(GatedWrite.commissioner(.randomizeDraftOrder(Demo.nerds)).gateReason(leagueName: "Sunday Nerds")
                == "Sign in as the commissioner of Sunday Nerds to do that.")
        #expect(GatedWrite.commissioner(.scheduleDraft(league: Demo.nerds, at: nil)).successMessage == "Draft date cleared")
        #expect(GatedWrite.leaveLeague(Demo.nerds).successMessage == "You left the league")
    }
}
