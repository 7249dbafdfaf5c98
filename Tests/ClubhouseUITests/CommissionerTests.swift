import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The commissioner page (C on the league page): join requests, invites, the draft order and date, the season clock.
/// Every change goes out as a gated write and comes back as a toast (and, for invites and the clock, a panel).
@Suite struct CommissionerTests {
    static let jo = JoinRequestView(request: JoinRequest(leagueID: Demo.nerds, user: UserID(7), teamName: "Jo's Jets", status: .pending,
                                                         requestedAt: Demo.now.addingTimeInterval(-3 * 3600)), displayName: "Jo")
    static let invite = Invite(code: "ABCD2345", leagueID: Demo.nerds, usesLeft: 3, expiresAt: Demo.now.addingTimeInterval(2 * 86_400))
    /// Wed Nov 6 2019 08:00 UTC, Tue Nov 5 04:45, Fri Nov 8 01:20 (after Demo.now, Sun Nov 3 16:53).
    static let waivers = Date(timeIntervalSince1970: 1_573_027_200)
    static let week9Final = Date(timeIntervalSince1970: 1_572_929_100)
    static let week10Kickoff = Date(timeIntervalSince1970: 1_573_176_000)

    /// Signed in as Casey, the commissioner of `league`, on its commissioner page (opened with C).
    static func onPage(_ league: LeagueID = Demo.nerds, commissioner: Bool = true, size: Size = Size(width: 80, height: 24),
                       now: @escaping @Sendable () -> Date = { Demo.now }) async -> Harness {
        let fake = FakeLeague()
        let casey = await fake.addAccount(email: "casey@example.com", password: "long enough pw", displayName: "Casey")
        await fake.setSignedIn(casey)
        var room = Demo.draftRoom(league)
        if league == Demo.nerds { room.picks = []; room.draft.status = .scheduled; room.draft.currentPick = 1 }
        await fake.setRoom(room)
        await fake.editCommish {
            if commissioner { $0.commissionerOf = [league] }
            $0.requests = [jo]
            $0.invites = [invite]
            $0.outlooks[Demo.greats] = ClockOutlook(nextWaiverRun: waivers, nextKickoff: .init(week: 10, at: week10Kickoff),
                                                    nextWeekFinal: .init(week: 9, at: week9Final))
        }
        var h = await Harness.started(fake: fake, size: size, now: now)
        h.send(.open(.league(league)))
        await h.settle()
        if commissioner {
            h.key(.char("C"))
        } else {
            h.send(.open(.commissioner(league)))
        }
        await h.settle()
        return h
    }

    static func page(_ h: Harness) -> CommissionerFeature.State? { if let s = h.state.top[CommissionerFeature.self] { s } else { nil } }
    static func calls(_ h: Harness) async -> [String] { await h.fake.commish.calls }

    // MARK: - Requests

    @Test func cOpensTheCommissionerPageOnRequests() async {
        let h = await Self.onPage()
        #expect(h.state.top.page == .commissioner(Demo.nerds))
        #expect(Self.page(h)?.tab == .requests)
        #expect(Self.page(h)?.pending == [Self.jo])
    }

    @Test func approveIsAGatedWriteThatReloadsTheRequests() async {
        var h = await Self.onPage()
        h.key(.char("a"))
        await h.settle()
        #expect(await Self.calls(h) == ["approve 7"])
        #expect(h.toast == "Request approved — the team is theirs")
        #expect(Self.page(h)?.pending == [], "reloaded: Jo's request is no longer pending")
        #expect(Screen(h.state).inSheet("Nobody is waiting to join."))
    }

    @Test func denyAsksFirstAndNoCancels() async {
        var h = await Self.onPage()
        h.key(.char("x"))
        #expect(Self.page(h)?.confirm == .deny(Self.jo))
        #expect(Screen(h.state).inSheet("Deny Jo's request to join as Jo's Jets?"))
        h.key(.char("n"))
        await h.settle()
        #expect(Self.page(h)?.confirm == nil)
        #expect(await Self.calls(h) == [])

        h.key(.char("x")); h.key(.char("y"))
        await h.settle()
        #expect(await Self.calls(h) == ["deny 7"])
        #expect(h.toast == "Request denied")
    }

