import Foundation
import Synchronization

/// What this process knows of the commits to a PostgreSQL database without asking it: the change stamp of kept reads
/// (`PostgresEventSource.changeStamp`, the server's `ReadCache`), kept from the LISTEN/NOTIFY follow the process runs
/// anyway, so that a kept read needs no round trip while the knowledge is fresh.
///
/// The stamp moves on when an unfiltered follower (`PostgresEventFollower`, on its LISTEN connection) reads an event id
/// newer than any it read before, or sees the season data version or the running clocks' speeds change (parts of a
/// league's revision that are written without an event); when this process commits a write (`PostgresDatabase.transaction`,
/// after the commit: the writer's own next read asks the revision again); and when a follower loses its connection.
///
/// Fresh: a follower's look (its read of `events WHERE id > last`, which sees every commit made before it began) began
/// at most `freshFor` ago, and no follower lost its connection since. A statement's snapshot is taken when it begins,
/// so while the stamp is given, every commit made more than `freshFor` before now has moved it on if it changed
/// anything a read shows: a kept read answered with it is at most `freshFor` behind. Stale (nothing heard for that
/// long, no follower running, or a connection lost and not yet looked through again), there is no stamp and every
/// read asks the revision (one round trip), as before.
public final class PostgresReadKnowledge: Sendable {
    private struct State {
        var stamp: UInt64 = 0
        /// When the newest look that completed began (nil: none since the start, or since a connection was lost).
        var lookedAt: ContinuousClock.Instant?
        /// The newest event id a look read.
        var newestEvent: Int64 = 0
        /// The season data version and running clocks the last look read (nil: none read yet).
        var others: String?
    }
    private let state = Mutex(State())
    /// How far behind the newest commits a kept read may be (the bound `docs/operating.md` states).
    public let freshFor: Duration

    public init(freshFor: Duration = .seconds(1)) { self.freshFor = freshFor }

    /// The change stamp while the knowledge is fresh; nil otherwise (the read asks the revision).
    public func stamp(now: ContinuousClock.Instant = .now) -> UInt64? {
        state.withLock { s in
            guard let looked = s.lookedAt, now - looked <= freshFor else { return nil }
            return s.stamp
        }
    }

    /// A follower's look that began at `began` read events up to `newestEvent` and, after them, `others`.
    func looked(began: ContinuousClock.Instant, newestEvent: Int64, others: String) {
        state.withLock { s in
            if newestEvent > s.newestEvent || (s.others != nil && s.others != others) { s.stamp &+= 1 }
            s.newestEvent = max(s.newestEvent, newestEvent)
            s.others = others
            s.lookedAt = max(s.lookedAt ?? began, began)
        }
    }

    /// A follower lost its connection: stale until a look through a new one.
    func lost() {
        state.withLock { s in s.stamp &+= 1; s.lookedAt = nil }
    }

    /// This process committed (or may have committed) a write.
    func wrote() {
        state.withLock { s in s.stamp &+= 1 }
    }

    /// The newest event id a look read (tests wait on it: the process has heard of a commit).
    public var newestEventHeard: Int64 { state.withLock { $0.newestEvent } }

    /// What a look reads besides the events, in one statement: the revision's parts written without an event.
    static let othersSQL = """
        SELECT COALESCE((SELECT value FROM meta WHERE key = 'season_data_version'), '') || '/' ||
               COALESCE((SELECT string_agg(league_id::text || ':' || speed::text, ',' ORDER BY league_id)
                         FROM league_clock_runs WHERE speed > 0), '')
        """
}
