import Foundation
import Synchronization
import Testing
@testable import ClubhouseData

/// One app process per database runs the clocks: the holder of the clock lease.
@Suite struct ClockLeaseTests {
    func databasePath() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clock-lease-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("league.sqlite").path
    }

    @Test(.timeLimit(.minutes(5))) func onlyOneHolderAtATimeAndTheNextTakesOverOnRelease() async throws {
        let db = try databasePath()
        var first = ClockLease.tryAcquire(database: db)
        #expect(first?.isExclusive == true, "nobody holds it yet")
        #expect(ClockLease.tryAcquire(database: db) == nil, "a second lease while the first is held")
        // A waiter gets it once the holder lets go: released only once the waiter has been refused (it is waiting).
        let refusals = Mutex(0)
        let waiter = Task { await ClockLease.acquire(database: db, retry: .milliseconds(20), refused: { refusals.withLock { $0 += 1 } }) }
        try #require(await Wait.until(.seconds(120)) { refusals.withLock { $0 } >= 1 }, "the waiter asked for the held lease")
        first = nil
        let second = await waiter.value
        #expect(second != nil, "the waiter took over after the release")
        #expect(ClockLease.tryAcquire(database: db) == nil, "and now holds it alone")
        withExtendedLifetime(first) {}
    }

    @Test(.timeLimit(.minutes(5))) func aWaiterCancelledBeforeItsTurnGetsNothing() async throws {
        let db = try databasePath()
        let holder = try #require(ClockLease.tryAcquire(database: db))
        let waiter = Task { await ClockLease.acquire(database: db, retry: .milliseconds(20)) }
        waiter.cancel()
        #expect(await waiter.value == nil)
        withExtendedLifetime(holder) {}
    }

    /// Another process holds the lock file (util-linux `flock` takes it, then its shell says so and execs `sleep`,
    /// keeping it, as a second app would); killed, its lock is gone.
    @Test(.timeLimit(.minutes(5))) func aDeadHolderInAnotherProcessIsTakenOverFrom() async throws {
        let db = try databasePath()
        let flock = try #require(["/usr/bin/flock", "/bin/flock"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                 "util-linux flock is part of every Debian system")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: flock)
        child.arguments = ["-x", "--no-fork", ClockLease.lockPath(database: db), "/bin/sh", "-c", "echo locked; exec sleep 600"]
        // Its own pipes: a child holding the test runner's output open would keep the run from ending.
        let said = Pipe()
        child.standardOutput = said
        child.standardError = FileHandle.nullDevice
        child.standardInput = FileHandle.nullDevice
        try child.run()
        defer { if child.isRunning { kill(child.processIdentifier, SIGKILL); child.waitUntilExit() } }
        // "locked" comes once the lock is the child's (a blocking read on a thread of its own).
        let locked = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            Thread.detachNewThread {
                var text = ""
                while !text.contains("locked") {
                    let chunk = said.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    text += String(decoding: chunk, as: UTF8.self)
                }
                done.resume(returning: text.contains("locked"))
            }
        }
        try #require(locked, "the other process never took the lease")
        let refused = ClockLease.tryAcquire(database: db)
        #expect(refused == nil, "held by the other process")
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        let taken = await ClockLease.acquire(database: db, retry: .milliseconds(20))
        #expect(taken?.isExclusive == true, "a killed holder's lease is free")
    }

    @Test func aFolderWithoutRoomForTheLockFileLetsEveryProcessRunItsClocks() throws {
        // The lock file can't be created in a folder that doesn't exist: nobody can coordinate, so run anyway.
        let db = "/nonexistent-\(UUID().uuidString)/league.sqlite"
        let a = ClockLease.tryAcquire(database: db), b = ClockLease.tryAcquire(database: db)
        #expect(a != nil && b != nil)
        #expect(a?.isExclusive == false && b?.isExclusive == false, "neither holds a real lock")
    }
}
