import Foundation
import Testing
@testable import ClubhouseDomain

/// Auction-priced keepers, each rule as the README states it: last price + `keeperAuctionRaise` a year kept, the minimum
/// bid for a player nobody bought (or one dropped), the years limit, the budget a team's keepers must leave, and the
/// keepers bought as the auction opens.
@Suite struct KeeperPriceTests {
    /// A keeper league drafting by auction: $200 budgets, $1 minimum bid, 15 spots, $5 a year kept.
    var settings: LeagueSettings = {
        var s = LeagueSettings()
        s.leagueType = .keeper; s.draftType = .auction; s.keeperCost = .auction
        return s
    }()

    @Test func aKeeperCostsHisLastPricePlusTheRaise() {
        #expect(KeeperRules.price(KeeperHistory(draftedRound: 3, price: 23), settings: settings) == (28, 1))
        var ten = settings
        ten.keeperAuctionRaise = 10
        #expect(KeeperRules.price(KeeperHistory(draftedRound: 3, price: 23), settings: ten) == (33, 1))
        ten.keeperAuctionRaise = 0
        #expect(KeeperRules.price(KeeperHistory(draftedRound: 3, price: 23), settings: ten) == (23, 1), "no raise: the same price")
    }

    @Test func everyYearKeptAddsTheRaiseAgain() {
        // Kept once already: his keeper price last season ($28) is his last price, so he costs $33 in his second year.
        #expect(KeeperRules.price(KeeperHistory(draftedRound: 1, price: 28, yearsKept: 1), settings: settings) == (33, 2))
        #expect(KeeperRules.price(KeeperHistory(draftedRound: 1, price: 33, yearsKept: 2), settings: settings) == (38, 3))
        var s = settings
        s.maxKeeperYears = 2
        #expect(KeeperRules.yearsRefusal(years: 3, name: "A. Back", settings: s) == "A. Back has been kept 2 seasons in a row — this league keeps a player at most 2")
    }

    @Test func aPlayerNobodyBoughtStartsFromTheMinimumBid() {
        #expect(KeeperRules.price(KeeperHistory(draftedRound: nil), settings: settings) == (6, 1), "a free agent: $1 + $5")
        #expect(KeeperRules.price(KeeperHistory(draftedRound: 4), settings: settings) == (6, 1), "drafted in turns, no price: the same")
        #expect(KeeperRules.price(KeeperHistory(draftedRound: 2, price: 0), settings: settings) == (6, 1), "a $0 fill counts as the minimum")
        var three = settings
        three.auctionMinBid = 3
        #expect(KeeperRules.price(KeeperHistory(draftedRound: nil), settings: three) == (8, 1))
    }

    /// The service reads any drop but a trade's as `dropped` (as for a round's cost): a trade keeps his price, a drop
    /// resets it to the minimum bid and starts his years again.
    @Test func aTradeKeepsThePriceAndADropResetsIt() {
        let traded = KeeperHistory(draftedRound: 2, price: 40, yearsKept: 1, dropped: false)
        #expect(KeeperRules.price(traded, settings: settings) == (45, 2))
        let dropped = KeeperHistory(draftedRound: 2, price: 40, yearsKept: 1, dropped: true)
        #expect(KeeperRules.price(dropped, settings: settings) == (6, 1))
    }

    @Test func theLeaguesCostKindDecidesWhatAKeeperCosts() {
        let history = KeeperHistory(draftedRound: 5, price: 23)
        let priced = KeeperRules.keeper("a", team: TeamID(1), history, settings: settings)
        #expect(priced.cost == KeeperCostView(price: 28) && priced.round == nil && priced.years == 1)
        var rounds = settings
        rounds.draftType = .snake; rounds.keeperCost = .round
        #expect(KeeperRules.keeper("a", team: TeamID(1), history, settings: rounds).cost == KeeperCostView(round: 4))
    }

