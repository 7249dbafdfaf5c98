import ClubhouseDomain
import Foundation

/// The Domain's `LeagueStore` port over one SQLite database. Reads run in a deferred transaction
/// (one consistent snapshot); writes in `BEGIN IMMEDIATE`, so writers in other processes queue on the
/// busy timeout and a throw rolls everything back. SQLite failures surface as `DomainError`s.
/// The SQL itself is `SQLStoreTransaction`'s, shared with `PostgresLeagueStore`.
public final class SQLiteLeagueStore: LeagueStore, @unchecked Sendable {
    // `Database` confines its connection behind a lock; this class adds no mutable state.
    public let database: Database

    public init(database: Database) { self.database = database }

    public func read<T>(_ body: (any LeagueStoreReader) throws -> T) throws -> T {
        try mapErrors { try database.read { c in try withStoreTransaction(on: c) { try body($0) } } }
    }

    public func write<T>(_ body: (any LeagueStoreWriter) throws -> T) throws -> T {
        try mapErrors { try database.transaction { try withStoreTransaction(on: $0, body) } }
    }

    /// One statement outside a transaction (`LeagueStore.readRevision`).
    public func readRevision(of league: LeagueID) throws -> String {
        try mapErrors { try database.withConnection { try SQLStoreTransaction(session: $0).revision(of: league) } }
    }

    private func mapErrors<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as DatabaseError { throw e.domainError }
    }
}
