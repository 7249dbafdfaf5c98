import ClubhouseDomain
import Foundation
import Synchronization
import Testing
@testable import ClubhouseData

/// A time when no clock driver ran counts against nobody (`ClockOutage`), on SQLite and PostgreSQL: a driver stopped,
/// the clock moved past the deadline, a driver started again → the team on the clock (or the open bidding) gets back
/// the time it had when the last driver stopped, at least 15 s — no autopick, no sale at a stale bid — and the room
/// is told. An outage shorter than the threshold changes nothing, and of two processes starting at once one gives the
/// time back.
@Suite("Contract: an outage gives the clock back", .bothBackends) struct ClockOutageContractTests {
    /// A draft clock driver over the world, as the league server runs one.
    func driver(_ world: ContractWorld) -> Task<Void, Never> {
        Task { await DraftClockDriver(service: world.service, events: world.events, maxSleep: .milliseconds(50), jitterMilliseconds: 0).run() }
    }

    /// Runs a driver until it has written its heartbeat at the world's clock now, then stops it (the server going down).
    func runThenStop(_ world: ContractWorld) async throws {
        let d = driver(world)
        let now = world.clock.now()
        let beat = try await Wait.until(.seconds(600), every: .milliseconds(20)) { try world.service.store.read({ try $0.clockHeartbeat() }) == now }
        if !beat { Issue.record("no heartbeat from the driver") }
        d.cancel()
        await d.value
    }

