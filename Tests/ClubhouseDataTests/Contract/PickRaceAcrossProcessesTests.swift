import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// Several **processes** make the same pick of one live draft through the real use case, each with a
/// different player: exactly one pick lands, every other process gets "Pick N was already made", and the
/// draft, the picks and the rosters agree afterwards. (How children are made: see `MultiProcessTests`.)
@Suite(.serialized) struct PickRaceAcrossProcessesTests {
    static let childEnv = "CLUBHOUSE_PICK_RACE_CHILD"
    enum ExitCode: Int32 { case won = 0, conflict = 19, other = 99, setup = 98 }

    @Test func exactlyOneProcessMakesThePick() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Bot Bowl Live").id
        let commissioner = try #require(try world.service.store.read { try $0.league(league)?.commissioner })
        let before = try #require(try world.service.store.read { try $0.draft(in: league) })
        let candidates = try await world.api().draftablePlayers(league).prefix(5).map(\.player.id)
        let go = world.path + ".go"

        let specs = candidates.map { player in
            [world.path, "\(league.rawValue)", "\(before.currentPick)", player.rawValue, "\(commissioner.rawValue)", go].joined(separator: "\n")
        }
        let codes = try raceChildProcesses(filter: "pickRaceChildProcessEntry", variable: Self.childEnv, specs: specs, startFile: go)
        #expect(codes.filter { $0 == ExitCode.won.rawValue }.count == 1, "exit codes \(codes) (0 won, 19 conflict)")
        #expect(codes.filter { $0 == ExitCode.conflict.rawValue }.count == candidates.count - 1, "exit codes \(codes)")

        let after = try #require(try world.service.store.read { try $0.draft(in: league) })
        let picks = try world.service.store.read { try $0.picks(in: league) }
        #expect(after.currentPick == before.currentPick + 1)
        #expect(picks.count == before.currentPick)
        let made = try #require(picks.last)
        #expect(candidates.contains(made.playerID))
        let rostered = try world.service.store.read { try $0.rosters(in: league) }.flatMap(\.playerIDs)
        #expect(rostered.filter { candidates.contains($0) } == [made.playerID], "only the winner's player is on a roster")
        #expect(try world.database.integrityCheck() == ["ok"])
    }

    /// Runs only in a child launched by the test above; skipped (not passed) in a normal run.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[Self.childEnv] != nil, "runs only as a child process"))
    func pickRaceChildProcessEntry() throws {
        let spec = try #require(ProcessInfo.processInfo.environment[Self.childEnv])
        let parts = spec.split(separator: "\n").map(String.init)
        guard parts.count == 6, let league = Int64(parts[1]), let pick = Int(parts[2]), let user = Int64(parts[4]),
              let db = try? Database(path: parts[0]) else { _exit(ExitCode.setup.rawValue) }
        let service = LeagueService(store: SQLiteLeagueStore(database: db), clock: ManualClock(ContractWorld.seededAt))
        Wait.blockingUntil(.seconds(60), every: .milliseconds(1)) { FileManager.default.fileExists(atPath: parts[5]) }
        do {
            _ = try service.draft.makePick(LeagueID(league), expectedPick: pick, player: PlayerID(parts[3]), caller: .user(UserID(user)))
            _exit(ExitCode.won.rawValue)
        } catch DomainError.conflict {
            _exit(ExitCode.conflict.rawValue)
        } catch {
            _exit(ExitCode.other.rawValue)
        }
    }
}
