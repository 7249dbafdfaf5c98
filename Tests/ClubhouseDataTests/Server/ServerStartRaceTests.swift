import ClubhouseDomain
import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData

/// A request can come the instant the server listens — a balancer's health checks hammer an instance restarted after a
/// crash — so nothing a request reads may be set after the daemon starts (the server once set its own HTTP server
/// after, and a `/healthz` in between trapped it). The server is started many times on one port under a stream of
/// `/healthz` from another thread; every start must answer, and the process must live.
@Suite("Server: requests as it starts listening") struct ServerStartRaceTests {
    @Test func requestsArrivingTheInstantItListensAreAnswered() async throws {
        let dir = TempDir()
        let database = try Database(path: dir.file("league.sqlite"))
        _ = try database.migrate()
        let service = LeagueService(store: SQLiteLeagueStore(database: database), accounts: fastAccountPorts)
        func server(port: UInt16) -> LeagueServer {
            var options = LeagueServer.Options()
            options.http.port = port
            options.runsClocks = false
            return LeagueServer(backend: EmbeddedServerBackend(service: service, database: database), options: options, log: { _ in })
        }
        let probe = server(port: 0)
        try probe.start()
        let port = probe.port
        probe.stopNow()

        let answers = Locked(0), stop = Locked(false)
        let asker = Thread {
            while !stop.value {
                if RawHTTP(port: port).request("GET", "/healthz") != nil { answers.mutate { $0 += 1 } }
            }
        }
        asker.start()
        defer { stop.mutate { $0 = true } }
        for start in 1...25 {
            let s = server(port: port)
            let before = answers.value
            try s.start()
            let answered = await Wait.until(.seconds(30), every: .milliseconds(5)) { answers.value > before }
            s.stopNow()
            #expect(answered, "start \(start) answered nothing")
        }
    }
}
