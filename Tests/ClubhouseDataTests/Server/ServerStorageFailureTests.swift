import ClubhouseDomain
import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData

/// A storage failure behind the server, on SQLite: the client gets 503 with a generic sentence (never the database's
/// path or its message), the server's log gets the cause, once for a flood of failing requests; `/healthz` turns 503
/// while the database file can't be used and 200 again when it can.
@Suite("Server: storage failures") struct ServerStorageFailureTests {
    let dir = TempDir()
    let path: String
    let database: Database
    let server: LeagueServer
    let log = Locked<[String]>([])

    init() throws {
        path = dir.file("league.sqlite")
        database = try Database(path: path)
        _ = try database.migrate()
        let service = LeagueService(store: SQLiteLeagueStore(database: database), accounts: fastAccountPorts)
        var options = LeagueServer.Options()
        options.http.port = 0
        options.runsClocks = false
        options.failureLogInterval = .seconds(3600)   // "once" even when a loaded machine takes minutes over ten requests
        let log = self.log
        server = LeagueServer(backend: EmbeddedServerBackend(service: service, database: database), options: options,
                              log: { line in log.mutate { $0.append(line) } })
        try server.start()
    }

    func get(_ path: String) async -> RawHTTP.Answer? {
        let http = RawHTTP(port: server.port)
        return await io { http.request("GET", path) }
    }

    @Test func aFailingDatabaseGivesClientsAGenericSentenceAndTheLogTheCauseOnce() async throws {
        #expect(await get("/v1/leagues")?.status == 200)
        try database.execute("DROP TABLE leagues")
        for _ in 0..<10 {
            let answer = await get("/v1/leagues")
            let body = String(decoding: answer?.body ?? Data(), as: UTF8.self)
            #expect(answer?.status == 503)
            #expect(answer?.errorCode == "unavailable")
            #expect(body.contains("The league's database isn't answering — try again shortly"), "\(body)")
            for secret in [path, "league.sqlite", "leagues", "no such table", "storage:"] {
                #expect(!body.contains(secret), "the answer shows \(secret): \(body)")
            }
        }
        let failed = log.value.filter { $0.contains("\"event\":\"storage.failed\"") }
        #expect(failed.count == 1, "one line for ten failed requests: \(failed)")
        let first = failed.first ?? ""
        #expect(first.contains("no such table: leagues") && first.contains(path), "the log has the cause: \(failed)")
        server.stopNow()
    }

    @Test func healthTurns503WhileTheFileIsGoneAnd200WhenItIsBack() async throws {
        #expect(await Wait.until(.seconds(60), every: .milliseconds(100)) { await get("/healthz")?.status == 200 })
        // Moved away (not opened: SQLite's locks must not be disturbed), as a volume unmounted under the server would be.
        try FileManager.default.moveItem(atPath: path, toPath: path + ".away")
        #expect(await Wait.until(.seconds(30), every: .milliseconds(100)) { await get("/healthz")?.status == 503 })
        let answer = await get("/healthz")
        #expect(answer?.json?["ok"] as? Bool == false)
        let body = String(decoding: answer?.body ?? Data(), as: UTF8.self)
        #expect(!body.contains(path), "\(body)")
        try FileManager.default.moveItem(atPath: path + ".away", toPath: path)
        #expect(await Wait.until(.seconds(30), every: .milliseconds(100)) { await get("/healthz")?.status == 200 })
        #expect(log.value.contains { $0.contains("\"event\":\"storage.recovered\"") })
        server.stopNow()
    }
}
