import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The Trades page and the trade builder over the fake league: alice manages Bits in Gridiron Greats.
@Suite struct TradesTests {
    static func view(_ id: Int64, _ state: TradeState, from: TeamID, to: TeamID, give: [PlayerSummary], get: [PlayerSummary],
                     votes: Int = 0, threshold: Int = 0, canVote: Bool = false, reason: String? = nil) -> TradeView {
        let p = TradeProposal(team: from, with: to, give: TradeAssets(players: give.map(\.id)), get: TradeAssets(players: get.map(\.id)))
        let trade = Trade(id: TradeID(id), leagueID: Demo.greats, state: state, proposal: p, proposedBy: nil, createdAt: Demo.now.addingTimeInterval(-3600),
                          decidedAt: state.isOpen ? nil : Demo.now.addingTimeInterval(-600), expiresAt: Demo.now.addingTimeInterval(6 * 86_400),
                          reviewEndsAt: state == .inReview ? Demo.now.addingTimeInterval(20 * 3600) : nil, votes: votes, vetoThreshold: threshold,
                          invalidationReason: reason)
        func team(_ t: TeamID) -> TradeView.TradeTeam { TradeView.TradeTeam(id: t, name: Demo.team(t).name, isBot: t == Demo.hailMarys) }
        let players = (give + get).enumerated().map { i, s in TradeView.TradePlayer(player: s, value: Double(40 - 7 * i) + 0.5) }
        // Bits' roster after an open trade it is in (the page shows it): Bits' players valued by their place on its roster.
        let bits = TeamWorld.bits.rows.map(\.player)
        let value = { (id: PlayerID) in players.first { $0.player.id == id }?.value ?? Double(20 - (bits.firstIndex { $0.id == id } ?? 0)) }
        let after = state.isOpen && (from == Demo.bits || to == Demo.bits)
            ? TradeView.RosterAfter.of(Demo.bits, roster: bits.map(\.id), after: p,
                                       players: { id in (bits + give + get).first { $0.id == id }! }, value: value) : nil
        return TradeView(id: TradeID(id), state: state, trade: trade, team: team(from), with: team(to), players: players, picks: [],
                         giveValue: players.prefix(give.count).reduce(0) { $0 + $1.value }, getValue: players.dropFirst(give.count).reduce(0) { $0 + $1.value },
                         canVote: canVote, myRosterAfter: after)
    }

    /// An offer to Bits (Cook for Jones, on its bench), one in review between two other teams (alice may vote), one executed.
    static let trades: [TradeView] = [
        view(7, .proposed, from: Demo.bytes, to: Demo.bits, give: [Demo.cook], get: [Demo.jones]),
        view(6, .inReview, from: Demo.tailgaters, to: Demo.hailMarys, give: [Demo.kupp], get: [Demo.golladay, Demo.waller], votes: 1, threshold: 1, canVote: true),
        view(5, .executed, from: Demo.bits, to: Demo.hailMarys, give: [Demo.ekeler], get: [Demo.mostert]),
    ]

    static func onTrades(size: Size = Size(width: 80, height: 24), fake: FakeLeague = FakeLeague()) async -> (Harness, FakeLeague) {
        await fake.setTrades(trades)
        return (await TeamWorld.signedIn(on: .trades(Demo.greats), size: size, fake: fake), fake)
    }

    static func page(_ h: Harness) -> TradesFeature.State? { h.state.top[TradesFeature.self] }

    @Test func offersToMeShowWhatEachSideGetsWithValues() async {
        let (h, _) = await Self.onTrades()
        let s = Self.page(h)
        #expect(s?.tab == .toMe && s?.rows.map(\.id) == [TradeID(7)])
        PageGoldenTests.check(h, "trades")
    }

