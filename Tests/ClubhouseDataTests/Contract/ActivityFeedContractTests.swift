import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// The activity feed (`GET /v1/leagues/{l}/activity`) through the contract, on both transports and both databases: a
/// scripted stretch of a fresh FAAB league on the 2019 season — its draft, a drop, an add with a drop, a waiver claim
/// won with a bid, a trade executed, a trade vetoed — read back newest first, paged, filtered and kept private.
@Suite("Contract: activity feed", .bothTransports) struct ActivityFeedContractTests {
    typealias T = Endpoints.Trades

    /// What the script did, to find it in the feed.
    struct Script {
        let league: LeagueID
        let commissioner: Caller, dana: Caller
        let commish: TeamID, danaTeam: TeamID
        let dropped: PlayerSummary, added: PlayerSummary, addDropped: PlayerSummary, claimDrop: PlayerSummary
        let picks: Int
    }

    func script(_ world: ContractWorld, isPublic: Bool = true, member: String = "Dana") async throws -> Script {
        let league = try await world.newLeague(teams: 4, members: [member], isPublic: isPublic) {
            $0.waiverType = .faab; $0.faabBudget = 100; $0.tradeReview = .noReview
        }
        try await draftEverything(world, league.id, commissioner: league.commissioner)
        let picks = try world.service.store.read { try $0.picks(in: league.id).count }
        let dana = league.members[0], c = league.commissioner
        let danaTeam = try await world.team(of: dana, in: league.id), commish = try await world.team(of: c, in: league.id)

        // The commissioner drops a bench player: he goes on waivers.
        let commishRoster = try await world.api(c).roster(league.id, team: commish)
        let dropped = try #require(commishRoster.rows.first { $0.slot == .bench && $0.player.position != .def && $0.player.position != .k }).player
        _ = try await world.api(c).dropPlayer(league.id, team: commish, player: dropped.id)

        // Dana adds a free agent, dropping a bench player of hers.
        let mine = try await world.api(dana).roster(league.id, team: danaTeam)
        let bench = mine.rows.filter { $0.slot == .bench && $0.player.position != .def && $0.player.position != .k }.map(\.player)
        try #require(bench.count >= 3)
        let fa = try #require(try await world.api(dana).availablePlayers(league.id, position: .wr, sort: .seasonPoints).first { $0.availability == .freeAgent })
        _ = try await world.api(dana).addFreeAgent(league.id, team: danaTeam, player: fa.player.id, dropping: bench[0].id)

        // She claims the commissioner's dropped player with a $7 bid; Wednesday's run awards him.
        _ = try await world.api(dana).placeClaim(league.id, team: danaTeam, player: dropped.id, dropping: bench[1].id, bid: 7)
        _ = try await world.api(c).advanceClock(league.id, to: DemoSeeder.utc("2019-08-28T09:00:00Z"))

        // A trade executed at once, then (the league now under the commissioner's review) one the commissioner vetoes.
        let theirs = try await world.api(c).roster(league.id, team: commish)
        let give = try #require(theirs.rows.first { $0.slot == .bench && $0.player.position != .def && $0.player.position != .k }).player
        let offer = TradeProposal(team: commish, with: danaTeam, give: TradeAssets(players: [give.id]), get: TradeAssets(players: [bench[2].id]))
        let first = try await world.api(c).call(T.propose, At.League(league.id), offer).trade
        let done = try await world.api(dana).call(T.accept, At.Trade(league.id, trade: first), Wire.TradeAcceptance())
        try #require(done.state == .executed)
        var settings = try await world.api(c).league(league.id).league.settings
        settings.tradeReview = .commissioner
        _ = try await world.api(c).updateSettings(league.id, settings: settings)
        let back = TradeProposal(team: commish, with: danaTeam, give: TradeAssets(players: [bench[2].id]), get: TradeAssets(players: [give.id]))
        let second = try await world.api(c).call(T.propose, At.League(league.id), back).trade
        _ = try await world.api(dana).call(T.accept, At.Trade(league.id, trade: second), Wire.TradeAcceptance())
        _ = try await world.api(c).call(T.veto, At.Trade(league.id, trade: second))

        return Script(league: league.id, commissioner: c, dana: dana, commish: commish, danaTeam: danaTeam, dropped: dropped,
                      added: fa.player, addDropped: bench[0], claimDrop: bench[1], picks: picks)
    }

