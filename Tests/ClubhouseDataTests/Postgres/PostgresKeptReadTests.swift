import ClubhouseDomain
@testable import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData
@testable import ClubhousePostgres

/// On PostgreSQL a kept read is answered without a round trip while the instance's knowledge of the commits
/// (`PostgresReadKnowledge`, kept from its LISTEN/NOTIFY follow) is fresh: another instance's commit is reflected within
/// the stated bound (`freshFor`, 1 s) whatever happens to the notifications, the instance's own writes at once, and a
/// lost LISTEN connection makes every read ask the revision until a look through a new one.
@Suite("PostgreSQL: kept reads from what NOTIFY told", .enabled(if: ContractPostgres.url != nil, Comment(rawValue: PostgresStoreTests.skipped)))
struct PostgresKeptReadTests {
    let world: ContractWorld
    let server: LeagueServer
    let http: RawHTTP
    let league: LeagueID
    let commissioner: Caller
    let path: String
    var knowledge: PostgresReadKnowledge { world.postgres!.database.readKnowledge }

    init() async throws {
        world = try ContractBackend.$current.withValue(.postgres) {
            try ContractTransport.$current.withValue(.remote) { try ContractWorld() }
        }
        (league, commissioner) = try await ServerReadCacheTests.draftingLeague(world)
        server = try #require(world.server)
        http = RawHTTP(port: server.port)
        path = "/v1/leagues/\(league.rawValue)/draft"
    }

    /// Reads with `tag` until one isn't a 304; every 304 must have been sent within the bound after `committed` (a
    /// stale answer later than that breaks the promise). Returns the new answer.
    func readUntilChanged(from tag: String, committed: ContinuousClock.Instant) async throws -> RawHTTP.Answer? {
        var answer: RawHTTP.Answer?
        var staleTooLate: [Duration] = []
        let changed = try await Wait.until(.seconds(30), every: .milliseconds(20)) {
            let sent = ContinuousClock.now
            let a = try await ServerReadCacheTests.get(http, path, tag: tag)
            if a.status == 304 {
                if sent - committed > knowledge.freshFor { staleTooLate.append(sent - committed) }
                return false
            }
            answer = a
            return true
        }
        #expect(changed, "the commit is reflected")
        #expect(staleTooLate.isEmpty, "stale answers sent \(staleTooLate) after the commit (the bound is \(knowledge.freshFor))")
        return answer
    }

    /// A read kept and answered at once (no round trip); its tag.
    func keptRead() async throws -> String {
        try await ServerReadCacheTests.heard(world)
        let first = try await ServerReadCacheTests.get(http, path)
        #expect(first.status == 200)
        #expect(server.answerAtOnce(HTTPRequest(method: "GET", path: path)) != nil, "answered without asking the database")
        return try #require(first.headers["etag"])
    }

    @Test func anotherInstancesCommitIsReflectedWithinTheBoundAndTheClientsOwnWriteAtOnce() async throws {
        let tag = try await keptRead()
        // Another instance's pick: this instance hears of it on its LISTEN connection.
        #expect(try ServerReadCacheTests.pick(try world.secondService(), league, commissioner))
        let changed = try #require(try await readUntilChanged(from: tag, committed: .now))
        #expect(changed.status == 200)
        let second = try #require(changed.headers["etag"])
        #expect(second != tag)

        // The client's own pick through this instance: the very next read shows it, without waiting for a notification.
        try await ServerReadCacheTests.heard(world)
        #expect(server.answerAtOnce(HTTPRequest(method: "GET", path: path, headers: ["if-none-match": second]))?.status == 304)
        let api = world.api(commissioner)
        let board = try await api.draftBoard(league)
        let player = try #require(try await api.draftablePlayers(league).first).player.id
        _ = try await api.pickForTeam(league, expectedPick: board.draft.currentPick, expectedTeam: board.owner(ofPick: board.draft.currentPick),
                                      player: player)
        let mine = try await ServerReadCacheTests.get(http, path, tag: second)
        #expect(mine.status == 200 && mine.headers["etag"] != second, "the writer's next read shows its write")
        let picks = try #require((try JSONSerialization.jsonObject(with: mine.body) as? [String: Any])?["picks"] as? [Any])
        #expect(picks.count == 2)
    }

