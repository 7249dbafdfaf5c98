import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// A league on the season being played: its clock is the wall clock (moved by the clock driver, never by hand), and
/// stat corrections re-score a final week until the Wednesday waiver run after it, then the week is locked.
@Suite struct RealTimeLeagueTests {
    static let quarterbacks: [PlayerID] = ["00-0033873", "00-0033119", "00-0031280", "00-0034857"]   // Mahomes, Brissett, Carr, Allen

    struct World {
        let db: Database
        let clock: ManualClock
        let service: LeagueService
        let league: LeagueID
        let owner: Caller
    }

    /// 2019 stored, "now" the day before its opener: a new league on it follows real time. Four teams, one
    /// quarterback each, drafted by the commissioner.
    static func world() throws -> World {
        let db = try seededMemoryDatabase()
        let clock = ManualClock(ISO8601.parse("2019-09-01T12:00:00Z")!)
        let service = LeagueService(store: SQLiteLeagueStore(database: db), clock: clock)
        let owner = Caller.user(try service.store.write { try $0.insertUser(email: "lee@example.com", displayName: "Lee", passwordHash: "!", at: clock.now()) })
        var settings = LeagueSettings()
        settings.teamCount = 4
        settings.playoffTeams = 2
        settings.rosterSlots = [.qb: 1]
        let id = try service.leagues.createLeague(name: "Real Time", settings: settings, isPublic: true, season: 2019, caller: owner)
        _ = try service.draft.startDraft(id, caller: owner)
        for (i, qb) in quarterbacks.enumerated() {
            let team = try service.draft.draftBoard(id, caller: owner).owner(ofPick: i + 1)
            _ = try service.draft.pickForTeam(id, expectedPick: i + 1, expectedTeam: team, player: qb, caller: owner)
        }
        return World(db: db, clock: clock, service: service, league: id, owner: owner)
    }

    @Test func itsClockIsTheWallClockNotTheCommissioners() throws {
        let w = try Self.world()
        let league = try w.service.leagues.league(w.league, caller: .anonymous).league
        #expect(league.followsRealTime && league.clock == w.clock.now())
        #expect(try w.service.season.clockSpeed(w.league) == .x1, "the clock driver runs it")
        let refusal = DomainError.conflict("Real Time plays the 2019 season as it happens: its clock is the real time")
        #expect(throws: refusal) { try w.service.season.advanceClock(w.league, to: ISO8601.parse("2019-10-01T00:00:00Z")!, caller: w.owner) }
        #expect(throws: refusal) { try w.service.season.setClockSpeed(w.league, speed: .x60, caller: w.owner) }

        // Three weeks later, in one step (no 30-second cap: a server down for days catches up at once), weeks 1 and 2
        // are final and the waiver runs between have happened.
        w.clock.set(ISO8601.parse("2019-09-20T12:00:00Z")!)
        #expect(try w.service.season.stepClock(w.league) == w.clock.now())
        let after = try w.service.leagues.league(w.league, caller: .anonymous)
        #expect(after.league.clock == w.clock.now() && after.currentWeek == 3)
        let finals = try w.service.store.read { try $0.matchups(in: w.league) }.filter(\.isFinal).map(\.matchup.week)
        #expect(Set(finals) == [1, 2])
        #expect(try w.service.season.stepClock(w.league) == nil, "nothing due a moment later")
        // A replay league on the same season keeps its own clock.
        let replay = try w.service.leagues.createLeague(name: "Replay", settings: LeagueSettings(), isPublic: true, season: 2019, replay: true, caller: w.owner)
        #expect(try w.service.leagues.league(replay, caller: .anonymous).league.followsRealTime == false)
    }

    /// Mahomes's week-2 line changes in the stored stats (as a newer import would write it).
    static func correctMahomesWeek2(_ w: World, yards: Int) throws {
        try w.db.run("UPDATE weekly_stats SET passing_yards = passing_yards + ? WHERE player_id = '00-0033873' AND season = 2019 AND week = 2", [yards])
        try w.db.run("UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'season_data_version'")
    }

    @Test func aCorrectionBeforeTheWeeksLockReScoresItAndOneAfterIsNotedNotCounted() throws {
        let w = try Self.world()
        // Tuesday after week 2: both weeks final, week 2's lock (the waiver run of Wednesday 08:00 UTC) still ahead.
        w.clock.set(ISO8601.parse("2019-09-17T12:00:00Z")!)
        _ = try w.service.season.stepClock(w.league)
        let facts = try w.service.facts(league: w.league)
        #expect(SeasonService.correctionLock(week: 2, calendar: facts.calendar) == ISO8601.parse("2019-09-18T08:00:00Z"))
        let mahomesTeam = try #require(try w.service.store.read { try $0.rosters(in: w.league) }.first { $0.contains("00-0033873") }?.teamID)
        func week2Points() throws -> Points? {
            let m = try w.service.store.read { try $0.matchups(in: w.league) }.first { $0.matchup.week == 2 && $0.matchup.involves(mahomesTeam) }
            return m?.matchup.home == mahomesTeam ? m?.homePoints : m?.awayPoints
        }
        let before = try #require(try week2Points())

        try Self.correctMahomesWeek2(w, yards: 25)   // +1.00 in Half-PPR
        let taken = try w.service.season.seasonDataChanged(season: 2019, weeks: [2])[w.league] ?? []
        #expect(taken.map(\.applied) == [true] && taken.first?.teamID == mahomesTeam)
        #expect(try week2Points() == before + Points(hundredths: 100), "the week is re-scored")
        let detail = try w.service.matchups.matchup(w.league, week: 2, team: mahomesTeam, caller: .anonymous)
        #expect(detail.corrections?.count == 1)
        #expect(detail.corrections?.first?.hasPrefix("Week 2 re-scored after a stat correction: ") == true, "\(detail.corrections ?? [])")
        #expect(detail.corrections?.first?.contains("(corrections count until the waiver run of Wed Sep 18 08:00 UTC)") == true)

        // Thursday: week 2 is locked. A later correction is on record, its result stands.
        w.clock.set(ISO8601.parse("2019-09-19T12:00:00Z")!)
        _ = try w.service.season.stepClock(w.league)
        try Self.correctMahomesWeek2(w, yards: 50)
        let late = try w.service.season.seasonDataChanged(season: 2019, weeks: [2])[w.league] ?? []
        #expect(late.map(\.applied) == [false])
        #expect(try week2Points() == before + Points(hundredths: 100), "the result stands")
        let lines = try w.service.matchups.matchup(w.league, week: 2, team: mahomesTeam, caller: .anonymous).corrections ?? []
        #expect(lines.count == 2 && lines[1].hasPrefix("A stat correction came after week 2 was locked (Wed Sep 18 08:00 UTC)"), "\(lines)")
        #expect(lines[1].hasSuffix("not counted, the result stands"))
        // Every league on the season heard of it: one event per update.
        let events = try EventLog.events(w.db, after: 0, league: w.league).filter { $0.kind == .seasonUpdated }
        #expect(events.count == 2)
    }
}
