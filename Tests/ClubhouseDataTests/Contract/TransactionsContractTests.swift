import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// Free agents and waivers through the contract, in Gridiron Greats (rolling priority, week 9 Sunday on its clock,
/// every roster full at 15) and Champions Circle's FAAB settings where noted.
@Suite("Contract: free agents and waivers", .bothTransports) struct TransactionsContractTests {
    struct Manager {
        let caller: Caller
        let team: TeamID
        let roster: TeamRoster
        /// A bench player whose game hasn't kicked off (droppable).
        var droppable: RosterRow { roster.rows.first { $0.slot == .bench && !$0.locked && $0.player.position != .def && $0.player.position != .k }! }
    }

    func manager(_ handle: String, _ world: ContractWorld, _ league: LeagueID) async throws -> Manager {
        let caller = try world.person(handle)
        let team = try await world.team(of: caller, in: league)
        return Manager(caller: caller, team: team, roster: try await world.api().roster(league, team: team))
    }

    func freeAgent(_ position: Position, _ world: ContractWorld, _ league: LeagueID) async throws -> AvailablePlayer {
        try #require(try await world.api().availablePlayers(league, position: position, sort: .seasonPoints).first { $0.availability == .freeAgent })
    }

    @Test func aFullRosterNeedsADropToAddAFreeAgent() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try await manager("alice", world, league)
        let fa = try await freeAgent(alice.droppable.player.position, world, league)
        let error = await failure { try await world.api(alice.caller).addFreeAgent(league, team: alice.team, player: fa.player.id, dropping: nil) }
        #expect(error == .validation(field: "drop", message: "Roster full: the roster already holds 15 of 15 players outside IR — choose a player to drop"))
    }

    @Test func addingWithADropPutsTheDroppedPlayerOnWaivers() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try await manager("alice", world, league)
        let drop = alice.droppable
        let fa = try await freeAgent(drop.player.position, world, league)
        let t = try await world.api(alice.caller).addFreeAgent(league, team: alice.team, player: fa.player.id, dropping: drop.player.id)
        #expect(t.kind == .add && t.added == fa.player.id && t.dropped == drop.player.id)

        let roster = try await world.api().roster(league, team: alice.team)
        #expect(roster.rows.contains { $0.player.id == fa.player.id && $0.slot == .bench && $0.acquisition == .freeAgent })
        #expect(!roster.rows.contains { $0.player.id == drop.player.id })
        let available = try await world.api().availablePlayers(league, position: drop.player.position, sort: .name)
        guard case .onWaivers = available.first(where: { $0.player.id == drop.player.id })?.availability else {
            Issue.record("\(drop.player.name) should be on waivers"); return
        }
        let log = try await world.api().transactions(league)
        #expect(log.first?.transaction == t && log.first?.team.id == alice.team && log.first?.added?.name == fa.player.name)
    }

    @Test func aPlayerOnWaiversMustBeClaimedAndAFreeAgentMustBeAdded() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try await manager("alice", world, league)
        let ben = try await manager("ben", world, league)
        let dropped = alice.droppable.player
        _ = try await world.api(alice.caller).dropPlayer(league, team: alice.team, player: dropped.id)

        let addError = await failure { try await world.api(ben.caller).addFreeAgent(league, team: ben.team, player: dropped.id, dropping: ben.droppable.player.id) }
        #expect(addError?.code == "validation" && addError?.message.contains("place a waiver claim instead") == true)
        #expect(addError?.message.hasPrefix(dropped.name) == true, "names the player: \(addError?.message ?? "")")

        let fa = try await freeAgent(.wr, world, league)
        #expect(await failure { try await world.api(ben.caller).placeClaim(league, team: ben.team, player: fa.player.id, dropping: nil, bid: 0) }
                == .validation(field: "player", message: "\(fa.player.name) is a free agent — add him directly"))
    }

    @Test func aClaimWinsAtTheNextWaiverRun() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try await manager("alice", world, league)
        let ben = try await manager("ben", world, league)
        let dropped = alice.droppable.player
        _ = try await world.api(alice.caller).dropPlayer(league, team: alice.team, player: dropped.id)
        let benDrop = ben.roster.rows.first { $0.slot == .bench && $0.player.position == dropped.position && !$0.locked } ?? ben.droppable
        let claim = try await world.api(ben.caller).placeClaim(league, team: ben.team, player: dropped.id, dropping: benDrop.player.id, bid: 0)
        #expect(claim.status == .pending && claim.rank == 1)
        #expect(try await world.api(ben.caller).myClaims(league).map(\.claim) == [claim])
        #expect(try await world.api(ben.caller).myClaims(league).first?.player.name == dropped.name)
        #expect(try await world.api(alice.caller).myClaims(league).isEmpty)
        #expect(try await world.api().myClaims(league).isEmpty)

        // Wednesday 2019-11-06 08:00 UTC is the next run after Sunday's clock.
        let advance = try await world.api(alice.caller).advanceClock(league, to: DemoSeeder.utc("2019-11-06T09:00:00Z"))
        #expect(advance.waiverRuns.flatMap { $0 }.contains { $0.contains("Won") })
        let roster = try await world.api().roster(league, team: ben.team)
        #expect(roster.rows.contains { $0.player.id == dropped.id && $0.acquisition == .waiver })
        #expect(try await world.api(ben.caller).myClaims(league).isEmpty)
        // The processed claim is listed with its outcome, for its own team only.
        let results = try await world.api(ben.caller).myClaimResults(league)
        let won = try #require(results.first { $0.claim.id == claim.id }, "\(results.map(\.player.name))")
        #expect(won.claim.status == .won && won.claim.outcome == .won && won.player.name == dropped.name && won.drop?.id == benDrop.player.id)
        #expect(won.claim.processedAt != nil)
        #expect(try await world.api(alice.caller).myClaimResults(league).allSatisfy { $0.claim.teamID == alice.team })
        #expect(try await world.api().myClaimResults(league).isEmpty, "signed out: nothing")
    }

    @Test func claimsAreCancelledAndReorderedByTheirTeamOnly() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try await manager("alice", world, league)
        let ben = try await manager("ben", world, league)
        let drops = alice.roster.rows.filter { $0.slot == .bench && !$0.locked }.prefix(2).map(\.player)
        try #require(drops.count == 2)
        for p in drops { _ = try await world.api(alice.caller).dropPlayer(league, team: alice.team, player: p.id) }
        let benDrop = ben.droppable.player.id
        var claims: [WaiverClaim] = []
        for p in drops {
            claims.append(try await world.api(ben.caller).placeClaim(league, team: ben.team, player: p.id, dropping: benDrop, bid: 0))
        }
        #expect(claims.map(\.rank) == [1, 2])
        #expect(await failure { try await world.api(ben.caller).placeClaim(league, team: ben.team, player: drops[0].id, dropping: benDrop, bid: 0) }
                == .validation(field: "player", message: "You already have a claim for \(drops[0].name)"))
        #expect(await failure { try await world.api(ben.caller).placeClaim(league, team: ben.team, player: drops[0].id, dropping: benDrop, bid: 5) }
                == .validation(field: "bid", message: "Gridiron Greats uses rolling waiver priority — claims carry no bid"))

        let reordered = try await world.api(ben.caller).reorderClaims(league, team: ben.team, order: claims.reversed().map(\.id))
        #expect(reordered.map(\.rank) == [1, 2] && reordered.map(\.id) == claims.reversed().map(\.id))
        #expect(try await world.api(ben.caller).myClaims(league).map(\.claim.id) == claims.reversed().map(\.id))
        #expect(await failure { try await world.api(ben.caller).reorderClaims(league, team: ben.team, order: [claims[0].id]) }
                == .conflict("Your claims changed — reload them and try again"))

        #expect(await failure { try await world.api(alice.caller).cancelClaim(league, claim: claims[0].id) }
                == .forbidden("Only the manager of \(ben.roster.team.name) can cancel its claims"))
        try await world.api(ben.caller).cancelClaim(league, claim: claims[0].id)
        #expect(try await world.api(ben.caller).myClaims(league).map(\.claim.id) == [claims[1].id])
        #expect(await failure { try await world.api(ben.caller).cancelClaim(league, claim: claims[0].id) } == .conflict("That claim was already processed"))
    }

    @Test func aFAABClaimCantBidMoreThanTheBudget() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana"]) { $0.waiverType = .faab; $0.faabBudget = 50 }
        try await draftEverything(world, league.id, commissioner: league.commissioner)
        let dana = league.members[0]
        let team = try await world.team(of: dana, in: league.id)
        let commish = try await world.team(of: league.commissioner, in: league.id)
        let commishRoster = try await world.api().roster(league.id, team: commish)
        let dropped = try #require(commishRoster.rows.first { $0.slot == .bench })
        _ = try await world.api(league.commissioner).dropPlayer(league.id, team: commish, player: dropped.player.id)
        let mine = try await world.api().roster(league.id, team: team)
        let drop = try #require(mine.rows.first { $0.slot == .bench })
        #expect(await failure { try await world.api(dana).placeClaim(league.id, team: team, player: dropped.player.id, dropping: drop.player.id, bid: 51) }
                == .validation(field: "bid", message: "Insufficient budget: a $51 bid with $50 left"))
        let claim = try await world.api(dana).placeClaim(league.id, team: team, player: dropped.player.id, dropping: drop.player.id, bid: 50)
        #expect(claim.bid == 50)
    }

    @Test func dropsAreTheManagersAndNotOfLockedPlayers() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try await manager("alice", world, league)
        let locked = try #require(alice.roster.rows.first { $0.locked && $0.player.position != .def })
        #expect(await failure { try await world.api(alice.caller).dropPlayer(league, team: alice.team, player: locked.player.id) }
                == .validation(field: "drop", message: "\(locked.player.name)'s game has kicked off — he can't be dropped until next week"))
        #expect(await failure { try await world.api(try world.person("ben")).dropPlayer(league, team: alice.team, player: alice.droppable.player.id) }
                == .forbidden("Only the manager of \(alice.roster.team.name) can drop its players"))
        #expect(await failure { try await world.api().dropPlayer(league, team: alice.team, player: alice.droppable.player.id) } == .unauthenticated)
        let fa = try await freeAgent(.rb, world, league)
        #expect(await failure { try await world.api(alice.caller).dropPlayer(league, team: alice.team, player: fa.player.id) }
                == .validation(field: "roster", message: "\(fa.player.name) is not on the roster to drop"))
        let other = try #require(try await freeAgent(locked.player.position == .def ? .rb : locked.player.position, world, league))
        #expect(await failure { try await world.api(alice.caller).addFreeAgent(league, team: alice.team, player: other.player.id, dropping: locked.player.id) }
                == .validation(field: "drop", message: "\(locked.player.name)'s game has kicked off — he can't be dropped until next week"))
    }

    /// On the Tuesday after a week every game of it is final: its locks are lifted (ESPN's and Yahoo's rule), so the
    /// drop chooser for Wednesday's claims offers last Sunday's starters again — and a defense is a team, not "he".
    @Test func locksAreLiftedOnceTheWeekIsFinal() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try await manager("alice", world, league)
        let locked = try #require(alice.roster.rows.first { $0.locked && $0.player.position != .def }, "no player of Alice's has kicked off")
        let defense = try #require(alice.roster.rows.first { $0.player.position == .def })
        if defense.locked {
            let refusal = await failure { try await world.api(alice.caller).dropPlayer(league, team: alice.team, player: defense.player.id) }
            guard case .validation("drop", let message)? = refusal else { Issue.record("\(String(describing: refusal))"); return }
            #expect(message.hasPrefix("The \(defense.player.name)'") && !message.contains(" he ")
                     && message.hasSuffix("game has kicked off — their defense can't be dropped until next week"), "\(message)")
        }
        // Tuesday of week 9 (Monday night's game is final at 04:45 UTC); week 10 opens Wednesday 08:00.
        _ = try await world.api(alice.caller).advanceClock(league, to: DemoSeeder.utc("2019-11-05T12:00:00Z"))
        let tuesday = try await world.api().roster(league, team: alice.team)
        #expect(tuesday.week == 9)
        #expect(tuesday.rows.filter(\.locked).map(\.player.name) == [])
        let t = try await world.api(alice.caller).dropPlayer(league, team: alice.team, player: locked.player.id)
        #expect(t.dropped == locked.player.id)
    }

    @Test func freeAgentsOpenOnlyAfterTheDraft() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday").id
        let hiro = try world.person("hiro")
        let team = try await world.team(of: hiro, in: open)
        #expect(await failure { try await world.api(hiro).addFreeAgent(open, team: team, player: "00-0033280", dropping: nil) }
                == .conflict("Free-agent adds open once the draft of Sunday Funday is done"))
    }
}

/// Runs a fresh league's whole draft: every team on autopick, the clock stepped past each bot's think time.
func draftEverything(_ world: ContractWorld, _ league: LeagueID, commissioner: Caller) async throws {
    let api = world.api(commissioner)
    for team in try await api.league(league).teams { _ = try await api.setAutopick(league, team: team.id, on: true) }
    _ = try await api.startDraft(league)
    var guardrail = 0
    while try world.service.store.read({ try $0.draft(in: league)?.status }) != .complete, guardrail < 1_000 {
        world.clock.advance(by: 6)
        _ = try world.service.draft.tickDraft(league)
        guardrail += 1
    }
}
