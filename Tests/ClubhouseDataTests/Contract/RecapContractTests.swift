import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// The weekly recap on both transports and both databases: the demo's Gridiron Greats played on the clock to week 9
/// final, and week 9's recap names the high score, the low score and the closest game that the matchups table stored —
/// every expected value is read back from the database here, none is a constant. A week not final yet, a week out of
/// range and a week the league has no games in are refused with a sentence; a private league's recap is its members'.
@Suite("Contract: the weekly recap", .bothTransports) struct RecapContractTests {
    /// One stored final game of a week: (home, home points, away, away points), points in hundredths.
    struct StoredGame { var home: Int64, homePoints: Int64, away: Int64, awayPoints: Int64 }

    /// The week's stored final head-to-head games, read one row at a time (the same SQL on SQLite and PostgreSQL).
    func storedGames(_ world: ContractWorld, league: LeagueID, week: Int) throws -> [StoredGame] {
        let finals = "league_id = ? AND week = ? AND is_final = 1 AND away_team_id IS NOT NULL"
        let count = try #require(try world.scalar("SELECT count(*) FROM matchups WHERE \(finals)", [league.rawValue, Int64(week)], as: Int.self))
        return try (0..<count).map { i in
            func column(_ name: String) throws -> Int64 {
                try #require(try world.scalar("SELECT \(name) FROM matchups WHERE \(finals) ORDER BY home_team_id LIMIT 1 OFFSET \(i)",
                                              [league.rawValue, Int64(week)], as: Int64.self))
            }
            return StoredGame(home: try column("home_team_id"), homePoints: try column("home_points"),
                              away: try column("away_team_id"), awayPoints: try column("away_points"))
        }
    }

    @Test func week9sRecapNamesTheHighLowAndClosestGameTheDatabaseStored() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id

        // Week 9 is being played (the demo's clock stands on its Sunday): no recap yet, and the refusal says why.
        let early = await failure { try await world.api().recap(league, week: 9) }
        #expect(early?.code == "validation" && early?.message.contains("Week 9 isn't final yet") == true, "\(String(describing: early))")

        _ = try await world.api(try world.person("alice")).advanceClock(league, to: DemoSeeder.utc("2019-11-06T09:00:00Z"))
        let games = try storedGames(world, league: league, week: 9)
        #expect(games.count == 5, "ten teams: five games in week 9")

        let recap = try await world.api().recap(league, week: 9)
        #expect(recap.week == 9 && recap.leagueName == "Gridiron Greats" && recap.finalWeeks == Array(1...9))

        // High and low: the best and worst side of the stored games (every team tied at either, by id).
        let sides = games.flatMap { [($0.home, $0.homePoints), ($0.away, $0.awayPoints)] }
        let high = try #require(sides.map(\.1).max()), low = try #require(sides.map(\.1).min())
        #expect(recap.recap.highScore.points.hundredths == Int(high))
        #expect(recap.recap.highScore.teams == sides.filter { $0.1 == high }.map { TeamID($0.0) }.sorted())
        #expect(recap.recap.lowScore.points.hundredths == Int(low))
        #expect(recap.recap.lowScore.teams == sides.filter { $0.1 == low }.map { TeamID($0.0) }.sorted())

        // Closest and biggest blowout: the stored games with the smallest and the largest margin.
        func margin(_ g: StoredGame) -> Int64 { abs(g.homePoints - g.awayPoints) }
        func pair(_ g: StoredGame) -> Set<TeamID> { [TeamID(g.home), TeamID(g.away)] }
        let closest = try #require(games.map(margin).min()), widest = try #require(games.map(margin).max())
        let shownClosest = try #require(recap.recap.closestGame)
        #expect(Set(shownClosest.map { Set([$0.winner, $0.loser]) }) == Set(games.filter { margin($0) == closest }.map(pair)))
        #expect(shownClosest.allSatisfy { $0.margin.hundredths == Int(closest) })
        let shownWidest = try #require(recap.recap.biggestBlowout)
        #expect(Set(shownWidest.map { Set([$0.winner, $0.loser]) }) == Set(games.filter { margin($0) == widest }.map(pair)))
        #expect(shownWidest.allSatisfy { $0.margin.hundredths == Int(widest) && $0.winnerPoints >= $0.loserPoints })

        // Every team is named, ranked and has a bench line whose started points are its stored score.
        #expect(Set(recap.recap.powerRankings.map(\.team)) == Set(sides.map { TeamID($0.0) }))
        #expect(recap.recap.powerRankings.map(\.rank) == recap.recap.powerRankings.map(\.rank).sorted())
        #expect(recap.recap.powerRankings.allSatisfy { $0.seasonAllPlay.wins + $0.seasonAllPlay.losses + $0.seasonAllPlay.ties == 9 * 9 })
        for (team, points) in sides {
            let bench = try #require(recap.recap.benches.first { $0.team == TeamID(team) })
            #expect(bench.optimal >= bench.started)
            #expect(recap.recap.powerRankings.first { $0.team == TeamID(team) }?.weekPoints?.hundredths == Int(points))
            #expect(recap.name(TeamID(team)) != "Team \(team)", "the recap names its teams")
        }

        // Week 10 hasn't been played; 19 is no NFL week; week 18 has no games in this league (its playoffs end in 17).
        #expect(await failure { try await world.api().recap(league, week: 10) }?.message.contains("Week 10 isn't final yet") == true)
        #expect(await failure { try await world.api().recap(league, week: 19) } == .validation(field: "week", message: "A week is 1–18 (not 19)"))
        #expect(await failure { try await world.api().recap(league, week: 18) } == .notFound("A week 18 game in Gridiron Greats"))
    }

    @Test func aPrivateLeaguesRecapIsItsMembers() async throws {
        let world = try ContractWorld()
        let office = try await world.league("Office League").id
        #expect(await failure { try await world.api().recap(office, week: 1) }
                == .forbidden("Office League is a private league — sign in as a member to see it"))
        #expect(await failure { try await world.api(try world.signUp("Zed")).recap(office, week: 1) }
                == .forbidden("Office League is a private league for its members only"))
        let recap = try await world.api(try world.person("mei")).recap(office, week: 1)
        #expect(recap.week == 1 && !recap.recap.powerRankings.isEmpty)
    }
}

