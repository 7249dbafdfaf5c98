import ClubhouseData
import ClubhouseDomain
import Foundation

/// The Domain's `LeagueStore` port over PostgreSQL, for several `clubhouse serve` instances on one database. The
/// SQL is `SQLStoreTransaction`'s, the same as SQLite's. Writes are `SERIALIZABLE` and run again when a concurrent
/// transaction wins (see `PostgresDatabase`); the pick-number check is the primary key of `picks`, so of several
/// instances ticking the same pick exactly one insert lands. PostgreSQL failures surface as `DomainError`s.
public final class PostgresLeagueStore: LeagueStore, @unchecked Sendable {
    // `PostgresDatabase` is Sendable (its pool is locked); this class adds no mutable state.
    public let database: PostgresDatabase

    public init(database: PostgresDatabase) { self.database = database }

    public func read<T>(_ body: (any LeagueStoreReader) throws -> T) throws -> T {
        try mapErrors { try database.read { c in try withStoreTransaction(on: c) { try body($0) } } }
    }

    public func write<T>(_ body: (any LeagueStoreWriter) throws -> T) throws -> T {
        try mapErrors { try database.transaction { try withStoreTransaction(on: $0, body) } }
    }

    /// One statement outside a transaction: one round trip (`LeagueStore.readRevision`).
    public func readRevision(of league: LeagueID) throws -> String {
        try mapErrors { try database.withConnection { try sqlStoreTransaction(on: $0).revision(of: league) } }
    }

    /// One statement outside a transaction: one round trip (`LeagueStore.sessionAndUser`).
    public func sessionAndUser(tokenHash: String) throws -> (session: SessionRecord, user: User)? {
        try mapErrors { try database.withConnection { try sqlStoreTransaction(on: $0).sessionAndUser(tokenHash: tokenHash) } }
    }

    private func mapErrors<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as PostgresError { throw e.domainError }
    }
}
