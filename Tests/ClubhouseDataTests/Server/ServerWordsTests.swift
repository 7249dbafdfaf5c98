import ClubhouseDomain
import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData

/// The sentences the server answers with name the right thing, in words a person reads.
@Suite("Server: words of its refusals") struct ServerWordsTests {
    static func error(_ answer: RawHTTP.Answer) -> (code: String?, message: String?, field: String?) {
        let object = (try? JSONSerialization.jsonObject(with: Data(answer.body))) as? [String: Any]
        let e = object?["error"] as? [String: Any]
        return (e?["code"] as? String, e?["message"] as? String, e?["field"] as? String)
    }

    /// A number a settings field can't take is named by its own field, whichever field it is (the decoder doesn't say
    /// where; the field found must be the one that was wrong, not the first required one).
    @Test(arguments: [("faabBudget", "1.5", "should be a whole number"), ("waiverPeriodDays", "1e300", "is too large a number"),
                      ("pickClockSeconds", "1.5", "should be a whole number"), ("tradeDeadlineWeek", "9223372036854775808", "is too large a number"),
                      ("teamCount", "-1e30", "is too large a number")])
    func aBadNumberInTheSettingsNamesItsOwnField(_ field: String, _ value: String, _ words: String) async throws {
        let f = BadInputFixture.shared
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(LeagueSettings())) as? [String: Any])
        object[field] = 0
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
            .replacingOccurrences(of: "\"\(field)\":0", with: "\"\(field)\":\(value)")
        let answer = try #require(await io {
            f.http.request("PUT", "/v1/leagues/1/settings", headers: ["Content-Type": "application/json", "Authorization": "Bearer " + f.valid],
                           body: Array(text.utf8))
        })
        let e = Self.error(answer)
        #expect(answer.status == 400 && e.code == "invalid_field", "\(answer.status) \(e)")
        #expect(e.field == field, "\(e)")
        #expect(e.message == "\(field) \(words)", "\(e)")
    }

    /// A request with no token that needs an account is told to sign in — it had no session to end; a token the server
    /// no longer knows is told its session ended.
    @Test func withoutATokenTheRefusalSaysSignInNotSessionEnded() async throws {
        let f = BadInputFixture.shared
        let body = Array(#"{"teamName":"Raw FC"}"#.utf8)
        let none = try #require(await io { f.http.request("POST", "/v1/leagues/2/join-requests", headers: BadInput.json, body: body) })
        #expect(none.status == 401 && Self.error(none).code == "unauthenticated")
        #expect(Self.error(none).message == "Sign in first — this needs an account", "\(Self.error(none))")
        let revoked = try #require(await io {
            f.http.request("POST", "/v1/leagues/2/join-requests", headers: BadInput.json.merging(["Authorization": "Bearer " + f.revoked]) { a, _ in a }, body: body)
        })
        #expect(revoked.status == 401 && Self.error(revoked).message == "Session ended — sign in again")
    }
}
