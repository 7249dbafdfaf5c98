import ClubhouseDomain
@testable import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData
@testable import ClubhousePostgres

/// Anonymous reads of a league are computed once per league revision (`ReadCache`) — and never served
/// after a write that changes them, whichever instance wrote it; two instances on one database send the same bytes
/// and tags. Each test runs on SQLite, then on PostgreSQL when the run has a test server.
@Suite("Server: reads computed once per league revision", BothTransports(transports: [.remote]))
struct ServerReadCacheTests {
    /// Another instance on the world's database, with its own connection and its own read cache (`entries` 0: none).
    final class Instance: @unchecked Sendable {
        let server: LeagueServer
        let http: RawHTTP
        /// Its own database (PostgreSQL): what it has heard (`heard`).
        private(set) var postgres: PostgresDatabase?
        init(_ world: ContractWorld, cacheEntries: Int = 4_096) throws {
            let backend: EmbeddedServerBackend
            switch world.backend {
            case .sqlite:
                let db = try Database(path: world.path)
                backend = EmbeddedServerBackend(service: LeagueService(store: SQLiteLeagueStore(database: db), clock: world.clock, factsCache: ContractWorld.facts),
                                                events: SQLiteEventSource(database: db))
            case .postgres:
                let db = try PostgresDatabase(url: world.postgres!.url)
                postgres = db
                backend = EmbeddedServerBackend(service: LeagueService(store: PostgresLeagueStore(database: db), clock: world.clock, factsCache: ContractWorld.facts),
                                                events: PostgresEventSource(database: db))
            }
            var options = LeagueServer.Options()
            options.http.port = 0
            options.runsClocks = false
            options.readCacheEntries = cacheEntries
            server = LeagueServer(backend: backend, options: options, log: { _ in })
            try server.start()
            http = RawHTTP(port: server.port)
        }
        deinit { server.stopNow() }
    }

