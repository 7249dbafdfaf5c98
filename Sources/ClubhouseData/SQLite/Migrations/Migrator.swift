import Foundation

/// One numbered schema change. Once shipped, a migration never changes: later changes are new versions.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    public let apply: @Sendable (Connection) throws -> Void

    public init(version: Int, name: String, apply: @escaping @Sendable (Connection) throws -> Void) {
        self.version = version; self.name = name; self.apply = apply
    }

    /// A migration that runs an SQL script.
    public init(version: Int, name: String, sql: String) {
        self.init(version: version, name: name) { try $0.execute(sql) }
    }
}

public enum MigrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file was written by a newer version of the app.
    case databaseIsNewer(path: String, found: Int, known: Int)
    /// The migration list itself is wrong (versions not strictly increasing from 1).
    case invalidMigrationList(String)

    public var description: String {
        switch self {
        case .databaseIsNewer(let path, let found, let known):
            "\(path) has schema version \(found), but this clubhouse knows only up to \(known): update the app"
        case .invalidMigrationList(let why): "invalid migration list: \(why)"
        }
    }
}

/// Applies numbered migrations in order, each in its own `BEGIN IMMEDIATE` transaction, recording each in
/// `schema_migrations` (and mirroring the version in `PRAGMA user_version`). Safe when several processes
/// migrate the same file at once: each version is re-checked inside the write lock.
public enum Migrator {
    package static let bookkeeping = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version    INTEGER PRIMARY KEY,
            name       TEXT NOT NULL,
            applied_at REAL NOT NULL
        );
        """

    /// Applies the migrations not yet recorded; returns the versions applied now (empty when up to date).
    @discardableResult
    public static func migrate(_ db: Database, migrations: [Migration] = Schema.migrations, now: @Sendable () -> Date = { Date() }) throws -> [Int] {
        var previous = 0
        for m in migrations {
            guard m.version > previous else {
                throw MigrationError.invalidMigrationList("version \(m.version) after \(previous)")
            }
            previous = m.version
        }
        let known = migrations.last?.version ?? 0
        // Most opens find the file current: one read says so, without taking the write lock.
        let recorded = try currentVersion(db)
        if recorded > known { throw MigrationError.databaseIsNewer(path: db.path, found: recorded, known: known) }
        if recorded == known && known > 0 { return [] }
        try db.transaction { try $0.execute(bookkeeping) }
        let current = try currentVersion(db)
        if current > known { throw MigrationError.databaseIsNewer(path: db.path, found: current, known: known) }

        var applied: [Int] = []
        for m in migrations where m.version > current {
            let didApply = try db.transaction { conn -> Bool in
                // Another process may have applied it while we waited for the lock.
                if try conn.scalar("SELECT 1 FROM schema_migrations WHERE version = ?", [m.version], as: Int.self) != nil {
                    return false
                }
                try m.apply(conn)
                try conn.run("INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)", [m.version, m.name, now()])
                try conn.execute("PRAGMA user_version = \(m.version)")
                return true
            }
            if didApply { applied.append(m.version) }
        }
        return applied
    }

    /// The highest recorded version (0 for a new file).
    public static func currentVersion(_ db: Database) throws -> Int {
        try db.read { conn in
            let hasTable = try conn.scalar("SELECT 1 FROM sqlite_master WHERE type='table' AND name='schema_migrations'", as: Int.self) != nil
            guard hasTable else { return 0 }
            return try conn.scalar("SELECT max(version) FROM schema_migrations", as: Int.self) ?? 0
        }
    }

    /// Every recorded version with its name, oldest first.
    public static func appliedMigrations(_ db: Database) throws -> [(version: Int, name: String)] {
        try db.query("SELECT version, name FROM schema_migrations ORDER BY version").map {
            (try $0.get("version", as: Int.self), try $0.get("name", as: String.self))
        }
    }
}

/// The product's schema, one migration per version (files `MigrationNNN_*.swift`).
public enum Schema {
    public static let migrations: [Migration] = [Migration001.migration, Migration002.migration, Migration003.migration, Migration004.migration,
                                                 Migration005.migration, Migration006.migration, Migration007.migration,
                                                 Migration008.migration, Migration009.migration, Migration010.migration,
                                                 Migration011.migration, Migration012.migration, Migration013.migration,
                                                 Migration014.migration, Migration015.migration,
                                                 Migration016.migration, Migration017.migration, Migration018.migration,
                                                 Migration019.migration]
    public static var latestVersion: Int { migrations.last?.version ?? 0 }
}

extension Database {
    /// Brings the schema up to date (see `Migrator.migrate`).
    @discardableResult
    public func migrate(_ migrations: [Migration] = Schema.migrations) throws -> [Int] {
        try Migrator.migrate(self, migrations: migrations)
    }
}
