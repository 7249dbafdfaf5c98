import ClubhouseDomain
import Foundation
import Synchronization
import Testing
@testable import ClubhouseData
@testable import ClubhousePostgres
@testable import ClubhouseRemote
@testable import ClubhouseServer
#if canImport(Glibc)
import Glibc
#endif

/// A retried or double-sent creating write (`Idempotency-Key`, Stripe's semantics) gets the first answer and
/// makes one league — on one instance, across instances on one database, and after a restart; the same key for another
/// request is refused.
@Suite(.bothBackendsOverHTTP) struct IdempotencyKeyTests {
    let world: ContractWorld
    let http: RawHTTP
    let alice: String
    let body: [UInt8]
    static let name = "Once Only"

    init() throws {
        world = try ContractWorld()
        http = RawHTTP(port: world.server!.port)
        alice = world.newSessionToken(try world.person("alice").userID!)
        body = Array(try JSONEncoder().encode(NewLeague(name: Self.name, teamName: "Mine", seasonClock: DemoSeeder.preseason)))
    }

    func post(_ token: String, key: String?, body: [UInt8]? = nil, path: String = "/v1/leagues", port: UInt16? = nil) async -> RawHTTP.Answer? {
        var headers = ["Content-Type": "application/json", "Authorization": "Bearer " + token]
        if let key { headers["Idempotency-Key"] = key }
        let http = port.map { RawHTTP(port: $0) } ?? self.http, body = body ?? self.body, sent = headers
        return await io { http.request("POST", path, headers: sent, body: body) }
    }

    func leagues(named name: String = Self.name) throws -> Int { try world.scalar("SELECT count(*) FROM leagues WHERE name = ?", [name], as: Int.self) ?? -1 }

    @Test func aRepeatWithTheSameKeyGetsTheFirstAnswerAndMakesOneLeague() async throws {
        let first = try #require(await post(alice, key: "create-1"))
        #expect(first.status == 200 && first.headers["idempotent-replayed"] == nil)
        let again = try #require(await post(alice, key: "create-1"))
        #expect(again.status == 200 && again.body == first.body, "the same league id")
        #expect(again.headers["idempotent-replayed"] == "true")
        #expect(try leagues() == 1)
        // Without a key, a double-sent create is two leagues (what the key is for).
        _ = await post(alice, key: nil)
        _ = await post(alice, key: nil)
        #expect(try leagues() == 3)
    }

