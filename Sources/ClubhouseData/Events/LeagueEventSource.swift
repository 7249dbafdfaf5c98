import ClubhouseDomain
import Foundation

/// Where live events come from: the append-only `events` table of the store's database, read and followed. One
/// implementation per database: `SQLiteEventSource` (the file, watched) and `PostgresEventSource` (LISTEN/NOTIFY).
public protocol LeagueEventSource: Sendable {
    /// The newest event id (0 when there is none): follow from here to see only new events.
    func lastEventID() throws -> Int64
    /// Stored events after `id`, oldest first, at most `limit`, optionally of one league.
    func events(after id: Int64, league: LeagueID?, limit: Int) throws -> [LeagueEvent]
    /// The id after which at most `count` events (of `league`, or of all leagues) are stored; 0 when there are no
    /// more than `count` (an indexed read of `count` ids, not of the events).
    func floor(keeping count: Int, league: LeagueID?) throws -> Int64
    /// Every event after `id` as it is written (by this process or any other on the same database), oldest first,
    /// each once. Cancelling the consuming task (or dropping the stream) stops it.
    func follow(after id: Int64, league: LeagueID?) -> AsyncStream<LeagueEvent>
    /// Returns when the database answers a trivial question within `timeout`; else throws the cause (the server's
    /// `/healthz`).
    func checkDatabase(within timeout: Duration) throws
    /// A number that moves on at every commit to the database that may change what a read of `league` shows (by any
    /// connection of any process), read without waiting on anything; nil when the database can't say so cheaply.
    /// SQLite's moves on at every commit, whatever it changed (`SQLiteDataVersion`); PostgreSQL's is the league's own,
    /// kept from what the instance heard (`PostgresReadKnowledge`).
    func changeStamp(of league: LeagueID) -> UInt64?
}

extension LeagueEventSource {
    /// A read of the newest event id.
    public func checkDatabase(within timeout: Duration) throws { _ = try lastEventID() }
    public func changeStamp(of league: LeagueID) -> UInt64? { nil }
}

/// The events of an SQLite file, followed by `EventFollower`.
public struct SQLiteEventSource: LeagueEventSource {
    public let path: String
    /// A connection for the reads, when the caller has one open; otherwise each read opens its own.
    private let database: Database?
    /// The file's commits, counted by a connection of their own (opened at the first `changeStamp`).
    private let dataVersion: SQLiteDataVersion?
    /// Where its followers say what they drop (`EventFollower.problem`).
    public var problem: @Sendable (String) -> Void = { _ in }

    public init(path: String) { self.path = path; database = nil; dataVersion = SQLiteDataVersion(path: path) }
    public init(database: Database) { path = database.path; self.database = database; dataVersion = SQLiteDataVersion(path: database.path) }

    /// The source of `path` whose followers say what they drop to `problem`.
    public init(path: String, problem: @escaping @Sendable (String) -> Void) { self.init(path: path); self.problem = problem }

    /// The file's data version, the same for every league.
    public func changeStamp(of league: LeagueID) -> UInt64? { dataVersion?.current() }

    private func db() throws -> Database { try database ?? Database(path: path) }

    public func lastEventID() throws -> Int64 { try EventLog.lastID(try db()) }

    public func events(after id: Int64, league: LeagueID?, limit: Int) throws -> [LeagueEvent] {
        try EventLog.events(try db(), after: id, league: league, limit: limit)
    }

    public func floor(keeping count: Int, league: LeagueID?) throws -> Int64 {
        try EventLog.floor(try db(), keeping: count, league: league)
    }

    public func follow(after id: Int64, league: LeagueID?) -> AsyncStream<LeagueEvent> {
        var follower = EventFollower(path: path)
        follower.problem = problem
        return follower.events(after: id, league: league)
    }

    /// The file is still there, readable and writable, and answers a read (SQLite waits on nothing for a read in WAL
    /// mode, so `timeout` isn't needed). An open connection would go on reading a file deleted or made unreadable
    /// under it; the next process to open it, or this one's next connection, could not.
    public func checkDatabase(within timeout: Duration) throws {
        if path != ":memory:", !path.isEmpty, !path.hasPrefix("file:"), access(path, R_OK | W_OK) != 0 {
            throw DomainError.storage("The league database \(path) can't be read and written: \(String(cString: strerror(errno)))")
        }
        do { _ = try lastEventID() } catch let e as DatabaseError { throw e.domainError }
    }
}
