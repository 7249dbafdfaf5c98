import Foundation
import Testing
import ClubhouseDomain

/// Every event kind's payload round-trips through `LeagueEvent.encode` / `decodedBody()`, keeps the wire keys
/// the events table and the server stream have always carried, and old rows (written by string interpolation)
/// still decode.
@Suite struct LeagueEventBodyTests {
    typealias E = LeagueEvent
    static let kickoff = Date(timeIntervalSince1970: 1_567_728_000)

    /// One sample per kind, with the payload as the pre-typed code wrote it (an "old row").
    static let samples: [(body: any LeagueEventBody, oldRow: String)] = [
        (E.LeagueCreated(name: "Sunday Stars"), #"{"name":"Sunday Stars"}"#),
        (E.LeagueUpdated(teams: 10), #"{"teams":10}"#),
        (E.LeagueRenewed(next: LeagueID(12), season: 2020), #"{"next":12,"season":2020}"#),
        (E.KeepersSet(team: TeamID(3), players: 2), #"{"team":3,"players":2}"#),
        (E.TaxiMoved(team: TeamID(3), player: PlayerID("00-0036355"), promoted: true), #"{"team":3,"player":"00-0036355","promoted":true}"#),
        (E.LineupRefused(team: TeamID(3), player: "00-0033280", slot: .rb, kickoff: kickoff),
         #"{"team":3,"player":"00-0033280","slot":"RB","kickoff":589420800}"#),
        (E.CloseGame(E.LiveScore(week: 9, leader: E.LiveSide(team: TeamID(3), points: Points(hundredths: 10_120)),
                                 trailer: E.LiveSide(team: TeamID(4), points: Points(hundredths: 9_700)), gameClock: "Q4 6:12")),
         #"{"score":{"week":9,"leader":{"team":3,"points":{"hundredths":10120}},"trailer":{"team":4,"points":{"hundredths":9700}},"gameClock":"Q4 6:12"}}"#),
        (E.LeadChanged(E.LiveScore(week: 9, leader: E.LiveSide(team: TeamID(4), points: Points(hundredths: 10_300)),
                                   trailer: E.LiveSide(team: TeamID(3), points: Points(hundredths: 10_120)), gameClock: "Q4 1:05")),
         #"{"score":{"week":9,"leader":{"team":4,"points":{"hundredths":10300}},"trailer":{"team":3,"points":{"hundredths":10120}},"gameClock":"Q4 1:05"}}"#),
        (E.StarterOut(team: TeamID(3), player: "00-0033280", week: 9, report: "Out — Hamstring"),
         #"{"team":3,"player":"00-0033280","week":9,"report":"Out — Hamstring"}"#),
        (E.MemberJoined(team: TeamID(3), user: UserID(7)), #"{"team":3,"user":7}"#),
        (E.JoinRequested(user: UserID(7)), #"{"user":7}"#),
        (E.JoinDecided(user: UserID(7), approved: false), #"{"user":7,"approved":false}"#),
        (E.JoinWithdrawn(user: UserID(7)), #"{"user":7}"#),
        (E.MemberLeft(team: TeamID(3), user: UserID(7)), #"{"team":3,"user":7}"#),
        (E.InviteChanged.createdInvite, #"{"created":true}"#),
        (E.DraftScheduled(at: kickoff), #"{"at":1567728000.0}"#),
        (E.DraftOrderSet(order: [TeamID(2), TeamID(1), TeamID(3)]), #"{"order":[2,1,3]}"#),
        (E.DraftStarted(pick: 1), #"{"pick":1}"#),
        (E.DraftPaused(pick: 14), #"{"pick":14}"#),
        (E.DraftResumed(pick: 14), #"{"pick":14}"#),
        (E.DraftClockRestored(pick: 14, team: TeamID(2), outage: 45, back: 30), #"{"pick":14,"team":2,"outage":45,"back":30}"#),
        (E.PickMade(pick: 5, team: TeamID(2), player: "00-0033280"), #"{"pick":5,"team":2,"player":"00-0033280"}"#),
        (E.PickUndone(pick: 5), #"{"pick":5}"#),
        (E.DraftCompleted(), "{}"),
        (E.QueueChanged(team: TeamID(4)), #"{"team":4}"#),
        (E.Chat(message: 99), #"{"message":99}"#),
        (E.ChatRemoved(message: 99), #"{"message":99}"#),
        (E.ChatReacted(message: 99, emoji: "🔥", user: UserID(7), on: true), #"{"message":99,"emoji":"🔥","user":7,"on":true}"#),
        (E.AutopickToggled(team: TeamID(4), on: true), #"{"team":4,"on":true}"#),
        (E.LineupChanged(team: TeamID(4), player: "DST-CAR", slot: .flex), #"{"team":4,"player":"DST-CAR","slot":"\#(Slot.flex.rawValue)"}"#),
        (E.PlayerAdded(team: TeamID(4), added: "00-0033280", dropped: nil), #"{"team":4,"added":"00-0033280","dropped":null}"#),
        (E.PlayerDropped(team: TeamID(4), dropped: "00-0033280"), #"{"team":4,"added":null,"dropped":"00-0033280"}"#),
        (E.ClaimPlaced(team: TeamID(4), claim: 12), #"{"team":4,"claim":12}"#),
        (E.ClaimCancelled(team: TeamID(4), claim: 12), #"{"team":4,"claim":12}"#),
        (E.ClaimsReordered(team: TeamID(4)), #"{"team":4}"#),
        (E.WaiversProcessed(claims: 2, run: Date(timeIntervalSince1970: 1_567_000_000)), #"{"claims":2,"run":1567000000}"#),
        (E.ClockAdvanced(to: kickoff, weeks: [1, 2]), #"{"to":1567728000.0,"weeks":[1, 2]}"#),
        (E.MatchupsFinalized(week: 6), #"{"week":6}"#),
        (E.SeasonUpdated(weeks: [3], corrections: [ScoreCorrection(week: 2, teamID: TeamID(4), before: Points(hundredths: 9_840),
                                                                   after: Points(hundredths: 10_140), applied: true, at: kickoff, lockedAt: kickoff)]),
         #"{"weeks":[3],"corrections":[{"week":2,"teamID":4,"before":{"hundredths":9840},"after":{"hundredths":10140},"applied":true,"at":589420800,"lockedAt":589420800}]}"#),
        (E.TradeProposed(trade: TradeID(7), team: TeamID(4), with: TeamID(5)), #"{"trade":7,"team":4,"with":5}"#),
        (E.TradeAccepted(trade: TradeID(7), review: true), #"{"trade":7,"review":true}"#),
        (E.TradeRejected(trade: TradeID(7)), #"{"trade":7}"#),
        (E.TradeWithdrawn(trade: TradeID(7)), #"{"trade":7}"#),
        (E.TradeCountered(trade: TradeID(7), counter: TradeID(8)), #"{"trade":7,"counter":8}"#),
        (E.TradeExpired(trade: TradeID(7)), #"{"trade":7}"#),
        (E.TradeVoteCast(trade: TradeID(7), votes: 1, threshold: 2), #"{"trade":7,"votes":1,"threshold":2}"#),
        (E.TradeVetoed(trade: TradeID(7), byCommissioner: false), #"{"trade":7,"byCommissioner":false}"#),
        (E.TradeExecuted(trade: TradeID(7)), #"{"trade":7}"#),
        (E.TradeInvalidated(trade: TradeID(7), reason: "Christian McCaffrey is no longer on Team 2's roster"),
         #"{"trade":7,"reason":"Christian McCaffrey is no longer on Team 2's roster"}"#),
        (E.TradeReversed(trade: TradeID(7)), #"{"trade":7}"#),
        (E.TradingBlockChanged(team: TeamID(2), player: "00-0033280", on: true), #"{"team":2,"player":"00-0033280","on":true}"#),
        (E.AuctionNominated(nomination: NominationID(3), team: TeamID(4), player: "00-0033280", bid: 1, deadline: kickoff),
         #"{"nomination":3,"team":4,"player":"00-0033280","bid":1,"deadline":589420800}"#),
        (E.AuctionBidPlaced(nomination: NominationID(3), team: TeamID(5), amount: 31, proxy: false, deadline: kickoff, reset: true),
         #"{"nomination":3,"team":5,"amount":31,"proxy":false,"deadline":589420800,"reset":true}"#),
        (E.AuctionSold(nomination: NominationID(3), pick: 9, team: TeamID(5), player: "00-0033280", price: 31),
         #"{"nomination":3,"pick":9,"team":5,"player":"00-0033280","price":31}"#),
    ]

    static func event(_ kind: E.Kind, _ payload: String) -> LeagueEvent {
        LeagueEvent(id: 1, leagueID: LeagueID(1), kind: kind, payload: payload, at: kickoff)
    }

    static func keys(_ json: String) throws -> Set<String> {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return Set(object.keys)
    }

    static func roundTrip<B: LeagueEventBody>(_ body: B) throws -> (decoded: any LeagueEventBody, payload: String) {
        let payload = try LeagueEvent.encode(body)
        return (try event(B.kind, payload).decodedBody(), payload)
    }

    @Test func everyKindHasOneSample() {
        let kinds = Self.samples.map { type(of: $0.body).kind }
        #expect(Set(kinds) == Set(E.Kind.allCases), "a sample for every kind")
        #expect(kinds.count == E.Kind.allCases.count, "and only one")
    }

    @Test func everyKindRoundTripsWithTheSameWireKeys() throws {
        for (body, oldRow) in Self.samples {
            let (decoded, payload) = try Self.roundTrip(body)
            #expect(AnyHashable(decoded) == AnyHashable(body), "\(type(of: body)) round-trips: \(payload)")
            #expect(try Self.keys(payload) == Self.keys(oldRow), "\(type(of: body)) keeps its keys: \(payload) vs \(oldRow)")
        }
    }

    @Test func oldRowsStillDecode() throws {
        for (body, oldRow) in Self.samples {
            let decoded = try Self.event(type(of: body).kind, oldRow).decodedBody()
            #expect(AnyHashable(decoded) == AnyHashable(body), "old row \(oldRow)")
        }
    }

    @Test(arguments: [#"a"b"#, "two\nlines", "Ünïcødé 🏈 \\ back/slash", "tab\tand \u{1}control"])
    func aLeagueNameRoundTripsWhateverItHolds(name: String) throws {
        let payload = try LeagueEvent.encode(E.LeagueCreated(name: name))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: String])
        #expect(object == ["name": name], "the payload is valid JSON")
        let decoded = try Self.event(.leagueCreated, payload).decodedBody(as: E.LeagueCreated.self)
        #expect(decoded == E.LeagueCreated(name: name))
    }

    @Test func theClockPayloadsOfBothShapesDecode() throws {
        let speed = try #require(try Self.event(.clockAdvanced, #"{"speed":\#(ClockSpeed.allCases.last!.rawValue)}"#)
            .decodedBody(as: E.ClockAdvanced.self))
        #expect(speed == E.ClockAdvanced(speed: ClockSpeed.allCases.last!))
        #expect(speed.to == nil && speed.weeks == nil)
        let cleared = try Self.event(.draftScheduled, #"{"at":null}"#).decodedBody(as: E.DraftScheduled.self)
        #expect(cleared == E.DraftScheduled(at: nil))
        #expect(try LeagueEvent.encode(E.DraftScheduled(at: nil)) == #"{"at":null}"#, "a cleared date keeps its key")
        #expect(try LeagueEvent.encode(E.InviteChanged.revokedInvite) == #"{"revoked":true}"#)
    }

    /// The trade's teams (for the trade bell) came later: new payloads carry them, old rows decode without.
    @Test func anAcceptedOrExecutedTradeNamesItsTeams() throws {
        let executed = E.TradeExecuted(trade: TradeID(7), team: TeamID(1), with: TeamID(2), afterReview: true)
        #expect(try Self.keys(LeagueEvent.encode(executed)) == ["trade", "team", "with", "afterReview"])
        #expect(try Self.roundTrip(executed).decoded as? E.TradeExecuted == executed)
        let accepted = E.TradeAccepted(trade: TradeID(7), review: true, team: TeamID(1), with: TeamID(2))
        #expect(try Self.roundTrip(accepted).decoded as? E.TradeAccepted == accepted)
        let old = try #require(try Self.event(.tradeExecuted, #"{"trade":7}"#).decodedBody(as: E.TradeExecuted.self))
        #expect(old.team == nil && old.with == nil && old.afterReview == nil)
    }

    @Test func askingForAnotherKindsBodyGivesNil() throws {
        let pick = Self.event(.pickMade, #"{"pick":5,"team":2,"player":"x"}"#)
        #expect(try pick.decodedBody(as: E.PickUndone.self) == nil)
        #expect(try pick.decodedBody(as: E.PickMade.self)?.player == "x")
    }
}
