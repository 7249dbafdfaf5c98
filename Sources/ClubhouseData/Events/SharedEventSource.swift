import ClubhouseDomain
import Foundation
import Synchronization

/// One follow of a database's events for every follower in the process that starts from where it is: a server
/// instance follows the events three times — its event streams, the draft clock, the season clock — and on PostgreSQL
/// each follow is a connection that LISTENs and reads `events WHERE id > last` at every commit. Shared, a pick wakes one
/// connection and costs one read instead of three.
///
/// A follower whose `after` is at or past what the shared follow has delivered joins it and is given every event after
/// its `after` (of its league, when it names one): the shared follow delivers every id past its own start, in order,
/// once. One that starts further back (a client resuming) follows on its own. The shared follow starts with its first
/// follower and stops when its last one leaves (or the database's follow ends, which ends theirs).
public final class SharedEventSource: LeagueEventSource, Sendable {
    public let base: any LeagueEventSource

    private struct Follower {
        let after: Int64
        let league: LeagueID?
        let continuation: AsyncStream<LeagueEvent>.Continuation
    }
    private struct State {
        var followers: [UInt64: Follower] = [:]
        var next: UInt64 = 0
        /// The id the shared follow has delivered up to (nil: it isn't running).
        var delivered: Int64?
        var task: Task<Void, Never>?
        /// Which run of the shared follow is the current one (a stopped one's last events and end are ignored).
        var run: UInt64 = 0
    }
    private let state = Mutex(State())

    public init(_ base: any LeagueEventSource) { self.base = base }

    public func lastEventID() throws -> Int64 { try base.lastEventID() }
    public func events(after id: Int64, league: LeagueID?, limit: Int) throws -> [LeagueEvent] {
        try base.events(after: id, league: league, limit: limit)
    }
    public func floor(keeping count: Int, league: LeagueID?) throws -> Int64 { try base.floor(keeping: count, league: league) }
    public func checkDatabase(within timeout: Duration) throws { try base.checkDatabase(within: timeout) }
    public func changeStamp(of league: LeagueID) -> UInt64? { base.changeStamp(of: league) }

    /// How many followers share the database's follow now, and the id it has delivered up to (-1: not running) (tests).
    var sharing: Int { state.withLock { $0.followers.count } }
    var deliveredUpTo: Int64 { state.withLock { $0.delivered ?? -1 } }

    public func follow(after id: Int64, league: LeagueID?) -> AsyncStream<LeagueEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LeagueEvent.self)
        let joined: UInt64? = state.withLock { s in
            if let delivered = s.delivered, delivered > id { return nil }   // further back: its own follow
            let key = s.next
            s.next += 1
            s.followers[key] = Follower(after: id, league: league, continuation: continuation)
            if s.delivered == nil {
                s.delivered = id
                s.run += 1
                let run = s.run
                s.task = Task.detached { [weak self, base] in
                    for await event in base.follow(after: id, league: nil) {
                        guard let self else { return }
                        self.deliver(event, run: run)
                    }
                    self?.ended(run: run)
                }
            }
            return key
        }
        guard let key = joined else { return base.follow(after: id, league: league) }
        continuation.onTermination = { [weak self] _ in self?.leave(key) }
        return stream
    }

    private func deliver(_ event: LeagueEvent, run: UInt64) {
        state.withLock { s in
            guard s.run == run else { return }
            s.delivered = max(s.delivered ?? event.id, event.id)
            for f in s.followers.values where event.id > f.after && (f.league == nil || f.league == event.leagueID) {
                f.continuation.yield(event)
            }
        }
    }

    private func leave(_ key: UInt64) {
        let stop: Task<Void, Never>? = state.withLock { s in
            s.followers[key] = nil
            guard s.followers.isEmpty, let task = s.task else { return nil }
            s.task = nil
            s.delivered = nil
            return task
        }
        stop?.cancel()
    }

    /// The database's follow ended: so do its followers' (a new follower starts it again).
    private func ended(run: UInt64) {
        let followers: [Follower] = state.withLock { s in
            guard s.run == run, s.task != nil else { return [] }
            defer { s.followers = [:]; s.delivered = nil; s.task = nil }
            return Array(s.followers.values)
        }
        for f in followers { f.continuation.finish() }
    }
}
