import ClubhouseDomain
import Foundation
import Synchronization
import Testing
@testable import ClubhouseData

/// One league's bad data never stops the clock drivers for the others (SQLite and PostgreSQL). A league
/// whose stored row needs the commissioner, or whose step fails every time, is skipped and logged once with its id,
/// while the other leagues' clocks go on stepping.
@Suite("Contract: one league can't stop the clocks", .bothBackends) struct ClockDriverIsolationTests {
    /// What a driver logged.
    final class Skips: Sendable {
        private let all = Mutex<[SkippedLeague]>([])
        func record(_ s: SkippedLeague) { all.withLock { $0.append(s) } }
        func of(_ league: LeagueID) -> [SkippedLeague] { all.withLock { $0.filter { $0.league == league } } }
    }

    /// Waits for the next event of `kind` in `league` on a stream that was opened before the change that causes it.
    /// (A guard ends the wait with a recorded issue instead of hanging the run if it never comes.)
    func next(_ kind: LeagueEvent.Kind, in league: LeagueID, _ events: AsyncStream<LeagueEvent>) async -> LeagueEvent? {
        await withTaskGroup(of: LeagueEvent?.self) { group in
            group.addTask {
                for await e in events where e.leagueID == league && e.kind == kind { return e }
                return nil
            }
            group.addTask { try? await Task.sleep(for: .seconds(300)); return nil }
            let first = await group.next() ?? nil
            group.cancelAll()
            if first == nil { Issue.record("no \(kind.rawValue) event in league \(league.rawValue)") }
            return first
        }
    }

    func id(_ world: ContractWorld, _ name: String) throws -> LeagueID {
        LeagueID(try #require(try world.scalar("SELECT id FROM leagues WHERE name = ?", [name], as: Int64.self)))
    }

    func clock(_ world: ContractWorld, _ league: LeagueID) throws -> Date {
        try world.service.store.read { try $0.league(league)!.clock }
    }

    @Test func theSeasonClockStepsOtherLeaguesPastOnesThatNeedTheCommissioner() async throws {
        let world = try ContractWorld()
        let greats = try id(world, "Gridiron Greats")            // running at 10× since seeding
        let office = try id(world, "Office League")              // in season: weeks near Int.max (the issue's restart loop)
        let playoff = try id(world, "Playoff Push")              // in season: a clock of 1e300
        try poisonSettings(world, office) { $0["regularSeasonWeeks"] = [1, Int.max - 1]; $0["playoffWeeks"] = [Int.max - 1, Int.max] }
        try world.execute("UPDATE leagues SET clock = 1e300 WHERE id = \(playoff.rawValue)")
        let seeded = ContractWorld.seededAt.timeIntervalSince1970
        try world.execute("INSERT INTO league_clock_runs (league_id, speed, ticked_at) VALUES (\(office.rawValue), 60, \(seeded)), (\(playoff.rawValue), 60, \(seeded))")
        let officeClock = try clock(world, office), greatsClock = try clock(world, greats)

        let skips = Skips()
        let driver = Task {
            await LiveClockDriver(service: world.service, events: world.events, maxSleep: 0.05, log: skips.record).run()
        }
        defer { driver.cancel() }
        // Every running clock falls due (the keep-alive is 15 s): the sound league steps, the other two are skipped.
        for _ in 0..<2 {
            let events = world.events.follow(after: try world.events.lastEventID(), league: greats)
            world.clock.advance(by: 20)
            _ = await next(.clockAdvanced, in: greats, events)
        }
        #expect(try clock(world, greats) > greatsClock)

        #expect(try clock(world, office) == officeClock, "the league that needs its commissioner is left alone")
        #expect(try clock(world, playoff).timeIntervalSince1970 == 1e300)
        let officeSkips = skips.of(office), playoffSkips = skips.of(playoff)
        #expect(officeSkips.count == 1, "logged once, not every pass: \(officeSkips)")
        #expect(officeSkips.first?.clock == "season" && officeSkips.first?.reason.contains("This league's settings need the commissioner") == true)
        #expect(playoffSkips.count == 1 && playoffSkips.first?.reason.contains("season clock needs the commissioner") == true, "\(playoffSkips)")
        #expect(skips.of(greats).isEmpty)
    }

    @Test func theDraftClockPicksInOtherRoomsPastOnesThatFailOrNeedTheCommissioner() async throws {
        let world = try ContractWorld()
        let bots = try id(world, "Bot Bowl Live")                // a live bot draft
        // A room whose pick on the clock is already in the picks table (a hand-inserted row): every tick fails.
        let broken = try await world.newLeague(teams: 4)
        for team in try await world.api(broken.commissioner).league(broken.id).teams {
            _ = try await world.api(broken.commissioner).setAutopick(broken.id, team: team.id, on: true)
        }
        let room = try await world.api(broken.commissioner).startDraft(broken.id)
        let onClock = DraftOrder.team(forPick: 1, order: room.order, type: room.type)
        let player = try #require(try await world.api().draftablePlayers(broken.id).last?.player.id)
        try world.execute("""
            INSERT INTO picks (league_id, number, round, team_id, player_id, source, made_at)
            VALUES (\(broken.id.rawValue), 1, 1, \(onClock.rawValue), '\(player.rawValue)', 'bot', 0)
            """)
        // A room whose stored settings need the commissioner (a bench of Int.max): left alone.
        let flagged = try await world.newLeague(teams: 4)
        for team in try await world.api(flagged.commissioner).league(flagged.id).teams {
            _ = try await world.api(flagged.commissioner).setAutopick(flagged.id, team: team.id, on: true)
        }
        _ = try await world.api(flagged.commissioner).startDraft(flagged.id)
        try poisonSettings(world, flagged.id) { json in
            var slots = json["rosterSlots"] as? [String: Any] ?? [:]
            slots["BN"] = Int.max
            json["rosterSlots"] = slots
        }
        let picks = { (league: LeagueID) in try world.scalar("SELECT COUNT(*) FROM picks WHERE league_id = ?", [league], as: Int.self) ?? 0 }
        let botsBefore = try picks(bots)

        let skips = Skips()
        let driver = Task {
            await DraftClockDriver(service: world.service, events: world.events, maxSleep: .milliseconds(50), jitterMilliseconds: 0,
                                   log: skips.record).run()
        }
        defer { driver.cancel() }
        // Past every bot's think time and the 60 s pick clock: the sound room picks; the broken one fails (and is tried
        // again after its backoff, failing the same way), the flagged one is skipped.
        for _ in 0..<2 {
            let events = world.events.follow(after: try world.events.lastEventID(), league: bots)
            world.clock.advance(by: 61)
            _ = await next(.pickMade, in: bots, events)
        }

        #expect(try picks(bots) >= botsBefore + 2)
        #expect(try picks(broken.id) == 1 && picks(flagged.id) == 0)
        let brokenSkips = skips.of(broken.id), flaggedSkips = skips.of(flagged.id)
        #expect(brokenSkips.count == 1 && brokenSkips.first?.reason == "Pick 1 was already made" && brokenSkips.first?.clock == "draft",
                "\(brokenSkips)")
        #expect(flaggedSkips.count == 1 && flaggedSkips.first?.reason.contains("settings need the commissioner") == true, "\(flaggedSkips)")
    }
}
