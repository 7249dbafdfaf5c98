import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// An all-bot auction against the real binary over HTTP: an 8-team, 3-spot, $60 auction with 5-second clocks,
/// created with `POST /v1/leagues` (the settings name no `bidResetSeconds`: its default follows the 5-second bidding
/// clock), filled with bots (the commissioner's own team on autopick) and started by the commissioner, completes in
/// under 4 minutes of wall time on the server's own clock driver; every team fills its 3 spots within $60, no player is
/// sold twice, and the mean of price ÷ auction value is within 0.85–1.15.
@Suite(.serialized) struct AuctionBotsEndToEndTests {
    static func call(_ method: String, _ url: String, token: String?, json: String? = nil) throws -> Any? {
        var args = ["/usr/bin/curl", "-sS", "-X", method]
        if let json { args += ["-H", "Content-Type: application/json", "--data-binary", json] }
        if let token { args += ["-H", "Authorization: Bearer \(token)"] }
        let out = try Spawn.run(args + [url]).output
        return try? JSONSerialization.jsonObject(with: Data(out.utf8))
    }

    static func json(_ object: Any) throws -> String { String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self) }

    @Test(.timeLimit(.minutes(10))) func anAllBotAuctionOfEightTeamsCompletesInUnderFourMinutesNearValue() throws {
        let home = try TemporaryHome()
        let server = try RemoteDraftTests.Server.start(database: home.url.appendingPathComponent("league.sqlite").path, home: home)
        let port = server.port
        try #require(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { server.output.contains("Clubhouse league server on") }, "\(server.output)")
        let base = "http://127.0.0.1:\(port)"

        let session = try #require(try Self.call("POST", base + "/v1/sessions", token: nil,
                                                 json: Self.json(["email": "alice@demo.clubhouse", "password": "clubhouse-demo"])) as? [String: Any])
        let token = try #require(session["token"] as? String, "\(session)")
        let slots = try JSONSerialization.jsonObject(with: JSONEncoder().encode([Slot.qb: 1, .rb: 1, .wr: 1, .te: 0, .flex: 0, .k: 0, .def: 0, .bench: 0, .ir: 0]))
        let settings: [String: Any] = ["teamCount": 8, "draftType": "auction", "auctionBudget": 60, "nominationSeconds": 5, "bidSeconds": 5,
                                       "rosterSlots": slots]
        let made = try #require(try Self.call("POST", base + "/v1/leagues", token: token,
                                              json: Self.json(["name": "All-Bot Auction", "teamName": "Alice's Absent Team", "settings": settings])) as? [String: Any])
        let league = try #require(made["league"] as? Int, "the league was refused: \(made)")

        // The commissioner's own team on autopick: every team is a bot or an absent manager.
        let board = try #require(try Self.call("GET", base + "/v1/leagues/\(league)/draft", token: token) as? [String: Any])
        let mine = try #require((board["capabilities"] as? [String: Any])?["myTeam"] as? Int, "\(board)")
        let autopick = try Self.call("PUT", base + "/v1/leagues/\(league)/teams/\(mine)/autopick", token: token, json: #"{"on": true}"#)
        #expect((autopick as? [String: Any])?["autopick"] as? Bool == true, "\(String(describing: autopick))")
        // Every player's auction value before the draft (the list shows the players not yet sold).
        let players = try #require(try Self.call("GET", base + "/v1/leagues/\(league)/draft/players", token: token) as? [[String: Any]])
        var values: [String: Int] = [:]
        for p in players {
            if let id = (p["player"] as? [String: Any])?["id"] as? String, let v = p["auctionValue"] as? Int { values[id] = v }
        }
        try #require(values.count >= 24, "auction values: \(values.count)")

        let started = Date()
        _ = try Self.call("POST", base + "/v1/leagues/\(league)/draft/start", token: token, json: "{}")
        var final: [String: Any] = [:]
        let complete = Wait.blockingUntil(.seconds(360), every: .milliseconds(500)) {
            guard let b = (try? Self.call("GET", base + "/v1/leagues/\(league)/draft", token: nil)) as? [String: Any] else { return false }
            final = b
            return (b["draft"] as? [String: Any])?["status"] as? String == "complete"
        }
        let seconds = Date().timeIntervalSince(started)
        let picks = (final["picks"] as? [[String: Any]] ?? []).compactMap { $0["pick"] as? [String: Any] }
        try #require(complete, "the auction never completed: \(picks.count) sold in \(Int(seconds)) s\n\(server.output.suffix(2000))")
        #expect(seconds < 240, "the all-bot auction took \(Int(seconds)) s of wall time (the goal: under 4 minutes)")

        #expect(picks.count == 24)
        let sold = picks.compactMap { $0["playerID"] as? String }
        #expect(Set(sold).count == 24, "no player sold twice")
        var spent: [Int: Int] = [:], bought: [Int: Int] = [:]
        for p in picks {
            let team = p["teamID"] as? Int ?? -1
            spent[team, default: 0] += p["price"] as? Int ?? 0
            bought[team, default: 0] += 1
        }
        #expect(bought.count == 8 && bought.values.allSatisfy { $0 == 3 }, "every team fills its 3 spots: \(bought)")
        #expect(spent.values.allSatisfy { $0 <= 60 }, "within budget: \(spent)")
        let ratios = picks.map { p in Double(p["price"] as? Int ?? 0) / Double(max(1, values[p["playerID"] as? String ?? ""] ?? 1)) }
        let mean = ratios.reduce(0, +) / Double(max(1, ratios.count))
        #expect((0.85...1.15).contains(mean), "mean price ÷ value \(mean): \(ratios)")
        print("All-bot auction over HTTP: \(Int(seconds)) s, mean price ÷ value \(String(format: "%.3f", mean)), spent \(spent.values.sorted())")
        #expect(server.stop() == 0)
    }
}
