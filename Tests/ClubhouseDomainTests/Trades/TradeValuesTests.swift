import Foundation
import Testing
@testable import ClubhouseDomain

/// Rest-of-season trade values (`TradeValues`, Sources/ClubhouseDomain/README.md "Trade values") pinned on
/// small hand-made numbers.
@Suite struct TradeValuesTests {
    @Test func theFormulaBlendsByGamesPlayedTimesGamesLeftOverTheNthBest() {
        typealias L = TradeValues.Line
        let lines: [PlayerID: L] = [
            // 8 games at 20 ppg this season, 12 ppg over 16 games last: (8·20 + 4·12) / 12 = 17.33 ppg × 6 left = 104.
            "a": L(position: .rb, gamesNow: 8, pointsNow: 160, gamesPrior: 16, pointsPrior: 192, gamesLeft: 6),
            // No games yet this season (hurt): last season's 15 ppg × 7 left = 105.
            "b": L(position: .rb, gamesPrior: 16, pointsPrior: 240, gamesLeft: 7),
            // A rookie who has played: this season's 10 ppg alone × 6 = 60.
            "c": L(position: .rb, gamesNow: 4, pointsNow: 40, gamesLeft: 6),
            // A rookie with neither: the floor, 2 ppg × 6 = 12.
            "d": L(position: .rb, gamesLeft: 6),
            // A kicker: 8 ppg × 5 = 40; one kicker for three teams' slots: no replacement.
            "k": L(position: .k, gamesNow: 8, pointsNow: 64, gamesPrior: 16, pointsPrior: 128, gamesLeft: 5),
        ]
        #expect(abs(TradeValues.pointsPerGame(lines["a"]!) - 208.0 / 12) < 1e-9)
        let v = TradeValues(lines: lines, valuation: DraftValuation(teamCount: 3, rosterSlots: [.rb: 1, .k: 1]))
        #expect(abs(v.restOfSeason["a"]! - 104) < 1e-9 && v.restOfSeason["b"] == 105 && v.restOfSeason["c"] == 60 && v.restOfSeason["d"] == 12)
        // 3 teams × 1 RB: replacement is the 3rd best RB per game (c's 10 ppg); value = (ppg − 10) × games left.
        #expect(v.replacement[.rb] == 10 && v.replacement[.k] == 0)
        #expect(v.value("b") == 35 && abs(v.value("a") - 44) < 1e-9)
        #expect(v.value("c") == TradeValues.minimum && v.value("d") == TradeValues.minimum, "at or under replacement: the floor")
        #expect(v.value("k") == 40)
        #expect(v.value("nobody") == TradeValues.minimum)
        #expect(v.available(excluding: ["b"]).map(\.id).prefix(2) == ["a", "k"])
    }

    @Test func flexSlotsAreSharedAndByesAndGamesLeftScaleTheValue() {
        typealias L = TradeValues.Line
        // Two teams, one RB and one WR slot each plus one FLEX each: the two FLEX go to the best RB/WR left.
        let lines: [PlayerID: L] = [
            "r1": L(position: .rb, gamesPrior: 1, pointsPrior: 20, gamesLeft: 10),   // 200
            "r2": L(position: .rb, gamesPrior: 1, pointsPrior: 18, gamesLeft: 10),   // 180
            "r3": L(position: .rb, gamesPrior: 1, pointsPrior: 17, gamesLeft: 10),   // 170 (FLEX)
            "r4": L(position: .rb, gamesPrior: 1, pointsPrior: 16, gamesLeft: 10),   // 160 (FLEX): the RB replacement
            "w1": L(position: .wr, gamesPrior: 1, pointsPrior: 15, gamesLeft: 10),   // 150
            "w2": L(position: .wr, gamesPrior: 1, pointsPrior: 14, gamesLeft: 10),   // 140
            "w3": L(position: .wr, gamesPrior: 1, pointsPrior: 13, gamesLeft: 0),    // no games left: 0
        ]
        let v = TradeValues(lines: lines, valuation: DraftValuation(teamCount: 2, rosterSlots: [.rb: 1, .wr: 1, .flex: 1]))
        // Per game: RB 16 (the 4th: 2 RB slots + both FLEX), WR 14 (w3, without games left, can't replace anyone).
        #expect(v.replacement[.rb] == 16 && v.replacement[.wr] == 14)
        #expect(v.value("r1") == 40 && v.value("w1") == 10 && v.value("w3") == TradeValues.minimum)
    }
}
