import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// The trade use cases on `LeagueService`, on SQLite and PostgreSQL — every state change, the refusals'
/// sentences, review by vote and by the commissioner, reversal, expiry, bots answering, who sees what; and races of an
/// acceptance against a drop and against another acceptance, each between two services on one database.
@Suite("Use cases: trades", .bothBackends) struct TradeUseCaseTests {
    /// Gridiron Greats (demo, week 9 in progress, every team managed; Alice is its commissioner).
    struct Setup {
        let world: ContractWorld
        let league: LeagueID
        let alice: Caller, ben: Caller, dev: Caller
        let benTeam: TeamID, devTeam: TeamID
        /// An unlocked bench player of each (same position, so no position maximum is in the way).
        let benPlayer: PlayerID, devPlayer: PlayerID
        var service: LeagueService { world.service }

        func offer(give: [PlayerID]? = nil, get: [PlayerID]? = nil, drops: [PlayerID] = []) -> TradeProposal {
            TradeProposal(team: benTeam, with: devTeam, give: TradeAssets(players: give ?? [benPlayer]), get: TradeAssets(players: get ?? [devPlayer]),
                          drops: drops)
        }
        func trade(_ id: TradeID) throws -> Trade { try #require(try service.trades.trades(league, caller: alice).first { $0.id == id }) }
        func roster(_ team: TeamID) throws -> TeamRoster { try service.roster.roster(league, team: team, caller: .anonymous) }
    }

    static func setup(review: TradeReview = .vote, configure: (inout LeagueSettings) -> Void = { _ in }) throws -> Setup {
        let world = try ContractWorld()
        let league = try #require(try world.service.leagues.publicLeagues(filter: LeagueFilter(nameContains: "Gridiron Greats"), caller: .anonymous).first).id
        let alice = try world.person("alice"), ben = try world.person("ben"), dev = try world.person("dev")
        let teams = try world.service.store.read { try $0.teams(in: league) }
        let benTeam = try #require(teams.first { $0.manager == ben.userID }).id
        let devTeam = try #require(teams.first { $0.manager == dev.userID }).id
        // People answer for themselves in these tests (the demo puts its people on autopick: bots would answer).
        try world.service.store.write { w in for var t in try w.teams(in: league) { t.autopick = false; try w.updateTeam(t) } }
        var settings = try world.service.leagues.league(league, caller: alice).league.settings
        settings.tradeReview = review
        configure(&settings)
        _ = try world.service.commissioner.updateSettings(league, settings: settings, caller: alice)
        func bench(_ team: TeamID) throws -> [RosterRow] {
            try world.service.roster.roster(league, team: team, caller: .anonymous).rows.filter { !$0.locked && $0.slot == .bench }
        }
        let benBench = try bench(benTeam), devBench = try bench(devTeam)
        let pair = try #require(benBench.lazy.compactMap { b in devBench.first { $0.player.position == b.player.position }.map { (b, $0) } }.first)
        return Setup(world: world, league: league, alice: alice, ben: ben, dev: dev, benTeam: benTeam, devTeam: devTeam,
                     benPlayer: pair.0.player.id, devPlayer: pair.1.player.id)
    }

    func lastEvent(_ s: Setup) throws -> Int64 { try s.service.store.read { try $0.lastEventID() } }

    /// The league's trade events after `id`, in order.
    func tradeEvents(_ s: Setup, after id: Int64) throws -> [String] {
        let last = try lastEvent(s)
        guard last > id else { return [] }
        return try (id + 1...last).compactMap { n in
            try s.world.scalar("SELECT kind FROM events WHERE id = ? AND league_id = ?", [n, s.league], as: String.self)
        }.filter { $0.hasPrefix("trade.") }
    }

    // MARK: Every state change

