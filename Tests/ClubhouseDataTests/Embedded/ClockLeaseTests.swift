import Foundation
import Testing
@testable import ClubhouseData

/// One app process per database runs the clocks: the holder of the clock lease.
@Suite struct ClockLeaseTests {
    func databasePath() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clock-lease-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("league.sqlite").path
    }

    @Test func onlyOneHolderAtATimeAndTheNextTakesOverOnRelease() async throws {
        let db = try databasePath()
        var first = ClockLease.tryAcquire(database: db)
        #expect(first != nil, "nobody holds it yet")
        #expect(ClockLease.tryAcquire(database: db) == nil, "a second lease while the first is held")
        // A waiter gets it once the holder lets go.
        let waiter = Task { await ClockLease.acquire(database: db, retry: .milliseconds(20)) }
        try await Task.sleep(for: .milliseconds(100))
        first = nil
        let second = await waiter.value
        #expect(second != nil, "the waiter took over after the release")
        #expect(ClockLease.tryAcquire(database: db) == nil, "and now holds it alone")
        withExtendedLifetime(first) {}
    }

    @Test func aWaiterCancelledBeforeItsTurnGetsNothing() async throws {
        let db = try databasePath()
        let holder = try #require(ClockLease.tryAcquire(database: db))
        let waiter = Task { await ClockLease.acquire(database: db, retry: .milliseconds(20)) }
        waiter.cancel()
        #expect(await waiter.value == nil)
        withExtendedLifetime(holder) {}
    }

    /// Another process holds the lock file (util-linux `flock`, which execs `sleep` holding it, as a second app would);
    /// killed, its lock is gone.
    @Test func aDeadHolderInAnotherProcessIsTakenOverFrom() async throws {
        let db = try databasePath()
        let flock = try #require(["/usr/bin/flock", "/bin/flock"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                 "util-linux flock is part of every Debian system")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: flock)
        child.arguments = ["-x", "--no-fork", ClockLease.lockPath(database: db), "sleep", "600"]
        try child.run()
        defer { if child.isRunning { child.terminate() } }
        // Until the child holds the lock, a try may still win: wait for it to be refused (the child took it).
        let clock = ContinuousClock(), deadline = clock.now + .seconds(20)
        var refused = false
        while !refused, clock.now < deadline {
            if let probe = ClockLease.tryAcquire(database: db) { withExtendedLifetime(probe) {} } else { refused = true }
            if !refused { try await Task.sleep(for: .milliseconds(20)) }
        }
        try #require(refused, "the other process never took the lease")
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        let taken = await ClockLease.acquire(database: db, retry: .milliseconds(20))
        #expect(taken != nil, "a killed holder's lease is free")
    }

    @Test func aFolderWithoutRoomForTheLockFileLetsEveryProcessRunItsClocks() throws {
        // The lock file can't be created in a folder that doesn't exist: nobody can coordinate, so run anyway.
        let db = "/nonexistent-\(UUID().uuidString)/league.sqlite"
        let a = ClockLease.tryAcquire(database: db), b = ClockLease.tryAcquire(database: db)
        #expect(a != nil && b != nil)
    }
}
