import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

@Suite struct ActivityLogTests {
    @Test func linesAreStampedQuotedAndPrivateToTheUser() throws {
        let dir = TempDir()
        let log = ActivityLog(path: dir.file("clubhouse.log"))
        log.record("write.ok", ["op": "requestToJoin", "ms": "1.5"], at: Date(timeIntervalSince1970: 1_800_000_000))
        log.record("refused", ["op": "placeClaim", "reason": "Bid \"$5\" is over budget"])
        let lines = try String(contentsOfFile: log.path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("2027-01-15T08:00:00.000Z pid=\(getpid()) write.ok op=requestToJoin ms=1.5"))
        #expect(lines[1].hasSuffix(#"refused op=placeClaim reason="Bid \"$5\" is over budget""#))
        let mode = try FileManager.default.attributesOfItem(atPath: log.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// Secrets are recognised by what they are; a long path is a path, not a `<secret>`.
    @Test func secretsAreScrubbedByWhatTheyAreAndLongPathsKept() {
        let path = "/var/lib/clubhouse-hosting-for-the-thursday-night-league/devices/SHA256.uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s/clubhouse.sqlite"
        let relative = "state/clubhouse-hosting-for-the-thursday-night-league-2019/credentials.json"
        #expect(ActivityLog.scrub("app.start database=\(path)") == "app.start database=\(path)")
        #expect(ActivityLog.scrub("moved to=\(relative)") == "moved to=\(relative)")
        #expect(ActivityLog.scrub("failed error=SQLiteTableConstraintViolationOnTheSessionsTableWithALongName")
                == "failed error=SQLiteTableConstraintViolationOnTheSessionsTableWithALongName")
        let digest = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
        #expect(ActivityLog.scrub("hash=\(digest) short=abc123") == "hash=<secret> short=abc123")
        let argon = "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG"
        #expect(ActivityLog.scrub("x hash=\(argon) y") == "x hash=<secret> y")
        let blob = "QUFBQUMzTnphQzFsWkRJMU5URTVBQUFBSUdGb2IzTjBJR3RsZVNCaWJHOWk="
        #expect(ActivityLog.scrub("data=\(blob)") == "data=<secret>")
        let token = "-3Zb7x9W1mVn2Lk4Pj6Hg8Fd0Sa5Qw_Er-Ty7Ui9Op1"
        #expect(ActivityLog.scrub("refused \"bad token \(token).\"") == "refused \"bad token <secret>.\"")
    }

    @Test func emailsAndTokensAreScrubbedButKeyFingerprintsKept() {
        let token = "q3Zb7x9W1mVn2Lk4Pj6Hg8Fd0Sa5Qw_Er-Ty7Ui9Op1"   // 43 base64url characters, like a session token
        let fingerprint = "SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s"
        let line = ActivityLog.scrub("refused reason=\"No account for Frankie.B@example.co.uk\" token=\(token) key=\(fingerprint)")
        #expect(line == "refused reason=\"No account for <email>\" token=<secret> key=\(fingerprint)")
    }

    @Test func theFileRollsOverPastItsLimit() throws {
        let dir = TempDir()
        let log = ActivityLog(path: dir.file("clubhouse.log"), maxBytes: 200)
        for i in 0..<10 { log.record("write.ok", ["op": "makePick", "n": "\(i)"]) }
        let current = try String(contentsOfFile: log.path, encoding: .utf8)
        let previous = try String(contentsOfFile: log.path + ".1", encoding: .utf8)
        #expect(current.utf8.count <= 200 + 80 && !current.isEmpty)
        #expect(previous.contains("write.ok"))
        #expect(current.contains("n=9"))
    }

    /// The embedded transport records writes, sign-ins, refusals and sign-out by id — and nothing a person typed.
    @Test func theEmbeddedTransportLogsOutcomesNotSecrets() async throws {
        let world = try AccountWorld()
        try insertBareSeason(world.database)   // a league needs a season to play
        let state = TempDir()
        let log = ActivityLog(path: state.file("clubhouse.log"))
        let session = try LocalSession(directory: LocalStateDirectory(path: state.path))
        let api = EmbeddedLeagueAPI(service: world.service, databasePath: world.path, session: session, log: log)

        let created = try await api.createAccount(email: "Mary.Major@example.com", password: "hunter2 but longer", displayName: "Mary")
        _ = try await api.createLeague(NewLeague(name: "Log League", seasonClock: world.clock.now()))
        await #expect(throws: DomainError.self) { try await api.requestToJoin(LeagueID(rawValue: 999), teamName: "Nope") }
        try await api.signOut()
        await #expect(throws: DomainError.self) { try await api.signIn(email: "mary.major@example.com", password: "wrong password!") }

        let text = try String(contentsOfFile: log.path, encoding: .utf8)
        #expect(text.contains("account.created user=\(created.user.id.rawValue)"))
        #expect(text.contains("write.ok op=createLeague"))
        #expect(text.contains("refused op=requestToJoin"))
        #expect(text.contains("signOut revoked=yes"))
        #expect(text.contains("refused op=signIn reason=\"Email or password is wrong\""))
        for secret in ["Mary.Major@example.com", "mary.major@example.com", "hunter2", "wrong password!", created.token] {
            #expect(!text.contains(secret), "\(secret) leaked into:\n\(text)")
        }
    }
}
