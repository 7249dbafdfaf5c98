import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData
@testable import ClubhouseServer

/// Over HTTP: a league that sends only `bidSeconds: 5` is made (its reset follows at 5 s); a reset that was
/// sent and passes the clock is refused naming it.
@Suite(.bothBackendsOverHTTP) struct DependentDefaultsHTTPTests {
    @Test func aLeagueWithOnlyItsBiddingClockIsAcceptedAndOneWithAStaleResetIsRefused() async throws {
        let world = try ContractWorld()
        let http = RawHTTP(port: world.server!.port)
        let token = world.newSessionToken(try world.person("alice").userID!)
        let headers = ["Content-Type": "application/json", "Authorization": "Bearer " + token]
        func post(_ body: String) async -> RawHTTP.Answer? { await io { http.request("POST", "/v1/leagues", headers: headers, body: Array(body.utf8)) } }
        let made = try #require(await post(#"{"name": "Five Second Room", "settings": {"draftType": "auction", "bidSeconds": 5}}"#))
        #expect(made.status == 200, "\(String(decoding: made.body, as: UTF8.self))")
        let id = try #require(made.json?["league"] as? Int)
        let read = try #require(await io { http.request("GET", "/v1/leagues/\(id)") })
        let settings = ((read.json?["league"] as? [String: Any])?["settings"] as? [String: Any]) ?? [:]
        #expect(settings["bidResetSeconds"] as? Int == 5 && settings["bidSeconds"] as? Int == 5, "\(settings)")
        let refused = try #require(await post(#"{"name": "Stale Reset", "settings": {"draftType": "auction", "bidSeconds": 5, "bidResetSeconds": 10}}"#))
        #expect(refused.status == 422 && refused.errorField == "bidResetSeconds", "\(String(decoding: refused.body, as: UTF8.self))")
        // The settings update follows the same rule.
        let put = try #require(await io { http.request("PUT", "/v1/leagues/\(id)/settings", headers: headers,
                                                      body: Array(#"{"draftType": "auction", "bidSeconds": 7, "teamCount": 10}"#.utf8)) })
        #expect(put.status == 200, "\(String(decoding: put.body, as: UTF8.self))")
        #expect(((put.json?["settings"] as? [String: Any])?["bidResetSeconds"]) as? Int == 7, "\(String(decoding: put.body, as: UTF8.self))")
    }
}