    /// A reaction is a toggle: a retry of the same request (its key) answers what the first did and leaves it on.
    @Test func aRetriedReactionTogglesOnce() async throws {
        let league = try await world.league("Gridiron Greats").id
        let message = try await world.api(try world.person("ben")).sendChat(league, text: "anyone?").id
        let path = "/v1/leagues/\(league.rawValue)/chat/\(message)/reactions", body = Array(#"{"emoji":"🔥"}"#.utf8)
        let first = try #require(await post(alice, key: "react-1", body: body, path: path))
        let again = try #require(await post(alice, key: "react-1", body: body, path: path))
        #expect(first.status == 200 && again.status == 200 && again.body == first.body && again.headers["idempotent-replayed"] == "true")
        #expect(try world.scalar("SELECT count(*) FROM chat_reactions WHERE message_id = ?", [message], as: Int.self) == 1)
    }

    @Test func theSameKeyForAnotherRequestIsRefused() async throws {
        #expect(await post(alice, key: "k")?.status == 200)
        let otherBody = Array(try JSONEncoder().encode(NewLeague(name: "Something Else", seasonClock: DemoSeeder.preseason)))
        let refused = try #require(await post(alice, key: "k", body: otherBody))
        #expect(refused.status == 422 && refused.errorCode == "idempotency_key_reused" && refused.errorField == "Idempotency-Key")
        let otherPath = await post(alice, key: "k", body: Array(#"{"teamName":"Raw"}"#.utf8), path: "/v1/leagues/2/join-requests")
        #expect(otherPath?.errorCode == "idempotency_key_reused")
        #expect(try leagues() == 1 && leagues(named: "Something Else") == 0)
    }

    @Test func eachAccountHasItsOwnKeys() async throws {
        let bob = world.newSessionToken(try world.signUp("Bob").userID!)
        let a = try #require(await post(alice, key: "shared-key")), b = try #require(await post(bob, key: "shared-key"))
        #expect(a.status == 200 && b.status == 200 && a.body != b.body)
        #expect(try leagues() == 2)
    }

    @Test func requestsWithOneKeyAtOnceMakeOneLeague() async throws {
        let answers = await withTaskGroup(of: RawHTTP.Answer?.self) { group in
            for _ in 0..<12 { group.addTask { await post(alice, key: "burst") } }
            return await group.reduce(into: [RawHTTP.Answer?]()) { $0.append($1) }
        }
        // On one instance a repeat waits for the first request's answer.
        #expect(answers.allSatisfy { $0?.status == 200 }, "\(answers.map { $0?.status })")
        #expect(Set(answers.compactMap { $0?.body }).count == 1)
        #expect(try leagues() == 1)
    }

    @Test func instancesOnOneDatabaseAndARestartAnswerAKeyOnce() async throws {
        let second = try anotherInstance()
        let ports = [world.server!.port, second.port]
        let answers = await withTaskGroup(of: RawHTTP.Answer?.self) { group in
            for i in 0..<10 { group.addTask { await post(alice, key: "two-instances", port: ports[i % 2]) } }
            return await group.reduce(into: [RawHTTP.Answer?]()) { $0.append($1) }
        }
        #expect(try leagues() == 1)
        let created = answers.compactMap { $0 }.filter { $0.status == 200 }
        #expect(!created.isEmpty && Set(created.map(\.body)).count == 1)
        // The rest were told the first is still running (on the other instance), to ask again.
        #expect(answers.allSatisfy { $0?.status == 200 || ($0?.status == 409 && $0?.errorCode == "idempotency_in_progress") })
        #expect(await post(alice, key: "two-instances", port: second.port)?.body == created[0].body)
        second.stopNow()
        // A restarted server reads the key from the database.
        let third = try anotherInstance()
        let replay = await post(alice, key: "two-instances", port: third.port)
        #expect(replay?.status == 200 && replay?.body == created[0].body && replay?.headers["idempotent-replayed"] == "true")
        third.stopNow()
        #expect(try leagues() == 1)
    }

    @Test func onlyAnswersOfWritesThatRanAreKept() async throws {
        // The use case refused the input: the refusal is the key's answer.
        let blank = Array(try JSONEncoder().encode(NewLeague(name: " ", seasonClock: DemoSeeder.preseason)))
        #expect(await post(alice, key: "blank", body: blank)?.errorCode == "validation")
        #expect(await post(alice, key: "blank", body: blank)?.headers["idempotent-replayed"] == "true")
        // Over the daily cap nothing ran: the same key, a day later, creates the league.
        let busy = try world.signUp("Busy")
        for n in 0..<LeagueLimits.maxCreatedPerDay {
            _ = try world.service.leagues.createLeague(name: "Busy \(n)", settings: LeagueSettings(), isPublic: true, seasonClock: DemoSeeder.preseason, caller: busy)
        }
        let token = world.newSessionToken(busy.userID!)
        let capped = await post(token, key: "tomorrow")
        #expect(capped?.status == 429 && capped?.errorCode == "limit_reached" && capped?.headers["idempotent-replayed"] == nil)
        world.clock.advance(by: LeagueLimits.creationWindow)
        let created = await post(token, key: "tomorrow")
        #expect(created?.status == 200 && created?.headers["idempotent-replayed"] == nil)
        #expect(await post(token, key: "tomorrow")?.body == created?.body)
        // Kept for a day, then forgotten: the key is free again.
        world.clock.advance(by: IdempotencyRules.lifetime + 1)
        #expect(await post(token, key: "tomorrow")?.headers["idempotent-replayed"] == nil)
    }

    @Test func aMalformedKeyIsRefused() async throws {
        for key in ["has space", String(repeating: "k", count: 256), "tab\there"] {
            let answer = await post(alice, key: key)
            #expect(answer?.status == 400 && answer?.errorCode == "bad_parameter" && answer?.errorField == "Idempotency-Key", "\(key)")
        }
        #expect(try leagues() == 0)
    }

    /// The app's transport puts a key on a create and, when the answer is lost on the way back, asks once more under
    /// the same key: it gets the league that was made, and there is one.
    @Test func theRemoteTransportAsksAgainUnderItsKeyWhenAnAnswerIsLost() async throws {
        let proxy = try AnswerLosingProxy(upstream: world.server!.port)
        defer { proxy.stop() }
        let token = alice
        let api = RemoteLeagueAPI(server: URL(string: "http://127.0.0.1:\(proxy.port)")!, token: { token }, idleTimeout: 120, requestTimeout: 240)
        let id = try await api.createLeague(NewLeague(name: Self.name, seasonClock: DemoSeeder.preseason))
        #expect(try leagues() == 1)
        #expect(try world.scalar("SELECT id FROM leagues WHERE name = ?", [Self.name], as: Int64.self) == id.rawValue)
        let keys = proxy.requestHeads.map { head in head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("idempotency-key:") } }
        #expect(keys.count == 2 && keys[0] != nil && keys[0] == keys[1], "\(proxy.requestHeads)")
    }

    /// Another `clubhouse serve` on the world's database, as a second instance (or the first one restarted) is.
    func anotherInstance() throws -> LeagueServer {
        let store: any LeagueStore, events: any LeagueEventSource
        switch world.backend {
        case .sqlite:
            let db = try Database(path: world.path)
            store = SQLiteLeagueStore(database: db); events = SQLiteEventSource(database: db)
        case .postgres:
            let db = try PostgresDatabase(url: world.postgres!.url)
            store = PostgresLeagueStore(database: db); events = PostgresEventSource(database: db)
        }
        var options = LeagueServer.Options()
        options.http.port = 0
        options.runsClocks = false
        options.writeBurst = 10_000
        let service = LeagueService(store: store, clock: world.clock, factsCache: ContractWorld.facts, accounts: fastAccountPorts)
        let server = LeagueServer(backend: EmbeddedServerBackend(service: service, events: events), options: options, log: { _ in })
        try server.start()
        return server
    }
}

/// A relay in front of the test server that loses the answer to the first request it carries: the request reaches the
/// server, and the client's connection is closed before the answer (as a dropped network would). Later requests pass.
final class AnswerLosingProxy: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let upstream: UInt16
    private let state = Mutex<(heads: [String], lost: Bool)>(([], false))

    var requestHeads: [String] { state.withLock { $0.heads } }

    init(upstream: UInt16) throws {
        self.upstream = upstream
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { close(fd); throw POSIXError(.EADDRINUSE) }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 { return }
                Thread { self.serve(client) }.start()
            }
        }.start()
    }

    func stop() { shutdown(listener, Int32(SHUT_RDWR)); close(listener) }

    private func serve(_ client: Int32) {
        defer { close(client) }
        guard let server = RawHTTP(port: upstream).connect() else { return }
        defer { close(server) }
        while let request = Self.readMessage(client) {
            let head = String(decoding: request.prefix(while: { $0 != 0 }), as: UTF8.self).components(separatedBy: "\r\n\r\n")[0]
            let loseIt = state.withLock { s -> Bool in
                s.heads.append(head)
                defer { s.lost = true }
                return !s.lost
            }
            guard RawHTTP.send(server, request), let answer = Self.readMessage(server) else { return }
            if loseIt { return }   // the server answered; the client never hears it
            guard RawHTTP.send(client, answer) else { return }
        }
    }

    /// One HTTP/1.1 message (head and a Content-Length body) from `fd`; nil at the end of the stream.
    static func readMessage(_ fd: Int32) -> [UInt8]? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        func headEnd() -> Int? {
            guard data.count >= 4 else { return nil }
            for i in 0...(data.count - 4) where data[i] == 13 && data[i + 1] == 10 && data[i + 2] == 13 && data[i + 3] == 10 { return i + 4 }
            return nil
        }
        while true {
            if let end = headEnd() {
                let head = String(decoding: data[..<end], as: UTF8.self).lowercased()
                let length = head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if data.count >= end + length { return Array(data[..<(end + length)]) }
            }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return nil }
            data.append(contentsOf: buffer[0..<n])
        }
    }
}