    @Test func theCostIsRoundOrPriceOnTheWire() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(KeeperCostView(price: 23)), as: UTF8.self) == #"{"price":23}"#)
        #expect(String(decoding: try encoder.encode(KeeperCostView(round: 4)), as: UTF8.self) == #"{"round":4}"#)
        #expect(try JSONDecoder().decode(KeeperCostView.self, from: Data(#"{"price":23}"#.utf8)) == KeeperCostView(price: 23))
    }

    @Test func aTeamsKeepersLeaveTheMinimumBidForEveryOtherSpot() {
        // 15 spots: two keepers leave 13 to buy at $1 at least, so they may cost $187 together.
        #expect(KeeperRules.affordable(keepers: 2, settings: settings) == 187)
        #expect(KeeperRules.budgetRefusal(prices: [150, 37], team: "Bytes", settings: settings) == nil)
        #expect(KeeperRules.budgetRefusal(prices: [150, 38], team: "Bytes", settings: settings)
                == "Bytes's keepers would cost $188 of its $200 budget — with $1 kept for each of its 13 other spots, its keepers can cost $187 at most")
    }

    @Test func auctionKeeperSettingsAreValidated() {
        #expect(throws: Never.self) { try settings.validate() }
        var s = settings
        s.keeperAuctionRaise = 101
        #expect(throws: DomainError.validation(field: "keeperAuctionRaise", message: "A keeper's price rises $0–$100 for each year kept (not $101)")) {
            try s.validate()
        }
        s = settings
        s.draftType = .snake
        #expect(throws: DomainError.validation(field: "keeperCost", message: "An auction-priced keeper needs an auction draft — pick the auction draft, "
                                                 + "or keepers at a round's cost (keeperCost \"round\")")) { try s.validate() }
        s = settings
        s.rosterSlots = [.qb: 1, .rb: 2, .wr: 2, .te: 1, .bench: 2]
        s.keeperCount = 8
        #expect(throws: DomainError.validation(field: "keeperCount", message: "A team keeps fewer players than the 8 spots each team buys at auction (not 8)")) {
            try s.validate()
        }
        s = settings
        s.undraftedKeeperRound = 30
        #expect(throws: Never.self, "the undrafted round is a round's cost only") { try s.validate() }
        let stored = try? JSONDecoder().decode(LeagueSettings.self, from: Data(#"{"leagueType":"keeper"}"#.utf8))
        #expect(stored?.keeperAuctionRaise == 5, "a row stored before the setting reads its default")
    }

    /// Keepers are bought as the auction opens: sales before the first nomination, their prices out of the budgets, the
    /// first team still nominating first, and an undo never reaching them.
    @Test func keepersAreBoughtBeforeTheFirstNominationAndNeverUndone() throws {
        typealias F = AuctionFixtures
        var room = F.started(settings: AuctionSettings(budget: 20))
        let kept = room.placeKept([Keeper(team: F.T(2), player: "QB1", round: nil, price: 8, years: 1, order: 0),
                                   Keeper(team: F.T(2), player: "RB1", round: nil, price: 3, years: 2, order: 1)], now: F.t0)
        #expect(kept.map(\.number) == [1, 2] && kept.allSatisfy { $0.source == .keeper } && kept.map(\.price) == [8, 3])
        #expect(room.draft.currentPick == 3 && room.nominator == F.T(1))
        #expect(room.budgetLeft(of: F.T(2)) == 9 && room.openSpots(of: F.T(2)) == 1 && room.maxBid(of: F.T(2)) == 9)
        #expect(room.sales[1]?.nominatedBy == nil)
        #expect(throws: DomainError.conflict("QB1 was already sold")) { try room.nominate("QB1", bid: 1, team: F.T(1), by: .manager, now: F.t0) }
        #expect(throws: DomainError.conflict("No player has been sold — there is nothing to undo")) { try room.undoLastSale(now: F.t0) }
        try room.nominate("WR1", bid: 2, team: F.T(1), by: .manager, now: F.t0)
        _ = try room.tick(now: F.at(21), teams: [], queues: DraftQueues(), values: AuctionValues(rankings: room.pool, teams: 4, spots: 3, settings: room.settings))
        #expect(try room.undoLastSale(now: F.at(22)).number == 3)
        #expect(room.picks.map(\.number) == [1, 2], "the keepers' sales stay")
    }
}