    @Test func anOfferToMeShowsMyRosterAfterItByPosition() async {
        let (h, _) = await Self.onTrades(size: Size(width: 100, height: 40))
        let after = try! #require(Self.page(h)?.selected?.myRosterAfter)
        #expect(after.leaving == [Demo.jones.id] && after.arriving == [Demo.cook.id] && after.dropping.isEmpty)
        #expect(after.players.count == TeamWorld.bits.rows.count)
        #expect(after.players.map(\.player.position) == after.players.map(\.player.position).sorted(), "by position")
        let screen = Screen(h.state)
        #expect(screen.inSheet("Your roster after it · value"))
        #expect(screen.inSheet("Leaves: Aaron Jones · Arrives: Dalvin Cook"))
        let rb = try! #require(screen.lines.first { $0.contains(" RB  ") && $0.contains("Christian McCaffrey") })
        #expect(rb.contains("+Dalvin Cook 40.5") && rb.contains("Austin Ekeler") && !rb.contains("Aaron Jones"), "\(rb)")
    }

    @Test func theWideScreenShowsTheSameTradeWithRoomToSpare() async {
        let (h, _) = await Self.onTrades(size: Size(width: 160, height: 48))
        PageGoldenTests.check(h, "trades")
    }

    @Test func tabsWalkThroughMineReviewAndHistory() async {
        var (h, _) = await Self.onTrades()
        h.key(.char("t"))
        #expect(Self.page(h)?.tab == .mine && Self.page(h)?.rows.isEmpty == true)
        #expect(Screen(h.state).inSheet("You have no open offers — n builds one."))
        h.key(.char("t"))
        #expect(Self.page(h)?.tab == .review && Self.page(h)?.rows.map(\.id) == [TradeID(6)])
        #expect(Screen(h.state).inSheet("1 of 1 votes to veto · v votes against it"))
        h.key(.char("t"))
        #expect(Self.page(h)?.tab == .history && Self.page(h)?.rows.map(\.state) == [.executed])
        h.key(.char("T"))
        #expect(Self.page(h)?.tab == .review)
    }

    @Test func acceptingAsksFirstThenSendsTheAnswer() async {
        var (h, fake) = await Self.onTrades()
        h.key(.char("a"))
        #expect(Self.page(h)?.question?.write == GatedWrite(Endpoints.Trades.accept, At.Trade(Demo.greats, trade: TradeID(7)), Wire.TradeAcceptance()))
        #expect(Screen(h.state).inSheet("Accept this trade?"))
        #expect(Screen(h.state).inSheet("You get Dalvin Cook; Bytes gets Aaron Jones."))
        h.key(.char("y"))
        await h.settle()
        #expect(await fake.tradeCalls == ["acceptTrade 7"])
        #expect(Self.page(h)?.question == nil)
    }

    @Test func anAnswerCanBeTakenBackBeforeItIsSent() async {
        var (h, fake) = await Self.onTrades()
        h.key(.char("r"))
        #expect(Screen(h.state).inSheet("Turn this offer down?"))
        h.key(.char("n"))
        await h.settle()
        #expect(await fake.tradeCalls.isEmpty && Self.page(h)?.question == nil)
    }

    @Test func votingIsOfferedOnlyWhereTheCallerMayVote() async {
        var (h, fake) = await Self.onTrades()
        h.key(.char("v"))
        #expect(Self.page(h)?.question == nil, "an offer to me is not voted on")
        h.key(.char("t")); h.key(.char("t"))
        h.key(.char("v"))
        h.key(.char("y"))
        await h.settle()
        #expect(await fake.tradeCalls == ["vetoTrade 6"])
    }

    @Test func aCounterOpensTheBuilderWithTheOfferTurnedRound() async {
        var (h, _) = await Self.onTrades()
        h.key(.char("c"))
        await h.settle()
        let b = h.state.top[TradeBuilderFeature.self]
        #expect(b?.counter == TradeID(7) && b?.partner == Demo.bytes)
        #expect(b?.give == [Demo.jones.id] && b?.get == [Demo.cook.id])
    }

