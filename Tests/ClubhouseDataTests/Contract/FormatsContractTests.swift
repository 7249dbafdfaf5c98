import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// The scoring and standings formats (settings `medianGame`, `divisions`, `bonuses`, `decimals`) on both transports and
/// both databases: the commissioner sets them before the draft and everyone reads them back; once the draft starts they
/// are refused with the lock's sentence; and a played league's standings and scores follow them — every expected value
/// computed here from the stored matchups, weekly lines and plays, none a constant.
@Suite("Contract: scoring and standings formats", .bothTransports) struct FormatsContractTests {
    static var formats: LeagueSettings {
        var s = LeagueSettings()
        s.medianGame = true; s.divisions = 2; s.bonuses = ScoringBonus.yardageAndLongPlays; s.decimals = 1
        return s
    }

    @Test func theCommissionerSetsTheFormatsBeforeTheDraftAndTheyLockWithIt() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana"])
        let api = world.api(league.commissioner)
        var settings = try await api.league(league.id).league.settings
        #expect(!settings.medianGame && settings.divisions == 0 && settings.bonuses.isEmpty && settings.decimals == nil)
        settings.medianGame = true; settings.divisions = 2; settings.bonuses = ScoringBonus.yardageAndLongPlays; settings.decimals = 1
        #expect(try await api.updateSettings(league.id, settings: settings).settings == settings)
        let read = try await world.api().league(league.id).league.settings
        #expect(read == settings && read.bonuses == ScoringBonus.yardageAndLongPlays && read.decimals == 1)

        // Standings before a game: every team 0-0 with an all-play record of 0-0, in two divisions dealt by team id,
        // the two division leaders first.
        let standings = try await world.api().standings(league.id)
        let ids = standings.map(\.team.id).sorted()
        #expect(standings.allSatisfy { $0.allPlay == WeeklyRecap.Record() && $0.division == (ids.firstIndex(of: $0.team.id)! % 2) + 1 })
        #expect(standings.prefix(2).allSatisfy { $0.leadsDivision == true } && Set(standings.prefix(2).compactMap(\.division)) == [1, 2])