/// The recap's address over HTTP: a missing or non-numeric week is a 400 naming `week`; a week out of range or not
/// final is the server's 422 for a refused value (as every validation refusal is), a week without games a 404.
@Suite("Server: the recap's address") struct RecapAddressTests {
    @Test func theWeekIsRequiredAndItsRefusalsHaveTheirStatuses() async throws {
        try await ContractTransport.$current.withValue(.remote) {
            let world = try ContractWorld()
            let server = try #require(world.server)
            let http = RawHTTP(port: server.port)
            let league = try await world.league("Gridiron Greats").id.rawValue
            let path = Endpoints.Recap.recap.template.replacingOccurrences(of: "{league}", with: "\(league)")
            for (query, status, code, field) in [("", 400, "bad_parameter", "week"), ("?week=nine", 400, "bad_parameter", "week"),
                                                  ("?week=19", 422, "validation", "week"), ("?week=10", 422, "validation", "week"),
                                                  ("?week=18", 404, "not_found", nil), ("?week=8", 200, nil, nil)] as [(String, Int, String?, String?)] {
                let answer = try #require(await io { http.request("GET", path + query) }, "GET \(path + query)")
                #expect(answer.status == status, "\(query): \(String(decoding: answer.body, as: UTF8.self))")
                if let code { #expect(answer.errorCode == code, "\(query)") }
                if let field { #expect(answer.errorField == field, "\(query)") }
            }
        }
    }
}
