import ClubhouseDomain
import Foundation
import Synchronization
import Testing
@testable import ClubhouseData

/// The embedded draft clock: a process sleeps until the next pick falls due and ticks it.
@Suite struct DraftClockDriverTests {
    func botBowl(_ world: ContractWorld) async throws -> LeagueID {
        try await world.league("Bot Bowl Live").id
    }

    func picks(_ world: ContractWorld, _ league: LeagueID) throws -> Int {
        try world.database.scalar("SELECT COUNT(*) FROM picks WHERE league_id = ?", [league], as: Int.self) ?? 0
    }

    /// Sets the league clock just past the moment the pick on the clock falls due, then lets it run on with real time
    /// until a driver has made it. (The wait guards against a hang, not a speed: in a full run a driver's task can wait
    /// minutes for a thread. The clock runs on because a driver whose tick failed — the database busy under a loaded
    /// run — waits out a backoff on the league's clock: a clock held still would hold that room for ever, which real
    /// time never does.)
    func nextPickFallsDue(_ world: ContractWorld, _ league: LeagueID, _ n: Int) async throws {
        let before = try picks(world, league)
        let due = try #require(try world.service.draft.draftDue(league), "pick \(n) has a moment it falls due")
        let start = max(due, world.clock.now()).addingTimeInterval(0.1), real = ContinuousClock.now
        world.clock.set(start)
        try #require(try await Wait.until(.seconds(600), every: .milliseconds(25)) {
            world.clock.set(max(world.clock.now(), start.addingTimeInterval(Wait.seconds(ContinuousClock.now - real))))
            return try picks(world, league) != before
        }, "pick \(n) was made")
    }

    @Test func botsPickWhenTheirThinkTimeHasPassed() async throws {
        let world = try ContractWorld()
        let league = try await botBowl(world)
        let before = try picks(world, league)
        let driver = Task { await DraftClockDriver(service: world.service, databasePath: world.path, maxSleep: .milliseconds(50)).run() }
        defer { driver.cancel() }
        // Five times: the league clock just past the pick's due moment (a bot's 2–5 s think time, or the person's 60 s
        // clock), as real time would get there, and held there until the driver picks.
        for n in 1...5 { try await nextPickFallsDue(world, league, n) }
        let rows = try world.database.query("SELECT number, source FROM picks WHERE league_id = ? AND number > ? ORDER BY number", [league, before])
        #expect(rows.count >= 5, "the driver made \(rows.count) picks")
        // Bots pick after their think time; the one person's team is autopicked when its 60 s clock runs out.
        let sources = Set(rows.compactMap { try? $0.get("source", as: String.self) })
        #expect(sources.contains("bot") && sources.isSubset(of: ["bot", "autopick"]), "sources: \(sources)")
        let numbers = rows.compactMap { try? $0.get("number", as: Int.self) }
        #expect(numbers == Array((before + 1)...(before + numbers.count)), "one pick per number, in order")
    }

    /// Each pick the driver makes is reported with how late it was (the server's `clubhouse_clock_lag_seconds`): from
    /// when it fell due to when it was made, on the league's clock.
    @Test func eachPickItMakesIsReportedWithHowLateItWas() async throws {
        let world = try ContractWorld()
        let league = try await botBowl(world)
        let reports = Mutex<[(String, TimeInterval)]>([])
        let driver = Task {
            await DraftClockDriver(service: world.service, events: SQLiteEventSource(path: world.path), maxSleep: .milliseconds(50),
                                   jitterMilliseconds: 0, lag: { clock, seconds in reports.withLock { $0.append((clock, seconds)) } }).run()
        }
        defer { driver.cancel() }
        // Three times: the league clock to 0.5 s past the pick's due moment, and held there until the driver picks.
        for n in 1...3 {
            let before = try picks(world, league)
            let due = try #require(try world.service.draft.draftDue(league))
            world.clock.set(due.addingTimeInterval(0.5))
            // Long waits: they guard against a hang, not a speed. In the full run the driver's task can wait minutes for
            // a cooperative thread while long synchronous tests hold them all (a fresh-clone run lost 120 s so).
            try await Wait.until(.seconds(600), every: .milliseconds(25)) { try picks(world, league) != before }
            try #require(try picks(world, league) == before + 1, "pick \(n) was made")
            try #require(await Wait.until(.seconds(120)) { reports.withLock { $0.count } == n }, "pick \(n) was reported")
        }
        let got = reports.withLock { $0 }
        #expect(got.count == 3, "one report per pick the driver made")
        #expect(got.allSatisfy { $0.0 == "draft" && abs($0.1 - 0.5) < 0.001 }, "each 0.5 s late, on the league's clock: \(got)")
    }

    @Test func nothingIsPickedBeforeAPickFallsDue() async throws {
        let world = try ContractWorld()
        let league = try await botBowl(world)
        let before = try picks(world, league)
        // The seeded room just opened its pick: no bot has finished thinking at this instant.
        let driver = DraftClockDriver(service: world.service, databasePath: world.path, maxSleep: .milliseconds(50))
        let running = Task { await driver.run() }
        defer { running.cancel() }
        // Several of the driver's passes (a plan every 50 ms at most) with the league clock standing still.
        try #require(await Wait.until(.seconds(600)) { driver.passes.load(ordering: .relaxed) >= 6 }, "the driver runs")
        #expect(try picks(world, league) == before, "nothing fell due, nothing was picked")
        // The same driver picks as soon as a pick falls due: it was running all along.
        world.clock.advance(by: 61)   // past any think time and the person's 60 s clock
        try await Wait.until(.seconds(600), every: .milliseconds(25)) { try picks(world, league) != before }
        #expect(try picks(world, league) > before, "the driver picks once the think time has passed")
    }

    /// A plan the driver can't read (here its table is gone) is said once, not at every pass, and the driver goes on:
    /// once the table is back, the next pick that falls due is made.
    @Test func aPlanThatCantBeReadIsSaidOnceAndTheDriverGoesOn() async throws {
        let world = try ContractWorld()
        let league = try await botBowl(world)
        let failures = Mutex<[FailedClockStep]>([])
        try world.database.run("ALTER TABLE leagues RENAME TO leagues_away")
        let driver = DraftClockDriver(service: world.service, databasePath: world.path, maxSleep: .milliseconds(20),
                                      failed: { f in failures.withLock { $0.append(f) } })
        let running = Task { await driver.run() }
        defer { running.cancel() }
        let plans = { failures.withLock { $0.filter { $0.step == "plan" } } }
        try #require(await Wait.until(.seconds(600)) { !plans().isEmpty }, "the failed plan was said")
        let seen = driver.passes.load(ordering: .relaxed)
        try #require(await Wait.until(.seconds(600)) { driver.passes.load(ordering: .relaxed) >= seen + 6 }, "the driver goes on")
        #expect(plans().count == 1, "said once, not at each of its passes: \(plans())")
        #expect(plans().first.map { $0.clock == "draft" && $0.league == nil && !$0.reason.isEmpty } == true, "\(plans())")
        try world.database.run("ALTER TABLE leagues_away RENAME TO leagues")
        try await nextPickFallsDue(world, league, 1)
    }

    @Test func twoDriversOnOneFileNeverDoublePick() async throws {
        let world = try ContractWorld()
        let league = try await botBowl(world)
        let before = try picks(world, league)
        let second = LeagueService(store: SQLiteLeagueStore(database: try Database(path: world.path)), clock: world.clock)
        let a = Task { await DraftClockDriver(service: world.service, databasePath: world.path, maxSleep: .milliseconds(20)).run() }
        let b = Task { await DraftClockDriver(service: second, databasePath: world.path, maxSleep: .milliseconds(20)).run() }
        defer { a.cancel(); b.cancel() }
        for n in 1...8 { try await nextPickFallsDue(world, league, n) }
        let count = try picks(world, league)
        #expect(count >= before + 8)
        let distinct = try world.database.scalar("SELECT COUNT(DISTINCT player_id) FROM picks WHERE league_id = ?", [league], as: Int.self)
        #expect(distinct == count, "no player drafted twice")
        let draft = try #require(try world.service.store.read { try $0.draft(in: league) })
        #expect(draft.currentPick == count + 1, "the room's clock and the picks agree")
    }
}
