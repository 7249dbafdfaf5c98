import ClubhouseData
import ClubhouseDomain
import Foundation

/// The product's schema on PostgreSQL: the same numbered migrations as SQLite's `Schema`, each in PostgreSQL's
/// dialect. The SQL is not written twice: every migration's SQLite script goes through `translate`, which maps
/// SQLite's types and spellings onto PostgreSQL's (INTEGER → BIGINT, REAL → DOUBLE PRECISION, an `id INTEGER PRIMARY
/// KEY` → an identity column, WITHOUT ROWID and COLLATE NOCASE dropped — emails are stored normalised anyway).
/// Migrations written in Swift run their shared body on a `PostgresConnection`.
public enum PostgresSchema {
    public struct Step: Sendable {
        public let version: Int
        public let name: String
        let apply: @Sendable (PostgresConnection) throws -> Void
    }

    public static let migrations: [Step] = [
        Step(version: 1, name: Migration001.migration.name) { try $0.execute(translate(Migration001.sql)) },
        Step(version: 2, name: Migration002.migration.name) { try $0.execute(translate(Migration002.sql)) },
        Step(version: 3, name: Migration003.migration.name) { try Migration003.apply($0) },
        Step(version: 4, name: Migration004.migration.name) { try $0.execute(translate(Migration004.sql)) },
        Step(version: 5, name: Migration005.migration.name) { try $0.execute(translate(Migration005.sql)) },
        Step(version: 6, name: Migration006.migration.name) { try Migration006.apply($0) },
        // v7's data step runs on PostgreSQL too (a database copied from an SQLite world before v7 has 2019 in the old
        // shape); PostgreSQL databases were seeded from a migrated SQLite world, so they have their plays already.
        Step(version: 7, name: Migration007.migration.name) { c in
            try c.execute(translate(Migration007.sql))
            try Migration007.moveData(c)
        },
        Step(version: 8, name: Migration008.migration.name) { c in
            try c.execute(translate(Migration008.sql))
            try c.execute(Migration008.postgresChecks)
        },
        Step(version: 9, name: Migration009.migration.name) { c in
            try c.execute(translate(Migration009.sql))
            try c.execute(Migration009.postgresChecks)
        },
        Step(version: 10, name: Migration010.migration.name) { try $0.execute(translate(Migration010.sql)) },
        Step(version: 11, name: Migration011.migration.name) { try $0.execute(translate(Migration011.sql)) },
        Step(version: 12, name: Migration012.migration.name) { try $0.execute(translate(Migration012.sql)) },
        Step(version: 13, name: Migration013.migration.name) { try $0.execute(translate(Migration013.sql)) },
        Step(version: 14, name: Migration014.migration.name) { try $0.execute(translate(Migration014.sql)) },
        Step(version: 15, name: Migration015.migration.name) { try $0.execute(translate(Migration015.sql)) },
        Step(version: 16, name: Migration016.migration.name) { try $0.execute(translate(Migration016.sql)) },
        Step(version: 17, name: Migration017.migration.name) { try $0.execute(translate(Migration017.sql)) },
        Step(version: 18, name: Migration018.migration.name) { try $0.execute(Migration018.postgres) },
        Step(version: 19, name: Migration019.migration.name) { try $0.execute(translate(Migration019.sql)) },
    ]

    /// Same versions as SQLite's, always (a test checks).
    public static var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Every migration takes this advisory lock: instances starting together migrate one at a time.
    static let migrationLock: Int64 = 7_303_000

