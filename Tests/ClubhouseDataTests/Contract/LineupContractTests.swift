import ClubhouseDomain
import Foundation
import Testing

/// Lineup moves through the contract, in Gridiron Greats: week 9 on its clock, Sunday 20:00 UTC — the early games
/// have kicked off (those players are locked), the late and night games have not.
@Suite("Contract: lineups", .bothTransports) struct LineupContractTests {
    struct Setup {
        let world: ContractWorld
        let league: LeagueID
        let alice: Caller
        let team: TeamID
        let roster: TeamRoster
    }

    func setup() async throws -> Setup {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try world.person("alice")
        let team = try await world.team(of: alice, in: league)
        return Setup(world: world, league: league, alice: alice, team: team, roster: try await world.api().roster(league, team: team))
    }

    @Test func aManagerSwapsABenchPlayerIntoAStartingSlot() async throws {
        let s = try await setup()
        let rows = s.roster.rows
        let (bench, starter) = try #require(rows.lazy.filter { $0.slot == .bench && !$0.locked }.compactMap { b in
            rows.first { $0.slot.isStarter && !$0.locked && $0.slot.accepts(b.player.position) }.map { (b, $0) }
        }.first, "Alice has no unlocked bench player who fits an unlocked starter's slot")
        let after = try await s.world.api(s.alice).moveInLineup(s.league, team: s.team, move: LineupMove(bench.player.id, to: starter.slot, swapWith: starter.player.id))
        #expect(after.rows.first { $0.player.id == bench.player.id }?.slot == starter.slot)
        #expect(after.rows.first { $0.player.id == starter.player.id }?.slot == .bench)
        #expect(try await s.world.api().roster(s.league, team: s.team).rows == after.rows)
    }

    @Test func aLockedStarterCantLeaveHisSlot() async throws {
        let s = try await setup()
        let locked = try #require(s.roster.rows.first { $0.slot.isStarter && $0.locked && $0.player.position != .def }, "no starter of Alice's has kicked off")
        let bench = try #require(s.roster.rows.first { $0.slot == .bench })
        let error = await failure {
            try await s.world.api(s.alice).moveInLineup(s.league, team: s.team, move: LineupMove(locked.player.id, to: .bench, swapWith: bench.player.id))
        }
        #expect(error == .validation(field: "lineup", message: "His game has kicked off — he is locked until next week"))
    }

    @Test func aPlayerCantTakeASlotHisPositionDoesntFill() async throws {
        let s = try await setup()
        let player = try #require(s.roster.rows.first { $0.slot == .bench && $0.player.position != .qb })
        let error = await failure { try await s.world.api(s.alice).moveInLineup(s.league, team: s.team, move: LineupMove(player.player.id, to: .qb)) }
        #expect(error == .validation(field: "lineup", message: "A \(player.player.position.rawValue) can't play QB"))
    }

    @Test func injuredReserveTakesOnlyPlayersWhoAreOutOrOnIR() async throws {
        let s = try await setup()
        let healthy = try #require(s.roster.rows.first { $0.slot == .bench && $0.player.injury == .healthy })
        let error = await failure { try await s.world.api(s.alice).moveInLineup(s.league, team: s.team, move: LineupMove(healthy.player.id, to: .ir)) }
        #expect(error == .validation(field: "lineup", message: "IR takes only players who are OUT or on IR"))
    }

    @Test func aPlayerNotOnTheRosterCantMove() async throws {
        let s = try await setup()
        let free = try #require(try await s.world.api().availablePlayers(s.league, position: .rb, sort: .seasonPoints).first)
        let error = await failure { try await s.world.api(s.alice).moveInLineup(s.league, team: s.team, move: LineupMove(free.player.id, to: .rb)) }
        #expect(error == .validation(field: "lineup", message: "\(free.player.name) is not on your roster"))
    }

    @Test func onlyTheTeamsManagerSetsItsLineup() async throws {
        let s = try await setup()
        let move = LineupMove(s.roster.rows[0].player.id, to: s.roster.rows[0].slot)
        let teamName = s.roster.team.name
        #expect(await failure { try await s.world.api().moveInLineup(s.league, team: s.team, move: move) } == .unauthenticated)
        #expect(await failure { try await s.world.api(try s.world.person("ben")).moveInLineup(s.league, team: s.team, move: move) }
                == .forbidden("Only the manager of \(teamName) can set its lineup"))
        #expect(await failure { try await s.world.api(try s.world.signUp("Zed")).moveInLineup(s.league, team: s.team, move: move) }
                == .forbidden("You don't have a team in Gridiron Greats"))
    }

    @Test func lineupsOpenOnlyAfterTheDraftAndCloseWithTheSeason() async throws {
        let world = try ContractWorld()
        let open = try await world.league("Sunday Funday").id
        let hiro = try world.person("hiro")
        let team = try await world.team(of: hiro, in: open)
        #expect(await failure { try await world.api(hiro).moveInLineup(open, team: team, move: LineupMove("00-0033280", to: .rb)) }
                == .conflict("Lineups open once the draft of Sunday Funday is done"))
        let done = try await world.league("Champions Circle")
        let detail = try await world.api().league(done.id)
        let manager = try #require(try world.scalar("SELECT manager_id FROM teams WHERE id = ?", [detail.teams[0].id.rawValue], as: Int64.self))
        #expect(await failure {
            try await world.api(.user(UserID(manager))).moveInLineup(done.id, team: detail.teams[0].id, move: LineupMove("00-0033280", to: .rb))
        } == .conflict("The season of Champions Circle is over"))
    }

    @Test func aFullSlotNeedsASwapAndTheSwapPartnerMustBeInIt() async throws {
        let s = try await setup()
        let positions: [Position: Slot] = [.rb: .rb, .wr: .wr, .te: .te, .qb: .qb]
        let benched = s.roster.rows.filter { $0.slot == .bench && !$0.locked }
        let mover = try #require(benched.first { p in positions[p.player.position].map { slot in
            s.roster.rows.contains { $0.slot == slot } } ?? false }, "no unlocked bench player whose slot is filled")
        let slot = positions[mover.player.position]!
        let capacity = s.roster.rows.filter { $0.slot == slot }.count
        let api = s.world.api(s.alice)
        #expect(await failure { try await api.moveInLineup(s.league, team: s.team, move: LineupMove(mover.player.id, to: slot)) }
                == .validation(field: "lineup", message: "All \(capacity) \(slot.rawValue) spots are taken — swap with someone there"))
        let other = try #require(s.roster.rows.first { $0.slot == .bench && $0.player.id != mover.player.id })
        #expect(await failure { try await api.moveInLineup(s.league, team: s.team, move: LineupMove(mover.player.id, to: slot, swapWith: other.player.id)) }
                == .validation(field: "lineup", message: "\(other.player.name) is not in \(slot.rawValue)"))
    }
}
