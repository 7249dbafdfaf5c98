import Foundation
import Testing
@testable import ClubhouseData
import ClubhouseDomain

@Suite struct MigrationTests {
    static let productTables: Set<String> = [
        "meta", "nfl_teams", "players", "games", "weekly_stats", "prior_season_stats", "users", "sessions", "ssh_keys",
        "leagues", "teams", "join_requests", "invites", "roster_entries", "lineups", "drafts", "picks", "draft_queue",
        "chat_messages", "waiver_claims", "waiver_holds", "transactions", "matchups", "events", "schema_migrations",
        "sign_in_attempts", "plays", "league_clock_runs", "idempotent_requests",
    ]

    @Test func migratesAnEmptyFileToTheLatestSchema() throws {
        let dir = TempDir()
        let db = try Database(path: dir.file("new.sqlite"))
        #expect(try Migrator.currentVersion(db) == 0)
        #expect(try db.migrate() == Schema.migrations.map(\.version))
        #expect(try Migrator.currentVersion(db) == Schema.latestVersion)
        #expect(try db.scalar("PRAGMA user_version", as: Int.self) == Schema.latestVersion)
        let tables = Set(try db.query("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")
            .map { try $0.get("name", as: String.self) })
        #expect(tables == Self.productTables)
        #expect(try db.integrityCheck() == ["ok"])
        #expect(try db.query("PRAGMA foreign_key_check").isEmpty)
        // Running again does nothing.
        #expect(try db.migrate() == [])
    }

    @Test func aDatabaseSeededBeforePlaysGetsTheShippedPlaysWhenItMigratesToVersion4() throws {
        let dir = TempDir()
        let db = try Database(path: dir.file("v2.sqlite"))
        try db.migrate(Array(Schema.migrations.prefix { $0.version < 4 }))
        var fixture = try SeasonFixture.bundled2019()
        fixture.plays = []
        try SeasonImporter.importSeason(fixture, into: db)
        #expect(try db.migrate() == Schema.migrations.map(\.version).filter { $0 >= 4 })
        #expect(try db.scalar("SELECT count(*) FROM plays", as: Int.self) == 101_776)
        #expect(try db.scalar("SELECT count(*) FROM plays WHERE quarter IS NULL", as: Int.self) == 5)
    }

    /// Issue #30: emails stored before v6 (trimmed and lower-cased only) move to the form sign-in looks up; when two
    /// accounts come to one address, the one already in that form — else the oldest — keeps it and the other keeps
    /// its spelling (nothing is merged or removed).
    @Test func storedEmailsMoveToTheFormSignInLooksUpAndCollisionsKeepTheirOwner() throws {
        let dir = TempDir()
        let db = try Database(path: dir.file("v5.sqlite"))
        try db.migrate(Array(Schema.migrations.prefix { $0.version < 6 }))
        let stored = [
            "jose\u{301}@example.com",            // 1: decomposed é
            "\u{FF4A}ane@example.com",            // 2: full-width ｊ
            "ann@example.com",                    // 3: already canonical…
            "ann\u{200B}@example.com",            // 4: …and its zero-width look-alike
            "\u{FF42}ob@example.com",             // 5: full-width ｂ, the older…
            "bob\u{200B}@example.com",            // 6: …of two that come to bob@example.com
            "\u{430}nn@example.com",              // 7: a Cyrillic look-alike: a different address, left as it is
        ]
        for (i, email) in stored.enumerated() {
            try db.run("INSERT INTO users (id, email, display_name, password_hash, created_at) VALUES (?, ?, ?, '!', 0)",
                       [Int64(i + 1), email, "User \(i + 1)"])
        }
        #expect(try db.migrate() == [6])
        func email(_ id: Int64) throws -> [UInt32] {
            try #require(try db.scalar("SELECT email FROM users WHERE id = ?", [id], as: String.self)).unicodeScalars.map(\.value)
        }
        #expect(try email(1) == "jos\u{E9}@example.com".unicodeScalars.map(\.value))
        #expect(try email(2) == "jane@example.com".unicodeScalars.map(\.value))
        #expect(try email(3) == "ann@example.com".unicodeScalars.map(\.value))
        #expect(try email(4) == stored[3].unicodeScalars.map(\.value))
        #expect(try email(5) == "bob@example.com".unicodeScalars.map(\.value))
        #expect(try email(6) == stored[5].unicodeScalars.map(\.value))
        #expect(try email(7) == stored[6].unicodeScalars.map(\.value))
        // Sign-in's lookup finds each owner by any spelling of its address.
        let store = SQLiteLeagueStore(database: db)
        for (typed, owner) in [("Jose\u{301}@Example.com", 1), ("\u{FF4A}ANE@example.com", 2), ("ann\u{200B}@example.com", 3),
                               ("bob@example.com", 5), ("\u{430}nn@example.com", 7)] {
            let key = try #require(AccountRules.signInEmail(typed))
            #expect(try store.read { try $0.account(email: key) }?.user.id == UserID(Int64(owner)), "\(typed.debugDescription)")
        }
        #expect(try db.migrate() == [])
    }

