import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// A draft night with outside readers of the database: an operator's `sqlite3` check every second and
/// `clubhouse backup` every 10 s while `clubhouse serve` runs an all-bot draft to its end and a watching app reads the
/// room every second. The server must hold SQLite's locks on the database and its `-shm` file throughout: a server
/// that had dropped them (by opening and closing one of those files itself) let the next outside reader rebuild the WAL
/// index under it — a SIGBUS mid-draft, or lost picks.
@Suite(.serialized) struct OutsideReadersEndToEndTests {
    static func post(_ url: String, token: String?, _ body: some Encodable) throws -> (status: Int32, output: String) {
        let json = String(decoding: try JSONEncoder().encode(body), as: UTF8.self)
        var args = ["/usr/bin/curl", "-sS", "-X", "POST", "-H", "Content-Type: application/json", "--data-binary", json]
        if let token { args += ["-H", "Authorization: Bearer \(token)"] }
        return try Spawn.run(args + [url])
    }

    @Test(.timeLimit(.minutes(10))) func aDraftRunsToItsEndWhileOtherProcessesReadAndBackUpTheDatabase() throws {
        let sqlite3 = try #require(Processes.find("sqlite3", environment: ProcessInfo.processInfo.environment),
                                   "the sqlite3 command-line tool (Debian package sqlite3; make test installs it)")
        let home = try TemporaryHome()
        let db = home.url.appendingPathComponent("league.sqlite").path
        let server = try RemoteDraftTests.Server.start(database: db, home: home)
        let port = server.port
        #expect(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { server.output.contains("Clubhouse league server on") }, "\(server.output)")
        let pid = server.process.processIdentifier
        let base = "http://127.0.0.1:\(port)"

        // Alice (a demo person) makes a 4-team league of 4 rounds with a 5 s clock and starts its draft: the three
        // other teams are bots, and her own is picked for when her clock runs out.
        let signIn = try Self.post(base + "/v1/sessions", token: nil, ["email": "alice@demo.clubhouse", "password": "clubhouse-demo"])
        let session = try JSONDecoder().decode(AccountSession.self, from: Data(signIn.output.utf8))
        var settings = LeagueSettings()
        settings.teamCount = 4
        settings.rosterSlots = [.qb: 1, .rb: 1, .wr: 1, .te: 1]
        settings.pickClockSeconds = 5
        settings.playoffTeams = 2
        let made = try Self.post(base + "/v1/leagues", token: session.token, NewLeague(name: "Outside Readers", settings: settings, teamName: "Readers"))
        let league = try #require((try? JSONSerialization.jsonObject(with: Data(made.output.utf8)) as? [String: Any])?["league"] as? Int, "\(made.output)")
        let started = try Self.post(base + "/v1/leagues/\(league)/draft/start", token: session.token, [String: String]())
        #expect(started.output.contains("running"), "\(started.output)")

        func picks() -> Int? {
            Int(Processes.run([sqlite3, db, "SELECT count(*) FROM picks WHERE league_id = \(league)"]).output
                .trimmingCharacters(in: .whitespacesAndNewlines))
        }
        var checks = 0, backups = 0
        var lostLock: String?
        var lastBackup = Date.distantPast
        var tag = ""
        // A round of outside reads every second until the draft ends (or the server loses its lock or dies); 300 s at most.
        _ = try Wait.blockingUntil(.seconds(300), every: .seconds(1)) {
            // A watching app reads the room as it does, with the tag of its last answer (a kept read when nothing moved).
            let read = try Spawn.run(["/usr/bin/curl", "-sS", "-o", "/dev/null", "-D", "-", "-H", "If-None-Match: \(tag)",
                                      base + "/v1/leagues/\(league)/draft"])
            tag = read.output.split(separator: "\r\n").first { $0.lowercased().hasPrefix("etag:") }.map { String($0.dropFirst(5)).trimmingCharacters(in: .whitespaces) } ?? tag
            let check = Processes.run([sqlite3, db, "PRAGMA integrity_check"])
            #expect(check.status == 0 && check.output.contains("ok"), "\(check.output)")
            checks += 1
            if Date().timeIntervalSince(lastBackup) >= 10 {
                let copy = home.url.appendingPathComponent("backup-\(backups).sqlite").path
                let backup = try Binary.run(["backup", "--database", db, copy], environment: home.environment)
                #expect(backup.status == 0, "clubhouse backup: \(backup.out)\(backup.err)")
                backups += 1
                lastBackup = Date()
            }
            for file in [db, db + "-shm"] where !DatabaseLockEndToEndTests.holdsLock(pid: pid, path: file) {
                lostLock = "the server holds no lock on \((file as NSString).lastPathComponent) after \(checks) checks and \(backups) backups"
            }
            return (picks() ?? 0) >= 16 || lostLock != nil || !server.process.isRunning
        }
        #expect(lostLock == nil, "\(lostLock ?? "")\nserver log:\n\(server.output.suffix(3000))")
        #expect(server.process.isRunning, "the server died mid-draft:\n\(server.output.suffix(3000))")
        #expect(picks() == 16, "the draft ran to its end (16 picks) while others read the file; \(picks() ?? -1) made")
        #expect(checks >= 10 && backups >= 1, "outside readers ran alongside: \(checks) checks, \(backups) backups")
        let board = try Spawn.run(["/usr/bin/curl", "-sS", base + "/v1/leagues/\(league)/draft"])
        #expect(board.output.contains("\"complete\""), "the server's own read says the draft is complete: \(board.output.prefix(400))")
        #expect(server.stop() == 0)
    }
}
