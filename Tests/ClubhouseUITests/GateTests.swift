import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The sign-in soft gate (README.md, “Accounts”): a gated write while signed out goes through Sign in (and Complete profile),
/// is performed, and its result shows where the person was.
@Suite struct GateTests {
    /// Home → Sunday Nerds' league page, loaded.
    static func onLeaguePage(_ fake: FakeLeague = FakeLeague(), store: InMemoryPendingActionStore = InMemoryPendingActionStore()) async -> Harness {
        var h = await Harness.started(fake: fake, pendingStore: store)
        h.send(.open(.league(Demo.nerds)))
        await h.settle()
        return h
    }

    var topAuth: (Harness) -> AuthFeature.State? = { h in if let s = h.state.top[AuthFeature.self] { s } else { nil } }

    @Test func signedOutJoinSignsInThenJoinsAndTheLeaguePageShowsTheRequest() async {
        let fake = FakeLeague()
        _ = await fake.addAccount(email: "alex@example.com", password: "correct horse", displayName: "Alex")
        var h = await Self.onLeaguePage(fake)
        #expect(h.state.session == .signedOut)
        #expect(Screen(h.state).topBar.contains("signed out"))

        h.key(.char("J"))
        await h.settle()
        #expect(h.state.top.page == .account(.signIn))
        #expect(h.state.pendingAction?.write == .requestToJoin(league: Demo.nerds, teamName: ""))
        #expect(h.pendingStore.stored?.write == .requestToJoin(league: Demo.nerds, teamName: ""), "kept durably before sign-in")
        #expect(topAuth(h)?.reason?.contains("join Sunday Nerds") == true)

        h.keys("alex@example.com")
        h.key(.tab)
        h.keys("correct horse")
        h.key(.enter)
        await h.settle()

        #expect(h.state.session.user?.displayName == "Alex")
        #expect(h.state.top.page == .league(Demo.nerds), "back where the person was")
        #expect(h.state.pendingAction == nil)
        #expect(h.pendingStore.stored == nil)
        let requests = await fake.joinRequests
        #expect(requests.map(\.teamName) == ["Alex's team"])
        #expect(h.toast == "Join request sent — waiting for the commissioner")
        let screen = Screen(h.state)
        #expect(screen.inSheet("Join request sent — waiting for the commissioner"))
        #expect(screen.topBar.contains("Alex"))
    }

    @Test func wrongPasswordAndRateLimitShowInlineInWords() async {
        let fake = FakeLeague()
        _ = await fake.addAccount(email: "alex@example.com", password: "correct horse", displayName: "Alex")
        var h = await Self.onLeaguePage(fake)
        h.key(.char("J"))
        await h.settle()
        h.keys("alex@example.com"); h.key(.tab); h.keys("wrong"); h.key(.enter)
        await h.settle()
        #expect(topAuth(h)?.error == "Email or password is wrong")
        #expect(Screen(h.state).inSheet("Email or password is wrong"))
        #expect(h.state.pendingAction != nil, "still waiting")

        h.key(.tab)                                // back to email
        h.key(.ctrl("u")); h.keys("slow@down.example"); h.key(.enter)
        await h.settle()
        #expect(topAuth(h)?.error == "Too many attempts — try again in 42 s")
        #expect(await fake.joinRequests.isEmpty)
    }

    @Test func createAccountThroughTheGateThenJoins() async {
        let fake = FakeLeague()
        var h = await Self.onLeaguePage(fake)
        h.key(.char("J"))
        await h.settle()
        h.key(.ctrl("n"))
        #expect(h.state.top.page == .account(.createAccount))
        h.keys("sam@example.com"); h.key(.tab); h.keys("long enough pw"); h.key(.tab); h.keys("Sam")
        h.key(.enter)
        await h.settle()
        #expect(h.state.top.page == .league(Demo.nerds))
        #expect(await fake.joinRequests.map(\.teamName) == ["Sam's team"])
        #expect(h.toast == "Join request sent — waiting for the commissioner")
    }

