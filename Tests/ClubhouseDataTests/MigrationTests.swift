import Foundation
import Testing
@testable import ClubhouseData
import ClubhouseDomain

@Suite struct MigrationTests {
    static let productTables: Set<String> = [
        "meta", "players", "games", "weekly_stats", "season_totals", "seasons", "team_seasons", "player_seasons", "users", "sessions", "ssh_keys",
        "leagues", "teams", "join_requests", "invites", "roster_entries", "lineups", "drafts", "picks", "draft_queue",
        "chat_messages", "waiver_claims", "waiver_holds", "transactions", "matchups", "events", "schema_migrations",
        "sign_in_attempts", "plays", "league_clock_runs", "idempotent_requests", "score_corrections",
        "trades", "trade_items", "trade_votes", "draft_pick_owners", "future_pick_owners",
        "auction_nominations", "auction_bids", "auction_max_bids", "auction_sales", "trading_block", "chat_reactions", "keepers",
        "injury_reports", "webhooks", "webhook_deliveries",
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

    /// A database as an app from before seasons left it (schema `version`, 3 or 4): the demo world with its leagues, the
    /// NFL teams in `nfl_teams`, each player's team on `players`, 2018's totals in `prior_season_stats`, the NFL's
    /// 10-digit game ids (here `old-…`), plays only from v4 on. Made by copying a world seeded now into the old tables
    /// (the facts are the same). Returns it and the world it was copied from.
    static func legacyDatabase(_ dir: TempDir, version: Int) throws -> (legacy: Database, original: Database) {
        let original = try Database(path: dir.file("now.sqlite"))
        try original.migrate()
        try DemoWorld.seedIfNeeded(original, now: Date(timeIntervalSince1970: 1_800_000_000))
        let legacy = try Database(path: dir.file("before.sqlite"))
        try legacy.migrate(Array(Schema.migrations.prefix { $0.version <= version }))
        try legacy.withConnection { c in
            try c.execute("ATTACH DATABASE '\(dir.file("now.sqlite"))' AS now")
            try c.execute("BEGIN")
            let tables = try c.query("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT IN ('schema_migrations', 'sqlite_sequence')")
                .map { try $0.get("name", as: String.self) }
            for table in tables {
                let mine = try c.query("PRAGMA main.table_info(\(table))").map { try $0.get("name", as: String.self) }
                switch table {
                case "nfl_teams":
                    try c.execute("INSERT INTO main.nfl_teams SELECT abbreviation, location, nickname, bye_week FROM now.team_seasons WHERE season = 2019")
                case "prior_season_stats":
                    try c.execute("INSERT INTO main.prior_season_stats (\(mine.joined(separator: ", "))) SELECT \(mine.joined(separator: ", ")) FROM now.season_totals")
                default:
                    let theirs = Set(try c.query("PRAGMA now.table_info(\(table))").map { try $0.get("name", as: String.self) })
                    let shared = mine.filter(theirs.contains)
                    let select = shared.map { table == "games" && $0 == "id" || table == "plays" && $0 == "game_id" ? "'old-' || \($0)" : $0 }
                    try c.execute("INSERT OR REPLACE INTO main.\(table) (\(shared.joined(separator: ", "))) SELECT \(select.joined(separator: ", ")) FROM now.\(table)")
                }
            }
            try c.execute("INSERT OR REPLACE INTO main.meta (key, value) VALUES ('season_fixture', '2019')")
            try c.execute("COMMIT")
            try c.execute("DETACH DATABASE now")
        }
        return (legacy, original)
    }

    /// What people see of every league, read through the use cases on a fixed clock.
    static func everythingShown(_ db: Database) throws -> [String] {
        let service = LeagueService(store: SQLiteLeagueStore(database: db), clock: ManualClock(Date(timeIntervalSince1970: 1_800_000_000)))
        var out: [String] = []
        func show(_ value: some Encodable) throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            out.append(String(decoding: try encoder.encode(value), as: UTF8.self))
        }
        for league in try SQLiteLeagueStore(database: db).read({ try $0.leagues() }) {
            let caller = league.commissioner.map(Caller.user) ?? .anonymous   // private leagues too
            try show(try service.matchups.standings(league.id, caller: caller))
            try show(try service.matchups.scoreboard(league.id, week: nil, caller: caller))
            try show(try service.waivers.availablePlayers(league.id, position: nil, sort: .priorSeason, caller: caller).prefix(40).map(\.player))
            try show(try service.roster.player("00-0033280", league: league.id, caller: caller))
            if league.state == .predraft { try show(try service.draft.draftablePlayers(league.id, caller: caller).prefix(40).map(\.player)) }
        }
        return out
    }