    @Test func theBuilderSendsTheMarkedPlayersAfterAConfirm() async {
        let fake = FakeLeague()
        var h = await TeamWorld.signedIn(on: .tradeBuilder(Demo.greats, counter: nil), fake: fake)
        #expect(Screen(h.state).inSheet("Trade with which team?"))
        h.key(.enter)                      // the first other team: Bytes
        await h.settle()
        let b = h.state.top[TradeBuilderFeature.self]
        #expect(b?.partner == Demo.bytes && b?.side == .theirs)
        h.key(.char("s"))
        #expect(h.state.top[TradeBuilderFeature.self]?.problem == "Mark at least one player or pick (space) on either side")
        h.key(.char(" "))                  // ask for their first player
        h.key(.left)
        h.key(.char(" "))                  // give my first player
        // Lamar Jackson (QB) for Bytes' first player, Patrick Mahomes (QB): my roster after still has one QB.
        #expect(h.state.top[TradeBuilderFeature.self]?.myPositionsAfter == "QB 1 · RB 3 · WR 4 · TE 1 · K 1 · DEF 1")
        PageGoldenTests.check(h, "trade-builder")
        h.key(.char("s"))
        #expect(Screen(h.state).inSheet("Send this offer to Bytes?"))
        h.key(.char("y"))
        await h.settle()
        let sent = await fake.tradeWrites.first?.of(Endpoints.Trades.propose)?.body
        let mine = TeamWorld.bits.rows[0].player.id, theirs = try? #require(await fake.roster(Demo.greats, team: Demo.bytes).rows.first?.player.id)
        #expect(sent == TradeProposal(team: Demo.bits, with: Demo.bytes, give: TradeAssets(players: [mine]), get: TradeAssets(players: [theirs!])))
        #expect(h.state.top[TradeBuilderFeature.self] == nil, "the builder closes once its offer went through")
    }