    @Test func aRefusalFromTheServerShowsInWords() async {
        var h = await Self.onPage()
        await h.fake.editCommish { $0.refusal = .conflict("Sunday Nerds is full — no open team to give Jo") }
        h.key(.char("a"))
        await h.settle()
        #expect(h.toast == "Sunday Nerds is full — no open team to give Jo")
        #expect(Self.page(h)?.pending == [Self.jo], "nothing changed")
    }

    // MARK: - Invites

    @Test func aNewInviteIsCheckedThenItsCodeShowsLarge() async {
        var h = await Self.onPage()
        h.key(.char("2"))
        h.key(.char("n"))
        #expect(Self.page(h)?.form?.title == "New invite code")
        #expect(h.state.top.textEntry.isEditingText, "every key types into the form")
        h.key(.backspace); h.keys("0"); h.key(.enter)
        #expect(Self.page(h)?.form?.error == "Uses must be a whole number from 1 to 100")
        #expect(await Self.calls(h) == [])
        h.key(.backspace); h.keys("5"); h.key(.tab); h.key(.backspace); h.keys("x"); h.key(.enter)
        #expect(Self.page(h)?.form?.error == "Expiry must be a number of days from 1 to 365, or empty for never")
        #expect(Self.page(h)?.form?.text(0) == "5", "nothing typed is lost")
        h.key(.backspace); h.keys("3"); h.key(.enter)
        await h.settle()
        let expires = Int(Demo.now.addingTimeInterval(3 * 86_400).timeIntervalSince1970)
        #expect(await Self.calls(h) == ["invite 5 until \(expires)"])
        #expect(Self.page(h)?.form == nil)
        #expect(Self.page(h)?.newInvite?.code == "NEWCODE1")
        #expect(h.toast == "Invite created — share the code")
        let screen = Screen(h.state)
        #expect(screen.inSheet("New invite code:  NEWCODE1"))
        #expect(screen.inSheet("Share it — it joins 5 people until Wed Nov 6 (in 3 days)."))
    }

    @Test func anEmptyExpiryMeansNeverAndEscCancelsTheForm() async {
        var h = await Self.onPage()
        h.key(.char("2")); h.key(.char("n")); h.key(.escape)
        #expect(Self.page(h)?.form == nil)
        h.key(.char("n")); h.key(.tab); h.key(.backspace); h.key(.enter)
        await h.settle()
        #expect(await Self.calls(h) == ["invite 1"])
        #expect(Screen(h.state).inSheet("it joins 1 person with no expiry"))
    }

    @Test func revokeAsksFirst() async {
        var h = await Self.onPage()
        h.key(.char("2")); h.key(.char("x"))
        #expect(Self.page(h)?.confirm == .revoke(Self.invite))
        h.key(.char("y"))
        await h.settle()
        #expect(await Self.calls(h) == ["revoke ABCD2345"])
        #expect(h.toast == "Invite ABCD2345 revoked")
        #expect(Self.page(h)?.invites.value == [])
    }

    // MARK: - Draft order and date

    @Test func jAndKMoveTheSelectedTeamAndSSavesTheOrder() async {
        var h = await Self.onPage()
        h.key(.char("3"))
        #expect(Self.page(h)?.order.map(\.id) == [Demo.bits, Demo.bytes, Demo.tailgaters, Demo.hailMarys])
        h.key(.char("s"))
        #expect(h.toast == "the order hasn't changed", "nothing to save yet")
        h.key(.char("J"))
        #expect(Self.page(h)?.order.map(\.id) == [Demo.bytes, Demo.bits, Demo.tailgaters, Demo.hailMarys])
        #expect(Self.page(h)?.list.selected == 1, "the selection follows the team")
        h.key(.char("J")); h.key(.char("K")); h.key(.char("K"))
        #expect(Self.page(h)?.editedOrder == nil, "back where it was: nothing to save")
        h.key(.char("J"))
        #expect(Screen(h.state).inSheet("Order changed — s saves it, r goes back"))
        h.key(.char("s"))
        await h.settle()
        #expect(await Self.calls(h) == ["order 2,1,3,4"])
        #expect(h.toast == "Draft order saved")
        #expect(Self.page(h)?.editedOrder == nil)
        #expect(Self.page(h)?.order.map(\.id) == [Demo.bytes, Demo.bits, Demo.tailgaters, Demo.hailMarys], "reloaded from the server")
    }