        var wrong = settings
        wrong.divisions = 3
        #expect(await failure { try await api.updateSettings(league.id, settings: wrong) }
                == .validation(field: "divisions", message: "3 divisions need at least 6 teams — two in each (the league has 4)"))
        wrong = settings
        wrong.decimals = 3
        #expect(await failure { try await api.updateSettings(league.id, settings: wrong) }
                == .validation(field: "decimals", message: "Points are kept to 0, 1 or 2 decimals (not 3)"))
        wrong = settings
        wrong.bonuses.append(.threshold("passing_yards", 350, nil, 2))
        #expect(await failure { try await api.updateSettings(league.id, settings: wrong) }
                == .validation(field: "bonuses[8]",
                               message: "The bonus for 350+ passing yards overlaps the one for 300+ passing yards — one week earns one of them"))

        _ = try await api.startDraft(league.id)
        settings.medianGame = false
        #expect(await failure { try await api.updateSettings(league.id, settings: settings) }
                == .conflict("Settings lock once the draft of Test League starts"))
        #expect(try await world.api().league(league.id).league.settings.medianGame)
    }

    /// One stored final game: week, home, home points, away, away points (hundredths).
    struct StoredGame { var week: Int, home: Int64, homePoints: Int, away: Int64, awayPoints: Int }

    func storedGames(_ world: ContractWorld, league: LeagueID) throws -> [StoredGame] {
        let finals = "league_id = ? AND is_final = 1 AND is_playoff = 0 AND away_team_id IS NOT NULL"
        let count = try #require(try world.scalar("SELECT count(*) FROM matchups WHERE \(finals)", [league.rawValue], as: Int.self))
        return try (0..<count).map { i in
            func column(_ name: String) throws -> Int64 {
                try #require(try world.scalar("SELECT \(name) FROM matchups WHERE \(finals) ORDER BY week, home_team_id LIMIT 1 OFFSET \(i)",
                                              [league.rawValue], as: Int64.self))
            }
            return StoredGame(week: Int(try column("week")), home: try column("home_team_id"), homePoints: Int(try column("home_points")),
                              away: try column("away_team_id"), awayPoints: Int(try column("away_points")))
        }
    }

    @Test func aPlayedLeaguesStandingsAndScoresFollowItsFormats() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try world.person("alice")
        // Formats as a league configured before its draft has them (the commissioner can't change them now), then the
        // clock to week 9 final: week 9 is scored under them.
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.formats)) as! [String: Any]
        try poisonSettings(world, league) { json in
            for key in ["medianGame", "divisions", "bonuses", "decimals"] { json[key] = encoded[key] }
        }
        _ = try await world.api(alice).advanceClock(league, to: DemoSeeder.utc("2019-11-06T09:00:00Z"))
        let settings = try await world.api(alice).league(league).league.settings
        #expect(settings.medianGame && settings.divisions == 2 && settings.bonuses == ScoringBonus.yardageAndLongPlays && settings.decimals == 1)

        // Standings from the stored games: each game, plus each week's median game, plus all-play.
        let games = try storedGames(world, league: league)
        #expect(Set(games.map(\.week)) == Set(1...9))
        var record: [Int64: (w: Int, l: Int, t: Int)] = [:], allPlay: [Int64: (w: Int, l: Int, t: Int)] = [:], pointsFor: [Int64: Int] = [:]
        func add(_ r: inout [Int64: (w: Int, l: Int, t: Int)], _ team: Int64, _ mine: Int, _ other: Int) {
            var x = r[team] ?? (0, 0, 0)
            if mine > other { x.w += 1 } else if mine < other { x.l += 1 } else { x.t += 1 }
            r[team] = x
        }
        for week in 1...9 {
            let sides = games.filter { $0.week == week }.flatMap { [($0.home, $0.homePoints), ($0.away, $0.awayPoints)] }
            for g in games where g.week == week {
                add(&record, g.home, g.homePoints, g.awayPoints); add(&record, g.away, g.awayPoints, g.homePoints)
            }
            let sorted = sides.map(\.1).sorted()
            let doubledMedian = sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]
            for (team, points) in sides {
                add(&record, team, 2 * points, doubledMedian)
                pointsFor[team, default: 0] += points
                for (other, theirs) in sides where other != team { add(&allPlay, team, points, theirs) }
            }
        }
        let standings = try await world.api(alice).standings(league)
        #expect(standings.count == 10)
        for e in standings {
            let r = try #require(record[e.team.id.rawValue]), a = try #require(allPlay[e.team.id.rawValue])
            #expect((e.row.wins, e.row.losses, e.row.ties) == (r.w, r.l, r.t), "\(e.team.name): 18 games, nine of them against the median")
            #expect(e.row.games == 18 && e.row.pointsFor.hundredths == pointsFor[e.team.id.rawValue])
            #expect(e.allPlay == WeeklyRecap.Record(wins: a.w, losses: a.l, ties: a.t))
        }
        // Divisions: teams by id dealt round-robin; ranks 1 and 2 are the leaders, each with its division's best record.
        let ids = standings.map(\.team.id).sorted()
        for e in standings { #expect(e.division == ids.firstIndex(of: e.team.id)! % 2 + 1) }
        #expect(standings.prefix(2).allSatisfy { $0.leadsDivision == true } && standings.dropFirst(2).allSatisfy { $0.leadsDivision == false })
        for leader in standings.prefix(2) {
            func pct(_ e: StandingsEntry) -> Double { Double(2 * e.row.wins + e.row.ties) / Double(2 * e.row.games) }
            #expect(standings.filter { $0.division == leader.division }.allSatisfy { pct($0) <= pct(leader) })
        }

        // Scores: McCaffrey's weeks on his page under the league's bonuses and decimals, from his stored lines and plays.
        let cmc = PlayerID("00-0033280")
        let detail = try await world.api(alice).player(cmc, league: league)
        #expect(detail.gameLog.map(\.week) == Array(1...9).filter { $0 != 7 }, "Carolina's bye is week 7")
        var bonusWeeks = 0
        for row in detail.gameLog {
            let plays = try world.service.store.read { try $0.plays(season: 2019, week: row.week) }.filter { $0.playerID == cmc && $0.quarter != nil }
            let touchdowns = Dictionary(grouping: plays) { "\($0.gameID)#\($0.sequence)" }.values.flatMap { rows -> [LongTouchdown] in
                func value(_ stat: String) -> Int { rows.filter { $0.stat == stat }.reduce(0) { $0 + $1.value } }
                return ScoringBonus.touchdownYards.compactMap { td, yards in
                    value(td) > 0 ? LongTouchdown(playerID: cmc, week: row.week, stat: td, yards: value(yards), elapsed: rows[0].elapsed) : nil
                }
            }
            let expected = settings.scoring.weekPoints(for: row.stats, position: .rb, longTouchdowns: touchdowns)
            #expect(row.points == expected, "week \(row.week)")
            #expect(row.points.hundredths % 10 == 0, "one decimal")
            if row.points != ScoringRules.preset(settings.scoring.preset).points(for: row.stats, position: .rb) { bonusWeeks += 1 }
        }
        #expect(bonusWeeks >= 4, "his long touchdowns alone give weeks 3, 5, 8 and 9 a bonus")
        // Week 9, scored under the formats, is stored to one decimal.
        #expect(games.filter { $0.week == 9 }.allSatisfy { $0.homePoints % 10 == 0 && $0.awayPoints % 10 == 0 })
    }
}
