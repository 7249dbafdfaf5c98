import ClubhouseDomain
@testable import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData

/// The league server keeps SQLite's POSIX locks on its database and its `-shm` file through every kind of request it
/// answers. On Linux closing any descriptor of a file drops every POSIX lock the process holds on it, so code that
/// opened one of those files itself (to map the WAL index header, say) and closed it again would leave the server
/// unlocked, and the next process to open the database would rebuild the WAL index under it (a SIGBUS, or lost
/// commits). `/proc/locks` tells: it is read after every read, kept read, stream, write and outside reader below.
@Suite(.serialized) struct ServerSQLiteLockTests {
    /// Whether this process holds a POSIX lock on the file at `path` (several reads of /proc/locks: one can miss a line).
    static func locked(_ path: String) -> Bool { Processes.holdsPOSIXLock(pid: getpid(), path: path) }

    static func expectLocks(_ db: String, after step: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(locked(db), "after \(step): the server holds no lock on the database; locks: \(DatabaseLockTests.lockLines())",
                sourceLocation: sourceLocation)
        #expect(locked(db + "-shm"), "after \(step): the server holds no lock on the -shm file; locks: \(DatabaseLockTests.lockLines())",
                sourceLocation: sourceLocation)
    }

    /// Every read endpoint's path for a league in season (its first team, week 1, a rostered player).
    static func readPaths(league: LeagueID, team: TeamID, player: String) -> [(name: String, path: String)] {
        Endpoints.all.filter { $0.method == .get }.map { endpoint in
            var path = endpoint.template
            for (slot, value) in [("{league}", "\(league.rawValue)"), ("{team}", "\(team.rawValue)"), ("{week}", "1"), ("{player}", player)] {
                path = path.replacingOccurrences(of: slot, with: value)
            }
            return (endpoint.name, path)
        }
    }

    @Test func everyKindOfReadAndWriteLeavesSQLitesLocksInPlace() async throws {
        try await ContractTransport.$current.withValue(.remote) {
            let world = try ContractWorld()
            let server = try #require(world.server)
            let http = RawHTTP(port: server.port)
            let db = world.path
            // The world's own connections hold SQLite's locks from the start.
            Self.expectLocks(db, after: "opening the world")

            let league = try await world.league("Gridiron Greats")
            let commissioner = try #require(try world.scalar("SELECT commissioner_id FROM leagues WHERE id = ?", [league.id.rawValue], as: Int64.self))
            let token = world.newSessionToken(UserID(commissioner))
            let team = try await world.team(of: .user(UserID(commissioner)), in: league.id)
            let player = try #require(try world.scalar("SELECT player_id FROM roster_entries WHERE team_id = ? LIMIT 1", [team.rawValue], as: String.self))
            let auth = ["Authorization": "Bearer \(token)"]

            // Reads, each then kept (If-None-Match): the kept read asks the database's change stamp.
            for (name, path) in Self.readPaths(league: league.id, team: team, player: player) {
                for headers in [[:], auth] {
                    let first = try #require(await io { http.request("GET", path, headers: headers) }, "GET \(path)")
                    Self.expectLocks(db, after: "\(name) (\(first.status))")
                    guard let tag = first.headers["etag"] else { continue }
                    let kept = try #require(await io { http.request("GET", path, headers: headers.merging(["If-None-Match": tag]) { a, _ in a }) })
                    #expect(kept.status == 304, "\(name): a kept read of an unchanged league")
                    Self.expectLocks(db, after: "\(name), kept (\(kept.status))")
                }
            }
            for path in ["/healthz", "/metrics", "/v1/meta"] {
                _ = await io { http.request("GET", path) }
                Self.expectLocks(db, after: path)
            }

            // An event stream, opened and read.
            let stream = try #require(await io { RawSSE(port: server.port, path: "/v1/events?league=\(league.id.rawValue)", timeoutSeconds: 5) })
            #expect(stream.status == 200)
            Self.expectLocks(db, after: "an event stream")

            // Writes over HTTP: a league made, its draft started, a pick, a chat line; then kept reads after them.
            let api = world.api(.user(UserID(commissioner)))
            let (fresh, owner, _) = try await world.newLeague(teams: 4) { s in
                s.rosterSlots = [.qb: 1, .rb: 1, .wr: 1]
                s.playoffTeams = 2
            }
            Self.expectLocks(db, after: "creating a league")
            _ = try await world.api(owner).startDraft(fresh)
            Self.expectLocks(db, after: "starting a draft")
            #expect(try ServerReadCacheTests.pick(world.service, fresh, owner))
            Self.expectLocks(db, after: "a pick")
            _ = try await api.sendChat(league.id, text: "lock check")
            Self.expectLocks(db, after: "a chat line")
            let board = try #require(await io { http.request("GET", "/v1/leagues/\(fresh.rawValue)/draft") })
            if let tag = board.headers["etag"] {
                _ = try ServerReadCacheTests.pick(world.service, fresh, owner)
                let after = try #require(await io { http.request("GET", "/v1/leagues/\(fresh.rawValue)/draft", headers: ["If-None-Match": tag]) })
                #expect(after.status == 200, "a kept read after a pick answers the new board")
            }
            Self.expectLocks(db, after: "kept reads after writes")

            // Another process opens the database and closes it again (an operator's check); the server goes on.
            let sqlite3 = try #require(Processes.find("sqlite3", environment: ProcessInfo.processInfo.environment),
                                       "the sqlite3 command-line tool (Debian package sqlite3; make test installs it)")
            let check = Processes.run([sqlite3, db, "PRAGMA integrity_check"])
            #expect(check.status == 0 && check.output.contains("ok"), "\(check.output)")
            _ = await io { http.request("GET", "/v1/leagues/\(fresh.rawValue)/draft", headers: ["If-None-Match": "\"x\""]) }
            Self.expectLocks(db, after: "an outside reader and a kept read")
            #expect(try ServerReadCacheTests.pick(world.service, fresh, owner))
            let picks = Processes.run([sqlite3, db, "SELECT count(*) FROM picks WHERE league_id = \(fresh.rawValue)"])
            #expect(picks.output.trimmingCharacters(in: .whitespacesAndNewlines) == "3", "another process sees every pick: \(picks.output)")
            withExtendedLifetime(stream) {}
        }
    }
}
