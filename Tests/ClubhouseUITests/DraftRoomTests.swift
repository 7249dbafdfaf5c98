import Foundation
import Synchronization
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The live draft room: picks, the queue, the chat, commissioner controls, the countdown and the bell.
@Suite struct DraftRoomTests {
    /// Couch Coaches with six picks made: pick 7 (round 2) is on the clock, and in a snake that is Bytes.
    static func liveRoom(myTeam: TeamID? = Demo.bytes, commissioner: Bool = false, status: DraftStatus = .running,
                         deadlineIn: Double? = 42, signedIn: Bool = true) -> DraftBoard {
        var r = Demo.draftRoom(Demo.couch)
        r.capabilities = Capabilities(signedIn: signedIn, myTeam: myTeam, isCommissioner: commissioner)
        r.draft.status = status
        r.draft.deadline = deadlineIn.map { Demo.now.addingTimeInterval($0) }
        return r
    }

    static func completeRoom() -> DraftBoard {
        var r = Demo.draftRoom(Demo.greats)
        r.capabilities = Capabilities(signedIn: true, myTeam: Demo.bits)
        return r
    }

    static func opened(_ room: DraftBoard, signedIn: Bool = true, size: Size = Size(width: 80, height: 24)) async -> Harness {
        let fake = FakeLeague()
        await fake.setRoom(room)
        await fake.setDraftSignedIn(signedIn)
        var h = await Harness.started(fake: fake, size: size)
        h.send(.open(.draftRoom(room.leagueID)))
        await h.settle()
        return h
    }

    static func room(_ h: Harness) -> DraftRoomFeature.State? {
        if let s = h.state.top[DraftRoomFeature.self] { s } else { nil }
    }

    // MARK: Picks

    @Test func onTheClockEnterConfirmsThenPicksWithThePickNumberSeenAndReloads() async {
        var h = await Self.opened(Self.liveRoom())
        #expect(Self.room(h)?.isMyTurn == true)
        #expect(Screen(h.state).inSheet("on the clock: Bytes (you)"))
        let roomLoads = await h.fake.calls[.draftRoom] ?? 0
        h.key(.enter)
        guard case .pick(let p, let expected, let team, forTeam: false)? = Self.room(h)?.rounds?.confirm else { Issue.record("no confirmation"); return }
        #expect(p == Demo.kupp && expected == 7 && team == Demo.bytes, "the top-ranked undrafted player, with the pick on the clock and its team")
        #expect(Screen(h.state).inSheet("Draft Cooper Kupp (WR, LAR) with pick 7?"))
        #expect(Screen(h.state).footer.contains("y confirm"))
        #expect(await h.fake.pickCalls.isEmpty, "nothing is sent before the confirmation")
        h.key(.char("y"))
        await h.settle()
        #expect(await h.fake.pickCalls == [7])
        #expect(await (h.fake.calls[.draftRoom] ?? 0) > roomLoads, "the room reloads after the pick")
        #expect(Self.room(h)?.room.value?.draft.currentPick == 8)
        #expect(Self.room(h)?.available.contains { $0.player == Demo.kupp } == false)
        #expect(h.toast == "Pick 7: Cooper Kupp.")
    }

    @Test func aLiveRefreshKeepsTheSamePlayerSelectedWhenRowsAboveAreDrafted() async {
        var h = await Self.opened(Self.liveRoom(myTeam: Demo.bits))
        h.key(.char("j")); h.key(.char("j"))
        #expect(Self.room(h)?.available[safe: Self.room(h)?.list.selected ?? -1]?.player.name == "Darren Waller")
        // Bytes drafts Kupp (the top row) elsewhere.
        var next = Self.liveRoom(myTeam: Demo.bits)
        next.picks.append(DraftPickView(pick: Pick(number: 7, round: 2, teamID: Demo.bytes, playerID: Demo.kupp.id, source: .manager, madeAt: Demo.now), player: Demo.kupp))
        next.draft.currentPick = 8
        await h.fake.setRoom(next)
        h.send(.board(.refreshDue))
        await h.settle()
        #expect(Self.room(h)?.available.first?.player == Demo.julio)
        #expect(Self.room(h)?.available[safe: Self.room(h)?.list.selected ?? -1]?.player.name == "Darren Waller", "still the player I was looking at")
    }

