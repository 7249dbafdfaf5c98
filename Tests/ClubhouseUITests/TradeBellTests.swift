import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The trade bell: which of a league's trade events ring it for me, and the board — which follows the league's
/// events on every page of it — ringing it, unless Settings turned it off.
@Suite struct TradeBellTests {
    typealias E = LeagueEvent
    static let bits = Demo.bits, bytes = Demo.bytes, tailgaters = Demo.tailgaters, hailMarys = Demo.hailMarys

    static func event(_ body: some LeagueEventBody, id: Int64 = 1) -> LeagueEvent {
        LeagueEvent(id: id, leagueID: Demo.greats, kind: type(of: body).kind, payload: try! E.encode(body), at: Demo.now)
    }

    @Test func anOfferOrACounterToMyTeamRingsOthersDoNot() {
        let offer = Self.event(E.TradeProposed(trade: TradeID(1), team: Self.bytes, with: Self.bits))
        #expect(TradeBell.rings(for: offer, myTeam: Self.bits, review: .vote))
        #expect(!TradeBell.rings(for: offer, myTeam: Self.bytes, review: .vote), "my own offer")
        #expect(!TradeBell.rings(for: offer, myTeam: Self.tailgaters, review: .vote), "an offer between others")
        #expect(!TradeBell.rings(for: offer, myTeam: nil, review: .vote), "no team, no bell")
        // A counter is the answering team's new offer back to the proposer.
        #expect(TradeBell.rings(for: Self.event(E.TradeProposed(trade: TradeID(2), team: Self.bits, with: Self.bytes)), myTeam: Self.bytes, review: .vote))
        #expect(!TradeBell.rings(for: Self.event(E.TradeCountered(trade: TradeID(1), counter: TradeID(2))), myTeam: Self.bytes, review: .vote),
                "the counter rings once, through its offer")
    }

    @Test func aVoteOpenedRingsForTheManagersOutsideTheTradeInAVotingLeague() {
        let review = Self.event(E.TradeAccepted(trade: TradeID(1), review: true, team: Self.bytes, with: Self.hailMarys))
        #expect(TradeBell.rings(for: review, myTeam: Self.bits, review: .vote))
        #expect(!TradeBell.rings(for: review, myTeam: Self.bytes, review: .vote), "a party doesn't vote")
        #expect(!TradeBell.rings(for: review, myTeam: Self.bits, review: .commissioner), "only the commissioner reviews")
        let atOnce = Self.event(E.TradeAccepted(trade: TradeID(1), review: false, team: Self.bytes, with: Self.hailMarys))
        #expect(!TradeBell.rings(for: atOnce, myTeam: Self.bits, review: .vote))
        #expect(!TradeBell.rings(for: Self.event(E.TradeAccepted(trade: TradeID(1), review: true)), myTeam: Self.bits, review: .vote),
                "an old event without its teams stays quiet")
    }

    @Test func myTradeExecutingRingsExceptForTheOneWhoJustAcceptedIt() {
        let reviewed = Self.event(E.TradeExecuted(trade: TradeID(1), team: Self.bytes, with: Self.bits, afterReview: true))
        #expect(TradeBell.rings(for: reviewed, myTeam: Self.bits, review: .vote) && TradeBell.rings(for: reviewed, myTeam: Self.bytes, review: .vote))
        #expect(!TradeBell.rings(for: reviewed, myTeam: Self.tailgaters, review: .vote))
        let atOnce = Self.event(E.TradeExecuted(trade: TradeID(1), team: Self.bytes, with: Self.bits, afterReview: false))
        #expect(TradeBell.rings(for: atOnce, myTeam: Self.bytes, review: .noReview), "the proposer hears the offer went through")
        #expect(!TradeBell.rings(for: atOnce, myTeam: Self.bits, review: .noReview), "the one who accepted knows")
        #expect(!TradeBell.rings(for: Self.event(E.TradeRejected(trade: TradeID(1))), myTeam: Self.bytes, review: .vote))
    }

    @Test func theBoardRingsForAnOfferToMeOnAnyPageOfTheLeagueUnlessTurnedOff() async {
        var h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits))
        #expect(h.bells.count == 0)
        h.send(.board(.eventReceived(Self.event(E.TradeProposed(trade: TradeID(8), team: Self.bytes, with: Self.bits), id: 10))))
        await h.settle()
        #expect(h.bells.count == 1)
        h.send(.board(.eventReceived(Self.event(E.TradeProposed(trade: TradeID(9), team: Self.bytes, with: Self.hailMarys), id: 11))))
        await h.settle()
        #expect(h.bells.count == 1, "an offer to someone else")
        try? h.store.save(UserSettings(tradeBell: false))
        h.send(.board(.eventReceived(Self.event(E.TradeProposed(trade: TradeID(10), team: Self.bytes, with: Self.bits), id: 12))))
        await h.settle()
        #expect(h.bells.count == 1, "Settings' trade bell is off")
    }

    /// The same through the board's reducer, exhaustively (TestStore): each event of the league is noted for the next
    /// refresh (a debounced one waits); the bell's work rings only for an offer to my team, and not once Settings
    /// turned it off.
    @Test func theBoardsReducerRingsForAnOfferToMeStepByStep() async {
        let rings = BellRecorder()
        let settings = InMemorySettingsStore()
        let env = AppEnvironment(api: FakeLeague(), settings: settings, now: { Demo.now }, sleep: { _ in }, bell: { rings.ring() })
        var detail = Demo.detail(Demo.greats)
        detail.capabilities = Capabilities(signedIn: true, myTeam: Self.bits)
        var s = BoardFeature.State()
        s.context = .league(Demo.greats, week: nil, highlight: .team(Self.bits))
        s.following = Demo.greats
        s.leagueID = Demo.greats
        s.league = Loadable(detail)
        let store = TestStore(BoardFeature.self, s, context: PageContext(env: env, viewport: 10))
        /// `event` arrives: noted; the debounced refresh it starts is the test's to drop; the bell's work (if any) runs.
        func receive(_ event: LeagueEvent) async {
            await store.send(.eventReceived(event)) {
                $0.lastEventID = event.id; $0.pendingKinds.insert(event.kind); $0.missed.insert(.league)
            }
            #expect(store.waitingIDs.last == TaskID(BoardFeature.EffectID.refresh), "a refresh waits out the debounce")
            store.cancel(BoardFeature.EffectID.refresh)
            await store.runSilentWork()
        }
        await receive(Self.event(E.TradeProposed(trade: TradeID(8), team: Self.bytes, with: Self.bits), id: 10))
        #expect(rings.count == 1)
        await receive(Self.event(E.TradeProposed(trade: TradeID(9), team: Self.bytes, with: Self.hailMarys), id: 11))
        #expect(rings.count == 1, "an offer to someone else")
        try? settings.save(UserSettings(tradeBell: false))
        await receive(Self.event(E.TradeProposed(trade: TradeID(10), team: Self.bytes, with: Self.bits), id: 12))
        #expect(rings.count == 1, "Settings' trade bell is off")
        // Another league's event is not the board's to note.
        await store.send(.eventReceived(LeagueEvent(id: 13, leagueID: Demo.couch, kind: .pickMade, payload: "{}", at: Demo.now)))
        store.finish()
    }
}
