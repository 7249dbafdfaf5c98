import ClubhouseData
import Foundation
import Testing

/// A running app keeps its SQLite lock on its database. Nothing in the app may open the database file outside
/// SQLite while its connections are open: on Linux closing that descriptor drops the process's locks, and the next
/// process to open and close the file deletes the `-wal` the app is still writing into.
@Suite(.serialized) struct DatabaseLockEndToEndTests {
    /// Whether `pid` holds a POSIX lock on the file at `path` (several reads of /proc/locks: one can miss a line).
    static func holdsLock(pid: pid_t, path: String) -> Bool { Processes.holdsPOSIXLock(pid: pid, path: path) }

    @Test func theAppHoldsItsLockWhileOtherProcessesOpenAndCloseTheFile() throws {
        let sqlite3 = try #require(Processes.find("sqlite3", environment: ProcessInfo.processInfo.environment),
                                   "the sqlite3 command-line tool (Debian package sqlite3; make test installs it)")
        let home = try TemporaryHome()
        let db = home.url.appendingPathComponent("league.sqlite").path
        let tmux = try Tmux(command: "\(Tmux.shellQuote(Binary.path)) --database \(Tmux.shellQuote(db))", environment: home.environment)
        #expect(try tmux.waitForLoaded("Public leagues", timeout: 120).matched, "the app never reached Home")
        let shell = try #require(pid_t(try tmux.format("#{pane_pid}")))
        let app = try #require(([shell] + Processes.descendants(of: shell)).first { Processes.commandLine($0).contains("--database") })
        #expect(Self.holdsLock(pid: app, path: db), "the app holds SQLite's lock on its database once Home is up")

        // The first key starts the app's deferred work (the full check among it); it must leave the lock in place
        // whatever other processes do with the file meanwhile.
        try tmux.send("j")
        // Four seconds of outside checks, one every 200 ms, ended early by the lock's loss.
        let lost = Wait.blockingUntil(.seconds(4), every: .milliseconds(200)) {
            let check = Processes.run([sqlite3, db, "PRAGMA integrity_check"])
            #expect(check.status == 0, "\(check.output)")
            return !Self.holdsLock(pid: app, path: db) || !FileManager.default.fileExists(atPath: db + "-wal")
        }
        #expect(!lost, "the app lost its lock on the database (or its -wal was deleted) while running")
        try tmux.send("C-c")
    }
}
