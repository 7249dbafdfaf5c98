import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// Renewing a league into the next season, on both transports and both databases: a 2019 league played to its end on
/// the clock renews into a crafted 2020 stored through the real importer — a new league with its own id, the same
/// members, team names, settings and visibility, a fresh draft not yet scheduled, linked both ways; the old league is
/// read-only history; renewing twice, before the season's end, without the next season, or as anyone but the
/// commissioner is refused with one sentence.
@Suite("Contract: renewing a league", .bothTransports) struct RenewalContractTests {
    /// Past the 2019 season's last game (week 17 ends Dec 30 UTC): every demo league's final is final.
    static let after2019 = ISO8601.parse("2020-01-05T12:00:00Z")!

    /// A tiny 2020 season in nflverse's layouts, imported with `season import`'s importer into the world's database:
    /// KC and HOU play each other once a week for 17 weeks (kickoffs Thursdays 20:20 Eastern from Sep 10), Mahomes and
    /// McCaffrey are its players, and Mahomes has a line in weeks 1 and 17 (a season that is over needs its final
    /// week's stats). The season data version is then set to one of this world's own, so the facts cache every world
    /// of the test process shares never mixes this 2020 with another test's.
    /// `alsoPlaying`: more players of 2019's file who play in this 2020 too (a keeper test's kept players).
    /// `rookies`: players new in 2020 (ids no 2019 file has), each in players.csv (active: `last_season` 2020, on KC),
    /// with a week-1 line for KC unless he `plays` not.
    /// `playersHeader`: nil keeps the shipped players.csv's layout (no `rookie_season`, `last_season` or `draft_year`);
    /// else the file is rewritten with these columns (`SeasonFolder.nflversePlayersHeader`: nflverse's own), the players
    /// of 2019's file with their `rookieSeasons` (a rookie's own are his).
    /// `now`: the import's real time (default the world's clock; before the 2020 final, players.csv's active players
    /// without a line are 2020's players too).
    static func store2020(in world: ContractWorld, alsoPlaying: [PlayerID] = [], rookies: [Rookie] = [], playersHeader: [String]? = nil,
                          rookieSeasons: [PlayerID: Int] = [:], now: Date? = nil) throws {
        let folder = try SeasonFolder(["players.csv", "games.csv", "stats_player_week_2019.csv"])
        if let playersHeader {
            try folder.relayoutPlayers(header: playersHeader) { row in
                row["rookie_season"] = rookieSeasons[PlayerID(row["gsis_id"] ?? "")].map(String.init) ?? ""
            }
        }
        let players = try folder.text("players.csv").components(separatedBy: "\n")
        let playing = ["00-0033873", "00-0033280"] + alsoPlaying.map(\.rawValue)
        let playersHeader = players[0].components(separatedBy: ",")
        let newPlayers = rookies.map { r in
            Self.csv(playersHeader, [["gsis_id": r.id.rawValue, "display_name": r.name, "first_name": r.name.components(separatedBy: " ")[0],
                                      "last_name": r.name.components(separatedBy: " ").dropFirst().joined(separator: " "), "position": r.position.rawValue,
                                      "latest_team": "KC", "rookie_season": r.rookieSeason.map(String.init) ?? "",
                                      "draft_year": r.draftYear.map(String.init) ?? "", "last_season": "2020"]])
                .components(separatedBy: "\n")[1]
        }
        try folder.write("players.csv", ([players[0]] + players.filter { line in playing.contains { line.hasPrefix($0 + ",") } } + newPlayers)
                         .joined(separator: "\n") + "\n")
        let gamesHeader = try folder.text("games.csv").components(separatedBy: "\n")[0].components(separatedBy: ",")
        let opener = ISO8601.parse("2020-09-10T12:00:00Z")!
        var games: [[String: String]] = []
        for week in 1...17 {
            let (away, home) = week.isMultiple(of: 2) ? ("KC", "HOU") : ("HOU", "KC")
            let day = ISO8601.format(opener.addingTimeInterval(Double(week - 1) * 7 * 86_400)).prefix(10)
            games.append(["game_id": Self.gameID(week, away, home), "season": "2020", "game_type": "REG", "week": "\(week)",
                          "gameday": String(day), "weekday": "Thursday", "gametime": "20:20", "away_team": away, "away_score": "20",
                          "home_team": home, "home_score": "27"])
        }
        try folder.write("games.csv", Self.csv(gamesHeader, games))
        let statsHeader = try folder.text("stats_player_week_2019.csv").components(separatedBy: "\n")[0].components(separatedBy: ",")
        let lines = [1, 17].map { week -> [String: String] in
            let (away, home) = week.isMultiple(of: 2) ? ("KC", "HOU") : ("HOU", "KC")
            return ["player_id": "00-0033873", "player_name": "P.Mahomes", "player_display_name": "Patrick Mahomes", "position": "QB",
                    "position_group": "QB", "season": "2020", "week": "\(week)", "season_type": "REG", "game_id": Self.gameID(week, away, home),
                    "team": "KC", "opponent_team": "HOU", "completions": "25", "attempts": "35", "passing_yards": "300", "passing_tds": "3"]
        }
        let rookieLines = rookies.filter(\.plays).map { r -> [String: String] in
            ["player_id": r.id.rawValue, "player_name": r.name, "player_display_name": r.name, "position": r.position.rawValue,
             "position_group": r.position.rawValue, "season": "2020", "week": "1", "season_type": "REG", "game_id": Self.gameID(1, "HOU", "KC"),
             "team": "KC", "opponent_team": "HOU", "receptions": "2", "receiving_yards": "20"]
        }
        try folder.write("stats_player_week_2020.csv", Self.csv(statsHeader, lines + rookieLines))
        try folder.remove("stats_player_week_2019.csv")
        let set = try SeasonFileSet.scan(folder.path)
        let now = now ?? world.clock.now()
        switch world.backend {
        case .sqlite: _ = try world.database.transaction { try SeasonImport.importSeasons(set, only: 2020, session: $0, now: now) }
        case .postgres: _ = try world.postgres!.database.transaction { try SeasonImport.importSeasons(set, only: 2020, session: $0, now: now) }
        }
        try world.execute("UPDATE meta SET value = '\(Int.random(in: 1_000_000_000...9_000_000_000))' WHERE key = 'season_data_version'")
    }