    @Test func aDatabaseFromBeforeSeasonsKeepsItsLeaguesOn2019AfterMigrating() throws {
        let dir = TempDir()
        let (legacy, original) = try Self.legacyDatabase(dir, version: 4)
        #expect(try legacy.migrate() == [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
        #expect(try legacy.query("PRAGMA foreign_key_check").isEmpty)
        let store = SQLiteLeagueStore(database: legacy)
        #expect(try store.read { try $0.seasons() }.map { "\($0.season) \($0.kind.rawValue)" } == ["2018 totals", "2019 full"])
        #expect(try store.read { try $0.nflTeams(season: 2019) }.count == 32)
        #expect(try store.read { try $0.players(season: 2019) }.count == 632)
        // nflverse's game ids, in the games and in their plays.
        #expect(try legacy.scalar("SELECT count(*) FROM games WHERE id LIKE 'old-%'", as: Int.self) == 0)
        #expect(try legacy.scalar("SELECT count(*) FROM plays WHERE game_id LIKE 'old-%'", as: Int.self) == 0)
        #expect(try legacy.scalar("SELECT count(*) FROM plays WHERE game_id = '2019_01_GB_CHI'", as: Int.self) ?? 0 > 0)
        #expect(try store.read { try $0.leagues() }.allSatisfy { $0.season == 2019 && !$0.followsRealTime })
        // Every league reads as it did: standings, scoreboards, free agents, a player page, rankings from 2018.
        #expect(try Self.everythingShown(legacy) == Self.everythingShown(original))
        // Importing the shipped season again writes no stat: only the plays' bookkeeping (row counts, digests).
        let report = try SeasonImport.run(path: try SeasonImport.shippedDirectory().path, into: legacy).get()
        #expect(report.seasons.map(\.changes.weeklyStats) == [0, 0])
        #expect(report.seasons.map(\.changes.players) == [0, 0])
    }

    @Test func aDatabaseSeededBeforePlaysGetsTheShippedPlaysWhenItMigrates() throws {
        let dir = TempDir()
        let (legacy, original) = try Self.legacyDatabase(dir, version: 3)
        #expect(try legacy.migrate() == [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
        #expect(try legacy.scalar("SELECT count(*) FROM plays", as: Int.self) == original.scalar("SELECT count(*) FROM plays", as: Int.self))
        #expect(try legacy.scalar("SELECT count(*) FROM plays WHERE quarter IS NULL", as: Int.self) == 3)
        #expect(try Self.everythingShown(legacy) == Self.everythingShown(original))
    }

    /// Emails stored before v6 (trimmed and lower-cased only) move to the form sign-in looks up; when two
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
        let toV6 = Array(Schema.migrations.prefix { $0.version <= 6 })
        #expect(try db.migrate(toV6) == [6])
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
        #expect(try db.migrate(toV6) == [])
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
        for table in ["weekly_stats", "season_totals"] {
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

    /// Schema v8 (trades): a v7 database keeps every roster entry and transaction (ids included) through the rebuild
    /// of both tables, and afterwards takes `trade` as a transaction kind and an acquisition, which v7 refused.
    @Test func v8KeepsRostersAndTransactionsAndAllowsTrades() throws {
        let dir = TempDir()
        let (db, _) = try Self.legacyDatabase(dir, version: 7)
        func rows(_ sql: String) throws -> [String] {
            try db.query(sql).map { row in row.values.map { "\($0)" }.joined(separator: "|") }
        }
        let entries = try rows("SELECT * FROM roster_entries ORDER BY league_id, player_id")
        let transactions = try rows("SELECT * FROM transactions ORDER BY id")
        #expect(!entries.isEmpty)
        #expect(throws: DatabaseError.self) {
            try db.run("UPDATE roster_entries SET acquisition = 'trade' WHERE rowid = (SELECT min(rowid) FROM roster_entries)")
        }
        #expect(try db.migrate() == [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
        #expect(try rows("SELECT * FROM roster_entries ORDER BY league_id, player_id") == entries)
        #expect(try rows("SELECT * FROM transactions ORDER BY id") == transactions)
        #expect(try db.integrityCheck() == ["ok"])
        #expect(try db.query("PRAGMA foreign_key_check").isEmpty)
        try db.run("UPDATE roster_entries SET acquisition = 'trade' WHERE rowid = (SELECT min(rowid) FROM roster_entries)")
        let league = try #require(try db.scalar("SELECT min(id) FROM leagues", as: Int64.self))
        let team = try #require(try db.scalar("SELECT min(id) FROM teams WHERE league_id = ?", [league], as: Int64.self))
        try db.run("INSERT INTO transactions (league_id, team_id, kind, added, dropped, bid, at) VALUES (?, ?, 'trade', NULL, NULL, NULL, 0)", [league, team])
        #expect(try db.scalar("SELECT count(*) FROM roster_entries WHERE acquisition = 'trade'", as: Int.self) == 1)
    }

