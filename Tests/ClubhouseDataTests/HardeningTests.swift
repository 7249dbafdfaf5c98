import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// Rows already in a database from before import validation existed must not crash scoring or a start.
@Suite struct StoredStatOverflowTests {
    static let cmc = PlayerID("00-0033280")
    static let brady = PlayerID("00-0019596")

    /// A demo-world file with absurd stats written straight into it (raw SQL, as an old import or a hand edit would).
    func poisonedWorld() throws -> (TempDir, Database) {
        let dir = TempDir()
        let db = try Database.open(at: DatabaseLocation(path: dir.file("league.sqlite"))).database
        try DemoWorld.seedIfNeeded(db, now: Date(timeIntervalSince1970: 1_567_729_200))
        try db.run("UPDATE weekly_stats SET passing_tds = 999999999999999999 WHERE player_id = ? AND season = 2019 AND week = 1", [Self.cmc])
        let all = StatLine.columns.map { "\($0.name) = 9223372036854775807" }.joined(separator: ", ")
        try db.run("UPDATE weekly_stats SET \(all) WHERE player_id = ? AND season = 2019 AND week = 2", [Self.cmc])
        try db.run("UPDATE weekly_stats SET passing_yards = -9223372036854775808, interceptions = 9223372036854775807 WHERE player_id = ? AND season = 2019 AND week <= 3", [Self.brady])
        try db.run("UPDATE weekly_stats SET receptions = 'lots', rushing_yards = 1e300 WHERE player_id = ? AND season = 2019 AND week = 4", [Self.cmc])
        try db.run("UPDATE season_totals SET \(all) WHERE player_id = ?", [Self.cmc])
        return (dir, db)
    }

    @Test func everyReadAStartMakesSurvivesAbsurdStoredStats() throws {
        let (dir, db) = try poisonedWorld()
        _ = dir
        // What a start does: open the file again (seeding is already done) and load every page the app shows first.
        let reopened = try Database.open(at: DatabaseLocation(path: db.path)).database
        #expect(try DemoWorld.seedIfNeeded(reopened) == false)
        let service = LeagueService(store: SQLiteLeagueStore(database: reopened))
        let cmc = try service.roster.player(Self.cmc, league: nil, caller: .anonymous)
        #expect(cmc.seasonPoints.hundredths == Int.max, "saturates instead of trapping")
        #expect(!cmc.seasonPoints.oneDecimal.isEmpty)
        let brady = try service.roster.player(Self.brady, league: nil, caller: .anonymous)
        #expect(brady.seasonPoints.hundredths < 0)
        let leagues = try service.leagues.publicLeagues(filter: LeagueFilter(), caller: .anonymous)
        #expect(!leagues.isEmpty)
        var scoreboards = 0
        for league in leagues {
            _ = try? service.leagues.league(league.id, caller: .anonymous)
            _ = try? service.matchups.standings(league.id, caller: .anonymous)
            _ = try? service.draft.draftablePlayers(league.id, caller: .anonymous)
            _ = try? service.waivers.availablePlayers(league.id, position: nil, sort: .seasonPoints, caller: .anonymous)
            for week in 1...17 where (try? service.matchups.scoreboard(league.id, week: week, caller: .anonymous)) != nil { scoreboards += 1 }
        }
        #expect(scoreboards > 0, "some league has scoreboards to score")
    }
}

/// The sign-in limit (5 failures a minute) holds when the attempts arrive at once.
@Suite struct SignInLimitConcurrencyTests {
    /// 12 threads, each with its own connection to one database file (as 12 SSH sessions would be), try a wrong
    /// password at the same moment: at most 5 passwords are checked, the rest are told to wait.
    @Test func parallelWrongPasswordsGetAtMostTheLimitChecked() throws {
        // libsodium's interactive limits (~90 ms a check), as in the app: the checks overlap as they would live.
        let world = try AccountWorld(accounts: AccountPorts(hasher: SodiumPasswordHasher(), tokens: SodiumTokenSource()))
        _ = try world.service.accounts.createAccount(email: "ann@example.com", password: "correct horse", displayName: "Ann")
        let hasher = CountingHasher(SodiumPasswordHasher())
        let ports = AccountPorts(hasher: hasher, tokens: fastAccountPorts.tokens)
        let services = try (0..<12).map { _ in
            LeagueService(store: SQLiteLeagueStore(database: try Database(path: world.path)), clock: world.clock, accounts: ports)
        }
        let results = Results()
        let start = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for (i, service) in services.enumerated() {
            group.enter()
            Thread {
                start.wait()
                do {
                    _ = try service.accounts.signIn(email: "ann@example.com", password: "wrong password", device: "device-\(i)")
                    results.add("signed in")
                } catch DomainError.rateLimited {
                    results.add("rate limited")
                } catch DomainError.validation {
                    results.add("wrong")
                } catch {
                    results.add("\(error)")
                }
                group.leave()
            }.start()
        }
        for _ in services { start.signal() }
        #expect(group.wait(timeout: .now() + 120) == .success)
        let counts = results.counts
        #expect(counts["wrong", default: 0] <= AccountRules.maxFailedSignIns, "\(counts)")
        #expect(counts["wrong", default: 0] + counts["rate limited", default: 0] == 12, "\(counts)")
        #expect(hasher.verifications <= AccountRules.maxFailedSignIns)
        // And the right password is refused too while the account is limited.
        #expect(throws: DomainError.self) { try world.service.accounts.signIn(email: "ann@example.com", password: "correct horse", device: "other") }
    }

