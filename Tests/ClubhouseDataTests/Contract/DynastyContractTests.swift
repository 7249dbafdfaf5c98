import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// A dynasty league renewed into the next season, on both transports and both databases: "Playoff Push" made a dynasty
/// league (two rookie rounds, a taxi squad of 2 for first-season players) trades a 2020 round-1 pick for a round-2
/// before its season ends, plays to its end on the clock and renews into a crafted 2020 with 26 rookies: every roster
/// carried over whole; the draft is a two-round linear rookie draft in the reverse of the final standings (the
/// runner-up second-to-last, the champion last) with the traded pick in its new owner's slot, and its pool exactly the
/// rookies; after it a drafted rookie goes to the taxi squad, can't be started, is promoted for good; a veteran is
/// refused, and the squad locks at week 1's first kickoff.
@Suite("Contract: dynasty leagues", .bothTransports) struct DynastyContractTests {
    typealias Renewal = RenewalContractTests
    typealias T = Endpoints.Trades

    /// 26 players new in 2020: two rookie rounds of 12 teams, and two left over.
    static let rookies = (1...26).map { i in
        Renewal.Rookie(id: PlayerID("00-00991\(i < 10 ? "0" : "")\(i)"), name: "Rookie Number\(i)", position: [.rb, .wr, .te, .qb][i % 4])
    }

