import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// Future draft picks, on both transports and both databases: "Playoff Push" made a keeper league that trades
/// picks of the next season (`futurePickSeasons` 1); two managers swap their 2020 round-1 and round-2 picks before the
/// season ends (named "2020 round 1 (…)" in the trade and the builder's market); too far ahead, a round the draft
/// doesn't have, and a pick the team no longer owns are refused with one sentence each; the league plays to its end
/// on the clock, renews into a crafted 2020, and the new season's draft has exactly those two picks in their new
/// owners' hands.
@Suite("Contract: future picks", .bothTransports) struct FuturePicksContractTests {
    typealias Renewal = RenewalContractTests
    typealias T = Endpoints.Trades

    @Test func aFuturePickTradedBeforeTheRenewalIsItsNewOwnersInTheNewSeasonsDraft() async throws {
        let world = try ContractWorld()
        let old = try await world.league("Playoff Push").id
        let commissioner = try #require(try world.scalar("SELECT commissioner_id FROM leagues WHERE id = ?", [old], as: Int64.self))
        let api = world.api(.user(UserID(commissioner)))

        // Future picks need a league that lives on.
        var settings = try await api.league(old).league.settings
        settings.futurePickSeasons = 1
        #expect(await failure { try await api.updateSettings(old, settings: settings) }
                == .validation(field: "futurePickSeasons",
                               message: "Future picks need a league that lives on — a keeper or dynasty league (a redraft league starts each season anew)"))
        settings.leagueType = .keeper; settings.futurePickSeasons = 4
        #expect(await failure { try await api.updateSettings(old, settings: settings) }
                == .validation(field: "futurePickSeasons", message: "Picks of the next 0–3 seasons may be traded (not 4)"))
        // A keeper league trading next season's picks, trades executing when accepted, the deadline at the season's end.
        settings.futurePickSeasons = 1; settings.tradeReview = .noReview; settings.tradeDeadlineWeek = 18
        _ = try await api.updateSettings(old, settings: settings)
        #expect(try await world.api().league(old).league.settings.futurePickSeasons == 1)

        // Two managers' teams.
        func managed(_ column: String, _ n: Int) throws -> Int64 {
            try #require(try world.scalar("SELECT \(column) FROM teams WHERE league_id = ? AND manager_id IS NOT NULL ORDER BY id LIMIT 1 OFFSET \(n)",
                                          [old], as: Int64.self))
        }
        let (a, b) = (TeamID(try managed("id", 0)), TeamID(try managed("id", 1)))
        let (alice, ben) = (Caller.user(UserID(try managed("manager_id", 0))), Caller.user(UserID(try managed("manager_id", 1))))
        let names = Dictionary(uniqueKeysWithValues: try await world.api().league(old).teams.map { ($0.id, $0.name) })
        let (aName, bName) = (names[a]!, names[b]!)
        let rounds = settings.draftRounds

        // The builder's market lists each team's own 2020 picks.
        let market = try await world.api(alice).call(T.market, At.League(old))
        #expect(market.picks(of: a).map(\.label).prefix(2) == ["2020 round 1 (\(aName))", "2020 round 2 (\(aName))"])
        #expect(market.picks(of: a).count == rounds && market.picks(of: a).allSatisfy { $0.pick.season == 2020 })

        // Refusals, one sentence each.
        func offer(give: [DraftPickRef], get: [DraftPickRef] = []) -> TradeProposal {
            TradeProposal(team: a, with: b, give: TradeAssets(picks: give), get: TradeAssets(picks: get))
        }
        #expect(await failure { try await world.api(alice).call(T.propose, At.League(old), offer(give: [DraftPickRef(season: 2021, round: 1, team: a)])) }
                == .validation(field: "give", message: "2021 is too far ahead — Playoff Push trades picks of 2020 besides this season's"))
        #expect(await failure { try await world.api(alice).call(T.propose, At.League(old), offer(give: [DraftPickRef(season: 2020, round: rounds + 1, team: a)])) }
                == .validation(field: "give", message: "The 2020 round \(rounds + 1) pick of \(aName) isn't in the draft (rounds 1–\(rounds))"))
        #expect(await failure { try await world.api(alice).call(T.propose, At.League(old), offer(give: [DraftPickRef(season: 2020, round: 1, team: b)])) }
                == .validation(field: "give", message: "\(aName) doesn't own the 2020 round 1 pick of \(bName)"))
        #expect(await failure { try await world.api(alice).call(T.propose, At.League(old), offer(give: [DraftPickRef(round: 1, team: a)])) }
                == .validation(field: "picks", message: "The draft of Playoff Push is over — its picks can't be traded"), "this season's picks as before")

        // Alice's 2020 first for Ben's 2020 second, accepted: it executes at once.
        let id = try await world.api(alice).call(T.propose, At.League(old), offer(give: [DraftPickRef(season: 2020, round: 1, team: a)],
                                                                                   get: [DraftPickRef(season: 2020, round: 2, team: b)])).trade
        let view = try #require(try await world.api(ben).call(T.list, At.League(old)).first { $0.id == id })
        #expect(view.picks.map(\.label) == ["2020 round 1 (\(aName))", "2020 round 2 (\(bName))"])
        #expect(view.trade.proposal.give.picks == [DraftPickRef(season: 2020, round: 1, team: a)])
        let done = try await world.api(ben).call(T.accept, At.Trade(old, trade: id), Wire.TradeAcceptance())
        #expect(done.state == .executed)
        let after = try await world.api().call(T.market, At.League(old))
        #expect(after.picks(of: b).contains { $0.label == "2020 round 1 (\(aName))" })
        #expect(!after.picks(of: a).contains { $0.pick == DraftPickRef(season: 2020, round: 1, team: a) })
        #expect(after.picks(of: a).contains { $0.label == "2020 round 2 (\(bName))" })
        // Alice no longer owns her first.
        #expect(await failure { try await world.api(alice).call(T.propose, At.League(old), offer(give: [DraftPickRef(season: 2020, round: 1, team: a)])) }
                == .validation(field: "give", message: "\(aName) doesn't own the 2020 round 1 pick of \(aName)"))
        // The activity feed names the picks.
        let feed = try await world.api().activity(old, kind: .trades)
        #expect(feed.lines.contains { $0.details.contains { $0.contains("2020 round 1 (\(aName))") } }, "\(feed.lines.map(\.details))")

        // Played to its end, renewed: the new season's draft has exactly those two picks traded, to their new owners.
        _ = try await api.advanceClock(old, to: Renewal.after2019)
        try Renewal.store2020(in: world)
        let renewed = try await api.renewLeague(old)
        let next = try await world.api().league(renewed)
        #expect(next.league.settings.futurePickSeasons == 1)
        let newID = Dictionary(uniqueKeysWithValues: next.teams.map { ($0.name, $0.id) })
        let (a2, b2) = (try #require(newID[aName]), try #require(newID[bName]))
        let board = try await world.api().draftBoard(renewed)
        let traded = try #require(board.tradedPicks)
        #expect(Set(traded.map { "\($0.pick.round) \($0.pick.team.rawValue) → \($0.owner.rawValue)" })
                == ["1 \(a2.rawValue) → \(b2.rawValue)", "2 \(b2.rawValue) → \(a2.rawValue)"])
        let first = try #require(traded.first { $0.pick.round == 1 })
        #expect(board.owner(ofPick: first.number) == b2 && DraftOrder.team(forPick: first.number, order: board.draft.order, type: board.draft.type) == a2)
        // The new league trades its own next season's picks, the 2021 ones.
        let nextMarket = try await world.api().call(T.market, At.League(renewed))
        #expect(nextMarket.picks(of: a2).filter { $0.pick.isFuture(of: 2020) }.first?.label == "2021 round 1 (\(aName))")
    }
}