    @Test func anAccountWithoutADisplayNameCompletesItsProfileFirst() async {
        let fake = FakeLeague()
        _ = await fake.addAccount(email: "noname@example.com", password: "correct horse", displayName: "")
        var h = await Self.onLeaguePage(fake)
        h.key(.char("J"))
        await h.settle()
        h.keys("noname@example.com"); h.key(.tab); h.keys("correct horse"); h.key(.enter)
        await h.settle()
        #expect(h.state.top.page == .account(.completeProfile(needsName: true, needsEmail: false)))
        #expect(topAuth(h)?.fields == [.displayName], "asks only for what is missing")
        #expect(await fake.joinRequests.isEmpty, "nothing performed before the profile is complete")
        h.keys("Robin"); h.key(.enter)
        await h.settle()
        #expect(h.state.top.page == .league(Demo.nerds))
        #expect(await fake.joinRequests.map(\.teamName) == ["Robin's team"])
        #expect(h.state.signedInName == "Robin")
    }

    @Test func escOnSignInCancelsThePendingAction() async {
        var h = await Self.onLeaguePage()
        h.key(.char("J"))
        await h.settle()
        h.keys("someone@example.com")
        h.key(.escape)
        await h.settle()
        #expect(h.state.top.page == .league(Demo.nerds))
        #expect(h.state.pendingAction == nil)
        #expect(h.pendingStore.stored == nil)
        #expect(h.toast == "Cancelled")
    }

    @Test func aPendingActionSurvivesTheAppBeingKilledAndIsOfferedOnLaunch() async {
        let fake = FakeLeague()
        _ = await fake.addAccount(email: "alex@example.com", password: "correct horse", displayName: "Alex")
        let store = InMemoryPendingActionStore()
        var first = await Self.onLeaguePage(fake, store: store)
        first.key(.char("J"))
        await first.settle()
        #expect(store.stored != nil)
        // The app is killed here; a new one starts over the same store.
        var h = await Harness.started(fake: fake, pendingStore: store)
        #expect(h.state.prompt?.dialog.message == "Finish joining Sunday Nerds? y/n")
        #expect(Screen(h.state).text.contains("Finish joining Sunday Nerds? y/n"))
        h.key(.char("y"))
        await h.settle()
        #expect(h.state.top.page == .account(.signIn))
        h.keys("alex@example.com"); h.key(.tab); h.keys("correct horse"); h.key(.enter)
        await h.settle()
        #expect(h.state.pages == [.home, .league(Demo.nerds)])
        #expect(await fake.joinRequests.count == 1)
        #expect(store.stored == nil)
        #expect(Screen(h.state).inSheet("Join request sent — waiting for the commissioner"))
    }

    @Test func declningTheLaunchOfferDropsIt() async {
        let store = InMemoryPendingActionStore(PendingAction(.requestToJoin(league: Demo.nerds, teamName: ""), createdAt: Demo.now.addingTimeInterval(-3600)))
        var h = await Harness.started(pendingStore: store)
        #expect(h.state.prompt != nil)
        h.key(.char("n"))
        await h.settle()
        #expect(h.state.prompt == nil)
        #expect(store.stored == nil)
        #expect(h.toast == "Cancelled")
    }

    @Test func aPendingActionOlderThanADayIsNotOffered() async {
        let store = InMemoryPendingActionStore(PendingAction(.requestToJoin(league: Demo.nerds, teamName: ""), createdAt: Demo.now.addingTimeInterval(-25 * 3600)))
        let h = await Harness.started(pendingStore: store)
        #expect(h.state.prompt == nil)
        #expect(store.stored == nil)
    }

    @Test func signedInJoinIsPerformedAtOnceAndARefusalIsToldInWords() async {
        let fake = FakeLeague()
        let alex = await fake.addAccount(email: "alex@example.com", password: "correct horse", displayName: "Alex")
        await fake.setSignedIn(alex)
        await fake.refuseJoins(Demo.nerds, with: .conflict("Sunday Nerds is full"))
        var h = await Self.onLeaguePage(fake)
        #expect(h.state.session == .signedIn(alex))
        h.key(.char("J"))
        await h.settle()
        #expect(h.state.top.page == .league(Demo.nerds), "no gate when signed in")
        #expect(h.toast == "Sunday Nerds is full")
        #expect(h.state.pendingAction == nil)
    }

