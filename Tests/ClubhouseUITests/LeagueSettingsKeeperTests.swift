import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The league settings page says what a renewal carries: a redraft league's members and settings, a keeper league's
/// keepers with their cost — a round, or in an auction league last price + the raise, out of the budget.
@Suite struct LeagueSettingsKeeperTests {
    static func screen(_ configure: (inout LeagueSettings) -> Void) -> [String] {
        var s = LeagueSettingsFeature.State(id: Demo.nerds)
        var d = Demo.detail(Demo.nerds)
        configure(&d.league.settings)
        s.detail = Loadable(d)
        var b = Buffer(size: Size(width: 150, height: 30))
        LeagueSettingsFeature.render(s, in: Rect(x: 0, y: 0, width: 150, height: 30), buffer: &b, context: RenderContext(theme: .monochrome))
        return b.text().components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    static func line(_ lines: [String], _ label: String) -> String { lines.first { $0.hasPrefix(label) } ?? "" }

    @Test func anAuctionKeeperLeagueShowsItsKeepersPrice() {
        let lines = Self.screen { s in
            s.draftType = .auction; s.leagueType = .keeper; s.keeperCost = .auction; s.keeperAuctionRaise = 7; s.maxKeeperYears = 3
        }
        #expect(Self.line(lines, "Next season").hasSuffix("keeper · 2 players a team · due 24 h before the draft"), "\(lines)")
        #expect(Self.line(lines, "Keeper cost").hasSuffix("last price + $7 a year kept (unbought: $1 + $7), out of the budget · kept 3 seasons in a row at most"),
                "\(lines)")
    }

    @Test func aRoundKeeperLeagueAndARedraftLeagueSayWhatCarriesOver() {
        let rounds = Self.screen { $0.leagueType = .keeper }
        #expect(Self.line(rounds, "Keeper cost").hasSuffix("drafted round − 1 a year kept (undrafted: round 10) · no limit on seasons kept"), "\(rounds)")
        let redraft = Self.screen { _ in }
        #expect(Self.line(redraft, "Next season").hasSuffix("redraft · members and settings carry over") && Self.line(redraft, "Keeper cost").isEmpty,
                "\(redraft)")
    }
}