    /// Reserving the attempt before the check must not turn successes into failures.
    @Test func successfulSignInsDoNotCountTowardTheLimit() throws {
        let world = try AccountWorld()
        _ = try world.service.accounts.createAccount(email: "bo@example.com", password: "correct horse", displayName: "Bo")
        for _ in 0..<(AccountRules.maxFailedSignIns * 2) {
            _ = try world.service.accounts.signIn(email: "bo@example.com", password: "correct horse", device: "d")
        }
        #expect(try world.database.scalar("SELECT count(*) FROM sign_in_attempts", as: Int.self) == 0)
    }

    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ s: String) { lock.lock(); list.append(s); lock.unlock() }
        var counts: [String: Int] { lock.lock(); defer { lock.unlock() }; return list.reduce(into: [:]) { $0[$1, default: 0] += 1 } }
    }
}

/// Sign-in attempts are keyed with a per-database secret, not a plain SHA-256 of the email.
@Suite struct SignInAttemptKeyTests {
    @Test func attemptsAreKeyedByAnHMACUnderEachDatabasesOwnSecret() throws {
        let a = try AccountWorld(), b = try AccountWorld()
        for world in [a, b] {
            #expect(throws: DomainError.self) { try world.service.accounts.signIn(email: "Cy@Example.com", password: "whatever pw", device: "dev") }
        }
        let keysA = Set(try a.database.query("SELECT key FROM sign_in_attempts").map { try $0.get("key", as: String.self) })
        let keysB = Set(try b.database.query("SELECT key FROM sign_in_attempts").map { try $0.get("key", as: String.self) })
        #expect(keysA.count == 2)
        let plain = SHA256.hex(Array("account:cy@example.com".utf8))
        let plainDigest = SHA256.hex(Array(plain.utf8))
        for key in keysA { #expect(key != plain && key != plainDigest && !key.contains("cy@")) }
        #expect(keysA.isDisjoint(with: keysB), "each database has its own secret")
        let secret = try #require(try a.database.scalar("SELECT value FROM meta WHERE key = 'sign_in_key'", as: String.self))
        #expect(secret.count == 64)
        #expect(keysA.contains(SignInKeys.keyed("account:cy@example.com", secretHex: secret)))
    }

    @Test func migration3GivesAnOldDatabaseASecretAndDropsUnkeyedAttempts() throws {
        let db = try Database.inMemory()
        try db.migrate(Array(Schema.migrations.prefix(2)))
        try db.run("INSERT INTO sign_in_attempts (key, at) VALUES (?, 0)", [SHA256.hex(Array("account:x@y.z".utf8))])
        #expect(try db.migrate().first == 3, "migration 3 runs next (later ones may follow)")
        #expect(try db.scalar("SELECT count(*) FROM sign_in_attempts", as: Int.self) == 0)
        #expect(try db.scalar("SELECT length(value) FROM meta WHERE key = 'sign_in_key'", as: Int.self) == 64)
    }
}

/// The database and its folder are private to the account that runs the app.
@Suite struct DatabasePermissionTests {
    func mode(_ path: String) -> Int {
        var st = stat()
        guard stat(path, &st) == 0 else { return -1 }
        return Int(st.st_mode & 0o777)
    }

    @Test func aNewDatabaseIsCreatedPrivateWithItsWALAndSHM() throws {
        let dir = TempDir()
        let old = umask(0o022); defer { umask(old) }
        let location = try DatabaseLocation.resolve(environment: ["XDG_DATA_HOME": dir.path + "/data"])
        let opened = try Database.open(at: location)
        try opened.database.run("INSERT INTO meta (key, value) VALUES ('k', 'v')")
        #expect(mode(location.directory) == 0o700)
        for suffix in ["", "-wal", "-shm"] {
            #expect(FileManager.default.fileExists(atPath: location.path + suffix))
            #expect(mode(location.path + suffix) == 0o600, "\(suffix)")
        }
        #expect(opened.tightened.isEmpty)
    }

