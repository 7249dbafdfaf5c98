import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// Trades decided at their own moment, on SQLite and PostgreSQL: a clock moved past a review's end and a kickoff in one
/// step, an accepted offer naming a locked player, a pick traded just before the commissioner makes it, a manager who
/// leaves with offers open, and a vote that can't be cast twice.
@Suite("Use cases: trade moments", .bothBackends) struct TradeMomentsTests {
    typealias Setup = TradeUseCaseTests.Setup

    /// The week's kickoff of each NFL team, and the moment the league's week ends (the next week's opening).
    static func schedule(_ s: Setup) throws -> (kickoff: [String: Date], weekEnds: Date, clock: Date) {
        let league = try s.service.leagues.league(s.league, caller: s.alice).league
        let games = try s.service.store.read { try $0.games(season: league.season) }
        let calendar = SeasonCalendar(games: games)
        let week = calendar.week(at: league.clock)
        var kickoff: [String: Date] = [:]
        for g in games where g.week == week { kickoff[g.homeTeam] = g.kickoff; kickoff[g.awayTeam] = g.kickoff }
        return (kickoff, try #require(calendar.end(ofWeek: week)), league.clock)
    }

    /// A bench player of Ben's and one of Dev's at the same position whose games both kick off after `after` (and
    /// before the week ends), or one of Ben's already locked when `lockedBen`.
    static func pair(_ s: Setup, after: Date? = nil, lockedBen: Bool = false) throws -> (ben: PlayerID, dev: PlayerID, kickoff: Date?) {
        let (kickoff, _, _) = try schedule(s)
        func later(_ row: RosterRow) -> Date? { kickoff[row.player.nflTeam].flatMap { k in after.map { k > $0 } ?? false ? k : nil } }
        let ben = try s.roster(s.benTeam).rows.filter { $0.slot == .bench && (lockedBen ? $0.locked : !$0.locked && later($0) != nil) }
        let dev = try s.roster(s.devTeam).rows.filter { $0.slot == .bench && !$0.locked && (after == nil || later($0) != nil) }
        let found = try #require(ben.lazy.compactMap { b in dev.first { $0.player.position == b.player.position }.map { (b, $0) } }.first,
                                 "no bench pair for this test in the demo league")
        return (found.0.player.id, found.1.player.id, [later(found.0), later(found.1)].compactMap { $0 }.min())
    }

    // MARK: (a) A clock moved in one step decides each trade at its own moment

    @Test func aReviewThatEndsBeforeAKickoffExecutesWhenTheClockPassesBothInOneStep() throws {
        let s = try TradeUseCaseTests.setup(review: .commissioner) { $0.tradeReviewHours = 1 }
        // Into the next week, whose games are all ahead.
        _ = try s.service.season.advanceClock(s.league, to: try Self.schedule(s).weekEnds, caller: s.alice)
        let now = try Self.schedule(s).clock
        let (ben, dev, kickoff) = try Self.pair(s, after: now.addingTimeInterval(3_600))
        let kicks = try #require(kickoff)
        let id = try s.service.trades.proposeTrade(s.league, s.offer(give: [ben], get: [dev]), caller: s.ben)
        let accepted = try s.service.trades.acceptTrade(s.league, trade: id, caller: s.dev)
        #expect(accepted.state == .inReview && accepted.reviewEndsAt == now.addingTimeInterval(3_600))
        // One step from before the review's end to after the kickoff: the review ended first, with nobody locked.
        _ = try s.service.season.advanceClock(s.league, to: kicks.addingTimeInterval(60), caller: s.alice)
        let t = try s.trade(id)
        #expect(t.state == .executed, "\(t.state) \(t.invalidationReason ?? "")")
        #expect(t.decidedAt == accepted.reviewEndsAt, "decided at the moment its review ended")
        #expect(try s.roster(s.devTeam).rows.contains { $0.player.id == ben })
    }

    // MARK: (b) An accepted offer naming a locked player waits for its review's end

