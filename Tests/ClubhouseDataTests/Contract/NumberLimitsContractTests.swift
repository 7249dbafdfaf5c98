import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// Through the contract, on SQLite and PostgreSQL, embedded and over HTTP: no number a client sends can
/// crash or hang the server — each is refused with `validation` naming its field, and the server answers afterwards.
@Suite("Contract: numbers from clients have ranges", .bothTransports) struct NumberLimitsContractTests {
    /// The field of a `validation` refusal (nil for anything else, success included).
    func refusedField(_ body: () async throws -> some Any) async -> String? {
        guard case .validation(let field, _)? = await failure(body) else { return nil }
        return field
    }

    /// The server (or the embedded use cases) still answers a read and a write after the refusals.
    func stillServing(_ world: ContractWorld) async throws {
        #expect(try await world.api().publicLeagues(filter: LeagueFilter()).count >= 6)
        let league = try await world.newLeague(teams: 4)
        #expect(try await world.api(league.commissioner).league(league.id).teams.count == 4)
    }

    static let badSettings: [(String, String, @Sendable (inout LeagueSettings) -> Void)] = [
        ("bench Int.max", "roster", { $0.rosterSlots[.bench] = .max }),
        ("QB slots Int.min", "roster", { $0.rosterSlots[.qb] = .min }),
        ("team count Int.max", "teamCount", { $0.teamCount = .max }),
        ("weeks to Int.max − 1", "regularSeasonWeeks", { $0.regularSeasonWeeks = 1...(Int.max - 1) }),
        ("playoffs to Int.max", "playoffWeeks", { $0.playoffWeeks = 15...Int.max }),
        ("QB maximum Int.max", "positionMaxima", { $0.positionMaxima[.qb] = .max }),
        ("pass TD worth Int.max", "scoring.passing_tds", { $0.scoring.perStat["passing_tds"] = Points(hundredths: .max) }),
        ("pick clock Int.max", "pickClock", { $0.pickClockSeconds = .max }),
        ("FAAB Int.max", "faabBudget", { $0.faabBudget = .max }),
        ("waiver period Int.max", "waiverPeriodDays", { $0.waiverPeriodDays = .max }),
    ]