    /// A pick elsewhere re-reads the board (one read each for the grid and the room), never the players list; a chat
    /// line re-reads neither the room's board nor the players; an undone pick gives its player back, so the players
    /// list is read again.
    @Test func aLivePickReadsOnlyWhatItChanges() async {
        var h = await Self.opened(Self.liveRoom(myTeam: Demo.bits))
        h.followEvents = false
        let league = Demo.couch
        let rooms = await h.fake.calls[.draftRoom] ?? 0, players = await h.fake.calls[.draftablePlayers] ?? 0
        var next = Self.liveRoom(myTeam: Demo.bits)
        next.picks.append(DraftPickView(pick: Pick(number: 7, round: 2, teamID: Demo.bytes, playerID: Demo.kupp.id, source: .manager, madeAt: Demo.now), player: Demo.kupp))
        next.draft.currentPick = 8
        await h.fake.setRoom(next)
        h.send(.board(.eventReceived(LeagueEvent(id: 10, leagueID: league, kind: .pickMade, payload: "{}", at: Demo.now))))
        await h.settle()
        #expect(Self.room(h)?.room.value?.draft.currentPick == 8, "the room shows the pick")
        #expect(Self.room(h)?.available.contains { $0.player == Demo.kupp } == false)
        #expect(await h.fake.calls[.draftRoom] == rooms + 2, "the grid's read and the room's")
        #expect(await h.fake.calls[.draftablePlayers] ?? 0 == players, "the players list is not read for a pick")

        h.send(.board(.eventReceived(LeagueEvent(id: 11, leagueID: league, kind: .chat, payload: "{}", at: Demo.now))))
        await h.settle()
        #expect(await h.fake.calls[.draftRoom] == rooms + 3, "only the grid reads the board for a chat line")

        await h.fake.setRoom(Self.liveRoom(myTeam: Demo.bits))   // pick 7 undone
        h.send(.board(.eventReceived(LeagueEvent(id: 12, leagueID: league, kind: .pickUndone, payload: "{}", at: Demo.now))))
        await h.settle()
        #expect(await h.fake.calls[.draftablePlayers] ?? 0 == players + 1, "an undo gives the player back: the list is read again")
        #expect(Self.room(h)?.available.contains { $0.player == Demo.kupp } == true)
    }

    @Test func aConfirmationOvertakenByALivePickIsDroppedWithAReason() async {
        var h = await Self.opened(Self.liveRoom())
        h.key(.enter)
        #expect(Self.room(h)?.rounds?.confirm != nil)
        var next = Self.liveRoom()
        next.draft.currentPick = 8      // the clock ran out: autopick took pick 7
        await h.fake.setRoom(next)
        h.send(.board(.refreshDue))
        await h.settle()
        #expect(Self.room(h)?.rounds?.confirm == nil)
        #expect(h.toast == "Pick 7 was made while you were deciding.")
        #expect(await h.fake.pickCalls.isEmpty)
    }

    @Test func escOrNCancelsTheConfirmation() async {
        var h = await Self.opened(Self.liveRoom())
        h.key(.enter)
        #expect(Self.room(h)?.rounds?.confirm != nil)
        h.key(.escape)
        #expect(Self.room(h)?.rounds?.confirm == nil)
        #expect(h.state.pages.last == .draftRoom(Demo.couch), "esc cancels the confirmation, not the page")
        h.key(.enter); h.key(.char("n"))
        #expect(Self.room(h)?.rounds?.confirm == nil)
        await h.settle()
        #expect(await h.fake.pickCalls.isEmpty)
    }

    @Test func aStalePickShowsTheServersSentenceAndIsNeverReplayed() async {
        var h = await Self.opened(Self.liveRoom())
        await h.fake.setPickConflict("Pick 7 was already made")
        h.key(.enter); h.key(.char("y"))
        await h.settle()
        #expect(h.toast == "Pick 7 was already made")
        #expect(await h.fake.pickCalls == [7], "sent once, not retried")
        #expect(Self.room(h)?.rounds?.confirm == nil)
    }

    @Test func notMyTurnExplainsWhoIsOnTheClock() async {
        var h = await Self.opened(Self.liveRoom(myTeam: Demo.bits))
        h.key(.enter)
        #expect(h.toast == "It's not your pick — Bytes is on the clock.")
        #expect(Self.room(h)?.rounds?.confirm == nil)
    }

    @Test func signedOutPicksGoThroughSignInWithThePickNumberSeen() async {
        var h = await Self.opened(Self.liveRoom(myTeam: nil, signedIn: false), signedIn: false)
        h.key(.enter)
        await h.settle()
        #expect(h.state.pendingAction?.write == .makePick(league: Demo.couch, expectedPick: 7, expectedTeam: Demo.bytes, player: Demo.kupp.id))
        guard h.state.top.is(AuthFeature.self) else { Issue.record("Sign in did not open: \(h.state.pages)"); return }
        #expect(await h.fake.pickCalls.isEmpty, "nothing is sent before sign-in")
    }