    @Test func randomiseAsksFirst() async {
        var h = await Self.onPage()
        h.key(.char("3")); h.key(.char("R"))
        #expect(Self.page(h)?.confirm == .randomize)
        #expect(Screen(h.state).inSheet("Shuffle the draft order at random?"))
        h.key(.escape)
        #expect(Self.page(h)?.confirm == nil)
        h.key(.char("R")); h.key(.enter)
        await h.settle()
        #expect(await Self.calls(h) == ["randomize"])
        #expect(h.toast == "Draft order randomised")
    }

    @Test func theDraftDateIsCheckedInWordsAndEmptyClearsIt() async {
        var h = await Self.onPage()
        h.key(.char("3")); h.key(.char("S"))
        #expect(Self.page(h)?.form?.text(0) == "2019-11-05 16:53", "the date the league has now")
        // The example is a date of the league's own season: ten days after its clock, at 19:00.
        h.key(.ctrl("u")); h.keys("next sunday"); h.key(.enter)
        #expect(Self.page(h)?.form?.error == "Write the date and time as 2019-11-13 19:00 (UTC), or leave it empty to clear it")
        h.key(.ctrl("u")); h.keys("2019-02-30 19:00"); h.key(.enter)
        #expect(Self.page(h)?.form?.error == "Write the date and time as 2019-11-13 19:00 (UTC), or leave it empty to clear it")
        h.key(.ctrl("u")); h.keys("2019-09-01 19:00"); h.key(.enter)
        #expect(Self.page(h)?.form?.error == "The draft date must be in the future — it's 2019-11-03 16:53 UTC now")
        #expect(await Self.calls(h) == [])
        h.key(.ctrl("u")); h.keys("2019-12-01 19:30"); h.key(.enter)
        await h.settle()
        #expect(await Self.calls(h) == ["schedule \(Int(CommissionerInputs.parseDate("2019-12-01 19:30")!.timeIntervalSince1970))"])
        #expect(h.toast == "Draft scheduled")
        h.key(.char("S")); h.key(.ctrl("u")); h.key(.enter)
        await h.settle()
        #expect(await Self.calls(h).last == "schedule cleared")
        #expect(h.toast == "Draft date cleared")
    }

    @Test func datesParseOnlyInTheOneFormat() {
        #expect(CommissionerInputs.parseDate("2019-09-01 19:00") == Date(timeIntervalSince1970: 1_567_364_400))
        // The form's example is in the league's own season: the demo's preseason clock gives the demo's draft day.
        #expect(CommissionerInputs.exampleDate(ISO8601.parse("2019-08-22T12:00:00Z")!) == "2019-09-01 19:00")
        #expect(CommissionerInputs.exampleDate(ISO8601.parse("2024-08-25T09:30:00Z")!) == "2024-09-04 19:00")
        #expect(CommissionerInputs.dateText(Date(timeIntervalSince1970: 1_567_364_400)) == "2019-09-01 19:00")
        for bad in ["2019-9-1", "19:00", "2019-09-01T19:00", "2019-09-31 19:00", "2019-09-01 24:00", "2019-09-01 19:00 extra"] {
            #expect(CommissionerInputs.parseDate(bad) == nil, "\(bad)")
        }
    }

    @Test func theDraftTabIsLockedOnceTheDraftStarted() async {
        var h = await Self.onPage(Demo.greats)
        h.key(.char("3")); h.key(.char("J"))
        #expect(h.toast == "The draft has started — its order and date are fixed")
        h.key(.char("S"))
        #expect(Self.page(h)?.form == nil)
        #expect(Screen(h.state).inSheet("The draft has started — its order and date are fixed"))
    }

    // MARK: - The season clock