    @Test func migratesAPreviousVersionAndRecordsTheNewOneOnce() throws {
        let dir = TempDir()
        let path = dir.file("old.sqlite")
        do {
            let v1 = try Database(path: path)
            try v1.migrate(Schema.migrations)
            try v1.run("INSERT INTO meta(key, value) VALUES ('kept', 'yes')")
        }
        let next = Schema.latestVersion + 1
        let v2 = Migration(version: next, name: "add nickname to users", sql: "ALTER TABLE users ADD COLUMN nickname TEXT")
        let db = try Database(path: path)
        #expect(try db.migrate(Schema.migrations + [v2]) == [next])
        #expect(try db.migrate(Schema.migrations + [v2]) == [])
        let applied = try Migrator.appliedMigrations(db)
        #expect(applied.map(\.version) == Schema.migrations.map(\.version) + [next])
        #expect(applied.last?.name == "add nickname to users")
        #expect(try db.scalar("PRAGMA user_version", as: Int.self) == next)
        #expect(try db.query("PRAGMA table_info(users)").contains { try $0.get("name", as: String.self) == "nickname" })
        #expect(try db.scalar("SELECT value FROM meta WHERE key='kept'", as: String.self) == "yes")
    }

    @Test func aFailingMigrationLeavesTheDatabaseAtThePreviousVersion() throws {
        let db = try Database.inMemory()
        try db.migrate()
        let bad = Migration(version: Schema.latestVersion + 1, name: "broken") { conn in
            try conn.execute("CREATE TABLE half_done(x)")
            try conn.execute("THIS IS NOT SQL")
        }
        #expect(throws: DatabaseError.self) { try db.migrate(Schema.migrations + [bad]) }
        #expect(try Migrator.currentVersion(db) == Schema.latestVersion)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name='half_done'", as: Int.self) == 0)
    }

    @Test func refusesADatabaseFromANewerApp() throws {
        let db = try Database.inMemory()
        try db.migrate(Schema.migrations + [Migration(version: Schema.latestVersion + 1, name: "future", sql: "SELECT 1")])
        #expect(throws: MigrationError.self) { try db.migrate(Schema.migrations) }
    }

    @Test func rejectsAMigrationListOutOfOrder() throws {
        let db = try Database.inMemory()
        let list = [Migration(version: 2, name: "b", sql: ""), Migration(version: 1, name: "a", sql: "")]
        #expect(throws: MigrationError.self) { try db.migrate(list) }
    }

    @Test func statTablesHaveAColumnForEveryStatLineColumn() throws {
        let db = try migratedMemoryDatabase()
        for table in ["weekly_stats", "prior_season_stats"] {
            let names = Set(try db.query("PRAGMA table_info(\(table))").map { try $0.get("name", as: String.self) })
            for column in StatLine.columns.map(\.name) {
                #expect(names.contains(column), "\(table) lacks \(column)")
            }
        }
    }

    @Test func thePickNumberIsUniquePerLeague() throws {
        let db = try migratedMemoryDatabase()
        try db.transaction { c in
            try c.execute("""
                INSERT INTO nfl_teams VALUES ('CAR','Carolina','Panthers',7);
                INSERT INTO players(id, full_name, first_name, last_name, position, nfl_team) VALUES
                    ('p1','A B','A','B','RB','CAR'), ('p2','C D','C','D','WR','CAR');
                INSERT INTO leagues(id, name, season, settings, state, clock, created_at) VALUES (1,'L',2019,'{}','drafting',0,0);
                INSERT INTO teams(id, league_id, name, waiver_priority, created_at) VALUES (1,1,'T1',1,0), (2,1,'T2',2,0);
                INSERT INTO picks VALUES (1, 1, 1, 1, 'p1', 'manager', 0);
                """)
        }
        do {
            try db.run("INSERT INTO picks VALUES (1, 1, 1, 2, 'p2', 'autopick', 0)")
            Issue.record("a second pick 1 was accepted")
        } catch let error as DatabaseError {
            #expect(error.isUniqueViolation)
        }
        // Foreign keys are enforced.
        #expect(throws: DatabaseError.self) { try db.run("INSERT INTO picks VALUES (1, 2, 1, 2, 'nobody', 'manager', 0)") }
    }
}