    @Test func aSessionThatEndedMidDraftAsksToSignInAgain() async {
        // The room still says signed in, but the server no longer accepts the session.
        var h = await Self.opened(Self.liveRoom(), signedIn: false)
        h.key(.enter); h.key(.char("y"))
        await h.settle()
        #expect(h.state.toasts.visible(at: h.state.clock).contains { $0.message == DraftRoomFeature.signInMessage })
        #expect(await h.fake.pickCalls.isEmpty)
    }

    @Test func theGateSpeaksOfDraftingForDraftWrites() {
        let pick = GatedWrite.makePick(league: Demo.couch, expectedPick: 7, expectedTeam: Demo.bytes, player: Demo.kupp.id)
        #expect(pick.successMessage == "Pick 7 made")
        #expect(pick.gateReason(leagueName: "Couch Coaches") == "Sign in to draft in Couch Coaches — you'll come straight back to the room.")
        #expect(pick.resumeQuestion(leagueName: "Couch Coaches") == "Finish your pick 7 in Couch Coaches?")
        #expect(GatedWrite.editQueue(league: Demo.couch, edit: .add(Demo.kupp.id)).successMessage == "Queue updated")
        #expect(GatedWrite.sendChat(league: Demo.couch, text: "hi").successMessage == "Message sent")
    }

    @Test func signedOutQueueEditsGoThroughSignIn() async {
        var h = await Self.opened(Self.liveRoom(myTeam: nil, signedIn: false), signedIn: false)
        h.key(.char("j")); h.key(.char("a"))
        await h.settle()
        #expect(h.state.pendingAction?.write == .editQueue(league: Demo.couch, edit: .add(Demo.julio.id)))
        guard h.state.top.is(AuthFeature.self) else { Issue.record("Sign in did not open: \(h.state.pages)"); return }
        #expect(await h.fake.queueEdits.isEmpty)
    }

    @Test func signedOutCommissionerKeysExplainHowToSignIn() async {
        var h = await Self.opened(Self.liveRoom(myTeam: nil, signedIn: false), signedIn: false)
        h.key(.char("P"))
        #expect(h.toast == DraftRoomFeature.signInMessage)
    }

    @Test func pausedRoomRefusesPicks() async {
        var h = await Self.opened(Self.liveRoom(status: .paused, deadlineIn: nil))
        h.key(.enter)
        #expect(h.toast == "The draft is paused.")
    }

    @Test func searchAndPositionNarrowAvailableAndEscClearsThem() async {
        var h = await Self.opened(Self.liveRoom())
        h.keys("/jul")
        #expect(Self.room(h)?.available.map(\.player) == [Demo.julio])
        h.key(.enter)
        #expect(Screen(h.state).inSheet("/jul"))
        h.key(.escape)
        #expect(Self.room(h)?.available.count == 6)
        h.key(.char("p")); h.key(.char("p"))     // QB, then RB
        #expect(Self.room(h)?.position == .rb)
        #expect(Self.room(h)?.available.allSatisfy { $0.player.position == .rb } == true)
        #expect(Self.room(h)?.list.selected == 0)
        h.key(.escape)
        #expect(Self.room(h)?.position == nil)
        #expect(h.state.pages.last == .draftRoom(Demo.couch), "esc cleared the filter, not the page")
    }

    // MARK: Queue

    @Test func queueAddRemoveAndReorder() async {
        var h = await Self.opened(Self.liveRoom(myTeam: Demo.bits))
        h.key(.char("a"))           // Kupp (rank 7)
        await h.settle()
        h.key(.char("j")); h.key(.char("a"))   // Julio (rank 8)
        await h.settle()
        #expect(await h.fake.queueEdits == [.add(Demo.kupp.id), .add(Demo.julio.id)])
        #expect(Self.room(h)?.myQueue.map(\.id) == [Demo.kupp.id, Demo.julio.id])
        #expect(Screen(h.state).inSheet("Cooper Kupp ★"), "queued players are starred in Available")
        h.key(.char("2"))
        #expect(Self.room(h)?.tab == .queue)
        h.key(.char("j"))            // Julio
        h.key(.char("K"))            // up
        await h.settle()
        #expect(await h.fake.queueEdits.last == .move(Demo.julio.id, to: 0))
        #expect(Self.room(h)?.myQueue.map(\.id) == [Demo.julio.id, Demo.kupp.id])
        #expect(Self.room(h)?.list.selected == 0, "the selection follows the moved player")
        h.key(.char("J"))
        await h.settle()
        #expect(Self.room(h)?.myQueue.map(\.id) == [Demo.kupp.id, Demo.julio.id])
        h.key(.char("x"))
        await h.settle()
        #expect(await h.fake.queueEdits.last == .remove(Demo.julio.id))
        #expect(Self.room(h)?.myQueue.map(\.id) == [Demo.kupp.id])
    }