    /// Waits until each PostgreSQL instance (the world's server, and `others`) has heard of every event committed so far
    /// and its knowledge is fresh (`PostgresReadKnowledge`): another instance's commit is then reflected by every read.
    /// On SQLite there is nothing to wait for (every commit moves the data version at once).
    static func heard(_ world: ContractWorld, _ others: [Instance] = []) async throws {
        guard let postgres = world.postgres else { return }
        let newest = try #require(try world.scalar("SELECT COALESCE(max(id), 0) FROM events", as: Int64.self))
        for knowledge in [postgres.database.readKnowledge] + others.compactMap(\.postgres?.readKnowledge) {
            #expect(await Wait.until(.seconds(30)) { knowledge.newestEventHeard >= newest && knowledge.stamp() != nil },
                    "the instance heard of event \(newest)")
        }
    }

    static func get(_ http: RawHTTP, _ path: String, tag: String? = nil) async throws -> RawHTTP.Answer {
        try #require(await io { http.request("GET", path, headers: tag.map { ["If-None-Match": $0] } ?? [:]) }, "GET \(path)")
    }

    static func metric(_ http: RawHTTP, _ name: String) async throws -> Int? {
        let text = try #require(await io { http.request("GET", "/metrics") }.map { String(decoding: $0.body, as: UTF8.self) })
        return ServerMetricsTests.sample(text, name).map { Int($0) }
    }

    /// A fresh public league of 4 teams × 3 rounds, its draft started, ready for picks.
    static func draftingLeague(_ world: ContractWorld) async throws -> (LeagueID, Caller) {
        let (id, commissioner, _) = try await world.newLeague(teams: 4) { s in
            s.rosterSlots = [.qb: 1, .rb: 1, .wr: 1]
            s.playoffTeams = 2
        }
        _ = try await world.api(commissioner).startDraft(id)
        return (id, commissioner)
    }

    /// The commissioner makes the pick on the clock (the best player left), through `service` — another instance's.
    static func pick(_ service: LeagueService, _ id: LeagueID, _ commissioner: Caller) throws -> Bool {
        let board = try service.draft.draftBoard(id, caller: commissioner)
        guard board.draft.status == .running, let best = try service.draft.draftablePlayers(id, caller: commissioner).first else { return false }
        _ = try service.draft.pickForTeam(id, expectedPick: board.draft.currentPick, expectedTeam: board.owner(ofPick: board.draft.currentPick),
                                    player: best.player.id, caller: commissioner)
        return true
    }

    @Test func anUnchangedReadIs304AndAPickMakesIt200WithANewTag() async throws {
        let world = try ContractWorld()
        let (id, commissioner) = try await Self.draftingLeague(world)
        let http = RawHTTP(port: world.server!.port)
        let path = "/v1/leagues/\(id.rawValue)/draft"
        let first = try await Self.get(http, path)
        let tag = try #require(first.headers["etag"])
        let again = try await Self.get(http, path, tag: tag)
        #expect(again.status == 304 && again.body.isEmpty)
        #expect(try await Self.metric(http, #"clubhouse_read_cache_requests_total{result="hit"}"#) == 1, "the second read came from memory")

        // Another instance's pick (this server's event follower plays no part): the next read is computed again.
        #expect(try Self.pick(try world.secondService(), id, commissioner))
        try await Self.heard(world)
        let after = try await Self.get(http, path, tag: tag)
        #expect(after.status == 200)
        #expect(after.headers["etag"] != nil && after.headers["etag"] != tag)
        let picks = try #require((try JSONSerialization.jsonObject(with: after.body) as? [String: Any])?["picks"] as? [Any])
        #expect(picks.count == 1)
    }

    /// Random writes by another instance (picks, chat, renames, autopick, the season clock, settings) between reads of
    /// a league's pages: every read this (caching) server answers is byte for byte what a server without a cache
    /// answers at that moment — on PostgreSQL once it has heard of the write (within a second, `PostgresReadKnowledge`).
    @Test func aCachedReadIsNeverServedAfterAWriteThatChangesIt() async throws {
        let world = try ContractWorld()
        let (id, commissioner) = try await Self.draftingLeague(world)
        let writer = try world.secondService()
        let oracle = try Instance(world, cacheEntries: 0)
        let cached = RawHTTP(port: world.server!.port)
        let league = "/v1/leagues/\(id.rawValue)"
        let team = try #require(try writer.leagues.league(id, caller: commissioner).capabilities.myTeam)
        let pages: [String] = ["", "/standings", "/scoreboard", "/draft", "/draft/players", "/chat", "/transactions",
                               "/teams/\(team.rawValue)/roster", "/scoreboard?week=2", "/draft/recap"]
        let paths: [String] = pages.map { league + $0 }
        var random = SeededRandom(seed: 35)
        var autopick = false, renames = 0, clock = DemoSeeder.preseason
        func checkAll(_ step: String) async throws {
            for path in paths {
                let mine: RawHTTP.Answer = try await Self.get(cached, path)
                let truth: RawHTTP.Answer = try await Self.get(oracle.http, path)
                let sameTag: Bool = mine.headers["etag"] == truth.headers["etag"]
                #expect(mine.status == truth.status, "\(path) after \(step)")
                #expect(mine.body == truth.body && sameTag, "\(path) after \(step)")
            }
        }
        /// A pick while the draft runs, then the season clock three days on.
        func pickOrMoveClock() throws -> String {
            if try Self.pick(writer, id, commissioner) { return "a pick" }
            clock += 3 * 86_400
            _ = try writer.season.advanceClock(id, to: clock, caller: commissioner)
            return "the season clock moved"
        }
        try await checkAll("the start")
        for round in 0..<24 {
            let step: String
            switch random.next() % 6 {
            case 0, 1:
                step = try pickOrMoveClock()
            case 2:
                _ = try writer.chat.sendChat(id, text: "message \(round)", caller: commissioner)
                step = "a chat message"
            case 3:
                renames += 1
                _ = try writer.accounts.updateProfile(displayName: "Commish \(renames)", email: nil, caller: commissioner)
                step = "a rename of the commissioner"
            case 4:
                autopick.toggle()
                _ = try writer.draft.setAutopick(id, team: team, on: autopick, caller: commissioner)
                step = "autopick \(autopick)"
            default:
                step = try pickOrMoveClock()
            }
            try await Self.heard(world)
            try await checkAll(step)
        }
        let hits = try #require(try await Self.metric(cached, #"clubhouse_read_cache_requests_total{result="hit"}"#))
        #expect(hits == 0, "every read above followed a write that changed the league: none may come from memory (\(hits) did)")
        // Nothing changes now: the same reads come from memory, and still agree.
        try await checkAll("nothing")
        #expect(try await Self.metric(cached, #"clubhouse_read_cache_requests_total{result="hit"}"#) == paths.count)
    }

    /// On SQLite a kept read is answered on libmicrohttpd's thread without reading the revision, while the file's data
    /// version is the one read before the revision was (`LeagueServer.answerAtOnce`); a write by another connection to
    /// any league moves it on, and the read goes the long way (and is computed again when its league changed). On
    /// PostgreSQL the stamp is what the instance heard on its LISTEN connection: the same holds once it has heard.
    @Test func aKeptReadIsAnsweredAtOnceUntilAnythingIsCommitted() async throws {
        let world = try ContractWorld()
        let (id, commissioner) = try await Self.draftingLeague(world)
        let server = try #require(world.server)
        try await Self.heard(world)
        let http = RawHTTP(port: server.port)
        let path = "/v1/leagues/\(id.rawValue)/draft"
        let request = HTTPRequest(method: "GET", path: path)
        #expect(server.answerAtOnce(request) == nil, "nothing kept yet")
        let first = try await Self.get(http, path)
        let tag = try #require(first.headers["etag"])
        let kept = try #require(server.answerAtOnce(request))
        #expect(kept.status == 200 && kept.headers.contains { $0 == ("ETag", tag) })
        guard case .prepared(let answer) = kept.body else { Issue.record("a kept read is a prepared answer"); return }
        #expect(Data(answer.bytes) == first.body)
        var revalidating = request
        revalidating.headers["if-none-match"] = tag
        #expect(server.answerAtOnce(revalidating)?.status == 304)
        #expect(server.answerAtOnce(HTTPRequest(method: "GET", path: path, headers: ["authorization": "Bearer 0123456789"])) == nil,
                "a signed-in read is never answered from memory")

        // Another league is made: nothing of this one changed, but nothing says so without asking.
        _ = try await world.newLeague(teams: 4)
        try await Self.heard(world)
        #expect(server.answerAtOnce(request) == nil, "a commit anywhere: the revision is read again")
        let same = try await Self.get(http, path, tag: tag)
        #expect(same.status == 304, "the revision hadn't moved: the kept answer stands, and is at once again")
        #expect(server.answerAtOnce(request) != nil)

        // Another connection's pick in this league: the next read is computed again, with another tag.
        #expect(try Self.pick(try world.secondService(), id, commissioner))
        try await Self.heard(world)
        #expect(server.answerAtOnce(request) == nil)
        let after = try await Self.get(http, path, tag: tag)
        #expect(after.status == 200 && after.headers["etag"] != tag)
    }

    @Test func twoInstancesOnOneDatabaseSendTheSameBytesAndTags() async throws {
        let world = try ContractWorld()
        let (id, commissioner) = try await Self.draftingLeague(world)
        let other = try Instance(world)
        let here = RawHTTP(port: world.server!.port)
        func compare(_ when: String) async throws {
            for league in [id.rawValue, 1, 2, 3] {
                for page in ["", "/standings", "/scoreboard", "/draft"] {
                    let path = "/v1/leagues/\(league)\(page)"
                    let a = try await Self.get(here, path), b = try await Self.get(other.http, path)
                    #expect(a.status == b.status && a.body == b.body, "\(path) \(when)")
                    #expect(a.headers["etag"] == b.headers["etag"], "\(path) \(when)")
                }
            }
        }
        try await compare("at first")
        try await compare("from memory")
        #expect(try Self.pick(try world.secondService(), id, commissioner))
        try await Self.heard(world, [other])
        try await compare("after a pick")
    }
}
