import ClubhouseDomain
import ClubhouseServer
import Foundation
import Synchronization
import Testing
@testable import ClubhouseData
@testable import ClubhouseRemote

/// Versions meet: `GET /v1/meta` and the `Clubhouse-Version` header on every answer; the remote client
/// reads it from whatever it asked and the top bar says what to update.
@Suite("Server: versions") struct ServerVersionHeaderTests {
    /// A server over the world's database saying `version` of itself.
    static func server(_ world: ContractWorld, version: ServerVersion, endpoints: [any AnyEndpoint] = Endpoints.all) throws -> LeagueServer {
        var options = LeagueServer.Options()
        options.endpoints = endpoints
        options.http.port = 0
        options.runsClocks = false
        options.version = version
        let server = LeagueServer(backend: EmbeddedServerBackend(service: world.service, events: world.events,
                                                                 random: { RandomSource(seed: world.randomSeed) }),
                                  options: options, log: { _ in })
        try server.start()
        return server
    }

    @Test func metaSaysTheVersionAndEveryAnswerCarriesIt() async throws {
        let world = try ContractWorld()
        let server = try Self.server(world, version: .current)
        defer { server.stopNow() }
        let http = RawHTTP(port: server.port)
        let meta = try #require(await io { http.request("GET", "/v1/meta") })
        #expect(meta.status == 200)
        #expect(meta.json?["version"] as? String == ClubhouseVersion.string)
        #expect(meta.json?["api"] as? Int == ClubhouseVersion.api)
        #expect(meta.json?["oldestAPI"] as? Int == ClubhouseVersion.oldestAPI)
        // Whatever answers — a read, the health check, a refusal, a route that doesn't exist, a bad token, the
        // event stream's checks, a malformed request — says the version.
        let asks: [(String, String, [String: String])] = [
            ("GET", "/v1/meta", ["Authorization": "Bearer not-a-real-token"]),   // a token is ignored here
            ("GET", "/v1/leagues", [:]), ("GET", "/healthz", [:]), ("GET", "/v1/nothing-here", [:]),
            ("GET", "/v1/me/leagues", ["Authorization": "Bearer not-a-real-token"]), ("HEAD", "/v1/events?league=1", [:]),
            ("GET", "/v1/leagues/abc", [:]), ("POST", "/v1/leagues", [:]),
        ]
        var statuses: [Int] = []
        for (method, path, headers) in asks {
            let answer = try #require(await io { http.request(method, path, headers: headers) }, "\(method) \(path)")
            statuses.append(answer.status)
            #expect(answer.headers["clubhouse-version"] == ClubhouseVersion.header, "\(method) \(path): \(answer.status)")
        }
        #expect(statuses == [200, 200, 200, 404, 401, 200, 400, 400], "the answers are the routes' own")
    }

    @Test func theClientSaysWhatToUpdateWhenTheServersAPIIsNotItsOwn() async throws {
        let world = try ContractWorld()
        for (version, said) in [(ServerVersion.current, nil as String?),
                                (ServerVersion(version: "9.0.0", api: ClubhouseVersion.api + 5, oldestAPI: ClubhouseVersion.api + 1),
                                 "update the app (server 9.0.0)"),
                                (ServerVersion(version: "9.1.0", api: ClubhouseVersion.api + 5, oldestAPI: ClubhouseVersion.api), nil),
                                (ServerVersion(version: "0.0.1", api: ClubhouseVersion.api - 1, oldestAPI: 0),
                                 "old server 0.0.1: some features off")] {
            let server = try Self.server(world, version: version)
            defer { server.stopNow() }
            let api = RemoteLeagueAPI(server: URL(string: server.url)!, idleTimeout: 120, requestTimeout: 240)
            let told = Mutex(0)
            api.onConnectionChange { _ in told.withLock { $0 += 1 } }
            #expect(api.serverVersion == nil, "nothing said before the first answer")
            _ = try await api.publicLeagues(filter: LeagueFilter())
            #expect(api.serverVersion == version)
            #expect(api.versionMismatch == said, "\(version.header)")
            #expect(told.withLock { $0 } == (said == nil ? 0 : 1), "the app redraws its top bar when there is something to say")
            _ = try await api.publicLeagues(filter: LeagueFilter())
            #expect(told.withLock { $0 } == (said == nil ? 0 : 1), "and not again for the same thing")
        }
    }

    /// `/v1/meta` lists the operations served by name; the app's preflight reads it once (no token) and learns which
    /// it can't use, and what to update, before its first page. A server playing an older one (trades left out) lists
    /// them not, and really doesn't serve them.
    @Test func metaListsTheOperationsServedAndThePreflightReadsThem() async throws {
        let world = try ContractWorld()
        let full = try Self.server(world, version: .current)
        defer { full.stopNow() }
        let listed = try #require(await io { RawHTTP(port: full.port).request("GET", "/v1/meta") })
        #expect((listed.json?["endpoints"] as? [String])?.sorted() == Endpoints.all.map(\.name).sorted())
        guard case .reached(let meta?) = await RemoteLeagueAPI(server: URL(string: full.url)!, idleTimeout: 120, requestTimeout: 240).preflight() else {
            Issue.record("no meta from the server"); return
        }
        #expect(meta == .current)
        #expect(meta.unavailable(Endpoints.Trades.accept.name) == nil)

        let older = ServerVersion(version: "0.0.1", api: ClubhouseVersion.api - 1, oldestAPI: 0)
        let trades: [any AnyEndpoint] = [Endpoints.Trades.list, Endpoints.Trades.propose, Endpoints.Trades.accept]
        let old = try Self.server(world, version: older, endpoints: Endpoints.all.filter { e in !trades.contains { $0.name == e.name } })
        defer { old.stopNow() }
        let api = RemoteLeagueAPI(server: URL(string: old.url)!, idleTimeout: 120, requestTimeout: 240)
        guard case .reached(let oldMeta?) = await api.preflight() else { Issue.record("no meta from the older server"); return }
        #expect(oldMeta.serverVersion == older)
        #expect(oldMeta.unavailable(Endpoints.Trades.accept.name) == "Not on this server (0.0.1): update the server to use this.")
        #expect(oldMeta.unavailable(Endpoints.Drafting.makePick.name) == nil)
        #expect(api.versionMismatch == "old server 0.0.1: some features off", "said from the preflight, before any page")
        let trade = try #require(await io { RawHTTP(port: old.port).request("GET", "/v1/leagues/1/trades") })
        #expect(trade.status == 404, "the operation it doesn't list, it doesn't serve")
    }
}
