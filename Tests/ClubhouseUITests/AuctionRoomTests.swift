import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The auction room (the draft room of an auction league): the block, bids and maximums, nominations, the clock's
/// reset and last seconds, the Teams board, stale bids refused with the server's sentence, the soft gate.
@Suite struct AuctionRoomTests {
    static let prices = [52, 45, 38, 41, 22, 9]
    static let kuppOnBlock = NominationID(5)

    /// Couch Coaches as an auction: six players sold (Demo's picks, at `prices`), Cooper Kupp on the block at $31 by
    /// Tailgaters (nominated by Bits), 7 seconds left; signed in as bob (Bytes).
    static func auctionRoom(myTeam: TeamID? = Demo.bytes, commissioner: Bool = false, status: DraftStatus = .running, onBlock: Bool = true,
                            deadlineIn: Double = 7, signedIn: Bool = true, nominator: TeamID = Demo.bits, myMax: Int? = nil) -> DraftBoard {
        var r = Demo.draftRoom(Demo.couch)
        r.draft.type = .auction
        r.draft.status = status
        r.draft.deadline = status == .running ? Demo.now.addingTimeInterval(deadlineIn) : nil
        r.picks = r.picks.enumerated().map { i, p in var p = p; p.pick.price = prices[i]; return p }
        r.capabilities = Capabilities(signedIn: signedIn, myTeam: myTeam, isCommissioner: commissioner)
        let settings = AuctionSettings()
        let teams = r.draft.order.map { t -> AuctionTeamView in
            let mine = r.picks.filter { $0.pick.teamID == t }
            let left = settings.budget - mine.reduce(0) { $0 + ($1.pick.price ?? 0) }, open = r.draft.rounds - mine.count
            return AuctionTeamView(team: t, budgetLeft: left, maxBid: left - settings.minBid * (open - 1), openSpots: open)
        }
        let n = AuctionNomination(id: kuppOnBlock, number: 7, team: Demo.bits, player: Demo.kupp.id, openedAt: Demo.now.addingTimeInterval(-20),
                                  highBid: 31, highBidder: Demo.tailgaters, highSource: .manager, bids: 4)
        r.auction = AuctionBoard(settings: settings, nomination: onBlock ? n : nil, player: onBlock ? Demo.kupp : nil, deadline: r.draft.deadline,
                                 nominator: nominator, teams: teams, myMaxBid: myMax, value: onBlock ? 32 : nil)
        return r
    }

    /// The players list with auction values in dollars.
    static let draftable = Demo.draftable.map { p in var p = p; p.auctionValue = max(1, 60 - 4 * p.rank); return p }

    static func opened(_ room: DraftBoard, signedIn: Bool = true, size: Size = Size(width: 80, height: 24), colorAllowed: Bool = true) async -> Harness {
        let fake = FakeLeague()
        await fake.setRoom(room)
        await fake.setDraftable(draftable)
        await fake.setDraftSignedIn(signedIn)
        var h = await Harness.started(fake: fake, size: size, colorAllowed: colorAllowed)
        h.send(.open(.draftRoom(room.leagueID)))
        await h.settle()
        return h
    }

    static func room(_ h: Harness) -> DraftRoomFeature.State? { h.state.top[DraftRoomFeature.self] }

    // MARK: The block

    @Test func theRoomShowsTheBlockTheHighBidMyBudgetAndTheClockInItsLastSeconds() async {
        let h = await Self.opened(Self.auctionRoom())
        let screen = Screen(h.state)
        #expect(screen.inSheet("On the block: Cooper Kupp (WR, LAR) · sold in 0:07 unless someone bids"), "under ten seconds the clock says so in words, not only in red:\n\(screen.text)")
        #expect(screen.inSheet("High bid $31 — Tailgaters"))
        // Bytes bought Dalvin Cook ($45): $155 left, 14 open spots, max bid 155 − 13.
        #expect(screen.inSheet("You: $155 left · max bid $142 · 14 open"))
        #expect(h.state.top.title == "Auction room")
        #expect(screen.footer.contains("b bid $32"), "\(screen.footer)")
        let auction = AuctionRoomFeature.auctionClock(Self.auctionRoom(), now: Demo.now, reset: nil)
        #expect(auction?.1 == .error, "the last seconds in the theme's error colour")
        #expect(AuctionRoomFeature.auctionClock(Self.auctionRoom(deadlineIn: 15), now: Demo.now, reset: nil)?.1 == .accent)
    }