    @Test func bOnMyRosterPutsThePlayerOnTheTradingBlockAndTheMarkShows() async {
        let fake = FakeLeague()
        var h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits), fake: fake)
        let first = try! #require(h.state.top.rosterState?.selectedRow)
        h.key(.char("b"))
        await h.settle()
        #expect(await fake.tradeWrites.first?.of(Endpoints.Trades.tradingBlock)?.body
                == Wire.TradingBlockChange(team: Demo.bits, player: first.player.id, on: true))
        h.key(.char("r"))                  // reload: the roster as the league now has it
        await h.settle()
        #expect(h.state.top.rosterState?.selectedRow?.onTradingBlock == true)
        #expect(Screen(h.state).inSheet("\(first.player.name) [block]"))
    }

    @Test func onAShortTerminalTheSideBeingBuiltGetsTheRowsAndTheOtherItsTitle() async {
        let fake = FakeLeague()
        let bytes = try! await fake.roster(Demo.greats, team: Demo.bytes)
        var h = await TeamWorld.signedIn(on: .tradeBuilder(Demo.greats, counter: nil), size: Size(width: 60, height: 16), fake: fake)
        h.key(.enter)                      // Bytes
        await h.settle()
        h.key(.char("-"))                  // the board back above the sheet: half the height
        await h.settle()
        let theirs = Screen(h.state)
        #expect(theirs.text.contains(" half "), "the sheet at half height:\n\(theirs.text)")
        #expect(theirs.inSheet("▸ You get — Bytes") && theirs.inSheet("You give — ") && theirs.inSheet(bytes.rows[0].player.name),
                "their first player under their title, mine as a title:\n\(theirs.text)")
        h.key(.left)
        let mine = Screen(h.state)
        let mineFirst = try! #require(h.state.top[TradeBuilderFeature.self]?.rows(.mine).first)
        #expect(mine.inSheet("▸ You give — ") && mine.inSheet(mineFirst.player.name) && !mine.inSheet(bytes.rows[0].player.name),
                "my rows now, theirs folded to a title:\n\(mine.text)")
    }

    @Test func theBuilderFiltersTheirRosterToTheTradingBlock() async {
        let fake = FakeLeague()
        var bytes = try! await fake.roster(Demo.greats, team: Demo.bytes)
        bytes.rows[1].onTradingBlock = true
        await fake.setRoster(bytes)
        var h = await TeamWorld.signedIn(on: .tradeBuilder(Demo.greats, counter: nil), size: Size(width: 120, height: 40), fake: fake)
        h.key(.enter)                      // Bytes
        await h.settle()
        #expect(Screen(h.state).inSheet("\(bytes.rows[1].player.name) [block]"))
        h.key(.char("b"))
        let b = h.state.top[TradeBuilderFeature.self]
        #expect(b?.blockOnly == true && b?.rows(.theirs).map(\.player.id) == [bytes.rows[1].player.id])
        #expect(Screen(h.state).inSheet("You get — Bytes · on the block"))
        h.key(.char(" "))                  // the only one shown: the player on the block
        #expect(h.state.top[TradeBuilderFeature.self]?.get == [bytes.rows[1].player.id])
        h.key(.char("b"))
        #expect(h.state.top[TradeBuilderFeature.self]?.rows(.theirs).count == bytes.rows.count)
    }

    @Test func theBuilderAt160x48() async {
        let fake = FakeLeague()
        var h = await TeamWorld.signedIn(on: .tradeBuilder(Demo.greats, counter: nil), size: Size(width: 160, height: 48), fake: fake)
        h.key(.enter)
        await h.settle()
        h.key(.char(" ")); h.key(.left); h.key(.char(" "))
        PageGoldenTests.check(h, "trade-builder")
    }

    /// Without colour the builder still says everything: which side is focused, what is marked, what the trade does.
    @Test func theBuilderWithNoColor() async {
        let fake = FakeLeague()
        var h = await TeamWorld.signedIn(on: .tradeBuilder(Demo.greats, counter: nil), fake: fake, colorAllowed: false)
        h.key(.enter)
        await h.settle()
        h.key(.char(" ")); h.key(.left); h.key(.char(" "))
        let s = Screen(h.state)
        var coloured = 0
        for y in 0..<s.buffer.size.height {
            for x in 0..<s.buffer.size.width where s.buffer[x, y].style.foreground != .default || s.buffer[x, y].style.background != .default { coloured += 1 }
        }
        #expect(coloured == 0)
        Golden.check(s.buffer, named: "trade-builder-no-color-80x24")
    }

    /// At 60 columns the league's trade rules keep whole pairs: what doesn't fit is left off, never cut mid-phrase.
    @Test func theTradeRulesLineKeepsWholePairsWhenNarrow() async {
        let fake = FakeLeague()
        await fake.setTrades(Self.trades)
        var h = await Harness.started(fake: fake, size: Size(width: 60, height: 16))
        h.send(.open(.trades(Demo.greats)))
        await h.settle()
        let line = try! #require(Screen(h.state).lines.first { $0.contains("Review ") })
        #expect(line.contains("Deadline week"), "\(line)")
        #expect(!line.contains("Offers last") || line.contains("days"), "a pair is whole or absent: \(line)")
        h.send(.event(.resize(Size(width: 120, height: 40))))
        let wide = try! #require(Screen(h.state).lines.first { $0.contains("Review ") })
        #expect(wide.contains("Offers last") && wide.contains("days"), "at 120 columns every pair shows: \(wide)")
    }

    @Test func signedOutTheOfferGoesThroughTheGate() async {
        let fake = FakeLeague()
        await fake.setTrades(Self.trades)
        var h = await Harness.started(fake: fake, size: Size(width: 80, height: 24))
        h.send(.open(.trades(Demo.greats)))
        await h.settle()
        // Signed out nothing comes to me: the page opens on the first tab with trades (review), and still reads.
        #expect(Self.page(h)?.tab == .review && Self.page(h)?.rows.map(\.id) == [TradeID(6)])
        h.key(.char("T")); h.key(.char("T"))
        #expect(Self.page(h)?.tab == .toMe)
        #expect(Screen(h.state).inSheet("Sign in (i) to see offers to your team."))
        h.key(.char("n"))
        await h.settle()
        #expect(Screen(h.state).inSheet("Sign in (i) to build a trade"))
    }

    @Test func withNoColorTheTradeStateIsReadFromTextAndTheSelectionIsReverseVideo() async {
        let fake = FakeLeague()
        await fake.setTrades(Self.trades)
        let alice = await fake.addAccount(email: "alice@example.com", password: "correct horse", displayName: "alice")
        await fake.setSignedIn(alice)
        await fake.setMyTeam(Demo.bits, in: Demo.greats)
        var h = await Harness.started(fake: fake, colorAllowed: false)
        h.send(.open(.trades(Demo.greats)))
        await h.settle()
        let s = Screen(h.state)
        var coloured = 0
        for y in 0..<s.buffer.size.height {
            for x in 0..<s.buffer.size.width where s.buffer[x, y].style.foreground != .default || s.buffer[x, y].style.background != .default { coloured += 1 }
        }
        #expect(coloured == 0)
        let row = try! #require(s.lines.indices.first { $0 >= s.layout.sheetContent.y && s.lines[$0].contains("Dalvin Cook    Aaron Jones") })
        #expect(s.lines[row].contains("proposed"))
        #expect(s.buffer[3, row].style.attributes.contains(.reverse), "selected row is reverse video")
    }

    // MARK: - The Trades page's reducer, exhaustively (TestStore)

    /// The answers and the vote step by step: each asks first (the question says what happens), no takes it back
    /// asking nothing, yes asks the shell for the write; a vote is offered only where I may vote; tabs walk round.
    @Test func answersAndVotesStepByStep() async {
        var detail = Demo.detail(Demo.greats)
        detail.capabilities = Capabilities(signedIn: true, myTeam: Demo.bits)
        var s = TradesFeature.State(id: Demo.greats)
        s.trades = Loadable(Self.trades)
        s.detail = Loadable(detail)
        let ctx = PageContext(env: AppEnvironment(api: FakeLeague(), settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)
        let store = TestStore(TradesFeature.self, s, context: ctx)
        let offer = At.Trade(Demo.greats, trade: TradeID(7)), review = At.Trade(Demo.greats, trade: TradeID(6))
        #expect(store.state.rows.map(\.id) == [TradeID(7)])

        await store.send(.vetoRequested)                                // an offer to me is not voted on
        let accept = TradesFeature.Question(write: GatedWrite(Endpoints.Trades.accept, offer, Wire.TradeAcceptance()),
                                            confirm: PageConfirm(title: "Accept this trade?",
                                                                 message: "You get Dalvin Cook; Bytes gets Aaron Jones." + TradesFeature.reviewNote(store.state),
                                                                 confirmLabel: "Accept"))
        await store.send(.acceptRequested) { $0.question = accept }
        #expect(TradesFeature.textEntry(store.state).isEditingText, "the question takes the keys")
        await store.send(.confirmKey(.char("n"))) { $0.question = nil }
        let reject = TradesFeature.Question(write: GatedWrite(Endpoints.Trades.reject, offer),
                                            confirm: PageConfirm(title: "Turn this offer down?", message: "Bytes is told at once.", confirmLabel: "Reject"))
        await store.send(.rejectRequested) { $0.question = reject }
        await store.send(.confirmKey(.char("y"))) { $0.question = nil }
        store.delegated(.perform(GatedWrite(Endpoints.Trades.reject, offer)))

        await store.send(.tabMoved(1)) { $0.tab = .mine; $0.list = ListState(selected: nil) }
        await store.send(.withdrawRequested)                            // no offer of mine
        await store.send(.tabMoved(1)) { $0.tab = .review; $0.list = ListState(selected: 0) }
        await store.send(.acceptRequested)                              // not mine to accept
        let veto = TradesFeature.Question(write: GatedWrite(Endpoints.Trades.veto, review),
                                          confirm: PageConfirm(title: "Vote against this trade?", message: "1 votes cancel it (1 so far). Votes are anonymous.",
                                                               confirmLabel: "Vote"))
        await store.send(.vetoRequested) { $0.question = veto }
        await store.send(.confirmKey(.char("y"))) { $0.question = nil }
        store.delegated(.perform(GatedWrite(Endpoints.Trades.veto, review)))
        await store.send(.tabMoved(1)) { $0.tab = .history }
        #expect(store.state.rows.map(\.state) == [.executed])
        await store.send(.tabMoved(-1)) { $0.tab = .review }
        await store.send(.counterRequested)                             // only an offer to me is countered
        await store.send(.tabMoved(-2)) { $0.tab = .toMe }
        await store.send(.counterRequested)
        store.delegated(.open(.tradeBuilder(Demo.greats, counter: TradeID(7))))
        store.finish()
    }
}

