import ClubhouseDomain
import Foundation
import Testing

/// Reading through the contract: never needs an account; private leagues are for their members.
@Suite("Contract: browsing", .bothTransports) struct BrowseContractTests {
    @Test func publicLeaguesAreListedAndFilteredForAnyone() async throws {
        let world = try ContractWorld()
        let all = try await world.api().publicLeagues(filter: LeagueFilter())
        #expect(Set(all.map(\.state)) == [.predraft, .drafting, .inSeason, .playoffs, .complete])
        #expect(!all.contains { $0.name == "Office League" })
        #expect(try await world.api().publicLeagues(filter: LeagueFilter(nameContains: "gridiron")).map(\.name) == ["Gridiron Greats"])
        #expect(try await world.api().publicLeagues(filter: LeagueFilter(state: .complete)).map(\.name) == ["Champions Circle"])
        #expect(try await world.api().myLeagues().isEmpty)
        #expect(try await world.api(try world.person("alice")).myLeagues().contains { $0.name == "Gridiron Greats" })
    }

    @Test func aLeagueItsStandingsScoreboardAndMatchupsReadWithoutAnAccount() async throws {
        let world = try ContractWorld()
        let api = world.api()
        let id = try await world.league("Gridiron Greats").id
        let detail = try await api.league(id)
        #expect(detail.teams.count == 10 && detail.currentWeek == 9 && detail.capabilities == .signedOut)
        let standings = try await api.standings(id)
        #expect(standings.map(\.rank) == Array(1...10))
        let board = try await api.scoreboard(id, week: 8)
        #expect(board.week == 8 && board.matchups.count == 5 && board.matchups.allSatisfy { $0.status == .final })
        let game = board.matchups[0]
        let matchup = try await api.matchup(id, week: 8, team: game.home.team.id)
        #expect(matchup.home.total == game.home.points && matchup.status == .final)
    }

    @Test func rostersPlayersAndAvailablePlayersReadWithoutAnAccount() async throws {
        let world = try ContractWorld()
        let api = world.api()
        let id = try await world.league("Gridiron Greats").id
        let team = try await api.league(id).teams[0]
        let roster = try await api.roster(id, team: team.id)
        #expect(roster.rows.count == 15 && roster.team.id == team.id)
        let player = try await api.player(roster.rows[0].player.id, league: id)
        #expect(player.rosteredBy?.id == team.id)
        #expect(try await api.player("00-0033280", league: nil).player.name == "Christian McCaffrey")
        let available = try await api.availablePlayers(id, position: .wr, sort: .seasonPoints)
        #expect(!available.isEmpty && available.allSatisfy { $0.player.position == .wr })
        #expect(!available.contains { a in roster.rows.contains { $0.player.id == a.player.id } })
    }

    /// Before week 1 is final every season total is 0.0: the list still leads with the players who scored last season.
    @Test func seasonPointTiesAreBrokenByLastSeason() async throws {
        let world = try ContractWorld()
        let id = try await world.league("Sunday Funday").id
        let available = try await world.api().availablePlayers(id, position: .rb, sort: .seasonPoints)
        #expect(available.allSatisfy { $0.seasonPoints == .zero })
        let prior = available.map(\.priorSeasonPoints)
        #expect(prior == prior.sorted(by: >), "ties ordered by 2018 points")
        #expect(available.first?.player.name == "Todd Gurley", "2018's top running back leads: \(available.prefix(3).map(\.player.name))")
    }

    @Test func aDraftBoardAndItsDraftablePlayersReadWithoutAnAccount() async throws {
        let world = try ContractWorld()
        let id = try await world.league("Bot Bowl Live").id
        let board = try await world.api().draftBoard(id)
        #expect(board.draft.status == .running && board.picks.count == 17 && board.teams.count == 12)
        let draftable = try await world.api().draftablePlayers(id)
        #expect(draftable.first?.rank == 1 || draftable.map(\.rank) == draftable.map(\.rank).sorted())
        #expect(!draftable.contains { d in board.picks.contains { $0.player.id == d.player.id } })
    }

    @Test func aPrivateLeagueIsReadableByItsMembersOnly() async throws {
        let world = try ContractWorld()
        let office = try await world.league("Office League").id
        #expect(await failure { try await world.api().league(office) }
                == .forbidden("Office League is a private league — sign in as a member to see it"))
        #expect(await failure { try await world.api(try world.signUp("Zed")).standings(office) }
                == .forbidden("Office League is a private league for its members only"))
        #expect(await failure { try await world.api().transactions(office) }?.code == "forbidden")
        #expect(try await world.api(try world.person("mei")).league(office).capabilities.isCommissioner)
    }

    @Test func aMissingLeagueIsNotFound() async throws {
        let world = try ContractWorld()
        #expect(await failure { try await world.api().league(LeagueID(4_242)) } == .notFound("League 4242"))
    }
}
