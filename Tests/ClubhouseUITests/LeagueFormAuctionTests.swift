import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The league form of an auction league: rows for the budget, minimum bid, increment and the three
/// clocks with their limits, in place of the snake's pick clock; the draft type's line says what the rows hold.
@Suite struct LeagueFormAuctionTests {
    static func auctionForm() -> LeagueForm {
        var f = LeagueForm()
        f.settings.draftType = .auction
        return f
    }

    @Test func anAuctionHasItsRowsAndNoPickClock() {
        let auction = Self.auctionForm().fields(.create)
        #expect(!auction.contains(.pickClock))
        let rows: [LeagueFormField] = [.draftType, .auctionBudget, .auctionMinBid, .auctionIncrement, .nominationClock, .bidClock, .bidResetClock]
        let at = auction.firstIndex(of: .draftType)!
        #expect(Array(auction[at..<(at + rows.count)]) == rows)
        #expect(LeagueForm().fields(.create).contains(.pickClock), "a snake draft keeps its pick clock")
        #expect(!LeagueForm().fields(.create).contains(.auctionBudget))
    }

    @Test func theRowsStepWithinTheirLimitsAndTheResetFollowsTheBiddingClock() {
        var f = Self.auctionForm()
        f.step(.auctionBudget, by: 1)
        #expect(f.settings.auctionBudget == 210)
        f.settings.auctionBudget = 5
        f.step(.auctionBudget, by: -1)
        #expect(f.settings.auctionBudget == 1, "not below the domain's $1")
        f.settings.auctionBudget = 10_000
        let moved = f.step(.auctionBudget, by: 1)
        #expect(!moved && f.settings.auctionBudget == 10_000, "not above $10,000")
        f.step(.nominationClock, by: -1)
        #expect(f.settings.nominationSeconds == 20)
        // A 5-second bidding clock pulls the late-bid reset down with it (it can't be longer than the clock)…
        for _ in 0..<5 { f.step(.bidClock, by: -1) }
        #expect(f.settings.bidSeconds == 5 && f.settings.bidResetSeconds == 5)
        let passed = f.step(.bidResetClock, by: 1)
        #expect(!passed, "the reset can't pass the bidding clock")
        // …and back up to the usual 10 s when the clock grows again.
        f.step(.bidClock, by: 1); f.step(.bidClock, by: 1)
        #expect(f.settings.bidSeconds == 15 && f.settings.bidResetSeconds == 10)
        f.step(.bidResetClock, by: -1)
        #expect(f.settings.bidResetSeconds == 5)
        #expect(f.problem(.edit(Demo.couch)) == nil, "every stepped value is one the server takes")
    }

    @Test func theDraftTypesLineMatchesTheRows() {
        var f = Self.auctionForm()
        f.step(.auctionBudget, by: -1)
        f.step(.bidClock, by: 1)
        #expect(f.help(.draftType) == "$190 each, $1 minimum bid · 30 s to nominate, 30 s to bid, 10 s after a late bid")
        #expect(f.value(.auctionBudget) == "$190" && f.value(.bidClock) == "30 s" && f.value(.bidResetClock) == "10 s")
        #expect(f.help(.bidResetClock).hasPrefix("1–30 s"))
    }

    @Test func aServerRefusalOfAnAuctionSettingLandsOnItsRow() {
        #expect(LeagueFormField.named("bidResetSeconds") == .bidResetClock)
        #expect(LeagueFormField.named("auctionBudget") == .auctionBudget)
        #expect(LeagueFormField.named("nominationSeconds") == .nominationClock)
        #expect(LeagueFormField.named("bidSeconds") == .bidClock)
        #expect(LeagueFormField.named("auctionMinBid") == .auctionMinBid)
    }

    @Test func theFormShowsTheAuctionRowsOnScreen() async {
        var h = await LeagueFormRenderTests.onForm(size: Size(width: 120, height: 40))
        h.keys("Auction Night")
        let form: (Harness) -> LeagueFormFeature.State? = { h in h.state.top[LeagueFormFeature.self] }
        h.key(.enter)
        while let f = form(h), f.focused != .draftType { h.key(.char("j")) }
        h.key(.char("l")); h.key(.char("l")); h.key(.char("l"))
        #expect(form(h)?.form.settings.draftType == .auction)
        h.key(.char("j"))
        let screen = Screen(h.state)
        for row in ["Budget", "Minimum bid", "Bid increment", "Nomination ", "Bidding clock", "Late-bid reset"] {
            #expect(screen.inSheet(row), "\(row):\n\(screen.text)")
        }
        #expect(!screen.inSheet("Pick clock"))
        #expect(screen.inSheet("‹ $200 ›"), "the focused budget with its arrows")
        #expect(screen.inSheet("Roster · 16 players, 15 bought at auction"), "\(screen.text)")
    }