    // MARK: Chat

    @Test func chatRulesRefuseEmptyLongAndControlCharacters() {
        #expect(DraftRoomFeature.chatProblem("") == "Type a message first.")
        #expect(DraftRoomFeature.chatProblem("   ") == "Type a message first.")
        #expect(DraftRoomFeature.chatProblem(String(repeating: "x", count: 201)) == "Messages are at most 200 characters (this one has 201).")
        #expect(DraftRoomFeature.chatProblem(String(repeating: "x", count: 200)) == nil)
        #expect(DraftRoomFeature.chatProblem("hi\u{7}") == "A message can't contain control characters (U+0007 at character 3).")
        #expect(DraftRoomFeature.chatProblem("good pick 🏈") == nil)
        // The domain's rule, counted the same way: invisible characters are refused, a ZWJ family is one character.
        #expect(DraftRoomFeature.chatProblem("g\u{200B}g") == "A message can't contain invisible characters (U+200B at character 2).")
        #expect(DraftRoomFeature.chatProblem(String(repeating: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", count: 200)) == nil)
    }

    @Test func chatTypesSendsAndShowsTheMessage() async {
        var h = await Self.opened(Self.liveRoom())
        h.key(.char("5"))
        h.key(.char("c"))
        #expect(Self.room(h)?.chatEditing == true)
        #expect(Screen(h.state).footer.contains("enter send · esc stop typing"))
        h.key(.enter)
        #expect(h.toast == "Type a message first.")
        h.keys("nice pick")
        h.send(.event(.paste(String(repeating: "!", count: 200))))
        #expect(h.toast == DraftRoomFeature.chatLimitMessage, "input past the limit is cut as it arrives, and said")
        #expect(Self.room(h)?.chatField.count == 200)
        for _ in 0..<191 { h.key(.backspace) }
        h.key(.enter)
        await h.settle()
        #expect(await h.fake.chatLog.map(\.body) == ["nice pick"])
        #expect(Self.room(h)?.chatField.text == "")
        #expect(Screen(h.state).inSheet("nice pick"))
        h.key(.escape)
        #expect(Self.room(h)?.chatEditing == false)
        #expect(h.state.pages.last == .draftRoom(Demo.couch))
    }

    @Test func aHundredKilobytePasteIntoTheChatIsOneInsertionCutAt200AndSaidOnce() async {
        var h = await Self.opened(Self.liveRoom())
        h.key(.char("5"))
        h.key(.char("c"))
        h.keys("gg ")
        let toastsBefore = h.state.toasts.visible(at: h.state.clock).count
        h.send(.event(.paste(String(repeating: "0123456789\n", count: 9_310))))
        // Keys past the limit: cut, not said again (what the field holds and the notices are checked below).
        for c in "more" { h.send(.event(.key(.char(c)))) }
        let field = Self.room(h)?.chatField
        #expect(field?.count == DraftRoomFeature.chatLimit)
        #expect(field?.text.hasPrefix("gg 0123456789 0123") == true, "newlines pasted become spaces")
        let notices = h.state.toasts.visible(at: h.state.clock).dropFirst(toastsBefore).filter { $0.message == DraftRoomFeature.chatLimitMessage }
        #expect(notices.count == 1)
        #expect(Screen(h.state).inSheet("200/200"))
        h.key(.enter)
        await h.settle()
        #expect(await h.fake.chatLog.map(\.body.count) == [200])
    }

    @Test func aPasteOutsideATextFieldRunsNoCommands() async {
        var h = await Self.opened(Self.liveRoom())
        // "5" would open Chat and "c" would start typing, were a paste typed key by key.
        h.send(.event(.paste("5c hello")))
        #expect(Self.room(h)?.tab == .available)
        #expect(Self.room(h)?.chatEditing == false)
    }

    @Test func aLongPasteIntoTheSearchIsCutAt40AndSaidOnce() async {
        var h = await Self.opened(Self.liveRoom())
        h.key(.char("/"))
        h.send(.event(.paste(String(repeating: "k", count: 100_000))))
        #expect(Self.room(h)?.filter.text.count == FilterField.maxLength)
        #expect(h.toast == FilterField.limitMessage)
    }