    @Test func anInvalidPendingActionEndsWithAClearMessage() async {
        let fake = FakeLeague()
        _ = await fake.addAccount(email: "alex@example.com", password: "correct horse", displayName: "Alex")
        await fake.refuseJoins(Demo.nerds, with: .conflict("Sunday Nerds is full"))
        var h = await Self.onLeaguePage(fake)
        h.key(.char("J"))
        await h.settle()
        h.keys("alex@example.com"); h.key(.tab); h.keys("correct horse"); h.key(.enter)
        await h.settle()
        #expect(h.state.top.page == .league(Demo.nerds))
        #expect(h.toast == "Sunday Nerds is full")
        #expect(h.pendingStore.stored == nil)
    }

    @Test func anUnauthenticatedAnswerWipesTheSessionKeepsThePageAndSaysSo() async {
        let fake = FakeLeague()
        let alex = await fake.addAccount(email: "alex@example.com", password: "correct horse", displayName: "Alex")
        await fake.setSignedIn(alex)
        var h = await Self.onLeaguePage(fake)
        #expect(h.state.signedInName == "Alex")
        await fake.setRevoked(true)
        h.key(.char("r"))                          // reload: the server no longer accepts the session
        await h.settle()
        #expect(h.state.session == .signedOut)
        #expect(h.state.top.page == .league(Demo.nerds), "stays where they were")
        #expect(h.state.pages == [.home, .league(Demo.nerds)])
        #expect(h.toast == "Session ended — sign in again")
        #expect(h.state.top.isLoading == false)
        #expect(Screen(h.state).inSheet("Sunday Nerds"), "browsing continues signed out")
        #expect(Screen(h.state).topBar.contains("signed out"))
    }

    @Test func signOutAndSignInFromAnywhere() async {
        let fake = FakeLeague()
        let alex = await fake.addAccount(email: "alex@example.com", password: "correct horse", displayName: "Alex")
        await fake.setSignedIn(alex)
        var h = await Harness.started(fake: fake)
        #expect(h.state.session == .signedIn(alex))
        h.key(.char("O"))
        await h.settle()
        #expect(h.state.session == .signedOut)
        #expect(await fake.signOutCalls == 1)
        #expect(h.toast == "Signed out")
        h.key(.char("i"))
        #expect(h.state.top.page == .account(.signIn))
        h.keys("alex@example.com"); h.key(.tab); h.keys("correct horse"); h.key(.enter)
        await h.settle()
        #expect(h.state.top.page == .home)
        #expect(h.toast == "Signed in as Alex")
    }

    @Test func joinIsDisabledWithAReasonWhereItCannotHappen() async {
        var h = await Harness.started()
        h.send(.open(.league(Demo.greats)))        // in season
        await h.settle()
        h.key(.char("J"))
        await h.settle()
        #expect(h.toast == "Gridiron Greats has already drafted — joining is closed")
        #expect(h.state.pendingAction == nil)
        #expect(h.state.top.page == .league(Demo.greats))
    }

