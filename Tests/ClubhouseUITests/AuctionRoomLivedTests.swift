import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The auction room as a person lives it: outbid said once with the bell, a maximum that was passed
/// said so, sales announced, the clock in words, amounts whose first typed digit replaces the pre-filled one and that
/// are refused in words when over the max bid, autopick for one's own team, and the board showing every purchase.
@Suite struct AuctionRoomLivedTests {
    typealias R = AuctionRoomTests

    /// Kupp on the block; `high` holds the high bid at `bid`; my (Bytes') maximum `myMax`.
    static func block(high: TeamID, bid: Int, myMax: Int? = nil, deadlineIn: Double = 15) -> DraftBoard {
        var r = R.auctionRoom(deadlineIn: deadlineIn, myMax: myMax)
        r.auction?.nomination?.highBid = bid
        r.auction?.nomination?.highBidder = high
        return r
    }

    static func refreshed(_ h: inout Harness, to room: DraftBoard) async {
        await h.fake.setRoom(room)
        h.send(.board(.refreshDue))
        await h.settle()
    }

    // MARK: Outbid, maximum passed, sold

    @Test func anotherTeamsBidPassingMineIsSaidOnceWithTheBell() async {
        var h = await R.opened(Self.block(high: Demo.bytes, bid: 20, myMax: 20))
        #expect(Screen(h.state).inSheet("High bid $20 — Bytes (you)"))
        #expect(h.bells.count == 0)
        await Self.refreshed(&h, to: Self.block(high: Demo.bits, bid: 23, myMax: 20))
        #expect(h.toast == "Outbid on Cooper Kupp — Bits bid $23; your maximum $20 is passed.")
        #expect(h.bells.count == 1, "the bell rings when I'm outbid")
        let screen = Screen(h.state)
        #expect(screen.inSheet("your maximum $20 was passed"), "not `your maximum $20` as if it still held:\n\(screen.text)")
        // The same room read again (another event, a reconnect): nothing more is said.
        await Self.refreshed(&h, to: Self.block(high: Demo.bits, bid: 23, myMax: 20))
        await Self.refreshed(&h, to: Self.block(high: Demo.tailgaters, bid: 24, myMax: 20))
        #expect(h.bells.count == 1, "once per time it happens: bids between other teams don't ring")
        // I bid again and am passed again: said again.
        await Self.refreshed(&h, to: Self.block(high: Demo.bytes, bid: 25, myMax: 20))
        await Self.refreshed(&h, to: Self.block(high: Demo.hailMarys, bid: 26, myMax: 20))
        #expect(h.toast == "Outbid on Cooper Kupp — Hail Marys bid $26; your maximum $20 is passed.")
        #expect(h.bells.count == 2)
    }

    /// The room read again, through the auction child on its own (TestStore): another team's bid passing mine is said
    /// with the bell and remembered; the same room read again says nothing.
    @Test func theChildSaysAnOutbidOnceAsItReadsTheRoom() async {
        let rings = BellRecorder()
        let env = AppEnvironment(api: FakeLeague(), settings: InMemorySettingsStore(), now: { Demo.now }, bell: { rings.ring() })
        let mine = Self.block(high: Demo.bytes, bid: 20, myMax: 20), passed = Self.block(high: Demo.bits, bid: 23, myMax: 20)
        let store = TestStore(AuctionRoomFeature.self, AuctionRoomFeature.State(id: Demo.couch, room: passed, own: .init()),
                              context: PageContext(env: env, viewport: 10))
        await store.send(.roomRead(before: mine)) { $0.outbidSaid = AuctionRoomFeature.OutbidSaid(nomination: R.kuppOnBlock, highBid: 23) }
        store.delegated(.toast("Outbid on Cooper Kupp — Bits bid $23; your maximum $20 is passed."))
        await store.runSilentWork()
        #expect(rings.count == 1)
        await store.send(.roomRead(before: passed))
        store.finish()
        #expect(rings.count == 1, "said once")
    }

