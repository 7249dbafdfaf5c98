import ClubhouseData
import Foundation
import Testing

#if os(Linux)
/// The change watcher's inotify use: one instance for the whole process however many databases it follows (a user
/// may have 128 instances across all their processes; a watcher each for hundreds of test databases took them all,
/// and followers after that fell back to polling — a follower with a long poll then never woke).
@Suite struct DatabaseChangeWatcherTests {
    /// The process's open inotify instances.
    static func inotifyInstances() -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == "anon_inode:inotify" }.count
    }

    @Test func twoHundredDatabasesInTheirOwnFoldersShareOneInotifyInstanceAndTheLastStillWakes() async throws {
        let dirs = (0..<200).map { _ in TempDir() }
        let watchers = dirs.map { DatabaseChangeWatcher.shared(for: $0.file("league.sqlite")) }
        #expect(watchers.allSatisfy { $0 != nil }, "every database gets a watcher")
        #expect(Self.inotifyInstances() <= 1, "one inotify instance for the process: \(Self.inotifyInstances())")
        #expect(DatabaseChangeWatcher.shared(for: dirs[7].file("league.sqlite")) === watchers[7], "one watcher per file")

        // The last one wakes on a write to its file, and only its own.
        let last = try #require(watchers.last ?? nil), first = try #require(watchers.first ?? nil)
        let before = last.generation, firstBefore = first.generation
        let db = try Database(path: dirs.last!.file("league.sqlite"))
        try db.migrate()
        #expect(await Wait.until(.seconds(60)) { last.generation > before }, "the write woke its watcher")
        await last.wait(after: before, upTo: .seconds(60))
        #expect(first.generation == firstBefore, "another folder's watcher heard nothing")
    }

    @Test func aFolderRemovedAndMadeAgainIsWatchedAgain() async throws {
        let dir = TempDir()
        let path = dir.file("league.sqlite")
        let old = try #require(DatabaseChangeWatcher.shared(for: path))
        try FileManager.default.removeItem(atPath: dir.path)
        // Once inotify says the folder's watch is gone the old watcher is forgotten (with no folder there is none).
        #expect(await Wait.until(.seconds(60)) { DatabaseChangeWatcher.shared(for: path) !== old })
        try FileManager.default.createDirectory(atPath: dir.path, withIntermediateDirectories: true)
        let again = try #require(DatabaseChangeWatcher.shared(for: path))
        let before = again.generation
        let db = try Database(path: path)
        try db.migrate()
        #expect(await Wait.until(.seconds(60)) { again.generation > before }, "a write in the folder made again wakes it")
    }
}
#endif