    /// The same rows through the form's reducer, exhaustively (TestStore): stepping the draft type to an auction swaps
    /// the pick clock for the auction's rows, and each row steps only its own value (the late-bid reset following the
    /// bidding clock down) within its limits.
    @Test func theAuctionRowsStepThroughTheFormsReducer() async {
        let ctx = PageContext(env: AppEnvironment(api: FakeLeague(), settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)
        var s = LeagueFormFeature.State(mode: .create)
        s.focus = s.fields.firstIndex(of: .draftType)!
        let store = TestStore(LeagueFormFeature.self, s, context: ctx)
        await store.send(.stepped(1)) { $0.form.settings.draftType = .linear }
        await store.send(.stepped(1)) { $0.form.settings.draftType = .thirdRoundReversal }
        await store.send(.stepped(1)) { $0.form.settings.draftType = .auction }
        #expect(!store.state.fields.contains(.pickClock))
        let at = store.state.focus
        #expect(Array(store.state.fields[at...].prefix(7)) == [.draftType, .auctionBudget, .auctionMinBid, .auctionIncrement, .nominationClock, .bidClock, .bidResetClock])
        await store.send(.moved(1)) { $0.focus = at + 1 }
        await store.send(.stepped(1)) { $0.form.settings.auctionBudget = 210 }
        await store.send(.stepped(-1)) { $0.form.settings.auctionBudget = 200 }
        await store.send(.moved(4)) { $0.focus = at + 5 }
        #expect(store.state.focused == .bidClock)
        for _ in 1...5 { await store.send(.stepped(-1)) { _ = $0.form.step(.bidClock, by: -1) } }
        #expect(store.state.form.settings.bidSeconds == 5 && store.state.form.settings.bidResetSeconds == 5)
        await store.send(.moved(1)) { $0.focus = at + 6 }
        await store.send(.stepped(1))                                   // the reset can't pass the bidding clock
        store.finish()
    }

    /// A keeper league drafting by auction keeps players at a price: the raise row in place of the round's rows, its
    /// keeper cost following the draft type, shown on screen.
    @Test func anAuctionKeeperLeagueShowsTheRaiseInPlaceOfTheRounds() async {
        var f = Self.auctionForm()
        f.step(.leagueType, by: 1)
        #expect(f.settings.leagueType == .keeper && f.settings.keeperCost == .auction, "an auction's keepers cost a price")
        #expect(Array(f.fields(.create).suffix(6)) == [.leagueType, .keeperCount, .keeperAuctionRaise, .maxKeeperYears, .keeperDeadline, .submit])
        #expect(f.value(.keeperAuctionRaise) == "+$5 a year")
        f.step(.keeperAuctionRaise, by: 1)
        #expect(f.settings.keeperAuctionRaise == 6 && f.problem(.create)?.field == .name)
        f.step(.draftType, by: -1)
        #expect(f.settings.keeperCost == .round && f.fields(.create).contains(.keeperPenalty) && !f.fields(.create).contains(.keeperAuctionRaise))
        #expect(LeagueFormField.named("keeperAuctionRaise") == .keeperAuctionRaise)

        var h = await LeagueFormRenderTests.onForm(size: Size(width: 120, height: 40))
        h.keys("Keepers Night")
        h.key(.enter)
        let form: (Harness) -> LeagueFormFeature.State? = { h in h.state.top[LeagueFormFeature.self] }
        while let f = form(h), f.focused != .draftType { h.key(.char("j")) }
        h.key(.char("l")); h.key(.char("l")); h.key(.char("l"))
        while let f = form(h), f.focused != .leagueType { h.key(.char("j")) }
        h.key(.char("l"))
        h.key(.char("j")); h.key(.char("j"))
        let screen = Screen(h.state)
        #expect(screen.inSheet("Raise per year") && screen.inSheet("‹ +$5 a year ›"), "\(screen.text)")
        #expect(screen.inSheet("a keeper costs his last price plus this a year kept"), "\(screen.text)")
        #expect(!screen.inSheet("Cost per year") && !screen.inSheet("Undrafted cost"), "\(screen.text)")
    }
}