    @Test func aBidPassingMyStandingMaximumIsSaidWithoutAMaximumItIsPlain() async {
        var h = await R.opened(Self.block(high: Demo.bytes, bid: 12))
        await Self.refreshed(&h, to: Self.block(high: Demo.tailgaters, bid: 13))
        #expect(h.toast == "Outbid on Cooper Kupp — Tailgaters bid $13.")
        #expect(h.bells.count == 1)
    }

    @Test func theHeaderSaysWhileMyMaximumStillHolds() async {
        let h = await R.opened(Self.block(high: Demo.bytes, bid: 21, myMax: 40))
        let screen = Screen(h.state)
        #expect(screen.inSheet("your maximum $40") && !screen.inSheet("was passed"), "\(screen.text)")
    }

    @Test func theHighBiddersFooterOffersTheirMaximumNotABidAgainstThemselves() async {
        let leading = Screen(await R.opened(Self.block(high: Demo.bytes, bid: 21)).state).footer
        #expect(!leading.contains("bid $22") && !leading.contains("$ amount") && leading.contains("m maximum"), "\(leading)")
        let passed = Screen(await R.opened(Self.block(high: Demo.bits, bid: 21)).state).footer
        #expect(passed.contains("b bid $22"), "outbid, the next bid comes first:\n\(passed)")
    }

    @Test func aSaleIsAnnounced() async {
        var h = await R.opened(Self.block(high: Demo.bits, bid: 23))
        var sold = R.auctionRoom(onBlock: false, nominator: Demo.tailgaters)
        sold.picks.append(DraftPickView(pick: Pick(number: 7, round: 2, teamID: Demo.bits, playerID: Demo.kupp.id, source: .manager, madeAt: Demo.now, price: 23),
                                        player: Demo.kupp))
        await Self.refreshed(&h, to: sold)
        #expect(h.toast == "Sold: Cooper Kupp to Bits for $23.")
        #expect(h.bells.count == 0, "a sale to someone else doesn't ring")
    }

    // MARK: The clock in words

    @Test func theClockSaysInWordsWhatIsHappening() {
        let room = R.auctionRoom(deadlineIn: 15)
        #expect(AuctionRoomFeature.auctionClock(room, now: Demo.now, reset: nil)?.0 == "0:15 left to bid")
        let closing = AuctionRoomFeature.auctionClock(R.auctionRoom(deadlineIn: 7), now: Demo.now, reset: nil)
        #expect(closing?.0 == "sold in 0:07 unless someone bids" && closing?.1 == .error)
        let reset = AuctionRoomFeature.ClockReset(nomination: R.kuppOnBlock, deadline: Demo.now.addingTimeInterval(9))
        #expect(AuctionRoomFeature.auctionClock(R.auctionRoom(deadlineIn: 9), now: Demo.now, reset: reset)?.0 == "0:09 left — a late bid reset the clock")
        let between = R.auctionRoom(onBlock: false, deadlineIn: 25)
        #expect(AuctionRoomFeature.auctionClock(between, now: Demo.now, reset: nil)?.0 == "0:25 to nominate")
    }

    /// On a narrow screen the clock says it in fewer words, and neither it nor the player's name is dropped.
    @Test func theClockKeepsItsPlaceBesideALongName() async {
        var room = R.auctionRoom(deadlineIn: 7)
        room.auction?.player = PlayerSummary(id: Demo.kupp.id, name: "Christian McCaffrey", position: .rb, nflTeam: "CAR", byeWeek: 7, injury: .healthy)
        let h = await R.opened(room, size: Size(width: 60, height: 16))
        let screen = Screen(h.state)
        let header = screen.text.split(separator: "\n").first { $0.contains("On the block:") }.map(String.init) ?? ""
        #expect(header.contains("On the block: Christian McCaff") && header.contains("· sold in 0:07"), "\(screen.text)")
        let reset = AuctionRoomFeature.ClockReset(nomination: R.kuppOnBlock, deadline: Demo.now.addingTimeInterval(9))
        #expect(AuctionRoomFeature.auctionClock(R.auctionRoom(deadlineIn: 9), now: Demo.now, reset: reset, compact: true)?.0 == "0:09 left (reset)")
    }

    // MARK: Amounts