    // MARK: Commissioner

    @Test func commissionerControlsAreDisabledWithReasonsForOthers() async {
        var h = await Self.opened(Self.liveRoom(myTeam: nil))
        let keymap = AppReducer.activeKeymap(h.state)
        for key in ["S", "P", "U", "F", "A"] {
            guard case .disabled(let reason) = keymap.lookup(.char(Character(key))) else { Issue.record("\(key) is not disabled"); continue }
            #expect(reason == "Only the commissioner can do that.", "\(key)")
        }
        h.key(.char("P"))
        await h.settle()
        #expect(h.toast == "Only the commissioner can do that.")
        #expect(await h.fake.commands.isEmpty)
        // Help lists them anyway.
        #expect(keymap.bindings.contains { $0.label == "undo last pick" && !$0.isEnabled })
    }

    @Test func theCommissionerStartsAScheduledDraft() async {
        var room = Self.liveRoom(myTeam: Demo.bits, commissioner: true, status: .scheduled, deadlineIn: nil)
        room.picks = []; room.draft.currentPick = 1
        var h = await Self.opened(room)
        #expect(Screen(h.state).inSheet("Not started · S starts it"))
        #expect(Screen(h.state).footer.contains("S start draft"))
        h.key(.enter)
        #expect(h.toast == "The draft hasn't started yet.")
        h.key(.char("S"))
        await h.settle()
        #expect(await h.fake.commands == ["start"])
        #expect(h.toast == "The draft has started.")
        #expect(Screen(h.state).inSheet("Round 1 · pick 1 · on the clock: Bits (you)"))
    }

    @Test func aManagerTogglesAutopickForTheirOwnTeam() async {
        var h = await Self.opened(Self.liveRoom(myTeam: Demo.bits))
        guard case .disabled(let reason) = AppReducer.activeKeymap(h.state).lookup(.char("S")) else { Issue.record("S enabled"); return }
        #expect(reason == "Only the commissioner can do that.")
        h.key(.char("A"))
        await h.settle()
        #expect(await h.fake.commands == ["autopick \(Demo.bits.rawValue) on"])
        #expect(h.toast == "Autopick on for Bits.")
        h.key(.char("A"))
        await h.settle()
        #expect(await h.fake.commands.last == "autopick \(Demo.bits.rawValue) off")
    }

    @Test func theCommissionerPausesUndoesWithConfirmAndPicksForTheTeamOnTheClock() async {
        var h = await Self.opened(Self.liveRoom(myTeam: Demo.bits, commissioner: true))
        h.key(.char("P"))
        await h.settle()
        #expect(await h.fake.commands == ["pause"])
        #expect(h.toast == "Draft paused.")
        #expect(Self.room(h)?.room.value?.draft.status == .paused)
        #expect(Screen(h.state).inSheet("paused"))
        h.key(.char("P"))
        await h.settle()
        #expect(await h.fake.commands == ["pause", "resume"])
        h.key(.char("U"))
        #expect(Self.room(h)?.confirm == .undo(lastPick: 6))
        h.key(.char("y"))
        await h.settle()
        #expect(await h.fake.commands.last == "undo")
        #expect(Self.room(h)?.room.value?.draft.currentPick == 6)
        h.key(.char("F"))
        guard case .pick(_, 6, _, forTeam: true)? = Self.room(h)?.rounds?.confirm else { Issue.record("no pick-for-team confirmation"); return }
        h.key(.char("y"))
        await h.settle()
        #expect(await h.fake.pickCalls == [-6], "pickForTeam with the pick number seen")
        h.key(.char("A"))
        await h.settle()
        #expect(await h.fake.commands.last?.hasPrefix("autopick") == true)
        #expect(h.toast?.hasPrefix("Autopick on for") == true)
    }

    // MARK: Countdown and bell