    @Test func theTeamsTabIsTheBoardOfBudgetsMaxBidsAndOpenSpots() async {
        var h = await Self.opened(Self.auctionRoom())
        h.key(.char("3"))
        #expect(Self.room(h)?.tab == .teams)
        let screen = Screen(h.state)
        // Tailgaters bought Thomas ($38) and Jackson ($9): $153 left, 13 open, max bid 153 − 12; they hold the high bid.
        let rows = screen.text.split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.contains("Tailgaters") && $0.contains("$153") && $0.contains("$141") && $0.contains("13") && $0.contains("high $31") }, "\(screen.text)")
        #expect(rows.contains { $0.contains("Bits") && $0.contains("$148") && $0.contains("$135") && $0.contains("14") })
        #expect(rows.contains { $0.contains("Bytes (you)") && $0.contains("$155") })
    }

    // MARK: Bids

    @Test func bBidsTheMinimumOverTheHighBidOnTheNominationSeen() async {
        var h = await Self.opened(Self.auctionRoom())
        h.key(.char("b"))
        await h.settle()
        #expect(await h.fake.auctionCalls == ["bid 5 32"])
        #expect(h.toast == "Bid $32 on Cooper Kupp.")
        #expect(Screen(h.state).inSheet("High bid $32 — Bytes (you)"))
    }

    @Test func aTypedBidGoesOutAsTyped() async {
        var h = await Self.opened(Self.auctionRoom())
        h.key(.char("$"))
        #expect(Self.room(h)?.auction?.entry == .bid(Self.kuppOnBlock, Demo.kupp))
        #expect(Self.room(h)?.auction?.amountField.text == "32", "prefilled with the next bid")
        #expect(Screen(h.state).inSheet("Bid on Cooper Kupp: $"))
        h.key(.backspace)
        #expect(Self.room(h)?.auction?.amountField.text == "", "the prefill is selected: one backspace clears it")
        h.keyIgnored(.char("x"))   // not a digit
        h.keys("40")
        h.key(.enter)
        await h.settle()
        #expect(await h.fake.auctionCalls == ["bid 5 40"])
        #expect(Self.room(h)?.auction?.entry == nil)
    }

    /// A bid at a price that moved is refused with the server's sentence and never replayed; the room is read again.
    @Test func aBidAtAStalePriceIsRefusedWithTheServersSentenceAndNotReplayed() async {
        var h = await Self.opened(Self.auctionRoom())
        h.followEvents = false
        var moved = Self.auctionRoom()
        moved.auction?.nomination?.highBid = 32
        moved.auction?.nomination?.highBidder = Demo.hailMarys
        await h.fake.setRoom(moved)           // Hail Marys bid $32 a moment before; this screen still shows $31
        h.key(.char("b"))
        await h.settle()
        #expect(await h.fake.auctionCalls == ["bid 5 32"], "sent once, at the price seen")
        #expect(h.toast == "You were outbid — $32 by Hail Marys.")
        #expect(Screen(h.state).inSheet("High bid $32 — Hail Marys"), "the room is read again as it stands")
    }

    @Test func aBidOnAPlayerWhoseSaleClosedIsRefused() async {
        var h = await Self.opened(Self.auctionRoom())
        h.followEvents = false
        var next = Self.auctionRoom(onBlock: false, nominator: Demo.tailgaters)
        next.draft.currentPick = 8
        await h.fake.setRoom(next)
        h.key(.char("b"))
        await h.settle()
        #expect(h.toast == "Bidding on that player has closed")
        #expect(await h.fake.auctionCalls.count == 1)
        #expect(Screen(h.state).inSheet("Tailgaters nominates"))
    }

    @Test func aBidBeingTypedIsDroppedWhenThePlayerIsSold() async {
        var h = await Self.opened(Self.auctionRoom())
        h.key(.char("$"))
        await h.fake.setRoom(Self.auctionRoom(onBlock: false, nominator: Demo.tailgaters))
        h.send(.board(.refreshDue))
        await h.settle()
        #expect(Self.room(h)?.auction?.entry == nil)
        #expect(h.toast == "Bidding on Cooper Kupp closed while you were typing.")
        #expect(await h.fake.auctionCalls.isEmpty)
    }

    // MARK: Maximums

    @Test func mSetsAPrivateMaximumAndShiftMClearsIt() async {
        var h = await Self.opened(Self.auctionRoom())
        h.key(.char("m"))
        #expect(Self.room(h)?.auction?.entry == .maxBid(Self.kuppOnBlock, Demo.kupp))
        h.keys("45")
        h.key(.enter)
        await h.settle()
        #expect(await h.fake.auctionCalls == ["max 5 45"])
        #expect(h.toast == "Maximum $45 set — only you see it.")
        #expect(Screen(h.state).inSheet("your maximum $45"))
        h.key(.char("M"))
        await h.settle()
        #expect(await h.fake.auctionCalls == ["max 5 45", "max 5 nil"])
        #expect(h.toast == "Maximum cleared.")
        #expect(!Screen(h.state).inSheet("your maximum"))
    }

    // MARK: The clock

    /// A bid that moves the same nomination's clock later shows "reset" beside it; a new nomination doesn't.
    @Test func aLateBidThatResetsTheClockSaysReset() async {
        var h = await Self.opened(Self.auctionRoom(deadlineIn: 3))
        var later = Self.auctionRoom(deadlineIn: 10)
        later.auction?.nomination?.highBid = 33
        later.auction?.nomination?.highBidder = Demo.hailMarys
        await h.fake.setRoom(later)
        h.send(.board(.refreshDue))
        await h.settle()
        #expect(Self.room(h)?.auction?.reset == AuctionRoomFeature.ClockReset(nomination: Self.kuppOnBlock, deadline: Demo.now.addingTimeInterval(10)))
        #expect(Screen(h.state).inSheet("0:10 left — a late bid reset the clock"), "\(Screen(h.state).text)")
        #expect(Screen(h.state).inSheet("High bid $33 — Hail Marys"))
    }

    /// A bid (like a pick) refreshes the auction room at once, without the board's 250 ms wait for a burst.
    @Test func aBidRefreshesTheRoomAtOnce() async {
        var h = await Self.opened(Self.auctionRoom())
        h.followEvents = false
        h.send(.board(.eventReceived(LeagueEvent(id: 30, leagueID: Demo.couch, kind: .auctionBid, payload: "{}", at: Demo.now))))
        #expect(h.pendingIDs.contains(TaskID(DraftRoomFeature.EffectID.room(Demo.couch))), "the room reloads now")
        #expect(!h.pendingIDs.contains(TaskID(BoardFeature.EffectID.refresh)), "no debounce")
        await h.settle()
    }

    // MARK: Nominations

    @Test func myNominationRingsTheBellAndEnterPutsThePlayerUpAtAnOpeningPrice() async {
        let fake = FakeLeague()
        await fake.setRoom(Self.auctionRoom(onBlock: true))
        await fake.setDraftable(Self.draftable)
        await fake.setDraftSignedIn(true)
        var h = await Harness.started(fake: fake)
        h.send(.open(.draftRoom(Demo.couch)))
        await h.settle()
        #expect(h.bells.count == 0)
        await fake.setRoom(Self.auctionRoom(onBlock: false, nominator: Demo.bytes))
        h.send(.board(.refreshDue))
        await h.settle()
        #expect(h.bells.count == 1, "the bell rings when it's my nomination")
        #expect(Screen(h.state).inSheet("your nomination"))
        h.key(.enter)
        guard case .nominate(let p)? = Self.room(h)?.auction?.entry else { Issue.record("no opening price asked"); return }
        #expect(p == Demo.kupp, "the top of Available")
        #expect(Self.room(h)?.auction?.amountField.text == "1", "the minimum bid prefilled")
        h.keys("15")    // the first digit replaces the prefilled $1
        h.key(.enter)
        await h.settle()
        #expect(await fake.auctionCalls == ["nominate \(Demo.kupp.id.rawValue) 15"])
        #expect(h.toast == "Cooper Kupp is on the block at $15.")
    }

    @Test func nominatingOutOfTurnSaysWhoseTurnItIs() async {
        var h = await Self.opened(Self.auctionRoom(onBlock: false, nominator: Demo.bits))
        h.key(.enter)
        #expect(Self.room(h)?.auction?.entry == nil)
        #expect(h.toast == "It's not your nomination — Bits nominates.")
        #expect(await h.fake.auctionCalls.isEmpty)
    }

    // MARK: Commissioner

    @Test func theCommissionerUndoesTheLastSale() async {
        var h = await Self.opened(Self.auctionRoom(commissioner: true))
        h.key(.char("U"))
        #expect(Screen(h.state).inSheet("Undo sale 6? (the price goes back to the team)"))
        h.key(.char("y"))
        await h.settle()
        #expect(await h.fake.commands == ["undo"])
        #expect(h.toast == "Last sale undone.")
    }

    // MARK: Goldens

    /// Kupp on the block at $31 by Tailgaters, 7 seconds left, signed in as bob (Bytes).
    @Test(arguments: [PageGoldenTests.small, PageGoldenTests.large]) func golden(size: Size) async {
        PageGoldenTests.check(await Self.opened(Self.auctionRoom(), size: size), "auction-room")
    }

    /// Without colour (NO_COLOR): the clock's last seconds and its reset are words; my private maximum shows.
    @Test func goldenWithoutColour() async {
        var h = await Self.opened(Self.auctionRoom(deadlineIn: 4, myMax: 40), colorAllowed: false)
        await h.fake.setRoom(Self.auctionRoom(deadlineIn: 9, myMax: 40))   // a late bid moved the clock to 0:09
        h.send(.board(.refreshDue))
        await h.settle()
        #expect(Screen(h.state).inSheet("0:09 left — a late bid reset the clock"), "\(Screen(h.state).text)")
        Golden.check(Screen(h.state).buffer, named: "auction-room-no-color-80x24")
    }

    /// My nomination, the opening price being typed.
    @Test func goldenNominating() async {
        var h = await Self.opened(Self.auctionRoom(onBlock: false, nominator: Demo.bytes))
        h.key(.enter)
        PageGoldenTests.check(h, "auction-room-nominating")
    }

    // MARK: Reducer (TestStore)

    /// Signed out, a bid goes to the shell's soft gate as the bid seen (nomination and amount), changing nothing here
    /// (the auction child on its own).
    @Test func signedOutABidGoesThroughTheSoftGate() async {
        let context = PageContext(env: Harness().env, viewport: 10)
        let start = AuctionRoomFeature.State(id: Demo.couch, room: Self.auctionRoom(myTeam: nil, signedIn: false), own: .init())
        let store = TestStore(AuctionRoomFeature.self, start, context: context)
        await store.send(.raisePressed)
        store.delegated(.perform(.bid(league: Demo.couch, nomination: Self.kuppOnBlock, amount: 32)))
        await store.send(.maxBidBegan) { $0.entry = .maxBid(Self.kuppOnBlock, Demo.kupp); $0.amountField = TextFieldState(text: "", maxLength: 6) }
        await store.send(.typed(.char("4"))) { $0.amountField.insert("4") }
        await store.send(.typed(.char("0"))) { $0.amountField.insert("0") }
        await store.send(.typed(.enter)) { $0.entry = nil }
        store.delegated(.perform(.setMaxBid(league: Demo.couch, nomination: Self.kuppOnBlock, amount: 40)))
        store.finish()
    }

    /// Esc cancels an amount being typed, keeping the search; a pasted amount keeps only its digits (the room's paste
    /// and Esc reach the auction child).
    @Test func escCancelsAnAmountAndAPasteKeepsItsDigits() async {
        let context = PageContext(env: Harness().env, viewport: 10)
        var start = DraftRoomFeature.State(id: Demo.couch)
        start.room = Loadable(Self.auctionRoom())
        let store = TestStore(DraftRoomFeature.self, start, context: context)
        await store.send(.auction(.bidBegan)) {
            $0.auction?.entry = .bid(Self.kuppOnBlock, Demo.kupp); $0.auction?.amountField = TextFieldState(text: "32", maxLength: 6, selected: true)
        }
        await store.send(.pasted("$4 5")) { $0.auction?.amountField.insert("45") }
        await store.send(.escaped) { $0.auction?.entry = nil }
        store.finish()
    }

    @Test func theHighBidderCannotRaiseHimself() async {
        var room = Self.auctionRoom()
        room.auction?.nomination?.highBidder = Demo.bytes
        #expect(AuctionRoomFeature.bidBlocked(room) == "You're the high bidder at $31.")
        #expect(AuctionRoomFeature.bidBlocked(Self.auctionRoom(status: .paused)) == "The draft is paused.")
        #expect(AuctionRoomFeature.nominateBlocked(Self.auctionRoom()) == "Cooper Kupp is on the block — nominate after his sale.")
    }
}