    @Test func aDynastyLeagueKeepsEveryRosterAndDraftsRookiesWorstFirst() async throws {
        let world = try ContractWorld()
        let old = try await world.league("Playoff Push").id
        let commissioner = try #require(try world.scalar("SELECT commissioner_id FROM leagues WHERE id = ?", [old], as: Int64.self))
        let commish = Caller.user(UserID(commissioner))
        let api = world.api(commish)

        // Made a dynasty league mid-season (what the next season carries may change until the renewal); limits refused.
        var settings = try await api.league(old).league.settings
        settings.leagueType = .dynasty
        for (field, value, message) in [("rookieDraftRounds", 11, "A rookie draft has 1–10 rounds (not 11)"), ("taxiSlots", 11, "A taxi squad has 0–10 places (not 11)"),
                                        ("taxiMaxYears", 5, "A player may be on a taxi squad in his first 1–4 seasons (not 5)")] {
            var bad = settings
            switch field {
            case "rookieDraftRounds": bad.rookieDraftRounds = value
            case "taxiSlots": bad.taxiSlots = value
            default: bad.taxiMaxYears = value
            }
            #expect(await failure { try await api.updateSettings(old, settings: bad) } == .validation(field: field, message: message))
        }
        settings.rookieDraftRounds = 2; settings.taxiSlots = 2; settings.taxiMaxYears = 1; settings.futurePickSeasons = 1
        settings.tradeReview = .noReview; settings.tradeDeadlineWeek = 18
        _ = try await api.updateSettings(old, settings: settings)

        // Two managers swap 2020 picks: Alice's round 1 for Ben's round 2.
        func managed(_ column: String, _ n: Int) throws -> Int64 {
            try #require(try world.scalar("SELECT \(column) FROM teams WHERE league_id = ? AND manager_id IS NOT NULL ORDER BY id LIMIT 1 OFFSET \(n)",
                                          [old], as: Int64.self))
        }
        let (a, b) = (TeamID(try managed("id", 0)), TeamID(try managed("id", 1)))
        let (alice, ben) = (Caller.user(UserID(try managed("manager_id", 0))), Caller.user(UserID(try managed("manager_id", 1))))
        let offer = TradeProposal(team: a, with: b, give: TradeAssets(picks: [DraftPickRef(season: 2020, round: 1, team: a)]),
                                  get: TradeAssets(picks: [DraftPickRef(season: 2020, round: 2, team: b)]))
        let trade = try await world.api(alice).call(T.propose, At.League(old), offer).trade
        #expect(try await world.api(ben).call(T.accept, At.Trade(old, trade: trade), Wire.TradeAcceptance()).state == .executed)

        // Played to its end; every team's final roster.
        _ = try await api.advanceClock(old, to: Renewal.after2019)
        let before = try await world.api().league(old)
        var finalRosters: [String: [PlayerID: Slot]] = [:]
        for team in before.teams {
            finalRosters[team.name] = Dictionary(uniqueKeysWithValues: try await world.api().roster(old, team: team.id).rows.map { ($0.player.id, $0.slot) })
        }
        let veteran = try #require(try await world.api().roster(old, team: a).rows.first { $0.seasonPoints > .zero && $0.slot == .bench }?.player, "a 2019 player of Alice's")

        try Renewal.store2020(in: world, rookies: Self.rookies)
        let renewed = try await api.renewLeague(old)
        let next = try await world.api().league(renewed)
        #expect(next.league.settings.leagueType == .dynasty && next.league.settings.rookieDraftRounds == 2)
        let newID = Dictionary(uniqueKeysWithValues: next.teams.map { ($0.name, $0.id) })
        let oldName = Dictionary(uniqueKeysWithValues: before.teams.map { ($0.id, $0.name) })

        // Every roster carried over whole, each player in his slot.
        for team in next.teams {
            let rows = try await world.api().roster(renewed, team: team.id).rows
            #expect(Dictionary(uniqueKeysWithValues: rows.map { ($0.player.id, $0.slot) }) == finalRosters[team.name], "\(team.name)")
        }

        // The rookie draft: two linear rounds, worst first by the final standings, the runner-up then the champion last.
        let season = try #require(try await world.api().history(old).seasons.first { $0.season == 2019 })
        let champion = try #require(season.champion?.teamName), runnerUp = try #require(season.runnerUp?.teamName)
        let worstFirst = season.standings.sorted { $0.rank > $1.rank }.map(\.member.teamName).filter { $0 != champion && $0 != runnerUp }
        let board = try await world.api().draftBoard(renewed)
        #expect(board.draft.rounds == 2 && board.draft.type == .linear && board.draft.status == .scheduled)
        #expect(board.draft.order.compactMap { id in next.teams.first { $0.id == id }?.name } == worstFirst + [runnerUp, champion])
        // The traded round-1 pick sits in Alice's slot, Ben's to make.
        let (a2, b2) = (try #require(newID[oldName[a]!]), try #require(newID[oldName[b]!]))
        let aSlot = try #require(board.draft.order.firstIndex(of: a2))
        #expect(board.owner(ofPick: aSlot + 1) == b2, "round 1, Alice's slot")
        let bSlot = try #require(board.draft.order.firstIndex(of: b2))
        #expect(board.owner(ofPick: 12 + bSlot + 1) == a2, "round 2, Ben's slot")
        // The pool: exactly the 2020 rookies (Mahomes played 2019; every rostered player is out anyway).
        let pool = try await world.api().draftablePlayers(renewed).map(\.player.id)
        #expect(Set(pool) == Set(Self.rookies.map(\.id)))

        // A veteran isn't taxi material; the taxi squad takes rookies.
        let aliceAPI = world.api(alice)
        // His first stored season: 2019, or 2018 when the world's 2018 totals have him.
        let in2018 = try world.scalar("SELECT count(*) FROM season_totals WHERE season = 2018 AND player_id = ?", [veteran.id.rawValue], as: Int.self) ?? 0 > 0
        #expect(await failure { try await aliceAPI.moveToTaxi(renewed, team: a2, player: veteran.id) }
                == .conflict("\(veteran.name) is in his season \(in2018 ? 3 : 2) — the taxi squad takes players in their first season"))

        // The commissioner drafts all 24 picks; rosters go past their size in the offseason.
        _ = try await api.startDraft(renewed)
        for _ in 1...24 {
            let now = try await world.api().draftBoard(renewed)
            let team = try #require(now.owner(ofPick: now.draft.currentPick))
            let best = try #require(try await world.api().draftablePlayers(renewed).first).player.id
            _ = try await api.pickForTeam(renewed, expectedPick: now.draft.currentPick, expectedTeam: team, player: best)
        }
        #expect(try await world.api().draftBoard(renewed).draft.status == .complete)
        let rookie = try #require(try await world.api().roster(renewed, team: a2).rows.first { r in Self.rookies.contains { $0.id == r.player.id } }?.player)
        #expect(try await world.api().roster(renewed, team: a2).rows.count == finalRosters[oldName[a]!]!.count + 2, "two rookies more")

        // Taxi: in, never started, promoted for good.
        let onTaxi = try await aliceAPI.moveToTaxi(renewed, team: a2, player: rookie.id)
        #expect(onTaxi.rows.first { $0.player.id == rookie.id }?.slot == .taxi)
        let slot: Slot = rookie.position == .qb ? .qb : .flex
        #expect(await failure { try await aliceAPI.moveInLineup(renewed, team: a2, move: LineupMove(rookie.id, to: slot)) }
                == .validation(field: "lineup", message: "He is on the taxi squad — taxi players can't be started; promote him to the roster first"))
        #expect(await failure { try await world.api(ben).moveToTaxi(renewed, team: a2, player: rookie.id) }
                == .forbidden("Only the manager of \(oldName[a]!) can move a player to its taxi squad"))
        let promoted = try await aliceAPI.promoteFromTaxi(renewed, team: a2, player: rookie.id)
        #expect(promoted.rows.first { $0.player.id == rookie.id }?.slot == .bench)
        #expect(await failure { try await aliceAPI.moveToTaxi(renewed, team: a2, player: rookie.id) }
                == .conflict("\(rookie.name) was promoted from the taxi squad — promotion is for good"))
        #expect(await failure { try await aliceAPI.promoteFromTaxi(renewed, team: a2, player: rookie.id) }
                == .conflict("\(rookie.name) isn't on \(oldName[a]!)'s taxi squad"))

        // The squad locks at week 1's first kickoff (Thursday 20:20 Eastern, Sep 10).
        let other = try #require(try await world.api().roster(renewed, team: a2).rows.first { r in
            r.player.id != rookie.id && Self.rookies.contains { $0.id == r.player.id }
        }?.player)
        _ = try await api.advanceClock(renewed, to: ISO8601.parse("2020-09-12T12:00:00Z")!)
        #expect(await failure { try await aliceAPI.moveToTaxi(renewed, team: a2, player: other.id) }
                == .conflict("The taxi squad locked at week 1's first kickoff (2020-09-11T00:20:00Z) — it changes no more this season"))
    }

    /// The rookie pool and the taxi squad's years follow players.csv's rookie season (`rookie_season`, else `draft_year`)
    /// when the file has the columns, else the stats. "Playoff Push", a dynasty league, renews into a crafted 2020
    /// imported in May 2020 (its season still ahead, so players.csv's active players are its players): a 2020 draftee
    /// with no line yet, a veteran of 2015 new to this database (his earlier seasons aren't stored) and one known by his
    /// 2016 draft year alone, both with a week-1 line; and a 2019 player of Alice's whom the file makes a 2012 rookie.
    /// With the columns the pool is the draftee alone and Alice's player is in his season 9; without them (the same
    /// layout less the two columns) the stats rule calls both new veterans rookies, and Alice's player is in his season 2
    /// (3 when 2018's totals have him).
    @Test(arguments: [true, false]) func theRookiePoolAndTaxiYearsFollowThePlayersFilesRookieSeason(_ fileHasIt: Bool) async throws {
        let world = try ContractWorld()
        let old = try await world.league("Playoff Push").id
        let commish = Caller.user(UserID(try #require(try world.scalar("SELECT commissioner_id FROM leagues WHERE id = ?", [old], as: Int64.self))))
        let api = world.api(commish)
        var settings = try await api.league(old).league.settings
        settings.leagueType = .dynasty; settings.rookieDraftRounds = 1; settings.taxiSlots = 2; settings.taxiMaxYears = 1
        _ = try await api.updateSettings(old, settings: settings)
        _ = try await api.advanceClock(old, to: Renewal.after2019)
        let a = TeamID(try #require(try world.scalar("SELECT id FROM teams WHERE league_id = ? AND manager_id IS NOT NULL ORDER BY id LIMIT 1", [old], as: Int64.self)))
        let alice = Caller.user(UserID(try #require(try world.scalar("SELECT manager_id FROM teams WHERE id = ?", [a], as: Int64.self))))
        let veteran = try #require(try await world.api().roster(old, team: a).rows.first { $0.seasonPoints > .zero && $0.slot == .bench }?.player)

        let draftee = Renewal.Rookie(id: PlayerID("00-0099201"), name: "Drafted Rookie", position: .wr, rookieSeason: 2020, draftYear: 2020, plays: false)
        let of2015 = Renewal.Rookie(id: PlayerID("00-0099202"), name: "Veteran Fifteen", position: .rb, rookieSeason: 2015, draftYear: 2015)
        let drafted2016 = Renewal.Rookie(id: PlayerID("00-0099203"), name: "Veteran Sixteen", position: .te, draftYear: 2016)
        let header = SeasonFolder.nflversePlayersHeader.filter { fileHasIt || !["rookie_season", "draft_year"].contains($0) }
        try Renewal.store2020(in: world, alsoPlaying: [veteran.id], rookies: [draftee, of2015, drafted2016], playersHeader: header,
                              rookieSeasons: [veteran.id: 2012], now: ISO8601.parse("2020-05-01T12:00:00Z")!)
        let renewed = try await api.renewLeague(old)

        let pool = Set(try await world.api().draftablePlayers(renewed).map(\.player.id))
        #expect(pool == (fileHasIt ? [draftee.id] : [draftee.id, of2015.id, drafted2016.id]))

        let first = try world.service.store.read { try SeasonFactsCache().firstSeasons($0, through: 2020) }
        #expect(first[of2015.id] == (fileHasIt ? 2015 : 2020) && first[drafted2016.id] == (fileHasIt ? 2016 : 2020))
        #expect(first[draftee.id] == (fileHasIt ? 2020 : nil), "no line: the stats rule knows nothing of him")

        let aliceTeam = try #require(try await world.api().league(old).teams.first { $0.id == a }?.name)
        let a2 = try #require(try await world.api().league(renewed).teams.first { $0.name == aliceTeam }?.id)
        let in2018 = try world.scalar("SELECT count(*) FROM season_totals WHERE season = 2018 AND player_id = ?", [veteran.id.rawValue], as: Int.self) ?? 0 > 0
        #expect(await failure { try await world.api(alice).moveToTaxi(renewed, team: a2, player: veteran.id) }
                == .conflict("\(veteran.name) is in his season \(fileHasIt ? 9 : in2018 ? 3 : 2) — the taxi squad takes players in their first season"))
    }
}
