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

    @Test func botsPickWhenTheirThinkTimeHasPassed() async throws {
        let world = try ContractWorld()
        let league = try await botBowl(world)
        let before = try picks(world, league)
        let driver = Task { await DraftClockDriver(service: world.service, databasePath: world.path, maxSleep: .milliseconds(50)).run() }
        defer { driver.cancel() }
        // Move the clock past each bot's 2–5 s think time, as real time would.
        for _ in 0..<200 where try picks(world, league) < before + 5 {
            world.clock.advance(by: 5.1)
            try await Task.sleep(for: .milliseconds(30))
        }
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
            let due = try #require(try world.service.draftDue(league))
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
        let driver = Task { await DraftClockDriver(service: world.service, databasePath: world.path, maxSleep: .milliseconds(50)).run() }
        defer { driver.cancel() }
        // Several of the driver's looks (every 50 ms at most) with the league clock standing still.
        try await Task.sleep(for: .milliseconds(400))
        #expect(try picks(world, league) == before, "nothing fell due, nothing was picked")
        // The same driver picks as soon as a pick falls due: it was running all along.
        world.clock.advance(by: 61)   // past any think time and the person's 60 s clock
        try await Wait.until(.seconds(600), every: .milliseconds(25)) { try picks(world, league) != before }
        #expect(try picks(world, league) > before, "the driver picks once the think time has passed")
    }

    @Test func twoDriversOnOneFileNeverDoublePick() async throws {
        let world = try ContractWorld()
        let league = try await botBowl(world)
        let before = try picks(world, league)
        let second = LeagueService(store: SQLiteLeagueStore(database: try Database(path: world.path)), clock: world.clock)
        let a = Task { await DraftClockDriver(service: world.service, databasePath: world.path, maxSleep: .milliseconds(20)).run() }
        let b = Task { await DraftClockDriver(service: second, databasePath: world.path, maxSleep: .milliseconds(20)).run() }
        defer { a.cancel(); b.cancel() }
        for _ in 0..<200 where try picks(world, league) < before + 8 {
            world.clock.advance(by: 5.1)
            try await Task.sleep(for: .milliseconds(25))
        }
        let count = try picks(world, league)
        #expect(count >= before + 8)
        let distinct = try world.database.scalar("SELECT COUNT(DISTINCT player_id) FROM picks WHERE league_id = ?", [league], as: Int.self)
        #expect(distinct == count, "no player drafted twice")
        let draft = try #require(try world.service.store.read { try $0.draft(in: league) })
        #expect(draft.currentPick == count + 1, "the room's clock and the picks agree")
    }
}
