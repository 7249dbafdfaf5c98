import ClubhouseData
import Foundation
import Testing

/// `clubhouse backup`: a consistent, verified copy of a live database.
@Suite(.serialized) struct BackupTests {
    static func sqlite3(_ args: [String]) throws -> (status: Int32, output: String) {
        let tool = try #require(Processes.find("sqlite3", environment: ProcessInfo.processInfo.environment), "sqlite3 (make test installs it)")
        return Processes.run([tool] + args)
    }

    static func picks(_ database: String) throws -> [String] {
        try sqlite3([database, "SELECT league_id || ':' || number || ':' || player_id FROM picks ORDER BY 1"]).output
            .split(separator: "\n").map(String.init)
    }

    /// While the server's bots draft on the file, a backup holds every pick committed before it began and passes
    /// `integrity_check`; the draft goes on.
    @Test(.timeLimit(.minutes(10))) func aBackupDuringABotDraftHoldsEveryPickMadeBeforeIt() throws {
        let home = try TemporaryHome()
        let db = home.url.appendingPathComponent("league.sqlite").path
        let server = try RemoteDraftTests.Server.start(database: db, home: home)
        // A debug build seeds the demo world first.
        try #require(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { server.output.contains("Clubhouse league server on") }, "\(server.output)")
        // The demo's live bot draft is picking: wait for a pick the server made.
        let seeded = try Self.picks(db).count
        try Wait.blockingUntil(.seconds(45), every: .milliseconds(200)) { try Self.picks(db).count != seeded }

        let before = try Self.picks(db)
        #expect(before.count > seeded, "the bot draft never picked")
        let out = home.url.appendingPathComponent("backups/league-copy.sqlite").path
        try FileManager.default.createDirectory(atPath: home.url.appendingPathComponent("backups").path, withIntermediateDirectories: true)
        let r = try Binary.run(["backup", "--database", db, out], environment: home.environment)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("Backed up \(db) to \(out)") && r.out.contains("integrity check ok") && r.out.contains("To restore"), "\(r.out)")

        let copied = Set(try Self.picks(out))
        #expect(Set(before).isSubset(of: copied), "picks committed before the backup are missing: \(Set(before).subtracting(copied).sorted())")
        #expect(try Self.sqlite3([out, "PRAGMA integrity_check"]).output.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
        #expect(try Self.sqlite3([out, "PRAGMA journal_mode"]).output.trimmingCharacters(in: .whitespacesAndNewlines) == "delete",
                "the copy is one self-contained file")
        var st = stat()
        #expect(stat(out, &st) == 0 && st.st_mode & 0o777 == 0o600, "the copy is private")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.url.appendingPathComponent("backups").path)
        #expect(leftovers == ["league-copy.sqlite"], "no temporary or journal files left: \(leftovers)")

        // The draft goes on after the backup.
        let after = try Self.picks(db).count
        try Wait.blockingUntil(.seconds(45), every: .milliseconds(200)) { try Self.picks(db).count != after }
        #expect(try Self.picks(db).count > after, "the bot draft stopped")
        #expect(server.stop() == 0)
    }

    @Test func whatABackupRefuses() throws {
        let home = try TemporaryHome()
        let dir = home.url.path
        let missing = try Binary.run(["backup", "--database", dir + "/none.sqlite", dir + "/out.sqlite"], environment: home.environment)
        #expect(missing.status == 2 && missing.err.contains("there is no database at \(dir)/none.sqlite"), "\(missing.err)")

        try Data("player_id,season\n".utf8).write(to: URL(fileURLWithPath: dir + "/stats.csv"))
        let csv = try Binary.run(["backup", "--database", dir + "/stats.csv", dir + "/out.sqlite"], environment: home.environment)
        #expect(csv.status == 2 && csv.err.contains("is not an SQLite database"), "\(csv.err)")

        _ = try Self.sqlite3([dir + "/a.sqlite", "CREATE TABLE t(x); INSERT INTO t VALUES (1);"])
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: dir + "/taken.sqlite"))
        let taken = try Binary.run(["backup", "--database", dir + "/a.sqlite", dir + "/taken.sqlite"], environment: home.environment)
        #expect(taken.status == 2 && taken.err.contains("already exists"), "\(taken.err)")
        #expect(try String(contentsOfFile: dir + "/taken.sqlite", encoding: .utf8) == "keep me", "an existing file is never overwritten")

        let pg = try Binary.run(["backup", "--database", "postgres://u:secret@db/league", dir + "/pg.dump"], environment: home.environment)
        #expect(pg.status == 2 && pg.err.contains("pg_dump") && !pg.err.contains("secret"), "\(pg.err)")

        let usage = try Binary.run(["backup"], environment: home.environment)
        #expect(usage.status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains("partial") || $0.hasPrefix("out") }.isEmpty)
    }
}
