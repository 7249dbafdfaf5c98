import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The notifications besides chat, exhaustively (TestStore), for the manager of Bits in Gridiron Greats: a trade
/// offered to them rings and notifies the desktop, their turn on the clock too (not while that draft's room is on top);
/// their week's result and a correction of their score toast and count quietly; someone else's trade says nothing; a
/// muted category says nothing at all.
@Suite struct LeagueNoticesTests {
    typealias E = LeagueEvent
    typealias T = NotificationsTests

    static func event<B: LeagueEventBody>(_ body: B, id: Int64) -> LeagueEvent {
        LeagueEvent(id: id, leagueID: Demo.greats, kind: B.kind, payload: try! E.encode(body), at: Demo.now)
    }

    @Test func aTradeOfferedToMeRingsAndSomeoneElsesSaysNothing() async {
        let rings = BellRecorder(), out = T.OutputRecorder()
        let store = T.store(FakeLeague(), rings: rings, out: out)
        let said = "Bytes sent you a trade offer in Gridiron Greats"
        await store.send(.eventReceived(Self.event(E.TradeProposed(trade: TradeID(5), team: Demo.bytes, with: Demo.bits), id: 30))) { $0.lastEventID = 30 }
        await store.receive({ if case .noticeReady(let n?) = $0 { n.text == said && n.category == .transactions && n.rings } else { false } }) {
            $0.unread[Demo.greats] = 1
        }
        store.delegated(.toast(said))
        await store.runSilentWork()
        #expect(rings.count == 1 && out.all == ["\u{1B}]9;Clubhouse: \(said)\u{07}"])
        // An offer between two other teams, and my own offer going out: nothing.
        await store.send(.eventReceived(Self.event(E.TradeProposed(trade: TradeID(6), team: Demo.bytes, with: Demo.hailMarys), id: 31))) {
            $0.lastEventID = 31
        }
        await store.send(.eventReceived(Self.event(E.TradeProposed(trade: TradeID(7), team: Demo.bits, with: Demo.bytes), id: 32))) { $0.lastEventID = 32 }
        // A trade I accepted going through: I just saw it — nothing; after a review, or my own offer: said quietly.
        await store.send(.eventReceived(Self.event(E.TradeExecuted(trade: TradeID(5), team: Demo.bytes, with: Demo.bits), id: 33))) { $0.lastEventID = 33 }
        await store.send(.eventReceived(Self.event(E.TradeExecuted(trade: TradeID(5), team: Demo.bytes, with: Demo.bits, afterReview: true), id: 34))) {
            $0.lastEventID = 34
        }
        await store.receive({ if case .noticeReady(let n?) = $0 { !n.rings } else { false } }) { $0.unread[Demo.greats] = 2 }
        store.delegated(.toast("Your trade with Bytes went through in Gridiron Greats"))
        await store.send(.eventReceived(Self.event(E.TradeExecuted(trade: TradeID(7), team: Demo.bits, with: Demo.hailMarys), id: 35))) { $0.lastEventID = 35 }
        await store.receive({ if case .noticeReady(let n?) = $0 { !n.rings } else { false } }) { $0.unread[Demo.greats] = 3 }
        store.delegated(.toast("Your trade with Hail Marys went through in Gridiron Greats"))
        await store.runSilentWork()
        #expect(rings.count == 1, "only the offer rang")
        store.finish()
    }