    @Test func countdownTurnsRedUnderTenSecondsAndNamesOtherStates() {
        var d = Self.liveRoom().draft
        d.deadline = Demo.now.addingTimeInterval(42)
        #expect(DraftRoomFeature.countdown(d, now: Demo.now)! == ("0:42", .accent))
        d.deadline = Demo.now.addingTimeInterval(9.2)
        #expect(DraftRoomFeature.countdown(d, now: Demo.now)! == ("0:10", .accent), "rounds up: ten seconds are still showing")
        d.deadline = Demo.now.addingTimeInterval(9)
        #expect(DraftRoomFeature.countdown(d, now: Demo.now)! == ("0:09", .error))
        d.deadline = Demo.now.addingTimeInterval(-3)
        #expect(DraftRoomFeature.countdown(d, now: Demo.now)! == ("0:00", .error))
        d.deadline = Demo.now.addingTimeInterval(125)
        #expect(DraftRoomFeature.countdown(d, now: Demo.now)!.text == "2:05")
        d.deadline = nil
        #expect(DraftRoomFeature.countdown(d, now: Demo.now)!.text == "soft timer")
        d.status = .paused
        #expect(DraftRoomFeature.countdown(d, now: Demo.now)!.text == "paused")
        #expect(DraftRoomFeature.countdown(Self.completeRoom().draft, now: Demo.now)!.text == "complete")
    }

    @Test func theCountdownWakesTheLoopOnlyWhileALiveRoomTicks() {
        var s = DraftRoomFeature.State(id: Demo.couch)
        #expect(DraftRoomFeature.nextTick(s, now: Demo.now) == nil)
        s.room = Loadable(Self.liveRoom(deadlineIn: 42.25))
        let d = DraftRoomFeature.nextTick(s, now: Demo.now)
        #expect(d != nil && d! <= .milliseconds(300), "wakes when the shown second changes")
        s.room = Loadable(Self.liveRoom(status: .paused, deadlineIn: nil))
        #expect(DraftRoomFeature.nextTick(s, now: Demo.now) == nil, "paused: idle")
        s.room = Loadable(Self.liveRoom(deadlineIn: nil))
        #expect(DraftRoomFeature.nextTick(s, now: Demo.now) == nil, "soft timer: idle")
        s.room = Loadable(Self.completeRoom())
        #expect(DraftRoomFeature.nextTick(s, now: Demo.now) == nil)
    }

    /// Runs a program's commands like the run loop would (without following the endless event stream).
    static func drive(_ c: Command<AppAction, Never>, _ p: inout ClubhouseProgram, _ ctx: ProgramContext) async {
        for op in c.operations {
            switch op {
            case .run(let id, let work):
                guard id != TaskID(BoardFeature.EffectID.events) else { continue }
                let sent = Mutex<[AppAction]>([])
                await work(.init { m in if let a = m.action { sent.withLock { $0.append(a) } } })
                for m in sent.withLock({ $0 }) { await drive(p.update(.message(m), context: ctx), &p, ctx) }
            case .send(let m): await drive(p.update(.message(m), context: ctx), &p, ctx)
            default: break
            }
        }
    }

    @Test func theProgramWakesForTheCountdownOnlyWhileALiveRoomIsOnTop() async {
        let fake = FakeLeague()
        await fake.setRoom(Self.liveRoom(deadlineIn: 42.5))
        var p = ClubhouseProgram(api: fake, settingsStore: InMemorySettingsStore(), now: { Demo.now })
        let ctx = ProgramContext(now: .seconds(10), size: Size(width: 80, height: 24))
        await Self.drive(p.start(context: ctx), &p, ctx)
        #expect(p.countdownWakeUp(after: ctx.now) == nil, "Home: idle")
        #expect(p.nextWakeUp(context: ctx) == nil || p.state.toasts.nextDeadline != nil)
        await Self.drive(p.update(.message(.open(.draftRoom(Demo.couch))), context: ctx), &p, ctx)
        let wake = p.countdownWakeUp(after: ctx.now)
        #expect(wake != nil && wake! > .seconds(10) && wake! <= .seconds(10) + .milliseconds(510), "wakes when 0:43 turns 0:42")
        #expect(p.nextWakeUp(context: ctx) == wake)
        await Self.drive(p.update(.message(.escape), context: ctx), &p, ctx)
        #expect(p.countdownWakeUp(after: ctx.now) == nil, "the room closed: idle again")
    }

