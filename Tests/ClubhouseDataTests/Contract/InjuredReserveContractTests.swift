import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// IR's rules through the contract, on both databases and both transports (`InjuredReserveRules`): IR takes OUT and IR
/// players, and Doubtful ones only in a league whose settings allow it (`irAllowsDoubtful`); a player on IR whose status
/// for the current week no longer qualifies blocks his team's free-agent adds and waiver claims — refused in words that
/// name him — until he is benched or dropped, and at the waiver run his team's claims fail as "IR not in order".
///
/// The world: Gridiron Greats on its clock (2019's week 9, Sunday 20:00 UTC), with a crafted week-9 injury report for
/// two of Alice's bench players (one Out, one Doubtful) imported as `season import` reads it. Week 10 has no report of
/// them: from the Wednesday waiver run that opens week 10 they are healthy — recovered.
@Suite("Contract: IR eligibility and the IR block", .bothTransports) struct InjuredReserveContractTests {
    struct Setup {
        let world: ContractWorld
        let league: LeagueID
        let alice: Caller, ben: Caller
        let team: TeamID, benTeam: TeamID
        /// Alice's bench player who is Out in week 9, and her bench player who is Doubtful in week 9.
        let out: RosterRow, doubtful: RosterRow
    }

    /// The Wednesday waiver run after week 9 opens week 10; an hour after it.
    static let afterTheRun = ISO8601.parse("2019-11-06T09:00:00Z")!

    func setup() async throws -> Setup {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try world.person("alice"), ben = try world.person("ben")
        let team = try await world.team(of: alice, in: league), benTeam = try await world.team(of: ben, in: league)
        let bench = try await world.api().roster(league, team: team).rows.filter { $0.slot == .bench && $0.player.position != .def }
        let out = try #require(bench.first), doubtful = try #require(bench.dropFirst().first)
        func injury(_ r: RosterRow, _ status: String) -> String {
            InjuryImportTests.injury(9, r.player.id.rawValue, r.player.position.rawValue, r.player.nflTeam, r.player.name, injury: "Knee", status: status)
        }
        let dir = TempDir()
        try ([InjuryImportTests.injuriesHeader, injury(out, "Out"), injury(doubtful, "Doubtful")].joined(separator: "\n") + "\n")
            .write(toFile: dir.file("injuries_2019.csv"), atomically: true, encoding: .utf8)
        let set = try SeasonFileSet.scan(dir.path)
        switch ContractBackend.current {
        case .sqlite: _ = try world.database.transaction { try SeasonImport.importSeasons(set, only: 2019, session: $0, now: ContractWorld.seededAt) }
        case .postgres: _ = try world.postgres!.database.transaction { try SeasonImport.importSeasons(set, only: 2019, session: $0, now: ContractWorld.seededAt) }
        }
        // Every world shares one facts cache keyed by the season data version: this world's version is its own.
        try world.execute("UPDATE meta SET value = '\(9_000_000 + Int.random(in: 0..<1_000_000))' WHERE key = 'season_data_version'")
        return Setup(world: world, league: league, alice: alice, ben: ben, team: team, benTeam: benTeam, out: out, doubtful: doubtful)
    }

    /// The best free agent now, other than `except`.
    func freeAgent(_ s: Setup, except: Set<PlayerID> = []) async throws -> PlayerID {
        let all = try await s.world.api(s.alice).availablePlayers(s.league, position: .wr, sort: .seasonPoints)
        return try #require(all.first { $0.availability == .freeAgent && !except.contains($0.player.id) }).player.id
    }

    /// Ben drops a bench player he may drop now: a player on waivers for the next two days.
    func onWaivers(_ s: Setup, except: Set<PlayerID> = []) async throws -> PlayerID {
        let rows = try await s.world.api(s.ben).roster(s.league, team: s.benTeam).rows
        let p = try #require(rows.first { $0.slot == .bench && !$0.locked && [.rb, .wr].contains($0.player.position) && !except.contains($0.player.id) })
        _ = try await s.world.api(s.ben).dropPlayer(s.league, team: s.benTeam, player: p.player.id)
        return p.player.id
    }

    func blocked(_ s: Setup, _ who: RosterRow) -> DomainError {
        .conflict("Move \(who.player.name) off IR first — he is no longer OUT or on IR")
    }

    @Test func aDoubtfulPlayerGoesOnIROnlyWhenTheLeagueAllowsIt() async throws {
        let s = try await setup()
        let api = s.world.api(s.alice)
        #expect(try await api.roster(s.league, team: s.team).rows.first { $0.player.id == s.doubtful.player.id }?.player.injury == .doubtful)
        let refused = await failure { try await api.moveInLineup(s.league, team: s.team, move: LineupMove(s.doubtful.player.id, to: .ir)) }
        #expect(refused == .validation(field: "lineup", message: "IR takes only players who are OUT or on IR"))

        // A league created with IR taking Doubtful players (settings lock at the draft: the row as such a league stores it).
        try poisonSettings(s.world, s.league) { $0["irAllowsDoubtful"] = true }
        #expect(try await api.league(s.league).league.settings.irAllowsDoubtful)
        let after = try await api.moveInLineup(s.league, team: s.team, move: LineupMove(s.doubtful.player.id, to: .ir))
        #expect(after.rows.first { $0.player.id == s.doubtful.player.id }?.slot == .ir)
        // A healthy player still isn't taken, and the refusal says what this league's IR takes.
        let healthy = try #require(after.rows.first { $0.slot == .bench && $0.player.injury == .healthy })
        let words = await failure { try await api.moveInLineup(s.league, team: s.team, move: LineupMove(healthy.player.id, to: .ir, swapWith: s.doubtful.player.id)) }
        #expect(words == .validation(field: "lineup", message: "IR takes only players who are Doubtful, OUT or on IR"))
    }

