import ClubhouseDomain
import Foundation
import Synchronization

/// What this process knows of the commits to a PostgreSQL database without asking it: the change stamps of kept reads
/// (`PostgresEventSource.changeStamp(of:)`, the server's `ReadCache`), kept from the LISTEN/NOTIFY follow the process
/// runs anyway, so that a kept read needs no round trip while the knowledge is fresh.
///
/// Each league has its own stamp, so that a busy league's commits leave every other league's kept reads standing. It
/// moves on when an unfiltered follower (`PostgresEventFollower`, on its LISTEN connection) reads an event of that
/// league newer than any read before. Every league's moves on together when a look reads a row it can't place (a kind
/// this build doesn't know), or sees the season data version or the running clocks' speeds change (parts of a league's
/// revision that are written without an event); when this process commits a write (`PostgresDatabase.transaction`,
/// after the commit: the writer's own next read asks the revision again, whatever the write changed); and when a
/// follower loses its connection (everything known is forgotten).
///
/// Fresh: a follower's look (its read of `events WHERE id > last`, which sees every commit made before it began) began
/// at most `freshFor` ago, and no follower lost its connection since. A statement's snapshot is taken when it begins,
/// so while a stamp is given, every commit made more than `freshFor` before now has moved on the stamp of each league
/// whose reads it changed: a kept read answered with it is at most `freshFor` behind. Stale (nothing heard for that
/// long, no follower running, or a connection lost and not yet looked through again), there is no stamp and every
/// read asks the revision (one round trip), as before.
///
/// The stamps are values of one counter that only grows: a league's is the newer of the last move of its own and the
/// last move of all, so it can never come back to a value an answer was kept with.
public final class PostgresReadKnowledge: Sendable {
    private struct State {
        var tick: UInt64 = 0
        /// The tick of the last move of every league's stamp.
        var all: UInt64 = 0
        /// The tick of each league's last own move, when newer than `all` (emptied at each move of all).
        var leagues: [LeagueID: UInt64] = [:]
        /// When the newest look that completed began (nil: none since the start, or since a connection was lost).
        var lookedAt: ContinuousClock.Instant?
        /// The newest event id a look read.
        var newestEvent: Int64 = 0
        /// The season data version and running clocks the last look read (nil: none read yet).
        var others: String?

        mutating func moveAll() { tick &+= 1; all = tick; leagues.removeAll(keepingCapacity: true) }
    }
    private let state = Mutex(State())
    /// How far behind the newest commits a kept read may be (the bound `docs/operating.md` states).
    public let freshFor: Duration

    public init(freshFor: Duration = .seconds(1)) { self.freshFor = freshFor }

    /// `league`'s change stamp while the knowledge is fresh; nil otherwise (the read asks the revision).
    public func stamp(of league: LeagueID, now: ContinuousClock.Instant = .now) -> UInt64? {
        state.withLock { s in
            guard let looked = s.lookedAt, now - looked <= freshFor else { return nil }
            return max(s.all, s.leagues[league] ?? 0)
        }
    }

    /// A stamp that moves on with any league's while the knowledge is fresh; nil otherwise (tests).
    public func stamp(now: ContinuousClock.Instant = .now) -> UInt64? {
        state.withLock { s in
            guard let looked = s.lookedAt, now - looked <= freshFor else { return nil }
            return s.tick
        }
    }

    /// A follower's look that began at `began` read `events` (each event's id and league), and every row up to
    /// `newestEvent` — some it couldn't place when `skipped` (a kind this build doesn't know) — then `others`.
    func looked(began: ContinuousClock.Instant, events: [(id: Int64, league: LeagueID)], skipped: Bool, newestEvent: Int64, others: String) {
        state.withLock { s in
            if (s.others != nil && s.others != others) || (skipped && newestEvent > s.newestEvent) {
                s.moveAll()
            } else {
                // Another follower of the process may read the same events again: only news moves a stamp.
                let news = events.filter { $0.id > s.newestEvent }
                if !news.isEmpty { s.tick &+= 1 }
                for e in news { s.leagues[e.league] = s.tick }
            }
            s.newestEvent = max(s.newestEvent, newestEvent)
            s.others = others
            s.lookedAt = max(s.lookedAt ?? began, began)
        }
    }

    /// A follower lost its connection: stale until a look through a new one.
    func lost() {
        state.withLock { s in s.moveAll(); s.lookedAt = nil }
    }

    /// This process committed (or may have committed) a write.
    func wrote() {
        state.withLock { s in s.moveAll() }
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