    /// Each reload of the room through the page's reducer, exhaustively (TestStore): the bell rings when a load makes
    /// it my turn, not again while it stays my turn, again when a pause ends on my pick, never with the bell off.
    @Test func theBellRingsOnlyWhenItBecomesMyTurn() async {
        let rings = BellRecorder()
        let fake = FakeLeague()
        func store(bell: Bool = true, settings: InMemorySettingsStore = InMemorySettingsStore()) -> TestStore<DraftRoomFeature> {
            let env = AppEnvironment(api: fake, settings: settings, now: { Demo.now }, sleep: { _ in }, bell: { rings.ring() })
            return TestStore(DraftRoomFeature.self, DraftRoomFeature.State(id: Demo.couch, bell: bell), context: PageContext(env: env, viewport: 10))
        }
        /// The league now has `room`: a live refresh reloads the room's four parts, then any bell rings.
        func load(_ store: TestStore<DraftRoomFeature>, _ room: DraftBoard) async {
            await fake.setRoom(room)
            let first = store.state.players.value == nil
            var r = RequestToken(0), p = RequestToken(0), q = RequestToken(0), c = RequestToken(0)
            await store.send(.liveRefreshed) { r = $0.room.beginRefresh(); p = $0.players.beginRefresh(); q = $0.queue.beginRefresh(); c = $0.chat.beginRefresh() }
            await store.receive(PageStoreTests.isRoomLoaded) { $0.room.finish(r, .success(room)) }
            await store.receive(PageStoreTests.isPlayersLoaded) {
                $0.players.finish(p, .success(Demo.draftable))
                if first { $0.lists[.available] = ListState() }
            }
            await store.receive(PageStoreTests.isQueueLoaded) { $0.queue.finish(q, .success([])) }
            await store.receive(PageStoreTests.isChatLoaded) { $0.chat.finish(c, .success([])) }
            await store.runSilentWork()
        }
        let s = store()
        await load(s, Self.liveRoom(myTeam: Demo.bits))
        #expect(rings.count == 0, "someone else is on the clock")
        await load(s, Self.liveRoom(myTeam: Demo.bytes))
        #expect(s.state.isMyTurn)
        #expect(rings.count == 1, "my turn now")
        await load(s, Self.liveRoom(myTeam: Demo.bytes, deadlineIn: 30))
        #expect(rings.count == 1, "still my turn: no second ring")
        await load(s, Self.liveRoom(myTeam: Demo.bytes, status: .paused, deadlineIn: nil))
        #expect(!s.state.isMyTurn)
        await load(s, Self.liveRoom(myTeam: Demo.bytes))
        #expect(rings.count == 2, "resumed onto my pick")
        s.finish()

        let off = store(bell: false)
        await load(off, Self.liveRoom(myTeam: Demo.bytes))
        #expect(rings.count == 2, "the Settings toggle turns it off")
        off.finish()
        // Turned off in Settings after the room opened: the saved setting wins.
        let late = store(bell: true, settings: InMemorySettingsStore(UserSettings(draftBell: false)))
        await load(late, Self.liveRoom(myTeam: Demo.bytes))
        #expect(late.state.isMyTurn)
        #expect(rings.count == 2)
        late.finish()
    }

    @Test func aPickByTheTeamBeforeMeRingsTheBellOnTheNextLiveRefresh() async {
        // Bytes is on the clock with pick 7; I manage Bits, who has pick 8 (round 2 of the snake runs backwards).
        var h = await Self.opened(Self.liveRoom(myTeam: Demo.bits))
        #expect(h.bells.count == 0)
        // Bytes picks (the live event arrives, the board's follower asks for a refresh).
        var next = Self.liveRoom(myTeam: Demo.bits)
        next.draft.currentPick = 8
        await h.fake.setRoom(next)
        h.send(.board(.refreshDue))
        await h.settle()
        #expect(Self.room(h)?.isMyTurn == true)
        #expect(h.bells.count == 1)
        #expect(Screen(h.state).inSheet("on the clock: Bits (you)"))
    }