    /// "Christian McCaffrey (RB CAR)", as the feed names a player.
    func named(_ p: PlayerSummary) -> String { "\(p.name) (\(p.position.rawValue) \(p.nflTeam))" }

    @Test func theScriptShowsUpNewestFirstWithItsKinds() async throws {
        let world = try ContractWorld()
        let s = try await script(world)
        let feed = try await world.api(s.dana).activity(s.league, limit: ActivityFeed.maxLimit)
        let lines = feed.lines
        #expect(lines.map(\.id) == lines.map(\.id).sorted(by: >), "newest first")
        #expect(feed.newest == lines.first?.id)
        #expect(lines.allSatisfy { $0.kind != .keepers && $0.kind != .corrections })

        // The newest six lines are the script, in order (the draft before them).
        let events = lines.prefix(7).map(\.event)
        #expect(events == [.tradeVetoed, .tradeProposed, .tradeExecuted, .tradeProposed, .waiversProcessed, .playerAdded, .playerDropped], "\(lines.prefix(8).map(\.text))")
        #expect(lines[0].text.hasPrefix("Trade vetoed by the commissioner between "))
        #expect(lines[2].text.hasPrefix("Trade executed: ") && lines[2].details.count == 2)
        let waiver = lines[4]
        #expect(waiver.kind == .waivers && waiver.text == "Waivers: 1 claim awarded")
        #expect(waiver.details.count == 1 && waiver.details[0].hasSuffix("claimed \(named(s.dropped)) for $7, dropped \(named(s.claimDrop))"), "\(waiver.details)")
        #expect(waiver.teams == [s.danaTeam])
        #expect(lines[5].kind == .moves && lines[5].text.hasSuffix("added \(named(s.added)), dropped \(named(s.addDropped))"), "\(lines[5].text)")
        #expect(lines[6].kind == .moves && lines[6].text.hasSuffix("dropped \(named(s.dropped))") && lines[6].teams == [s.commish])

        // Then every pick of the draft, the last pick first.
        let picks = lines.dropFirst(7)
        #expect(picks.count == s.picks && picks.allSatisfy { $0.kind == .draft && $0.event == .pickMade })
        #expect(picks.first?.text.hasPrefix("Pick \(s.picks): ") == true && picks.last?.text.hasPrefix("Pick 1: ") == true)
        #expect(feed.before == nil, "one page holds it all")
    }

