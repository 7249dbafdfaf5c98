import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// A league's history on both transports and both databases: Playoff Push 2019 played to its end on the clock and
/// renewed into a crafted 2020 (as `RenewalContractTests` does); the history read from either season has both seasons,
/// 2019's champion, standings, draft and the all-time records computed from the scores stored in the database — every
/// expected number here is read back from the matchups and picks tables, none is a constant — and 2020 running, no
/// champion. The history follows the chain forward from the old season too (never a stale copy of it), and a private
/// league's history is its members'.
@Suite("Contract: a league's history", .bothTransports) struct HistoryContractTests {
    /// A team's regular-season line from the stored final scores: wins, losses, ties, points for and against (hundredths).
    func storedLine(_ world: ContractWorld, league: LeagueID, team: TeamID) throws -> [Int64] {
        let final = "league_id = ? AND is_playoff = 0 AND is_final = 1 AND away_team_id IS NOT NULL"
        let t = team.rawValue
        func count(_ sql: String, _ params: [(any SQLBindable)?]) throws -> Int64 { try world.scalar(sql, params, as: Int64.self) ?? 0 }
        return [
            try count("SELECT count(*) FROM matchups WHERE \(final) AND ((home_team_id = ? AND home_points > away_points) OR (away_team_id = ? AND away_points > home_points))", [league, t, t]),
            try count("SELECT count(*) FROM matchups WHERE \(final) AND ((home_team_id = ? AND home_points < away_points) OR (away_team_id = ? AND away_points < home_points))", [league, t, t]),
            try count("SELECT count(*) FROM matchups WHERE \(final) AND (home_team_id = ? OR away_team_id = ?) AND home_points = away_points", [league, t, t]),
            try count("SELECT COALESCE(SUM(CASE WHEN home_team_id = ? THEN home_points ELSE away_points END), 0) FROM matchups WHERE \(final) AND (home_team_id = ? OR away_team_id = ?)", [t, league, t, t]),
            try count("SELECT COALESCE(SUM(CASE WHEN home_team_id = ? THEN away_points ELSE home_points END), 0) FROM matchups WHERE \(final) AND (home_team_id = ? OR away_team_id = ?)", [t, league, t, t]),
        ]
    }

    func line(_ s: LeagueHistory.Standing) -> [Int64] {
        [Int64(s.wins), Int64(s.losses), Int64(s.ties), Int64(s.pointsFor.hundredths), Int64(s.pointsAgainst.hundredths)]
    }