    @Test func anIRPlayerWhoRecoveredBlocksAddsAndClaimsUntilHeIsBenched() async throws {
        let s = try await setup()
        let api = s.world.api(s.alice)
        _ = try await api.moveInLineup(s.league, team: s.team, move: LineupMove(s.out.player.id, to: .ir))
        // Week 9: he is Out, his IR is in order — a claim goes in.
        let wanted = try await onWaivers(s)
        let claim = try await api.placeClaim(s.league, team: s.team, player: wanted, dropping: nil, bid: 0)

        // The run that opens week 10, where no report names him: recovered, so the claim fails with the reason.
        let advance = try await api.advanceClock(s.league, to: Self.afterTheRun)
        #expect(advance.waiverRuns.joined().contains("IR not in order: Move \(s.out.player.name) off IR first — he is no longer OUT or on IR"))
        let result = try #require(try await api.myClaimResults(s.league).first { $0.claim.id == claim.id })
        #expect(result.claim.status == .lost && result.claim.outcome == .injuredReserveNotInOrder)
        let roster = try await api.roster(s.league, team: s.team)
        #expect(roster.week == 10 && !roster.rows.contains { $0.player.id == wanted })
        #expect(roster.injuredReserveBlock(try await api.league(s.league).league.settings) != nil, "the app reads the same rule")

        // An add and a claim are refused in words that name him.
        let agent = try await freeAgent(s)
        #expect(await failure { try await api.addFreeAgent(s.league, team: s.team, player: agent, dropping: nil) } == blocked(s, s.out))
        let next = try await onWaivers(s, except: [wanted])
        #expect(await failure { try await api.placeClaim(s.league, team: s.team, player: next, dropping: nil, bid: 0) } == blocked(s, s.out))

        // Back on the bench, the block is lifted (a full roster now: each move names a drop).
        _ = try await api.moveInLineup(s.league, team: s.team, move: LineupMove(s.out.player.id, to: .bench))
        let spare = try await api.roster(s.league, team: s.team).rows.filter { $0.slot == .bench && $0.player.id != s.out.player.id }
        _ = try await api.placeClaim(s.league, team: s.team, player: next, dropping: try #require(spare.first).player.id, bid: 0)
        _ = try await api.addFreeAgent(s.league, team: s.team, player: agent, dropping: try #require(spare.dropFirst().first).player.id)
        #expect(try await api.roster(s.league, team: s.team).rows.contains { $0.player.id == agent })
    }

    @Test func droppingTheIRPlayerLiftsTheBlock() async throws {
        let s = try await setup()
        let api = s.world.api(s.alice)
        _ = try await api.moveInLineup(s.league, team: s.team, move: LineupMove(s.out.player.id, to: .ir))
        _ = try await api.advanceClock(s.league, to: Self.afterTheRun)
        let agent = try await freeAgent(s)
        #expect(await failure { try await api.addFreeAgent(s.league, team: s.team, player: agent, dropping: nil) } == blocked(s, s.out))
        // A claim that drops him goes in: the move itself puts his IR in order.
        let wanted = try await onWaivers(s)
        _ = try await api.placeClaim(s.league, team: s.team, player: wanted, dropping: s.out.player.id, bid: 0)
        // Dropped on his own, he blocks nothing more.
        _ = try await api.dropPlayer(s.league, team: s.team, player: s.out.player.id)
        _ = try await api.addFreeAgent(s.league, team: s.team, player: agent, dropping: nil)
        #expect(try await api.roster(s.league, team: s.team).rows.contains { $0.player.id == agent })
    }

    /// Another team's IR is none of Alice's business: Ben, with no one on IR, adds as ever while Alice is blocked.
    @Test func theBlockIsTheTeamsOwn() async throws {
        let s = try await setup()
        _ = try await s.world.api(s.alice).moveInLineup(s.league, team: s.team, move: LineupMove(s.out.player.id, to: .ir))
        _ = try await s.world.api(s.alice).advanceClock(s.league, to: Self.afterTheRun)
        let agent = try await freeAgent(s)
        let drop = try #require(try await s.world.api(s.ben).roster(s.league, team: s.benTeam).rows.first { $0.slot == .bench }).player.id
        _ = try await s.world.api(s.ben).addFreeAgent(s.league, team: s.benTeam, player: agent, dropping: drop)
    }
}