    /// The next event of `kind` in `league` on `events` (opened before its cause), or nil after a generous limit: a guard
    /// against a hang, not a speed check — `make test` starts every test at once on two cores, and a full run has
    /// starved a driver's task of a thread for over 120 s (as in `DraftClockDriverTests`).
    func next(_ kind: LeagueEvent.Kind, in league: LeagueID, _ events: AsyncStream<LeagueEvent>) async -> LeagueEvent? {
        await withTaskGroup(of: LeagueEvent?.self) { group in
            group.addTask {
                for await e in events where e.leagueID == league && e.kind == kind { return e }
                return nil
            }
            group.addTask { try? await Task.sleep(for: .seconds(600)); return nil }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// The next event of `kind` in `league`, with the world's clock moving on a second at each look (every 250 ms) while
    /// the driver's heartbeat keeps up, until it comes: once the time given back is up, a tick that failed under a busy run waits out its backoff on this
    /// clock, which a clock standing still would never end. Nil after the same generous limit as `next`.
    func nextAsTheClockRuns(_ kind: LeagueEvent.Kind, in league: LeagueID, _ events: AsyncStream<LeagueEvent>, _ world: ContractWorld) async -> LeagueEvent? {
        let got = Mutex<LeagueEvent?>(nil)
        let reader = Task {
            let e = await next(kind, in: league, events)
            got.withLock { $0 = e }
            return e
        }
        let came = await Wait.until(.seconds(600), every: .milliseconds(250)) {
            if got.withLock({ $0 }) != nil { return true }
            // Only while the driver keeps up: moved on past its last heartbeat by the outage threshold, the clock
            // would make a starved driver (a loaded full run) look like a second outage and give time back again.
            let beat = try? world.service.store.read { try $0.clockHeartbeat() }
            if let beat, world.clock.now().timeIntervalSince(beat) < ClockOutage.threshold - 5 { world.clock.advance(by: 1) }
            return false
        }
        if !came { reader.cancel() }
        return await reader.value
    }

    func events(_ world: ContractWorld, _ league: LeagueID) throws -> [LeagueEvent] {
        try world.events.events(after: 0, league: league, limit: 10_000)
    }

    /// A snake draft of four people (nobody on autopick) with a 30 s pick clock, started now.
    func snakeDraft(_ world: ContractWorld, members: [String] = ["Dana", "Eli", "Fay"]) async throws -> (id: LeagueID, onClock: TeamID, commissioner: Caller) {
        let league = try await world.newLeague(teams: 4, members: members) { $0.pickClockSeconds = 30 }
        let draft = try await world.api(league.commissioner).startDraft(league.id)
        return (league.id, DraftOrder.team(forPick: 1, order: draft.order, type: draft.type), league.commissioner)
    }

    @Test func theTeamOnTheClockGetsItsTimeBackInsteadOfAnAutopick() async throws {
        let world = try ContractWorld()
        let (id, onClock, _) = try await snakeDraft(world)
        world.clock.advance(by: 10)                    // 20 s left on the clock
        try await runThenStop(world)
        world.clock.advance(by: 45)                    // nothing ran while the deadline passed
        let stream = world.events.follow(after: try world.events.lastEventID(), league: id)
        let d = driver(world)
        defer { d.cancel() }
        let restored = try #require(await next(.draftClockRestored, in: id, stream), "no draft.restored event")
        let body = try #require(try restored.decodedBody(as: LeagueEvent.DraftClockRestored.self))
        #expect(body == LeagueEvent.DraftClockRestored(pick: 1, team: onClock, outage: 45, back: 20))

        let board = try world.service.draft.draftBoard(id, caller: .anonymous)
        #expect(board.picks.isEmpty, "no autopick for the team that was waiting on the server")
        #expect(board.draft.deadline == world.clock.now().addingTimeInterval(20))
        let name = try #require(board.teams.first { $0.id == onClock }?.name)
        let line = try world.service.chat.chatMessages(id, after: nil, caller: .anonymous).last
        #expect(line?.body == "The league server was unreachable for 45 s: \(name) has 20 s back." && line?.userID == nil)

        // The clock runs again from there: when the time given back is up, the pick is made as usual. (Moved on a second
        // at a time while the driver keeps up: one jump past the threshold would be, by the rule, another outage for a
        // driver a full run starves for 15 s.)
        let pick = try #require(await nextAsTheClockRuns(.pickMade, in: id, stream, world), "the clock never ran out after the time given back")
        #expect(try pick.decodedBody(as: LeagueEvent.PickMade.self)?.team == onClock)
        #expect(try events(world, id).filter { $0.kind == .draftClockRestored }.count == 1)
    }

    @Test func theOpenBiddingGetsItsClockBackInsteadOfASaleAtTheStaleBid() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana", "Eli", "Fay"]) { $0.draftType = .auction }
        let id = league.id
        _ = try await world.api(league.commissioner).startDraft(id)
        let turn = try #require(try world.service.draft.draftBoard(id, caller: .anonymous).auction?.nominator)
        var nominator = league.commissioner
        for c in league.members where try await world.team(of: c, in: id) == turn { nominator = c }
        let bidder = try await world.team(of: league.members[0], in: id) == turn ? league.members[1] : league.members[0]
        let player = try #require(try world.service.draft.draftablePlayers(id, caller: .anonymous).first?.player)
        let n = try #require(try world.service.auction.nominate(id, player: player.id, bid: 3, caller: nominator).nomination)
        world.clock.advance(by: 12)                    // 8 s of the 20 s bidding clock left
        try await runThenStop(world)
        world.clock.advance(by: 45)
        let stream = world.events.follow(after: try world.events.lastEventID(), league: id)
        let d = driver(world)
        defer { d.cancel() }
        let restored = try #require(await next(.draftClockRestored, in: id, stream), "no draft.restored event")
        #expect(try restored.decodedBody(as: LeagueEvent.DraftClockRestored.self) == LeagueEvent.DraftClockRestored(pick: 1, team: nil, outage: 45, back: 15),
                "8 s were left: the least given back is 15 s")
        let board = try world.service.draft.draftBoard(id, caller: .anonymous)
        #expect(board.picks.isEmpty, "nobody bought \(player.name) at the stale $3")
        #expect(board.auction?.nomination?.id == n.id && board.draft.deadline == world.clock.now().addingTimeInterval(15))
        #expect(try world.service.chat.chatMessages(id, after: nil, caller: .anonymous).last?.body
                == "The league server was unreachable for 45 s: the bidding on \(player.name) has 15 s back.")
        // The bidding is open again: a bid lands, and the player goes at that price when the clock runs out.
        let bid = try world.service.auction.bid(id, nomination: n.id, amount: 20, caller: bidder)
        #expect(bid.nomination?.highBid == 20)
        world.clock.advance(by: 16)
        let sold = try #require(await nextAsTheClockRuns(.auctionSold, in: id, stream, world), "no sale after the time given back")
        #expect(try sold.decodedBody(as: LeagueEvent.AuctionSold.self)?.price == 20)
    }

    @Test func anOutageShorterThanTheThresholdChangesNothing() async throws {
        let world = try ContractWorld()
        let (id, onClock, _) = try await snakeDraft(world)
        world.clock.advance(by: 25)                    // 5 s left
        try await runThenStop(world)
        world.clock.advance(by: ClockOutage.threshold - 5)   // the deadline passed during a 10 s restart
        let stream = world.events.follow(after: try world.events.lastEventID(), league: id)
        let d = driver(world)
        defer { d.cancel() }
        let pick = try #require(await next(.pickMade, in: id, stream), "the due pick was not made")
        #expect(try pick.decodedBody(as: LeagueEvent.PickMade.self)?.team == onClock)
        #expect(try events(world, id).contains { $0.kind == .draftClockRestored } == false)
        #expect(try world.service.chat.chatMessages(id, after: nil, caller: .anonymous).contains { $0.userID == nil } == false)
    }

    @Test func ofTwoProcessesStartingAtOnceOneGivesTheTimeBackAndAPausedDraftStaysPaused() async throws {
        let world = try ContractWorld()
        let (id, _, _) = try await snakeDraft(world)
        let (paused, _, commissioner) = try await snakeDraft(world, members: ["Gil", "Hal", "Ida"])
        world.clock.advance(by: 10)
        let frozen = try world.service.draft.pauseDraft(paused, caller: commissioner)
        try world.service.draft.clockHeartbeat(restoring: true)
        world.clock.advance(by: 60)
        let second = try world.secondService()
        async let a = Task.detached { try world.service.draft.clockHeartbeat(restoring: true) }.value
        async let b = Task.detached { try second.draft.clockHeartbeat(restoring: true) }.value
        let restored = try await a + b
        // The demo's live bot draft runs too: every running room once, by one of the two; the paused one not at all.
        #expect(restored.filter { $0 == id }.count == 1 && Set(restored).count == restored.count, "\(restored)")
        #expect(!restored.contains(paused))
        #expect(try events(world, id).filter { $0.kind == .draftClockRestored }.count == 1)
        let board = try world.service.draft.draftBoard(paused, caller: .anonymous)
        #expect(board.draft.status == .paused && board.draft.remainingWhenPaused == frozen.remainingWhenPaused)
        #expect(try events(world, paused).contains { $0.kind == .draftClockRestored } == false)
        #expect(try world.service.store.read { try $0.clockHeartbeat() } == world.clock.now())
    }
}