    @Test func aNewLeaguesOutOfRangeSettingsAndClockAreRefused() async throws {
        let world = try ContractWorld()
        let api = world.api(try world.signUp("Nora"))
        for (name, field, edit) in Self.badSettings {
            var settings = LeagueSettings()
            edit(&settings)
            #expect(await refusedField { try await api.createLeague(NewLeague(name: "N", settings: settings, seasonClock: DemoSeeder.preseason)) }
                    == field, "\(name)")
        }
        for t in [1e300, -1e300, 4e18] {
            #expect(await refusedField { try await api.createLeague(NewLeague(name: "N", seasonClock: Date(timeIntervalSince1970: t))) }
                    == "seasonClock", "season clock \(t)")
        }
        #expect(try await api.myLeagues().isEmpty, "nothing was created")
        try await stillServing(world)
    }

    @Test func outOfRangeSettingsChangesAreRefused() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4)
        let api = world.api(league.commissioner)
        let before = try await api.league(league.id).league.settings
        for (name, field, edit) in Self.badSettings {
            var settings = before
            edit(&settings)
            #expect(await refusedField { try await api.updateSettings(league.id, settings: settings) } == field, "\(name)")
        }
        #expect(try await api.league(league.id).league.settings == before)
        try await stillServing(world)
    }

    /// The crash: a draft date of 1e300 was accepted and crashed every app opening the league's page.
    @Test func draftDatesOutsideAYearOfTheClockAreRefused() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4)
        let api = world.api(league.commissioner)
        let clock = try await api.league(league.id).league.clock
        for t in [1e300, -1e300, 4e18, clock.timeIntervalSince1970 + 400 * 86_400] {
            #expect(await refusedField { try await api.scheduleDraft(league.id, at: Date(timeIntervalSince1970: t)) } == "draftDate", "\(t)")
        }
        #expect(try await api.league(league.id).league.draftScheduledAt == nil)
        let fine = clock.addingTimeInterval(10 * 86_400)
        #expect(try await api.scheduleDraft(league.id, at: fine).draftScheduledAt == fine)
        try await stillServing(world)
    }

    /// The loop: a clock target of 1e300 ran the waiver schedule inside the write transaction (1.5 GB a second).
    @Test func clockTargetsOutsideTheSeasonAreRefusedAndTheClockStillMoves() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = world.api(try world.person("alice"))
        let clock = try await alice.league(league).league.clock
        for t in [1e300, -1e300, 4e18, ISO8601.parse("2021-01-01T00:00:00Z")!.timeIntervalSince1970, clock.timeIntervalSince1970 - 60] {
            #expect(await refusedField { try await alice.advanceClock(league, to: Date(timeIntervalSince1970: t)) } == "clock", "\(t)")
        }
        #expect(try await alice.league(league).league.clock == clock, "nothing moved")
        let moved = try await alice.advanceClock(league, to: clock.addingTimeInterval(3600))
        #expect(moved.to == clock.addingTimeInterval(3600))
        try await stillServing(world)
    }

    @Test func invitesWeeksAndChatIDsHaveRanges() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4)
        let api = world.api(league.commissioner)
        #expect(await refusedField { try await api.createInvite(league.id, uses: 3, expiresAt: Date(timeIntervalSince1970: 1e300)) } == "expiresAt")
        #expect(await refusedField { try await api.createInvite(league.id, uses: .max, expiresAt: nil) } == "uses")
        #expect(await refusedField { try await api.createInvite(league.id, uses: .min, expiresAt: nil) } == "uses")
        let greats = try await world.league("Gridiron Greats").id
        let team = try await world.team(of: try world.person("alice"), in: greats)
        #expect(await refusedField { try await world.api().scoreboard(greats, week: .max) } == "week")
        #expect(await refusedField { try await world.api().scoreboard(greats, week: 0) } == "week")
        #expect(await refusedField { try await world.api().matchup(greats, week: .min, team: team) } == "week")
        #expect(await refusedField { try await world.api().matchup(greats, week: 19, team: team) } == "week")
        #expect(await refusedField { try await world.api().chatMessages(greats, after: .min) } == "after")
        #expect(try await world.api().scoreboard(greats, week: 9).week == 9)
        try await stillServing(world)
    }

    /// A stored row no write would accept (an older version's, a hand edit — written here with raw SQL) reads and
    /// renders, is shown as needing the commissioner, is left alone by the clock, and is repaired through the settings.
    @Test func aLeagueWithAbsurdStoredSettingsIsShownAsNeedingTheCommissionerAndRepaired() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Champions Circle").id
        let commissioner = try #require(try world.scalar("SELECT commissioner_id FROM leagues WHERE id = ?", [league], as: Int64.self))
        let api = world.api(.user(UserID(commissioner)))
        try poisonSettings(world, league) { json in
            json["regularSeasonWeeks"] = [1, Int.max - 1]
            json["playoffWeeks"] = [Int.max - 1, Int.max]
        }
        let detail = try await api.league(league)
        let repair = try #require(detail.league.needsCommissioner)
        #expect(repair.part == .settings && repair.reason.contains("9223372036854775806"), "\(repair.reason)")
        #expect(detail.league.settings.regularSeasonWeeks == 1...18, "read back within the limits")
        // Every read of the league still answers.
        _ = try await api.standings(league)
        _ = try await api.scoreboard(league, week: nil)
        _ = try await api.availablePlayers(league, position: nil, sort: .seasonPoints)
        _ = try await api.draftBoard(league)
        // The clock is left alone until the commissioner repairs the settings…
        let clock = detail.league.clock
        #expect(await failure { try await api.advanceClock(league, to: clock.addingTimeInterval(86_400)) } == .conflict(repair.sentence))
        // …which works in season (same team count), and the clock moves again.
        var fixed = detail.league.settings
        fixed.regularSeasonWeeks = 1...14
        fixed.playoffWeeks = 15...16
        fixed.teamCount = detail.teams.count
        var wrongCount = fixed
        wrongCount.teamCount = detail.teams.count + 1
        #expect(await refusedField { try await api.updateSettings(league, settings: wrongCount) } == "teamCount")
        #expect(try await api.updateSettings(league, settings: fixed).needsCommissioner == nil)
        #expect(try await api.league(league).league.needsCommissioner == nil)
        _ = try await api.advanceClock(league, to: clock.addingTimeInterval(86_400))
        try await stillServing(world)
    }

    /// Stored settings that don't decode at all (a range from 14 down to 1) no longer fail every read of every league.
    @Test func aLeagueWhoseStoredSettingsDontDecodeDoesntBreakTheOthers() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Sunday Funday").id
        try poisonSettings(world, league) { $0["regularSeasonWeeks"] = [14, 1] }
        let all = try await world.api().publicLeagues(filter: LeagueFilter())
        #expect(all.count >= 6 && all.contains { $0.id == league })
        let repair = try #require(try await world.api().league(league).league.needsCommissioner)
        #expect(repair.part == .settings && repair.reason.hasPrefix("the stored settings can't be read (regularSeasonWeeks"), "\(repair.reason)")
        try await stillServing(world)
    }

    /// A stored season clock of 1e300 is shown as needing the commissioner, who sets it back into the season.
    @Test func aLeagueWithAnAbsurdStoredClockIsRepairedByMovingItBack() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Playoff Push").id
        let commissioner = try #require(try world.scalar("SELECT commissioner_id FROM leagues WHERE id = ?", [league], as: Int64.self))
        let api = world.api(.user(UserID(commissioner)))
        let clock = try await api.league(league).league.clock
        try world.execute("UPDATE leagues SET clock = 1e300, draft_scheduled_at = -1e300 WHERE id = \(league.rawValue)")
        let detail = try await api.league(league)
        #expect(detail.league.needsCommissioner?.part == .clock)
        _ = try await api.standings(league)
        _ = try await api.scoreboard(league, week: nil)
        #expect(await refusedField { try await api.advanceClock(league, to: Date(timeIntervalSince1970: 1e300)) } == "clock")
        _ = try await api.advanceClock(league, to: clock)
        #expect(try await api.league(league).league.needsCommissioner == nil)
        #expect(try await api.league(league).league.clock == clock)
        try await stillServing(world)
    }
}

/// Rewrites a league's stored settings JSON with raw SQL, as an older version or a hand edit would have left it.
func poisonSettings(_ world: ContractWorld, _ league: LeagueID, _ edit: (inout [String: Any]) -> Void) throws {
    let text = try #require(try world.scalar("SELECT settings FROM leagues WHERE id = ?", [league], as: String.self))
    var json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    edit(&json)
    let out = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self).replacingOccurrences(of: "'", with: "''")
    try world.execute("UPDATE leagues SET settings = '\(out)' WHERE id = \(league.rawValue)")
}