    /// A league renewed (or joined) after sign-in: its events are the person's once their leagues are read again, so
    /// the renewed season's first trade offer to them rings.
    @Test func aLeagueRenewedAfterSignInIsFollowedForItsNotices() async {
        let rings = BellRecorder(), out = T.OutputRecorder()
        let fake = FakeLeague()
        await fake.setSignedIn(await fake.addAccount(email: "alice@example.com", password: "correct horse", displayName: "alice"))
        await fake.setMyTeam(Demo.bits, in: Demo.greats)
        let store = T.store(fake, rings: rings, out: out, knowsGreats: false)   // signed in before Gridiron Greats was theirs
        let offer = Self.event(E.TradeProposed(trade: TradeID(5), team: Demo.bytes, with: Demo.bits), id: 41)
        await store.send(.eventReceived(offer)) { $0.lastEventID = 41 }   // not yet known as theirs: nothing
        await store.send(.eventReceived(Self.event(E.LeagueRenewed(next: Demo.greats, season: 2020), id: 42))) { $0.lastEventID = 42 }
        let leagues = (try? await fake.myLeagues()) ?? []
        await store.receive({ if case .leaguesLoaded = $0 { true } else { false } }) {
            $0.myLeagues = Dictionary(leagues.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            $0.myTeams = Dictionary(leagues.compactMap { l in l.myTeam.map { (l.id, $0) } }, uniquingKeysWith: { a, _ in a })
        }
        #expect(store.state.myTeams[Demo.greats] == Demo.bits)
        let said = "Bytes sent you a trade offer in Gridiron Greats"
        await store.send(.eventReceived(Self.event(E.TradeProposed(trade: TradeID(6), team: Demo.bytes, with: Demo.bits), id: 43))) { $0.lastEventID = 43 }
        await store.receive({ if case .noticeReady(let n?) = $0 { n.text == said && n.rings } else { false } }) { $0.unread[Demo.greats] = 1 }
        store.delegated(.toast(said))
        await store.runSilentWork()
        #expect(rings.count == 1)
        store.finish()
    }

    /// The board with pick `n` on the clock, where `n` is Bits' first pick by the order.
    static func roomWithBitsOnTheClock() -> (DraftBoard, Int) {
        var room = Demo.draftRoom(Demo.greats)
        room.auction = nil
        room.tradedPicks = []
        room.draft.status = .running
        let n = (1...200).first { DraftOrder.team(forPick: $0, order: room.draft.order, type: room.draft.type) == Demo.bits }!
        room.draft.currentPick = n
        return (room, n)
    }

    @Test func myTurnOnTheClockRingsButNotInThatDraftsRoom() async {
        let fake = FakeLeague()
        let (room, n) = Self.roomWithBitsOnTheClock()
        await fake.setRoom(room)
        let rings = BellRecorder(), out = T.OutputRecorder()
        let store = T.store(fake, rings: rings, out: out)
        let said = "You're on the clock in Gridiron Greats: pick \(n)"
        await store.send(.eventReceived(Self.event(E.PickMade(pick: n - 1, team: Demo.bytes, player: Demo.cmc.id), id: 40))) { $0.lastEventID = 40 }
        await store.receive({ if case .noticeReady(let n?) = $0 { n.text == said && n.category == .draft && n.rings } else { false } }) {
            $0.unread[Demo.greats] = 1
        }
        store.delegated(.toast(said))
        await store.runSilentWork()
        #expect(rings.count == 1 && out.all.count == 1)
        store.finish()

        let inTheRoom = T.store(fake, rings: rings, out: out, drafting: Demo.greats)
        await inTheRoom.send(.eventReceived(Self.event(E.PickMade(pick: n - 1, team: Demo.bytes, player: Demo.cmc.id), id: 41))) { $0.lastEventID = 41 }
        inTheRoom.finish()
        #expect(rings.count == 1, "the room rings it itself")
    }

    @Test func myWeeksResultAndACorrectionOfMyScoreToastQuietly() async {
        let fake = FakeLeague()
        let rings = BellRecorder(), out = T.OutputRecorder()
        let store = T.store(fake, rings: rings, out: out)
        // The words come from the week's scoreboard as the fake answers it.
        let m = try! #require(Demo.scoreboard(week: 8).matchups.first { $0.involves(Demo.bits) })
        let (mine, theirs) = m.home.team.id == Demo.bits ? (m.home, m.away!) : (m.away!, m.home)
        let result = mine.points > theirs.points ? "you won" : mine.points < theirs.points ? "you lost" : "you tied"
        let said = "Week 8 final in Gridiron Greats: \(result) \(mine.points.oneDecimal)–\(theirs.points.oneDecimal) against \(theirs.team.name)"
        await store.send(.eventReceived(Self.event(E.MatchupsFinalized(week: 8), id: 50))) { $0.lastEventID = 50 }
        await store.receive({ if case .noticeReady(let n?) = $0 { n.text == said && n.category == .scoring } else { false } }) { $0.unread[Demo.greats] = 1 }
        store.delegated(.toast(said))

        let correction = ScoreCorrection(week: 7, teamID: Demo.bits, before: Points(hundredths: 9820), after: Points(hundredths: 10140), applied: true, at: Demo.now,
                                         lockedAt: Demo.now)
        let others = ScoreCorrection(week: 7, teamID: Demo.bytes, before: 80, after: 81, applied: true, at: Demo.now, lockedAt: Demo.now)
        await store.send(.eventReceived(Self.event(E.SeasonUpdated(weeks: [7], corrections: [others]), id: 51))) { $0.lastEventID = 51 }
        await store.send(.eventReceived(Self.event(E.SeasonUpdated(weeks: [7], corrections: [others, correction]), id: 52))) { $0.lastEventID = 52 }
        await store.receive({ if case .noticeReady(let n?) = $0 { n.category == .scoring } else { false } }) { $0.unread[Demo.greats] = 2 }
        store.delegated(.toast("Score correction in Gridiron Greats: your week 7 98.2 → 101.4"))
        await store.runSilentWork()
        #expect(rings.count == 0 && out.all.isEmpty, "scores neither ring nor notify the desktop")
        store.finish()
    }

    @Test func aMutedCategorySaysNothingAtAll() async {
        let rings = BellRecorder(), out = T.OutputRecorder()
        let store = T.store(FakeLeague(), rings: rings, out: out, mutes: [String(Demo.greats.rawValue): [.transactions, .scoring]])
        await store.send(.eventReceived(Self.event(E.TradeProposed(trade: TradeID(5), team: Demo.bytes, with: Demo.bits), id: 60))) { $0.lastEventID = 60 }
        await store.send(.eventReceived(Self.event(E.MatchupsFinalized(week: 8), id: 61))) { $0.lastEventID = 61 }
        store.finish()
        #expect(rings.count == 0 && store.state.unread.isEmpty)
    }
}