    /// A player new in the crafted 2020 (new to the database: he may be a veteran by players.csv's `rookie_season` or
    /// `draft_year`, written only in nflverse's layout).
    struct Rookie {
        var id: PlayerID; var name: String; var position: Position
        var rookieSeason: Int? = nil, draftYear: Int? = nil
        /// Whether he has a week-1 line.
        var plays = true
    }

    static func gameID(_ week: Int, _ away: String, _ home: String) -> String { "2020_\(week < 10 ? "0" : "")\(week)_\(away)_\(home)" }

    static func csv(_ header: [String], _ rows: [[String: String]]) -> String {
        ([header.joined(separator: ",")] + rows.map { row in header.map { row[$0] ?? "" }.joined(separator: ",") }).joined(separator: "\n") + "\n"
    }

    /// A demo league's commissioner and another of its managers.
    func people(_ world: ContractWorld, _ league: LeagueID) throws -> (commissioner: Caller, member: Caller) {
        let commissioner = try #require(try world.scalar("SELECT commissioner_id FROM leagues WHERE id = ?", [league], as: Int64.self))
        let member = try #require(try world.scalar("SELECT manager_id FROM teams WHERE league_id = ? AND manager_id <> ? ORDER BY id LIMIT 1",
                                                   [league, commissioner], as: Int64.self))
        return (.user(UserID(commissioner)), .user(UserID(member)))
    }

    /// A player the new season's file doesn't list (retired, or a partial file) whom a league of that season may still
    /// hold — a keeper, a dynasty roster's — is named from the seasons before, with no team this season; he isn't one
    /// of this season's players (no free agent, no ranking).
    @Test func aPlayerMissingFromTheNewSeasonsFileIsNamedFromTheSeasonsBefore() async throws {
        let world = try ContractWorld()
        try Self.store2020(in: world)
        let facts = try world.service.store.read { try SeasonFacts.load(from: $0, season: 2020) }
        let kelce = PlayerID("00-0030506")
        #expect(facts.players[kelce] == nil && facts.formerPlayers[kelce]?.nflTeam == "KC", "not in 2020's file; KC in 2019")
        let summary = facts.summary(kelce)
        #expect(summary.name == "Travis Kelce" && summary.position == .te && summary.nflTeam == "—" && summary.byeWeek == nil)
        #expect(facts.summary(PlayerID("00-0033873")).nflTeam == "KC", "a player of 2020's file as before")
        #expect(facts.formerPlayers[PlayerID("00-0033873")] == nil)
        #expect(facts.summary(PlayerID("00-9999999")).name == "00-9999999", "nobody's: his id")
    }

    @Test func aSeasonPlayedToItsEndRenewsIntoTheNextSeasonWithItsMembersAndSettings() async throws {
        let world = try ContractWorld()
        let old = try await world.league("Playoff Push").id
        let (commish, member) = try people(world, old)
        let api = world.api(commish)

        // Before its last week is final: refused, and nothing is created.
        #expect(try await api.league(old).league.state != .complete)
        #expect(await failure { try await api.renewLeague(old) } == .conflict("Playoff Push can be renewed once its 2019 season is over (its last week final)"))
        // Played to its end on the clock.
        _ = try await api.advanceClock(old, to: Self.after2019)
        let before = try await api.league(old)
        #expect(before.league.state == .complete && before.champion != nil)
        // Without the next season in the database: refused, naming what brings it in.
        #expect(await failure { try await api.renewLeague(old) }
                == .conflict("The 2020 season isn't in this database yet — 'clubhouse season fetch 2020' (or 'season import') brings it in"))
        // Only the commissioner renews.
        #expect(await failure { try await world.api(member).renewLeague(old) } == .forbidden("Only the commissioner can renew Playoff Push"))
        #expect(await failure { try await world.api().renewLeague(old) } == .unauthenticated)
        // The finished season still takes a chat line until it is renewed.
        _ = try await world.api(member).sendChat(old, text: "GG everyone")

        try Self.store2020(in: world)
        let renewed = try await api.renewLeague(old)
        #expect(renewed != old)
        let next = try await api.league(renewed)
        #expect(next.league.season == 2020 && next.league.name == "Playoff Push" && next.league.state == .predraft)
        #expect(next.league.isPublic == before.league.isPublic && next.league.commissioner == before.league.commissioner)
        #expect(next.league.settings == before.league.settings, "same settings: 12 teams, 6 in the playoffs, third-round reversal, standard")
        #expect(next.league.settings.leagueType == .redraft)
        #expect(!next.league.followsRealTime && next.league.clock == ISO8601.parse("2020-08-27T12:00:00Z"),
                "2020 is over on the world's clock: a replay from noon UTC fifteen days before its opener")
        // The same members, each on a team of the same name; every record starts again.
        #expect(next.teams.map(\.name) == before.teams.map(\.name))
        #expect(next.teams.map(\.managerName) == before.teams.map(\.managerName))
        #expect(next.teams.allSatisfy { $0.record == "0-0" })
        #expect(try await world.api(member).league(renewed).capabilities.myTeam != nil)
        #expect(next.champion == nil && next.league.draftScheduledAt == nil)
        // The conversation goes on: the old season's chat is the new league's, by the same author on their new team.
        let chat = try await world.api(member).chatMessages(renewed, after: nil)
        let gg = try #require(chat.last, "the chat didn't carry over")
        #expect(gg.body == "GG everyone" && gg.leagueID == renewed)
        #expect(gg.teamID == (try await world.api(member).league(renewed).capabilities.myTeam))
        let draft = try await api.draftBoard(renewed)
        #expect(draft.draft.status == .scheduled && draft.draft.scheduledAt == nil)
        // Linked both ways.
        #expect(next.previousLeague == old && next.nextLeague == nil && next.league.previousLeague == old)
        let history = try await world.api().league(old)
        #expect(history.nextLeague == renewed && history.previousLeague == nil && history.league.nextLeague == renewed)
        // The app learns of it: a league.renewed event in the old league, naming the new one.
        let payload = try #require(try world.scalar("SELECT payload FROM events WHERE league_id = ? AND kind = 'league.renewed'", [old], as: String.self))
        #expect(try JSONDecoder().decode(LeagueEvent.LeagueRenewed.self, from: Data(payload.utf8)) == LeagueEvent.LeagueRenewed(next: renewed, season: 2020))

        // The old league is read-only history: a write is refused with one sentence, the clock too.
        let sentence = "Playoff Push 2019 is history — it was renewed as the 2020 season (league \(renewed.rawValue)), so nothing in it changes any more"
        #expect(await failure { try await world.api(member).sendChat(old, text: "Still here?") } == .conflict(sentence))
        #expect(await failure { try await api.advanceClock(old, to: Self.after2019.addingTimeInterval(86_400)) } == .conflict(sentence))
        let team = try await world.team(of: member, in: old)
        let player = PlayerID(try #require(try world.scalar("SELECT player_id FROM roster_entries WHERE team_id = ? LIMIT 1", [team], as: String.self)))
        #expect(await failure { try await world.api(member).dropPlayer(old, team: team, player: player) } == .conflict(sentence))
        // Renewing twice is refused, naming the league it already has.
        #expect(await failure { try await api.renewLeague(old) }
                == .conflict("Playoff Push 2019 was already renewed: its 2020 season is league \(renewed.rawValue)"))
        #expect(try world.scalar("SELECT count(*) FROM leagues WHERE previous_league_id = ?", [old], as: Int.self) == 1)
        // The new season takes writes.
        _ = try await world.api(member).sendChat(renewed, text: "Same time next year")
        _ = try await api.scheduleDraft(renewed, at: ISO8601.parse("2020-09-06T19:00:00Z")!)
    }

    /// Two renewals sent at once (two processes, or a double press) make one next season: the other is told which.
    @Test func twoRenewalsAtOnceMakeOneNextSeason() async throws {
        let world = try ContractWorld()
        let old = try await world.league("Playoff Push").id
        let (commish, _) = try people(world, old)
        _ = try await world.api(commish).advanceClock(old, to: Self.after2019)
        try Self.store2020(in: world)
        let other = try world.secondService()
        async let first = failure { try await world.api(commish).renewLeague(old) }
        async let second = failure { try other.history.renewLeague(old, caller: commish) }
        let outcomes = await [first, second]
        let next = try #require(try world.scalar("SELECT id FROM leagues WHERE previous_league_id = ?", [old], as: Int64.self))
        #expect(outcomes.filter { $0 == nil }.count == 1, "\(outcomes)")
        #expect(outcomes.contains(.conflict("Playoff Push 2019 was already renewed: its 2020 season is league \(next)")), "\(outcomes)")
        #expect(try world.scalar("SELECT count(*) FROM leagues WHERE previous_league_id = ?", [old], as: Int.self) == 1)
    }

    @Test func aPrivateLeagueRenewsPrivate() async throws {
        let world = try ContractWorld()
        let old = try await world.league("Office League").id
        let (commish, member) = try people(world, old)
        _ = try await world.api(commish).advanceClock(old, to: Self.after2019)
        try Self.store2020(in: world)
        let renewed = try await world.api(commish).renewLeague(old)
        let next = try await world.api(member).league(renewed)
        #expect(!next.league.isPublic && next.previousLeague == old)
        #expect(await failure { try await world.api().league(renewed) } == .forbidden("Office League is a private league — sign in as a member to see it"))
    }

    @Test func aDynastyLeagueTradesTwoSeasonsOfPicksAndHasNoTaxiSquadUntilAsked() async throws {
        let world = try ContractWorld()
        let zed = try world.signUp("Zed")
        var settings = LeagueSettings()
        settings.leagueType = .dynasty
        let id = try await world.api(zed).createLeague(NewLeague(name: "Forever", settings: settings))
        let stored = try await world.api().league(id).league.settings
        #expect(stored.leagueType == .dynasty && stored.futurePickSeasons == 2 && stored.rookieDraftRounds == 4 && stored.taxiSlots == 0
                && stored.taxiMaxYears == 1, "a dynasty league's defaults")
        let plain = try await world.api(zed).createLeague(NewLeague(name: "Plain"))
        #expect(try await world.api().league(plain).league.settings.leagueType == .redraft, "redraft by default")
        var taxi = try await world.api().league(plain).league.settings
        taxi.taxiSlots = 2
        #expect(await failure { try await world.api(zed).updateSettings(plain, settings: taxi) }
                == .validation(field: "taxiSlots",
                               message: "A taxi squad needs a league that lives on — a keeper or dynasty league (a redraft league starts each season anew)"))
    }
}