    @Test func theFirstDigitTypedReplacesThePrefilledOpeningPrice() async {
        var h = await R.opened(R.auctionRoom(onBlock: false, nominator: Demo.bytes))
        h.key(.enter)
        #expect(R.room(h)?.auction?.amountField.text == "1")
        h.keys("10")
        #expect(R.room(h)?.auction?.amountField.text == "10", "typing 10 on $1 gives $10, not $110")
        h.key(.enter)
        await h.settle()
        #expect(await h.fake.auctionCalls == ["nominate \(Demo.kupp.id.rawValue) 10"])
    }

    @Test func aBidOverMyMaxBidIsRefusedInWordsInTheFieldNotClamped() async {
        var h = await R.opened(R.auctionRoom())
        h.key(.char("$"))
        h.keys("630")
        #expect(R.room(h)?.auction?.amountField.text == "630")
        h.key(.enter)
        await h.settle()
        #expect(await h.fake.auctionCalls.isEmpty, "nothing sent, nothing clamped")
        #expect(R.room(h)?.auction?.entry == .bid(R.kuppOnBlock, Demo.kupp), "the field stays open with what was typed")
        let screen = Screen(h.state)
        #expect(screen.inSheet("✗ $630 is more than your max bid of $142"), "\(screen.text)")
        h.key(.backspace); h.key(.backspace); h.key(.backspace)
        h.keys("40")
        #expect(!Screen(h.state).inSheet("✗"), "typing answers the refusal")
        h.key(.enter)
        await h.settle()
        #expect(await h.fake.auctionCalls == ["bid 5 40"])
    }

    @Test func aBidUnderTheNextBidAndAMaximumOverTheMaxBidAreRefused() {
        let room = R.auctionRoom()
        #expect(AuctionRoomFeature.amountProblem(.bid(R.kuppOnBlock, Demo.kupp), 31, room) == "The next bid is at least $32.")
        #expect(AuctionRoomFeature.amountProblem(.maxBid(R.kuppOnBlock, Demo.kupp), 143, room)?.hasPrefix("$143 is more than your max bid of $142") == true)
        #expect(AuctionRoomFeature.amountProblem(.maxBid(R.kuppOnBlock, Demo.kupp), 142, room) == nil)
    }

    @Test func theInviteFormsNumbersAreReplacedByTheFirstDigit() {
        var form = CommissionerInputs.inviteForm()
        form.edit(.char("1")); form.edit(.char("0"))
        #expect(form.text(0) == "10", "not 110")
        form.focusNext()
        form.edit(.char("3")); form.edit(.char("0"))
        #expect(form.text(1) == "30")
    }

    // MARK: Autopick

    @Test func aManagerPutsTheirOwnTeamOnAutopickAndTakesItBack() async {
        var h = await R.opened(R.auctionRoom())
        #expect(AppReducer.activeKeymap(h.state).bindings.contains { $0.label == "autopick on for Bytes" })
        h.key(.char("A"))
        await h.settle()
        #expect(await h.fake.commands == ["autopick \(Demo.bytes.rawValue) on"])
        #expect(h.toast == "Autopick on for Bytes.")
        h.key(.char("3"))
        #expect(Screen(h.state).lines.contains { $0.contains("Bytes (you)") && $0.contains("autopick") }, "the Teams tab shows it")
        h.key(.char("A"))
        await h.settle()
        #expect(await h.fake.commands.last == "autopick \(Demo.bytes.rawValue) off")
        #expect(h.toast == "Autopick off for Bytes.")
    }

    /// The commissioner's `A`: their own team, or the team chosen on the Teams tab — never the high bidder's team.
    @Test func theCommissionersAutopickTargetsTheTeamTheyChoose() async {
        var h = await R.opened(R.auctionRoom(myTeam: Demo.bits, commissioner: true))
        h.key(.char("A"))
        await h.settle()
        #expect(await h.fake.commands == ["autopick \(Demo.bits.rawValue) on"], "Tailgaters holds the high bid; A is for Bits")
        h.key(.char("3"))
        h.key(.char("j")); h.key(.char("j"))   // Bits, Bytes, Tailgaters
        #expect(AppReducer.activeKeymap(h.state).bindings.contains { $0.label == "autopick on for Tailgaters" })
        h.key(.char("A"))
        await h.settle()
        #expect(await h.fake.commands.last == "autopick \(Demo.tailgaters.rawValue) on")
    }

