import Foundation

/// The storage port the use cases run on. Every write runs in one transaction
/// (SQLite: `BEGIN IMMEDIATE`); a throw rolls it back, so a failed write leaves the previous state intact.
public protocol LeagueStore: Sendable {
    func read<T>(_ body: (any LeagueStoreReader) throws -> T) throws -> T
    func write<T>(_ body: (any LeagueStoreWriter) throws -> T) throws -> T
    /// `LeagueStoreReader.revision(of:)` read by itself: a store that can ask it in one statement (its own snapshot)
    /// skips the transaction around it — on PostgreSQL one round trip instead of five, for every read the server keeps.
    func readRevision(of league: LeagueID) throws -> String
    /// The session `tokenHash` names and its account (nil: no such session, or its account is gone), read by
    /// themselves: a store that can ask both in one statement skips the transaction around them — on PostgreSQL one
    /// round trip instead of three, for every request that carries a token.
    func sessionAndUser(tokenHash: String) throws -> (session: SessionRecord, user: User)?
}

extension LeagueStore {
    public func readRevision(of league: LeagueID) throws -> String { try read { try $0.revision(of: league) } }

    public func sessionAndUser(tokenHash: String) throws -> (session: SessionRecord, user: User)? {
        try read { try $0.sessionAndUser(tokenHash: tokenHash) }
    }
}

/// Parts of one league a transaction is about to read (`LeagueStoreReader.prefetch`).
public struct LeagueReads: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let league = LeagueReads(rawValue: 1 << 0)
    public static let draft = LeagueReads(rawValue: 1 << 1)
    public static let picks = LeagueReads(rawValue: 1 << 2)
    public static let pickOwners = LeagueReads(rawValue: 1 << 3)
    public static let teams = LeagueReads(rawValue: 1 << 4)
    public static let rosters = LeagueReads(rawValue: 1 << 5)
    /// What a snake draft's room is made of (`DraftService.draftRoom`): the league, its draft, picks, traded picks, teams.
    public static let draftRoom: LeagueReads = [.league, .draft, .picks, .pickOwners, .teams]
}

/// Reads inside one transaction: every journey's port together (`DraftStoreReader`, `TradeStoreReader`, …: one file a
/// journey in this folder). The stores implement them all.
public protocol LeagueStoreReader: LeaguesStoreReader, RosterStoreReader, MatchupsStoreReader, SeasonStoreReader,
    ClockStoreReader, AccountStoreReader, ChatStoreReader, DraftStoreReader, WaiverStoreReader, EventStoreReader,
    TradeStoreReader, KeeperStoreReader, AuctionStoreReader, IdempotencyStoreReader, WebhookStoreReader {}

/// Writes inside one transaction: every journey's writes. Inserting ids are assigned by the store.
public protocol LeagueStoreWriter: LeagueStoreReader, LeaguesStoreWriter, RosterStoreWriter, MatchupsStoreWriter,
    SeasonStoreWriter, ClockStoreWriter, AccountStoreWriter, ChatStoreWriter, DraftStoreWriter, WaiverStoreWriter,
    EventStoreWriter, TradeStoreWriter, KeeperStoreWriter, AuctionStoreWriter, IdempotencyStoreWriter, WebhookStoreWriter {
    /// Runs `body` as a part the write can do without: when it fails, what it wrote is undone (a savepoint) and nil is
    /// returned, so the rest of the write goes on. A failure of the database itself (a conflict with another writer, a
    /// lost connection) is thrown instead: the whole write is then retried or fails, never committed without the part.
    /// (Not `try?` inside a write: on PostgreSQL a failed statement aborts the whole transaction, and every statement
    /// after it fails with "current transaction is aborted".)
    func ifPossible<T>(_ body: () throws -> T) throws -> T?
}