    /// A week made final is a line with its high and low score, closest game and biggest blowout — the same teams and
    /// scores the week's recap (`GET …/recap?week=N`) computes from the stored results; one line a final week.
    @Test func aFinalWeekIsALineWithTheRecapsHighLowAndClosestGame() async throws {
        let world = try ContractWorld()
        let greats = try await world.league("Gridiron Greats")
        let feed = try await world.api().activity(greats.id, kind: .results, limit: 50)
        #expect(feed.lines.map(\.text).map { $0.prefix(12) } == (1...8).reversed().map { "Week \($0) final".prefix(12) }, "\(feed.lines.map(\.text))")
        let recap = try await world.api().recap(greats.id, week: 8)
        let r = recap.recap
        // Points as the league shows them (Gridiron Greats chose no decimals: one).
        let decimals = try await world.api().league(greats.id).league.settings.decimals
        func named(_ t: WeeklyRecap.TeamPoints) -> String { t.teams.map(recap.name).joined(separator: " and ") + " " + t.points.shown(decimals) }
        let line = try #require(feed.lines.first)
        #expect(line.kind == .results && line.event == .matchupsFinalized && line.teams == r.highScore.teams)
        #expect(line.text == "Week 8 final — high score \(named(r.highScore))")
        let closest = try #require(r.closestGame?.first), blowout = try #require(r.biggestBlowout?.first)
        #expect(line.details == ["Low score: \(named(r.lowScore))",
                                 "Closest game: \(recap.name(closest.winner)) \(closest.winnerPoints.shown(decimals))–\(closest.loserPoints.shown(decimals)) \(recap.name(closest.loser))",
                                 "Biggest blowout: \(recap.name(blowout.winner)) by \(blowout.margin.shown(decimals)) over \(recap.name(blowout.loser))"])
    }

    @Test func pagesFollowOneAnotherWithoutGapsOrRepeats() async throws {
        let world = try ContractWorld()
        let s = try await script(world)
        let api = world.api(s.dana)
        let all = try await api.activity(s.league, limit: ActivityFeed.maxLimit).lines
        var paged: [ActivityLine] = []
        var before: Int64?
        var pages = 0
        repeat {
            let page = try await api.activity(s.league, before: before, limit: 9)
            #expect(page.lines.count == 9 || page.before == nil, "a page is full unless it is the last")
            #expect(page.newest == all.first?.id, "the newest line whatever page")
            paged += page.lines
            before = page.before
            pages += 1
        } while before != nil && pages < 100
        #expect(paged == all)
        #expect(pages == (all.count + 8) / 9)
        // The limit is checked.
        #expect(await failure { try await api.activity(s.league, limit: 0) } == .validation(field: "limit", message: "The feed pages 1 to 200 lines at a time"))
        #expect(await failure { try await api.activity(s.league, limit: 201) }?.code == "validation")
    }

    @Test func theFilterKeepsOneKind() async throws {
        let world = try ContractWorld()
        let s = try await script(world)
        let api = world.api(s.dana)
        let waivers = try await api.activity(s.league, kind: .waivers)
        #expect(waivers.lines.map(\.event) == [.waiversProcessed] && waivers.lines[0].details[0].contains("for $7"))
        let trades = try await api.activity(s.league, kind: .trades)
        #expect(trades.lines.map(\.event) == [.tradeVetoed, .tradeProposed, .tradeExecuted, .tradeProposed])
        let moves = try await api.activity(s.league, kind: .moves)
        #expect(moves.lines.map(\.event) == [.playerAdded, .playerDropped])
        let draft = try await api.activity(s.league, kind: .draft, limit: 5)
        #expect(draft.lines.count == 5 && draft.lines.allSatisfy { $0.kind == .draft } && draft.before == draft.lines.last?.id)
        #expect(draft.newest == trades.lines.first?.id, "newest is the whole feed's, whatever the filter")
        #expect(try await api.activity(s.league, kind: .keepers).lines.isEmpty)
    }

    @Test func offersAndVetoesAreMembersOnlyAndAPrivateFeedNeedsMembership() async throws {
        let world = try ContractWorld()
        let s = try await script(world)
        // A public league's feed: a signed-out reader sees what went through, not the offers or the veto.
        let outside = try await world.api().activity(s.league, kind: .trades)
        #expect(outside.lines.map(\.event) == [.tradeExecuted])

        let closed = try await script(world, isPublic: false, member: "Erin")
        #expect(await failure { try await world.api().activity(closed.league) } == .forbidden("Test League is a private league — sign in as a member to see it"))
        let stranger = try world.signUp("Stranger")
        #expect(await failure { try await world.api(stranger).activity(closed.league) } == .forbidden("Test League is a private league for its members only"))
        #expect(try await world.api(closed.dana).activity(closed.league, kind: .trades).lines.count == 4)
        #expect(try await world.api(closed.commissioner).activity(closed.league, kind: .waivers).lines.count == 1)
    }

    @Test func aBadKindIsRefusedByName() throws {
        #expect(throws: RawAddress.Invalid.self) { _ = try At.Activity(RawAddress(path: ["league": "7"], query: ["kind": "chat"])) }
        let ok = try At.Activity(RawAddress(path: ["league": "7"], query: ["kind": "trades", "before": "90", "limit": "5"]))
        #expect(ok.kind == .trades && ok.before == 90 && ok.limit == 5)
        #expect(try At.Activity(ok.raw) == ok)
    }
}
