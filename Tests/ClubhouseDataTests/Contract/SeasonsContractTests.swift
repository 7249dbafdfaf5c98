import ClubhouseDomain
import Foundation
import Testing

/// Leagues choose their season, on both transports and both databases: the seasons stored are listed, a new league
/// plays the one asked for (the newest by default), its summary and detail say which, and a player read in a league
/// scores that league's season.
@Suite("Contract: seasons", .bothTransports) struct SeasonsContractTests {
    /// A second, smaller season beside the demo's 2019, written as rows: 2020 with one game (KC at HOU, kickoff
    /// 2020-09-11 00:20 UTC) and one line, McCaffrey's 3 catches for Carolina the week before (a made-up line: the
    /// test needs one that differs from his 2019).
    static func add2020(_ world: ContractWorld) throws {
        try world.execute("""
            INSERT INTO seasons (season, kind, imported_at) VALUES (2020, 'full', 0);
            INSERT INTO games (id, season, week, kickoff, away_team, home_team, away_score, home_score)
                VALUES ('2020_01_HOU_KC', 2020, 1, 1599783600, 'HOU', 'KC', 20, 34), ('2020_01_LV_CAR', 2020, 1, 1599930000, 'LV', 'CAR', 34, 30);
            INSERT INTO team_seasons (season, abbreviation, location, nickname, bye_week) VALUES (2020, 'CAR', 'Carolina', 'Panthers', 13);
            INSERT INTO player_seasons (season, player_id, team) VALUES (2020, '00-0033280', 'CAR');
            INSERT INTO weekly_stats (player_id, season, week, team, opponent, source, receptions, receiving_yards)
                VALUES ('00-0033280', 2020, 1, 'CAR', 'LV', 'player', 3, 38);
            UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'season_data_version';
            """)
    }

    @Test func theSeasonsStoredAreListedSignedOut() async throws {
        let world = try ContractWorld()
        let seasons = try await world.api().seasons()
        #expect(seasons.map(\.line) == ["2018  players 424  totals only (456 rows: pre-draft rankings for 2019)",
                                         "2019  players 600  games 256  player-weeks 5500  plays 45016"])
        #expect(seasons.map(\.isPlayable) == [false, true])
        #expect(seasons[1].firstKickoff == ISO8601.parse("2019-09-06T00:20:00Z"))
    }

    @Test func aNewLeaguePlaysTheSeasonAskedForTheNewestByDefault() async throws {
        let world = try ContractWorld()
        try Self.add2020(world)
        let zed = try world.signUp("Zed")
        let api = world.api(zed)
        // The world's clock is in 2027: both seasons are over, so both are replays on the league's own clock.
        let replay = try await api.createLeague(NewLeague(name: "Twenty Nineteen", season: 2019))
        let detail = try await api.league(replay)
        #expect(detail.league.season == 2019 && !detail.league.followsRealTime)
        #expect(detail.league.clock == ISO8601.parse("2019-08-22T12:00:00Z"), "noon UTC fifteen days before the opener's day")
        let newest = try await api.createLeague(NewLeague(name: "Newest"))
        #expect(try await api.league(newest).league.season == 2020)
        #expect(try await api.league(newest).league.clock == ISO8601.parse("2020-08-27T12:00:00Z"))
        let mine = try await api.myLeagues()
        #expect(mine.map(\.season) == [2020, 2019], "Newest, Twenty Nineteen: each summary says its season")
        #expect(await failure { try await api.createLeague(NewLeague(name: "Future", season: 2031)) }
                == .validation(field: "season", message: "The 2031 season isn't stored here (it has 2019, 2020): 'clubhouse season fetch 2031' brings it in"))
        // A number that is no year gets no advice to fetch it.
        for bad in [-1, 0, 99_999] {
            #expect(await failure { try await api.createLeague(NewLeague(name: "Odd", season: bad)) }
                    == .validation(field: "season", message: "A season is a year like 2020, not \(bad)"))
        }
        #expect(await failure { try await api.createLeague(NewLeague(name: "Totals", season: 2018)) }?.isValidation == true,
                "a totals-only season has no schedule to play")
        // Each room says what its rankings stand on: 2019's on 2018's totals, 2020's on 2019's weekly lines summed.
        #expect(try await api.draftBoard(replay).rankingBasis == RankingBasis(season: 2019, basis: .totals, players: 456))
        let basis2020 = try #require(try await api.draftBoard(newest).rankingBasis)
        #expect(basis2020.basis == .weeklyStats && basis2020.priorSeason == 2019 && basis2020.players > 600)
        // 2020's pool is its players (here McCaffrey alone), ranked by their 2019: 413.2 Half-PPR points.
        let ranked = try await api.draftablePlayers(newest)
        #expect(ranked.map(\.player.id) == ["00-0033280"])
        #expect(ranked.first?.priorSeasonPoints == Points(hundredths: 41_320))
    }

    @Test func aLeagueOnTheSeasonUnderWayFollowsRealTime() async throws {
        let world = try ContractWorld()
        try Self.add2020(world)
        world.clock.set(ISO8601.parse("2020-09-01T10:00:00Z")!)   // before 2020's opener: the season is the current one
        let zed = try world.signUp("Zed")
        let id = try await world.api(zed).createLeague(NewLeague(name: "Live 2020", season: 2020))
        let league = try await world.api(zed).league(id).league
        #expect(league.followsRealTime && league.clock == ISO8601.parse("2020-09-01T10:00:00Z"))
        let replay = try await world.api(zed).createLeague(NewLeague(name: "Replay 2019", season: 2019))
        #expect(try await world.api(zed).league(replay).league.followsRealTime == false)
    }

    @Test func aPlayerReadInALeagueScoresThatLeaguesSeason() async throws {
        let world = try ContractWorld()
        try Self.add2020(world)
        let zed = try world.signUp("Zed")
        let on2020 = try await world.api(zed).createLeague(NewLeague(name: "Twenty Twenty", season: 2020))
        let greats = try await world.league("Gridiron Greats")
        let cmc = PlayerID("00-0033280")
        // Before its week 1 is final on its clock, the 2020 league shows no game of his; then his 2020 line.
        #expect(try await world.api().player(cmc, league: on2020).gameLog.isEmpty)
        // (a clock target is at most 60 days after the season's last game: this 2020 ends on Sep 12)
        _ = try await world.api(zed).advanceClock(on2020, to: ISO8601.parse("2020-11-01T00:00:00Z")!)
        let in2019 = try await world.api().player(cmc, league: greats.id)
        let in2020 = try await world.api().player(cmc, league: on2020)
        #expect(in2019.gameLog.count == 8, "Gridiron Greats is in its week 9: weeks 1–6 and 8 are final, his bye in 7")
        #expect(in2020.gameLog.map(\.stats.receptions) == [3])
        #expect(in2020.seasonPoints == Points(hundredths: 530), "3 catches, 38 yards in Half-PPR")
        #expect(in2020.player.nflTeam == "CAR")
        #expect(in2020.priorSeasonPoints == Points(hundredths: 41_320), "2020's rankings come from his 2019 lines: 413.2 Half-PPR")
        // Without a league: the newest season that has him.
        let plain = try await world.api().player(cmc, league: nil)
        #expect(plain.gameLog.map(\.stats.receptions) == [3])
    }
}

extension DomainError {
    var isValidation: Bool { if case .validation = self { true } else { false } }
}