    /// Applies the migrations not yet recorded, each in its own transaction; returns the versions applied now.
    @discardableResult
    public static func migrate(_ db: PostgresDatabase, now: @Sendable () -> Date = { Date() }) throws -> [Int] {
        var applied: [Int] = []
        try db.transaction(timeout: PostgresDatabase.maintenanceTimeout) { c in
            try c.run("SELECT pg_advisory_xact_lock(\(migrationLock))", [])
            try c.execute(translate(Migrator.bookkeeping))
        }
        for step in migrations {
            let did = try db.transaction(timeout: PostgresDatabase.maintenanceTimeout) { c -> Bool in
                try c.run("SELECT pg_advisory_xact_lock(\(migrationLock))", [])
                let current = try c.scalar("SELECT COALESCE(max(version), 0) FROM schema_migrations", [], as: Int.self) ?? 0
                if current > latestVersion {
                    throw MigrationError.databaseIsNewer(path: db.description, found: current, known: latestVersion)
                }
                if try c.scalar("SELECT 1 FROM schema_migrations WHERE version = ?", [step.version], as: Int.self) != nil { return false }
                try step.apply(c)
                try c.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", [step.version, step.name, now()])
                return true
            }
            if did { applied.append(step.version) }
        }
        return applied
    }

    /// An SQLite schema script in PostgreSQL's dialect.
    static func translate(_ sqlite: String) -> String {
        var s = sqlite
        for (pattern, template) in rewrites {
            s = pattern.stringByReplacingMatches(in: s, range: NSRange(s.startIndex..., in: s), withTemplate: template)
        }
        return s
    }

    private static let rewrites: [(NSRegularExpression, String)] = [
        (#"\b(\w+)\s+INTEGER PRIMARY KEY AUTOINCREMENT\b"#, "$1 BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
        (#"\bid\s+INTEGER PRIMARY KEY\b"#, "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
        (#"\bINTEGER\b"#, "BIGINT"),
        (#"\bREAL\b"#, "DOUBLE PRECISION"),
        (#"\)\s*WITHOUT ROWID"#, ")"),
        (#"\s+COLLATE NOCASE"#, ""),
    ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }
}

/// Fills an empty PostgreSQL database from a migrated (and seeded) SQLite one: every table, row for row, with
/// `COPY`, in one transaction. This is how `clubhouse serve --database postgres://…` seeds the demo season, and how
/// an operator moves a club's SQLite file onto PostgreSQL.
public enum PostgresSeeder {
    /// Tables that are bookkeeping of the file itself, not league data.
    static let skipped: Set<String> = ["schema_migrations", "sqlite_sequence"]

    /// Copies every table of `source` into `target` when `target` holds no account and no league yet; returns
    /// whether it copied. Safe when several instances start at once: one copies, the others find it done.
    @discardableResult
    public static func copyIfEmpty(from source: Database, to target: PostgresDatabase) throws -> Bool {
        try target.transaction(timeout: PostgresDatabase.maintenanceTimeout) { pg in
            try pg.run("SELECT pg_advisory_xact_lock(\(PostgresSchema.migrationLock))", [])
            let used = try pg.scalar("SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM leagues)", [], as: Int64.self) ?? 0
            guard used == 0 else { return false }
            try source.withConnection { sqlite in
                let tables = try sqlite.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid")
                    .compactMap { String(sqliteValue: $0[0]) }.filter { !skipped.contains($0) }
                // Children first when emptying, parents first when filling (the tables were created parents first).
                for table in tables.reversed() { try pg.execute("DELETE FROM \(table)") }
                for table in tables {
                    let columns = try sqlite.query("PRAGMA table_info(\(table))").compactMap { String(sqliteValue: $0["name"]) }
                    let list = columns.joined(separator: ", ")
                    let statement = try sqlite.prepare("SELECT \(list) FROM \(table)")
                    var rows: [[SQLiteValue]] = []
                    try statement.forEach([]) { s in rows.append((0..<Int32(columns.count)).map { s.value(at: $0) }) }
                    try pg.copy(into: table, columns: columns, rows: rows)
                    // Identity columns continue after the copied ids.
                    if columns.contains("id"), let sequence = try pg.scalar("SELECT pg_get_serial_sequence(?, 'id')", [table], as: String.self) {
                        try pg.run("SELECT setval(?::regclass, COALESCE((SELECT max(id) FROM \(table)), 0) + 1, false)", [sequence])
                    }
                }
            }
            return true
        }
    }
}