    /// Each league has its own stamp: another instance's commits in another league leave this league's kept read
    /// answered at once (without a round trip), and one in this league is reflected within the bound.
    @Test func anotherLeaguesCommitsLeaveAKeptReadAtOnce() async throws {
        let (other, otherCommissioner) = try await ServerReadCacheTests.draftingLeague(world)
        let tag = try await keptRead()
        let request = HTTPRequest(method: "GET", path: path, headers: ["if-none-match": tag])
        let writer = try world.secondService()
        for _ in 0..<3 {
            #expect(try ServerReadCacheTests.pick(writer, other, otherCommissioner))
            try await ServerReadCacheTests.heard(world)
            #expect(server.answerAtOnce(request)?.status == 304, "another league's pick leaves this league's answer standing")
        }
        #expect(try await ServerReadCacheTests.get(http, path, tag: tag).status == 304)

        #expect(try ServerReadCacheTests.pick(writer, league, commissioner))
        try await ServerReadCacheTests.heard(world)
        #expect(server.answerAtOnce(request) == nil, "this league's pick, heard: its kept answer no longer stands")
        let changed = try #require(try await readUntilChanged(from: tag, committed: .now))
        #expect(changed.status == 200 && changed.headers["etag"] != tag)
    }

    /// The LISTEN connection killed, and kept from coming back (the database takes no new connections): nothing is
    /// heard, so nothing is answered at once, and another instance's commit is reflected by the next read. Once the
    /// follow is back, reads are answered at once again.
    @Test func afterTheListenConnectionIsKilledNoReadIsStaleBeyondTheBound() async throws {
        var tag = try await keptRead()
        let writer = try world.secondService()   // its connection opened before the database is closed to new ones
        let name = world.postgres!.name
        try ContractPostgres.adminExecute("ALTER DATABASE \(name) ALLOW_CONNECTIONS false")
        defer { try? ContractPostgres.adminExecute("ALTER DATABASE \(name) ALLOW_CONNECTIONS true") }
        // The follower's connection is the one whose last statement was its look at the revision's other parts.
        let killed = await Wait.until(.seconds(30), every: .milliseconds(50)) {
            try? ContractPostgres.adminExecute("""
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = '\(name)' AND pid <> pg_backend_pid() AND query LIKE '%string_agg(league_id::text%'
                """)
            return knowledge.stamp() == nil
        }
        #expect(killed, "the instance knows its LISTEN connection is gone")

        #expect(try ServerReadCacheTests.pick(writer, league, commissioner))
        let after = try await ServerReadCacheTests.get(http, path, tag: tag)
        #expect(after.status == 200 && after.headers["etag"] != tag, "no notification can have come: the read asked the revision")
        #expect(knowledge.stamp() == nil, "the follow is still away")
        tag = try #require(after.headers["etag"])
        #expect(server.answerAtOnce(HTTPRequest(method: "GET", path: path)) == nil, "nothing at once while nothing is heard")

        // Connections allowed again: the follow reconnects, looks, and kept reads are at once again.
        try ContractPostgres.adminExecute("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
        try await ServerReadCacheTests.heard(world)
        let again = try await ServerReadCacheTests.get(http, path, tag: tag)
        #expect(again.status == 304)
        #expect(server.answerAtOnce(HTTPRequest(method: "GET", path: path, headers: ["if-none-match": tag]))?.status == 304)
        // And another instance's next commit is reflected within the bound through the resumed follow.
        #expect(try ServerReadCacheTests.pick(writer, league, commissioner))
        let resumed = try #require(try await readUntilChanged(from: tag, committed: .now))
        #expect(resumed.status == 200)
    }
}
