import ClubhouseData
import ClubhouseDomain
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The events of a PostgreSQL database, seen by every instance: each follower has its own connection that LISTENs on
/// `clubhouse_events` (every event insert NOTIFYs it at commit, see `PostgresConnection.appendEvent`) and reads
/// `events WHERE id > last` whenever it is told, and every `fallbackInterval` in case a notification was lost with a
/// connection. Ids become visible in increasing order (the append lock), so resuming from any id has no gap and no
/// duplicate, whichever instance wrote the events and whichever one the client reads them from.
public struct PostgresEventSource: LeagueEventSource {
    public let database: PostgresDatabase
    /// Longest wait between two looks without a notification.
    public var fallbackInterval: Duration = .seconds(1)
    /// Rows read per query while catching up.
    public var batchSize = 500

    public init(database: PostgresDatabase) { self.database = database }

    /// Kept from this process's follows of every league (`PostgresReadKnowledge`), `league`'s own: nil while nothing
    /// was heard for its `freshFor`, or a follow's connection was lost, and whenever no follow of every league runs.
    public func changeStamp(of league: LeagueID) -> UInt64? { database.readKnowledge.stamp(of: league) }

    public func lastEventID() throws -> Int64 {
        try domainErrors { try database.read { try $0.scalar("SELECT COALESCE(max(id), 0) FROM events", [], as: Int64.self) } ?? 0 }
    }

    public func events(after id: Int64, league: LeagueID?, limit: Int) throws -> [LeagueEvent] {
        try domainErrors { try database.read { try EventLog.scan($0, after: id, league: league, limit: limit).events } }
    }

    /// `SELECT 1` on a connection of the pool within `timeout`.
    public func checkDatabase(within timeout: Duration) throws {
        try domainErrors { try database.ping(within: timeout) }
    }

    private func domainErrors<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as PostgresError { throw e.domainError }
    }

    public func floor(keeping count: Int, league: LeagueID?) throws -> Int64 {
        try database.read { try EventLog.floor($0, keeping: count, league: league) }
    }

    public func follow(after id: Int64, league: LeagueID?) -> AsyncStream<LeagueEvent> {
        let follower = PostgresEventFollower(url: database.url, after: id, league: league, fallback: fallbackInterval, batch: batchSize,
                                             connectTimeout: database.options.connectTimeout, statementTimeout: database.options.callTimeout,
                                             // Only a follow of every league sees every commit that moves the stamp on.
                                             knowledge: league == nil ? database.readKnowledge : nil)
        return AsyncStream { continuation in
            continuation.onTermination = { _ in follower.cancel() }
            // A thread of its own: it blocks in poll(2), which must not hold one of the few cooperative threads.
            let thread = Thread { follower.run(continuation) }
            thread.name = "clubhouse.postgres-events"
            thread.start()
        }
    }
}

/// The follower's loop, on its own thread.
final class PostgresEventFollower: Sendable {
    let url: String
    /// The event id the follow resumes after (`run` keeps its progress in a local).
    let after: Int64
    let league: LeagueID?
    let fallback: Duration
    let batch: Int
    let connectTimeout: Duration
    let statementTimeout: Duration
    /// Kept up to date by each look, when this follow sees every league (`PostgresReadKnowledge`).
    let knowledge: PostgresReadKnowledge?
    /// The pause before reconnecting after a failure, doubled at each failure in a row up to `longestPause`.
    static let firstPause: Duration = .milliseconds(200)
    static let longestPause: Duration = .seconds(5)
    private let cancelled = Mutex(false)

    init(url: String, after: Int64, league: LeagueID?, fallback: Duration, batch: Int, connectTimeout: Duration = .seconds(5),
         statementTimeout: Duration = .seconds(10), knowledge: PostgresReadKnowledge? = nil) {
        self.url = url; self.after = after; self.league = league; self.fallback = fallback; self.batch = batch
        self.connectTimeout = connectTimeout; self.statementTimeout = statementTimeout; self.knowledge = knowledge
    }