    @Test func anAcceptedTradeWithoutReviewExecutesAtOnceMovingExactlyItsPlayers() throws {
        let s = try Self.setup(review: .noReview)
        let before = try lastEvent(s)
        let id = try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        #expect(try s.trade(id).state == .proposed)
        let done = try s.service.trades.acceptTrade(s.league, trade: id, caller: s.dev)
        #expect(done.state == .executed)
        let ben = try s.roster(s.benTeam), dev = try s.roster(s.devTeam)
        #expect(ben.rows.contains { $0.player.id == s.devPlayer && $0.acquisition == .trade && $0.slot == .bench })
        #expect(!ben.rows.contains { $0.player.id == s.benPlayer })
        #expect(dev.rows.contains { $0.player.id == s.benPlayer && $0.acquisition == .trade })
        #expect(!dev.rows.contains { $0.player.id == s.devPlayer })
        let log = try s.service.waivers.transactions(s.league, caller: .anonymous).prefix(2)
        #expect(Set(log.map { "\($0.transaction.kind.rawValue) \($0.team.id.rawValue) +\($0.added?.id.rawValue ?? "")" })
                == ["trade \(s.devTeam.rawValue) +\(s.benPlayer.rawValue)", "trade \(s.benTeam.rawValue) +\(s.devPlayer.rawValue)"])
        #expect(try tradeEvents(s, after: before) == ["trade.proposed", "trade.accepted", "trade.executed"])
    }

