import Foundation
import Testing
@testable import ClubhouseDomain

/// League settings are equal only when they read the same: the stores cache each settings value's JSON by equality
/// (`EncodedJSONCache`), so two settings that encode differently but compare equal would write one league's JSON for
/// the other — a league's chosen decimals or bonuses silently lost. Every setting the JSON carries must count.
@Suite struct LeagueSettingsEqualityTests {
    static func json(_ s: LeagueSettings) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(s), as: UTF8.self)
    }

    /// One change to each setting the formats added (and a few older ones), each on its own.
    static let changes: [(String, @Sendable (inout LeagueSettings) -> Void)] = [
        ("decimals", { $0.decimals = 2 }), ("bonuses", { $0.bonuses = ScoringBonus.yardageAndLongPlays }),
        ("medianGame", { $0.medianGame = true }), ("divisions", { $0.divisions = 2 }), ("taxiMaxYears", { $0.taxiMaxYears = 3 }),
        ("keeperAuctionRaise", { $0.keeperAuctionRaise = 9 }), ("tradeExpiryDays", { $0.tradeExpiryDays = 5 }),
        ("irAllowsDoubtful", { $0.irAllowsDoubtful = true }),
    ]

    @Test(arguments: 0..<changes.count) func aSettingThatChangesTheJSONChangesEqualityAndTheHash(_ i: Int) throws {
        let (name, change) = Self.changes[i]
        let before = LeagueSettings()
        var after = before
        change(&after)
        #expect(try Self.json(before) != Self.json(after), "\(name) is written")
        #expect(before != after, "\(name) counts in ==")
        #expect(before.hashValue != after.hashValue || Set([before, after]).count == 2, "\(name) counts in the hash")
    }

    @Test func decodingWhatWasEncodedGivesEqualSettings() throws {
        var s = LeagueSettings()
        for (_, change) in Self.changes { change(&s) }
        let back = try JSONDecoder().decode(LeagueSettings.self, from: Data(try Self.json(s).utf8))
        let (a, b) = (try Self.json(back), try Self.json(s))
        #expect(back == s && a == b)
    }
}