    @Test func homeShowsMyLeaguesOnceSignedInAndForgetsThemOnSignOut() async {
        let fake = FakeLeague()
        let alex = await fake.addAccount(email: "alex@example.com", password: "correct horse", displayName: "Alex")
        var h = await Harness.started(fake: fake)
        #expect(Screen(h.state).inSheet("My leagues  sign in to see your leagues"))
        h.key(.char("i"))
        h.keys("alex@example.com"); h.key(.tab); h.keys("correct horse"); h.key(.enter)
        await h.settle()
        #expect(h.state.session == .signedIn(alex))
        #expect(Screen(h.state).inSheet("My leagues (1)"))
        let sheet = Screen(h.state).layout.sheetContent
        #expect(Screen(h.state).lines[sheet.y..<sheet.bottom].filter { $0.contains("Gridiron Greats") && $0.contains("In season") }.count == 2,
                "in my leagues and in the public ones")
        h.key(.char("O"))
        await h.settle()
        #expect(Screen(h.state).inSheet("My leagues  sign in to see your leagues"))
    }

    @Test func signedOutFreeAgentAddSignsInThenAddsToTheirTeam() async throws {
        let fake = FakeLeague()
        _ = await fake.addAccount(email: "alex@example.com", password: "correct horse", displayName: "Alex")
        await fake.setMyTeam(Demo.bits, in: Demo.greats)
        var h = await Harness.started(fake: fake)
        h.send(.open(.freeAgents(Demo.greats)))
        await h.settle()
        let player = try #require(Demo.available.first { $0.availability == .freeAgent })
        // Select that player's row, then a.
        if let i = h.state.top.freeAgentsVisible?.firstIndex(where: { $0.player.id == player.player.id }) {
            h.send(.page(id: h.state.sheet.top.id, FreeAgentsFeature.pageAction(.list(.select(i)))))
        }
        h.key(.char("a"))
        await h.settle()
        #expect(h.state.top.page == .account(.signIn))
        h.keys("alex@example.com"); h.key(.tab); h.keys("correct horse"); h.key(.enter)
        await h.settle()
        #expect(h.state.top.page == .freeAgents(Demo.greats))
        let adds = await fake.adds
        #expect(adds.map(\.teamID) == [Demo.bits], "the person's own team, found after sign-in")
        #expect(adds.map(\.added) == [player.player.id])
        #expect(h.toast == "Darren Waller added to your team")
    }

    @Test func aFreeAgentAddWithoutATeamSaysWhy() async {
        let fake = FakeLeague()
        let alex = await fake.addAccount(email: "alex@example.com", password: "correct horse", displayName: "Alex")
        await fake.setSignedIn(alex)
        var h = await Harness.started(fake: fake)
        h.send(.open(.freeAgents(Demo.greats)))
        await h.settle()
        h.key(.char("a"))
        await h.settle()
        #expect(h.toast == "You don't have a team in Gridiron Greats — ask to join it first (J on its page)")
        #expect(await fake.adds.isEmpty)
    }

    // MARK: - The Sign in page's reducer, exhaustively (TestStore)

    /// Sign in's refusals step by step: an empty field is refused on the field without asking the server; a wrong
    /// password and a rate limit come back in words under the fields, the password kept for another try, and nothing
    /// is asked of the shell.
    @Test func signInRefusalsStepByStep() async {
        let fake = FakeLeague()
        _ = await fake.addAccount(email: "alex@example.com", password: "correct horse", displayName: "Alex")
        let ctx = PageContext(env: AppEnvironment(api: fake, settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)
        let store = TestStore(AuthFeature.self, AuthFeature.State(mode: .signIn), context: ctx)
        await store.send(.submit) { $0.form.refuse("Enter your email", field: 0) }
        await store.send(.pasted("alex@example.com")) { $0.form.fields[0].value.insert("alex@example.com"); $0.error = nil; $0.form.errorField = nil }
        await store.send(.submit) { $0.form.refuse("Enter your password", field: 1) }
        await store.send(.pasted("wrong")) { $0.form.fields[1].value.insert("wrong"); $0.error = nil; $0.form.errorField = nil }
        await store.send(.submit) { $0.submitting = true }
        await store.send(.submit)                                       // already sending: nothing more
        await store.receive({ if case .answered(.failure) = $0 { true } else { false } }) {
            $0.submitting = false; $0.error = "Email or password is wrong"
        }
        #expect(store.state.value(.password).text == "wrong", "kept for another try")
        await store.send(.nextField) { $0.focus = 0 }                   // Tab wraps round to the email
        await store.send(.key(.ctrl("u"))) { $0.form.fields[0].value.killToStart(); $0.error = nil }
        await store.send(.pasted("slow@down.example")) { $0.form.fields[0].value.insert("slow@down.example") }
        await store.send(.submit) { $0.submitting = true }
        await store.receive({ if case .answered(.failure) = $0 { true } else { false } }) {
            $0.submitting = false; $0.error = "Too many attempts — try again in 42 s"
        }
        store.finish()
    }
}

extension PageState {
    var freeAgentsVisible: [AvailablePlayer]? { if let s = self[FreeAgentsFeature.self] { s.visible } else { nil } }
}
