import Foundation
import Testing
@testable import ClubhouseData

/// Several **processes** race for the same pick number in one database file: exactly one wins, the others
/// get a constraint error (never SQLITE_BUSY), and the file stays sound.
///
/// How the processes are made, with nothing but Swift and libsqlite3 on the machine: the test re-launches
/// its own test binary (`/proc/self/exe --testing-library swift-testing --filter raceChildProcessEntry`) with
/// `CLUBHOUSE_RACE_CHILD` set; in that process the entry test below does one write through `Database`
/// and `_exit`s with a code the parent reads. (A bare `fork()` was tried first: a forked child of the
/// multi-threaded test runner deadlocked on locks other tests' threads held at fork time, about one run in
/// four — so the children exec a fresh image instead.) Each child waits for a start file so they all
/// collide; the read before the insert is the pattern that fails with SQLITE_BUSY under a plain `BEGIN`.
@Suite(.serialized) struct MultiProcessTests {
    static let childEnv = "CLUBHOUSE_RACE_CHILD"
    enum ExitCode: Int32 { case won = 0, constraint = 19, busy = 5, other = 99, setup = 98 }

    @Test func exactlyOneProcessWinsTheSamePickNumber() throws {
        let dir = TempDir()
        let path = dir.file("race.sqlite")
        let go = dir.file("go")
        let children = 5
        do {
            let db = try Database(path: path)
            try db.migrate()
            try db.transaction { c in
                try c.execute("""
                    INSERT INTO leagues(id, name, season, settings, state, clock, created_at) VALUES (1,'L',2019,'{}','drafting',0,0);
                    """)
                for i in 1...children {
                    try c.run("INSERT INTO players(id, full_name, first_name, last_name, position, nfl_team) VALUES (?, 'P', 'P', 'P', 'RB', 'CAR')", ["p\(i)"])
                    try c.run("INSERT INTO teams(id, league_id, name, waiver_priority, created_at) VALUES (?, 1, ?, ?, 0)", [i, "T\(i)", i])
                }
            }
        }

        let codes = try raceChildProcesses(filter: "raceChildProcessEntry", variable: Self.childEnv,
                                           specs: (1...children).map { "\(path)\n\($0)\n\(go)" }, startFile: go, timeout: 60)
        #expect(codes.filter { $0 == ExitCode.won.rawValue }.count == 1, "exit codes \(codes)")
        #expect(codes.filter { $0 == ExitCode.constraint.rawValue }.count == children - 1,
                "exit codes \(codes) (0 won, 19 constraint, 5 busy, 98 setup, 99 other)")

        let db = try Database(path: path)
        #expect(try db.integrityCheck() == ["ok"])
        #expect(try db.scalar("SELECT count(*) FROM picks WHERE league_id = 1 AND number = 1", as: Int.self) == 1)
    }

    /// Runs only in a child launched by the test above; skipped (not passed) in a normal run.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[Self.childEnv] != nil, "runs only as a child process"))
    func raceChildProcessEntry() throws {
        let spec = try #require(ProcessInfo.processInfo.environment[Self.childEnv])
        let parts = spec.split(separator: "\n").map(String.init)
        guard parts.count == 3, let team = Int(parts[1]) else { _exit(ExitCode.setup.rawValue) }
        guard let db = try? Database(path: parts[0]) else { _exit(ExitCode.setup.rawValue) }
        Wait.blockingUntil(.seconds(30), every: .milliseconds(1)) { FileManager.default.fileExists(atPath: parts[2]) }
        do {
            try db.transaction { c in
                _ = try c.scalar("SELECT count(*) FROM picks WHERE league_id = 1", as: Int.self)
                try c.run("INSERT INTO picks(league_id, number, round, team_id, player_id, source, made_at) VALUES (1, 1, 1, ?, ?, 'autopick', ?)",
                          [team, "p\(team)", Date()])
            }
            _exit(ExitCode.won.rawValue)
        } catch let error as DatabaseError where error.isConstraint {
            _exit(ExitCode.constraint.rawValue)
        } catch let error as DatabaseError where error.isBusy {
            _exit(ExitCode.busy.rawValue)
        } catch {
            _exit(ExitCode.other.rawValue)
        }
    }
}
