import Foundation
import Testing
@testable import ClubhouseDomain

/// The trade settings — their defaults, their limits, and settings stored before they existed.
@Suite struct TradeSettingsTests {
    @Test func defaultsAreVoteReviewOfADayDeadlineWeek11PicksTradableSevenDayOffers() {
        let s = LeagueSettings()
        #expect(s.tradeReview == .vote)
        #expect(s.tradeReviewHours == 24)
        #expect(s.tradeDeadlineWeek == 11)
        #expect(s.tradePicks)
        #expect(s.tradeExpiryDays == 7)
        #expect(TradeReview.allCases.map(\.rawValue) == ["none", "commissioner", "vote"])
    }

    @Test func settingsStoredWithoutTheTradeKeysDecodeWithTheDefaults() throws {
        var object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(LeagueSettings())) as! [String: Any]
        for key in ["tradeReview", "tradeReviewHours", "tradeDeadlineWeek", "tradePicks", "tradeExpiryDays"] {
            #expect(object.removeValue(forKey: key) != nil, "the encoder writes \(key)")
        }
        let old = try JSONSerialization.data(withJSONObject: object)
        #expect(try JSONDecoder().decode(LeagueSettings.self, from: old) == LeagueSettings())
    }

    @Test func tradeSettingsRoundTripThroughJSON() throws {
        var s = LeagueSettings()
        s.tradeReview = .commissioner; s.tradeReviewHours = 48; s.tradeDeadlineWeek = 9; s.tradePicks = false; s.tradeExpiryDays = 3
        let json = String(decoding: try JSONEncoder().encode(s), as: UTF8.self)
        #expect(json.contains("\"tradeReview\":\"commissioner\""))
        #expect(try JSONDecoder().decode(LeagueSettings.self, from: Data(json.utf8)) == s)
    }

    /// The Swift case is `noReview` (a case named `none` reads as nil where the value is optional), but leagues stored
    /// and API clients written before still say "none": it decodes, and it is still what is written.
    @Test func noReviewIsStillNoneOnTheWire() throws {
        var object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(LeagueSettings())) as! [String: Any]
        object["tradeReview"] = "none"
        let old = try JSONSerialization.data(withJSONObject: object)
        let decoded = try JSONDecoder().decode(LeagueSettings.self, from: old)
        #expect(decoded.tradeReview == .noReview)
        #expect(try JSONDecoder().decode(TradeReview.self, from: Data(#""none""#.utf8)) == .noReview)
        var s = LeagueSettings()
        s.tradeReview = .noReview
        #expect(String(decoding: try JSONEncoder().encode(s), as: UTF8.self).contains(#""tradeReview":"none""#))
        #expect(TradeReview(rawValue: "none") == .noReview && TradeReview.noReview.rawValue == "none")
    }

    @Test(arguments: [("tradeReviewHours", -1), ("tradeReviewHours", 169), ("tradeDeadlineWeek", 0), ("tradeDeadlineWeek", 19),
                       ("tradeExpiryDays", 0), ("tradeExpiryDays", Int.max)])
    func outOfRangeTradeSettingsAreRefusedNamingTheField(field: String, value: Int) {
        var s = LeagueSettings()
        switch field {
        case "tradeReviewHours": s.tradeReviewHours = value
        case "tradeDeadlineWeek": s.tradeDeadlineWeek = value
        default: s.tradeExpiryDays = value
        }
        do throws(DomainError) {
            try s.validate()
            Issue.record("\(field) = \(value) was accepted")
        } catch {
            guard case .validation(let named, _) = error else { Issue.record("not a validation refusal: \(error)"); return }
            #expect(named == field)
        }
        // Stored out of range: clamped into the limits, and the clamped copy is valid.
        #expect(throws: Never.self) { try s.clampedToLimits().validate() }
    }

    @Test func onlyTheTradeSettingsAreTakenFromAnother() {
        var other = LeagueSettings()
        other.teamCount = 12; other.tradeReview = .noReview; other.tradeDeadlineWeek = 13
        let merged = LeagueSettings().withTradeSettings(of: other)
        #expect(merged.teamCount == 10)
        #expect(merged.tradeReview == .noReview && merged.tradeDeadlineWeek == 13)
    }
}