    @Test func theSettingsToggleReachesANewRoom() {
        let page = PageState(.draftRoom(Demo.couch), settings: UserSettings(draftBell: false))
        guard let s = page[DraftRoomFeature.self] else { Issue.record("not a room"); return }
        #expect(s.bell == false)
        let decoded = try? JSONDecoder().decode(UserSettings.self, from: Data(#"{"theme":"dark","color":true,"mouse":true}"#.utf8))
        #expect(decoded?.draftBell == true, "old settings files default to the bell on")
    }

    @Test func clickingATabSwitchesAndClickingARowSelectsIt() async {
        var h = await Self.opened(Self.liveRoom(), size: Size(width: 120, height: 36))
        let s = Screen(h.state)
        let y = s.row(of: "5 Chat")!, x = s.lines[y].distance(of: "5 Chat")!
        h.mouse(.press(.left), x: x + 1, y: y)
        await h.settle()
        #expect(Self.room(h)?.tab == .chat)
        h.key(.char("1"))
        let t = Screen(h.state)
        let row = t.row(of: "Julio Jones")!
        h.mouse(.press(.left), x: 10, y: row)
        #expect(Self.room(h)?.list.selected == 1)
        h.mouse(.press(.left), x: 10, y: row)
        #expect(Self.room(h)?.rounds?.confirm == .pick(Demo.julio, expected: 7, team: Demo.bytes, forTeam: false), "a second click on the selected row asks to draft him")
    }

    // MARK: Rendering

    static let sizes = [Size(width: 80, height: 24), Size(width: 160, height: 48)]

    @Test(arguments: sizes) func renderOnTheClock(size: Size) async {
        var h = await Self.opened(Self.liveRoom(deadlineIn: 8), size: size)
        h.setDetent(.full)
        let s = Screen(h.state)
        #expect(s.inSheet("Round 2 · pick 7 · on the clock: Bytes (you)"), "\(s.text)")
        #expect(s.inSheet("0:08"))
        let row = s.row(of: "0:08")!, x = s.lines[row].distance(of: "0:08")!
        #expect(s.buffer[x, row].style.foreground == Theme.dark.style(.error).foreground, "under 10 s the countdown is red")
        #expect(s.inSheet("1 Available") && s.inSheet("5 Chat"))
        #expect(s.inSheet("Cooper Kupp") && s.inSheet("2018 pts"))
        #expect(s.footer.contains("enter draft"))
        h.setDetent(.half)
        let b = Screen(h.state)
        #expect(b.inBoard("on the clock"), "the grid highlights the pick on the clock\n\(b.text)")
        #expect(b.inBoard("▸Bytes"), "my team's column is marked")
        #expect(b.inBoard("•L. Jackson"), "the newest pick is marked")
    }

    @Test func theGridScrollsToKeepTheRoundOnTheClockInView() async {
        var room = Self.liveRoom()
        room.draft.currentPick = 45          // round 12 of 15
        let h = await Self.opened(room)
        let s = Screen(h.state)
        #expect(s.inBoard("R12") && s.inBoard("on the clock"), "\(s.text)")
        #expect(!s.inBoard("R1 "), "early rounds scrolled away")
    }

    /// Twelve teams at 120 columns leave 8 cells a column: names wrap onto a second header row instead of "Lambeau…".
    @Test func longTeamNamesWrapOntoASecondHeaderRow() {
        var room = Self.liveRoom()
        let names = ["Lambeau Leapers", "Hurry-Up Offense", "Flea Flickers", "Pick Sixers", "Coffin Corners", "Onside Kickers",
                     "Screen Pass Society", "Statue of Liberty", "Wildcat Formation", "Prevent Defense", "Neutral Zone", "Hang Time"]
        room.teams = names.enumerated().map { TeamSummary(id: TeamID(rawValue: Int64(100 + $0.offset)), name: $0.element, managerName: nil) }
        room.picks = []
        room.draft.currentPick = 1
        var buffer = Buffer(size: Size(width: 116, height: 12))
        DraftGrid(room: room, context: RenderContext(theme: .monochrome)).render(in: Rect(x: 0, y: 0, width: 116, height: 12), buffer: &buffer)
        let lines = buffer.lines()
        #expect(lines[0].contains("Lambeau") && lines[1].contains("Leapers"), "\(lines.joined(separator: "\n"))")
        #expect(lines[0].contains("Hang") && lines[1].contains("Time"))
        #expect(lines[2].hasPrefix("R1"), "rounds start under the two header rows")
        #expect(lines[2].contains("on clock"), "a narrow column says it in fewer words")
    }

    @Test(arguments: sizes) func renderPaused(size: Size) async {
        var h = await Self.opened(Self.liveRoom(status: .paused, deadlineIn: nil), size: size)
        h.setDetent(.full)
        let s = Screen(h.state)
        #expect(s.inSheet("Round 2 · pick 7 · on the clock: Bytes (you) · paused"), "\(s.text)")
        h.key(.enter)
        #expect(h.toast == "The draft is paused.")
    }

    @Test(arguments: sizes) func renderComplete(size: Size) async {
        var h = await Self.opened(Self.completeRoom(), size: size)
        h.setDetent(.full)
        var s = Screen(h.state)
        #expect(s.inSheet("All 8 picks made · complete"), "\(s.text)")
        h.key(.char("3"))
        s = Screen(h.state)
        #expect(s.inSheet("RB") && s.inSheet("Christian McCaffrey"), "my roster by slot\n\(s.text)")
        h.key(.char("4"))
        s = Screen(h.state)
        #expect(s.inSheet("#8") && s.inSheet("Julio Jones"), "recent picks newest first\n\(s.text)")
    }
}
