import Foundation
import ClubhouseDomain

/// Follows the `events` table of a database file from its own connection and delivers new events as an
/// `AsyncStream`.
///
/// Cheap: every `pollInterval` it reads `PRAGMA data_version`, which changes only when another connection
/// commits (it reads no table); only then does it query `events WHERE id > last`. Writes from any process
/// sharing the file are seen. Cancelling the consuming task (or dropping the stream) stops the polling.
///
/// Needs a file path: an in-memory database cannot be opened by a second connection.
public struct EventFollower: Sendable {
    public let path: String
    public let pollInterval: Duration
    /// Rows read per query while catching up.
    public var batchSize = 500

    public init(path: String, pollInterval: Duration = .milliseconds(25)) {
        self.path = path
        self.pollInterval = pollInterval
    }

    public init(database: Database, pollInterval: Duration = .milliseconds(25)) {
        self.init(path: database.path, pollInterval: pollInterval)
    }

    /// Events with id > `after` (pass `EventLog.lastID(db)` for only new ones, or a client's last seen id to
    /// resume), oldest first, optionally of one league. The stream ends if the file cannot be opened.
    public func events(after: Int64, league: LeagueID? = nil) -> AsyncStream<LeagueEvent> {
        let path = path, interval = pollInterval, batch = batchSize
        return AsyncStream { continuation in
            let task = Task.detached {
                guard let db = try? Database(path: path) else { continuation.finish(); return }
                var last = after
                var seenVersion: Int64?
                while !Task.isCancelled {
                    do {
                        let version = try db.scalar("PRAGMA data_version", as: Int64.self)
                        if version != seenVersion {
                            seenVersion = version
                            while !Task.isCancelled {
                                let page = try db.withConnection { try EventLog.scan($0, after: last, league: league, limit: batch) }
                                for e in page.events { continuation.yield(e) }
                                last = page.lastID
                                if page.rows < batch { break }
                            }
                        }
                    } catch {
                        // Busy or a transient I/O failure: look again on the next tick.
                        seenVersion = nil
                    }
                    do { try await Task.sleep(for: interval) } catch { break }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