    /// Schema v9 (auctions): a v8 database keeps every draft row through the rebuild of `drafts`, which afterwards
    /// takes `auction` as a draft type (v8 refused it); a sale's price goes with its pick.
    @Test func v9KeepsDraftsAndAllowsAuctions() throws {
        let dir = TempDir()
        let (db, _) = try Self.legacyDatabase(dir, version: 8)
        func rows(_ sql: String) throws -> [String] {
            try db.query(sql).map { row in row.values.map { "\($0)" }.joined(separator: "|") }
        }
        let drafts = try rows("SELECT * FROM drafts ORDER BY league_id")
        #expect(!drafts.isEmpty)
        #expect(throws: DatabaseError.self) { try db.run("UPDATE drafts SET type = 'auction' WHERE rowid = (SELECT min(rowid) FROM drafts)") }
        #expect(try db.migrate() == [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
        #expect(try rows("SELECT * FROM drafts ORDER BY league_id") == drafts)
        #expect(try db.integrityCheck() == ["ok"])
        #expect(try db.query("PRAGMA foreign_key_check").isEmpty)
        try db.run("UPDATE drafts SET type = 'auction' WHERE rowid = (SELECT min(rowid) FROM drafts)")
        let pick = try #require(try db.query("SELECT league_id, number FROM picks LIMIT 1").first)
        let league: Int64 = try pick.get(0), number: Int64 = try pick.get(1)
        try db.run("INSERT INTO auction_sales (league_id, number, price, nominated_by) VALUES (?, ?, 7, NULL)", [league, number])
        #expect(try db.scalar("SELECT count(*) FROM auction_sales", as: Int.self) == 1)
        try db.run("DELETE FROM picks WHERE league_id = ? AND number = ?", [league, number])
        #expect(try db.scalar("SELECT count(*) FROM auction_sales", as: Int.self) == 0)
    }

