import CSQLite
import Foundation
import Testing
@testable import ClubhouseData
#if canImport(Glibc)
import Glibc
#endif

/// Several **processes** race for the same pick number in one database file.
///
/// How: the test forks (Glibc `fork()`) — no helper binary or sqlite3 CLI needed, only Swift and libsqlite3.
/// A forked child of a multi-threaded process may only safely call async-signal-safe code, so the child
/// does nothing Swift-runtime-heavy: it uses the SQLite C API directly with C strings prepared before the
/// fork, waits on a pipe so all children start together, runs `BEGIN IMMEDIATE; INSERT …; COMMIT` and
/// `_exit`s with the SQLite result code. The parent holds no connection to the file while children run
/// (SQLite's per-process lock bookkeeping must not be inherited), and kills a child that takes > 30 s.
@Suite(.serialized) struct MultiProcessTests {
    @Test func exactlyOneProcessWinsTheSamePickNumber() throws {
        let dir = TempDir()
        let path = dir.file("race.sqlite")
        do {
            let db = try Database(path: path)
            try db.migrate()
            try db.transaction { c in
                try c.execute("""
                    INSERT INTO nfl_teams VALUES ('CAR','Carolina','Panthers',7);
                    INSERT INTO leagues(id, name, season, settings, state, clock, created_at) VALUES (1,'L',2019,'{}','drafting',0,0);
                    """)
                for i in 1...6 {
                    try c.run("INSERT INTO players(id, full_name, first_name, last_name, position, nfl_team) VALUES (?, 'P', 'P', 'P', 'RB', 'CAR')", ["p\(i)"])
                    try c.run("INSERT INTO teams(id, league_id, name, waiver_priority, created_at) VALUES (?, 1, ?, ?, 0)", [i, "T\(i)", i])
                }
            }
        }  // closed: children must not inherit an open connection

        let children = 6
        let cPath = strdup(path)!
        defer { free(cPath) }
        let statements: [UnsafeMutablePointer<CChar>] = (1...children).map {
            strdup("BEGIN IMMEDIATE; INSERT INTO picks(league_id, number, round, team_id, player_id, source, made_at) VALUES (1, 1, 1, \($0), 'p\($0)', 'manager', 0); COMMIT;")!
        }
        defer { statements.forEach { free($0) } }
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)

        var pids: [pid_t] = []
        for i in 0..<children {
            let pid = fork()
            if pid == 0 {
                // Child: C calls only.
                close(fds[1])
                var db: OpaquePointer?
                guard sqlite3_open_v2(cPath, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { _exit(100) }
                sqlite3_busy_timeout(db, 10_000)
                sqlite3_extended_result_codes(db, 1)
                var byte: UInt8 = 0
                _ = read(fds[0], &byte, 1)  // returns 0 (EOF) when the parent closes the write end: go
                let rc = sqlite3_exec(db, statements[i], nil, nil, nil)
                if rc != SQLITE_OK { sqlite3_exec(db, "ROLLBACK", nil, nil, nil) }
                sqlite3_close_v2(db)
                _exit(rc == SQLITE_OK ? 0 : rc & 0xFF)
            }
            #expect(pid > 0)
            pids.append(pid)
        }
        close(fds[0])
        close(fds[1])  // start line

        var codes: [Int32] = []
        let deadline = Date().addingTimeInterval(30)
        for pid in pids {
            var status: Int32 = 0
            while waitpid(pid, &status, WNOHANG) == 0 {
                if Date() > deadline { kill(pid, SIGKILL); waitpid(pid, &status, 0); break }
                usleep(2_000)
            }
            // WIFEXITED / WEXITSTATUS are macros: decode by hand.
            let exited = status & 0x7F == 0
            codes.append(exited ? (status >> 8) & 0xFF : -1)
        }

        #expect(codes.filter { $0 == 0 }.count == 1, "exit codes \(codes)")
        #expect(codes.filter { $0 == SQLITE_CONSTRAINT }.count == children - 1, "exit codes \(codes) (19 = constraint, 5 = busy)")

        let db = try Database(path: path)
        #expect(try db.integrityCheck() == ["ok"])
        #expect(try db.scalar("SELECT count(*) FROM picks", as: Int.self) == 1)
    }
}