    @Test func anAcceptedOfferNamingALockedPlayerGoesIntoReviewAndIsDecidedWhenItEnds() throws {
        // A review that ends once the week is over: the lock is over too, and it executes.
        let s = try TradeUseCaseTests.setup(review: .commissioner)
        let (_, weekEnds, now) = try Self.schedule(s)
        let hours = Int((weekEnds.timeIntervalSince(now) / 3_600).rounded(.up)) + 1
        var settings = try s.service.leagues.league(s.league, caller: s.alice).league.settings
        settings.tradeReviewHours = hours
        _ = try s.service.commissioner.updateSettings(s.league, settings: settings, caller: s.alice)
        let (ben, dev, _) = try Self.pair(s, lockedBen: true)
        let id = try s.service.trades.proposeTrade(s.league, s.offer(give: [ben], get: [dev]), caller: s.ben)
        let accepted = try s.service.trades.acceptTrade(s.league, trade: id, caller: s.dev)
        #expect(accepted.state == .inReview, "\(accepted.state): \(accepted.invalidationReason ?? "")")
        let ends = try #require(accepted.reviewEndsAt)
        #expect(try s.service.trades.processTrades(s.league, now: ends) == [id])
        let done = try s.trade(id)
        #expect(done.state == .executed, "\(done.invalidationReason ?? "")")

        // A review that ends while his game is still this week's: invalidated then, with the lock's sentence.
        let o = try TradeUseCaseTests.setup(review: .commissioner) { $0.tradeReviewHours = 1 }
        let (ben2, dev2, _) = try Self.pair(o, lockedBen: true)
        let id2 = try o.service.trades.proposeTrade(o.league, o.offer(give: [ben2], get: [dev2]), caller: o.ben)
        let accepted2 = try o.service.trades.acceptTrade(o.league, trade: id2, caller: o.dev)
        #expect(accepted2.state == .inReview)
        _ = try o.service.trades.processTrades(o.league, now: try #require(accepted2.reviewEndsAt))
        let t2 = try o.trade(id2)
        #expect(t2.state == .invalidated && t2.invalidationReason?.hasSuffix("game has kicked off — he can't change teams until next week") == true)
    }

    // MARK: (c) A pick request names the team it expected

    @Test func aPickTradedJustBeforeTheCommissionerMakesItIsRefusedAsStale() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana", "Eli", "Fay"]) { $0.tradeReview = TradeReview.noReview }
        let mine = try await world.team(of: league.commissioner, in: league.id)
        let dana = try await world.team(of: league.members[0], in: league.id)
        var order = [mine, dana]
        for m in league.members.dropFirst() { order.append(try await world.team(of: m, in: league.id)) }
        _ = try await world.api(league.commissioner).setDraftOrder(league.id, order: order)
        _ = try await world.api(league.commissioner).startDraft(league.id)
        let player = try #require(try world.service.draft.draftablePlayers(league.id, caller: .anonymous).first?.player.id)
        // The commissioner sees her own pick 1 on the clock; meanwhile it goes to Dana for Dana's round-2 pick.
        let swap = TradeProposal(team: mine, with: dana, give: TradeAssets(picks: [DraftPickRef(round: 1, team: mine)]),
                                 get: TradeAssets(picks: [DraftPickRef(round: 2, team: dana)]))
        let id = try world.service.trades.proposeTrade(league.id, swap, caller: league.commissioner)
        #expect(try world.service.trades.acceptTrade(league.id, trade: id, caller: league.members[0]).state == .executed)
        // Her request, made for the pick as she saw it, never lands on Dana's team.
        let names = try world.service.store.read { try $0.teams(in: league.id) }
        let danaName = try #require(names.first { $0.id == dana }?.name), myName = try #require(names.first { $0.id == mine }?.name)
        let unnamed = await failure { try world.service.draft.makePick(league.id, expectedPick: 1, player: player, caller: league.commissioner) }
        #expect(unnamed == .conflict("Pick 1 was traded to \(danaName) — name the team you are picking for (expectedTeam); nothing was picked"))
        let stale = await failure {
            try world.service.draft.makePick(league.id, expectedPick: 1, expectedTeam: mine, player: player, caller: league.commissioner)
        }
        #expect(stale == .conflict("Pick 1 is \(danaName)'s now, not \(myName)'s — nothing was picked"))
        #expect(await failure { try world.service.draft.pickForTeam(league.id, expectedPick: 1, expectedTeam: mine, player: player, caller: league.commissioner) }
                == .conflict("Pick 1 is \(danaName)'s now, not \(myName)'s — nothing was picked"))
        #expect(try world.service.draft.draftBoard(league.id, caller: .anonymous).picks.isEmpty)
        // Named as it now stands, the commissioner's pick for Dana goes through.
        let made = try world.service.draft.pickForTeam(league.id, expectedPick: 1, expectedTeam: dana, player: player, caller: league.commissioner)
        #expect(made.teamID == dana)
    }

    // MARK: (d) Leaving cancels the team's open offers

    @Test func aManagerWhoLeavesTakesHisOpenOffersWithHimBothWays() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana", "Eli"])
        let dana = try await world.team(of: league.members[0], in: league.id), eli = try await world.team(of: league.members[1], in: league.id)
        let before = try world.service.store.read { try $0.lastEventID() }
        func offer(_ from: TeamID, _ to: TeamID) -> TradeProposal {
            TradeProposal(team: from, with: to, give: TradeAssets(picks: [DraftPickRef(round: 1, team: from)]),
                          get: TradeAssets(picks: [DraftPickRef(round: 2, team: to)]))
        }
        let mine = try world.service.trades.proposeTrade(league.id, offer(dana, eli), caller: league.members[0])
        let theirs = try world.service.trades.proposeTrade(league.id, offer(eli, dana), caller: league.members[1])
        try world.service.leagues.leaveLeague(league.id, caller: league.members[0])
        let trades = try world.service.trades.trades(league.id, caller: league.commissioner)
        for id in [mine, theirs] {
            let t = try #require(trades.first { $0.id == id })
            #expect(t.state == .invalidated && t.invalidationReason?.contains("manager left") == true, "\(t.state)")
        }
        // Nothing the person agreed to can now execute for the bot that took his team back.
        #expect(await failure { try world.service.trades.acceptTrade(league.id, trade: mine, caller: league.members[1]) }?.code == "conflict")
        let kinds = try (before + 1...world.service.store.read { try $0.lastEventID() }).compactMap { n in
            try world.scalar("SELECT kind FROM events WHERE id = ? AND league_id = ?", [n, league.id], as: String.self)
        }
        #expect(kinds.filter { $0 == "trade.invalidated" }.count == 2)
    }

    // MARK: (e) One vote a team

    @Test func aTeamThatVotedCanNoLongerVote() throws {
        let s = try TradeUseCaseTests.setup(review: .vote)
        let id = try s.service.trades.proposeTrade(s.league, s.offer(), caller: s.ben)
        _ = try s.service.trades.acceptTrade(s.league, trade: id, caller: s.dev)
        let emma = try s.world.person("emma")
        #expect(try s.service.trades.tradeViews(s.league, caller: emma).first { $0.id == id }?.canVote == true)
        _ = try s.service.trades.vetoTrade(s.league, trade: id, caller: emma)
        #expect(try s.service.trades.tradeViews(s.league, caller: emma).first { $0.id == id }?.canVote == false)
        #expect(try s.service.trades.tradeViews(s.league, caller: try s.world.person("farid")).first { $0.id == id }?.canVote == true)
    }
}
