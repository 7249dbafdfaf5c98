import Foundation
import Testing
import ClubhouseDomain

/// Which readers of a league get each kind of event, and in which version: the rule of the REST read of the same thing.
@Suite struct EventAudienceTests {
    /// Every kind, with the audience it must have. A new kind fails here until it is given one (and the exhaustive
    /// switch in `Kind.audience` fails to compile until then).
    static let expected: [LeagueEvent.Kind: EventAudience] = [
        .leagueCreated: .readers, .leagueUpdated: .readers, .leagueRenewed: .readers, .keepersSet: .readers, .taxiMoved: .readers, .memberJoined: .readers, .memberLeft: .readers, .inviteChanged: .readers,
        .joinRequested: .parties, .joinDecided: .parties, .joinWithdrawn: .parties,
        .draftScheduled: .readers, .draftOrderSet: .readers, .draftStarted: .readers, .draftPaused: .readers, .draftResumed: .readers,
        .draftClockRestored: .readers,
        .pickMade: .readers, .pickUndone: .readers, .draftCompleted: .readers, .chat: .readers, .chatRemoved: .readers, .chatReacted: .readers, .autopickToggled: .readers,
        .queueChanged: .parties,
        .lineupChanged: .readers, .playerAdded: .readers, .playerDropped: .readers, .waiversProcessed: .readers,
        .claimPlaced: .parties, .claimCancelled: .parties, .claimsReordered: .parties,
        .clockAdvanced: .readers, .matchupsFinalized: .readers, .seasonUpdated: .readers,
        .tradeProposed: .members, .tradeAccepted: .members, .tradeRejected: .members, .tradeWithdrawn: .members,
        .tradeCountered: .members, .tradeExpired: .members, .tradeVoteCast: .members, .tradeVetoed: .members,
        .tradeInvalidated: .members, .tradeExecuted: .readers, .tradeReversed: .readers, .tradingBlockChanged: .readers,
        .auctionNominated: .readers, .auctionBid: .readersRedacted, .auctionSold: .readers,
        .lineupRefused: .parties, .closeGame: .readers, .leadChanged: .readers, .starterOut: .readers,
    ]

    @Test func everyKindDeclaresItsAudience() {
        for kind in LeagueEvent.Kind.allCases {
            #expect(Self.expected[kind] == kind.audience, "\(kind.rawValue): \(kind.audience)")
        }
        #expect(Self.expected.count == LeagueEvent.Kind.allCases.count)
    }

    static let outsider = EventViewer.outsider
    static let signedInOutsider = EventViewer(user: UserID(9), isMember: false, isCommissioner: false, teams: [])
    static let member = EventViewer(user: UserID(2), isMember: true, isCommissioner: false, teams: [TeamID(2)])
    static let commissioner = EventViewer(user: UserID(1), isMember: true, isCommissioner: true, teams: [TeamID(1)])
    static let party = EventViewer(user: UserID(3), isMember: true, isCommissioner: false, teams: [TeamID(3)])

    static func event(_ body: some LeagueEventBody) throws -> LeagueEvent {
        LeagueEvent(id: 7, leagueID: LeagueID(4), kind: type(of: body).kind, payload: try LeagueEvent.encode(body), at: Date(timeIntervalSince1970: 0))
    }

    @Test func aNegotiationIsForMembersAndWhatWentThroughForEveryReader() throws {
        let proposed = EventViews(try Self.event(LeagueEvent.TradeProposed(trade: TradeID(5), team: TeamID(3), with: TeamID(2))))
        #expect(proposed.seen(by: Self.outsider) == nil && proposed.seen(by: Self.signedInOutsider) == nil)
        #expect(proposed.seen(by: Self.member) == proposed.whole && proposed.seen(by: Self.commissioner) == proposed.whole)
        let executed = EventViews(try Self.event(LeagueEvent.TradeExecuted(trade: TradeID(5), team: TeamID(3), with: TeamID(2))))
        #expect(executed.seen(by: Self.outsider) == executed.whole)
    }

    @Test func aTeamsOwnBusinessGoesToItsManagerOnly() throws {
        for body in [try Self.event(LeagueEvent.QueueChanged(team: TeamID(3))), try Self.event(LeagueEvent.ClaimPlaced(team: TeamID(3), claim: 8))] {
            let views = EventViews(body)
            #expect(views.seen(by: Self.party) == body, "\(body.kind)")
            #expect(views.seen(by: Self.member) == nil && views.seen(by: Self.commissioner) == nil && views.seen(by: Self.outsider) == nil)
        }
        // A join request: the commissioner and the person asking.
        let asked = EventViews(try Self.event(LeagueEvent.JoinRequested(user: UserID(9))))
        #expect(asked.seen(by: Self.commissioner) != nil && asked.seen(by: Self.signedInOutsider) != nil)
        #expect(asked.seen(by: Self.member) == nil && asked.seen(by: Self.outsider) == nil)
        // A payload that doesn't decode names no party: nobody gets it.
        let garbled = LeagueEvent(id: 1, leagueID: LeagueID(4), kind: .claimPlaced, payload: "{}", at: Date(timeIntervalSince1970: 0))
        #expect(EventViews(garbled).seen(by: Self.party) == nil)
    }

    @Test func aBidByAHiddenMaximumIsABidToEveryoneButItsTeam() throws {
        let bid = LeagueEvent.AuctionBidPlaced(nomination: NominationID(1), team: TeamID(3), amount: 21, proxy: true, deadline: nil, reset: false)
        let views = EventViews(try Self.event(bid))
        #expect(try views.seen(by: Self.party)?.decodedBody(as: LeagueEvent.AuctionBidPlaced.self)?.proxy == true)
        for viewer in [Self.outsider, Self.member, Self.commissioner] {
            let seen = try #require(views.seen(by: viewer))
            var expected = bid
            expected.proxy = false
            #expect(try seen.decodedBody(as: LeagueEvent.AuctionBidPlaced.self) == expected)
            #expect(seen.id == views.whole.id && seen.kind == .auctionBid && !seen.payload.contains("\"proxy\":true"))
        }
    }

    @Test func readersKnowWhoManagesWhichTeam() {
        let league = League(id: LeagueID(2), name: "L", isPublic: true, commissioner: UserID(1), settings: LeagueSettings(), state: .predraft,
                            clock: Date(timeIntervalSince1970: 0), createdAt: Date(timeIntervalSince1970: 0))
        let teams = [Team(id: TeamID(1), leagueID: LeagueID(2), name: "A", manager: UserID(1), waiverPriority: 1, faabRemaining: 100),
                     Team(id: TeamID(3), leagueID: LeagueID(2), name: "B", manager: UserID(3), waiverPriority: 2, faabRemaining: 100)]
        let readers = LeagueReaders(league: league, teams: teams)
        #expect(readers.viewer(.anonymous) == .outsider)
        #expect(readers.viewer(.user(UserID(3))) == EventViewer(user: UserID(3), isMember: true, isCommissioner: false, teams: [TeamID(3)]))
        #expect(readers.viewer(.user(UserID(1))).isCommissioner)
        #expect(readers.viewer(.user(UserID(9))) == EventViewer(user: UserID(9), isMember: false, isCommissioner: false, teams: []))
    }
}
