import Foundation
import Testing
@testable import ClubhouseDomain

/// A default that depends on another setting follows it until a client sends it; only a value that was sent
/// can be refused.
@Suite struct DependentDefaultsTests {
    func decode(_ json: String) throws -> LeagueSettings { try JSONDecoder().decode(LeagueSettings.self, from: Data(json.utf8)) }

    @Test func aBidResetNobodySentFollowsTheBiddingClock() throws {
        var s = LeagueSettings()
        s.draftType = .auction
        s.bidSeconds = 5
        try s.validate()
        #expect(s.bidResetSeconds == 5)
        s.bidSeconds = 30
        #expect(s.bidResetSeconds == 10, "min(10, bidSeconds)")
        // Sent over the wire without it: the same.
        let sent = try decode(#"{"draftType": "auction", "bidSeconds": 5}"#)
        try sent.validate()
        #expect(sent.bidResetSeconds == 5)
        let encoded = String(decoding: try JSONEncoder().encode(sent), as: UTF8.self)
        #expect(encoded.contains(#""bidResetSeconds":5"#), "readers see the value in force: \(encoded)")
    }

    @Test func aBidResetThatWasSentIsStillRefused() throws {
        var s = LeagueSettings()
        s.bidResetSeconds = 10
        s.bidSeconds = 5
        #expect(throws: DomainError.validation(field: "bidResetSeconds",
                                               message: "A late bid resets the clock to 1 second up to the bidding clock (5 s), not 10")) { try s.validate() }
        let sent = try decode(#"{"bidSeconds": 5, "bidResetSeconds": 10}"#)
        #expect(throws: DomainError.self) { try sent.validate() }
        // Cleared, it follows again.
        s.chosenBidResetSeconds = nil
        try s.validate()
    }

    @Test func playoffsFollowTheRegularSeasonAndTheLeaguesSize() throws {
        var s = LeagueSettings()
        s.regularSeasonWeeks = 1...13
        try s.validate()
        #expect(s.playoffWeeks == 14...15)
        s.playoffTeams = 6
        #expect(s.playoffWeeks == 14...16)
        var three = LeagueSettings()
        three.teamCount = 3
        try three.validate()
        #expect(three.playoffTeams == 2 && three.playoffWeeks == 15...15)
        // Sent: refused as before.
        var sent = LeagueSettings()
        sent.playoffWeeks = 15...16
        sent.regularSeasonWeeks = 1...13
        #expect(throws: DomainError.self) { try sent.validate() }
        // A regular season that leaves no room is refused as what was sent.
        var long = LeagueSettings()
        long.regularSeasonWeeks = 1...18
        #expect { try long.validate() } throws: { ($0 as? DomainError).map { if case .validation(field: "regularSeasonWeeks", _) = $0 { true } else { false } } ?? false }
    }

    @Test func positionMaximaFollowTheRosterAndTheBudgetTheMinimumBids() throws {
        var s = LeagueSettings()
        s.rosterSlots[.qb] = 5
        try s.validate()
        #expect(s.positionMaxima[.qb] == 5 && s.positionMaxima[.rb] == 8)
        var full = LeagueSettings()
        full.rosterSlots = [.qb: 1, .rb: 2, .wr: 2, .te: 1, .flex: 3, .k: 1, .def: 0, .bench: 20, .ir: 0]
        #expect(full.draftRounds == 30)
        try full.validate()
        var auction = LeagueSettings()
        auction.draftType = .auction
        auction.auctionMinBid = 20
        try auction.validate()
        #expect(auction.auctionBudget == 300, "the minimum bid for each of 15 spots")
        auction.auctionBudget = 200
        #expect(throws: DomainError.self) { try auction.validate() }
    }

    @Test func aSettingsRoundTripIsEqualAndMissingKeysTakeTheirDefaults() throws {
        var s = LeagueSettings()
        s.bidSeconds = 6
        let back = try JSONDecoder().decode(LeagueSettings.self, from: try JSONEncoder().encode(s))
        #expect(back == s && back.hashValue == s.hashValue)
        var defaults = LeagueSettings()
        defaults.pickClockSeconds = nil
        #expect(try decode("{}") == defaults)
        let stored = try decode(#"{"teamCount": 12, "pickClockSeconds": null}"#)
        #expect(stored.teamCount == 12 && stored.pickClockSeconds == nil)
        #expect(try decode(#"{"teamCount": 12}"#).pickClockSeconds == nil, "a missing clock is a soft timer, as nil was always stored")
    }
}