    @Test func aClockRowAsksWhatWillHappenThenMovesTheClock() async {
        var h = await Self.onPage(Demo.greats)
        await h.fake.editCommish {
            $0.advance = ClockAdvance(from: Demo.now, to: Self.waivers, waiverRuns: [["Bits claimed Mostert", "Bytes lost Mostert"]],
                                      weeksFinalized: [9], state: .inSeason)
        }
        h.key(.char("4"))
        #expect(Self.page(h)?.steps.map(\.label) == ["Advance 1 hour", "Advance 1 day", "Advance to the next waiver run",
                                                      "Advance to kickoff of week 10", "Advance to the end of week 9"])
        h.key(.char("j")); h.key(.char("j")); h.key(.enter)
        #expect(Self.page(h)?.confirm == .advance(.init(label: "Advance to the next waiver run", to: Self.waivers)))
        #expect(CommissionerFeature.question(Self.page(h)!.confirm!, Self.page(h)!)
                == "Move the clock from Sun Nov 3 16:53 to Wed Nov 6 08:00 — waivers run, week 9 becomes final?")
        h.key(.char("y"))
        await h.settle()
        #expect(await Self.calls(h) == ["advance \(Int(Self.waivers.timeIntervalSince1970))"])
        #expect(h.toast == "Season clock moved")
        #expect(Self.page(h)?.lastAdvance?.weeksFinalized == [9])
        #expect(Screen(h.state).inSheet("✓ Clock now Wed Nov 6 08:00 · 1 waiver run (2 claims) · week 9 final"))
    }

    @Test func anHourAheadSaysNothingIsProcessed() async {
        var h = await Self.onPage(Demo.greats)
        h.key(.char("4")); h.key(.enter)
        #expect(CommissionerFeature.question(Self.page(h)!.confirm!, Self.page(h)!)
                == "Move the clock from Sun Nov 3 16:53 to Sun Nov 3 17:53 (nothing is processed on the way)?")
    }

    @Test func theClockIsLockedBeforeTheDraftIsComplete() async {
        var h = await Self.onPage(Demo.nerds)
        h.key(.char("4")); h.key(.enter)
        #expect(h.toast == "The season clock moves once the draft is complete")
        #expect(Self.page(h)?.confirm == nil)
        #expect(await Self.calls(h) == [])
    }

    @Test func summariesCountRunsClaimsAndWeeks() {
        let none = ClockAdvance(from: Demo.now, to: Self.waivers, state: .inSeason)
        #expect(CommissionerInputs.summary(none) == "Clock now Wed Nov 6 08:00 · no waiver run · no week finalised")
        let many = ClockAdvance(from: Demo.now, to: Self.waivers, waiverRuns: [["a"], []], weeksFinalized: [9, 10], champion: Demo.bits, state: .complete)
        #expect(CommissionerInputs.summary(many) == "Clock now Wed Nov 6 08:00 · 2 waiver runs (1 claim) · weeks 9, 10 final · the season is complete")
    }

    // MARK: - Not the commissioner

    @Test func someoneElseSeesEveryActionDisabledWithTheReason() async {
        var h = await Self.onPage(commissioner: false)
        let reason = "Only the commissioner of Sunday Nerds can do this"
        #expect(CommissionerFeature.notCommissioner(Self.page(h)?.detail.value) == reason)
        for (tab, key) in [("1", "a"), ("1", "x"), ("2", "n"), ("3", "R"), ("3", "S"), ("4", "\r")] {
            h.send(.event(.key(.char(Character(tab)))))   // the tab, perhaps open already
            h.key(key == "\r" ? .enter : .char(Character(key)))
            #expect(h.toast == reason, "\(tab) \(key)")
        }
        #expect(Self.page(h)?.confirm == nil)
        #expect(Self.page(h)?.form == nil)
        #expect(Screen(h.state).inSheet("Sunday Nerds · Pre-draft · Only the commissioner of Sunday Nerds can do this"))
    }

    // MARK: - The page's reducer, exhaustively (TestStore)

    /// Loaded on the draft tab of Sunday Nerds (scheduled, Bits first), signed in as its commissioner.
    static func draftTabStore(now: Date = Demo.now) -> TestStore<CommissionerFeature> {
        var room = Demo.draftRoom(Demo.nerds)
        room.picks = []; room.draft.status = .scheduled; room.draft.currentPick = 1
        var s = CommissionerFeature.State(id: Demo.nerds)
        s.detail = Loadable(Demo.detail(Demo.nerds))
        s.invites = Loadable([invite])
        s.requests = Loadable([jo])
        s.room = Loadable(room)
        s.tab = .draft
        let ctx = PageContext(env: AppEnvironment(api: FakeLeague(), settings: InMemorySettingsStore(), now: { now }), viewport: 10)
        return TestStore(CommissionerFeature.self, s, context: ctx)
    }

    /// J and K step by step: each move is the edit and the selection; back where it was, there is nothing to save.
    @Test func jAndKEditTheOrderStepByStep() async {
        let store = Self.draftTabStore()
        let teams = store.state.room.value!.teams
        #expect(teams.map(\.id) == [Demo.bits, Demo.bytes, Demo.tailgaters, Demo.hailMarys])
        await store.send(.orderSaved)
        store.delegated(.toast("The order hasn't changed — J/K move the selected team."))
        await store.send(.orderMoved(-1))                              // the first team can't go up
        await store.send(.orderMoved(1)) { $0.editedOrder = [teams[1], teams[0], teams[2], teams[3]]; $0.list.selected = 1 }
        await store.send(.orderMoved(1)) { $0.editedOrder = [teams[1], teams[2], teams[0], teams[3]]; $0.list.selected = 2 }
        await store.send(.orderMoved(-1)) { $0.editedOrder = [teams[1], teams[0], teams[2], teams[3]]; $0.list.selected = 1 }
        await store.send(.orderMoved(-1)) { $0.editedOrder = nil; $0.list.selected = 0 }   // back where it was
        await store.send(.orderMoved(1)) { $0.editedOrder = [teams[1], teams[0], teams[2], teams[3]]; $0.list.selected = 1 }
        await store.send(.orderSaved)
        store.delegated(.perform(.commissioner(.setDraftOrder(league: Demo.nerds, order: [Demo.bytes, Demo.bits, Demo.tailgaters, Demo.hailMarys]))))
        store.finish()
    }

    /// S's form step by step: a date in another format or in the past is refused in words on the field, nothing asked
    /// of the shell; a good one (or none) asks for the write and closes the form; Esc closes it.
    @Test func theDraftDateFormStepByStep() async {
        let store = Self.draftTabStore()
        let detail = store.state.detail.value!
        let form = CommissionerInputs.scheduleForm(current: detail.league.draftScheduledAt ?? store.state.room.value?.draft.scheduledAt,
                                                   clock: detail.league.clock)
        await store.send(.schedulePressed) { $0.form = form; $0.formKind = .schedule }
        func retype(_ text: String) async {
            // ctrl-u empties the field (it holds text each time here), which answers a refusal shown
            await store.send(.typed(.ctrl("u"))) { $0.form?.fields[0].value.killToStart(); $0.form?.clearError() }
            await store.send(.pasted(text)) { $0.form?.fields[0].value.insert(text); $0.form?.clearError() }
        }
        #expect(form.text(0) == "2019-11-05 16:53", "the date the league has now")
        // The example is a date of the league's own season: ten days after its clock, at 19:00.
        let format = "Write the date and time as 2019-11-13 19:00 (UTC), or leave it empty to clear it"
        await retype("next sunday")
        await store.send(.typed(.enter)) { $0.form?.refuse(format, field: 0) }
        await retype("2019-02-30 19:00")
        await store.send(.typed(.enter)) { $0.form?.refuse(format, field: 0) }
        await retype("2019-09-01 19:00")
        await store.send(.typed(.enter)) { $0.form?.refuse("The draft date must be in the future — it's 2019-11-03 16:53 UTC now", field: 0) }
        await retype("2019-12-01 19:30")
        await store.send(.typed(.enter)) { $0.form = nil; $0.formKind = nil }
        store.delegated(.perform(.commissioner(.scheduleDraft(league: Demo.nerds, at: CommissionerInputs.parseDate("2019-12-01 19:30")!))))

        await store.send(.schedulePressed) { $0.form = form; $0.formKind = .schedule }
        await store.send(.escaped) { $0.form = nil; $0.formKind = nil }
        store.finish()
    }
}