    @Test func looseFilesFromAnOlderVersionAreTightenedOnceAndReported() throws {
        let dir = TempDir()
        let location = try DatabaseLocation.resolve(environment: ["XDG_DATA_HOME": dir.path + "/data"])
        let first = try Database.open(at: location)
        try first.database.run("INSERT INTO meta (key, value) VALUES ('k', 'v')")
        for suffix in ["", "-wal", "-shm"] { chmod(location.path + suffix, 0o644) }
        chmod(location.directory, 0o755)

        let second = try Database.open(at: location)
        #expect(Set(second.tightened.map(\.path)) == [location.directory, location.path, location.path + "-wal", location.path + "-shm"])
        #expect(second.tightened.allSatisfy { $0.from == 0o644 || $0.from == 0o755 })
        #expect(mode(location.directory) == 0o700)
        for suffix in ["", "-wal", "-shm"] { #expect(mode(location.path + suffix) == 0o600) }
        #expect(try Database.open(at: location).tightened.isEmpty, "said once: the next open finds them private")
    }

    /// `--database /dev/null` (or a FIFO) must never chmod a device: only plain files are tightened.
    @Test func onlyPlainFilesAreTightened() throws {
        let dir = TempDir()
        let fifo = dir.file("fifo.sqlite")
        #expect(mkfifo(fifo, 0o644) == 0)
        chmod(fifo, 0o644)
        #expect(Database.privateFiles(fifo).isEmpty)
        #expect(mode(fifo) == 0o644)
    }

    @Test func aFolderNamedExplicitlyIsNotChmoddedButTheFilesAre() throws {
        let dir = TempDir()
        chmod(dir.path, 0o755)
        let opened = try Database.open(at: DatabaseLocation(path: dir.file("x.sqlite")))
        try opened.database.run("INSERT INTO meta (key, value) VALUES ('k', 'v')")
        #expect(mode(dir.path) == 0o755)
        #expect(mode(dir.file("x.sqlite")) == 0o600)
    }
}

/// Failures of local storage say what they are and where.
@Suite struct StorageErrorTests {
    @Test func aFullDiskSaysTheDiskIsFullAndWhere() throws {
        let dir = TempDir()
        let db = try Database.open(at: DatabaseLocation(path: dir.file("full.sqlite"))).database
        let store = SQLiteLeagueStore(database: db)
        // SQLite answers SQLITE_FULL exactly as for ENOSPC once the file may not grow.
        let pages = try #require(try db.scalar("PRAGMA page_count", as: Int.self))
        try db.execute("PRAGMA max_page_count = \(pages)")
        do {
            try store.write { w in
                for i in 0..<2000 { try w.recordFailedSignIn(keys: ["filler-\(i)-" + String(repeating: "x", count: 500)], at: Date()) }
            }
            Issue.record("the write fitted")
        } catch let error as DomainError {
            let problem = try #require(error.storageProblem, "\(error)")
            #expect(problem.contains("disk is full"))
            #expect(problem.contains(dir.file("full.sqlite")))
            #expect(!error.message.contains("Couldn't reach"))
        }
    }

    @Test func signingInWithoutAWritableStateFolderIsRefusedBeforeAnySessionIsMade() async throws {
        let world = try AccountWorld()
        _ = try world.service.accounts.createAccount(email: "dee@example.com", password: "correct horse", displayName: "Dee")
        let sessions = try world.database.scalar("SELECT count(*) FROM sessions", as: Int.self)
        // The state folder would live under a regular file: it can't be created (root can't either).
        let blocker = world.dir.file("not-a-folder")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let session = LocalSession(credentials: CredentialsStore(directory: LocalStateDirectory(path: blocker + "/clubhouse")), deviceID: "local:x")
        let withSession = EmbeddedLeagueAPI(service: world.service, databasePath: world.path, session: session)
        let withoutFolder = EmbeddedLeagueAPI(service: world.service, databasePath: world.path, withoutStateFolder: "cannot create \(blocker)/clubhouse")
        for api in [withSession, withoutFolder] {
            do {
                _ = try await api.signIn(email: "dee@example.com", password: "correct horse")
                Issue.record("signed in without a state folder")
            } catch let error as DomainError {
                #expect(error.storageProblem?.contains("Signing in needs a writable state folder") == true, "\(error)")
            }
            do {
                _ = try await api.createAccount(email: "eve@example.com", password: "correct horse", displayName: "Eve")
                Issue.record("created an account without a state folder")
            } catch let error as DomainError {
                #expect(error.storageProblem?.contains("writable state folder") == true)
            }
        }
        #expect(try world.database.scalar("SELECT count(*) FROM sessions", as: Int.self) == sessions, "no orphan session rows")
        #expect(try world.database.scalar("SELECT count(*) FROM users WHERE email = 'eve@example.com'", as: Int.self) == 0)
    }
}