    @Test func aLeagueVoteVetoesWithAThirdOfTheOtherManagersAnonymously() throws {
        let s = try Self.setup(review: .vote)
        let id = try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        let accepted = try s.service.trades.acceptTrade(s.league, trade: id, caller: s.dev)
        #expect(accepted.state == .inReview)
        #expect(accepted.vetoThreshold == 3, "8 other managers: a third, rounded up")
        let emma = try s.world.person("emma"), farid = try s.world.person("farid"), grace = try s.world.person("grace")
        #expect(try s.service.trades.vetoTrade(s.league, trade: id, caller: emma).votes == 1)
        #expect(throws: DomainError.conflict("Your team already voted against this trade")) { try s.service.trades.vetoTrade(s.league, trade: id, caller: emma) }
        let benTeamName = try s.roster(s.benTeam).team.name
        #expect(throws: DomainError.forbidden("\(benTeamName) is in this trade — it can't vote against it")) {
            try s.service.trades.vetoTrade(s.league, trade: id, caller: s.ben)
        }
        #expect(try s.service.trades.vetoTrade(s.league, trade: id, caller: farid).state == .inReview)
        let vetoed = try s.service.trades.vetoTrade(s.league, trade: id, caller: grace)
        #expect(vetoed.state == .vetoed && vetoed.votes == 3)
        // Nothing moved; nobody can tell who voted (the read model has a count only).
        #expect(try s.roster(s.benTeam).rows.contains { $0.player.id == s.benPlayer })
        let json = String(decoding: try JSONEncoder().encode(try s.trade(id)), as: UTF8.self)
        #expect(!json.contains("\"voters\"") && json.contains("\"votes\":3"))
    }

    @Test func aReviewThatEndsExecutesWhenTheClockPassesIt() throws {
        let s = try Self.setup(review: .commissioner)
        let id = try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        let accepted = try s.service.trades.acceptTrade(s.league, trade: id, caller: s.dev)
        let ends = try #require(accepted.reviewEndsAt)
        #expect(accepted.state == .inReview && accepted.vetoThreshold == 0)
        // A manager can't cancel in commissioner review.
        #expect(throws: DomainError.forbidden("Only the commissioner can cancel trades in Gridiron Greats")) {
            try s.service.trades.vetoTrade(s.league, trade: id, caller: try s.world.person("emma"))
        }
        // Not yet: the review runs a day of the league clock. The time step alone executes it at the end.
        #expect(try s.service.trades.processTrades(s.league, now: ends.addingTimeInterval(-60)).isEmpty)
        #expect(try s.trade(id).state == .inReview)
        #expect(try s.service.trades.processTrades(s.league, now: ends) == [id])
        #expect(try s.trade(id).state == .executed)
        #expect(try s.roster(s.devTeam).rows.contains { $0.player.id == s.benPlayer })
    }

    @Test func theCommissionerCancelsInReviewAndReversesAnExecutedTrade() throws {
        let s = try Self.setup(review: .vote)
        let first = try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        _ = try s.service.trades.acceptTrade(s.league, trade: first, caller: s.dev)
        let cancelled = try s.service.trades.vetoTrade(s.league, trade: first, caller: s.alice)
        #expect(cancelled.state == .vetoed)
        var settings = try s.service.leagues.league(s.league, caller: s.alice).league.settings
        settings.tradeReview = .noReview
        _ = try s.service.commissioner.updateSettings(s.league, settings: settings, caller: s.alice)
        let second = try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        #expect(try s.service.trades.acceptTrade(s.league, trade: second, caller: s.dev).state == .executed)
        #expect(throws: DomainError.forbidden("Only the commissioner can reverse trades")) {
            try s.service.trades.reverseTrade(s.league, trade: second, caller: s.ben)
        }
        let before = try lastEvent(s)
        #expect(try s.service.trades.reverseTrade(s.league, trade: second, caller: s.alice).state == .reversed)
        #expect(try s.roster(s.benTeam).rows.contains { $0.player.id == s.benPlayer })
        #expect(try s.roster(s.devTeam).rows.contains { $0.player.id == s.devPlayer })
        #expect(try tradeEvents(s, after: before) == ["trade.reversed"])
        #expect(throws: DomainError.conflict("Trade \(second.rawValue) was reversed")) {
            try s.service.trades.reverseTrade(s.league, trade: second, caller: s.alice)
        }
        // Anyone reading the public league sees the trades that went through, members see them all.
        #expect(try s.service.trades.trades(s.league, caller: .anonymous).map(\.id) == [second])
        #expect(try s.service.trades.trades(s.league, caller: s.ben).map(\.id) == [second, first])
    }

    @Test func rejectWithdrawAndCounterAreEachSidesOwnAndSaySoWhenLate() throws {
        let s = try Self.setup()
        let benName = try s.roster(s.benTeam).team.name, devName = try s.roster(s.devTeam).team.name
        let one = try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        #expect(throws: DomainError.forbidden("Only the manager of \(devName) can accept its trade offers")) {
            try s.service.trades.acceptTrade(s.league, trade: one, caller: s.ben)
        }
        #expect(throws: DomainError.forbidden("Only the manager of \(benName) can withdraw its trade offers")) {
            try s.service.trades.withdrawTrade(s.league, trade: one, caller: s.dev)
        }
        #expect(try s.service.trades.rejectTrade(s.league, trade: one, caller: s.dev).state == .rejected)
        #expect(throws: DomainError.conflict("Trade \(one.rawValue) was rejected")) { try s.service.trades.acceptTrade(s.league, trade: one, caller: s.dev) }

        let two = try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        #expect(try s.service.trades.withdrawTrade(s.league, trade: two, caller: s.ben).state == .withdrawn)

        let three = try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        let backwards = s.offer()
        #expect(throws: DomainError.validation(field: "team", message: "A counter offer goes from \(devName) back to \(benName)")) {
            try s.service.trades.counterTrade(s.league, trade: three, backwards, caller: s.dev)
        }
        let counter = TradeProposal(team: s.devTeam, with: s.benTeam, give: TradeAssets(players: [s.devPlayer]), get: TradeAssets(players: [s.benPlayer]),
                                    note: "  One for one, straight up  ")
        let four = try s.service.trades.counterTrade(s.league, trade: three, counter, caller: s.dev)
        #expect(try s.trade(three).state == .countered)
        let countered = try s.trade(four)
        #expect(countered.state == .proposed && countered.countersTradeID == three && countered.proposal.note == "One for one, straight up")
        #expect(try s.service.trades.acceptTrade(s.league, trade: four, caller: s.ben).state == .inReview)
        #expect(throws: DomainError.unauthenticated) { try s.service.trades.proposeTrade(s.league, s.offer(), caller: .anonymous) }
        #expect(throws: DomainError.notFound("Trade 999999")) { try s.service.trades.acceptTrade(s.league, trade: TradeID(999_999), caller: s.dev) }
    }

    @Test func anOfferExpiresAndTheDeadlineClosesTrading() throws {
        let s = try Self.setup { $0.tradeExpiryDays = 2 }
        let id = try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        let expires = try s.trade(id).expiresAt
        _ = try s.service.season.advanceClock(s.league, to: expires.addingTimeInterval(60), caller: s.alice)
        #expect(try s.trade(id).state == .expired)
        #expect(throws: DomainError.conflict("Trade \(id.rawValue) expired")) { try s.service.trades.acceptTrade(s.league, trade: id, caller: s.dev) }
        var settings = try s.service.leagues.league(s.league, caller: s.alice).league.settings
        settings.tradeDeadlineWeek = 8
        _ = try s.service.commissioner.updateSettings(s.league, settings: settings, caller: s.alice)
        #expect(throws: DomainError.conflict("The trade deadline of Gridiron Greats (week 8) has passed")) {
            try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        }
    }

    @Test func aPlayerGoneBeforeTheAcceptanceInvalidatesTheTradeWithItsReason() throws {
        let s = try Self.setup(review: .noReview)
        let id = try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        _ = try s.service.waivers.dropPlayer(s.league, team: s.devTeam, player: s.devPlayer, caller: s.dev)
        let t = try s.service.trades.acceptTrade(s.league, trade: id, caller: s.dev)
        let devName = try s.roster(s.devTeam).team.name
        #expect(t.state == .invalidated)
        #expect(t.invalidationReason?.hasSuffix("is no longer on \(devName)'s roster") == true)
        #expect(try s.trade(id).invalidationReason == t.invalidationReason, "both sides read the reason")
    }

    @Test func aBotAnswersAnOfferAfterItsDelayAndPicksTradeDuringTheDraft() throws {
        let world = try ContractWorld()
        let league = try #require(try world.service.leagues.publicLeagues(filter: LeagueFilter(nameContains: "Bot Bowl"), caller: .anonymous).first).id
        let omar = try world.person("omar")
        let teams = try world.service.store.read { try $0.teams(in: league) }
        let mine = try #require(teams.first { $0.manager == omar.userID }).id
        let bot = try #require(teams.first { $0.isBot }).id
        let board = try world.service.draft.draftBoard(league, caller: omar)
        // A late pick of mine for an earlier one of the bot's: the bot (temperament aside) may accept, counter or reject.
        let round = board.draft.rounds
        let offer = TradeProposal(team: mine, with: bot, give: TradeAssets(picks: [DraftPickRef(round: round, team: mine)]),
                                  get: TradeAssets(picks: [DraftPickRef(round: round - 1, team: bot)]))
        let id = try world.service.trades.proposeTrade(league, offer, caller: omar)
        let delay = TradeBot.delay(for: id, seed: UInt64(bitPattern: league.rawValue))
        #expect((20...90).contains(delay))
        world.clock.advance(by: delay - 1)
        #expect(try world.service.trades.trades(league, caller: omar).first { $0.id == id }?.state == .proposed)
        world.clock.advance(by: 2)
        let answered = try #require(try world.service.trades.trades(league, caller: omar).first { $0.id == id })
        #expect(answered.state != .proposed, "the bot answered once its delay passed")
        if answered.state == .executed || answered.state == .inReview {
            let owners = try world.service.store.read { try $0.pickOwners(in: league) }
            #expect(answered.state == .inReview || owners[DraftPickRef(round: round - 1, team: bot)] == mine)
        }
    }

    // MARK: Values, bots on real time, the receiver's own drops

    /// In week 9 of the 2019 demo the builder's values (`GET …/trade-market`) are rest-of-season values: Dalvin Cook
    /// (191.7 points so far) is worth more than Chris Godwin was on his 2018 season and more than any kicker.
    @Test func inWeek9TheBuilderValuesDalvinCookAboveGodwins2018ValueAndEveryKicker() throws {
        let s = try Self.setup()
        let market = try s.service.trades.tradeMarket(s.league, caller: s.ben)
        let league = try s.service.leagues.league(s.league, caller: s.alice).league
        let facts = try s.service.facts(league: s.league)
        func id(_ name: String) throws -> PlayerID { try #require(facts.players.values.first { $0.fullName == name }).id }
        let cook = try #require(market.value(try id("Dalvin Cook")))
        // Godwin's 2018-based value: the same formula before the season (last season's ppg × games left).
        var preseason = league
        preseason.state = .predraft
        let godwin2018 = TradeValues(league: preseason, facts: facts).value(try id("Chris Godwin"))
        let old = facts.draftRankings(league.settings).ranking(of: try id("Chris Godwin")).map { Double($0.value.hundredths) / 100 + 1 } ?? 0
        #expect(cook > godwin2018 && cook > old, "Cook \(cook), Godwin on 2018 \(godwin2018) (pre-draft rankings \(old))")
        let kickers = market.players.filter { facts.players[$0.player]?.position == .k }
        #expect(!kickers.isEmpty)
        for k in kickers { #expect(cook > k.value, "\(facts.players[k.player]!.fullName) \(k.value)") }
        #expect(cook > 20, "a starting RB in week 9 is worth well over the floor: \(cook)")
    }

    /// An offer to a team that answers by itself runs on real time: the bot answers within its 20–90 s even while the
    /// league's season clock stands still (a replay clock between plays, or off) — the offer used to wait for the
    /// league clock, which in the demo can stand for many minutes. A rejection says why in value terms.
    @Test func aBotAnswersOnRealTimeWhileTheLeagueClockStandsStillAndSaysWhyItRejects() throws {
        let s = try Self.setup(review: .noReview)
        try s.service.store.write { w in for var t in try w.teams(in: s.league) where t.id == s.devTeam { t.autopick = true; try w.updateTeam(t) } }
        let clockBefore = try s.service.leagues.league(s.league, caller: s.alice).league.clock
        // Ben asks for Dev's bench player and offers nothing (dropping one of his own to make room): the bot says no.
        let benDrop = try #require(try s.roster(s.benTeam).rows.first { !$0.locked && $0.slot == .bench && $0.player.id != s.benPlayer }).player.id
        let id = try s.service.trades.proposeTrade(s.league, TradeProposal(team: s.benTeam, with: s.devTeam, get: TradeAssets(players: [s.devPlayer]),
                                                                    drops: [benDrop]), caller: s.ben)
        #expect(try s.trade(id).onRealTime)
        #expect(try !s.service.trades.leaguesWithTradesDue().contains(s.league))
        s.world.clock.advance(by: 91)
        #expect(try s.service.leagues.league(s.league, caller: s.alice).league.clock == clockBefore, "the league clock didn't move")
        #expect(try s.service.trades.leaguesWithTradesDue().contains(s.league))
        #expect(try s.service.trades.processTrades(s.league).contains(id))
        let answered = try s.trade(id)
        #expect(answered.state == .rejected)
        let why = try #require(answered.invalidationReason)
        #expect(why.contains("values what it would get at 0.0 and what it would give at") && why.contains("it wants at least"), "\(why)")
    }

    /// The answering team chooses its own drops when it accepts; without room it is refused with the same sentence
    /// the builder shows, and its drops are made with the trade.
    @Test func theAcceptingTeamNamesItsOwnDrops() throws {
        let s = try Self.setup(review: .noReview)
        let ben = try s.roster(s.benTeam), dev = try s.roster(s.devTeam)
        let capacity = RosterRules.activeCapacity(try s.service.leagues.league(s.league, caller: s.alice).league.settings)
        // Ben gives two players for one: Dev's roster grows by one.
        let benTwo = ben.rows.filter { !$0.locked && $0.slot != .ir }.map(\.player.id).prefix(2)
        let id = try s.service.trades.proposeTrade(s.league, s.offer(give: Array(benTwo)), caller: s.ben)
        let devActive = dev.rows.filter { $0.slot != .ir }.count
        if devActive + 1 > capacity {
            #expect(throws: DomainError.validation(field: "drops", message: "\(dev.team.name) would hold \(devActive + 1) players outside IR — \(capacity) is the most — choose drops to make room")) {
                try s.service.trades.acceptTrade(s.league, trade: id, caller: s.dev)
            }
        }
        let drop = try #require(dev.rows.first { !$0.locked && $0.slot == .bench && $0.player.id != s.devPlayer }).player.id
        let done = try s.service.trades.acceptTrade(s.league, trade: id, drops: [drop], caller: s.dev)
        #expect(done.state == .executed && done.proposal.drops == [drop])
        #expect(try !s.roster(s.devTeam).rows.contains { $0.player.id == drop })
        #expect(try s.trade(id).proposal.drops == [drop], "the drop is kept with the trade")
        // The proposer can't name the other side's drops.
        #expect(throws: DomainError.validation(field: "drops", message: "\(try s.roster(s.devTeam).rows.first!.player.name) is \(dev.team.name)'s — \(dev.team.name) chooses its own drops when it accepts")) {
            try s.service.trades.proposeTrade(s.league, s.offer(give: [try s.roster(s.benTeam).rows.first { !$0.locked }!.player.id], get: [],
                                                             drops: [try s.roster(s.devTeam).rows.first!.player.id]), caller: s.ben)
        }
    }

    // MARK: Races (two services on one database, as two processes or two server instances)

    /// Runs two bodies at the same moment on two threads; returns their results in order.
    static func race<A: Sendable, B: Sendable>(_ a: @escaping @Sendable () throws -> A, _ b: @escaping @Sendable () throws -> B)
        -> (Result<A, any Error>, Result<B, any Error>) {
        let first = Locked<Result<A, any Error>?>(nil), second = Locked<Result<B, any Error>?>(nil)
        let start = DispatchSemaphore(value: 0), done = DispatchGroup()
        done.enter(); done.enter()
        Thread.detachNewThread { start.wait(); let r = Result { try a() }; first.mutate { $0 = r }; done.leave() }
        Thread.detachNewThread { start.wait(); let r = Result { try b() }; second.mutate { $0 = r }; done.leave() }
        start.signal(); start.signal()
        done.wait()
        return (first.value!, second.value!)
    }

    @Test(arguments: 0..<3)
    func anAcceptanceRacingADropOfItsPlayerEndsWithExactlyOneWinner(round: Int) throws {
        let s = try Self.setup(review: .noReview)
        let other = try s.world.secondService()
        let id = try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        let (league, dev, devTeam, devPlayer) = (s.league, s.dev, s.devTeam, s.devPlayer)
        let services = round % 2 == 0 ? (s.service, other) : (other, s.service)
        let (accepted, dropped) = Self.race({ try services.0.trades.acceptTrade(league, trade: id, caller: dev) },
                                            { try services.1.waivers.dropPlayer(league, team: devTeam, player: devPlayer, caller: dev) })
        let trade = try s.trade(id)
        let onBen = try s.roster(s.benTeam).rows.contains { $0.player.id == devPlayer }
        switch (trade.state, dropped) {
        case (.executed, .failure):
            #expect(onBen, "the trade won: the player moved, the drop was refused")
        case (.invalidated, .success):
            #expect(!onBen && trade.invalidationReason?.contains("is no longer on") == true, "the drop won: the trade says why it died")
        default:
            Issue.record("not exactly one winner: trade \(trade.state), drop \(dropped), accept \(accepted)")
        }
    }

    @Test(arguments: 0..<3)
    func twoAcceptancesOfTradesSharingAPlayerEndWithOneExecutedAndOneInvalidated(round: Int) throws {
        let s = try Self.setup(review: .noReview)
        let other = try s.world.secondService()
        let emma = try s.world.person("emma")
        let emmaTeam = try #require(try s.service.store.read { try $0.teams(in: s.league) }.first { $0.manager == emma.userID }).id
        let position = try #require(try s.roster(s.benTeam).rows.first { $0.player.id == s.benPlayer }).player.position
        let emmaPlayer = try #require(try s.roster(emmaTeam).rows.first { !$0.locked && $0.slot == .bench && $0.player.position == position }).player.id
        let toDev = try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        let toEmma = try s.service.trades.proposeTrade(s.league, TradeProposal(team: s.benTeam, with: emmaTeam, give: TradeAssets(players: [s.benPlayer]),
                                                                        get: TradeAssets(players: [emmaPlayer])), caller: s.ben)
        let (league, dev) = (s.league, s.dev)
        let services = round % 2 == 0 ? (s.service, other) : (other, s.service)
        _ = Self.race({ try services.0.trades.acceptTrade(league, trade: toDev, caller: dev) },
                      { try services.1.trades.acceptTrade(league, trade: toEmma, caller: emma) })
        let states = [try s.trade(toDev), try s.trade(toEmma)]
        #expect(states.filter { $0.state == .executed }.count == 1)
        let loser = try #require(states.first { $0.state == .invalidated })
        #expect(loser.invalidationReason?.contains("is no longer on") == true)
        let holders = try [s.devTeam, emmaTeam, s.benTeam].filter { try s.roster($0).rows.contains { $0.player.id == s.benPlayer } }
        #expect(holders.count == 1, "the player is on exactly one roster")
    }

    /// The trade's player is let go by a free-agent add (the drop of an add, as a claim's drop would be) while the trade
    /// is accepted: one of them lands.
    @Test(arguments: 0..<2)
    func anAcceptanceRacingAnAddThatDropsItsPlayerEndsWithExactlyOneWinner(round: Int) throws {
        let s = try Self.setup(review: .noReview)
        let other = try s.world.secondService()
        let position = try #require(try s.roster(s.devTeam).rows.first { $0.player.id == s.devPlayer }).player.position
        let freeAgent = try #require(try s.service.waivers.availablePlayers(s.league, position: position, sort: .seasonPoints, caller: s.dev)
            .first { $0.availability == .freeAgent }).player.id
        let id = try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        let (league, dev, devTeam, devPlayer) = (s.league, s.dev, s.devTeam, s.devPlayer)
        let services = round % 2 == 0 ? (s.service, other) : (other, s.service)
        let (_, added) = Self.race({ try services.0.trades.acceptTrade(league, trade: id, caller: dev) },
                                   { try services.1.waivers.addFreeAgent(league, team: devTeam, player: freeAgent, dropping: devPlayer, caller: dev) })
        let trade = try s.trade(id)
        switch (trade.state, added) {
        case (.executed, .failure): #expect(try s.roster(s.benTeam).rows.contains { $0.player.id == devPlayer })
        case (.invalidated, .success): #expect(trade.invalidationReason?.contains("is no longer on") == true)
        default: Issue.record("not exactly one winner: trade \(trade.state), add \(added)")
        }
    }

    /// The trade's player is the drop of a waiver claim processed when the clock passes Wednesday's run, at the moment
    /// the trade is accepted: either the claim loses (its drop is gone) and the trade executes, or the claim wins and
    /// the trade is invalidated.
    @Test(arguments: 0..<2)
    func anAcceptanceRacingAWaiverRunThatDropsItsPlayerEndsWithExactlyOneWinner(round: Int) throws {
        let s = try Self.setup(review: .noReview)
        let other = try s.world.secondService()
        let emma = try s.world.person("emma")
        let emmaTeam = try #require(try s.service.store.read { try $0.teams(in: s.league) }.first { $0.manager == emma.userID }).id
        let position = try #require(try s.roster(s.devTeam).rows.first { $0.player.id == s.devPlayer }).player.position
        let waived = try #require(try s.roster(emmaTeam).rows.first { !$0.locked && $0.slot == .bench && $0.player.position == position }).player.id
        _ = try s.service.waivers.dropPlayer(s.league, team: emmaTeam, player: waived, caller: emma)
        _ = try s.service.waivers.placeClaim(s.league, team: s.devTeam, player: waived, dropping: s.devPlayer, caller: s.dev)
        let id = try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        let now = try s.service.leagues.league(s.league, caller: s.alice).league.clock
        let run = try #require(WaiverSchedule.runs(between: now, and: now.addingTimeInterval(8 * 86_400)).first)
        let (league, dev, alice, devPlayer) = (s.league, s.dev, s.alice, s.devPlayer)
        let services = round % 2 == 0 ? (s.service, other) : (other, s.service)
        _ = Self.race({ try services.0.trades.acceptTrade(league, trade: id, caller: dev) },
                      { try services.1.season.advanceClock(league, to: run.addingTimeInterval(60), caller: alice) })
        let trade = try s.trade(id)
        let devTeam = s.devTeam   // (the demo's history has older claims for the same player)
        let claim = try #require(try s.service.store.read { try $0.waiverClaims(in: league) }.last { $0.addPlayer == waived && $0.teamID == devTeam })
        switch (trade.state, claim.status) {
        case (.executed, .lost):
            #expect(claim.outcome == .dropPlayerGone)
            #expect(try s.roster(s.benTeam).rows.contains { $0.player.id == devPlayer })
        case (.invalidated, .won):
            #expect(trade.invalidationReason?.contains("is no longer on") == true)
            #expect(try s.roster(s.devTeam).rows.contains { $0.player.id == waived })
        default: Issue.record("not exactly one winner: trade \(trade.state), claim \(claim.status) \(String(describing: claim.outcome))")
        }
    }

    /// The clock driver's path: with nobody reading, a bot's answer falls due and `leaguesWithTradesDue` names the league.
    @Test func theDriverFindsTradesDueAndRunsThem() throws {
        let world = try ContractWorld()
        let league = try #require(try world.service.leagues.publicLeagues(filter: LeagueFilter(nameContains: "Bot Bowl"), caller: .anonymous).first).id
        let omar = try world.person("omar")
        let teams = try world.service.store.read { try $0.teams(in: league) }
        let mine = try #require(teams.first { $0.manager == omar.userID }).id
        let bot = try #require(teams.first { $0.isBot }).id
        let rounds = try world.service.draft.draftBoard(league, caller: omar).draft.rounds
        let id = try world.service.trades.proposeTrade(league, TradeProposal(team: mine, with: bot, give: TradeAssets(picks: [DraftPickRef(round: rounds, team: mine)]),
                                                                      get: TradeAssets(picks: [DraftPickRef(round: rounds, team: bot)])), caller: omar)
        #expect(try !world.service.trades.leaguesWithTradesDue().contains(league))
        world.clock.advance(by: 91)
        #expect(try world.service.trades.leaguesWithTradesDue().contains(league))
        #expect(try world.service.trades.processTrades(league).contains(id))
        #expect(try !world.service.trades.leaguesWithTradesDue().contains(league))
    }
}