    @Test func aRenewedLeaguesHistoryHasEverySeasonWithItsChampionStandingsAndDraftFromTheStoredScores() async throws {
        let world = try ContractWorld()
        let old = try await world.league("Playoff Push").id
        let (commish, member) = try RenewalContractTests().people(world, old)
        let api = world.api(commish)

        // While the season runs: one season, no champion yet, and the history says it isn't final.
        let running = try await world.api().history(old)
        #expect(running.seasons.map(\.season) == [2019] && running.seasons[0].league == old)
        #expect(!running.seasons[0].isFinal && running.seasons[0].champion == nil)
        #expect(running.allTime.allSatisfy { $0.titles.isEmpty })

        _ = try await api.advanceClock(old, to: RenewalContractTests.after2019)
        try RenewalContractTests.store2020(in: world)
        let renewed = try await api.renewLeague(old)

        let history = try await world.api(member).history(renewed)
        #expect(history.league == renewed && history.name == "Playoff Push" && history.privateSeasons.isEmpty)
        #expect(history.seasons.map(\.season) == [2019, 2020] && history.seasons.map(\.league) == [old, renewed])
        let (s2019, s2020) = (history.seasons[0], history.seasons[1])

        // 2019's champion: the winner of the last playoff game stored (a tie goes to the home side, the higher seed) —
        // the league page's champion too.
        let finalWinner = try #require(try world.scalar("""
            SELECT CASE WHEN home_points >= away_points THEN home_team_id ELSE away_team_id END FROM matchups
            WHERE league_id = ? AND is_playoff = 1 AND is_final = 1 AND away_team_id IS NOT NULL ORDER BY week DESC LIMIT 1
            """, [old], as: Int64.self))
        #expect(s2019.isFinal && s2019.state == .complete)
        #expect(s2019.champion?.team == TeamID(finalWinner))
        #expect(try await world.api().league(old).champion == TeamID(finalWinner))
        #expect(s2019.runnerUp != nil && s2019.runnerUp?.team != s2019.champion?.team)

        // 2019's standings: every team, each line the sums of its stored final games, ranked by win percentage then points.
        let teamCount = try #require(try world.scalar("SELECT count(*) FROM teams WHERE league_id = ?", [old], as: Int.self))
        #expect(s2019.standings.count == teamCount && s2019.standings.map(\.rank) == Array(1...teamCount))
        for row in s2019.standings {
            #expect(line(row) == (try storedLine(world, league: old, team: row.member.team)), "\(row.member.teamName)")
        }
        let pct = s2019.standings.map { Double($0.wins * 2 + $0.ties) / Double(max(1, 2 * ($0.wins + $0.losses + $0.ties))) }
        #expect(pct == pct.sorted(by: >), "best record first")
        #expect(s2019.standings.map(\.member.teamName) == (try await world.api().standings(old)).map(\.team.name), "the standings page's order")

        // 2019's draft: every stored pick in order, with its player.
        let picks = try #require(try world.scalar("SELECT count(*) FROM picks WHERE league_id = ?", [old], as: Int.self))
        #expect(picks > 0 && s2019.draft.count == picks && s2019.draft.map(\.pick) == Array(1...picks))
        let first = try #require(try world.scalar("SELECT player_id FROM picks WHERE league_id = ? AND number = 1", [old], as: String.self))
        #expect(s2019.draft[0].player.id == PlayerID(first) && s2019.draft[0].round == 1 && !s2019.draft[0].player.name.isEmpty)

        // 2020 is running: the same members, no games, no champion, no draft yet.
        #expect(!s2020.isFinal && s2020.champion == nil && s2020.draft.isEmpty && s2020.state == .predraft)
        #expect(s2020.standings.count == teamCount && s2020.standings.allSatisfy { $0.record == "0-0-0" })
        #expect(Set(s2020.standings.map(\.member.manager)) == Set(s2019.standings.map(\.member.manager)), "managers are the lasting identity")

        // All time: each manager's line is 2019's (2020 has no game yet), the champion's manager has the one title.
        #expect(history.allTime.count == teamCount)
        for record in history.allTime {
            let row2019 = try #require(s2019.standings.first { $0.member.manager == record.manager })
            #expect([Int64(record.wins), Int64(record.losses), Int64(record.ties), Int64(record.pointsFor.hundredths), Int64(record.pointsAgainst.hundredths)]
                    == (try storedLine(world, league: old, team: row2019.member.team)))
            #expect(record.seasons == 2)
            #expect(record.titles == (record.manager == s2019.champion?.manager ? [2019] : []))
        }
        #expect(history.allTime[0].manager == s2019.champion?.manager, "titles first")

        // Head to head: the first pair that met, each game between their teams as stored (playoffs included).
        let pair = try #require(history.headToHead.first)
        let teamOf = Dictionary(s2019.standings.map { ($0.member.manager, $0.member.team.rawValue) }, uniquingKeysWith: { a, _ in a })
        let (ta, tb) = (try #require(teamOf[pair.a]), try #require(teamOf[pair.b]))
        let met = "league_id = ? AND is_final = 1 AND ((home_team_id = ? AND away_team_id = ?) OR (home_team_id = ? AND away_team_id = ?))"
        let games = try #require(try world.scalar("SELECT count(*) FROM matchups WHERE \(met)", [old, ta, tb, tb, ta], as: Int.self))
        let aWins = try #require(try world.scalar("""
            SELECT count(*) FROM matchups WHERE \(met) AND ((home_team_id = ? AND home_points > away_points) OR (away_team_id = ? AND away_points > home_points))
            """, [old, ta, tb, tb, ta, ta, ta], as: Int.self))
        #expect(pair.games.count == games && pair.aWins == aWins && pair.aWins + pair.bWins + pair.ties == games)
        #expect(history.headToHead(pair.b, pair.a)?.bWins == aWins, "asked the other way round, the same games from b's side")
        let pairs = Set(history.headToHead.map { $0.a + "|" + $0.b })
        #expect(pairs.count == history.headToHead.count && history.headToHead.allSatisfy { $0.a < $0.b })

        // Read from the old season, anonymously: the same chain, forward.
        let fromOld = try await world.api().history(old)
        #expect(fromOld.seasons == history.seasons && fromOld.allTime == history.allTime && fromOld.headToHead == history.headToHead)

        // The next season moves on (its draft starts, a pick lands): the old season's history shows it at once — it is
        // never kept by the old league's revision alone, which no event of 2020 moves.
        for team in try await api.league(renewed).teams { _ = try await api.setAutopick(renewed, team: team.id, on: true) }
        _ = try await api.scheduleDraft(renewed, at: ISO8601.parse("2020-09-06T19:00:00Z")!)
        _ = try await api.startDraft(renewed)
        world.clock.advance(by: 6)
        _ = try world.service.draft.tickDraft(renewed)
        let pick2020 = try #require(try world.scalar("SELECT player_id FROM picks WHERE league_id = ? AND number = 1", [renewed], as: String.self))
        let later = try await world.api().history(old)
        #expect(later.seasons[1].draft.map(\.player.id) == [PlayerID(pick2020)] && later.seasons[1].state == .drafting)
    }

    /// A 2020 in nflverse's layouts where twelve teams can each draft a quarterback and play a whole season: the first
    /// fourteen quarterbacks of 2019's weekly file, each on KC or HOU (who meet every week, as in `store2020`), each with
    /// a line every week whose yards differ by player and week, so the games are won and lost on real stored scores.
    static func store2020WithQuarterbacks(in world: ContractWorld) throws {
        let folder = try SeasonFolder(["players.csv", "games.csv", "stats_player_week_2019.csv"])
        let stats = try folder.text("stats_player_week_2019.csv").components(separatedBy: "\n")
        let statsHeader = stats[0].components(separatedBy: ",")
        let id = statsHeader.firstIndex(of: "player_id")!, position = statsHeader.firstIndex(of: "position")!
        var quarterbacks: [String] = []
        for line in stats.dropFirst() {
            let f = line.components(separatedBy: ",")
            guard f.count == statsHeader.count, f[position] == "QB", !quarterbacks.contains(f[id]) else { continue }
            quarterbacks.append(f[id])
            if quarterbacks.count == 14 { break }
        }
        let players = try folder.text("players.csv").components(separatedBy: "\n")
        try folder.write("players.csv", ([players[0]] + players.filter { p in quarterbacks.contains { p.hasPrefix($0 + ",") } }).joined(separator: "\n") + "\n")
        let gamesHeader = try folder.text("games.csv").components(separatedBy: "\n")[0].components(separatedBy: ",")
        let opener = ISO8601.parse("2020-09-10T12:00:00Z")!
        var games: [[String: String]] = []
        for week in 1...17 {
            let (away, home) = week.isMultiple(of: 2) ? ("KC", "HOU") : ("HOU", "KC")
            let day = ISO8601.format(opener.addingTimeInterval(Double(week - 1) * 7 * 86_400)).prefix(10)
            games.append(["game_id": RenewalContractTests.gameID(week, away, home), "season": "2020", "game_type": "REG", "week": "\(week)",
                          "gameday": String(day), "weekday": "Thursday", "gametime": "20:20", "away_team": away, "away_score": "20",
                          "home_team": home, "home_score": "27"])
        }
        try folder.write("games.csv", RenewalContractTests.csv(gamesHeader, games))
        var lines: [[String: String]] = []
        for (i, qb) in quarterbacks.enumerated() {
            let team = i.isMultiple(of: 2) ? "KC" : "HOU"
            for week in 1...17 {
                let (away, home) = week.isMultiple(of: 2) ? ("KC", "HOU") : ("HOU", "KC")
                lines.append(["player_id": qb, "position": "QB", "position_group": "QB", "season": "2020", "week": "\(week)", "season_type": "REG",
                              "game_id": RenewalContractTests.gameID(week, away, home), "team": team, "opponent_team": team == "KC" ? "HOU" : "KC",
                              "completions": "20", "attempts": "30", "passing_yards": "\(100 + (i * 37 + week * 53) % 251)",
                              "passing_tds": "\((i + week) % 4)"])
            }
        }
        try folder.write("stats_player_week_2020.csv", RenewalContractTests.csv(statsHeader, lines))
        try folder.remove("stats_player_week_2019.csv")
        let set = try SeasonFileSet.scan(folder.path)
        let now = world.clock.now()
        switch world.backend {
        case .sqlite: _ = try world.database.transaction { try SeasonImport.importSeasons(set, only: 2020, session: $0, now: now) }
        case .postgres: _ = try world.postgres!.database.transaction { try SeasonImport.importSeasons(set, only: 2020, session: $0, now: now) }
        }
        try world.execute("UPDATE meta SET value = '\(Int.random(in: 1_000_000_000...9_000_000_000))' WHERE key = 'season_data_version'")
    }

    /// Two final seasons: Playoff Push 2019 renewed, its 2020 drafted (a quarterback a team) and played to its end on the
    /// clock. Each season's champion is the winner of its own stored final; each manager's all-time line is the sum of
    /// their two teams' stored lines, their titles the years their team won.
    @Test func twoFinalSeasonsAddUpInTheAllTimeRecords() async throws {
        let world = try ContractWorld()
        let old = try await world.league("Playoff Push").id
        let (commish, _) = try RenewalContractTests().people(world, old)
        let api = world.api(commish)
        _ = try await api.advanceClock(old, to: RenewalContractTests.after2019)
        try Self.store2020WithQuarterbacks(in: world)
        let renewed = try await api.renewLeague(old)
        var settings = try await api.league(renewed).league.settings
        settings.rosterSlots = [.qb: 1]
        settings.positionMaxima = [:]
        _ = try await api.updateSettings(renewed, settings: settings)
        try await draftEverything(world, renewed, commissioner: commish)
        _ = try await api.advanceClock(renewed, to: ISO8601.parse("2021-01-10T12:00:00Z")!)
        #expect(try await api.league(renewed).league.state == .complete)
        #expect(try world.scalar("SELECT COALESCE(SUM(home_points), 0) FROM matchups WHERE league_id = ?", [renewed], as: Int64.self) ?? 0 > 0,
                "2020 was played on scores")

        let history = try await world.api().history(old)
        #expect(history.seasons.map(\.season) == [2019, 2020] && history.seasons.allSatisfy(\.isFinal))
        for (season, league) in zip(history.seasons, [old, renewed]) {
            let winner = try #require(try world.scalar("""
                SELECT CASE WHEN home_points >= away_points THEN home_team_id ELSE away_team_id END FROM matchups
                WHERE league_id = ? AND is_playoff = 1 AND is_final = 1 AND away_team_id IS NOT NULL ORDER BY week DESC LIMIT 1
                """, [league], as: Int64.self))
            #expect(season.champion?.team == TeamID(winner), "\(season.season)")
            #expect(try await world.api().league(league).champion == TeamID(winner))
            for row in season.standings { #expect(line(row) == (try storedLine(world, league: league, team: row.member.team))) }
            #expect(season.draft.count == (try world.scalar("SELECT count(*) FROM picks WHERE league_id = ?", [league], as: Int.self)))
        }
        #expect(history.champions.count == 2)
        for record in history.allTime {
            var sum: [Int64] = [0, 0, 0, 0, 0]
            var titles: [Int] = []
            for (season, league) in zip(history.seasons, [old, renewed]) {
                let row = try #require(season.standings.first { $0.member.manager == record.manager }, "\(record.manager) in \(season.season)")
                sum = zip(sum, try storedLine(world, league: league, team: row.member.team)).map { $0 + $1 }
                if season.champion?.manager == record.manager { titles.append(season.season) }
            }
            #expect([Int64(record.wins), Int64(record.losses), Int64(record.ties), Int64(record.pointsFor.hundredths),
                     Int64(record.pointsAgainst.hundredths)] == sum, "\(record.label)")
            #expect(record.titles == titles && record.seasons == 2)
        }
        let byTitles = history.allTime.map(\.titles.count)
        #expect(byTitles == byTitles.sorted(by: >), "titles first")
        // Each pair's head-to-head counts every final game between their two teams in both seasons.
        let pair = try #require(history.headToHead.first { h in h.games.contains { $0.season == 2020 } })
        #expect(pair.games.count == pair.aWins + pair.bWins + pair.ties)
        #expect(Set(pair.games.map(\.season)).isSubset(of: [2019, 2020]))
    }

    @Test func aPrivateLeaguesHistoryIsItsMembers() async throws {
        let world = try ContractWorld()
        let office = try await world.league("Office League").id
        let (commish, member) = try RenewalContractTests().people(world, office)
        #expect(await failure { try await world.api().history(office) } == .forbidden("Office League is a private league — sign in as a member to see it"))
        let outsider = try world.signUp("Outsider")
        #expect(await failure { try await world.api(outsider).history(office) } == .forbidden("Office League is a private league for its members only"))
        let history = try await world.api(member).history(office)
        #expect(history.seasons.count == 1 && history.privateSeasons.isEmpty)
        #expect(try await world.api(commish).history(office) == history)
        #expect(await failure { try await world.api().history(LeagueID(999_999)) } == .notFound("League 999999"))
    }
}
