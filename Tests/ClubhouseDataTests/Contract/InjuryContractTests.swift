import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// Injury statuses through the contract, on both databases and both transports: nflverse's injury report and weekly
/// rosters for 2019's week 9, imported (crafted files, as `season import` reads them) into the demo world, where
/// Gridiron Greats plays week 9 on its clock (Sunday 20:00 UTC: the early games have kicked off). The roster, the
/// matchup, the player's page and the lineup's IR rule read the week's status; Alice's unlocked starter who is out is
/// flagged in her league's summary (Home's Needs attention), her locked one isn't (he can't be benched any more).
@Suite("Contract: injury statuses", .bothTransports) struct InjuryContractTests {
    struct Setup {
        let world: ContractWorld
        let league: LeagueID
        let alice: Caller
        let team: TeamID
        /// Alice's starter who is out and can still be benched; her starter who is out and locked; a bench player who
        /// is questionable; a bench player on the reserve list (IR).
        let out: RosterRow, lockedOut: RosterRow, questionable: RosterRow, reserve: RosterRow
    }

    /// Writes week 9's files for Alice's players and imports them into the world's 2019, in one transaction.
    func setup() async throws -> Setup {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try world.person("alice")
        let team = try await world.team(of: alice, in: league)
        let rows = try await world.api().roster(league, team: team).rows.filter { $0.player.position != .def }
        #expect(rows.allSatisfy { $0.player.injury == .healthy }, "no statuses before the import")
        let out = try #require(rows.first { $0.slot.isStarter && !$0.locked }, "Alice has no unlocked starter")
        let lockedOut = try #require(rows.first { $0.slot.isStarter && $0.locked }, "Alice has no locked starter")
        let bench = rows.filter { $0.slot == .bench }
        let questionable = try #require(bench.first), reserve = try #require(bench.dropFirst().first)

        let header = InjuryImportTests.injuriesHeader
        func injury(_ r: RosterRow, _ status: String, _ what: String, _ practice: String) -> String {
            InjuryImportTests.injury(9, r.player.id.rawValue, r.player.position.rawValue, r.player.nflTeam, r.player.name, injury: what,
                                     status: status, practice: practice)
        }
        let injuries = [header, injury(out, "Out", "Hamstring", "Did Not Participate In Practice"),
                        injury(lockedOut, "Out", "Knee", "Did Not Participate In Practice"),
                        injury(questionable, "Questionable", "Ankle", "Limited Participation in Practice")].joined(separator: "\n") + "\n"
        let rosters = [InjuryImportTests.rosterHeader,
                       InjuryImportTests.roster(9, reserve.player.id.rawValue, reserve.player.position.rawValue, reserve.player.nflTeam,
                                                reserve.player.name, status: "RES")].joined(separator: "\n") + "\n"
        let dir = TempDir()
        try injuries.write(toFile: dir.file("injuries_2019.csv"), atomically: true, encoding: .utf8)
        try rosters.write(toFile: dir.file("roster_weekly_2019.csv"), atomically: true, encoding: .utf8)
        let set = try SeasonFileSet.scan(dir.path)
        let report = try {
            switch ContractBackend.current {
            case .sqlite: try world.database.transaction { try SeasonImport.importSeasons(set, only: 2019, session: $0, now: ContractWorld.seededAt) }
            case .postgres: try world.postgres!.database.transaction { try SeasonImport.importSeasons(set, only: 2019, session: $0, now: ContractWorld.seededAt) }
            }
        }()
        #expect(report.seasons.first?.changes.injuries == 4)
        // Every world shares one facts cache keyed by the season data version: this world's version is its own.
        try world.execute("UPDATE meta SET value = '\(9_000_000 + Int.random(in: 0..<1_000_000))' WHERE key = 'season_data_version'")
        return Setup(world: world, league: league, alice: alice, team: team, out: out, lockedOut: lockedOut, questionable: questionable, reserve: reserve)
    }