    func cancel() { cancelled.withLock { $0 = true } }
    private var isCancelled: Bool { cancelled.withLock { $0 } }

    /// The follower's loop; call once, on the follower's own thread. Through an outage (server stopped, restarted,
    /// frozen, its connection killed) it keeps `last` and reconnects with a growing pause; back on, it reads every
    /// event after `last`, so nothing is skipped or repeated.
    func run(_ continuation: AsyncStream<LeagueEvent>.Continuation) {
        defer { continuation.finish() }
        var last = after
        var connection: PostgresConnection?
        var pause = Self.firstPause
        // A follow that keeps the knowledge looks at least twice within its freshness, so that it stays fresh while
        // the database is quiet (one indexed read and one small one per look).
        let fallbackMs = Int(PostgresConnection.milliseconds(knowledge.map { min(fallback, $0.freshFor / 2) } ?? fallback))
        while !isCancelled {
            do {
                if connection == nil {
                    let c = try PostgresConnection(url: url, connectTimeout: connectTimeout, statementTimeout: statementTimeout)
                    // LISTEN before reading: a commit after the read below is then always notified.
                    try c.execute("LISTEN \(PostgresEvents.channel)")
                    connection = c
                }
                guard let c = connection else { continue }
                // Every read has the statement deadline: a frozen server fails it, and the loop reconnects.
                var began = ContinuousClock.now
                // What the knowledge needs of the pages: each event's league, and whether a row couldn't be placed.
                var heard: [(id: Int64, league: LeagueID)] = [], skipped = false
                while !isCancelled {
                    began = .now
                    let page = try EventLog.scan(c, after: last, league: league, limit: batch)
                    for e in page.events { continuation.yield(e) }
                    if knowledge != nil {
                        heard += page.events.map { ($0.id, $0.leagueID) }
                        skipped = skipped || page.events.count < page.rows
                    }
                    last = page.lastID
                    if page.rows < batch { break }
                }
                // The last page saw every commit made before it began.
                if let knowledge, !isCancelled {
                    let others = try c.scalar(PostgresReadKnowledge.othersSQL, [], as: String.self) ?? ""
                    knowledge.looked(began: began, events: heard, skipped: skipped, newestEvent: last, others: others)
                }
                pause = Self.firstPause
                // Wait for a notification (any: the read decides what is new), the fallback, or cancellation.
                var waited = 0
                while !isCancelled && waited < fallbackMs {
                    var pfd = pollfd(fd: c.socket, events: Int16(POLLIN), revents: 0)
                    let slice = min(200, fallbackMs - waited)
                    let ready = poll(&pfd, 1, Int32(slice))
                    waited += slice
                    if ready > 0 {
                        if !(try c.notifications()).isEmpty { break }
                        if !c.isHealthy || pfd.revents & Int16(POLLHUP | POLLERR) != 0 {
                            throw PostgresError(sqlState: "08006", message: "connection lost")
                        }
                    }
                }
            } catch {
                // The server went away, restarted or stopped answering: reconnect (and re-read from `last`) after a
                // pause that grows while it stays away, so an outage isn't met with a connection attempt every 200 ms.
                connection = nil
                knowledge?.lost()
                Wait.blockingUntil(pause, every: .milliseconds(50)) { isCancelled }
                pause = min(pause * 2, Self.longestPause)
            }
        }
    }
}

enum PostgresEvents {
    /// The NOTIFY channel event inserts signal.
    static let channel = "clubhouse_events"
    /// The advisory lock held from an event insert to its commit.
    static let appendLock: Int64 = 7_303_001
    /// An event's insert (`PostgresConnection.appendEvent`): the append lock, then the row and its id, then the NOTIFY.
    static let appendSQL = """
        WITH append_lock AS MATERIALIZED (SELECT pg_advisory_xact_lock(\(appendLock)))
        INSERT INTO events (league_id, kind, payload, at)
        SELECT ?::bigint, ?::text, ?::text, ?::double precision FROM append_lock
        RETURNING id, pg_notify('\(channel)', id::text)
        """
}
