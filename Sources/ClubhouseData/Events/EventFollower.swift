import Foundation
import ClubhouseDomain

/// Follows the `events` table of a database file from its own connection and delivers new events as an
/// `AsyncStream`.
///
/// Cheap: it reads `PRAGMA data_version`, which changes only when another connection commits (it reads no
/// table); only then does it query `events WHERE id > last`. Writes from any process sharing the file are
/// seen. It looks when `DatabaseChangeWatcher` reports a write to the file (Linux: at once, and idle costs
/// nothing), and every `fallbackInterval` in case one went unseen; without a watcher, every `pollInterval`.
/// Cancelling the consuming task (or dropping the stream) stops it.
///
/// Needs a file path: an in-memory database cannot be opened by a second connection.
public struct EventFollower: Sendable {
    public let path: String
    public let pollInterval: Duration
    /// With a change watcher: the longest wait between two looks.
    public var fallbackInterval: Duration = .seconds(1)
    /// Wake on the watcher's reports (tests turn it off to exercise plain polling).
    public var watchesChanges = true
    /// Rows read per query while catching up.
    public var batchSize = 500
    /// Told, in a sentence, what the follower drops: a file it can't open (the stream ends), or a look that failed
    /// (it looks again at the next one) — the latter once, and again only after a look worked or for another reason.
    public var problem: @Sendable (String) -> Void = { _ in }

    public init(path: String, pollInterval: Duration = .milliseconds(25)) {
        self.path = path
        self.pollInterval = pollInterval
    }

    public init(database: Database, pollInterval: Duration = .milliseconds(25)) {
        self.init(path: database.path, pollInterval: pollInterval)
    }

    /// Events with id > `after` (pass `EventLog.lastID(db)` for only new ones, or a client's last seen id to
    /// resume), oldest first, optionally of one league. The stream ends if the file cannot be opened (or isn't there).
    public func events(after: Int64, league: LeagueID? = nil) -> AsyncStream<LeagueEvent> {
        let path = path, interval = pollInterval, batch = batchSize, fallback = fallbackInterval, problem = problem
        let watcher = watchesChanges ? DatabaseChangeWatcher.shared(for: path) : nil
        return AsyncStream { continuation in
            let task = Task.detached {
                // Only the file that is there: this task may start late (a busy process), after the file was moved away,
                // and must not leave an empty database in its place.
                let db: Database
                do { db = try Database(path: path, create: false) } catch {
                    problem("can't follow the events of \(path): \(error); the stream ends")
                    continuation.finish()
                    return
                }
                var last = after
                var failedLook: String?   // the reason of the last look that failed (said once)
                var seenVersion: Int64?
                var looks = LookSchedule()
                while !Task.isCancelled {
                    // Read before looking: a write after this makes the wait below return at once.
                    let generation = watcher?.generation ?? 0
                    var sawCommit = false
                    do {
                        let version = try db.scalar("PRAGMA data_version", as: Int64.self)
                        if version != seenVersion {
                            sawCommit = seenVersion != nil
                            seenVersion = version
                            while !Task.isCancelled {
                                let page = try db.withConnection { try EventLog.scan($0, after: last, league: league, limit: batch) }
                                for e in page.events { continuation.yield(e) }
                                last = page.lastID
                                if page.rows < batch { break }
                            }
                        }
                        failedLook = nil
                    } catch {
                        // Busy or a transient I/O failure: look again on the next tick.
                        seenVersion = nil
                        let reason = "\(error)"
                        if reason != failedLook { problem("a look at the events of \(path) failed: \(reason); looking again") }
                        failedLook = reason
                    }
                    if let watcher {
                        if let soon = looks.next(sawCommit: sawCommit, now: .now) {
                            // A short wait is a plain sleep (a write meanwhile is seen by its count, at the next look).
                            do { try await Task.sleep(for: soon) } catch { break }
                        } else {
                            await watcher.wait(after: generation, upTo: looks.waitLimit(fallback: fallback, now: .now))
                        }
                        if Task.isCancelled { break }
                        looks.waited(sawWrite: watcher.generation != generation, now: .now)
                    } else {
                        do { try await Task.sleep(for: interval) } catch { break }
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// When a follower looks at the file again. A write is reported a moment before its commit can be seen (the WAL is
/// written before its index says the commit is in, and a busy writer may be descheduled in between, as on two cores
/// drawing 240 SSH sessions): after a reported write whose commit isn't visible yet it looks again after 1, 2, 4, 8,
/// then every 16 ms, for up to `window` (128 ms) after the last write reported; a newer write starts the count again.
/// Otherwise it waits for the next write (or the fallback) — but when the window passed without the commit being seen, it
/// looks once more `lateLookAfter` (1 s) after the last write reported, however long the fallback: nothing reports the
/// index update that makes a commit visible, and a writer descheduled longer than the window in between (a loaded
/// machine) would otherwise reach the streams only with the next write or the fallback. (Most such looks follow a
/// commit already seen: its last writes are often reported after the look that saw it. A look is one
/// `PRAGMA data_version` and a short sleep.)
///
/// (The waits grew to 128 ms before, and ended 255 ms after the first report, not the last: a commit missed by one
/// look reached the streams up to 128 ms late, or only with the next write anywhere — the 20-room bench's p99.)
struct LookSchedule: Equatable {
    static let window = Duration.milliseconds(128)
    static let longest = Duration.milliseconds(16)
    /// When the last write was reported whose commit hasn't been seen (nil: none).
    private(set) var lastWrite: ContinuousClock.Instant?
    private(set) var delay = Duration.milliseconds(1)
    static let lateLookAfter = Duration.seconds(1)
    /// When to look once more for a reported write whose commit no look saw within the window (nil: none due).
    private(set) var lateLook: ContinuousClock.Instant?

    /// After a look that saw a commit or not: how long to wait before looking again whatever happens (nil: until the
    /// next write, or `waitLimit`).
    mutating func next(sawCommit: Bool, now: ContinuousClock.Instant) -> Duration? {
        if sawCommit { lastWrite = nil; lateLook = nil }
        guard let since = lastWrite else { return nil }
        if now - since < Self.window { return delay }
        lastWrite = nil
        lateLook = since + Self.lateLookAfter
        return nil
    }

    /// The longest wait for the next write: the fallback, or until the late look when one is due.
    func waitLimit(fallback: Duration, now: ContinuousClock.Instant) -> Duration {
        guard let lateLook else { return fallback }
        return max(.zero, min(fallback, lateLook - now))
    }

    /// The wait ended, with a new write reported or not.
    mutating func waited(sawWrite: Bool, now: ContinuousClock.Instant) {
        if sawWrite {
            lastWrite = now; delay = .milliseconds(1); lateLook = nil
        } else if lastWrite != nil {
            delay = min(delay * 2, Self.longest)
        } else if let due = lateLook, now >= due {
            lateLook = nil   // the look that follows is the late one
        }
    }
}