    @Test func theRosterAndTheMatchupShowEachPlayersStatusForTheWeek() async throws {
        let s = try await setup()
        let roster = try await s.world.api().roster(s.league, team: s.team)
        #expect(roster.week == 9)
        let status = Dictionary(roster.rows.map { ($0.player.id, $0.player.injury) }, uniquingKeysWith: { a, _ in a })
        #expect(status[s.out.player.id] == .out && status[s.lockedOut.player.id] == .out)
        #expect(status[s.questionable.player.id] == .questionable && status[s.reserve.player.id] == .injuredReserve)
        #expect(status.filter { $0.value != .healthy }.count == 4, "everyone else healthy")

        let matchup = try await s.world.api().matchup(s.league, week: 9, team: s.team)
        let side = matchup.home.team.id == s.team ? matchup.home : try #require(matchup.away)
        let shown = Dictionary((side.starters + side.bench).compactMap { r in r.player.map { ($0.id, $0.injury) } }, uniquingKeysWith: { a, _ in a })
        #expect(shown[s.out.player.id] == .out && shown[s.questionable.player.id] == .questionable && shown[s.reserve.player.id] == .injuredReserve)
        // Week 8's matchup is of another week: no report there.
        let before = try await s.world.api().matchup(s.league, week: 8, team: s.team)
        let side8 = before.home.team.id == s.team ? before.home : try #require(before.away)
        #expect((side8.starters + side8.bench).allSatisfy { $0.player?.injury ?? .healthy == .healthy })
    }

    @Test func thePlayersPageSaysWhatTheReportSays() async throws {
        let s = try await setup()
        let detail = try await s.world.api().player(s.out.player.id, league: s.league)
        #expect(detail.player.injury == .out)
        #expect(detail.injuryReport == "Week 9: Out — Hamstring · Did Not Participate In Practice")
        let reserve = try await s.world.api().player(s.reserve.player.id, league: s.league)
        #expect(reserve.player.injury == .injuredReserve && reserve.injuryReport == "Week 9: Injured reserve (RES)")
    }

    @Test func anUnlockedStarterWhoIsOutIsFlaggedInHisManagersLeagueSummary() async throws {
        let s = try await setup()
        let greats = try #require(try await s.world.api(s.alice).myLeagues().first { $0.id == s.league })
        #expect(greats.startersOut == ["\(s.out.player.name) (\(s.out.player.position.rawValue), O)"],
                "the locked starter can't be benched any more: not flagged")
        // Another manager's summary of the league flags none of Alice's players.
        let ben = try #require(try await s.world.api(try s.world.person("ben")).myLeagues().first { $0.id == s.league })
        #expect(ben.startersOut == nil)
        // Out of the starting lineup (his week's OUT lets IR take him), he is flagged no more.
        let after = try await s.world.api(s.alice).moveInLineup(s.league, team: s.team, move: LineupMove(s.out.player.id, to: .ir))
        #expect(after.rows.first { $0.player.id == s.out.player.id }?.slot == .ir)
        #expect(try await s.world.api(s.alice).myLeagues().first { $0.id == s.league }?.startersOut == nil)
    }

    /// The IR slot takes the week's OUT or IR: the player on the reserve list goes in; the questionable one doesn't.
    @Test func injuredReserveTakesThePlayerTheWeeksRosterPutsOnTheReserveList() async throws {
        let s = try await setup()
        let error = await failure {
            try await s.world.api(s.alice).moveInLineup(s.league, team: s.team, move: LineupMove(s.questionable.player.id, to: .ir))
        }
        #expect(error == .validation(field: "lineup", message: "IR takes only players who are OUT or on IR"))
        let after = try await s.world.api(s.alice).moveInLineup(s.league, team: s.team, move: LineupMove(s.reserve.player.id, to: .ir))
        #expect(after.rows.first { $0.player.id == s.reserve.player.id }?.slot == .ir)
    }
}
