import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// Future picks in the trade builder: each side lists the future picks it owns after this season's, named
/// "2020 round 1 (Bytes)"; marking one sends it with its season, and it is no place on this season's roster.
@Suite struct FuturePicksUITests {
    @Test func theBuilderListsFuturePicksAndSendsThemWithTheirSeason() async {
        let fake = FakeLeague()
        let mine = DraftPickRef(round: 3, team: Demo.bits), myFuture = DraftPickRef(season: 2020, round: 1, team: Demo.bits)
        let theirs = DraftPickRef(season: 2020, round: 1, team: Demo.bytes)
        await fake.setTradeMarket(TradesIssue44Tests.market(bitsPicks: [mine, myFuture], bytesPicks: [theirs]))
        var h = await TeamWorld.signedIn(on: .tradeBuilder(Demo.greats, counter: nil), size: Size(width: 120, height: 40), fake: fake)
        h.key(.enter)                      // Bytes
        await h.settle()
        let screen = Screen(h.state)
        #expect(screen.inSheet("2019 round 3 (Bits)") && screen.inSheet("2020 round 1 (Bits)") && screen.inSheet("2020 round 1 (Bytes)"))
        // Their future first is the last row of their side.
        h.key(.char("G")); h.key(.char(" "))
        let b = h.state.top[TradeBuilderFeature.self]
        #expect(b?.getPicks == [theirs])
        #expect(b.map { $0.mySizeAfter == $0.mySizeBefore } == true, "a future pick is no place on this season's roster")
        h.key(.char("s"))
        #expect(h.state.top[TradeBuilderFeature.self]?.confirm?.message.contains("you get 2020 round 1 (Bytes)") == true,
                "\(String(describing: h.state.top[TradeBuilderFeature.self]?.confirm?.message))")
        h.key(.char("y"))
        await h.settle()
        #expect(await fake.tradeWrites.first?.of(Endpoints.Trades.propose)?.body
                == TradeProposal(team: Demo.bits, with: Demo.bytes, get: TradeAssets(picks: [theirs])))
    }
}