    /// Schema v10 (the trading block): a v9 database gains `trading_block`, one row per team and player, gone with the
    /// team; a second row for the same team and player is refused.
    @Test func v10AddsTheTradingBlock() throws {
        let dir = TempDir()
        let (db, _) = try Self.legacyDatabase(dir, version: 9)
        #expect(throws: DatabaseError.self) { try db.run("SELECT * FROM trading_block") }
        #expect(try db.migrate() == [10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
        let entry = try #require(try db.query("SELECT league_id, team_id, player_id FROM roster_entries LIMIT 1").first)
        let league: Int64 = try entry.get(0), team: Int64 = try entry.get(1), player: String = try entry.get(2)
        try db.run("INSERT INTO trading_block (league_id, team_id, player_id, added_at) VALUES (?, ?, ?, 0)", [league, team, player])
        #expect(throws: DatabaseError.self) {
            try db.run("INSERT INTO trading_block (league_id, team_id, player_id, added_at) VALUES (?, ?, ?, 1)", [league, team, player])
        }
        #expect(try db.integrityCheck() == ["ok"])
        #expect(try db.query("PRAGMA foreign_key_check").isEmpty)
    }

    /// Schema v11 (renewals): a v10 database's leagues gain `previous_league_id`, empty (each its first season), and
    /// every league stays readable; a second league renewed from the same one is refused (one next season per league).
    @Test func v11LinksRenewedLeagues() throws {
        let dir = TempDir()
        let (db, _) = try Self.legacyDatabase(dir, version: 10)
        #expect(throws: DatabaseError.self) { try db.run("SELECT previous_league_id FROM leagues") }
        let leagues = try db.scalar("SELECT count(*) FROM leagues", as: Int.self)
        #expect(try db.migrate() == [11, 12, 13, 14, 15, 16, 17, 18, 19])
        #expect(try db.scalar("SELECT count(*) FROM leagues WHERE previous_league_id IS NULL", as: Int.self) == leagues)
        let ids = try db.query("SELECT id FROM leagues ORDER BY id LIMIT 3").map { try $0.get(0, as: Int64.self) }
        try db.run("UPDATE leagues SET previous_league_id = ? WHERE id = ?", [ids[0], ids[1]])
        #expect(throws: DatabaseError.self) { try db.run("UPDATE leagues SET previous_league_id = ? WHERE id = ?", [ids[0], ids[2]]) }
        #expect(try db.integrityCheck() == ["ok"])
        #expect(try db.query("PRAGMA foreign_key_check").isEmpty)
    }

    /// Schema v12 (league chat): a v11 database's chat lines stay, plain (no reply, no mentions, not removed), and
    /// gain reactions, one per message, account and emoji.
    @Test func v12GrowsTheDraftRoomChatIntoTheLeagueChat() throws {
        let dir = TempDir()
        let (db, _) = try Self.legacyDatabase(dir, version: 11)
        let league = try #require(try db.scalar("SELECT id FROM leagues ORDER BY id LIMIT 1", as: Int64.self))
        let user = try #require(try db.scalar("SELECT id FROM users ORDER BY id LIMIT 1", as: Int64.self))
        try db.run("INSERT INTO chat_messages (league_id, user_id, team_id, body, at) VALUES (?, ?, NULL, 'before v12', 5)", [league, user])
        #expect(try db.migrate() == [12, 13, 14, 15, 16, 17, 18, 19])
        #expect(try db.scalar("""
            SELECT count(*) FROM chat_messages WHERE body = 'before v12' AND reply_to IS NULL AND mentions = '' AND removed_at IS NULL
            """, as: Int.self) == 1)
        let message = try #require(try db.scalar("SELECT id FROM chat_messages WHERE body = 'before v12'", as: Int64.self))
        try db.run("INSERT INTO chat_reactions (message_id, user_id, emoji, at) VALUES (?, ?, '🔥', 6)", [message, user])
        #expect(throws: DatabaseError.self) { try db.run("INSERT INTO chat_reactions (message_id, user_id, emoji, at) VALUES (?, ?, '🔥', 7)", [message, user]) }
        #expect(try db.integrityCheck() == ["ok"])
        #expect(try db.query("PRAGMA foreign_key_check").isEmpty)
    }

    /// Schema v13 (keepers): a v12 database gains an empty `keepers` table; a player is kept by one team of a league at
    /// most, and a keeper's round and years are at least 1.
    @Test func v13AddsKeepers() throws {
        let dir = TempDir()
        let (db, _) = try Self.legacyDatabase(dir, version: 12)
        #expect(throws: DatabaseError.self) { try db.run("SELECT count(*) FROM keepers") }
        #expect(try db.migrate() == [13, 14, 15, 16, 17, 18, 19])
        #expect(try db.scalar("SELECT count(*) FROM keepers", as: Int.self) == 0)
        let league = try #require(try db.scalar("SELECT id FROM leagues ORDER BY id LIMIT 1", as: Int64.self))
        let teams = try db.query("SELECT id FROM teams WHERE league_id = ? ORDER BY id LIMIT 2", [league]).map { try $0.get(0, as: Int64.self) }
        let player = try #require(try db.scalar("SELECT id FROM players ORDER BY id LIMIT 1", as: String.self))
        try db.run("INSERT INTO keepers (league_id, team_id, player_id, round, years, position) VALUES (?, ?, ?, 4, 1, 0)", [league, teams[0], player])
        #expect(throws: DatabaseError.self) {
            try db.run("INSERT INTO keepers (league_id, team_id, player_id, round, years, position) VALUES (?, ?, ?, 3, 1, 0)", [league, teams[1], player])
        }
        #expect(throws: DatabaseError.self) {
            try db.run("UPDATE keepers SET round = 0 WHERE league_id = ?", [league])
        }
        #expect(try db.integrityCheck() == ["ok"])
        #expect(try db.query("PRAGMA foreign_key_check").isEmpty)
    }

    /// Schema v14 (injury reports): a v13 database gains an empty `injury_reports` table, one row per season, week and
    /// player at most, for regular-season weeks 1–18.
    @Test func v14AddsInjuryReports() throws {
        let dir = TempDir()
        let (db, _) = try Self.legacyDatabase(dir, version: 13)
        #expect(throws: DatabaseError.self) { try db.run("SELECT count(*) FROM injury_reports") }
        #expect(try db.migrate() == [14, 15, 16, 17, 18, 19])
        #expect(try db.scalar("SELECT count(*) FROM injury_reports", as: Int.self) == 0)
        try db.run("INSERT INTO injury_reports (season, week, player_id, report) VALUES (2019, 9, '00-0033280', 'Out')")
        #expect(throws: DatabaseError.self) {
            try db.run("INSERT INTO injury_reports (season, week, player_id, report) VALUES (2019, 9, '00-0033280', 'Questionable')")
        }
        #expect(throws: DatabaseError.self) { try db.run("INSERT INTO injury_reports (season, week, player_id) VALUES (2019, 19, '00-0033280')") }
        #expect(try db.integrityCheck() == ["ok"])
    }

    /// Schema v15 (keeper prices): a v14 database's keepers keep their rounds; a keeper has a round or a price, never both
    /// or neither, a round of 1 or more and a price of $0 or more.
    @Test func v15GivesKeepersAPriceOrARound() throws {
        let dir = TempDir()
        let (db, _) = try Self.legacyDatabase(dir, version: 14)
        let league = try #require(try db.scalar("SELECT id FROM leagues ORDER BY id LIMIT 1", as: Int64.self))
        let team = try #require(try db.scalar("SELECT id FROM teams WHERE league_id = ? ORDER BY id LIMIT 1", [league], as: Int64.self))
        let players = try db.query("SELECT id FROM players ORDER BY id LIMIT 4").map { try $0.get(0, as: String.self) }
        try db.run("INSERT INTO keepers (league_id, team_id, player_id, round, years, position) VALUES (?, ?, ?, 4, 2, 0)", [league, team, players[0]])
        #expect(try db.migrate() == [15, 16, 17, 18, 19])
        // A round's keeper, as v13 stored him: no price (−1 stands for none).
        #expect(try db.query("SELECT coalesce(round, -1), coalesce(price, -1), years, position FROM keepers").map { row in
            try (0..<4).map { try row.get($0, as: Int.self) }
        } == [[4, -1, 2, 0]])
        try db.run("INSERT INTO keepers (league_id, team_id, player_id, price, years, position) VALUES (?, ?, ?, 28, 1, 1)", [league, team, players[1]])
        for (round, price) in [(3, 12), (nil, nil), (0, nil), (nil, -1)] as [(Int?, Int?)] {
            #expect(throws: DatabaseError.self, "round \(String(describing: round)), price \(String(describing: price))") {
                try db.run("INSERT INTO keepers (league_id, team_id, player_id, round, price, years, position) VALUES (?, ?, ?, ?, ?, 1, 2)",
                           [league, team, players[2], round, price])
            }
        }
        #expect(try db.scalar("SELECT count(*) FROM keepers", as: Int.self) == 2)
        #expect(try db.integrityCheck() == ["ok"])
        #expect(try db.query("PRAGMA foreign_key_check").isEmpty)
    }

    /// Schema v16 (future picks): a v15 database's trade items are this season's (no `pick_season`); a future pick's owner
    /// is one row per (league, season, round, original team).
    @Test func v16AddsFuturePickOwners() throws {
        let dir = TempDir()
        let (db, _) = try Self.legacyDatabase(dir, version: 15)
        let league = try #require(try db.scalar("SELECT id FROM leagues ORDER BY id LIMIT 1", as: Int64.self))
        let teams = try db.query("SELECT id FROM teams WHERE league_id = ? ORDER BY id LIMIT 2", [league]).map { try $0.get(0, as: Int64.self) }
        #expect(try db.migrate() == [16, 17, 18, 19])
        #expect(try db.scalar("SELECT count(*) FROM trade_items WHERE pick_season IS NOT NULL", as: Int.self) == 0)
        try db.run("INSERT INTO future_pick_owners (league_id, season, round, original_team_id, owner_team_id) VALUES (?, 2020, 1, ?, ?)",
                   [league, teams[0], teams[1]])
        #expect(throws: DatabaseError.self) {
            try db.run("INSERT INTO future_pick_owners (league_id, season, round, original_team_id, owner_team_id) VALUES (?, 2020, 1, ?, ?)",
                       [league, teams[0], teams[0]])
        }
        #expect(try db.integrityCheck() == ["ok"])
        #expect(try db.query("PRAGMA foreign_key_check").isEmpty)
    }

    /// Schema v17 (webhooks): a v16 database gains `webhooks` (a new hook active, no failures) and `webhook_deliveries`.
    @Test func v17AddsWebhooks() throws {
        let dir = TempDir()
        let (db, _) = try Self.legacyDatabase(dir, version: 16)
        let league = try #require(try db.scalar("SELECT id FROM leagues ORDER BY id LIMIT 1", as: Int64.self))
        #expect(try db.migrate() == [17, 18, 19])
        try db.run("INSERT INTO webhooks (league_id, url, kinds, format, secret, created_at, cursor_event) VALUES (?, 'https://a.example/', 'moves', 'json', 's', 0, 0)",
                   [league])
        let hook = try #require(try db.scalar("SELECT id FROM webhooks", as: Int64.self))
        try db.run("INSERT INTO webhook_deliveries (webhook_id, event_id, at, attempt, status) VALUES (?, 1, 0, 1, 204)", [hook])
        #expect(try db.scalar("SELECT state || '/' || attempts FROM webhooks", as: String.self) == "active/0")
        #expect(try db.scalar("SELECT count(*) FROM webhook_deliveries WHERE status = 204", as: Int.self) == 1)
        #expect(try db.integrityCheck() == ["ok"])
        #expect(try db.query("PRAGMA foreign_key_check").isEmpty)
    }

    /// Schema v18 (the taxi squad): a v17 database's roster entries and lineups keep every row, and slot TX is allowed
    /// in both (any other unknown slot still isn't).
    @Test func v18AllowsTheTaxiSlot() throws {
        let dir = TempDir()
        let (db, _) = try Self.legacyDatabase(dir, version: 17)
        let entries = try db.scalar("SELECT count(*) FROM roster_entries", as: Int.self), lineups = try db.scalar("SELECT count(*) FROM lineups", as: Int.self)
        #expect(try db.migrate() == [18, 19])
        #expect(try db.scalar("SELECT count(*) FROM roster_entries", as: Int.self) == entries && entries ?? 0 > 0)
        #expect(try db.scalar("SELECT count(*) FROM lineups", as: Int.self) == lineups)
        let player = try #require(try db.scalar("SELECT player_id FROM roster_entries ORDER BY player_id LIMIT 1", as: String.self))
        try db.run("UPDATE roster_entries SET slot = 'TX' WHERE player_id = ?", [player])
        try db.run("UPDATE lineups SET slot = 'TX' WHERE player_id = ?", [player])
        #expect(throws: DatabaseError.self) { try db.run("UPDATE roster_entries SET slot = 'XX' WHERE player_id = ?", [player]) }
        #expect(try db.integrityCheck() == ["ok"])
        #expect(try db.query("PRAGMA foreign_key_check").isEmpty)
    }

    /// Schema v19 (rookie seasons): a v18 database's players keep every row and gain `rookie_season`, none known (the
    /// rookie pool keeps the stats rule until a players.csv with the column is imported); a season import then fills it.
    @Test func v19AddsThePlayersRookieSeasons() throws {
        let dir = TempDir()
        let (db, _) = try Self.legacyDatabase(dir, version: 18)
        let players = try db.scalar("SELECT count(*) FROM players", as: Int.self)
        #expect(try db.migrate() == [19])
        #expect(try db.scalar("SELECT count(*) FROM players", as: Int.self) == players && players ?? 0 > 0)
        #expect(try db.scalar("SELECT count(*) FROM players WHERE rookie_season IS NOT NULL", as: Int.self) == 0)
        #expect(try SQLiteLeagueStore(database: db).read { try $0.rookieSeasons() }.isEmpty)
        let folder = try SeasonFolder()
        try folder.relayoutPlayers { if $0["gsis_id"] == "00-0033280" { $0["rookie_season"] = "2017" } }
        _ = try SeasonImport.run(path: folder.path, into: db, now: Date(timeIntervalSince1970: 1_800_000_000)).get()
        #expect(try db.scalar("SELECT rookie_season FROM players WHERE id = '00-0033280'", as: Int.self) == 2017)
        #expect(try db.integrityCheck() == ["ok"])
        #expect(try db.query("PRAGMA foreign_key_check").isEmpty)
    }
}