    // MARK: The board

    /// Bytes bought Kamara $57 and McCaffrey $63 in the first four sales and Mahomes $58 in the fifth: three purchases
    /// in its column with their prices (the first two share the stored "round" 1, and one of them was lost).
    @Test func theBoardShowsEveryPurchaseWithItsPrice() {
        let kamara = PlayerSummary(id: PlayerID("00-0033906"), name: "Alvin Kamara", position: .rb, nflTeam: "NO", byeWeek: 9, injury: .healthy)
        let sales: [(PlayerSummary, TeamID, Int)] = [(kamara, Demo.bytes, 57), (Demo.cmc, Demo.bytes, 63), (Demo.henry, Demo.bits, 40),
                                                     (Demo.thomas, Demo.tailgaters, 38), (Demo.mahomes, Demo.bytes, 58)]
        var room = R.auctionRoom(onBlock: false)
        room.picks = sales.enumerated().map { i, s in
            DraftPickView(pick: Pick(number: i + 1, round: i / 4 + 1, teamID: s.1, playerID: s.0.id, source: .manager,
                                     madeAt: Demo.now.addingTimeInterval(Double(i) * 60), price: s.2), player: s.0)
        }
        let teams = room.auction?.teams ?? []
        room.auction?.teams = teams.map { t in
            var t = t
            let spent = sales.filter { $0.1 == t.team }.reduce(0) { $0 + $1.2 }
            t.budgetLeft = 200 - spent
            return t
        }
        var buffer = Buffer(size: Size(width: 80, height: 6))
        DraftGrid(room: room, context: RenderContext(theme: .monochrome)).render(in: Rect(x: 0, y: 0, width: 80, height: 6), buffer: &buffer)
        let text = buffer.text()
        #expect(text.contains("A.Kamara") || text.contains("Kamara"), "\(text)")
        #expect(text.contains("$63"), "McCaffrey's purchase is on the board:\n\(text)")
        #expect(text.contains("Bytes $22"))
        Golden.check(buffer, named: "auction-board-every-purchase-80x6")
    }

    /// The amount field through the auction child's reducer, exhaustively (TestStore): the first digit replaces the
    /// pre-filled bid, a letter is ignored, an amount over my max bid is refused in words in the field (nothing asked,
    /// nothing clamped), typing answers the refusal, and Esc closes the field.
    @Test func anAmountOverMyMaxBidStaysInTheFieldStepByStep() async {
        let start = AuctionRoomFeature.State(id: Demo.couch, room: R.auctionRoom(), own: .init())
        let store = TestStore(AuctionRoomFeature.self, start, context: PageContext(env: Harness().env, viewport: 10))
        await store.send(.bidBegan) { $0.entry = .bid(R.kuppOnBlock, Demo.kupp); $0.amountField = TextFieldState(text: "32", maxLength: 6, selected: true) }
        await store.send(.typed(.char("6"))) { $0.amountField = TextFieldState(text: "6", maxLength: 6) }
        await store.send(.typed(.char("x")))                           // not a digit: ignored
        await store.send(.typed(.char("3"))) { $0.amountField.insert("3") }
        await store.send(.typed(.char("0"))) { $0.amountField.insert("0") }
        #expect(store.state.amountField.text == "630")
        await store.send(.typed(.enter)) { $0.amountError = "$630 is more than your max bid of $142 ($155 left, 14 spots to fill)." }
        #expect(store.state.entry == .bid(R.kuppOnBlock, Demo.kupp), "the field stays open with what was typed")
        await store.send(.typed(.backspace)) { $0.amountField.deleteBackward(); $0.amountError = nil }
        await store.send(.typed(.backspace)) { $0.amountField.deleteBackward() }
        #expect(store.state.amountField.text == "6")
        await store.send(.typed(.escape)) { $0.entry = nil }
        store.finish()
    }
}