/// Picks in the builder, one roster limit, the receiver's own drops, the words after a trade and a vote.
@Suite struct TradesIssue44Tests {
    static func market(bitsPicks: [DraftPickRef], bytesPicks: [DraftPickRef]) -> TradeMarket {
        func named(_ p: DraftPickRef) -> TradeView.TradePick {
            TradeView.TradePick(pick: p, value: 12.5, label: TradeView.pickName(p, season: 2019, team: Demo.team(p.team).name))
        }
        return TradeMarket(season: 2019, players: [], picks: [TradeMarket.TeamPicks(team: Demo.bits, picks: bitsPicks.map(named)),
                                                          TradeMarket.TeamPicks(team: Demo.bytes, picks: bytesPicks.map(named))],
                           activeCapacity: 15)
    }

    @Test func theBuilderOffersEachSidesPicksAndSendsThem() async {
        let fake = FakeLeague()
        let mine = DraftPickRef(round: 3, team: Demo.bits), theirs = DraftPickRef(round: 2, team: Demo.bytes)
        await fake.setTradeMarket(Self.market(bitsPicks: [mine], bytesPicks: [theirs]))
        var h = await TeamWorld.signedIn(on: .tradeBuilder(Demo.greats, counter: nil), size: Size(width: 120, height: 40), fake: fake)
        h.key(.enter)                      // Bytes
        await h.settle()
        #expect(Screen(h.state).inSheet("2019 round 3 (Bits)") && Screen(h.state).inSheet("2019 round 2 (Bytes)"))
        // Their pick is the last row of their side; mine the last of mine.
        h.key(.char("G")); h.key(.char(" "))
        h.key(.left); h.key(.char("G")); h.key(.char(" "))
        let b = h.state.top[TradeBuilderFeature.self]
        #expect(b?.givePicks == [mine] && b?.getPicks == [theirs], "\(String(describing: b?.givePicks)) \(String(describing: b?.getPicks))")
        h.key(.char("s"))
        #expect(h.state.top[TradeBuilderFeature.self]?.confirm?.message.hasPrefix("You give 2019 round 3 (Bits); you get 2019 round 2 (Bytes).") == true)
        h.key(.char("y"))
        await h.settle()
        #expect(await fake.tradeWrites.first?.of(Endpoints.Trades.propose)?.body
                == TradeProposal(team: Demo.bits, with: Demo.bytes, give: TradeAssets(picks: [mine]), get: TradeAssets(picks: [theirs])))
    }

    /// The builder counts what the server counts: players outside IR plus picks to make, against roster size without
    /// IR, and says it in the server's sentence.
    @Test func theBuildersRosterLimitIsTheServersOutsideIR() async {
        let fake = FakeLeague()
        var bits = TeamWorld.bits
        // One of mine is on IR: he doesn't count (nor does the IR slot).
        bits.rows[bits.rows.count - 1].slot = .ir
        let active = bits.rows.count - 1
        await fake.setTradeMarket(TradeMarket(season: 2019, players: [], picks: [], activeCapacity: active))
        var h = await TeamWorld.signedIn(on: .tradeBuilder(Demo.greats, counter: nil), roster: bits, size: Size(width: 120, height: 40), fake: fake)
        h.key(.enter)
        await h.settle()
        #expect(Screen(h.state).inSheet("your roster after: \(active)/\(active) outside IR"))
        h.key(.char(" "))                  // one more arrives: over by one
        h.key(.char("s"))
        #expect(h.state.top[TradeBuilderFeature.self]?.problem
                == "Bits would hold \(active + 1) players outside IR — \(active) is the most — mark 1 to drop (d)")
        #expect(Screen(h.state).inSheet("your roster after: \(active + 1)/\(active) outside IR"))
    }

    /// A counter refused by the server keeps every mark: the reload after the refusal doesn't turn the offer round again.
    @Test func aRefusedCounterKeepsEveryMark() async {
        let fake = FakeLeague()
        await fake.setTrades(TradesTests.trades)
        var h = await TeamWorld.signedIn(on: .tradeBuilder(Demo.greats, counter: TradeID(7)), size: Size(width: 120, height: 40), fake: fake)
        await h.settle()
        let before = h.state.top[TradeBuilderFeature.self]
        #expect(before?.give == [Demo.jones.id] && before?.get == [Demo.cook.id])
        h.key(.char("G")); h.key(.char(" "))   // one more of theirs: the last
        let marked = h.state.top[TradeBuilderFeature.self]?.get
        #expect(marked?.count == 2)
        h.send(.page(id: h.state.sheet.top.id, TradeBuilderFeature.pageAction(.onAppear)))   // the reload that follows a refusal
        await h.settle()
        #expect(h.state.top[TradeBuilderFeature.self]?.get == marked && h.state.top[TradeBuilderFeature.self]?.give == [Demo.jones.id])
    }

    /// Accepting an offer my roster has no room for: I choose my own drops, the confirm lists them, and they are sent.
    @Test func acceptingWithoutRoomChoosesMyOwnDropsAndTheConfirmListsThem() async {
        let fake = FakeLeague()
        var offer = TradesTests.trades[0]
        var after = offer.myRosterAfter!
        after.limit = "Bits would hold 16 players outside IR — 15 is the most"
        after.mustDrop = 1
        after.droppable = [Demo.ekeler.id, Demo.kupp.id].filter { id in after.players.contains { $0.player.id == id } }
        if after.droppable.isEmpty { after.droppable = [after.players.last!.player.id] }
        offer.myRosterAfter = after
        await fake.setTrades([offer])
        var h = await TeamWorld.signedIn(on: .trades(Demo.greats), size: Size(width: 120, height: 40), fake: fake)
        await h.settle()
        h.key(.char("a"))
        let choice = try! #require(h.state.top[TradesFeature.self]?.dropChoice)
        let shown = Screen(h.state).lines.first { $0.contains("Accepting:") } ?? "none"
        #expect(shown.contains("Accepting: Bits would hold 16 players outside IR — 15 is the most — choose 1 to drop (0 chosen)"), "\(shown)")
        h.key(.char("a"))
        #expect(h.state.top[TradesFeature.self]?.question == nil, "not before one is chosen")
        h.key(.char(" "))
        h.key(.char("a"))
        let name = after.players.first { $0.player.id == choice.candidates[0] }!.player.name
        #expect(h.state.top[TradesFeature.self]?.question?.confirm.message.contains("You drop \(name).") == true, "the confirm lists the drop")
        h.key(.char("y"))
        await h.settle()
        #expect(await fake.tradeWrites.first?.of(Endpoints.Trades.accept)?.body == Wire.TradeAcceptance(drops: [choice.candidates[0]]))
    }

    @Test func historySaysDropsInThePastAndAVoteCastIsShown() async {
        let fake = FakeLeague()
        var done = TradesTests.trades[2]
        done.trade.proposal.drops = [Demo.kupp.id]
        done.players.append(TradeView.TradePlayer(player: Demo.kupp, value: 3))
        var voted = TradesTests.trades[1]
        voted.canVote = false
        voted.hasVoted = true
        await fake.setTrades([voted, done])
        var h = await TeamWorld.signedIn(on: .trades(Demo.greats), size: Size(width: 120, height: 40), fake: fake)
        await h.settle()
        #expect(h.state.top[TradesFeature.self]?.tab == .review)
        let s = Screen(h.state)
        #expect(s.inSheet("1 of 1 votes to veto · you voted against it (a vote can't be changed)"))
        #expect(!s.inSheet("v votes against it") && !s.lines.joined().contains("v vote against"))
        h.key(.char("t"))
        #expect(Screen(h.state).inSheet("Dropped with it: \(Demo.kupp.name)"))
        #expect(!Screen(h.state).inSheet("Drops if it goes through"))
    }
}
